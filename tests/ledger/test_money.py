"""Money of a sitting and a season at the club's tariff, and who pays whom: worked by hand."""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring.money import (
    SittingMoney,
    Transfer,
    largest_remainder,
    places_among_equals,
    round_half_away,
    season_balances,
    share_equally,
    sitting_money,
    transfers,
)

from .settling import settles


def money(*scores: tuple[str, int], tariff: str, **options: int | bool) -> SittingMoney:
    return sitting_money(list(scores), Decimal(tariff), **options)  # type: ignore[arg-type]


# --- rounding -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("cents", "rounded"),
    [("2.5", 3), ("-2.5", -3), ("2.4999", 2), ("-2.4999", -2), ("-0.5", -1), ("0.5", 1), ("-0.25", 0), ("7", 7)],
)
def test_it_rounds_halves_away_from_zero(cents: str, rounded: int) -> None:
    assert round_half_away(Decimal(cents)) == rounded


def test_it_rounds_exactly_beyond_the_decimal_context_precision() -> None:
    assert round_half_away(Decimal(f"{10**40}.5")) == 10**40 + 1
    assert round_half_away(Decimal(f"-{10**40}.4999")) == -(10**40)


def test_it_refuses_to_round_what_is_not_an_amount() -> None:
    with pytest.raises(ValueError, match="not an amount"):
        round_half_away(Decimal("NaN"))


def test_it_measures_a_negative_remainder_up_from_the_cent_below() -> None:
    # −3.75 starts at −4 with 0.25 to go, 3.25 at 3 with 0.25: the credit goes up first.
    assert largest_remainder([Fraction(-375, 100), Fraction(325, 100)], 0) == [-4, 4]
    assert largest_remainder([Fraction(-375, 100), Fraction(375, 100)], 0) == [-4, 4]


def test_it_never_moves_a_balance_that_is_already_whole() -> None:
    assert largest_remainder([Fraction(3), Fraction(1, 2), Fraction(-7, 2)], 0) == [3, 1, -4]


def test_it_shares_leftover_cents_to_the_first_seats_whatever_the_sign() -> None:
    assert share_equally(70, 3) == [24, 23, 23]
    assert share_equally(-5, 4) == [-2, -1, -1, -1]
    assert share_equally(2, 3) == [1, 1, 0]


# --- a sitting at a fractional tariff ---------------------------------------------------------


def test_it_rounds_each_balance_to_the_nearest_cent_when_that_adds_up() -> None:
    # 0.25 ct: 1.75, −0.75, −0.25, −0.75 → floors 1, −1, −1, −1 (sum −2); the two largest
    # remainders (A 0.75 and C 0.75) go up.
    sitting = money(("A", 7), ("B", -3), ("C", -1), ("D", -3), tariff="0.25")
    assert sitting.exact == {"A": Decimal("1.75"), "B": Decimal("-0.75"), "C": Decimal("-0.25"), "D": Decimal("-0.75")}
    assert sitting.balances == {"A": 2, "B": -1, "C": 0, "D": -1}
    assert sitting.kasse == 0


def test_it_gives_the_missing_cent_to_the_largest_remainder_even_a_debt() -> None:
    # 0.25 ct: 0.25, 0.25, −0.5. Each to its nearest cent would be 0, 0, −1 and lose a cent; the
    # debt of −0.5 has the largest remainder (0.5 above −1) and goes up to 0.
    sitting = money(("A", 1), ("B", 1), ("C", -2), tariff="0.25")
    assert sitting.balances == {"A": 0, "B": 0, "C": 0}


def test_it_rounds_a_half_cent_away_from_zero_whichever_seat_the_winner_sat_in() -> None:
    assert money(("A", 3), ("B", -3), tariff="0.5").balances == {"A": 2, "B": -2}
    assert money(("A", -3), ("B", 3), tariff="0.5").balances == {"A": -2, "B": 2}


def test_it_breaks_equal_remainders_of_credits_by_seat_order() -> None:
    # 0.25 ct: 0.25, 0.25, 0.25, −0.75, one cent to give: the first credit gets it.
    sitting = money(("A", 1), ("B", 1), ("C", 1), ("D", -3), tariff="0.25")
    assert sitting.balances == {"A": 1, "B": 0, "C": 0, "D": -1}


def test_it_breaks_equal_remainders_of_debts_by_seat_order() -> None:
    # 0.5 ct: −0.5, −0.5, 1; one cent to give back: the first debtor pays the lesser cent.
    assert money(("A", -1), ("B", -1), ("C", 2), tariff="0.5").balances == {"A": 0, "B": -1, "C": 1}


def test_it_rounds_a_tariff_of_twelve_and_a_half_cents() -> None:
    # 37.5, −12.5, −25: floors 37, −13, −25 (sum −1); A and B both 0.5 above, the credit goes up.
    sitting = money(("A", 3), ("B", -1), ("C", -2), tariff="12.5")
    assert sitting.balances == {"A": 38, "B": -13, "C": -25}


def test_it_needs_no_rounding_at_a_whole_tariff() -> None:
    sitting = money(("A", 24), ("B", -8), ("C", -16), tariff="10")
    assert sitting.balances == {"A": 240, "B": -80, "C": -160}
    assert sitting.kasse == 0


