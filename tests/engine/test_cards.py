"""Counting card points in thirds from the cards of a pile."""

from __future__ import annotations

import pytest

from scoring.engine import count_cards, count_pile

FULL_78 = (
    [f"{rank}{suit}" for suit in "cshd" for rank in ["K", "Q", "C", "J", *map(str, range(1, 11))]]
    + ["I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X", "XI"]
    + ["XII", "XIII", "XIV", "XV", "XVI", "XVII", "XVIII", "XIX", "XX", "XXI", "Fool"]
)


@pytest.mark.parametrize(
    ("pile", "points"),
    [
        (["Qh", "Jc", "7s"], 5),
        (["Kh", "Jc", "2d"], 6),
        (["Kh", "Cs", "3c"], 7),
        (["Kd", "I", "Sküs"], 13),
        (["2h", "3h", "4h"], 1),
        (["Kh", "Qh", "Excuse"], 12),
    ],
)
def test_it_counts_groups_of_three_as_their_values_minus_two(pile: list[str], points: int) -> None:
    assert count_cards(pile).points == points
    assert count_cards(pile).thirds == 3 * points


def test_it_keeps_thirds_for_piles_not_a_multiple_of_three() -> None:
    king_and_three = count_cards(["Kh", "7c", "8c", "9c"])
    assert (king_and_three.thirds, str(king_and_three), king_and_three.points) == (16, "5⅓", 5)
    king_queen_and_three = count_cards(["Kh", "Qh", "7c", "8c", "9c"])
    assert (str(king_queen_and_three), king_queen_and_three.points) == ("8⅔", 9)


def test_it_counts_a_whole_pack_of_78_as_78() -> None:
    assert len(set(FULL_78)) == 78
    assert count_cards(FULL_78).points == 78


def test_it_counts_the_pack_of_54_as_70_and_of_66_as_74() -> None:
    assert count_pile(kings=4, queens=4, cavaliers=4, jacks=4, trull=3, others=35).points == 70
    assert count_pile(kings=4, queens=4, cavaliers=4, jacks=4, trull=3, others=47).points == 74


def test_it_makes_two_complementary_piles_add_up_to_the_pack_after_rounding() -> None:
    first = count_pile(kings=1, others=3)
    second = count_pile(kings=3, queens=4, cavaliers=4, jacks=4, trull=3, others=32)
    assert first.points + second.points == 70


def test_it_reads_35_and_two_cards_as_36() -> None:
    declarer = count_pile(kings=4, queens=4, cavaliers=1, jacks=1, others=4)
    assert (str(declarer), declarer.points) == ("35⅔", 36)


@pytest.mark.parametrize("card", ["Zh", "11c", "XXII", "K", ""])
def test_it_refuses_an_unknown_card(card: str) -> None:
    with pytest.raises(ValueError, match="not a card"):
        count_cards([card])


def test_it_refuses_a_card_twice_in_one_pile() -> None:
    with pytest.raises(ValueError, match="twice"):
        count_cards(["Kh", "kh"])


def test_it_refuses_more_counting_cards_than_a_pack_holds() -> None:
    with pytest.raises(ValueError, match="kings"):
        count_pile(kings=5)
