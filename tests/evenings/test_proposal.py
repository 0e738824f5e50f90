"""Tonight's proposal as rules (pure: no database)."""

from __future__ import annotations

import datetime
import itertools

import pytest

from scoring.engine.refusal import Refusal
from scoring.evenings.proposal import Group, PastRound, Season, placed, propose, swapped, table_sizes

MONDAY = datetime.date(2026, 11, 2)


def week(k: int) -> datetime.date:
    return MONDAY + datetime.timedelta(weeks=k)


def pairs(tables: tuple[tuple[int, ...], ...]) -> set[tuple[int, int]]:
    return {pair for table in tables for pair in itertools.combinations(sorted(table), 2)}


def test_players_who_sat_together_last_week_are_not_seated_together_when_the_plan_allows_it() -> None:
    last_week = PastRound(week(0), ((1, 2, 3, 4), (5, 6, 7, 8), (9, 10, 11, 12), (13, 14, 15, 16)))
    season = Season([last_week])
    proposal = propose(range(1, 17), (4, 3), seed=1, season=season)
    assert season.repeats(proposal.tables) == []
    assert not pairs(proposal.tables) & pairs(last_week.tables)


def test_the_same_check_ins_history_and_seed_give_the_same_tables() -> None:
    season = Season([PastRound(week(0), ((1, 2, 3), (4, 5, 6), (7, 8, 9)))])
    first = propose([9, 1, 5, 3, 7, 2, 8, 4, 6], (3,), seed=4, season=season)
    again = propose(list(range(1, 10)), (3,), seed=4, season=season)
    assert first == again


def test_the_next_seed_gives_another_proposal() -> None:
    season = Season([])
    tables = {propose(range(1, 13), (4, 3), seed=seed, season=season).tables for seed in (1, 2, 3)}
    assert len(tables) > 1


def test_among_equal_plans_the_repeats_fall_on_pairs_who_met_longest_ago() -> None:
    # six players at two tables of 3, who have nearly all met: every plan repeats, and of the
    # plans with the fewest repeats the proposal is one whose pairs met longest ago
    season = Season(
        [
            PastRound(week(0), ((1, 2, 3), (4, 5, 6))),
            PastRound(week(1), ((1, 4, 5), (2, 3, 6))),
            PastRound(week(2), ((1, 4, 6), (2, 3, 5))),
        ]
    )

    def worth(tables: tuple[tuple[int, ...], ...]) -> tuple[int, int]:
        repeats = season.repeats(tables)
        return len(repeats), sum(r.last.toordinal() for r in repeats)

    plans = [
        (first, tuple(p for p in range(1, 7) if p not in first)) for first in itertools.combinations(range(1, 7), 3)
    ]
    best = min(worth(plan) for plan in plans)
    for seed in range(1, 6):
        assert worth(propose(range(1, 7), (3,), seed=seed, season=season).tables) == best


def test_each_repeat_says_how_often_and_when_the_pair_last_sat_together() -> None:
    season = Season(
        [
            PastRound(week(0), ((1, 2, 3),)),
            PastRound(week(1), ((1, 2, 4),)),
            PastRound(week(2), ((1, 3, 4), (2, 5, 6))),
        ]
    )
    (repeat,) = [r for r in season.repeats(((1, 2, 5),)) if (r.a, r.b) == (1, 2)]
    assert (repeat.times, repeat.of, repeat.last) == (2, 3, week(1))


def test_the_fewest_repeats_knows_that_last_weeks_tables_must_share_tonights() -> None:
    # four who sat together and three who did: at a table of 4 and one of 3, three pairs repeat
    season = Season([PastRound(week(0), ((1, 2, 3, 4), (5, 6, 7)))])
    assert season.fewest_repeats(((1, 2, 5, 6), (3, 4, 7))) == 3
    assert len(season.repeats(propose(range(1, 8), (4, 3), seed=1, season=season).tables)) == 3


def test_the_fewest_repeats_are_those_of_the_round_s_own_table_sizes() -> None:
    # twelve who sat at three tables of 4: at four tables of 3 nobody need meet again, at three
    # tables of 4 each of the three old tables leaves a pair together
    season = Season([PastRound(week(0), ((1, 2, 3, 4), (5, 6, 7, 8), (9, 10, 11, 12)))])
    assert season.fewest_repeats(((1, 5, 9), (2, 6, 10), (3, 7, 11), (4, 8, 12))) == 0
    assert season.fewest_repeats(((1, 2, 5, 9), (3, 6, 7, 10), (4, 8, 11, 12))) == 3


def test_the_fewest_repeats_never_counts_a_pair_twice_from_a_day_of_two_sittings() -> None:
    # players 1 and 2 played two sittings together on one day: tonight's table of three with
    # player 3 repeats that one pair, not two
    season = Season([PastRound(week(0), ((1, 2, 4), (1, 2, 5)))])
    assert season.fewest_repeats(((1, 2, 3),)) == 1


def test_the_fewest_repeats_counts_whom_each_player_has_not_met_yet() -> None:
    # everyone of four has met everyone: a table of 4 repeats all six pairs
    season = Season([PastRound(week(0), ((1, 2, 3, 4),))])
    assert season.fewest_repeats(((1, 2, 3, 4),)) == 6
    assert Season([]).fewest_repeats(((1, 2, 3, 4),)) == 0


def test_a_couple_who_want_to_play_apart_sit_at_different_tables() -> None:
    couple = Group("Huber", frozenset({1, 2}), together=False)
    for seed in range(1, 6):
        proposal = propose(range(1, 9), (4, 3), seed=seed, season=Season([]), groups=[couple])
        assert placed(couple, proposal.tables)


def test_a_couple_who_want_to_play_together_sit_at_one_table() -> None:
    couple = Group("Berger", frozenset({3, 7}), together=True)
    for seed in range(1, 6):
        proposal = propose(range(1, 13), (4, 3), seed=seed, season=Season([]), groups=[couple])
        assert placed(couple, proposal.tables)


def test_a_group_too_big_for_a_table_cannot_be_placed_together() -> None:
    five = Group("Stammtisch", frozenset({1, 2, 3, 4, 5}), together=True)
    proposal = propose(range(1, 9), (4,), seed=1, season=Season([]), groups=[five])
    assert not placed(five, proposal.tables)


def test_first_dealers_rotate_over_the_season() -> None:
    season = Season([PastRound(week(0), ((1, 2, 3, 4),))])
    proposal = propose([1, 2, 3, 4], (4,), seed=1, season=season)
    assert proposal.tables[0][0] != 1


def test_an_odd_count_at_kosakeln_gives_one_bye_to_someone_who_had_none() -> None:
    proposal = propose(range(1, 6), (2,), seed=1, season=Season([]), byes={1: 1, 2: 1, 3: 1, 4: 1})
    assert proposal.byes == (5,)
    assert len(proposal.tables) == 2


def test_too_few_players_are_refused() -> None:
    with pytest.raises(Refusal, match="tables need at least 3"):
        propose([1, 2], (4, 3), seed=1, season=Season([]))


def test_the_preferred_table_size_comes_first() -> None:
    assert table_sizes((3, 4), 4) == (4, 3)
    assert table_sizes((3, 4), 3) == (3, 4)
    assert table_sizes((2,), 4) == (2,)


def test_a_swap_changes_two_players_places_and_nothing_else() -> None:
    assert swapped(((1, 2, 3), (4, 5, 6)), 2, 6) == ((1, 6, 3), (4, 5, 2))
