"""Exact cover: choose rows that cover every column exactly once (Knuth's Algorithm X over bit sets).

A **column** is something to be covered once, a **row** the set of columns one choice covers.
``differences`` states a frame's base blocks this way (every point of a base class, every
difference and every fixed point's meeting with a level a column; every block a row) where
its depth-first search gives up.

Algorithm X takes the column with the fewest rows left, tries those rows in a seeded order (or
in the order given) and drops every row that clashes with the chosen one. Steps are counted,
never timed, so what it finds depends on the seed (or the order) alone. ``orbits`` asks it too,
for the orbits of a symmetric base class.

Pure Python, no Django.
"""

from __future__ import annotations

import random
from collections.abc import Sequence


class OutOfSteps(Exception):
    """The search tried its budget of rows without finding a cover."""


def exact_cover(rows: Sequence[Sequence[int]], columns: int, rng: random.Random | None, steps: int) -> list[int] | None:
    """Indices of rows (each the columns 0 … ``columns`` − 1 it covers) that cover every column exactly once.

    Rows are tried in an order ``rng`` shuffles, or without ``rng`` in the order given, and of
    the columns with fewest rows left the first.

    ``None`` when there is no such set; :class:`OutOfSteps` after ``steps`` rows tried. The rows
    still open are one bit set (bit i: the i-th row of a seeded order), so counting a column's
    rows and dropping the rows that clash with a choice are a few operations on long integers.
    """
    order = list(range(len(rows)))
    if rng is not None:
        rng.shuffle(order)
    covers = [rows[r] for r in order]
    by_column = [bytearray(len(order) // 8 + 1) for _ in range(columns)]
    for i, cs in enumerate(covers):
        for c in cs:
            by_column[c][i >> 3] |= 1 << (i & 7)
    holding = [int.from_bytes(bits, "little") for bits in by_column]  # a column's rows, as bits
    chosen: list[int] = []
    tried = 0

    def search(uncovered: list[int], left: int) -> bool:
        nonlocal tried
        if not uncovered:
            return True
        column = min(uncovered, key=lambda c: (holding[c] & left).bit_count())
        candidates = holding[column] & left
        while candidates:
            bit = candidates & -candidates
            candidates ^= bit
            i = bit.bit_length() - 1
            tried += 1
            if tried > steps:
                raise OutOfSteps
            chosen.append(order[i])
            clashing = 0
            for c in covers[i]:
                clashing |= holding[c]
            if search([c for c in uncovered if c not in covers[i]], left & ~clashing):
                return True
            chosen.pop()
        return False

    return chosen if search(list(range(columns)), (1 << len(order)) - 1) else None
