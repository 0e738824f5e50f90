"""The stored results of a sitting's deals: score rows, breakdowns and the seats' totals.

These rows are redundant (``scoring.sittings.models`` says why they are kept): each live deal's
result as the engine computed it. This module is the one place that writes them, always all
three together, so that a seat's totals stay the sums of its player's rows:

- :func:`add` stores the results of deals (their score rows and breakdowns) and adds them to the
  seats' totals, in place of others' for a correction;
- :func:`remove` takes deals' rows away and their scores off the seats' totals;
- both work out every seat's balance again (:func:`seat_cents`): its player's money at the
  sitting's own terms, which depends on every seat's points.
- :func:`rebuild` compares a whole sitting's rows with a fresh result, describes every row that
  differs and rebuilds them from nothing when any does.

Which copy answers which question: a deal's scores and its breakdown are read from its breakdown
(one row per deal, read whole by the sheet and the deal's page); sums over many deals (season
tables, running totals) from the score rows; a player's totals in a sitting from his seat.

Words: a **seat total** is what a seat keeps of its player's deals (:class:`SeatTotals`); a
**line** is one line of a breakdown as stored (:class:`StoredLine`).

Callers hold the sitting's write transaction and its lock (the services do).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

from django.db import connection

from scoring.club.models import Player
from scoring.engine import DealResult
from scoring.money import sitting_money
from scoring.sittings.models import Breakdown, DealRevision, ScoreRow, Seat, Sitting


@dataclass
class SeatTotals:
    """What a seat keeps of its player's live deals: his game points, the deals he lost as
    declarer and the deals he played (not sat out)."""

    points: int = 0
    declarer_losses: int = 0
    deals_played: int = 0

    FIELDS = ("points", "declarer_losses", "deals_played")
    """The seat's columns that hold them."""

    @classmethod
    def of_deal(cls, points: int, *, played: bool, declared: bool) -> SeatTotals:
        """One player's share of one deal. A deal is lost as declarer when its declarer scores
        less than nothing in it."""
        return cls(points, int(declared and points < 0), int(played))

    @classmethod
    def of_seat(cls, seat: Seat) -> SeatTotals:
        return cls(seat.points, seat.declarer_losses, seat.deals_played)

    def add(self, other: SeatTotals, sign: int = 1) -> None:
        """Add ``other`` to these totals (``sign`` −1: take it away)."""
        self.points += sign * other.points
        self.declarer_losses += sign * other.declarer_losses
        self.deals_played += sign * other.deals_played

    def onto(self, seat: Seat) -> None:
        """Add these totals to the seat's (not saved)."""
        seat.points += self.points
        seat.declarer_losses += self.declarer_losses
        seat.deals_played += self.deals_played

    def set_on(self, seat: Seat) -> None:
        """Make these the seat's totals (not saved)."""
        seat.points, seat.declarer_losses, seat.deals_played = self.points, self.declarer_losses, self.deals_played


class StoredLine(NamedTuple):
    """One line of a deal's breakdown as ``Breakdown.lines`` keeps it (a JSON object each).

    ``player`` is the player's index in the dealing order (``None`` for a pot's line), ``pot``
    the pot's key (empty for a player's line), ``reason`` the English text the ``score`` output
    gives, ``why`` the same reason as its template and values (``Reason.as_data``), for pages in
    other languages.
    """

    player: int | None
    pot: str
    points: int
    reason: str
    why: dict[str, Any]

    def record(self) -> dict[str, Any]:
        return self._asdict()

    @classmethod
    def of(cls, record: Mapping[str, Any]) -> StoredLine:
        return cls(record["player"], record["pot"], record["points"], record["reason"], record["why"])


def scores_of(lines: Sequence[StoredLine], names: Sequence[str]) -> dict[str, int]:
    """Each player's game points in a deal: the sum of his lines (the same as his score row)."""
    scores = dict.fromkeys(names, 0)
    for line in lines:
        if line.player is not None:
            scores[names[line.player]] += line.points
    return scores


def played_by(result: DealResult, name: str) -> bool:
    """Whether the player played the deal: it was played (not thrown in), and he did not sit it out."""
    return not result.thrown_in and name != result.sitting_out


def lines_of(result: DealResult, index_of: Mapping[str, int]) -> list[dict[str, Any]]:
    """A deal's breakdown as stored, each line a record (:class:`StoredLine`)."""
    assert result.breakdown is not None, "a stored result is scored with its breakdown"
    return [
        StoredLine(
            None if player is None else index_of[player], pot or "", points, str(reason), reason.as_data()
        ).record()
        for points, reason, player, pot in result.breakdown
    ]


