"""The designs the draw ships: each one a resolvable plan, and each what its search gives."""

from __future__ import annotations

import itertools
import json
from collections import Counter
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from django.core.management import call_command

from scoring.management.commands import designs as designs_command
from scoring.tournaments.designs import BASES_FILE, Design, design_problems, developed, with_repeats
from scoring.tournaments.differences import MATCHING_TWICE, PAIRS_KEPT, Bases, Frame, find_bases, frames, from_data
from scoring.tournaments.orbits import Symmetry, multiplier_of_order_3
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
        (32, 4, 10),
        (36, 4, 11),
        (40, 4, 13),
        (48, 4, 15),
        (33, 3, 16),
    ]:
        assert len(developed()[points, size].classes) == rounds


def test_24_at_tables_of_4_over_8_rounds_meet_everyone_and_a_perfect_matching_twice() -> None:
    """Two classes over Z_6 × 4 levels kept by the half turn (3 rounds each) and two transversals."""
    plan = with_repeats()[24, 4, 8]
    bases = find_bases(MATCHING_TWICE)
    assert bases is not None and plan.classes == bases.classes()
    assert (MATCHING_TWICE.turns, MATCHING_TWICE.rounds) == (3, 8)
    met = Counter(pair for blocks in plan.classes for block in blocks for pair in itertools.combinations(block, 2))
    assert len(met) == 24 * 23 // 2 and max(met.values()) == 2  # everyone meets everyone, nobody three times
    twice = {pair for pair, times in met.items() if times == 2}
    assert twice == plan.twice and sorted(p for pair in twice for p in pair) == list(range(24))
    assert design_problems(plan) == []
    assert len(developed()[24, 4].classes) == 7  # the repeat-free design stays the one for 7 rounds


def test_a_plan_check_finds_a_pair_meant_to_meet_twice_that_meets_once() -> None:
    once = Design("short", 4, 2, (((0, 1), (2, 3)), ((0, 2), (1, 3))), twice=frozenset({(0, 1), (0, 2)}))
    assert design_problems(once) == ["points 0 and 1 meet once, not twice", "points 0 and 2 meet once, not twice"]


@pytest.mark.parametrize(
    "symmetry",
    [Symmetry(3, 0), Symmetry(1, 1), Symmetry(1, levels=(1, 0, 2)), Symmetry(1, fixed=(1, 0)), Symmetry(1, turn=2)],
)
def test_a_symmetry_is_read_back_as_it_was_written(symmetry: Symmetry) -> None:
    assert Symmetry.from_data(json.loads(json.dumps(symmetry.as_data()))) == symmetry


def test_a_symmetry_that_turns_x_moves_nothing_else() -> None:
    with pytest.raises(ValueError, match="moves nothing else"):
        Symmetry(5, turn=3)


def test_a_symmetry_that_turns_x_is_shipped_as_its_turn() -> None:
    entry = next(e for e in _shipped_entries() if e["family"] == MATCHING_TWICE.family)
    assert entry["symmetry"] == {"multiplier": 1, "shift": 0, "turn": 3}
    assert from_data(entry) == find_bases(MATCHING_TWICE)


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


def _symmetric_frame(points: int) -> Frame:
    return next(f for f in frames(points, 4) if f.symmetry is not None)


@cache
def _symmetric_bases(points: int) -> Bases:
    bases = find_bases(_symmetric_frame(points))
    assert bases is not None
    return bases


def _kept(bases: Bases) -> bool:
    """Whether each base class is the same set of blocks after the frame's symmetry."""
    f = bases.frame
    assert f.symmetry is not None
    point = {f.number(p): p for p in [(x, a) for a in range(f.levels) for x in range(f.m)]} | {
        f.number((i, -1)): (i, -1) for i in range(f.fixed)
    }
    per = f.points // f.size
    for start in range(0, len(bases.base_class), per):
        blocks = {frozenset(b) for b in bases.base_class[start : start + per]}
        if blocks != {frozenset(f.number(f.symmetry.image(f, point[p])) for p in b) for b in blocks}:
            return False
    return True


def test_40_at_tables_of_4_come_from_a_base_class_the_multiplier_3_of_z13_keeps() -> None:
    assert multiplier_of_order_3(13) == 3
    bases = _symmetric_bases(40)
    assert (bases.frame.m, bases.frame.symmetry) == (13, Symmetry(3, 0))
    assert _kept(bases)
    assert developed()[40, 4].classes == bases.classes()
    assert len(bases.classes()) == 13


@pytest.mark.parametrize(("points", "m"), [(36, 11), (48, 15)])
def test_the_counts_missing_groups_of_3_come_from_a_base_class_that_turning_the_levels_keeps(
    points: int, m: int
) -> None:
    bases = _symmetric_bases(points)
    assert (bases.frame.m, bases.frame.fixed, bases.frame.symmetry) == (m, 3, Symmetry(1, 1))
    assert _kept(bases)
    assert developed()[points, 4].classes == bases.classes()
    assert design_problems(developed()[points, 4]) == []