def test_it_keeps_the_seat_order() -> None:
    assert list(money(("Zoe", 2), ("Adam", -2), tariff="1").balances) == ["Zoe", "Adam"]


# --- Danish pots and fees ---------------------------------------------------------------------


def test_it_pays_what_the_pots_hold_into_the_kasse() -> None:
    # 0.5 ct, 3 points left in the pots: the players' exact sum −1.5 rounds to −2, so the Kasse
    # gets 2 cents; the balances 5, −3, −3.5 round to 5, −3, −4.
    sitting = money(("A", 10), ("B", -6), ("C", -7), tariff="0.5", pots_left=3)
    assert sitting.balances == {"A": 5, "B": -3, "C": -4}
    assert sitting.kasse == sitting.kasse_from_pots == 2


def test_it_shares_what_the_pots_hold_among_the_players_when_the_club_chooses() -> None:
    # 10 ct, 7 points in the pots = 70 cents: 24, 23, 23 by seat order; nothing to the Kasse.
    sitting = money(("A", 20), ("B", -12), ("C", -15), tariff="10", pots_left=7, share_pots=True)
    assert sitting.game == {"A": 200, "B": -120, "C": -150}
    assert sitting.pot_share == {"A": 24, "B": 23, "C": 23}
    assert sitting.balances == {"A": 224, "B": -97, "C": -127}
    assert sitting.kasse == 0


def test_it_shares_the_rounded_value_of_the_pots() -> None:
    sitting = money(("A", 10), ("B", -6), ("C", -7), tariff="0.5", pots_left=3, share_pots=True)
    assert sitting.pot_share == {"A": 1, "B": 1, "C": 0}
    assert sitting.balances == {"A": 6, "B": -2, "C": -4}
    assert sitting.kasse == 0


def test_it_takes_the_sheet_fee_from_every_player_into_the_kasse() -> None:
    sitting = money(("A", 10), ("B", -6), ("C", -7), tariff="0.5", pots_left=3, sheet_fee_cents=50)
    assert sitting.balances == {"A": -45, "B": -53, "C": -54}
    assert (sitting.kasse_from_pots, sitting.kasse_from_fees, sitting.kasse) == (2, 150, 152)


@pytest.mark.parametrize(
    ("scores", "options", "message"),
    [
        ([("A", 3), ("B", -2)], {}, "sum to 1, not to 0"),
        ([("A", 3), ("B", -3)], {"pots_left": 2}, "sum to 0, not to -2"),
        ([], {}, "at least one player"),
        ([("A", 1), ("A", -1)], {}, "sits twice"),
        ([("A", 1), ("B", -1)], {"sheet_fee_cents": -5}, "sheet fee"),
        ([("A", 1), ("B", 1)], {"pots_left": -2}, "less than nothing"),
    ],
)
def test_it_refuses_scores_that_are_not_a_sitting(
    scores: list[tuple[str, int]], options: dict[str, Any], message: str
) -> None:
    with pytest.raises(ValueError, match=message):
        sitting_money(scores, Decimal(10), **options)


def test_it_refuses_a_negative_tariff_and_a_float() -> None:
    with pytest.raises(ValueError, match="tariff"):
        money(("A", 1), ("B", -1), tariff="-0.5")
    with pytest.raises(TypeError, match="float"):
        sitting_money([("A", 1), ("B", -1)], 0.5)  # type: ignore[arg-type]


def test_it_refuses_money_that_does_not_balance() -> None:
    with pytest.raises(ValueError, match="do not sum to 0"):
        SittingMoney({"A": 1}, 0, {"A": Decimal(1)}, {"A": 1}, {"A": 0}, 0, 0, 0)


# --- a season ---------------------------------------------------------------------------------


def test_it_sums_a_season_per_player_and_for_the_kasse() -> None:
    first = money(("A", 10), ("B", -6), ("C", -7), tariff="0.5", pots_left=3, sheet_fee_cents=50)
    second = money(("C", 4), ("D", -4), tariff="12.5")
    season = season_balances([first, second])
    assert season.balances == {"A": -45, "B": -53, "C": -4, "D": -50}
    assert season.kasse == 152


def test_it_sums_an_empty_season_to_nothing() -> None:
    season = season_balances([])
    assert (season.balances, season.kasse) == ({}, 0)


# --- who pays whom ----------------------------------------------------------------------------


def test_it_lets_the_largest_debtor_pay_the_largest_creditor_with_the_kasse_as_a_party() -> None:
    sitting = money(("A", 10), ("B", -6), ("C", -7), tariff="0.5", pots_left=3)
    assert transfers(sitting.parties()) == [
        Transfer("C", "A", 4),
        Transfer("B", "Kasse", 2),
        Transfer("B", "A", 1),
    ]


def test_it_breaks_equal_amounts_by_name_whatever_the_order_given() -> None:
    expected = [Transfer("Anna", "Carl", 5), Transfer("bob", "Carl", 5)]
    assert transfers({"bob": -5, "Anna": -5, "Carl": 10}) == expected
    assert transfers({"Carl": 10, "Anna": -5, "bob": -5}) == expected