def add(
    sitting: Sitting,
    deals: Sequence[DealRevision],
    results: Sequence[DealResult],
    players: Sequence[Player],
    seats: Sequence[Seat] | None = None,
    *,
    instead_of: Sequence[DealRevision] = (),
) -> None:
    """Store the engine's result of each live deal (its score rows, who played it, its breakdown
    and pots) and add it to the seats' totals (``seats`` as read under the sitting's lock, or read
    here). ``instead_of``: the deals whose stored results these replace (a correction and the
    deals it rescored), taken away first, so that the seats go at once from one whole sitting to
    the other (their balances are those of a whole sitting)."""
    seats = list(sitting.seats.all()) if seats is None else seats
    totals = _taken_away(instead_of, seats)
    by_name = {p.display_name: p for p in players}
    index_of = {p.display_name: index for index, p in enumerate(players)}
    rows, breakdowns = [], []
    for deal, result in zip(deals, results, strict=True):
        rows += [
            ScoreRow(
                revision=deal, sitting=sitting, player=by_name[name], points=points, played=played_by(result, name)
            )
            for name, points in result.scores.items()
        ]
        breakdowns.append(Breakdown(revision=deal, lines=lines_of(result, index_of), pots=result.pots))
    ScoreRow.objects.bulk_create(rows)
    Breakdown.objects.bulk_create(breakdowns)
    for player, total in totals_of(results, players).items():
        totals.setdefault(player, SeatTotals()).add(total)
    _change_seats(sitting, seats, totals)


def totals_of(results: Sequence[DealResult], players: Sequence[Player]) -> dict[int, SeatTotals]:
    """Each player's seat totals over these results, by player id."""
    totals = {player.pk: SeatTotals() for player in players}
    for result in results:
        for player in players:
            name = player.display_name
            share = SeatTotals.of_deal(
                result.scores.get(name, 0), played=played_by(result, name), declared=name == result.declarer
            )
            totals[player.pk].add(share)
    return totals


def remove(sitting: Sitting, deals: Sequence[DealRevision], seats: Sequence[Seat] | None = None) -> None:
    """Take the stored results of these deals of the sitting away (its last deals: what is left
    is a whole sitting), and their scores off the seats' totals (``seats``: as read under the
    sitting's lock, or read here)."""
    seats = list(sitting.seats.all()) if seats is None else seats
    _change_seats(sitting, seats, _taken_away(deals, seats))


def _taken_away(deals: Sequence[DealRevision], seats: Sequence[Seat]) -> dict[int, SeatTotals]:
    """Delete the stored results of these deals; what they had added to each player's seat
    totals, negated, by player id."""
    if not deals:
        return {}  # a new deal replaces nothing: no query
    ids = [deal.pk for deal in deals]
    declarers = {deal.pk: (deal.data or {}).get("declarer") for deal in deals}
    index_of = {seat.player_id: seat.index for seat in seats}
    totals: dict[int, SeatTotals] = {}
    rows = ScoreRow.objects.filter(revision_id__in=ids)
    for revision, player, points, played in rows.values_list("revision_id", "player_id", "points", "played"):
        share = SeatTotals.of_deal(points, played=played, declared=declarers[revision] == index_of[player])
        totals.setdefault(player, SeatTotals()).add(share, -1)
    rows.delete()
    Breakdown.objects.filter(revision_id__in=ids).delete()
    return totals


def seat_cents(sitting: Any, seats: Sequence[Any]) -> dict[int, int]:
    """Each seat's balance in cents, by seat number, at the sitting's own money terms: the money
    ``scoring.money.sitting_money`` makes of every seat's game points, what the pots hold being
    what the points do not sum to. ``sitting`` and ``seats`` may be a migration's models."""
    ordered = sorted(seats, key=lambda seat: seat.number)
    money = sitting_money(
        [(str(seat.number), seat.points) for seat in ordered],
        sitting.cents_per_point,
        pots_left=-sum(seat.points for seat in ordered),
        share_pots=sitting.share_pots,
        sheet_fee_cents=sitting.sheet_fee_cents,
    )
    return {seat.number: money.balances[str(seat.number)] for seat in ordered}


def with_cents(sitting: Any, seats: Sequence[Any]) -> Sequence[Any]:
    """The seats, each given its balance (``seat_cents``; not saved): for seats made with their
    totals, by the services before a deal and by migrations, benches and tests."""
    balances = seat_cents(sitting, seats)
    for seat in seats:
        seat.cents = balances[seat.number]
    return seats


