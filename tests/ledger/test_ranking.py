"""Season tables in every ranking mode, with minimum attendance and ties: worked by hand."""

from __future__ import annotations

import datetime
from decimal import Decimal

import pytest

from scoring.engine.refusal import Refusal
from scoring.ledger.ranking import (
    FIELD,
    Mode,
    Placement,
    PlayerSeason,
    Row,
    SittingResult,
    cup_points,
    field_points,
    season_table,
)

FRIDAY = datetime.date(2026, 1, 9)


def played(*results: tuple[int, int]) -> PlayerSeason:
    """A player's season from his sitting results (game points, deals played), one Friday apart."""
    return PlayerSeason.of(
        [
            SittingResult(FRIDAY + datetime.timedelta(weeks=week), points, deals)
            for week, (points, deals) in enumerate(results)
        ]
    )


def placed(*places: tuple[int, int]) -> list[Placement]:
    return [Placement(place, field_size) for place, field_size in places]


def table(rows: list[Row]) -> list[tuple[int | None, str, int | Decimal]]:
    return [(row.rank, row.player, row.figure) for row in rows]


# Anna and Bert end level on 90, Bert after a single sitting.
TOTALS = {
    "Cleo": played((-60, 48), (10, 40), (-20, 30)),
    "Bert": played((90, 48)),
    "Anna": played((120, 48), (-30, 24)),
    "Dora": played((40, 36), (20, 24)),
}

# Per deal: Anna 100/30 = 3.333…, Bert 133/40 = 3.325: different, but both 3.33 at two decimals.
PER_DEAL = {
    "Anna": played((60, 18), (40, 12)),
    "Bert": played((133, 40)),
    "Cleo": played((-27, 8)),
    "Dora": played((170, 50)),
}

# Best two: Anna 50 + 30, Dora 40 + 40, Bert has only one sitting, Cleo's best two are both losses.
BEST = {
    "Anna": played((50, 40), (-20, 40), (30, 40), (10, 40)),
    "Bert": played((70, 40)),
    "Cleo": played((-10, 40), (-40, 40)),
    "Dora": played((40, 40), (40, 40), (-100, 40)),
}

CUP = {
    "Anna": placed((1, 8), (3, 10), (2, 6)),
    "Bert": placed((2, 8), (1, 10)),
    "Cleo": placed((16, 20), (5, 8)),
    "Dora": placed((4, 8)),
}


# --- total ------------------------------------------------------------------------------------


def test_it_ranks_by_the_sum_of_game_points_and_skips_a_rank_after_a_tie() -> None:
    rows = season_table(Mode(), TOTALS)
    assert table(rows) == [(1, "Anna", 90), (1, "Bert", 90), (3, "Dora", 60), (4, "Cleo", -70)]
    assert [(row.sittings, row.deals, row.points, row.ranked) for row in rows] == [
        (2, 72, 90, True),
        (1, 48, 90, True),
        (2, 60, 60, True),
        (3, 118, -70, True),
    ]


def test_it_lists_tied_players_by_name_whatever_the_case() -> None:
    rows = season_table(Mode(), {"bob": played((5, 10)), "Anna": played((5, 10)), "Zoe": played((5, 10))})
    assert table(rows) == [(1, "Anna", 5), (1, "bob", 5), (1, "Zoe", 5)]


def test_it_leaves_out_players_without_a_sitting() -> None:
    assert table(season_table(Mode(), {"Anna": played((5, 10)), "Bert": played()})) == [(1, "Anna", 5)]


def test_it_marks_a_player_with_an_open_sitting_provisional() -> None:
    open_sitting = SittingResult(FRIDAY, 12, 10, provisional=True)
    rows = season_table(Mode(), {"Anna": PlayerSeason.of([open_sitting]), "Bert": played((3, 10))})
    assert [(row.player, row.provisional) for row in rows] == [("Anna", True), ("Bert", False)]


# --- minimum attendance -----------------------------------------------------------------------


def test_it_lists_a_player_below_the_minimum_attendance_unranked_below_the_others() -> None:
    rows = season_table(Mode(minimum_attendance=2), TOTALS)
    assert table(rows) == [(1, "Anna", 90), (2, "Dora", 60), (3, "Cleo", -70), (None, "Bert", 90)]
    assert [row.ranked for row in rows] == [True, True, True, False]


def test_it_counts_missing_sittings_as_zero_when_the_club_chooses() -> None:
    rows = season_table(Mode(minimum_attendance=2, fill_missing=True), TOTALS)
    assert table(rows) == [(1, "Anna", 90), (1, "Bert", 90), (3, "Dora", 60), (4, "Cleo", -70)]
    assert [(row.player, row.sittings, row.counted_as_zero) for row in rows if row.counted_as_zero] == [("Bert", 1, 1)]


