"""What pages, JSON and exports read about sittings: documents and results from the stored rows.

The services write; this module only reads. Results come from the stored rows (``ScoreRow`` and
``Breakdown``), never from rescoring, so a page costs the same however the rules are written.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django.db.models import Prefetch, QuerySet

from scoring.club.models import Club, LedgerSettings
from scoring.club.names import EVERY_NAME, Names
from scoring.engine.base import Doubt
from scoring.engine.reasons import Reason, _, why
from scoring.money import KASSE, SittingMoney, Transfer, kasse_name, places_among_equals, sitting_money, transfers
from scoring.sittings.documents import deal_by_name
from scoring.sittings.models import Seat, Sitting
from scoring.sittings.stored import StoredLine, scores_of


def sittings_of(club: Club) -> QuerySet[Sitting]:
    """The club's sittings, a tournament's tables among them, with their players and, for a
    table, its round and tournament (the table's reverse name, as ``Sitting.in_tournament`` reads
    it), in few queries whatever the club's size: the deal count is kept on the sitting, and each
    sitting's club is the one asked about (no join). Who may list which is
    ``scoring.access.sittings_for_user``'s to decide."""
    return club.sittings.select_related("round_table__round__tournament").prefetch_related(
        Prefetch("seats", queryset=Seat.objects.select_related("player").order_by("number"))
    )


def sitting_document(
    sitting: Sitting, deals: Sequence[dict[str, Any]] | None = None, names: Sequence[str] | None = None
) -> dict[str, Any]:
    """The sitting in the sitting format (players by name); its live deals unless given.

    ``import_sitting`` reads it back: the export of an import exports the same.
    """
    names = names or sitting.seated_names()
    if deals is None:
        deals = [deal_by_name(d.inputs, sitting.rules, names) for d in sitting.live_deals()]
    return {
        "variant": sitting.variant,
        "players": list(names),
        "options": dict(sitting.options),
        "date": sitting.date.isoformat(),
        "deals": list(deals),
    }


def next_dealer(sitting: Sitting) -> tuple[str, str | None]:
    """Who deals next and who then sits out, by the rotation of the dealing order.

    The deal passes to the next seat after the last dealer, but after a deal thrown in the same
    dealer deals again (the form proposes it; the scorekeeper may change it, as some clubs pass
    the deal on); who sits out at a table of four is the variant's rule (the dealer, or in Danish
    Tarok the player opposite him).
    """
    _number, dealer, out = deals_ahead(sitting, 1)[0]
    return dealer, out


def out_of_turn(sitting: Sitting, deal: Mapping[str, Any]) -> list[Doubt]:
    """A next deal (players by name) whose dealer breaks the rotation, or whose sitter-out is not
    the one the form proposed: held for a second look, never refused (a club may pass the deal on,
    or a deal is missing from the sheet). After a deal thrown in, the same dealer and the next
    are both in turn; the first deal's dealer is the table's choice."""
    last = sitting.live_deals().last()
    names = sitting.seated_names()
    dealer = deal.get("dealer")
    if last is None or dealer not in names:
        return []
    number, before = last.number + 1, last.inputs["dealer"]
    in_turn = [names[(before + 1) % len(names)]]
    if last.inputs.get("thrown_in"):
        in_turn.insert(0, names[before])
    found = []
    if dealer not in in_turn:
        said = _("{dealer} deals deal {number}, but by the rotation {expected} does: is a deal missing?")
        found.append(Doubt(number, "dealer", why(said, dealer=dealer, number=number, expected=" / ".join(in_turn))))
    out, proposed = deal.get("sitting_out"), sitting.rules.who_sits_out(names, dealer)
    if out and proposed and out != proposed:
        said = _("{player} sits deal {number} out, but by the rotation {expected} does: is that right?")
        found.append(Doubt(number, "sitting_out", why(said, player=out, number=number, expected=proposed)))
    return found


def deals_ahead(sitting: Sitting, count: int, reader: Names = EVERY_NAME) -> list[tuple[int, str, str | None]]:
    """The next ``count`` deals as a score sheet lists them: number, dealer and who sits out
    (named as ``reader`` sees them)."""
    names = reader.listed(sitting.seated_players())
    last = sitting.live_deals().last()
    if last is None:
        number, dealer = 1, 0
    else:
        again = bool(last.inputs.get("thrown_in"))
        number, dealer = last.number + 1, (last.inputs["dealer"] + (0 if again else 1)) % len(names)
    ahead = []
    for n in range(number, number + count):
        ahead.append((n, names[dealer], sitting.rules.who_sits_out(names, names[dealer])))
        dealer = (dealer + 1) % len(names)
    return ahead


@dataclass(frozen=True)
class StoredDeal:
    """A live deal as the sheet reads it: inputs' dealer, its revision, breakdown and pots."""

    number: int
    revision: int
    dealer: int
    sitting_out: int | None
    lines: list[StoredLine]
    pots: dict[str, int]
    thrown_in: bool = False
    waiting: bool = False
    """Whether the deal counts but waits for another player's confirmation."""
    mismatches: int = 0
    """How often a figure typed to confirm it did not match."""

    @property
    def corrected(self) -> bool:
        return self.revision > 1

    def scores(self, names: Sequence[str]) -> dict[str, int]:
        return scores_of(self.lines, names)


