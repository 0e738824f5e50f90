"""The draw: layouts, the limits of design theory reached, fair byes and seats, history, groups, seeded rounds."""

from __future__ import annotations

import itertools
import math
import re
from collections import Counter
from collections.abc import Mapping, Sequence
from pathlib import Path

import pytest

from scoring.engine.refusal import Refusal
from scoring.tournaments.designs import Design, affine_space, developed, find_design, round_robin
from scoring.tournaments.draw import (
    Repeat,
    Round,
    count_repeats,
    draw_plan,
    draw_round,
    layout,
    lower_bound,
    repeated_pairs,
)

ROOT = Path(__file__).resolve().parents[2]

SIZE_SETS = [(3, 4), (4, 3), (3,), (4,), (2,)]


def players(n: int) -> list[int]:
    return list(range(1, n + 1))


def fits(n: int, sizes: Sequence[int]) -> bool:
    """Whether n entrants can be seated, by brute force (tables of 2: one bye allowed)."""
    if sizes == (2,):
        return n >= 2
    return n > 0 and any(
        sum(c * s for c, s in zip(counts, sizes, strict=True)) == n
        for counts in itertools.product(range(n + 1), repeat=len(sizes))
    )


def first_dealers(plan: Sequence[Round]) -> Counter[int]:
    return Counter(table[0] for round_ in plan for table in round_)


def group_pairs(plan: Sequence[Round], groups: Mapping[int, str]) -> int:
    return sum(
        1
        for round_ in plan
        for table in round_
        for a, b in itertools.combinations(table, 2)
        if a in groups and groups[a] == groups.get(b)
    )


def assert_seats_everyone_once(plan: Sequence[Round], entrants: Sequence[int], sizes: Sequence[int]) -> None:
    for round_ in plan:
        seated = [e for table in round_ for e in table]
        assert len(seated) == len(set(seated))
        assert set(seated) <= set(entrants)
        assert sorted(len(t) for t in round_) == sorted(layout(len(entrants), sizes))


# --- layout ---------------------------------------------------------------------------------


@pytest.mark.parametrize("sizes", SIZE_SETS)
def test_it_lays_out_every_count_from_2_to_130_with_the_preferred_size_as_often_as_possible(
    sizes: tuple[int, ...],
) -> None:
    preferred = sizes[0]
    for n in range(2, 131):
        if not fits(n, sizes):
            with pytest.raises(Refusal):
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
    with pytest.raises(Refusal, match=f"^{re.escape(message)}$"):
        layout(n, sizes)


@pytest.mark.parametrize("sizes", SIZE_SETS)
def test_the_numbers_to_add_or_withdraw_are_the_nearest_counts_that_fit(sizes: tuple[int, ...]) -> None:
    for n in range(1, 40):
        if fits(n, sizes):
            continue
        with pytest.raises(Refusal) as refusal:
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
    with pytest.raises(Refusal, match=re.escape(message)):
        layout(12, sizes)


# --- repeats and bounds ---------------------------------------------------------------------


def test_it_lists_each_meeting_beyond_the_first_with_the_round_they_met_last() -> None:
    plan: list[Round] = [((1, 2, 3), (4, 5, 6)), ((2, 1, 4), (3, 5, 6)), ((6, 2, 1), (3, 4, 5))]
    assert repeated_pairs(plan) == [
        Repeat(1, 2, 1, 0),
        Repeat(5, 6, 1, 0),
        Repeat(1, 2, 2, 1),
        Repeat(3, 5, 2, 1),
        Repeat(4, 5, 2, 0),
    ]
    assert count_repeats(plan) == 5


@pytest.mark.parametrize(
    ("n", "sizes", "rounds", "bound"),
    [
        (12, (4,), 1, 0),
        (12, (4,), 2, 3),
        (12, (4,), 3, 6),
        (12, [4, 4, 4], 3, 6),
        (16, (4,), 5, 0),
        (16, (4,), 6, 24),
        (15, (3,), 8, 15),
        (9, (3,), 5, 9),
        (10, (2,), 10, 5),
        (11, (2,), 11, 0),
        (11, (2,), 12, 5),
        (13, (4, 3), 6, 12),
        (8, (4,), 2, 4),
        (12, (3,), 4, 0),
        (12, (3,), 5, 1),
        (12, (3,), 6, 6),
        (24, (4,), 8, 12),
    ],
)
def test_it_knows_the_lower_bound(n: int, sizes: Sequence[int], rounds: int, bound: int) -> None:
    assert lower_bound(n, sizes, rounds) == bound