def test_it_orders_several_unranked_players_by_figure_then_name() -> None:
    rows = season_table(Mode(minimum_attendance=4), TOTALS)
    assert table(rows) == [(None, "Anna", 90), (None, "Bert", 90), (None, "Dora", 60), (None, "Cleo", -70)]


# --- per deal and scaled ----------------------------------------------------------------------


def test_it_ranks_per_deal_to_two_decimals_and_ties_what_is_equal_there() -> None:
    rows = season_table(Mode("per_deal"), PER_DEAL)
    assert table(rows) == [
        (1, "Dora", Decimal("3.40")),
        (2, "Anna", Decimal("3.33")),
        (2, "Bert", Decimal("3.33")),  # 3.325, half away from zero
        (4, "Cleo", Decimal("-3.38")),  # −3.375, half away from zero
    ]


def test_it_counts_only_the_deals_a_player_played() -> None:
    rows = season_table(Mode("per_deal"), {"Anna": played((30, 12), (0, 0))})
    assert (rows[0].sittings, rows[0].deals, rows[0].figure) == (2, 12, Decimal("2.50"))


def test_it_cannot_rank_per_deal_a_player_who_played_no_deal() -> None:
    # Emil sat out every deal but paid his founding stake into the pots.
    rows = season_table(Mode("per_deal"), {"Emil": played((-5, 0)), "Anna": played((-1, 10))})
    assert table(rows) == [(1, "Anna", Decimal("-0.10")), (None, "Emil", Decimal("0.00"))]


def test_it_scales_the_exact_figure_per_deal_to_the_list_length_and_rounds_once() -> None:
    # Anna: 100/30 × 48 = 160.00 (not 3.33 × 48 = 159.84); Bert 133/40 × 48 = 159.60.
    rows = season_table(Mode("scaled", list_length=48), PER_DEAL)
    assert table(rows) == [
        (1, "Dora", Decimal("163.20")),
        (2, "Anna", Decimal("160.00")),
        (3, "Bert", Decimal("159.60")),
        (4, "Cleo", Decimal("-162.00")),
    ]


def test_it_ties_scaled_figures_that_are_equal_at_two_decimals() -> None:
    # Anna 1/96 × 48 = 0.5 exactly, Bert 2/193 × 48 = 0.4974…: both 0.50.
    rows = season_table(Mode("scaled", list_length=48), {"Anna": played((1, 96)), "Bert": played((2, 193))})
    assert table(rows) == [(1, "Anna", Decimal("0.50")), (1, "Bert", Decimal("0.50"))]


def test_it_dilutes_a_figure_per_deal_by_the_missing_sittings_when_filling() -> None:
    # M = 2: one sitting of two, so the figure is halved (a missing sitting is 0 points over the
    # player's own average deals per sitting). Bert 133/80 = 1.6625, Dora 1.70, Cleo −1.6875.
    rows = season_table(Mode("per_deal", minimum_attendance=2, fill_missing=True), PER_DEAL)
    assert table(rows) == [
        (1, "Anna", Decimal("3.33")),
        (2, "Dora", Decimal("1.70")),
        (3, "Bert", Decimal("1.66")),
        (4, "Cleo", Decimal("-1.69")),
    ]


def test_it_leaves_players_below_the_minimum_unranked_per_deal() -> None:
    rows = season_table(Mode("scaled", list_length=48, minimum_attendance=2), PER_DEAL)
    assert table(rows) == [
        (1, "Anna", Decimal("160.00")),
        (None, "Dora", Decimal("163.20")),
        (None, "Bert", Decimal("159.60")),
        (None, "Cleo", Decimal("-162.00")),
    ]


# --- best n -----------------------------------------------------------------------------------


def test_it_ranks_by_the_best_k_sittings_and_all_of_them_when_fewer() -> None:
    rows = season_table(Mode("best_n", best=2), BEST)
    assert table(rows) == [(1, "Anna", 80), (1, "Dora", 80), (3, "Bert", 70), (4, "Cleo", -50)]
    assert [row.points for row in rows] == [70, -20, 70, -50]


def test_it_leaves_players_below_the_minimum_unranked_in_best_n() -> None:
    rows = season_table(Mode("best_n", best=2, minimum_attendance=3), BEST)
    assert table(rows) == [(1, "Anna", 80), (1, "Dora", 80), (None, "Bert", 70), (None, "Cleo", -50)]