def stored_deals(sitting: Sitting, first: int = 1, last: int | None = None) -> list[StoredDeal]:
    """The live deals (from deal ``first`` to ``last``, all by default) with their breakdowns, in
    order, read in one query: a correction or a take-back committing meanwhile is seen whole or
    not at all."""
    rows = sitting.live_deals().filter(number__gte=first).select_related("breakdown")
    if last is not None:
        rows = rows.filter(number__lte=last)
    return [
        StoredDeal(
            row.number,
            row.revision,
            row.inputs["dealer"],
            row.inputs.get("sitting_out"),
            [StoredLine.of(line) for line in row.breakdown.lines],
            row.breakdown.pots,
            bool(row.inputs.get("thrown_in")),
            row.waiting,
            row.mismatches,
        )
        for row in rows
    ]


def stored_result(
    sitting: Sitting,
    translate: Callable[[str], str] | None = None,
    deals: Sequence[StoredDeal] | None = None,
    reader: Names = EVERY_NAME,
) -> dict[str, Any]:
    """The ``score`` output document of a sitting, built from the stored rows (no rescoring).

    With ``translate`` (``gettext``), the breakdown's reasons are in the page's language; players
    are named as ``reader`` sees them, in the reasons too.
    """
    names = reader.listed(sitting.seated_players())
    deals = stored_deals(sitting) if deals is None else deals
    pot_names = list(sitting.rules.pots)
    out_deals = []
    for deal in deals:
        entry: dict[str, Any] = {"number": deal.number, "scores": deal.scores(names)}
        if deal.thrown_in:
            entry["thrown_in"] = True
        entry["lines"] = named_lines(deal.lines, names, translate, reader.renamed)
        if pot_names:
            entry["pots"] = {p: deal.pots.get(p, 0) for p in pot_names}
        out_deals.append(entry)
    doc: dict[str, Any] = {
        "variant": sitting.variant,
        "players": names,
        "deals": out_deals,
        "totals": {n: sum(d["scores"][n] for d in out_deals) for n in names},
    }
    if pot_names:
        doc["pots"] = out_deals[-1]["pots"] if out_deals else dict.fromkeys(pot_names, 0)
    return doc


def named_lines(
    lines: Sequence[StoredLine],
    names: Sequence[str],
    translate: Callable[[str], str] | None = None,
    renamed: Mapping[str, str] | None = None,
) -> list[dict[str, object]]:
    """Stored breakdown lines as the ``score`` output writes them, players by name; with
    ``translate``, each reason in the language it gives; with ``renamed``, the players a reason
    names by their names there (``Names.renamed``: initials for a reader who is no member)."""

    def reason(line: StoredLine) -> str:
        if translate is None and not renamed:
            return line.reason  # the English text as stored
        return Reason.from_data(_renamed(line.why, renamed or {})).render(translate or str)

    return [
        {
            **({"player": names[line.player]} if line.player is not None else {"pot": line.pot}),
            "points": line.points,
            "reason": reason(line),
        }
        for line in lines
    ]


def _renamed(data: Mapping[str, Any], renamed: Mapping[str, str]) -> dict[str, Any]:
    """A stored reason (``Reason.as_data``) whose values that are player names are renamed, in
    the reasons inside it too."""
    values: dict[str, Any] = {}
    for key, value in data["a"].items():
        if isinstance(value, str):
            values[key] = renamed.get(value, value)
        elif isinstance(value, dict) and "t" in value:
            values[key] = _renamed(value, renamed)
        else:
            values[key] = value
    return {"t": data["t"], "a": values}


# --- money ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class SheetMoney:
    """The money of the sitting a sheet shows: each player's game points and balance in seat
    order, the money with the Kasse's part, who pays whom, and the club's currency."""

    seats: list[tuple[str, int, int]]
    money: SittingMoney
    kasse: str
    transfers: list[Transfer]
    currency: str


def sheet_money(
    sitting: Sitting, result: Mapping[str, Any], player_ids: Mapping[str, int], kasse: str = KASSE
) -> SheetMoney:
    """The money of a sitting from what its sheet already read (``stored_result``: players in
    seat order, totals, pots; ``player_ids``: each one's id, for who pays whom), at the
    sitting's own terms; reads only the club's currency."""
    names = result["players"]
    money = sitting_money(
        [(name, result["totals"][name]) for name in names],
        sitting.cents_per_point,
        pots_left=sum(result.get("pots", {}).values()),
        share_pots=sitting.share_pots,
        sheet_fee_cents=sitting.sheet_fee_cents,
    )
    name = kasse_name(names, kasse)
    seats = [(player, result["totals"][player], money.balances[player]) for player in names]
    owed = transfers(money.parties(name), places_among_equals(player_ids, name))
    return SheetMoney(seats, money, name, owed, LedgerSettings.of(sitting.club).currency)