# --- the limits of design theory ------------------------------------------------------------

LIMITS = [
    (9, (3,), 4),
    (12, (3,), 4),
    (15, (3,), 7),
    (16, (4,), 5),
    (21, (3,), 10),
    (24, (4,), 5),
    (20, (4,), 5),
    (18, (3,), 8),
    (24, (3,), 11),
    (24, (4,), 7),
    (27, (3,), 13),
    (28, (4,), 9),
    (32, (4,), 10),
    (33, (3,), 16),
    (45, (3,), 22),
    (13, (4, 3), 4),
    (13, (3, 4), 4),
    (17, (4, 3), 4),
    (17, (3, 4), 4),
    (48, (3,), 8),
    (48, (4,), 8),
    (50, (4, 3), 8),
    (12, (4,), 1),
    (10, (2,), 9),
    (11, (2,), 11),
]


@pytest.mark.parametrize(("n", "sizes", "rounds"), LIMITS)
def test_it_reaches_the_repeat_free_limit(n: int, sizes: tuple[int, ...], rounds: int) -> None:
    plan = draw_plan(players(n), rounds, sizes, seed=7)
    assert len(plan) == rounds
    assert_seats_everyone_once(plan, players(n), sizes)
    assert count_repeats(plan) == 0


@pytest.mark.parametrize("rounds", [2, 3])
def test_it_reaches_the_forced_repeats_of_12_at_three_tables_of_4(rounds: int) -> None:
    plan = draw_plan(players(12), rounds, (4,), seed=1)
    assert count_repeats(plan) == lower_bound(12, (4,), rounds) == 3 * (rounds - 1)


@pytest.mark.parametrize("seed", [1, 7])
def test_24_at_tables_of_4_over_8_rounds_repeat_only_a_perfect_matching(seed: int) -> None:
    plan = draw_plan(players(24), 8, (4,), seed=seed)
    assert_seats_everyone_once(plan, players(24), (4,))
    repeats = repeated_pairs(plan)
    assert len(repeats) == lower_bound(24, (4,), 8) == 12
    assert sorted(p for r in repeats for p in (r.a, r.b)) == list(players(24))  # each player repeats once


def test_it_repeats_a_full_design_from_its_first_round_which_meets_the_counting_bound() -> None:
    plan = draw_plan(players(16), 6, (4,), seed=3)
    assert count_repeats(plan) == lower_bound(16, (4,), 6) == 24


def test_it_never_beats_the_lower_bound() -> None:
    for n, sizes, rounds in [(8, (4,), 3), (9, (3,), 6), (7, (3, 4), 4), (6, (2,), 7), (10, (4, 3), 5)]:
        assert count_repeats(draw_plan(players(n), rounds, sizes, seed=2)) >= lower_bound(n, sizes, rounds)


@pytest.mark.parametrize("design", [round_robin(7), round_robin(8), affine_space(3, 2), affine_space(4, 2)])
def test_every_constructed_design_seats_each_point_once_a_round_and_every_pair_once(design: Design) -> None:
    pairs = Counter(pair for blocks in design.classes for block in blocks for pair in itertools.combinations(block, 2))
    assert set(pairs.values()) == {1} and len(pairs) == design.points * (design.points - 1) // 2
    for blocks in design.classes:
        seated = [p for block in blocks for p in block]
        assert len(seated) == len(set(seated)) >= design.points - 1
        assert {len(block) for block in blocks} == {design.size}


def test_it_finds_the_design_for_a_count_and_size() -> None:
    assert find_design(15, 3) == developed()[15, 3]
    assert len(find_design(28, 4).classes) == 9  # type: ignore[union-attr]
    design = find_design(64, 4)
    assert design is not None and len(design.classes) == 21
    assert find_design(14, 3) is None


# --- determinism ----------------------------------------------------------------------------


