"""What a tournament's pages, JSON and exports read: standings and rounds, from the stored rows.

The services write; this module only reads, in a fixed number of queries whatever the size of the
tournament: the entrants, the rounds and the seats of every table with their totals (kept on the
seats by the services of sittings). The arithmetic of places and tiebreaks is the pure
``ranking`` module's.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, NamedTuple

from django.db.models import Count, QuerySet

from scoring.club.models import Player
from scoring.sittings.models import DealRevision, Seat
from scoring.tournaments.draw import Repeat, repeated_pairs, tables_bound
from scoring.tournaments.models import CLOSED, PUBLISHED, Round, RoundTable, Tournament
from scoring.tournaments.ranking import (
    AVERAGE,
    ByePoints,
    ClosedRound,
    Standing,
    TableResult,
)
from scoring.tournaments.ranking import Entrant as RankedEntrant
from scoring.tournaments.ranking import standings as rank


class Seated(NamedTuple):
    """One entrant at one table of a round: his seat, game points and deals lost as declarer, with
    the deals the table has played (thrown-in deals are not played) and whether it closed early."""

    round: int
    table: int
    seat: int
    start_number: int
    game_points: int
    declarer_losses: int
    table_played: int
    closed_early: bool

    def unplayed(self, state: str) -> bool | None:
        """Whether the table counts as not played in a round in ``state``: ``True`` when it played
        no deal and will play none (closed early, or its round closed), ``False`` while it may
        still play its first (it counts for nobody yet), ``None`` once it has played a deal."""
        if self.table_played:
            return None
        return state == CLOSED or self.closed_early


class Entered(NamedTuple):
    """An entrant as the standings and exports read him, with his player's name (a tuple: a
    big tournament's pages read hundreds)."""

    start_number: int
    state: str
    player_id: int
    display_name: str
    initials_only: bool


@dataclass(frozen=True)
class Field:
    """A tournament's entrants and rounds, read once for a page."""

    entrants: list[Entered]
    rounds: list[Round]

    def names(self, shown: Callable[[Entered], str]) -> dict[int, str]:
        """Each entrant's name as ``shown`` gives it, by start number."""
        return {e.start_number: shown(e) for e in self.entrants}


def field_of(tournament: Tournament) -> Field:
    """The entrants in start-number order and the rounds in order: two queries."""
    entrants = tournament.entrants.order_by("start_number").values_list(
        "start_number", "state", "player_id", "player__display_name", "player__initials_only"
    )
    return Field([Entered(*row) for row in entrants], list(tournament.rounds.order_by("number")))


def seats(tournament: Tournament, states: tuple[str, ...], field: Field | None = None) -> list[Seated]:
    """Every seat of every table of the rounds in these states with its totals: one query (and
    the field's two when it is not given)."""
    numbers = {e.player_id: e.start_number for e in (field or field_of(tournament)).entrants}
    rows = Seat.objects.filter(
        sitting__round_table__round__tournament=tournament, sitting__round_table__round__state__in=states
    ).values_list(
        "sitting__round_table__round__number",
        "sitting__round_table__number",
        "number",
        "player_id",
        "points",
        "declarer_losses",
        "sitting__deal_count",
        "sitting__thrown_in_count",
        "sitting__round_table__closed_early",
    )
    return [
        Seated(round_, table, seat, numbers[player], points, lost, deals - thrown_in, bool(early))
        for round_, table, seat, player, points, lost, deals, thrown_in, early in rows
    ]


def standings(tournament: Tournament, *, live: bool = False, field: Field | None = None) -> list[Standing]:
    """The standings after the closed rounds (``live``: the published round counted as it stands).

    A table counts only once it has played a deal: before, its players are waiting (0 points, no
    place, win or best round); closed with none, they missed the round (``Seated.unplayed``)."""
    field = field or field_of(tournament)
    states = (CLOSED, PUBLISHED) if live else (CLOSED,)
    state_of = {r.number: r.state for r in field.rounds}
    entrants = [RankedEntrant(e.start_number, e.start_number, e.display_name, e.state) for e in field.entrants]
    points: dict[int, dict[int, dict[int, int]]] = defaultdict(lambda: defaultdict(dict))
    lost: dict[int, dict[int, dict[int, int]]] = defaultdict(lambda: defaultdict(dict))
    waiting: dict[int, set[int]] = defaultdict(set)
    for seat in seats(tournament, states, field):
        unplayed = seat.unplayed(state_of[seat.round])
        if unplayed is False:
            waiting[seat.round].add(seat.start_number)
        if unplayed is not None:
            continue
        points[seat.round][seat.table][seat.start_number] = seat.game_points
        lost[seat.round][seat.table][seat.start_number] = seat.declarer_losses
    closed = [
        ClosedRound(
            [TableResult(points[r.number][t], lost[r.number][t]) for t in sorted(points[r.number])],
            frozenset(r.byes),
            frozenset(waiting[r.number]),
        )
        for r in field.rounds
        if r.state in states
    ]
    return rank(
        entrants,
        closed,
        scoring=tournament.scoring,
        tiebreaks=tournament.tiebreaks,
        bye_points=bye_points(tournament),
        missed_round_points=tournament.missed_round_points,
        lot_seed=tournament.seed,
    )


def held_back(tournament: Tournament, rounds: list[Round] | None = None) -> int | None:
    """The round being played while the director holds results back (``Tournament.hold_results``):
    until it closes, the room's screen, the table links and every reader but the director see no
    standings. ``None`` when results are not held. ``rounds``: the tournament's, when read already."""
    if not tournament.hold_results:
        return None
    found = rounds if rounds is not None else list(tournament.rounds.filter(state=PUBLISHED))
    return next((r.number for r in found if r.state == PUBLISHED), None)


