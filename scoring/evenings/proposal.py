"""Tonight's tables: the seating a club's evening is proposed, and how honest it is about repeats.

Words:

- **player**: a checked-in player, by an integer id (the site passes player ids).
- **past round**: the tables of one round played this season in the game (a club evening's
  sittings, a tournament's round), each table its players in seat order, with its day.
- **repeat**: a pair seated at one table tonight who have sat at one table this season before.
- **group**: players the club wants seated apart (a couple who came together and want to play
  apart) or together.

What a proposal aims for, in this order: each group placed as the club chose, as few repeats as
possible, and among plans with equal repeats the one whose repeated pairs met longest ago. The
tournaments' draw (``draw_round``) does the hard part (fewest repeats, groups apart); this module
then brings the "together" groups together and, by swaps that never add a repeat, moves repeats
to pairs who met longer ago. The seats rotate over the season as in a tournament (who deals
first, and at tables of 4 who sits out). Every step is seeded and bounded by counts, never by
time: the same check-ins, history and seed give the same tables.

Pure Python, no Django.
"""

from __future__ import annotations

import datetime
import itertools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from scoring.engine.reasons import _, by_count
from scoring.engine.refusal import Refusal
from scoring.tournaments.draw import Round, Table, draw_round, fewest_pairs
from scoring.tournaments.seats import rotate_seats

# A swap's worth, lexicographically: a group placed against the club's wish outweighs any number
# of repeats, a repeat outweighs any recency.
W_GROUP = 10**12
W_REPEAT = 10**6

# How often the swap pass goes over all pairs of players at most (it stops at the first pass
# that improves nothing; 40 players need two or three).
MOST_PASSES = 20

FEWEST = {2: 2, 3: 3, 4: 3}
"""The fewest players a game's tables can seat, by its smallest table size."""


@dataclass(frozen=True)
class PastRound:
    """One round of the season as it was played: its day and tables (players in seat order)."""

    day: datetime.date
    tables: Round


@dataclass(frozen=True)
class Group:
    """Players the club seats apart (``together`` false) or at one table."""

    name: str
    members: frozenset[int]
    together: bool


@dataclass(frozen=True)
class PairRepeat:
    """Players ``a`` < ``b`` sit together tonight again: at ``times`` of the ``of`` evenings both
    played this season, the last on ``last``."""

    a: int
    b: int
    times: int
    of: int
    last: datetime.date


@dataclass(frozen=True)
class Proposal:
    """Tonight's tables in seat order, and who has a bye."""

    tables: Round
    byes: tuple[int, ...]