def test_32_at_tables_of_4_come_from_two_base_classes_over_z5_that_a_map_keeping_the_pairs_keeps() -> None:
    """The plain cover of Z_5 × 6 levels + 2 gives no answer within 300,000 rows; asked only for
    classes that x → 2x, the levels as (0 3)(1 2 4 5) and ∞₁ ↔ ∞₂ keep, it answers at once."""
    bases = _symmetric_bases(32)
    f = bases.frame
    assert (f.m, f.levels, f.fixed, f.developed, f.symmetry) == (5, 6, 2, 2, PAIRS_KEPT)
    assert _kept(bases)
    design = developed()[32, 4]
    assert design.classes == bases.classes() and len(design.classes) == 10
    assert design_problems(design) == []
    met = {pair for blocks in design.classes for block in blocks for pair in itertools.combinations(block, 2)}
    never = set(itertools.combinations(range(32), 2)) - met
    assert never == {(p, p + 15) for p in range(15)} | {(30, 31)}  # (x, a) and (x, a + 3), ∞₁ and ∞₂


def test_a_symmetry_that_permutes_the_levels_is_shipped_as_its_permutations() -> None:
    entry = next(e for e in _shipped_entries() if (e["points"], e["size"]) == (32, 4))
    assert entry["symmetry"] == {"multiplier": 2, "shift": 0, "levels": [3, 2, 4, 0, 5, 1], "fixed": [1, 0]}
    assert from_data(entry) == _symmetric_bases(32)


def test_the_symmetric_search_is_exact_so_it_has_no_seed_and_finds_the_same_blocks_again() -> None:
    first, again = find_bases(_symmetric_frame(36)), find_bases(_symmetric_frame(36))
    assert first is not None and first == again and first.seed == 0


def test_a_symmetry_that_moves_only_the_fixed_points_keeps_no_base_class() -> None:
    """Turning 3 levels while swapping 2 fixed points: its cube swaps ∞₁ and ∞₂ and moves nothing else."""
    groups = frozenset((a, a, 5) for a in range(3))
    frame = Frame("resolvable design of blocks of 4 missing pairs", 10, 3, 2, 4, 1, 0, groups, Symmetry(1, 1))
    assert find_bases(frame) is None


def test_a_shipped_symmetric_design_names_its_symmetry_in_the_data() -> None:
    bases = _symmetric_bases(48)
    entry = next(e for e in _shipped_entries() if (e["points"], e["size"]) == (48, 4))
    assert entry["symmetry"] == {"multiplier": 1, "shift": 1}
    assert from_data(entry) == bases


def _shipped_entries() -> list[dict[str, Any]]:
    return list(json.loads(BASES_FILE.read_text())["designs"])


def test_kirkman_triple_systems_over_three_levels_come_from_the_exact_cover_search() -> None:
    """The depth-first search gave up on 33 and 45 over Z_11 and Z_15 × 3 levels; the cover finds them."""
    for points in (33, 45):
        frame = frames(points, 3)[0]
        assert (frame.m, frame.levels, frame.transversals, frame.exact) == (points // 3, 3, (points - 3) // 6, True)
        assert len(developed()[points, 3].classes) == (points - 1) // 2


def test_a_frame_with_no_solution_gives_none() -> None:
    """No nearly Kirkman triple system on 12 points exists (12 × 3 has no fifth repeat-free round)."""
    assert find_bases(frames(12, 3)[0]) is None


def test_the_shipped_data_is_what_its_search_finds() -> None:
    call_command("designs", "--check", stdout=open("/dev/null", "w"))  # noqa: SIM115


def test_searching_some_counts_again_keeps_the_other_entries_and_gives_the_same_data(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    copy = tmp_path / "design_bases.json"
    copy.write_text(BASES_FILE.read_text())
    monkeypatch.setattr(designs_command, "BASES_FILE", copy)
    call_command("designs", "--points", "15", "9", stdout=open("/dev/null", "w"))  # noqa: SIM115
    assert copy.read_text() == BASES_FILE.read_text()


def test_12_at_tables_of_3_have_four_repeat_free_rounds_and_no_fifth() -> None:
    assert repeat_free_limit(12, 3) == 4


def test_a_field_that_repeats_in_round_2_has_a_limit_of_1() -> None:
    assert repeat_free_limit(12, 4) == repeat_free_limit(6, 3) == 1


def test_9_at_tables_of_3_reach_the_four_rounds_of_their_design() -> None:
    assert repeat_free_limit(9, 3) == 4 == len(developed()[9, 3].classes)