@pytest.mark.parametrize(("n", "sizes", "rounds"), [(13, (4, 3), 4), (15, (3,), 5), (9, (2,), 6)])
def test_the_same_seed_gives_the_same_plan_and_other_seeds_other_plans(
    n: int, sizes: tuple[int, ...], rounds: int
) -> None:
    plans = [draw_plan(players(n), rounds, sizes, seed=seed) for seed in range(5)]
    assert draw_plan(players(n), rounds, sizes, seed=0) == plans[0]
    assert len({tuple(plan) for plan in plans}) >= 4


def test_the_order_of_the_entrants_does_not_matter() -> None:
    assert draw_round(players(14), (4, 3), seed=3) == draw_round(players(14)[::-1], (4, 3), seed=3)


def test_it_refuses_an_entrant_listed_twice() -> None:
    with pytest.raises(ValueError, match="entrant 3 is listed twice"):
        draw_round([1, 2, 3, 3, 4, 5], (3,), seed=1)


# --- byes -----------------------------------------------------------------------------------


def byes_in_order(plan: Sequence[Round], entrants: Sequence[int]) -> list[list[int]]:
    return [[e for e in entrants if all(e not in table for table in round_)] for round_ in plan]


def assert_no_second_bye_before_everybody_had_one(plan: Sequence[Round], entrants: Sequence[int]) -> None:
    had = dict.fromkeys(entrants, 0)
    for out in byes_in_order(plan, entrants):
        assert len(out) == len(entrants) % 2
        for e in out:
            assert had[e] == min(had.values())
            had[e] += 1


@pytest.mark.parametrize(("n", "rounds"), [(7, 7), (7, 16), (9, 12), (15, 4)])
def test_a_plan_at_tables_of_2_gives_nobody_a_second_bye_before_everybody_had_one(n: int, rounds: int) -> None:
    assert_no_second_bye_before_everybody_had_one(draw_plan(players(n), rounds, (2,), seed=5), players(n))


def test_round_by_round_at_tables_of_2_nobody_gets_a_second_bye_before_everybody_had_one() -> None:
    history: list[Round] = []
    for k in range(12):
        history.append(draw_round(players(9), (2,), seed=k, history=history))
    assert_no_second_bye_before_everybody_had_one(history, players(9))


def test_it_gives_the_bye_to_someone_with_the_fewest_when_told_the_byes() -> None:
    had = dict.fromkeys(players(7), 1) | {6: 0}
    round_ = draw_round(players(7), (2,), seed=1, byes=had)
    assert byes_in_order([round_], players(7)) == [[6]]


def test_a_late_entrant_who_has_not_played_has_had_no_bye() -> None:
    history = draw_plan(players(7), 6, (2,), seed=1)  # six of the seven had a bye
    never = byes_in_order(history, players(7))
    assert len(never) == 6
    fresh = next(e for e in players(7) if [e] not in never)
    round_ = draw_round([*players(7), 8, 9], (2,), seed=2, history=history)
    assert byes_in_order([round_], [*players(7), 8, 9])[0][0] in {fresh, 8, 9}


# --- seats ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("n", "sizes", "rounds"),
    [(16, (4,), 5), (15, (3,), 7), (13, (4, 3), 6), (24, (4,), 8), (11, (2,), 11), (28, (4,), 9), (24, (3,), 11)],
)
def test_nobody_deals_first_more_than_r_over_s_rounded_up_plus_one(n: int, sizes: tuple[int, ...], rounds: int) -> None:
    plan = draw_plan(players(n), rounds, sizes, seed=4)
    assert max(first_dealers(plan).values()) <= math.ceil(rounds / min(sizes)) + 1


def test_first_dealers_rotate_across_rounds_drawn_one_by_one() -> None:
    history: list[Round] = []
    for k in range(9):
        history.append(draw_round(players(12), (4,), seed=k, history=history))
    assert max(first_dealers(history).values()) <= math.ceil(9 / 4) + 1


@pytest.mark.parametrize(("n", "rounds", "most"), [(16, 5, 2), (28, 9, 3), (24, 7, 3)])
def test_seats_rotate_at_tables_of_4_so_nobody_keeps_one_seat(n: int, rounds: int, most: int) -> None:
    plan = draw_plan(players(n), rounds, (4,), seed=2)
    for e in players(n):
        seats = Counter(next(t.index(e) for t in round_ if e in t) for round_ in plan)
        assert max(seats.values()) <= most


