"""The draw: layouts, the limits of design theory reached, fair byes and seats, history, groups, seeded rounds."""

from __future__ import annotations

import itertools
import re
from collections import Counter
from collections.abc import Sequence

import pytest

from scoring.tournaments.designs import Design, affine_space, find_design, kirkman_15, kirkman_21, round_robin
from scoring.tournaments.layout import LayoutError, layout

SIZE_SETS = [(3, 4), (4, 3), (3,), (4,), (2,)]


def fits(n: int, sizes: Sequence[int]) -> bool:
    """Whether n entrants can be seated, by brute force (tables of 2: one bye allowed)."""
    if sizes == (2,):
        return n >= 2
    return n > 0 and any(
        sum(c * s for c, s in zip(counts, sizes, strict=True)) == n
        for counts in itertools.product(range(n + 1), repeat=len(sizes))
    )


# --- layout ---------------------------------------------------------------------------------


@pytest.mark.parametrize("sizes", SIZE_SETS)
def test_it_lays_out_every_count_from_2_to_130_with_the_preferred_size_as_often_as_possible(
    sizes: tuple[int, ...],
) -> None:
    preferred = sizes[0]
    for n in range(2, 131):
        if not fits(n, sizes):
            with pytest.raises(LayoutError):
                layout(n, sizes)
            continue
        tables = layout(n, sizes)
        assert set(tables) <= set(sizes)
        assert sum(tables) == (n - n % 2 if sizes == (2,) else n)
        # One more table of the preferred size would leave a rest the other size cannot seat.
        rest = n - (tables.count(preferred) + 1) * preferred
        assert rest < 0 or len(sizes) == 1 or rest % sizes[1] != 0


@pytest.mark.parametrize(
    ("n", "sizes", "tables"),
    [
        (13, (4, 3), [4, 3, 3, 3]),
        (14, (4, 3), [4, 4, 3, 3]),
        (13, (3, 4), [3, 3, 3, 4]),
        (4, (3, 4), [4]),
        (7, (2,), [2, 2, 2]),
        (2, (2,), [2]),
    ],
)
def test_it_lays_out_the_examples_of_the_spec(n: int, sizes: tuple[int, ...], tables: list[int]) -> None:
    assert layout(n, sizes) == tables


@pytest.mark.parametrize(
    ("n", "sizes", "message"),
    [
        (5, (3, 4), "5 entrants cannot be seated at tables of 3 or 4: add 1 or withdraw 1"),
        (5, (3,), "5 entrants cannot be seated at tables of 3: add 1 or withdraw 2"),
        (2, (4, 3), "2 entrants cannot be seated at tables of 3 or 4: add 1"),
        (1, (3, 4), "1 entrant cannot be seated at tables of 3 or 4: add 2"),
        (1, (2,), "1 entrant cannot be seated at tables of 2: add 1"),
        (10, (4,), "10 entrants cannot be seated at tables of 4: add 2 or withdraw 2"),
        (0, (3,), "0 entrants cannot be seated at tables of 3: add 3"),
    ],
)
def test_it_refuses_a_count_it_cannot_seat_saying_how_many_to_add_or_withdraw(
    n: int, sizes: tuple[int, ...], message: str
) -> None:
    with pytest.raises(LayoutError, match=f"^{re.escape(message)}$"):
        layout(n, sizes)


@pytest.mark.parametrize("sizes", SIZE_SETS)
def test_the_numbers_to_add_or_withdraw_are_the_nearest_counts_that_fit(sizes: tuple[int, ...]) -> None:
    for n in range(1, 40):
        if fits(n, sizes):
            continue
        with pytest.raises(LayoutError) as refusal:
            layout(n, sizes)
        found = re.search(r"add (\d+)(?: or withdraw (\d+))?$", str(refusal.value))
        assert found is not None
        add = int(found[1])
        assert fits(n + add, sizes) and not any(fits(n + k, sizes) for k in range(1, add))
        nearest_below = next((k for k in range(1, n) if fits(n - k, sizes)), None)
        assert (int(found[2]) if found[2] else None) == nearest_below


@pytest.mark.parametrize(
    ("sizes", "message"),
    [
        ((5,), "tables of 5 are not offered"),
        ((2, 3), "tables of 2 (Kosakeln) cannot be mixed with tables of 3 or 4"),
        ((3, 3), "table size 3 is given twice"),
        ((), "no table size given"),
    ],
)
def test_it_refuses_sizes_that_make_no_sense(sizes: tuple[int, ...], message: str) -> None:
    with pytest.raises(LayoutError, match=re.escape(message)):
        layout(12, sizes)


# --- designs ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "design", [round_robin(7), round_robin(8), affine_space(3, 2), affine_space(4, 2), kirkman_15(), kirkman_21()]
)
def test_every_shipped_design_seats_each_point_once_a_round_and_every_pair_once(design: Design) -> None:
    pairs = Counter(pair for blocks in design.classes for block in blocks for pair in itertools.combinations(block, 2))
    assert set(pairs.values()) == {1} and len(pairs) == design.points * (design.points - 1) // 2
    for blocks in design.classes:
        seated = [p for block in blocks for p in block]
        assert len(seated) == len(set(seated)) >= design.points - 1
        assert {len(block) for block in blocks} == {design.size}


def test_it_finds_the_design_for_a_count_and_size() -> None:
    assert find_design(15, 3) == kirkman_15()
    design = find_design(64, 4)
    assert design is not None and len(design.classes) == 21
    assert find_design(14, 3) is None
