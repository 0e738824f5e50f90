"""The layout of a round: how many tables of which size seat the entrants.

The director chooses the allowed sizes, the preferred one first: 2 (Kosakeln, alone), or 3 and 4
in either order, or one of them. The layout uses as many tables of the preferred size as
possible and seats the rest at the other size; at tables of 2 an odd count leaves one entrant a
bye. A count that cannot be seated is refused with a message that says how many entrants to add
or withdraw, unless the director allows byes at tables of 3 or 4: then the fewest entrants
needed sit the round out (13 at tables of 4: one bye).

Pure Python, no Django.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence

from scoring.engine.reasons import _, alternatives, by_count, why
from scoring.engine.refusal import Refusal

SIZES = (2, 3, 4)


def check_sizes(sizes: Sequence[int]) -> tuple[int, ...]:
    """The allowed table sizes as a tuple, preferred first; a :class:`Refusal` when they make no sense."""
    sizes = tuple(sizes)
    if not sizes:
        raise Refusal.because(_("no table size given: choose 2, or 3 and 4"))
    for size in sizes:
        if size not in SIZES:
            raise Refusal.because(_("tables of {size} are not offered: sizes are 2 (Kosakeln), 3 and 4"), size=size)
    for size in set(sizes):
        if sizes.count(size) > 1:
            raise Refusal.because(_("table size {size} is given twice"), size=size)
    if 2 in sizes and len(sizes) > 1:
        raise Refusal.because(_("tables of 2 (Kosakeln) cannot be mixed with tables of 3 or 4"))
    return sizes


def _split(n: int, sizes: Sequence[int]) -> list[int] | None:
    """Tables for exactly n seats, as many of ``sizes[0]`` as possible, then of ``sizes[1]``, …"""
    if n == 0:
        return []
    if not sizes:
        return None
    first, rest = sizes[0], sizes[1:]
    for count in range(n // first, -1, -1):
        tail = _split(n - count * first, rest)
        if tail is not None:
            return [first] * count + tail
    return None


def _seated(n: int, sizes: tuple[int, ...]) -> int | None:
    """How many of n entrants a round seats (one fewer for a bye at tables of 2), or None."""
    if sizes == (2,):
        return n - n % 2 if n >= 2 else None
    return n if n > 0 and _split(n, sizes) is not None else None


def layout(n: int, sizes: Sequence[int], byes: bool = False) -> list[int]:
    """The table sizes of a round for n entrants: the preferred size (``sizes[0]``) as often as possible.

    13 at preferred 4 → ``[4, 3, 3, 3]``; 14 → ``[4, 4, 3, 3]``. At tables of 2 an odd count leaves
    one entrant a bye, so the tables seat n − 1. A :class:`Refusal` when n cannot be seated, saying
    how many to add or withdraw: "5 entrants cannot be seated at tables of 3 or 4: add 1 or
    withdraw 1". With ``byes`` allowed, the tables seat as many as they can instead and the rest
    have a bye: 13 at tables of 4 → ``[4, 4, 4]``; 5 at tables of 3 → ``[3]``.
    """
    sizes = check_sizes(sizes)
    seated = _seated(n, sizes)
    if seated is None and byes:
        seated = next((m for m in range(n - 1, 0, -1) if _seated(m, sizes) == m), None)
    if seated is not None:
        tables = _split(seated, sizes)
        assert tables is not None
        return tables
    add = next(k for k in itertools.count(1) if _seated(n + k, sizes) is not None)
    withdraw = next((k for k in range(1, n) if _seated(n - k, sizes) is not None), None)
    what = (
        why(_("add {add} or withdraw {withdraw}"), add=add, withdraw=withdraw)
        if withdraw
        else why(_("add {add}"), add=add)
    )
    template = by_count(
        n,
        _("{count} entrant cannot be seated at tables of {sizes}: {what}"),
        _("{count} entrants cannot be seated at tables of {sizes}: {what}"),
    )
    raise Refusal.because(template, count=n, sizes=alternatives(sorted(sizes)), what=what)