# --- history ----------------------------------------------------------------------------------


def test_a_round_after_a_withdrawal_and_a_late_entry_avoids_every_earlier_meeting() -> None:
    history = draw_plan(players(12), 3, (3,), seed=1)
    entrants = [e for e in players(12) if e != 5] + [13]
    round_ = draw_round(entrants, (3,), seed=1, history=history)
    assert_seats_everyone_once([round_], entrants, (3,))
    assert 5 not in {e for t in round_ for e in t} and 13 in {e for t in round_ for e in t}
    assert count_repeats([*history, round_]) == 0


def test_a_round_after_a_history_that_forces_repeats_repeats_no_more_than_forced() -> None:
    history: list[Round] = [((1, 2, 3, 4), (5, 6, 7, 8), (9, 10, 11, 12))]
    round_ = draw_round(players(12), (4,), seed=1, history=history)
    assert count_repeats([*history, round_]) == 3


def test_of_equal_repeats_it_repeats_the_pairs_that_met_least() -> None:
    # 1 and 2 met twice, every other pair of 1 … 4 once (5 has withdrawn): each round of
    # tables of 2 repeats two pairs, and it should not seat 1 and 2 together a third time.
    history: list[Round] = [((1, 2), (3, 4)), ((1, 2), (3, 5)), ((1, 3), (2, 4)), ((1, 4), (2, 3))]
    round_ = draw_round([1, 2, 3, 4], (2,), seed=1, history=history)
    assert count_repeats([*history, round_]) - count_repeats(history) == 2
    assert {1, 2} not in [set(t) for t in round_]


def test_a_plan_after_history_continues_it() -> None:
    history = draw_plan(players(15), 3, (3,), seed=1)
    plan = draw_plan(players(15), 4, (3,), seed=2, history=history)
    assert count_repeats([*history, *plan]) == 0


# --- groups -----------------------------------------------------------------------------------

COUPLES = {1: "Huber", 2: "Huber", 3: "Moser", 4: "Moser", 5: "Egger", 6: "Egger", 7: "Gruber", 8: "Gruber"}


def test_a_plan_keeps_groups_apart_where_possible() -> None:
    plan = draw_plan(players(16), 3, (4,), seed=1, groups=COUPLES)
    assert count_repeats(plan) == 0
    assert group_pairs(plan, COUPLES) == 0


def test_a_round_keeps_groups_apart_where_possible() -> None:
    teams = {e: f"team {e % 3}" for e in players(12)}
    round_ = draw_round(players(12), (3,), seed=1, groups=teams)
    assert group_pairs([round_], teams) == 0


def test_repeats_weigh_more_than_groups() -> None:
    # 16 at tables of 4 for 5 rounds: every pair meets once, so a couple must meet once too.
    plan = draw_plan(players(16), 5, (4,), seed=1, groups={1: "Huber", 2: "Huber"})
    assert count_repeats(plan) == 0
    assert group_pairs(plan, {1: "Huber", 2: "Huber"}) == 1


# --- seeded rounds ----------------------------------------------------------------------------


def test_a_seeded_round_without_history_seats_the_best_at_table_1() -> None:
    round_ = draw_round(players(12), (4,), seed=1, ranking=[12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1])
    assert [set(t) for t in round_] == [{12, 11, 10, 9}, {8, 7, 6, 5}, {4, 3, 2, 1}]


def test_a_seeded_round_moves_entrants_one_table_at_most_to_avoid_repeats() -> None:
    history = draw_plan(players(24), 3, (4,), seed=3)
    ranking = players(24)
    round_ = draw_round(players(24), (4,), seed=1, history=history, ranking=ranking)
    for table_number, table in enumerate(round_):
        for e in table:
            assert abs(table_number - (ranking.index(e) // 4)) <= 1
    strict: Round = tuple(tuple(ranking[i : i + 4]) for i in range(0, 24, 4))
    assert count_repeats([*history, round_]) < count_repeats([*history, strict])