def test_it_needs_no_transfer_when_everybody_is_square() -> None:
    assert transfers({"A": 0, "B": 0, "Kasse": 0}) == []
    assert transfers({}) == []


def test_it_refuses_balances_that_do_not_sum_to_zero() -> None:
    with pytest.raises(ValueError, match="sum to 1 cents"):
        transfers({"A": 3, "B": -2})


def test_it_asks_for_another_kasse_name_when_a_player_has_it() -> None:
    sitting = money(("Kasse", 1), ("B", -1), tariff="10")
    with pytest.raises(ValueError, match="another name"):
        sitting.parties()
    assert sitting.parties("Club till") == {"Kasse": 10, "B": -10, "Club till": 0}


# --- properties over random sittings and seasons ----------------------------------------------

NAMES = ("Anna", "bob", "Cleo", "Dora", "Emil", "Fritz", "Gerda", "Kasse-Hans")

tariffs = st.one_of(
    st.sampled_from([Decimal(t) for t in ("0.25", "0.5", "12.5", "10", "1", "0.1", "0.125", "1.333", "0.01")]),
    st.decimals(min_value=0, max_value=50, places=3, allow_nan=False, allow_infinity=False),
)


@st.composite
def sittings(draw: st.DrawFn) -> dict[str, Any]:
    """A sitting's arguments: 1 to 8 players in seat order, game points summing to −pots."""
    names = draw(st.lists(st.sampled_from(NAMES), min_size=1, max_size=len(NAMES), unique=True))
    pots_left = draw(st.one_of(st.just(0), st.integers(min_value=0, max_value=600)))
    points = draw(st.lists(st.integers(-3000, 3000), min_size=len(names) - 1, max_size=len(names) - 1))
    points.append(-pots_left - sum(points))
    return {
        "scores": list(zip(names, points, strict=True)),
        "cents_per_point": draw(tariffs),
        "pots_left": pots_left,
        "share_pots": draw(st.booleans()),
        "sheet_fee_cents": draw(st.sampled_from([0, 0, 50, 100, 7])),
    }


@given(st.lists(sittings(), min_size=1, max_size=30))
def test_no_cent_is_lost_or_created_in_any_sitting_or_season(season: list[dict[str, Any]]) -> None:
    sittings_money = [sitting_money(**arguments) for arguments in season]
    for arguments, sitting in zip(season, sittings_money, strict=True):
        assert sum(sitting.balances.values()) + sitting.kasse == 0
        total = sum((points * arguments["cents_per_point"] for _, points in arguments["scores"]), Decimal(0))
        assert sum(sitting.game.values()) == round_half_away(total)
        for name, points in arguments["scores"]:
            assert sitting.exact[name] == points * arguments["cents_per_point"]
            assert abs(sitting.game[name] - sitting.exact[name]) < 1
            if not arguments["share_pots"]:
                assert abs(sitting.balances[name] + arguments["sheet_fee_cents"] - sitting.exact[name]) < 1
        parties = sitting.parties("the Kasse")
        settles(parties, transfers(parties))
    season_money = season_balances(sittings_money)
    assert sum(season_money.balances.values()) + season_money.kasse == 0
    assert season_money.kasse == sum(sitting.kasse for sitting in sittings_money)
    parties = season_money.parties("the Kasse")
    settles(parties, transfers(parties))


@given(st.dictionaries(st.sampled_from(NAMES), st.integers(-10_000, 10_000), max_size=len(NAMES)))
def test_transfers_settle_any_balances_that_sum_to_zero(balances: dict[str, int]) -> None:
    balances["the Kasse"] = -sum(balances.values())
    settles(balances, transfers(balances))
    assert transfers(balances) == transfers(dict(reversed(balances.items())))


def test_equal_amounts_settle_the_same_way_whatever_names_a_reader_sees() -> None:
    """Anna owes 60 and Bo 40; the Kasse and Katrin are each owed 50. By name, a German page and
    a Danish one (the Kasse as "Klubkasse") would settle the tie differently, and a transfer
    marked paid on one would be "no longer owed" on the other; by the parties' places it is one
    list: Anna pays the Kasse first."""
    ids = {"Anna": 3, "Bo": 1, "Katrin": 2}
    shown_as = [
        ({"Anna": -6000, "Bo": -4000, "Kasse": 5000, "Katrin": 5000}, "Kasse", ids),
        (
            {"A. H.": -6000, "B.": -4000, "Klubkasse": 5000, "K. M.": 5000},
            "Klubkasse",
            {"A. H.": 3, "B.": 1, "K. M.": 2},
        ),
    ]
    lists = []
    for balances, kasse, players in shown_as:
        named = {**players, kasse: 0}
        by_place = {place: name for name, place in named.items()}
        made = transfers(balances, places_among_equals(players, kasse))
        lists.append([(named[t.payer], named[t.payee], t.cents) for t in made])
        assert by_place[lists[-1][0][1]] == kasse
    assert lists[0] == lists[1] == [(3, 0, 5000), (1, 2, 4000), (3, 2, 1000)]
