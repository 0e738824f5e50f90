"""Known repeat-free plans (resolvable designs), as data and as constructions from finite fields.

Words:

- **point**: a place in a design, 0, 1, …, ``points - 1``; the draw maps entrants onto points.
- **block**: a set of points that sit at one table; a **class** (a round of the design) splits
  the points into blocks of one size (round robins on an odd count leave one point out: the bye).
- **resolvable design**: classes in which every pair of points shares a block at most once.
  A plan with more rounds than the design has repeats its classes from the first, and the
  draw's search then improves on that.

Local search finds repeat-free plans when the tables leave room; at the limit (15 × 3 for 7
rounds, 16 × 4 for 5, 21 × 3 for 10, 28 × 4 for 9) it rarely does, so the draw starts from
these. Past the finite fields the designs are developed from base blocks (``differences``) that
the project's own search found and ships in ``design_bases.json``; some of them are not
2-designs but leave each point a small group it never meets (nearly Kirkman triple systems).

Pure Python, no Django.
"""

from __future__ import annotations

import itertools
import json
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from .differences import from_data

Block = tuple[int, ...]
Class = tuple[Block, ...]


@dataclass(frozen=True)
class Design:
    """A resolvable design: ``classes`` are its rounds, each a tuple of blocks of ``size`` points.

    ``twice`` are the pairs meant to meet twice, where a plan of these rounds has repeats by
    force (24 at tables of 4 over 8 rounds: a perfect matching); a design proper has none.
    """

    name: str
    points: int
    size: int
    classes: tuple[Class, ...]
    twice: frozenset[tuple[int, int]] = frozenset()


def round_robin(n: int) -> Design:
    """The circle method: n − 1 rounds for even n, n rounds with one bye each for odd n.

    Point ``n - 1`` (or the missing partner of an odd count) stays put while the others turn one
    place a round, so every pair meets exactly once.
    """
    m = n + n % 2
    classes = []
    for r in range(m - 1):
        ring = [m - 1, *((r + i) % (m - 1) for i in range(m - 1))]
        pairs = ((ring[i], ring[m - 1 - i]) for i in range(m // 2))
        classes.append(tuple(tuple(sorted(p)) for p in pairs if max(p) < n))
    return Design(f"round robin of {n}", n, 2, tuple(classes))


# --- finite fields of order 3 and 4, and affine spaces over them ------------------------------


def _gf_mul(q: int, a: int, b: int) -> int:
    """Product in GF(q) for q = 3 (integers mod 3) or q = 4 (polynomials over GF(2) mod x² + x + 1)."""
    if q == 3:
        return a * b % 3
    product = 0
    for bit in range(2):
        if b >> bit & 1:
            product ^= a << bit
    return product ^ 0b111 if product & 0b100 else product


def _gf_add(q: int, a: int, b: int) -> int:
    return (a + b) % 3 if q == 3 else a ^ b


@cache
def affine_space(q: int, d: int) -> Design:
    """The lines of AG(d, q), grouped by direction: q^d points, blocks of q, (q^d − 1)/(q − 1) classes.

    A point is a vector of d coordinates in GF(q), numbered by its base-q digits. A direction is a
    nonzero vector whose first nonzero coordinate is 1; the lines along one direction split the
    space, and two points lie on exactly one line.
    """
    vectors = list(itertools.product(range(q), repeat=d))
    number = {v: i for i, v in enumerate(vectors)}
    directions = [v for v in vectors if any(v) and v[next(i for i, c in enumerate(v) if c)] == 1]
    classes = []
    for direction in directions:
        seen: set[int] = set()
        blocks = []
        for v in vectors:
            if number[v] in seen:
                continue
            line = tuple(
                sorted(
                    number[tuple(_gf_add(q, c, _gf_mul(q, t, dc)) for c, dc in zip(v, direction, strict=True))]
                    for t in range(q)
                )
            )
            seen.update(line)
            blocks.append(line)
        classes.append(tuple(blocks))
    return Design(f"affine space AG({d}, {q})", q**d, q, tuple(classes))


# --- the designs developed from base blocks ----------------------------------------------------

BASES_FILE = Path(__file__).with_name("design_bases.json")


@cache
def developed() -> dict[tuple[int, int], Design]:
    """The designs whose base blocks ``python manage.py designs`` found and shipped, by count and size."""
    return {(d.points, d.size): d for d in _shipped() if not d.twice}


@cache
def with_repeats() -> dict[tuple[int, int, int], Design]:
    """The shipped plans whose repeats are forced, by count, size and rounds: each one round longer
    than any repeat-free plan of its count."""
    return {(d.points, d.size, len(d.classes)): d for d in _shipped() if d.twice}


def _shipped() -> list[Design]:
    designs = []
    for entry in json.loads(BASES_FILE.read_text())["designs"]:
        bases = from_data(entry)
        f = bases.frame
        designs.append(Design(f"{f.family} of {f.points}", f.points, f.size, bases.classes(), bases.meeting_twice()))
    return designs


@cache
def proved_limits() -> dict[tuple[int, int], int]:
    """The repeat-free limits ``repeat_free`` proved for small fields, by count and table size."""
    return {(e["points"], e["size"]): e["rounds"] for e in json.loads(BASES_FILE.read_text())["limits"]}


def design_problems(design: Design) -> list[str]:
    """What keeps a design from being one: a round not seating every point once, a pair met twice
    (but for the pairs of ``twice``, which meet twice exactly)."""
    problems, met = [], Counter[tuple[int, int]]()
    for number, blocks in enumerate(design.classes, 1):
        seated = sorted(p for block in blocks for p in block)
        if seated != list(range(design.points)) or any(len(b) != design.size for b in blocks):
            problems.append(f"round {number} does not seat every point once at tables of {design.size}")
        for block in blocks:
            for pair in itertools.combinations(sorted(block), 2):
                met[pair] += 1
                if met[pair] > (2 if pair in design.twice else 1):
                    problems.append(f"points {pair[0]} and {pair[1]} meet again in round {number}")
    for p, q in sorted(design.twice):
        if met[p, q] != 2:
            problems.append(f"points {p} and {q} meet {'once' if met[p, q] == 1 else f'{met[p, q]} times'}, not twice")
    return problems


def find_design(points: int, size: int, rounds: int = 0) -> Design | None:
    """The known resolvable design on ``points`` points with blocks of ``size``, if there is one;
    for a plan of ``rounds`` rounds, the shipped plan of exactly so many whose repeats are forced,
    where there is one (it is one round longer than the design)."""
    if (points, size, rounds) in with_repeats():
        return with_repeats()[points, size, rounds]
    if size == 2:
        return round_robin(points) if points >= 2 else None
    spaces: dict[tuple[int, int], Callable[[], Design]] = {
        (64, 4): lambda: affine_space(4, 3),
        (81, 3): lambda: affine_space(3, 4),
    }
    if (points, size) in developed():
        return developed()[points, size]
    make = spaces.get((points, size))
    return make() if make else None
