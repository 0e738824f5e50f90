"""Base classes that a symmetry of their frame keeps, found by an exact search over its orbits.

Where the seeded search of ``differences`` gives up (40 at tables of 4 over Z_13, 36 and 48 with
groups of 3), a smaller question often has an answer: ask only for base classes that a map of
the frame onto itself leaves as they are. Words:

- **symmetry**: the map (x, level) → (multiplier · x, level + shift), fixed point i → i + shift
  (levels and fixed points taken round). It maps differences to differences, so a base class
  it keeps holds each difference once when one block of each **orbit** (the blocks the map and
  its powers make of one block) is chosen so that the orbits hold each orbit of points and of
  differences once: the search chooses only those representatives.
- **exact cover**: every orbit of points, fixed points and differences (the **items**) must be
  held by exactly one chosen orbit of blocks. The search is ``cover``'s Algorithm X: it takes the
  item with fewest orbits of blocks left, tries each of them in order, and drops every orbit that
  clashes with the one taken. It has no seed: the order of items and blocks is fixed, so it
  finds the same base class on every machine, within ``COVER_STEPS``.

A multiplier of order 3 fixes only 0 of Z_13, so 40 = Z_13 × 3 levels + ∞ keeps ∞'s block on
(0, 0), (0, 1), (0, 2) and splits the rest into orbits of three blocks; turning the levels
(shift 1) with the three fixed points of the frames that miss groups of 3 splits everything into
orbits of three.

Pure Python, no Django.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from typing import Any, Protocol

from .cover import OutOfSteps, exact_cover

Point = tuple[int, int]  # (x, level), or (i, -1) for fixed point i, as in ``differences``

# Orbits of blocks the exact search tries before it gives up.
COVER_STEPS = 200_000


@dataclass(frozen=True)
class Symmetry:
    """(x, level) → (multiplier · x, level + shift), fixed point i → i + shift (mod their counts);
    or, where ``levels`` and ``fixed`` are given, level a → ``levels[a]`` and fixed point i →
    ``fixed[i]`` (permutations that no shift makes, such as (0 3)(1 2 4 5) of six levels)."""

    multiplier: int
    shift: int = 0
    levels: tuple[int, ...] | None = None
    fixed: tuple[int, ...] | None = None
    turn: int = 0
    """Added to x, where the map is that turn alone (multiplier 1, nothing else moved): a class it
    keeps is the same round again after ``gcd(turn, m)`` turns, so it gives that many rounds, not m."""

    def __post_init__(self) -> None:
        if self.turn and (self.multiplier != 1 or self.shift or self.levels or self.fixed):
            raise ValueError("a symmetry that turns x moves nothing else")

    def image(self, frame: FrameShape, point: Point) -> Point:
        x, level = point
        if level < 0:
            return (self.fixed[x] if self.fixed else (x + self.shift) % frame.fixed), -1
        moved = self.levels[level] if self.levels else (level + self.shift) % frame.levels
        return (self.multiplier * x + self.turn) % frame.m, moved

    def as_data(self) -> dict[str, object]:
        """As the shipped data names it: the multiplier and the shift, and the permutations and the
        turn where given."""
        data: dict[str, object] = {"multiplier": self.multiplier, "shift": self.shift}
        if self.levels is not None:
            data["levels"] = list(self.levels)
        if self.fixed is not None:
            data["fixed"] = list(self.fixed)
        if self.turn:
            data["turn"] = self.turn
        return data

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> Symmetry:
        levels, fixed = data.get("levels"), data.get("fixed")
        return cls(
            data["multiplier"],
            data["shift"],
            None if levels is None else tuple(levels),
            None if fixed is None else tuple(fixed),
            data.get("turn", 0),
        )


class FrameShape(Protocol):
    """What the search reads of a ``differences.Frame`` (which imports this module)."""

    @property
    def m(self) -> int: ...
    @property
    def levels(self) -> int: ...
    @property
    def fixed(self) -> int: ...
    @property
    def size(self) -> int: ...
    @property
    def developed(self) -> int: ...
    @property
    def transversals(self) -> int: ...
    @property
    def left_out(self) -> frozenset[tuple[int, int, int]]: ...
    @property
    def symmetry(self) -> Symmetry | None: ...
    def number(self, point: Point) -> int: ...


def multiplier_of_order_3(m: int) -> int | None:
    """The smallest μ of Z_m with μ³ = 1 that fixes only 0 (μ − 1 and μ² − 1 units), if any."""
    for mu in range(2, m):
        if mu**3 % m == 1 and all(_is_unit((mu**k - 1) % m, m) for k in (1, 2)):
            return mu
    return None


def _is_unit(a: int, m: int) -> bool:
    return any(a * b % m == 1 for b in range(1, m))


def symmetric_base_class(frame: FrameShape) -> list[list[Point]] | None:
    """A base class of one developed class that ``frame.symmetry`` keeps, or None within the steps."""
    return _Cover(frame).run()


class _Cover:
    """The exact cover of one frame's orbits (see the module docstring), on point numbers.

    Items are numbered, and an orbit of blocks is the bit mask of the items it holds, so taking
    one keeps of the other candidates only those whose masks miss its own.
    """

    def __init__(self, frame: FrameShape) -> None:
        assert frame.symmetry is not None and frame.developed == 1 and frame.transversals == 0
        self.frame = frame
        self.finite = frame.m * frame.levels
        # Listed in number order (``frame.number``): level by level, then the fixed points.
        points = [(x, a) for a in range(frame.levels) for x in range(frame.m)]
        self.points = points + [(i, -1) for i in range(frame.fixed)]
        symmetry, number = frame.symmetry, frame.number
        step = [number(symmetry.image(frame, p)) for p in self.points]
        self.maps = [list(range(len(self.points)))]
        while (power := [step[q] for q in self.maps[-1]]) != self.maps[0]:
            self.maps.append(power)
        items: dict[tuple[int, ...], int] = {}
        self.point_item = [items.setdefault((0, min(g[p] for g in self.maps)), len(items)) for p in range(len(step))]
        left_out = {self._key(number((0, a)), number((d % frame.m, b))) for a, b, d in frame.left_out}
        # The item of each pair of finite points' difference, or -1 where it is left out.
        self.difference = [[-1] * self.finite for _ in range(self.finite)]
        for p, q in itertools.permutations(range(self.finite), 2):
            if self._key(p, q) not in left_out:
                orbit = min(self._key(g[p], g[q]) for g in self.maps)
                self.difference[p][q] = items.setdefault((1, *orbit), len(items))
        self.item_count = len(items)
        self.blocks: list[tuple[int, ...]] = []
        self.masks: list[int] = []
        self._add_options()

    def _key(self, p: int, q: int) -> tuple[int, int, int]:
        """The difference of two finite points (by number), one key for both directions."""
        m = self.frame.m
        (a, x), (b, y) = divmod(p, m), divmod(q, m)
        return min((a, b, (y - x) % m), (b, a, (x - y) % m))

    def _add_options(self) -> None:
        """Every orbit of blocks whose blocks are disjoint and hold no difference twice or left out.

        A fixed point's block holds one point of each level; only the first fixed point of each
        orbit gets blocks of its own (the others' are in its blocks' orbits). Where the symmetry
        commutes with turning (multiplier 1), every turn of a solution is one, so fixed point 0
        meets (0, 0). An orbit is listed once, by its least block.
        """
        f = self.frame
        assert f.symmetry is not None
        turns = f.symmetry.multiplier == 1
        for i in range(f.fixed):
            if min(g[self.finite + i] for g in self.maps) != self.finite + i:
                continue
            for xs in itertools.product(range(f.m), repeat=f.levels):
                if i or xs[0] == 0 or not turns:
                    self._offer((*(x + f.m * a for a, x in enumerate(xs)), self.finite + i))
        self._grow([], list(range(self.finite)))

    def _grow(self, block: list[int], after: list[int]) -> None:
        """Blocks of finite points in number order whose differences are all distinct and allowed."""
        if len(block) == self.frame.size:
            self._offer(tuple(block))
            return
        held = [self.difference[p][q] for p, q in itertools.combinations(block, 2)]
        for i, q in enumerate(after):
            new = [self.difference[p][q] for p in block]
            if -1 not in new and len(set(new)) == len(new) and not set(new) & set(held):
                block.append(q)
                self._grow(block, after[i + 1 :])
                block.pop()

    def _offer(self, block: tuple[int, ...]) -> None:
        orbit = {tuple(sorted(g[p] for p in block)) for g in self.maps}
        if block != min(orbit):
            return
        seated = [p for b in orbit for p in b]
        finite = [[p for p in b if p < self.finite] for b in orbit]
        held = [self.difference[p][q] for b in finite for p, q in itertools.combinations(b, 2)]
        if len(set(seated)) < len(seated) or -1 in held:
            return
        items = {self.point_item[p] for p in seated} | set(held)
        keys = {self._key(p, q) for b in finite for p, q in itertools.combinations(b, 2)}
        if len(keys) == len(held):
            self.blocks.append(block)
            self.masks.append(sum(1 << item for item in items))

    def run(self) -> list[list[Point]] | None:
        rows = [[item for item in range(self.item_count) if mask >> item & 1] for mask in self.masks]
        try:
            chosen = exact_cover(rows, self.item_count, None, COVER_STEPS)
        except OutOfSteps:
            return None
        if chosen is None:
            return None
        orbits = [{tuple(sorted(g[p] for p in self.blocks[o])) for g in self.maps} for o in chosen]
        return [[self.points[p] for p in block] for orbit in orbits for block in sorted(orbit)]