def bye_points(tournament: Tournament) -> ByePoints:
    """What a bye scores: the tournament's points, or the entrant's average so far."""
    return AVERAGE if tournament.bye_average else tournament.bye_points


def standings_document(tournament: Tournament, lines: list[Standing]) -> dict[str, Any]:
    """``standings.json``: every entrant in order with his place, points and rounds."""
    return {
        "standings": [
            {
                "place": line.place,
                "name": line.entrant.name,
                "start_number": line.entrant.start_number,
                "state": line.state,
                "points": line.points,
                "game_points": line.game_points,
                "rounds": [score.points for score in line.rounds],
                "table_wins": line.table_wins,
                "best_round": line.best_round,
            }
            for line in lines
        ]
    }


@dataclass(frozen=True)
class TableView:
    """A table of a round as its page shows it: its players in seat order with their game points
    there, the deals entered of the deals due, how many of them wait for confirmation, and how
    many phones entered deals through the table's link (two phones at one table are for the
    director to look at: one may hold a deal it could not send)."""

    table: RoundTable
    players: list[Player]
    points: list[int]
    deals: int
    due: int
    waiting: int = 0
    phones: int = 0

    @property
    def confirmed(self) -> int:
        return self.table.sitting.deal_count - self.waiting

    @property
    def finished(self) -> bool:
        return self.deals >= self.due or bool(self.table.closed_early)

    @property
    def not_played(self) -> bool:
        """Played no deal and will play none (closed early, or its round closed): its players
        missed the round (``Seated.unplayed``)."""
        return not self.deals and (bool(self.table.closed_early) or self.table.round.state == CLOSED)


def round_tables(round_: Round) -> list[TableView]:
    """The round's tables with their players in seat order, deals entered of deals due, deals
    waiting for confirmation and phones that entered: four queries."""
    tables = round_.tables.select_related("sitting").order_by("number")
    seats: dict[int, list[Seat]] = defaultdict(list)
    for seat in Seat.objects.filter(sitting__round_table__round=round_).select_related("player").order_by("number"):
        seats[seat.sitting_id].append(seat)
    waiting = unconfirmed(round_)
    entered = DealRevision.objects.filter(sitting__round_table__round=round_).exclude(phone="")
    phones = dict(
        entered.values_list("sitting__round_table__number").annotate(phones=Count("phone", distinct=True)).order_by()
    )
    return [
        TableView(
            table,
            [seat.player for seat in seats[table.sitting_id]],
            [seat.points for seat in seats[table.sitting_id]],
            table.sitting.played_count,
            table.sitting.deals_due or 0,
            waiting.get(table.number, 0),
            phones.get(table.number, 0),
        )
        for table in tables
    ]


def _waiting(rows: QuerySet[DealRevision]) -> QuerySet[DealRevision]:
    return rows.filter(live=True, confirmed_at__isnull=True)


def unconfirmed(round_: Round) -> dict[int, int]:
    """The deals of the round that wait for confirmation, counted by table number (tables with
    none left out): one query."""
    rows = _waiting(DealRevision.objects.filter(sitting__round_table__round=round_))
    counted = rows.values_list("sitting__round_table__number").annotate(deals=Count("pk")).order_by()
    return dict(counted)


def unconfirmed_in(tournament: Tournament) -> int:
    """How many deals of the tournament's rounds wait for confirmation: the standings count them
    while live, and say so."""
    return _waiting(DealRevision.objects.filter(sitting__round_table__round__tournament=tournament)).count()


def removable_entrants(tournament: Tournament) -> set[int]:
    """The entrants (by id) that no drawn round seats or gives a bye: entered by mistake, they
    may be removed (``services.remove_entrant``); the others only withdraw. Three queries."""
    seated = set(
        Seat.objects.filter(sitting__round_table__round__tournament=tournament).values_list("player_id", flat=True)
    )
    byes = {number for numbers in tournament.rounds.values_list("byes", flat=True) for number in numbers}
    entrants = tournament.entrants.values_list("pk", "player_id", "start_number")
    return {pk for pk, player, number in entrants if player not in seated and number not in byes}


def seating(round_: Round) -> list[tuple[int, ...]]:
    """A round's tables as start numbers in seat order (seat 1 deals first): two queries, however
    many tables (a draw reads every round's, under the club's write lock too)."""
    by_player = dict(round_.tournament.entrants.values_list("player_id", "start_number"))
    tables: dict[int, list[int]] = defaultdict(list)
    seated = Seat.objects.filter(sitting__round_table__round=round_).order_by("sitting__round_table__number", "number")
    for table, player in seated.values_list("sitting__round_table__number", "player_id"):
        tables[table].append(by_player[player])
    return [tuple(tables[number]) for number in sorted(tables)]


def repeats(tournament: Tournament, upto: Round) -> tuple[list[Repeat], int]:
    """The repeated pairs of the rounds up to this one (with the round where they met before), and
    the lower bound the draw could not beat for that many rounds."""
    rounds = list(tournament.rounds.filter(number__lte=upto.number).order_by("number"))
    played = [tuple(seating(r)) for r in rounds]
    sizes = [len(table) for table in played[-1]] if played else []
    present = sum(sizes) + len(upto.byes)
    return repeated_pairs(played), tables_bound(present, sizes, len(played)) if sizes else 0
