"""Tournament standings: the closed rounds' table results in, places out.

Words (those of the tournament page and ``docs/tournament-standings.md``):

- **game points**: an entrant's result at a table, the sum of his score rows there.
- **placement points**: points by place at the table, ranked by game points: the i-th place
  (0-based) at a table of n is worth (n − 1) − 2·i, i.e. +3, +1, −1, −3 at a table of 4,
  +2, 0, −2 at 3 and +1, −1 at 2. Entrants tied at a table share the average of the places
  they cover, which is always a whole number (k consecutive places of an arithmetic sequence
  with step 2 average to the first of them minus k − 1).
- **scoring**: how a round at a table becomes **tournament points**: ``game_points`` (the game
  points themselves) or ``placement`` (the placement points).
- **table win**: first at the table by game points; every one of a shared first counts one.
- **bye**: a round the draw left an entrant out of (Kosakeln with an odd count); it scores the
  tournament's ``bye_points``: a whole number, or ``"average"`` (the entrant's average tournament
  points over the rounds seated in before it, half away from zero).
- **missed round**: any other round an entrant sat at no table (entered late, withdrawn), or sat
  at a table that played no deal and will play none (a table closed early, or a closed round's
  table, with no deal played: a table counts only once it has a deal); it scores
  ``missed_round_points``.
- **waiting**: seated in a round still being played at a table that has played no deal yet: the
  round gives him 0 points for now, and no place at the table, no table win, no best round.
- **tiebreak**: what orders entrants equal on tournament points, an ordered list of names from
  :data:`TIEBREAKS`; ``lot``, if listed, is last and leaves no tie.
- **lot**: a seeded draw over the start numbers: the same seed always orders the same two
  entrants the same way, whoever else entered.

Pure Python like the engine: no Django, no I/O, integers only (one ``Fraction`` for an average).
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Final, Literal, NamedTuple, TypeAlias

from scoring.engine.reasons import Reason, _, why

SCORINGS = ("game_points", "placement")
TIEBREAKS = (
    "game_points",
    "placement_points",
    "table_wins",
    "best_round",
    "round_results",
    "fewest_declarer_losses",
    "lot",
)
DEFAULT_TIEBREAKS = ("table_wins", "best_round", "lot")
STATES = ("active", "withdrawn", "disqualified")

SEATED, BYE, MISSED, WAITING = "seated", "bye", "missed", "waiting"
"""The kinds of a :class:`RoundScore`."""

AVERAGE: Final = "average"
ByePoints: TypeAlias = int | Literal["average"]

NO_DECLARER = _("fewest_declarer_losses exists only where one declarer plays against the others")


# --- inputs ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Entrant:
    """One entrant. ``id`` keys the table results; ``start_number`` orders the struck-off
    entrants and feeds the lot; ``state`` is one of :data:`STATES`."""

    id: int
    start_number: int
    name: str
    state: str = "active"


@dataclass(frozen=True)
class TableResult:
    """One table of a closed round: each seated entrant's game points there, by entrant id, and
    how many deals each lost as declarer (an entrant not listed lost none).

    Every entrant who sat at the table is in ``results``, a disqualified one too: the others'
    places at the table were played against him and stay as they were.
    """

    results: Mapping[int, int]
    declarer_losses: Mapping[int, int] = field(default_factory=dict)


@dataclass(frozen=True)
class ClosedRound:
    """One counted round: its tables that played a deal, the entrants the draw gave a bye, and
    (in a round still being played) the entrants at a table that has played no deal yet. An
    entrant in none of them missed the round; so did the players of a table that played no deal
    and will play none, which the caller leaves out of ``tables``."""

    tables: Sequence[TableResult]
    byes: frozenset[int] = frozenset()
    waiting: frozenset[int] = frozenset()


# --- outputs --------------------------------------------------------------------------------


class RoundScore(NamedTuple):
    """What one counted round gave one entrant: ``kind`` is ``seated``, ``bye``, ``missed`` or
    ``waiting``; ``points`` its tournament points; ``game_points`` those of the table (0 when not
    seated). A tuple: the standings make one per entrant and round."""

    kind: str
    points: int
    game_points: int = 0


@dataclass(frozen=True)
class Standing:
    """One line of the standings. ``place`` is ``None`` for a disqualified entrant; ``rounds``
    has one entry per closed round, in order; ``best_round`` is ``None`` for an entrant never
    seated. Totals other than ``points`` count the rounds seated in only."""

    place: int | None
    entrant: Entrant
    state: str
    points: int
    game_points: int
    rounds: tuple[RoundScore, ...]
    table_wins: int
    best_round: int | None
    placement_points: int
    declarer_losses: int


# --- one table ------------------------------------------------------------------------------


def placement_points(results: Mapping[int, int]) -> dict[int, int]:
    """Each entrant's placement points at a table, from the game points in ``results``.

    The i-th place of n is worth (n − 1) − 2·i; tied entrants share the average of their places.
    """
    n = len(results)
    places: dict[int, list[int]] = {}
    for place, game_points in enumerate(sorted(results.values(), reverse=True)):
        places.setdefault(game_points, []).append(n - 1 - 2 * place)
    share = {}
    for game_points, worth in places.items():
        total, k = sum(worth), len(worth)
        assert total % k == 0, f"placement points {total} do not share among {k}"
        share[game_points] = total // k
    return {entrant: share[game_points] for entrant, game_points in results.items()}


def table_winners(results: Mapping[int, int]) -> set[int]:
    """The entrants first at the table by game points; a shared first is a win for each."""
    if not results:
        return set()
    top = max(results.values())
    return {entrant for entrant, game_points in results.items() if game_points == top}


# --- the director's choices -----------------------------------------------------------------


def tiebreak_problems(tiebreaks: Sequence[str], declarer_game: bool) -> list[Reason]:
    """Why a list of tiebreaks is refused (empty when it is fine). ``declarer_game`` says whether
    the variant has one declarer against the others (Droggn, Kosakeln, Dreiertarock)."""
    problems = []
    seen: set[str] = set()
    for name in tiebreaks:
        if name not in TIEBREAKS:
            said = _("unknown tiebreak {name}; choose from {tiebreaks}")
            problems.append(why(said, name=repr(name), tiebreaks=", ".join(TIEBREAKS)))
        elif name in seen:
            problems.append(why(_("{name} is listed twice"), name=name))
        seen.add(name)
    if "lot" in tiebreaks and tiebreaks[-1] != "lot":
        problems.append(why(_("lot must be the last tiebreak: it leaves no tie for any after it")))
    if "fewest_declarer_losses" in tiebreaks and not declarer_game:
        problems.append(why(NO_DECLARER))
    return problems


def lot_order(start_numbers: Iterable[int], lot_seed: int) -> list[int]:
    """The start numbers in the order the lot ranks them, best first.

    Each start number draws its own number from the seed, so two entrants keep their order
    under the lot when others enter or are struck off, and on every Python version.
    """
    return sorted(set(start_numbers), key=lambda number: (_lot_draw(lot_seed, number), number))


def _lot_draw(lot_seed: int, start_number: int) -> int:
    digest = hashlib.sha256(f"tarokclub lot {lot_seed} {start_number}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


def round_half_away_from_zero(value: Fraction) -> int:
    """``value`` to the nearest whole number, halves away from zero (2.5 → 3, −2.5 → −3)."""
    whole = int(abs(value) + Fraction(1, 2))
    return whole if value >= 0 else -whole


# --- the standings --------------------------------------------------------------------------


class _Seat(NamedTuple):
    """One entrant at one table of one round (a tuple: the standings make one per seat)."""

    points: int
    game_points: int
    placement_points: int
    won: bool
    declarer_losses: int


def standings(
    entrants: Sequence[Entrant],
    rounds: Sequence[ClosedRound],
    *,
    scoring: str = "game_points",
    tiebreaks: Sequence[str] = DEFAULT_TIEBREAKS,
    bye_points: ByePoints = 0,
    missed_round_points: int = 0,
    lot_seed: int,
) -> list[Standing]:
    """The standings after the closed ``rounds``, best first, disqualified entrants last.

    Entrants are ordered by tournament points, then by each of ``tiebreaks`` in turn; those equal
    on all of them share a place (1, 2, 2, 4). Withdrawn entrants are ranked like the others;
    disqualified ones get no place and follow in start-number order. ``lot_seed`` is the
    tournament's stored seed, so the lot never changes on reload.

    Input that contradicts itself (an unknown entrant, one seated twice in a round, an unknown
    scoring or tiebreak) raises ``ValueError``: the site checks the director's choices first with
    :func:`tiebreak_problems`, so reaching it here is a bug.
    """
    _check(entrants, rounds, scoring, tiebreaks, bye_points)
    seats = [_seats(closed, scoring) for closed in rounds]
    lines = [_line(entrant, rounds, seats, bye_points, missed_round_points) for entrant in entrants]
    lot = {number: i for i, number in enumerate(lot_order((e.start_number for e in entrants), lot_seed))}

    # entrants sharing a place are listed by start number, whatever order they came in
    keyed = sorted(
        (
            (_sort_key(line, tiebreaks, lot[line.entrant.start_number]), line)
            for line in lines
            if line.state != "disqualified"
        ),
        key=lambda pair: (pair[0], pair[1].entrant.start_number),
    )
    ranked: list[Standing] = []
    previous: tuple[int, ...] | None = None
    place = 0
    for i, (key, line) in enumerate(keyed):
        if key != previous:
            place, previous = i + 1, key
        ranked.append(replace(line, place=place))
    struck = [line for line in lines if line.state == "disqualified"]
    return ranked + sorted(struck, key=lambda line: line.entrant.start_number)


def _check(
    entrants: Sequence[Entrant],
    rounds: Sequence[ClosedRound],
    scoring: str,
    tiebreaks: Sequence[str],
    bye_points: ByePoints,
) -> None:
    if scoring not in SCORINGS:
        raise ValueError(f"unknown scoring {scoring!r}")
    problems = tiebreak_problems(tiebreaks, declarer_game=True)
    if problems:
        raise ValueError("; ".join(map(str, problems)))
    if not isinstance(bye_points, int) and bye_points != AVERAGE:
        raise ValueError(f"bye_points is a whole number or {AVERAGE!r}, not {bye_points!r}")
    ids = {entrant.id for entrant in entrants}
    if len(ids) != len(entrants) or len({e.start_number for e in entrants}) != len(entrants):
        raise ValueError("entrant ids and start numbers must be unique")
    for entrant in entrants:
        if entrant.state not in STATES:
            raise ValueError(f"entrant {entrant.start_number}: unknown state {entrant.state!r}")
    for number, closed in enumerate(rounds, start=1):
        present = [*closed.byes, *closed.waiting]
        for table in closed.tables:
            if not table.results:
                raise ValueError(f"round {number}: a table without entrants")
            if not set(table.declarer_losses) <= set(table.results):
                raise ValueError(f"round {number}: declarer losses of an entrant not at the table")
            present.extend(table.results)
        if len(set(present)) != len(present):
            raise ValueError(f"round {number}: an entrant is seated twice, or seated and on a bye or waiting")
        if not set(present) <= ids:
            raise ValueError(f"round {number}: entrants {sorted(set(present) - ids)} are not entrants")


def _seats(closed: ClosedRound, scoring: str) -> dict[int, _Seat]:
    """Every seated entrant's result in one round, by entrant id."""
    seats: dict[int, _Seat] = {}
    for table in closed.tables:
        placement = placement_points(table.results)
        winners = table_winners(table.results)
        for entrant, game_points in table.results.items():
            seats[entrant] = _Seat(
                points=game_points if scoring == "game_points" else placement[entrant],
                game_points=game_points,
                placement_points=placement[entrant],
                won=entrant in winners,
                declarer_losses=table.declarer_losses.get(entrant, 0),
            )
    return seats