def test_it_lets_a_sitting_counted_as_zero_replace_a_loss_among_the_best() -> None:
    # M = 3: Bert 70, 0, 0 → 70; Cleo −10, −40, 0 → 0 + −10.
    rows = season_table(Mode("best_n", best=2, minimum_attendance=3, fill_missing=True), BEST)
    assert table(rows) == [(1, "Anna", 80), (1, "Dora", 80), (3, "Bert", 70), (4, "Cleo", -10)]


# --- cup --------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("place", "field_size", "points"),
    [(1, 8, 100), (2, 8, 63), (4, 8, 19), (5, 8, 8), (8, 8, 0), (3, 10, 47), (2, 6, 51), (16, 20, 1), (1, 1, 100)],
)
def test_it_gives_cup_points_by_the_size_of_the_field(place: int, field_size: int, points: int) -> None:
    assert field_points(place, field_size) == points


def test_it_rounds_half_a_cup_point_up() -> None:
    assert field_points(2, 3) == 13  # 100 × (1/2)³ = 12.5


def test_it_gives_cup_points_from_the_club_table_and_none_past_its_end() -> None:
    assert [cup_points(Placement(place, 20), (25, 20, 16)) for place in (1, 2, 3, 4, 20)] == [25, 20, 16, 0, 0]


def test_it_ranks_the_cup_by_the_best_k_tournaments_from_the_default_table() -> None:
    # Anna 25, 16, 20 → 45; Bert 20 + 25 = 45; Dora 13; Cleo 0 + 11.
    rows = season_table(Mode("cup", best=2), {"Anna": played((5, 10))}, CUP)
    assert table(rows) == [(1, "Anna", 45), (1, "Bert", 45), (3, "Dora", 13), (4, "Cleo", 11)]
    assert [(row.player, row.tournaments, row.sittings, row.points) for row in rows][:2] == [
        ("Anna", 3, 1, 5),
        ("Bert", 2, 0, 0),
    ]


def test_it_counts_every_tournament_by_field_size_when_k_is_not_set() -> None:
    # Anna 100 + 47 + 51; Bert 63 + 100; Dora 19; Cleo 1 + 8.
    rows = season_table(Mode("cup", cup_table=FIELD), {}, CUP)
    assert table(rows) == [(1, "Anna", 198), (2, "Bert", 163), (3, "Dora", 19), (4, "Cleo", 9)]


def test_it_counts_tournaments_for_the_minimum_attendance_of_the_cup() -> None:
    assert table(season_table(Mode("cup", best=2, minimum_attendance=2), {}, CUP))[-1] == (None, "Dora", 13)
    filled = season_table(Mode("cup", best=2, minimum_attendance=2, fill_missing=True), {}, CUP)
    assert table(filled)[2] == (3, "Dora", 13)
    assert filled[2].counted_as_zero == 1


def test_it_lists_in_the_cup_only_players_with_a_placement() -> None:
    assert [row.player for row in season_table(Mode("cup"), {"Emil": played((5, 10))}, CUP)] == [
        "Anna",
        "Bert",
        "Dora",
        "Cleo",
    ]


# --- settings ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("mode", "field", "message"),
    [
        (Mode("scaled"), "list_length", "scaled needs a list length of at least 1"),
        (Mode("scaled", list_length=0), "list_length", "scaled needs a list length of at least 1"),
        (Mode("best_n"), "best", "best_n needs a number of best sittings of at least 1"),
        (Mode("cup", best=0), "best", "cup counts the best K tournaments: K is 1 or more, or empty for all"),
        (Mode("cup", cup_table=()), "cup_table", "the cup table needs points for at least the first place, or 'field'"),
        (Mode("cup", cup_table=(10, -1)), "cup_table", "cup points are whole numbers, 0 or more"),
        (Mode("cup", cup_table=(10, 12)), "cup_table", "a better place cannot earn fewer cup points than a worse one"),
        (Mode(minimum_attendance=-1), "minimum_attendance", "the minimum attendance is a whole number, 0 or more"),
        (Mode("elo"), "mode", "unknown ranking mode 'elo'; one of total, per_deal, scaled, best_n, cup"),
    ],
)
def test_it_explains_settings_that_make_no_table(mode: Mode, field: str, message: str) -> None:
    assert [(problem.field, problem.message) for problem in mode.problems()] == [(field, message)]
    with pytest.raises(Refusal, match=message.split(":")[0]):
        season_table(mode, TOTALS)


def test_it_ignores_settings_the_mode_does_not_use() -> None:
    assert Mode("total", list_length=0, best=0, cup_table=()).problems() == []


def test_it_refuses_a_place_outside_the_field_and_a_negative_deal_count() -> None:
    with pytest.raises(ValueError, match="place 9"):
        Placement(9, 8)
    with pytest.raises(ValueError, match="-1 deals"):
        SittingResult(FRIDAY, 0, -1)
