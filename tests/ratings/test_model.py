"""The rating arithmetic (``scoring.ratings.model``): no database, no Django settings needed."""

from __future__ import annotations

import datetime

from scoring.ratings.model import NEWCOMER, PROVISIONAL_UNTIL, Result, Skill, Standing, places, rate

DAY = datetime.date(2026, 3, 5)


def sitting(number: int, *standings: tuple[int, int, int], date: datetime.date = DAY) -> Result:
    """A sitting's result: (player, game points in deals played, deals played) per seat."""
    return Result(number, date, [Standing(*s) for s in standings])


def after(rated: list, sitting_id: int) -> dict[int, Skill]:
    return {r.player: r.skill for r in rated if r.sitting == sitting_id}


def test_it_ranks_by_game_points_and_equal_points_share_a_place() -> None:
    standings = [Standing(1, 30, 8), Standing(2, -10, 8), Standing(3, 30, 8), Standing(4, -50, 8)]
    assert places(standings) == {1: 1, 3: 1, 2: 3, 4: 4}


def test_players_who_share_a_place_are_moved_alike() -> None:
    rated = after(rate([sitting(1, (1, 20, 6), (2, 20, 6), (3, -40, 6))]), 1)
    assert rated[1] == rated[2]
    assert rated[1].mu > NEWCOMER.mu > rated[3].mu


def test_a_player_who_sat_out_every_deal_is_not_rated_by_the_sitting() -> None:
    rated = rate([sitting(1, (1, 20, 6), (2, -20, 6), (3, 0, 0))])
    assert {r.player for r in rated} == {1, 2}


def test_a_sitting_with_fewer_than_two_players_who_played_rates_nobody() -> None:
    assert rate([sitting(1, (1, 0, 3), (2, 0, 0), (3, 0, 0))]) == []


def test_a_sitting_whose_deals_were_all_thrown_in_changes_nothing() -> None:
    """Thrown-in deals are no deals played, and their points are not passed in."""
    played = sitting(1, (1, 20, 6), (2, -20, 6))
    thrown_in_only = sitting(2, (1, 0, 0), (2, 0, 0))
    alone = rate([played])
    assert rate([played, thrown_in_only]) == alone


def test_sittings_are_rated_in_date_order_whatever_order_they_come_in() -> None:
    early = sitting(7, (1, 20, 6), (2, -20, 6), date=datetime.date(2026, 1, 1))
    late = sitting(3, (1, -20, 6), (2, 20, 6), date=datetime.date(2026, 2, 1))
    assert rate([late, early]) == rate([early, late])
    assert [r.sitting for r in rate([late, early])] == [7, 7, 3, 3]


def test_two_sittings_of_one_day_are_rated_in_the_order_they_were_started() -> None:
    first = sitting(1, (1, 20, 6), (2, -20, 6))
    second = sitting(2, (1, -20, 6), (2, 20, 6))
    assert [r.sitting for r in rate([second, first])] == [1, 1, 2, 2]


def test_rating_from_the_skills_before_a_date_gives_what_rating_everything_gives() -> None:
    days = [datetime.date(2026, 1, d) for d in range(1, 8)]
    results = [sitting(n, (1, 10 * n - 30, 6), (2, 30 - 10 * n, 6), (3, 0, 6), date=days[n]) for n in range(1, 7)]
    everything = rate(results)
    before = {r.player: r.skill for r in everything if r.date < days[4]}
    assert rate([r for r in results if r.date >= days[4]], before) == [r for r in everything if r.date >= days[4]]


def test_a_newcomer_starts_at_1000_and_a_rating_is_the_mean_less_three_uncertainties() -> None:
    assert NEWCOMER.shown == 1000
    assert Skill(30.0, 2.0).shown == 1000 + 40 * 24


def test_a_rating_is_provisional_until_ten_rated_sittings() -> None:
    results = [sitting(n, (1, 20, 6), (2, -20, 6)) for n in range(1, PROVISIONAL_UNTIL + 1)]
    rated = [r.skill for r in rate(results) if r.player == 1]
    assert [skill.provisional for skill in rated] == [True] * (PROVISIONAL_UNTIL - 1) + [False]
    assert rated[-1].sittings == PROVISIONAL_UNTIL


def test_a_winner_rises_and_a_loser_falls() -> None:
    rated = after(rate([sitting(1, (1, 20, 6), (2, -5, 6), (3, -15, 6))]), 1)
    assert rated[1].shown > rated[2].shown > rated[3].shown
    assert all(skill.sigma < NEWCOMER.sigma for skill in rated.values())
