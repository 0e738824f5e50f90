"""The tournament draw: who sits at which table in which seat, round by round or for a whole plan.

Words:

- **entrant**: a player of the tournament, by an integer id (the site passes start numbers).
- **layout**: the table sizes of a round, the preferred size as often as possible.
- **table**: a tuple of entrant ids in seat order; seat 1 deals first. A **round** is a tuple of
  tables; an entrant of the tournament seated in none of them has a **bye** (Kosakeln with an
  odd count) or missed the round.
- **history**: the rounds actually played before, as they were played (they may seat entrants who
  have since withdrawn and miss those who entered late).
- **repeat**: a pair at one table who met at a table before; ``count_repeats`` counts, over all
  pairs, the meetings beyond the first.
- **group**: entrants who should not play each other (a family, a team), by a common name.

What the draw aims for, in this order: byes fairly spread (at tables of 2 with an odd count
nobody has a second bye before everybody present had one), as few repeats as possible, group
members apart, and in seeded rounds each entrant at most one table from the ranking's table.
Then seats: the first dealer and the other seats rotate, so nobody deals first more than
⌈r/s⌉ + 1 times in r rounds (s: the smallest table size).

``draw_plan`` makes all rounds at once, which avoids repeats a round-by-round draw cannot (16
entrants at tables of 4 for 5 rounds). Where design theory knows a repeat-free plan for the
count and size (see ``designs``), the plan starts from it. Everything is seeded
(``random.Random(seed)``) and bounded by step budgets, never by time, so the same input gives
the same draw on every machine. ``docs/draw.md`` tells the whole story.

Pure Python, no Django.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from .designs import Design, find_design, proved_limits
from .layout import SIZES, check_sizes, layout
from .search import W_BYE, W_GROUP, W_REPEAT, Costs, Search, pair_cost
from .seats import Round, Table, order_for_byes, rotate_seats

# Step budgets of the search, in candidate swaps looked at: a step looks at the n entrants of a
# round and costs about as much as 15 more (some 1.2 µs each on a slow machine), so a round that
# cannot reach its bound stops after about half a second and a plan after about four.
ROUND_WORK = 500_000
PLAN_WORK = 3_000_000


# --- repeats and bounds ---------------------------------------------------------------------


@dataclass(frozen=True)
class Repeat:
    """Entrants ``a`` < ``b`` meet again in round ``round`` (0-based), having met last in ``before``."""

    a: int
    b: int
    round: int
    before: int


def repeated_pairs(rounds: Sequence[Round]) -> list[Repeat]:
    """Every meeting of a pair beyond their first, in round order, with the round they met last."""
    last: dict[tuple[int, int], int] = {}
    found = []
    for k, round_ in enumerate(rounds):
        for table in round_:
            for a, b in itertools.combinations(sorted(table), 2):
                if (a, b) in last:
                    found.append(Repeat(a, b, k, last[a, b]))
                last[a, b] = k
    return found


def count_repeats(rounds: Sequence[Round]) -> int:
    """Over all pairs, the meetings beyond the first."""
    return len(repeated_pairs(rounds))


def fewest_pairs(people: int, boxes: Sequence[int]) -> int:
    """The fewest pairs sharing a box when ``people`` go into boxes of the given sizes (spread evenly)."""
    filled = [0] * len(boxes)
    pairs = 0
    for _ in range(people):
        free = [i for i, size in enumerate(boxes) if filled[i] < size]
        if not free:
            break
        i = min(free, key=lambda i: filled[i])
        pairs += filled[i]
        filled[i] += 1
    return pairs


def _forced(tables: Sequence[int], before: Sequence[int]) -> int:
    """Pairs of a round that must have sat together in the round before, whose tables were ``before``.

    Each bye of the round before is a table of 1 there.
    """
    return sum(fewest_pairs(size, before) for size in tables)


def _round_layout(n: int, table_sizes: Sequence[int], byes: bool) -> list[int]:
    """``table_sizes`` read as a round's tables when they seat n (or n − 1 at tables of 2), else as allowed sizes."""
    sizes = list(table_sizes)
    if sizes and set(sizes) <= set(SIZES) and (sum(sizes) == n or (set(sizes) == {2} and sum(sizes) == n - 1)):
        return sizes
    return layout(n, table_sizes, byes)