def _line(
    entrant: Entrant,
    rounds: Sequence[ClosedRound],
    seats: Sequence[Mapping[int, _Seat]],
    bye_points: ByePoints,
    missed_round_points: int,
) -> Standing:
    """One entrant's standing without a place yet."""
    scores: list[RoundScore] = []
    seated: list[_Seat] = []
    points = game_points = wins = placement = losses = 0
    for closed, round_seats in zip(rounds, seats, strict=True):
        seat = round_seats.get(entrant.id)
        if seat is not None:
            score = RoundScore(SEATED, seat.points, seat.game_points)
            seated.append(seat)
            game_points += seat.game_points
            wins += seat.won
            placement += seat.placement_points
            losses += seat.declarer_losses
        elif entrant.id in closed.byes:
            score = RoundScore(BYE, _bye(bye_points, seated))
        elif entrant.id in closed.waiting:
            score = RoundScore(WAITING, 0)
        else:
            score = RoundScore(MISSED, missed_round_points)
        scores.append(score)
        points += score.points
    return Standing(
        place=None,
        entrant=entrant,
        state=entrant.state,
        points=points,
        game_points=game_points,
        rounds=tuple(scores),
        table_wins=wins,
        best_round=max((seat.points for seat in seated), default=None),
        placement_points=placement,
        declarer_losses=losses,
    )


def _bye(bye_points: ByePoints, seated_before: Sequence[_Seat]) -> int:
    if isinstance(bye_points, int):
        return bye_points
    if not seated_before:
        return 0
    return round_half_away_from_zero(Fraction(sum(seat.points for seat in seated_before), len(seated_before)))


def _sort_key(line: Standing, tiebreaks: Sequence[str], lot_position: int) -> tuple[int, ...]:
    """Ascending is better: tournament points, then each tiebreak in turn.

    Flat, so that equal keys mean equal on everything; ``round_results`` may be spread out in
    place because every entrant has one result per closed round.
    """
    key = [-line.points]
    for name in tiebreaks:
        if name == "game_points":
            key.append(-line.game_points)
        elif name == "placement_points":
            key.append(-line.placement_points)
        elif name == "table_wins":
            key.append(-line.table_wins)
        elif name == "best_round":
            # never seated ranks below any best round
            key.extend((1, 0) if line.best_round is None else (0, -line.best_round))
        elif name == "round_results":
            key.extend(-points for points in sorted((score.points for score in line.rounds), reverse=True))
        elif name == "fewest_declarer_losses":
            key.append(line.declarer_losses)
        elif name == "lot":
            key.append(lot_position)
    return tuple(key)
