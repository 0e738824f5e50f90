"""Resolvable designs developed from base blocks, and the seeded search that finds the blocks.

The known repeat-free plans past the finite fields (Kirkman and nearly Kirkman triple systems,
resolvable designs with blocks of 4, and their cousins that leave out a small group per player)
all have the same shape when built by the *method of differences*:

- **frame**: the points are pairs (x, level) with x in Z_m and ``levels`` levels, plus a few
  **fixed points** (∞₁, ∞₂, …) that turning leaves alone. Turning by t adds t to every x.
- **base class**: blocks that split all the points; turned by 0 … m − 1 it gives m rounds (a
  class that a half turn keeps gives m / 2: ``Frame.turns``).
- **transversal**: a block with one point on each level and no fixed point; turned by 0 … m − 1
  its m copies split the finite points, so they make one round by themselves.
- **difference** of two finite points (x, a) and (y, b): the triple (a, b, y − x). Turning keeps
  differences, so two points meet once over the turns of a block for each difference the
  block holds. A design meets every pair once when its blocks hold every difference once,
  each fixed point shares a block with one point of each level, and no block holds two fixed
  points.
- **group**: pairs meant never to meet (a nearly Kirkman system leaves each player one other
  out): their differences are the frame's **left-out** differences, held by no block.

Each family below says, for every count of its congruence class, which frame to use; the search
looks for blocks that hold each difference once. It is a depth-first search over the points in a
seeded order, or for frames marked ``exact`` an exact cover (``cover``: the Kirkman frames over
Z_n/3 × 3 levels, where the depth-first search gave up on 33 and 45), that starts again with the
next seed after a fixed number of steps, so what it finds depends on the seed alone, never on
the machine. Where it gives up, ``orbits`` searches the same frame exactly for a base class that
a symmetry of the frame keeps (the frame's ``symmetry``; its twin without one comes first), or,
for frames marked ``exact``, the seeded exact cover takes a block with its images under the
symmetry as one row (32 at tables of 4, two classes). A frame may also hold a few differences
``twice``, for a plan whose repeats are forced (24 at tables of 4 over 8 rounds). The
project ships what the searches found as data (``design_bases.json``), which
``python manage.py designs --check`` regenerates and compares.

Pure Python, no Django.
"""

from __future__ import annotations

import itertools
import math
import random
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from .cover import OutOfSteps, exact_cover
from .orbits import Symmetry, multiplier_of_order_3, symmetric_base_class

# Steps of one attempt before the search starts again with the next seed, and attempts in all.
ATTEMPT_STEPS = 1_000_000
ATTEMPTS = 20
# Rows an exact-cover attempt tries (each costs far more than a depth-first step: it counts the
# open rows of every column still to cover).
COVER_STEPS = 30_000

Point = tuple[int, int]  # (x, level), or (i, -1) for fixed point i


@dataclass(frozen=True)
class Frame:
    """Where base blocks live, and what they must cover.

    ``developed`` says how many base classes (each turned into m rounds) are wanted; with more
    than one, each fixed point meets some levels in one class and the others in another.
    ``transversals`` is how many transversal blocks (one round each) are wanted. ``left_out``
    lists the differences no block may hold, each as (a, b, d) with its reverse (b, a, −d) implied.
    ``exact`` frames are searched as an exact cover (``cover``) instead of depth first.
    ``symmetry``, where given, is a map of the frame the base class must keep (``orbits``, or the
    exact cover's orbits of blocks); ``twice`` the differences held twice.
    """

    family: str
    m: int
    levels: int
    fixed: int
    size: int
    developed: int
    transversals: int
    left_out: frozenset[tuple[int, int, int]] = frozenset()
    exact: bool = False
    symmetry: Symmetry | None = None
    twice: frozenset[tuple[int, int, int]] = frozenset()
    """Differences the blocks hold twice, each as (a, b, d) with a < b: their pairs meet twice.
    A frame with such differences gives a plan with repeats where they are forced (24 at tables
    of 4 over 8 rounds), never a design."""

    @property
    def points(self) -> int:
        return self.m * self.levels + self.fixed

    @property
    def turns(self) -> int:
        """The rounds each base class gives: its turns by 0 … m − 1, or, where its symmetry turns
        x (the class is kept by x → x + t), the turns before it comes round again."""
        turn = self.symmetry.turn if self.symmetry is not None else 0
        return math.gcd(turn, self.m) if turn else self.m

    @property
    def rounds(self) -> int:
        return self.turns * self.developed + self.transversals

    def number(self, point: Point) -> int:
        """A point's number in the design: x + m · level, the fixed points after the others."""
        x, level = point
        return self.m * self.levels + x if level < 0 else x + self.m * level