def _change_seats(sitting: Sitting, seats: Sequence[Seat], changes: Mapping[int, SeatTotals]) -> None:
    """Add each player's change of totals to his seat, work every seat's balance out again (a
    change of one player's points moves the others' rounding and pot shares), and save the seats
    that changed.

    One statement sent once per seat (``executemany``): ``bulk_update`` builds a ``CASE`` per
    column and costs a sixth of a deal entry's CPU for four seats, this a fraction of a
    millisecond."""
    by_player = {seat.player_id: seat for seat in seats}
    for player, change in changes.items():
        change.onto(by_player[player])
    balances, changed = seat_cents(sitting, seats), []
    for seat in seats:
        if seat.player_id in changes or seat.cents != balances[seat.number]:
            seat.cents = balances[seat.number]
            changed.append(seat)
    quote = connection.ops.quote_name
    column = {field.name: field.column for field in Seat._meta.concrete_fields}
    fields = (*SeatTotals.FIELDS, "cents")
    columns = ", ".join(f"{quote(column[name])} = %s" for name in fields)
    statement = f"UPDATE {quote(Seat._meta.db_table)} SET {columns} WHERE {quote(column['id'])} = %s"
    rows = [(*(getattr(seat, name) for name in fields), seat.pk) for seat in changed]
    with connection.cursor() as cursor:
        cursor.executemany(statement, rows)


def rebuild(sitting: Sitting, live: Sequence[DealRevision], results: Sequence[DealResult]) -> list[str]:
    """Compare the sitting's stored rows with the engine's ``results`` of its ``live`` deals
    (with their breakdowns and score rows fetched); rebuild what differs from nothing, and
    describe every difference (in English, for the command line).

    The score rows (with who played), the breakdown as stored (the English text and the reasons
    kept for other languages), the pots, the deal count and the seats' totals are all compared.
    """
    players = sitting.seated_players()
    index_of = {p.display_name: index for index, p in enumerate(players)}
    differences = []
    names = [p.display_name for p in players]
    for deal, computed in zip(live, results, strict=True):
        where = f"sitting {sitting.pk} deal {deal.number}"
        rows = {row.player.display_name: row for row in deal.scores.all()}
        kept = [StoredLine.of(line) for line in deal.breakdown.lines]
        in_lines = scores_of(kept, names)
        wanted = lines_of(computed, index_of)
        for name, points in computed.scores.items():
            row = rows.get(name)
            for stored in {in_lines[name], row.points if row else None} - {points}:
                differences.append(f"{where}: {name} stored {stored}, computed {points}")
            if row is not None and row.points == points and row.played != played_by(computed, name):
                differences.append(f"{where}: {name} stored as {'playing' if row.played else 'sitting out'}")
        if deal.breakdown.pots != computed.pots:
            differences.append(f"{where}: pots stored {deal.breakdown.pots}, computed {computed.pots}")
        if [line[:4] for line in kept] != [StoredLine.of(line)[:4] for line in wanted]:
            differences.append(f"{where}: breakdown differs")
        elif deal.breakdown.lines != wanted:
            differences.append(f"{where}: reasons stored for translation differ")
    if differences:  # rebuilt from nothing: the stored rows are not to be trusted
        ScoreRow.objects.filter(revision__in=live).delete()
        Breakdown.objects.filter(revision__in=live).delete()
        Seat.objects.filter(sitting=sitting).update(**dict.fromkeys(SeatTotals.FIELDS, 0))
        add(sitting, live, results, players)
    if sitting.deal_count != len(live):
        differences.append(f"sitting {sitting.pk}: {sitting.deal_count} deals counted, {len(live)} live")
        Sitting.objects.filter(pk=sitting.pk).update(deal_count=len(live))
    thrown_in = sum(result.thrown_in for result in results)
    if sitting.thrown_in_count != thrown_in:
        differences.append(f"sitting {sitting.pk}: {sitting.thrown_in_count} deals counted thrown in, {thrown_in} are")
        Sitting.objects.filter(pk=sitting.pk).update(thrown_in_count=thrown_in)
    totals = totals_of(results, players)
    seats = list(sitting.seats.select_related("player"))
    wrong = set()
    for seat in seats:
        had, due = SeatTotals.of_seat(seat), totals[seat.player_id]
        if had != due:
            differences.append(
                f"sitting {sitting.pk}: {seat.player.display_name}'s totals (game points, lost as declarer, deals "
                f"played) stored {list(vars(had).values())}, computed {list(vars(due).values())}"
            )
            due.set_on(seat)
            wrong.add(seat.number)
    balances = seat_cents(sitting, seats)
    for seat in seats:
        due_cents = balances[seat.number]
        if seat.cents != due_cents:
            name = seat.player.display_name
            differences.append(f"sitting {sitting.pk}: {name}'s balance stored {seat.cents}, computed {due_cents}")
            seat.cents = due_cents
            wrong.add(seat.number)
    for seat in seats:
        if seat.number in wrong:
            seat.save(update_fields=[*SeatTotals.FIELDS, "cents"])
    return differences
