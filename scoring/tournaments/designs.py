"""Known repeat-free plans (resolvable designs), as data and as constructions from finite fields.

Words:

- **point**: a place in a design, 0, 1, …, ``points - 1``; the draw maps entrants onto points.
- **block**: a set of points that sit at one table; a **class** (a round of the design) splits
  the points into blocks of one size (round robins on an odd count leave one point out: the bye).
- **resolvable design**: classes in which every pair of points shares a block at most once.
  The designs here are 2-designs: over all their classes every pair meets exactly once, so a
  plan with more rounds than the design repeats its classes from the first, which gives the
  fewest repeats the counting bound allows.

Local search finds repeat-free plans when the tables leave room; at the limit (15 × 3 for 7
rounds, 16 × 4 for 5, 21 × 3 for 10) it rarely does, so the draw starts from these.

Pure Python, no Django.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache

Block = tuple[int, ...]
Class = tuple[Block, ...]


@dataclass(frozen=True)
class Design:
    """A resolvable design: ``classes`` are its rounds, each a tuple of blocks of ``size`` points."""

    name: str
    points: int
    size: int
    classes: tuple[Class, ...]


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


# --- Kirkman triple systems, developed from base blocks mod 7 ----------------------------------

# Points (i, j) with i in Z7 are numbered 7j + i; point 14 of KTS(15) is the fixed point ∞.
# Developing a block adds t to every i (mod 7) and leaves ∞ alone. Both were found by a short
# exhaustive search for base blocks whose differences cover every pair once; the tests check them.
KTS15_BASE_CLASS: tuple[Block, ...] = ((0, 1, 3), (2, 7, 9), (4, 12, 13), (5, 8, 11), (6, 10, 14))
KTS21_BASE_CLASS: tuple[Block, ...] = (
    (0, 1, 3),
    (2, 7, 8),
    (4, 11, 13),
    (5, 14, 15),
    (6, 17, 20),
    (9, 12, 19),
    (10, 16, 18),
)
KTS21_BASE_TRANSVERSALS: tuple[Block, ...] = ((0, 8, 19), (0, 10, 15), (0, 11, 20))


def _develop(block: Block, t: int, fixed: int | None = None) -> Block:
    return tuple(sorted(p if p == fixed else p - p % 7 + (p % 7 + t) % 7 for p in block))


@cache
def kirkman_15() -> Design:
    """Kirkman's fifteen schoolgirls: 7 rounds of five tables of 3, every pair once."""
    classes = tuple(tuple(_develop(b, t, fixed=14) for b in KTS15_BASE_CLASS) for t in range(7))
    return Design("Kirkman triple system KTS(15)", 15, 3, classes)


@cache
def kirkman_21() -> Design:
    """KTS(21): 10 rounds of seven tables of 3, every pair once.

    Seven rounds are the base class turned by 0…6; each transversal (one point of each level)
    turned by 0…6 is a round of its own.
    """
    turned = tuple(tuple(_develop(b, t) for b in KTS21_BASE_CLASS) for t in range(7))
    transversal = tuple(tuple(_develop(b, t) for t in range(7)) for b in KTS21_BASE_TRANSVERSALS)
    return Design("Kirkman triple system KTS(21)", 21, 3, turned + transversal)


def find_design(points: int, size: int) -> Design | None:
    """The known resolvable 2-design on ``points`` points with blocks of ``size``, if there is one."""
    if size == 2:
        return round_robin(points) if points >= 2 else None
    known: dict[tuple[int, int], Callable[[], Design]] = {
        (9, 3): lambda: affine_space(3, 2),
        (15, 3): kirkman_15,
        (21, 3): kirkman_21,
        (27, 3): lambda: affine_space(3, 3),
        (81, 3): lambda: affine_space(3, 4),
        (16, 4): lambda: affine_space(4, 2),
        (64, 4): lambda: affine_space(4, 3),
    }
    make = known.get((points, size))
    return make() if make else None