@dataclass(frozen=True)
class Bases:
    """What the search found for a frame: the base classes' blocks (one class after the other) and
    the transversals, by point number."""

    frame: Frame
    seed: int
    base_class: tuple[tuple[int, ...], ...]
    transversals: tuple[tuple[int, ...], ...]

    def classes(self) -> tuple[tuple[tuple[int, ...], ...], ...]:
        """The design's rounds: each base class turned by 0 … m − 1 (or its ``turns``), then each
        transversal's turns."""
        per = self.frame.points // self.frame.size
        base = [self.base_class[i : i + per] for i in range(0, len(self.base_class), per)]
        turned = tuple(tuple(self.turn(b, t) for b in blocks) for blocks in base for t in range(self.frame.turns))
        return turned + tuple(tuple(self.turn(b, t) for t in range(self.frame.m)) for b in self.transversals)

    def meeting_twice(self) -> frozenset[tuple[int, int]]:
        """The pairs of points the frame's ``twice`` differences make meet twice, by number."""
        f = self.frame
        pairs = (sorted((f.number((x, a)), f.number(((x + d) % f.m, b)))) for a, b, d in f.twice for x in range(f.m))
        return frozenset((p, q) for p, q in pairs)

    def turn(self, block: tuple[int, ...], t: int) -> tuple[int, ...]:
        m, finite = self.frame.m, self.frame.m * self.frame.levels
        return tuple(sorted(p if p >= finite else p - p % m + (p % m + t) % m for p in block))


# --- the families --------------------------------------------------------------------------


def _pure(levels: int, d: int) -> frozenset[tuple[int, int, int]]:
    return frozenset((a, a, d) for a in range(levels))


def _mixed(levels: int, d: int) -> frozenset[tuple[int, int, int]]:
    return frozenset((a, b, d) for a in range(levels) for b in range(levels) if a != b)


def _stacked(levels: int, every: int) -> frozenset[tuple[int, int, int]]:
    """The groups {(x, a), (x, a + every), (x, a + 2·every), …}: difference 0 between those levels."""
    return frozenset((a, b, 0) for a in range(levels) for b in range(levels) if a != b and (a - b) % every == 0)


PAIRS_KEPT = Symmetry(2, levels=(3, 2, 4, 0, 5, 1), fixed=(1, 0))
"""A map of Z_m × 6 levels + ∞₁, ∞₂ whose groups are the level pairs {0, 3}, {1, 4}, {2, 5}
(``_stacked(6, 3)``): x → 2x, the levels as (0 3)(1 2 4 5), which keeps the pairs, and the two
fixed points swapped. Of the maps that double x, move the levels and keep the pairs, it is one
of the few a survey of them found a base class for at 32 (a C search, 119 maps, to the end or
to 200,000 steps each); the project's own exact cover finds its classes after a few dozen rows."""


MATCHING_TWICE = Frame(
    "plan of blocks of 4 meeting a perfect matching twice",
    6,
    4,
    0,
    4,
    2,
    2,
    exact=True,
    symmetry=Symmetry(1, turn=3),
    twice=frozenset({(0, 1, 0), (2, 3, 4)}),
)
"""24 at tables of 4 over 8 rounds: everyone meets everyone and each player one other twice, the
fewest repeats the count allows (12). Z_6 × 4 levels: two base classes kept by the half turn
x → x + 3, so each gives 3 rounds, and two transversals, one round each; every difference held
once but (0, 1, 0) and (2, 3, 4), held twice, whose pairs (x, 0), (x, 1) and (x, 2), (x + 4, 3)
are the matching. Found by a SAT search of the plans that Z_6 keeps, then as this exact cover;
it is the only count where such a plan has n / 4 + 2 = n / 3 rounds."""


