"""The designs the draw ships: each one a resolvable plan, and each what its search gives."""

from __future__ import annotations

import itertools
from collections import Counter

import pytest
from django.core.management import call_command

from scoring.tournaments.designs import Design, design_problems, developed
from scoring.tournaments.differences import find_bases, frames
from scoring.tournaments.repeat_free import repeat_free_limit

SHIPPED = sorted(developed())


@pytest.mark.parametrize(("points", "size"), SHIPPED)
def test_every_shipped_design_seats_everyone_once_a_round_and_no_pair_twice(points: int, size: int) -> None:
    design = developed()[points, size]
    pairs = Counter(
        pair for blocks in design.classes for block in blocks for pair in itertools.combinations(sorted(block), 2)
    )
    assert set(pairs.values()) == {1}
    for blocks in design.classes:
        assert sorted(p for block in blocks for p in block) == list(range(points))
        assert {len(block) for block in blocks} == {size}
    assert design_problems(design) == []


def test_the_rows_of_the_limits_table_the_search_solved_are_shipped() -> None:
    for points, size, rounds in [
        (15, 3, 7),
        (18, 3, 8),
        (21, 3, 10),
        (24, 3, 11),
        (16, 4, 5),
        (20, 4, 5),
        (24, 4, 7),
        (28, 4, 9),
    ]:
        assert len(developed()[points, size].classes) == rounds


def test_a_design_check_finds_a_pair_met_twice_and_a_point_left_out() -> None:
    broken = Design("broken", 6, 3, (((0, 1, 2), (3, 4, 5)), ((0, 1, 3), (2, 4))))
    assert design_problems(broken) == [
        "round 2 does not seat every point once at tables of 3",
        "points 0 and 1 meet again in round 2",
    ]


def test_the_search_gives_the_same_blocks_from_the_same_seed() -> None:
    frame = frames(21, 3)[0]
    assert find_bases(frame) == find_bases(frame)


def test_18_at_tables_of_3_come_from_two_base_classes_over_z4_where_z8_has_none() -> None:
    one_class, two_classes = frames(18, 3)
    assert (one_class.m, one_class.developed, two_classes.m, two_classes.developed) == (8, 1, 4, 2)
    assert developed()[18, 3] == Design(
        "nearly Kirkman triple system of 18",
        18,
        3,
        find_bases(two_classes).classes(),  # type: ignore[union-attr]
    )


def test_a_frame_with_no_solution_gives_none() -> None:
    """No nearly Kirkman triple system on 12 points exists (12 × 3 has no fifth repeat-free round)."""
    assert find_bases(frames(12, 3)[0]) is None


def test_the_shipped_data_is_what_its_search_finds() -> None:
    call_command("designs", "--check", stdout=open("/dev/null", "w"))  # noqa: SIM115


def test_12_at_tables_of_3_have_four_repeat_free_rounds_and_no_fifth() -> None:
    assert repeat_free_limit(12, 3) == 4


def test_a_field_that_repeats_in_round_2_has_a_limit_of_1() -> None:
    assert repeat_free_limit(12, 4) == repeat_free_limit(6, 3) == 1


def test_9_at_tables_of_3_reach_the_four_rounds_of_their_design() -> None:
    assert repeat_free_limit(9, 3) == 4 == len(developed()[9, 3].classes)