def lower_bound(n: int, table_sizes: Sequence[int], rounds: int, byes: bool = False) -> int:
    """The fewest repeats any plan of ``rounds`` rounds for n entrants can have.

    ``table_sizes`` are the allowed sizes, preferred first (as for ``layout``, with ``byes``
    allowed at tables of 3 or 4 or not), or the sizes of one round's tables that seat them all
    (:func:`tables_bound` takes a round's tables with byes).

    - counting: an entrant at a table of s meets s − 1 others, and only n − 1 are new; an entrant
      meeting m others in all repeats at least m − (n − 1) times. The meetings of a plan are fixed
      by the layout; spread as evenly as possible over the entrants (each one's best case: for
      mixed sizes, everyone at the larger tables equally often) they give the fewest, and every
      repeat is counted by both entrants, so the sum is halved and rounded up;
    - pigeonhole: with fewer tables (and byes) than seats at a table, each table of a later round
      seats two who sat together in the round before (12 at three tables of 4: 3 a round);
    - proved limits: a small field whose repeat-free limit L an exhaustive search proved
      (``repeat_free``) repeats at least once for each round past L (12 at tables of 3: L = 4).
    """
    return tables_bound(n, _round_layout(n, table_sizes, byes), rounds)


def tables_bound(n: int, tables: Sequence[int], rounds: int) -> int:
    """The fewest repeats any plan of ``rounds`` rounds can have whose rounds seat n entrants at
    ``tables`` (the rest having byes): the bounds of :func:`lower_bound`."""
    if rounds <= 0:
        return 0
    byes = n - sum(tables)
    meetings = rounds * sum(s * (s - 1) for s in tables)
    each, more = divmod(meetings, n)
    counting = more * max(0, each + 1 - (n - 1)) + (n - more) * max(0, each - (n - 1))
    pigeonhole = (rounds - 1) * _forced(tables, [*tables, *[1] * byes])
    proved = proved_limits().get((n, tables[0])) if not byes and len(set(tables)) == 1 else None
    past_the_limit = rounds - proved if proved is not None else 0
    return max(-(-counting // 2), pigeonhole, past_the_limit)


# --- from ids to the search and back --------------------------------------------------------


@dataclass
class _Setup:
    """The entrants numbered 0 … n − 1 (ids in ascending order) and what the history left."""

    ids: list[int]
    costs: Costs
    depth: int
    last_boxes: list[int] | None


def _setup(
    entrants: Sequence[int],
    history: Sequence[Round],
    groups: Mapping[int, str] | None,
    byes: Mapping[int, int] | None,
) -> _Setup:
    ids = sorted(entrants)
    for a, b in itertools.pairwise(ids):
        if a == b:
            raise ValueError(f"entrant {a} is listed twice")
    index = {e: i for i, e in enumerate(ids)}
    n = len(ids)
    met = [[0] * n for _ in range(n)]
    missed = [0] * n
    ever: set[int] = set()
    for round_ in history:
        seated = set()
        for table in round_:
            present = [index[e] for e in table if e in index]
            seated.update(present)
            for a, b in itertools.combinations(present, 2):
                met[a][b] += 1
                met[b][a] += 1
        ever |= seated
        for x in range(n):
            if x not in seated:
                missed[x] += 1
    had = [byes.get(e, 0) for e in ids] if byes is not None else [missed[x] if x in ever else 0 for x in range(n)]
    names = groups or {}
    counts: dict[str, int] = {}
    for e in ids:
        if e in names:
            counts[names[e]] = counts.get(names[e], 0) + 1
    numbers = {g: i for i, g in enumerate(sorted(g for g, c in counts.items() if c > 1))}
    group = [numbers.get(names[e], -1) if e in names else -1 for e in ids]
    last_boxes = None
    if history:
        last = [[index[e] for e in table if e in index] for table in history[-1]]
        on_tables = sum(len(t) for t in last)
        last_boxes = [len(t) for t in last if t] + [1] * (n - on_tables)
    return _Setup(ids, Costs(met, group, had), len(history), last_boxes)


def _fewest_byes(had: Sequence[int], rounds: int, per_round: int) -> int:
    """The least Σ byes² the entrants can end with: each new bye to whoever has the fewest."""
    counts = list(had)
    given = [0] * len(counts)
    for _ in range(rounds * per_round):
        i = min((i for i in range(len(counts)) if given[i] < rounds), key=lambda i: counts[i], default=None)
        if i is None:
            break
        counts[i] += 1
        given[i] += 1
    return sum(c * c for c in counts)


def _target(setup: _Setup, tables: list[int], byes: int, rounds: int, repeats: int) -> int:
    """The cost a draw cannot beat: the history's, the fewest byes², ``repeats`` new repeats and forced group pairs."""
    costs = setup.costs
    n = costs.n
    target = sum(pair_cost(costs.met[a][b]) for a in range(n) for b in range(a + 1, n))
    target += W_BYE * _fewest_byes(costs.byes, rounds, byes)
    boxes = [*tables, *[1] * byes]
    sizes: dict[int, int] = {}
    for g in costs.group:
        if g >= 0:
            sizes[g] = sizes.get(g, 0) + 1
    target += W_GROUP * rounds * sum(fewest_pairs(size, boxes) for size in sizes.values())
    return target + W_REPEAT * repeats


def _next_round_target(
    search: Search, setup: _Setup, tables: list[int], byes: int, before: Sequence[int] | None
) -> int:
    """The cost a round about to be filled cannot beat, given the rounds seated so far."""
    target = search.cost + (W_REPEAT * _forced(tables, before) if before else 0)
    fewest = sorted(search.bye_count)[:byes]
    target += W_BYE * sum(2 * c + 1 for c in fewest)
    boxes = [*tables, *[1] * byes]
    members = [setup.costs.group.count(g) for g in set(setup.costs.group) if g >= 0]
    return target + W_GROUP * sum(fewest_pairs(size, boxes) for size in members)


def _steps(work: int, n: int) -> int:
    return max(200, work // (n + 15))


def _as_rounds(setup: _Setup, search: Search, tables: int) -> list[list[list[int]]]:
    """The search's free rounds as tables of ids (bye slots left out)."""
    return [[[setup.ids[x] for x in slot] for slot in round_[:tables]] for round_ in search.slots]


# --- the draw -------------------------------------------------------------------------------


def draw_round(
    entrants: Sequence[int],
    sizes: Sequence[int],
    *,
    seed: int,
    history: Sequence[Round] = (),
    groups: Mapping[int, str] | None = None,
    ranking: Sequence[int] | None = None,
    byes: Mapping[int, int] | None = None,
    allow_byes: bool = False,
) -> Round:
    """One round for ``entrants`` after the rounds ``history`` (as they were played).

    ``groups`` names each entrant's group (entrants of one group are kept apart while possible);
    ``byes`` how many byes each had before (default: counted from the history, see below);
    ``ranking`` lists entrants best first for a seeded round: the best at table 1, the next at
    table 2, …; an entrant may sit one table up or down from that when it avoids a repeat (or a
    group pair), never further. Entrants missing from the ranking come after it, by id.

    Without ``byes``, an entrant has had a bye in each history round they sat in no table of,
    unless they sat in no table of any (a late entrant yet to play: no byes). The site knows who
    entered late and passes ``byes``; the history alone cannot tell a missed round from a bye.
    ``allow_byes`` lets entrants the tables of 3 or 4 cannot seat have a bye (``layout``).
    """
    setup = _setup(entrants, history, groups, byes)
    tables = layout(len(setup.ids), sizes, allow_byes)
    bye_slots = len(setup.ids) - sum(tables)
    rng = random.Random(seed)
    n = len(setup.ids)
    if ranking is None:
        search = Search(setup.costs, tables, bye_slots, 1, rng, setup.depth)
        search.fill(0)
    else:
        order = _rank_order(setup.ids, ranking)
        costs = Costs(setup.costs.met, setup.costs.group, setup.costs.byes, _homes(order, tables))
        search = Search(costs, tables, bye_slots, 1, rng, setup.depth)
        search.load(0, _seeded_slots(costs, order, tables, bye_slots))
    forced = _forced(tables, setup.last_boxes) if setup.last_boxes else 0
    search.improve([0], _steps(ROUND_WORK, n), _target(setup, tables, bye_slots, 1, forced))
    return rotate_seats(_as_rounds(setup, search, len(tables)), history)[0]


def _rank_order(ids: Sequence[int], ranking: Sequence[int]) -> list[int]:
    """The entrants (by number) best first: the ranking's, then those it misses by id."""
    number = {e: i for i, e in enumerate(ids)}
    ranked = [number[e] for e in dict.fromkeys(ranking) if e in number]
    return ranked + sorted(set(range(len(ids))) - set(ranked))


def _homes(order: Sequence[int], tables: Sequence[int]) -> list[int]:
    """Each entrant's table (0-based) when the entrants sit strictly in ``order``."""
    table_of_seat = [t for t, size in enumerate(tables) for _ in range(size)]
    homes = [0] * len(order)
    for place, x in enumerate(order):
        homes[x] = table_of_seat[min(place, len(table_of_seat) - 1)]
    return homes


def _seeded_slots(costs: Costs, order: Sequence[int], tables: Sequence[int], bye_slots: int) -> list[list[int]]:
    """A seeded round's first seating: byes to those with fewest (the lowest ranked first), the rest by rank."""
    place = {x: i for i, x in enumerate(order)}
    on_bye = sorted(order, key=lambda x: (costs.byes[x], -place[x]))[:bye_slots]
    rest = [x for x in order if x not in on_bye]
    slots, start = [], 0
    for size in tables:
        slots.append(rest[start : start + size])
        start += size
    return slots + [[x] for x in on_bye]


def draw_plan(
    entrants: Sequence[int],
    rounds: int,
    sizes: Sequence[int],
    *,
    seed: int,
    history: Sequence[Round] = (),
    groups: Mapping[int, str] | None = None,
    byes: Mapping[int, int] | None = None,
    allow_byes: bool = False,
) -> list[Round]:
    """All ``rounds`` rounds at once for ``entrants`` after ``history`` (see ``draw_round``).

    Without history, where a design fits the count and table size (Kirkman's 15 at tables of 3,
    16 at tables of 4, round robins at tables of 2, …) the plan is the design with the entrants
    placed on it by the seed; otherwise each round is drawn in turn and then all are improved
    together.
    """
    setup = _setup(entrants, history, groups, byes)
    n = len(setup.ids)
    tables = layout(n, sizes, allow_byes)
    bye_slots = n - sum(tables)
    if rounds <= 0:
        return []
    rng = random.Random(seed)
    search = Search(setup.costs, tables, bye_slots, rounds, rng, setup.depth)
    design = _design(setup, tables, history, rounds)
    if design is not None:
        _load_design(search, design, rng)
        if any(g >= 0 for g in setup.costs.group):
            search.relabel(_steps(ROUND_WORK, n * rounds))
    else:
        for k in range(rounds):
            before = setup.last_boxes if k == 0 else [*tables, *[1] * bye_slots]
            target = _next_round_target(search, setup, tables, bye_slots, before)
            search.fill(k)
            search.improve([k], _steps(min(ROUND_WORK // 4, PLAN_WORK // (2 * rounds)), n), target)
    if history:
        forced = (_forced(tables, setup.last_boxes) if setup.last_boxes else 0) + (rounds - 1) * _forced(
            tables, [*tables, *[1] * bye_slots]
        )
    else:
        forced = tables_bound(n, tables, rounds)
    search.improve(range(rounds), _steps(PLAN_WORK, n), _target(setup, tables, bye_slots, rounds, forced))
    plan = _as_rounds(setup, search, len(tables))
    if bye_slots:
        plan = order_for_byes(plan, setup.ids, dict(zip(setup.ids, setup.costs.byes, strict=True)))
    return rotate_seats(plan, history)


def _design(setup: _Setup, tables: Sequence[int], history: Sequence[Round], rounds: int) -> Design | None:
    """The design to start from, if one fits: same count and one table size, nothing played yet
    (a plan of exactly ``rounds`` whose repeats are forced, where one is shipped)."""
    if history or len(set(tables)) != 1 or len(set(setup.costs.byes)) > 1:
        return None
    return find_design(len(setup.ids), tables[0], rounds)


def _load_design(search: Search, design: Design, rng: random.Random) -> None:
    """Place the entrants on the design's points by the seed; more rounds than it has repeat it."""
    points = list(range(design.points))
    rng.shuffle(points)
    classes = list(design.classes)
    rng.shuffle(classes)
    for k in range(search.rounds):
        blocks = [[points[p] for p in block] for block in classes[k % len(classes)]]
        seated = {x for block in blocks for x in block}
        search.load(k, blocks + [[x] for x in range(search.n) if x not in seated])


__all__ = [
    "Repeat",
    "Round",
    "Table",
    "check_sizes",
    "count_repeats",
    "draw_plan",
    "draw_round",
    "fewest_pairs",
    "layout",
    "lower_bound",
    "repeated_pairs",
    "tables_bound",
]