class Season:
    """The season's past rounds read once: who met whom, how often, on which evenings."""

    def __init__(self, rounds: Sequence[PastRound]) -> None:
        self.rounds = list(rounds)
        self.met_days: dict[tuple[int, int], set[datetime.date]] = {}
        self.last_round: dict[tuple[int, int], int] = {}
        self.days_played: dict[int, set[datetime.date]] = {}
        for k, round_ in enumerate(self.rounds):
            for table in round_.tables:
                for p in table:
                    self.days_played.setdefault(p, set()).add(round_.day)
                for pair in itertools.combinations(sorted(table), 2):
                    self.met_days.setdefault(pair, set()).add(round_.day)
                    self.last_round[pair] = k

    @property
    def history(self) -> list[Round]:
        """The rounds as the draw takes them."""
        return [round_.tables for round_ in self.rounds]

    def repeats(self, tables: Sequence[Table]) -> list[PairRepeat]:
        """Every pair at ``tables`` who sat together this season, the most frequent first."""
        found = []
        for table in tables:
            for a, b in itertools.combinations(sorted(table), 2):
                days = self.met_days.get((a, b))
                if days:
                    both = self.days_played[a] & self.days_played[b]
                    found.append(PairRepeat(a, b, len(days), len(both), max(days)))
        return sorted(found, key=lambda r: (-r.times, -r.last.toordinal(), r.a, r.b))

    def fewest_repeats(self, tables: Sequence[Table]) -> int:
        """The fewest repeats any seating of the players at ``tables`` at tables of the same sizes
        can have after this season (the round's own tables, so that a swap, or a preferred size
        changed after the round started, is measured against what is on the page), the larger of
        two bounds:

        - counting: a player at a table of s meets s − 1 others, and only those he has not met
          yet are new; each repeat is counted by both players, so the sum is halved (rounded up);
        - pigeonhole: the players of one past table (those here tonight) share tonight's tables
          at best evenly, and the pairs that puts together repeat; one past round's tables hold
          different pairs, so their counts add up (the best past round counts).
        """
        sizes = [len(table) for table in tables]
        if not sizes:
            return 0
        here = {p for table in tables for p in table}
        smallest = min(sizes)
        need = 0
        for p in here:
            new = sum(1 for q in here if q != p and (min(p, q), max(p, q)) not in self.met_days)
            need += max(0, smallest - 1 - new)
        counting = -(-need // 2)
        pigeonhole = max(
            (
                sum(fewest_pairs(len(here.intersection(t)), sizes) for t in round_.tables)
                for round_ in self.rounds
                if _seats_each_once(round_.tables)
            ),
            default=0,
        )
        return max(counting, pigeonhole)


def _seats_each_once(tables: Round) -> bool:
    """Whether nobody sits at two of the tables (a day of two sittings may seat a player twice,
    and then two tables can hold the same pair)."""
    seated = [p for table in tables for p in table]
    return len(seated) == len(set(seated))


def table_sizes(allowed: Sequence[int], preferred: int | None) -> tuple[int, ...]:
    """A game's table sizes with the club's preferred one first (3 or 4; Kosakeln has only 2)."""
    sizes = tuple(allowed)
    if preferred in sizes:
        return (preferred, *(s for s in sizes if s != preferred))
    return sizes


def fewest_players(sizes: Sequence[int]) -> int:
    return FEWEST[min(sizes)]


def propose(
    players: Sequence[int],
    sizes: Sequence[int],
    *,
    seed: int,
    season: Season,
    groups: Sequence[Group] = (),
    byes: Mapping[int, int] | None = None,
) -> Proposal:
    """Tonight's tables for ``players`` after the ``season``; a :class:`Refusal` when too few came.

    ``byes`` counts the byes each player had this season (so that the next goes to one with
    fewest); ``groups`` are placed apart or together as each says, while the tables allow it.
    """
    present = sorted(set(players))
    if len(present) < fewest_players(sizes):
        raise too_few(len(present), sizes)
    apart = {p: g.name for g in groups if not g.together for p in g.members if p in present}
    drawn = draw_round(present, sizes, seed=seed, history=season.history, groups=apart, byes=byes, allow_byes=True)
    tables = [list(table) for table in drawn]
    present_groups = [g for g in groups if len(g.members & set(present)) > 1]
    _improve(tables, season, present_groups)
    seated = rotate_seats([tables], season.history)[0]
    on_tables = {p for table in seated for p in table}
    return Proposal(seated, tuple(p for p in present if p not in on_tables))


def too_few(count: int, sizes: Sequence[int]) -> Refusal:
    said = by_count(
        count,
        _("{count} player is checked in: tables need at least {fewest}"),
        _("{count} players are checked in: tables need at least {fewest}"),
    )
    return Refusal.because(said, field="players", count=count, fewest=fewest_players(sizes))


def placed(group: Group, tables: Sequence[Table]) -> bool:
    """Whether the group's players who have a seat sit as the club chose."""
    homes = [i for i, table in enumerate(tables) for p in table if p in group.members]
    if group.together:
        return len(set(homes)) <= 1
    return len(set(homes)) == len(homes)


def swapped(tables: Sequence[Table], a: int, b: int) -> Round:
    """The tables with players ``a`` and ``b`` in each other's seat."""
    change = {a: b, b: a}
    return tuple(tuple(change.get(p, p) for p in table) for table in tables)


def _improve(tables: list[list[int]], season: Season, groups: Sequence[Group]) -> None:
    """Swap players between tables while a swap places a group as chosen, or removes a repeat,
    or moves a repeat to a pair who met longer ago, never making any of these worse."""
    weights: dict[tuple[int, int], int] = {}
    for g in groups:
        for pair in itertools.combinations(sorted(g.members), 2):
            weights[pair] = weights.get(pair, 0) + (-W_GROUP if g.together else W_GROUP)
    for pair, k in season.last_round.items():
        weights[pair] = weights.get(pair, 0) + W_REPEAT + k + 1

    def cost(table: Sequence[int]) -> int:
        return sum(weights.get((a, b), 0) for a, b in itertools.combinations(sorted(table), 2))

    for _pass in range(MOST_PASSES):
        better = False
        for i, j in itertools.combinations(range(len(tables)), 2):
            for x, y in itertools.product(range(len(tables[i])), range(len(tables[j]))):
                one, two = tables[i], tables[j]
                before = cost(one) + cost(two)
                one[x], two[y] = two[y], one[x]
                if cost(one) + cost(two) < before:
                    better = True
                else:
                    one[x], two[y] = two[y], one[x]
        if not better:
            return