def frames(points: int, size: int) -> list[Frame]:
    """The frames that may give a resolvable design of ``points`` at blocks of ``size``, best first.

    Blocks of 3: Kirkman triple systems (every pair once) where points ≡ 3 (mod 6), nearly
    Kirkman ones (each point misses one other) where points ≡ 0 (mod 6). Blocks of 4: resolvable
    2-designs where points ≡ 4 (mod 12); designs missing a group of 3 per point (≡ 0 mod 12) or
    of 2 (≡ 8 mod 12); and where points = 4q for q prime to 6, q rounds of transversals.

    Where the one-class frame of a family has no solution (nearly Kirkman on 18 over Z_8), a
    frame with a smaller Z_m, more levels and two or three base classes may: 18 over Z_4 × 4
    levels, 32 over Z_5 × 6, 48 over Z_5 × 9. Where the seeded search gives up on a frame, the
    same frame asked for a base class that a symmetry keeps may have one (``orbits``): at blocks
    of 4 a multiplier of order 3 where Z_m has one (40 over Z_13), and turning the three levels
    with the three fixed points where points ≡ 0 (mod 12) (36 over Z_11, 48 over Z_15). Frames of
    equal rounds keep this order: the seeded frame first, then its symmetric twin.
    """
    v, found = points, []
    if size == 3 and v % 6 == 3:
        if (v - 1) // 2 % 2:
            found.append(Frame("Kirkman triple system", (v - 1) // 2, 2, 1, 3, 1, 0))
        else:
            found.append(Frame("Kirkman triple system", v // 3, 3, 0, 3, 1, (v - 3) // 6, exact=True))
    if size == 3 and v % 6 == 0 and v >= 6:
        m = (v - 2) // 2
        left = _pure(2, m // 2) if m % 2 == 0 else _mixed(2, 0)
        found.append(Frame("nearly Kirkman triple system", m, 2, 2, 3, 1, 0, left))
        if m % 2 == 0 and m // 2 % 2 == 0:
            found.append(Frame("nearly Kirkman triple system", m // 2, 4, 2, 3, 2, 0, _pure(4, m // 4)))
    if size == 4 and v % 12 == 4:
        m = (v - 1) // 3
        found.append(Frame("resolvable design of blocks of 4", m, 3, 1, 4, 1, 0))
        if (mu := multiplier_of_order_3(m)) is not None:
            found.append(Frame("resolvable design of blocks of 4", m, 3, 1, 4, 1, 0, symmetry=Symmetry(mu, 0)))
    if size == 4 and v % 12 == 0:
        family, m = "resolvable design of blocks of 4 missing groups of 3", (v - 3) // 3
        found.append(Frame(family, m, 3, 3, 4, 1, 0, _mixed(3, 0)))
        found.append(Frame(family, m, 3, 3, 4, 1, 0, _mixed(3, 0), symmetry=Symmetry(1, 1)))
        if (v - 3) % 9 == 0 and v > 12:
            m = (v - 3) // 9
            found.append(
                Frame("resolvable design of blocks of 4 missing groups of 3", m, 9, 3, 4, 3, 0, _stacked(9, 3))
            )
    if size == 4 and v % 12 == 8:
        m = (v - 2) // 3
        found.append(Frame("resolvable design of blocks of 4 missing pairs", m, 3, 2, 4, 1, 0, _pure(3, m // 2)))
        if m % 2 == 0 and v > 20:
            family, groups = "resolvable design of blocks of 4 missing pairs", _stacked(6, 3)
            found.append(Frame(family, m // 2, 6, 2, 4, 2, 0, groups))
            if m // 2 % 2:
                found.append(Frame(family, m // 2, 6, 2, 4, 2, 0, groups, exact=True, symmetry=PAIRS_KEPT))
    if size == 4 and v == 24:
        found.append(MATCHING_TWICE)
    if size == 4 and v % 4 == 0 and (v // 4) % 2 and (v // 4) % 3:
        q = v // 4
        every_pure = frozenset((a, a, d) for a in range(4) for d in range(1, q))
        found.append(Frame("resolvable transversal design", q, 4, 0, 4, 0, q, every_pure))
    return sorted(found, key=lambda f: (bool(f.twice), -f.rounds))


def find_bases(frame: Frame, first_seed: int = 0) -> Bases | None:
    """Base blocks for the frame, from the first seed (counting up) whose search finds them.

    A frame with a symmetry that is not marked ``exact`` is searched over its orbits instead
    (``orbits``), which has no seed: 0.
    """
    if frame.symmetry is not None and not frame.exact:
        symmetric = symmetric_base_class(frame)
        return None if symmetric is None else _numbered(frame, 0, symmetric, [])
    for seed in range(first_seed, first_seed + ATTEMPTS):
        rng = random.Random(seed)
        found = (_Cover(frame, rng) if frame.exact else _Attempt(frame, rng)).run()
        if found is not None:
            return _numbered(frame, seed, *found)
    return None


def _numbered(frame: Frame, seed: int, base_class: list[list[Point]], transversals: list[list[Point]]) -> Bases:
    """The blocks found, by point number."""
    return Bases(
        frame,
        seed,
        tuple(tuple(sorted(frame.number(p) for p in b)) for b in base_class),
        tuple(tuple(sorted(frame.number(p) for p in b)) for b in transversals),
    )


class _OutOfSteps(Exception):
    pass


class _Attempt:
    """One seeded depth-first search: the transversals first, then the base class point by point.

    Each step adds one point to a block when none of its differences with the block's points is
    held yet; the next block starts at the first free point in a seeded order.
    """

    def __init__(self, frame: Frame, rng: random.Random) -> None:
        self.frame = frame
        self.rng = rng
        self.steps = 0
        self.held: set[tuple[int, int, int]] = set(frame.left_out)
        self.held |= {(b, a, -d % frame.m) for a, b, d in frame.left_out}
        finite = [(x, a) for a in range(frame.levels) for x in range(frame.m)]
        rng.shuffle(finite)
        self.order = finite
        self.free = set(finite)

    def run(self) -> tuple[list[list[Point]], list[list[Point]]] | None:
        try:
            return next(self._transversals([]), None)
        except _OutOfSteps:
            return None

    # Each generator yields complete solutions and undoes its own changes when resumed.

    def _transversals(self, chosen: list[list[Point]]) -> Iterator[tuple[list[list[Point]], list[list[Point]]]]:
        f = self.frame
        if len(chosen) == f.transversals:
            if f.developed:
                yield from ((base, list(chosen)) for base in self._base_class([]))
            else:
                yield [], list(chosen)
            return
        # A transversal may start at (0, 0): turning it changes nothing.
        levels = list(range(1, f.levels))
        for block in self._grow([(0, 0)], levels, lambda level: [(x, level) for x in self._shuffled()]):
            chosen.append(block)
            yield from self._transversals(chosen)
            chosen.pop()

    def _base_class(self, blocks: list[list[Point]]) -> Iterator[list[list[Point]]]:
        f = self.frame
        per = f.points // f.size
        if len(blocks) == per * f.developed:
            yield [list(b) for b in blocks]
            return
        if blocks and not self.free:
            # A class is complete: the next one seats every point again.
            self.free = set(self.order)
            yield from self._base_class(blocks)
            self.free = set()
            return
        fixed = len(blocks) % per
        if fixed < f.fixed:
            yield from self._fixed_block(blocks, fixed)
            return
        first = next((p for p in self.order if p in self.free), None)
        assert first is not None
        self.free.discard(first)
        rest = [p for p in self.order if p in self.free]
        for block in self._grow_any([first], rest):
            blocks.append(block)
            yield from self._base_class(blocks)
            blocks.pop()
        self.free.add(first)

    def _fixed_block(self, blocks: list[list[Point]], i: int) -> Iterator[list[list[Point]]]:
        """Fixed point i's block of this class: one point on each of s − 1 levels it has not met yet.

        Turning a whole class changes none of its differences, so ∞₁'s first point of a class
        may be x = 0, and in the first class (0, 0); the classes may come in any order, so ∞₁
        meets level 0 in the first.
        """
        f = self.frame
        met = {p[1] for b in blocks if (i, -1) in b for p in b if p[1] >= 0}
        unmet = [a for a in range(f.levels) if a not in met]
        if f.developed == 1:
            choices = [unmet]
        else:
            choices = [list(c) for c in itertools.combinations(unmet, f.size - 1) if i or blocks or c[0] == 0]
        for levels in choices:
            start: list[Point] = [(i, -1)]
            first: Point | None = None
            if i == 0:
                first = (0, levels[0])
                start, levels = [(0, -1), first], levels[1:]
                if first not in self.free:
                    continue
                self.free.discard(first)

            def candidates(level: int) -> list[Point]:
                return [(x, level) for x in self._shuffled() if (x, level) in self.free]

            for block in self._grow(start, levels, candidates, take=True):
                blocks.append(block)
                yield from self._base_class(blocks)
                blocks.pop()
            if first is not None:
                self.free.add(first)

    def _grow(
        self, block: list[Point], levels: list[int], candidates: Callable[[int], list[Point]], take: bool = False
    ) -> Iterator[list[Point]]:
        """Blocks extending ``block`` by one point of each of ``levels``."""
        if not levels:
            yield list(block)
            return
        for p in candidates(levels[0]):
            if self._add(block, p):
                if take:
                    self.free.discard(p)
                block.append(p)
                yield from self._grow(block, levels[1:], candidates, take)
                block.pop()
                if take:
                    self.free.add(p)
                self._forget(block, p)

    def _grow_any(self, block: list[Point], rest: list[Point]) -> Iterator[list[Point]]:
        """Blocks of the frame's size extending ``block`` by points after it in ``rest``."""
        if len(block) == self.frame.size:
            yield list(block)
            return
        for i, p in enumerate(rest):
            if self._add(block, p):
                self.free.discard(p)
                block.append(p)
                yield from self._grow_any(block, rest[i + 1 :])
                block.pop()
                self.free.add(p)
                self._forget(block, p)

    def _differences(self, block: list[Point], p: Point) -> list[tuple[int, int, int]]:
        m, (y, b) = self.frame.m, p
        return [(a, b, (y - x) % m) for x, a in block if a >= 0]

    def _add(self, block: list[Point], p: Point) -> bool:
        """Hold p's differences with the block's points if none is held yet (a step)."""
        self.steps += 1
        if self.steps > ATTEMPT_STEPS:
            raise _OutOfSteps
        new: list[tuple[int, int, int]] = []
        for a, b, d in self._differences(block, p):
            for key in ((a, b, d), (b, a, -d % self.frame.m)):
                if key in self.held or key in new:
                    return False
                new.append(key)
        self.held.update(new)
        return True

    def _forget(self, block: list[Point], p: Point) -> None:
        for a, b, d in self._differences(block, p):
            self.held.discard((a, b, d))
            self.held.discard((b, a, -d % self.frame.m))

    def _shuffled(self) -> list[int]:
        xs = list(range(self.frame.m))
        self.rng.shuffle(xs)
        return xs


Placed = tuple[int, list[Point]]
"""A block of a row and its class (−1: a transversal)."""


class _Cover:
    """One seeded attempt at the frame as an exact cover (``cover``), for frames marked ``exact``.

    - **columns**, each covered once: every point of every base class (a class seats each point
      once), every difference the frame does not leave out (the blocks hold each once), and each
      fixed point with each level (a fixed point meets every level once);
    - **rows**: every block a base class may hold (its points, its differences, and for a block
      of a fixed point the levels that point meets) and every transversal through (0, 0) (its
      differences only: turning a transversal changes none of them, so it may start there).

    Where the frame has a ``symmetry``, a row is instead a block with its images under the
    symmetry, in the same class: every class found is then one the symmetry keeps. What the
    rows cover is worked out from the blocks themselves, so a cover is a base class whatever the
    map: the symmetry only makes the question smaller (32 at tables of 4 over Z_5 × 6 levels: the
    plain cover does not answer within 300,000 rows, the symmetric one after a few dozen).

    A difference is a column (a, b, d) with a < b, or a pure one (a, a, d) with d at most m / 2,
    so a difference and its reverse are one column. (A pure m / 2, m even, has m / 2 pairs, which
    m turns of a block would meet twice: ``_pairs``.) The symmetry must be one-to-one (a unit
    multiplier), so that a row is a whole orbit and the class found is one it keeps.
    """

    def __init__(self, frame: Frame, rng: random.Random) -> None:
        assert frame.symmetry is None or math.gcd(frame.symmetry.multiplier, frame.m) == 1
        self.frame = frame
        self.rng = rng
        left_out = frame.left_out | {(b, a, -d % frame.m) for a, b, d in frame.left_out}
        finite: list[Point] = [(x, a) for a in range(frame.levels) for x in range(frame.m)]
        fixed: list[Point] = [(i, -1) for i in range(frame.fixed)]
        names: list[object] = [(k, p) for k in range(frame.developed) for p in finite + fixed]
        for a, b in itertools.combinations_with_replacement(range(frame.levels), 2):
            top = frame.m // 2 if a == b else frame.m - 1
            names += [(a, b, d) for d in range(int(a == b), top + 1) if (a, b, d) not in left_out]
        names += [("meets", i, a) for i in range(frame.fixed) for a in range(frame.levels)]
        names += [(*key, "again") for key in sorted(frame.twice)]
        self.columns = {name: c for c, name in enumerate(names)}
        self.rows: list[list[int]] = []
        self.blocks: list[list[Placed]] = []  # by row: its blocks, each with its class
        self.listed: set[tuple[int, tuple[Point, ...]]] = set()  # the blocks of the symmetric rows so far
        for block in itertools.combinations(finite, frame.size):
            self._add(list(block), range(frame.developed))
        for p, rest in itertools.product(fixed, itertools.combinations(finite, frame.size - 1)):
            if len({a for _, a in rest}) == len(rest):
                self._add([*rest, p], range(frame.developed))
        if frame.transversals:
            for xs in itertools.product(range(frame.m), repeat=frame.levels - 1):
                self._add([(0, 0), *((x, a) for a, x in enumerate(xs, 1))], [-1])

    def run(self) -> tuple[list[list[Point]], list[list[Point]]] | None:
        try:
            found = exact_cover(self.rows, len(self.columns), self.rng, COVER_STEPS)
        except OutOfSteps:
            return None
        if found is None:
            return None
        picked = [placed for r in found for placed in self.blocks[r]]
        base: list[list[Point]] = []
        for k in range(self.frame.developed):
            base += sorted(block for kind, block in picked if kind == k)
        return base, sorted(block for kind, block in picked if kind < 0)

    def _add(self, block: list[Point], classes: Sequence[int]) -> None:
        """Rows for the block in each of ``classes`` (−1: as a transversal), if its differences allow.

        Over the turns of its class a row holds each difference as often as its blocks do, times
        the class's turns, over the pairs the difference has (m, or m / 2 for a pure m / 2): once,
        or twice for one the frame holds ``twice``; one it holds once may then take either of
        that difference's two columns (a row for each)."""
        f = self.frame
        for k in classes:
            placed = self._orbit(k, block)
            if not placed:
                continue  # an earlier row holds this block's orbit
            counted: Counter[tuple[object, ...]] = Counter()
            for _kind, each in placed:
                finite = [p for p in each if p[1] >= 0]
                counted.update(_difference(p, q, f.m) for p, q in itertools.combinations(finite, 2))
                counted.update(("meets", i, a) for i, level in each if level < 0 for _, a in finite)
            turns = f.m if k < 0 else f.turns
            held = {key: divmod(count * turns, _pairs(key, f.m)) for key, count in counted.items()}
            if any(
                rest or key not in self.columns or times > (2 if key in f.twice else 1)
                for key, (times, rest) in held.items()
            ):
                continue
            firm = [] if k < 0 else [self.columns[k, p] for _kind, each in placed for p in each]
            if len(set(firm)) < len(firm):
                continue  # blocks of one row that share a point
            either = []
            for key, (times, _rest) in held.items():
                if key not in f.twice:
                    firm.append(self.columns[key])
                elif times == 2:
                    firm += [self.columns[key], self.columns[(*key, "again")]]
                else:
                    either.append((self.columns[key], self.columns[(*key, "again")]))
            for chosen in itertools.product(*either):
                self.rows.append(firm + list(chosen))
                self.blocks.append(placed)

    def _orbit(self, k: int, block: list[Point]) -> list[Placed]:
        """The block in class ``k`` with its images under the frame's symmetry (none: the block
        alone); empty where an earlier row holds them already."""
        symmetry = self.frame.symmetry
        if symmetry is None or k < 0:
            return [(k, block)]
        orbit, each = [], tuple(sorted(block))
        while (k, each) not in self.listed:
            self.listed.add((k, each))
            orbit.append((k, list(each)))
            each = tuple(sorted(symmetry.image(self.frame, p) for p in each))
        return orbit


def _pairs(key: tuple[object, ...], m: int) -> int:
    """The pairs of points a difference (or a fixed point's meeting with a level) stands for: m, or
    m / 2 for a pure difference of m / 2."""
    return m // 2 if key[0] == key[1] and key[2] == m / 2 else m


def _difference(p: Point, q: Point, m: int) -> tuple[int, int, int]:
    """The column of two finite points' difference: levels in order, a pure one at most m / 2."""
    (x, a), (y, b) = sorted([p, q], key=lambda point: point[1])
    d = (y - x) % m
    return (a, b, min(d, m - d) if a == b else d)


# --- the shipped data ----------------------------------------------------------------------


def generate(up_to: int, sizes: tuple[int, ...] = (3, 4), start: int = 6) -> list[Bases]:
    """For every count from ``start`` up to ``up_to`` and every size, the bases of the best frame the
    search solves, and of a frame with forced repeats where one solves."""
    found = []
    for points in range(start, up_to + 1):
        for size in sizes:
            every = frames(points, size)
            for repeats in (False, True):  # the best design, then a plan with forced repeats
                kind = [f for f in every if bool(f.twice) is repeats]
                bases = next((b for f in kind if (b := find_bases(f)) is not None), None)
                if bases is not None:
                    found.append(bases)
    return found


def as_data(bases: Bases) -> dict[str, object]:
    """The bases as a JSON object: enough to name the frame again and to check the search."""
    f = bases.frame
    data: dict[str, object] = {
        "points": f.points,
        "size": f.size,
        "family": f.family,
        "m": f.m,
        "seed": bases.seed,
        "base_class": [list(b) for b in bases.base_class],
        "transversals": [list(b) for b in bases.transversals],
    }
    if f.symmetry is not None:
        data["symmetry"] = f.symmetry.as_data()
    return data


def from_data(entry: dict[str, Any]) -> Bases:
    """The bases of a JSON object written by :func:`as_data`, on the frame its family names."""
    symmetry = Symmetry.from_data(entry["symmetry"]) if "symmetry" in entry else None
    frame = next(
        f
        for f in frames(entry["points"], entry["size"])
        if (f.family, f.m, f.symmetry) == (entry["family"], entry["m"], symmetry)
    )
    return Bases(
        frame,
        entry["seed"],
        tuple(tuple(b) for b in entry["base_class"]),
        tuple(tuple(b) for b in entry["transversals"]),
    )
