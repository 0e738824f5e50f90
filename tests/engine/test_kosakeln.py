"""Kosakeln: two players, game value by contract, valat instead of the game, announced bonuses."""

from __future__ import annotations

import pytest

from scoring.engine import score_sitting

from .helpers import ev, lines, make_sitting, refused, scores

V = "kosakeln"


def game(contract: str, points: int, *events: dict, declarer: str = "A") -> dict:
    return {"declarer": declarer, "contract": contract, "declarer_points": points, "events": list(events)}


VOIDS = {"valat_voids_bonuses": True}


def explained(options: dict, **deal: object) -> list[tuple[str, int, str]]:
    """The breakdown of a one-deal sitting under these options: (player, points, reason)."""
    result = score_sitting(make_sitting(V, deal, **options))
    return [(line["player"], line["points"], line["reason"]) for line in result["deals"][0]["lines"]]


def test_it_adds_a_pagat_ultimo_announced_after_the_talon_to_an_einblatt() -> None:
    deal = game("einblatt", 40, ev("pagat_ultimo", player="A", announced="after", result="won"))
    assert lines(V, **deal) == [("A", 9), ("B", -9), ("A", 10), ("B", -10)]


def test_it_doubles_a_bonus_announced_before_the_talon() -> None:
    assert scores(V, **game("einblatt", 40, ev("pagat_ultimo", player="A", announced="before", result="won"))) == [
        29,
        -29,
    ]


def test_it_pays_a_silent_valat_four_times_the_game_instead_of_the_game() -> None:
    assert lines(V, **game("solo", 60, ev("valat", player="A"))) == [("A", 48), ("B", -48)]


def test_it_pays_a_silent_valat_of_the_defender_to_the_defender() -> None:
    assert scores(V, **game("zweiblatt", 10, ev("valat", player="B"))) == [-24, 24]


@pytest.mark.parametrize(("result", "declarer"), [("won", 72), ("lost", -72)])
def test_it_settles_an_announced_valat_at_eight_times_the_game(result: str, declarer: int) -> None:
    assert scores(V, **game("einblatt", 60, ev("valat", player="A", announced=True, result=result))) == [
        declarer,
        -declarer,
    ]


def test_it_counts_35_and_two_cards_as_the_least_win_and_35_as_a_loss() -> None:
    assert scores(V, **game("zweiblatt", 35)) == [-6, 6]
    assert scores(V, **game("zweiblatt", 36)) == [6, -6]


@pytest.mark.parametrize(("contract", "value"), [("dreiblatt", 3), ("zweiblatt", 6), ("einblatt", 9), ("solo", 12)])
def test_it_values_the_game_by_the_contract(contract: str, value: int) -> None:
    assert scores(V, **game(contract, 50)) == [value, -value]


@pytest.mark.parametrize(
    ("kind", "contract", "timing", "value"),
    [
        ("uhu", "dreiblatt", None, 3),
        ("uhu", "dreiblatt", "after", 7),
        ("pelikan", "zweiblatt", "before", 24),
        ("quapil", "einblatt", "after", 16),
        ("quapil", "solo", "before", 36),
        ("absolut", "solo", "after", 9),
        ("panzer", "einblatt", "before", 24),
        ("without_trull", "zweiblatt", "after", 2),
        ("without_kings", "dreiblatt", "before", 2),
    ],
)
def test_it_values_each_bonus_by_contract_and_announcement(
    kind: str, contract: str, timing: str | None, value: int
) -> None:
    g = {"dreiblatt": 3, "zweiblatt": 6, "einblatt": 9, "solo": 12}[contract]
    assert scores(V, **game(contract, 55, ev(kind, player="A", announced=timing, result="won"))) == [
        g + value,
        -g - value,
    ]


def test_it_takes_the_solo_value_for_any_announcement_in_a_solo() -> None:
    after = scores(V, **game("solo", 50, ev("uhu", player="A", announced="after", result="won")))
    before = scores(V, **game("solo", 50, ev("uhu", player="A", announced="before", result="won")))
    assert after == before == [40, -40]


def test_it_makes_the_announcer_pay_a_lost_bonus() -> None:
    assert scores(V, **game("dreiblatt", 50, ev("pelikan", player="B", announced="after", result="lost"))) == [
        3 + 8,
        -3 - 8,
    ]


@pytest.mark.parametrize(("kind", "value"), [("trull", 1), ("four_kings", 1), ("four_birds", 3)])
def test_it_pays_held_bonuses_from_the_other_player(kind: str, value: int) -> None:
    assert scores(V, **game("dreiblatt", 20, ev(kind, player="B"))) == [-3 - value, 3 + value]


def test_it_refuses_a_sitting_of_other_than_two_players() -> None:
    assert refused(V, players=["A", "B", "C"], **game("solo", 40)) == [(None, "players")]


def test_it_refuses_a_sitting_out_player() -> None:
    assert refused(V, sitting_out="B", **game("solo", 40)) == [(1, "sitting_out")]


@pytest.mark.parametrize(
    ("kind", "points", "result"), [("absolut", 39, "won"), ("panzer", 49, "won"), ("absolut", 45, "lost")]
)
def test_it_refuses_a_points_bonus_whose_result_contradicts_the_card_points(
    kind: str, points: int, result: str
) -> None:
    assert refused(V, **game("einblatt", points, ev(kind, player="A", announced="after", result=result))) == [
        (1, "events[0]")
    ]


@pytest.mark.parametrize("kind", ["absolut", "panzer", "without_trull", "without_kings"])
def test_it_refuses_a_declarers_bonus_by_the_defender(kind: str) -> None:
    assert (1, "events[0]") in refused(
        V, **game("einblatt", 20, ev(kind, player="B", announced="after", result="lost"))
    )


@pytest.mark.parametrize("kind", ["without_trull", "without_kings"])
def test_it_refuses_without_trull_or_kings_won_when_the_declarer_lost(kind: str) -> None:
    assert refused(V, **game("einblatt", 30, ev(kind, player="A", announced="after", result="won"))) == [
        (1, "events[0]")
    ]


@pytest.mark.parametrize("kind", ["absolut", "panzer", "without_trull", "without_kings"])
def test_it_refuses_a_silent_bonus_that_has_no_silent_value(kind: str) -> None:
    assert (1, "events[0]") in refused(V, **game("einblatt", 60, ev(kind, player="A", result="won")))


def test_it_refuses_the_same_bonus_twice() -> None:
    events = [ev("uhu", player="A", result="won"), ev("uhu", player="B", result="lost")]
    assert refused(V, **game("einblatt", 40, *events)) == [(1, "events[1]")]


def test_it_refuses_two_valats() -> None:
    assert refused(V, **game("einblatt", 40, ev("valat", player="A"), ev("valat", player="A"))) == [(1, "events[1]")]


def test_it_refuses_a_lost_silent_valat() -> None:
    assert refused(V, **game("einblatt", 40, ev("valat", player="A", result="lost"))) == [(1, "events[0]")]


def test_it_refuses_a_valat_announced_by_the_defender() -> None:
    assert refused(V, **game("einblatt", 10, ev("valat", player="B", announced=True))) == [(1, "events[0]")]


def test_it_refuses_a_bird_won_against_a_valat() -> None:
    events = [ev("valat", player="A"), ev("uhu", player="B", result="won")]
    assert refused(V, **game("einblatt", 65, *events)) == [(1, "events[1]")]


def test_it_refuses_a_held_bonus_claimed_by_both_players() -> None:
    assert refused(V, **game("einblatt", 40, ev("four_kings", player="A"), ev("four_kings", player="B"))) == [
        (1, "events[1]")
    ]


def test_it_refuses_trull_and_four_birds_by_different_players() -> None:
    assert refused(V, **game("einblatt", 40, ev("trull", player="A"), ev("four_birds", player="B"))) == [
        (1, "events[1]")
    ]


@pytest.mark.parametrize("timing", [True, "during", ""])
def test_it_refuses_an_announcement_other_than_after_or_before(timing: object) -> None:
    assert refused(V, **game("einblatt", 40, ev("uhu", player="A", announced=timing, result="won"))) == [
        (1, "events[0].announced")
    ]


def test_it_shows_a_bonus_announced_before_the_talon_line_by_line() -> None:
    deal = game("einblatt", 40, ev("pagat_ultimo", player="A", announced="before", result="won"))
    assert lines(V, **deal) == [("A", 9), ("B", -9), ("A", 20), ("B", -20)]


def test_it_decides_a_lost_game_by_the_defenders_valat() -> None:
    events = [ev("valat", player="B"), ev("without_kings", player="A", announced="after", result="won")]
    assert refused(V, **game("einblatt", 40, *events)) == [(1, "events[1]")]


def test_it_counts_a_declarers_valat_as_a_won_game_whatever_the_card_points() -> None:
    events = [ev("valat", player="A"), ev("without_kings", player="A", announced="after", result="won")]
    assert scores(V, **game("einblatt", 30, *events)) == [36 + 3, -36 - 3]


def test_it_pays_a_failed_announced_valat_and_the_defenders_silent_valat_instead_of_the_game() -> None:
    events = [ev("valat", player="A", announced=True, result="lost"), ev("valat", player="B")]
    assert lines(V, **game("zweiblatt", 4, *events)) == [("A", -48), ("B", 48), ("B", 24), ("A", -24)]


@pytest.mark.parametrize(
    "first",
    [ev("valat", player="A"), ev("valat", player="A", announced=True, result="won")],
    ids=["silent", "announced"],
)
def test_it_refuses_two_made_valats(first: dict) -> None:
    assert refused(V, **game("einblatt", 40, first, ev("valat", player="B"))) == [(1, "events[1]")]


def test_it_refuses_a_failed_announced_valat_beside_the_declarers_own_silent_valat() -> None:
    events = [ev("valat", player="A"), ev("valat", player="A", announced=True, result="lost")]
    assert refused(V, **game("einblatt", 60, *events)) == [(1, "events[1]")]


def test_it_gives_the_birds_to_the_defender_whose_valat_stands_beside_a_failed_announced_one() -> None:
    events = [
        ev("valat", player="A", announced=True, result="lost"),
        ev("valat", player="B"),
        ev("uhu", player="A", result="won"),
    ]
    assert refused(V, **game("zweiblatt", 4, *events)) == [(1, "events[2]")]


def test_it_pays_no_bonus_of_the_play_or_for_cards_held_in_a_valat_deal_when_a_valat_voids_bonuses() -> None:
    events = [ev("valat", player="A"), ev("trull", player="A"), ev("pagat_ultimo", player="A", result="won")]
    assert scores(V, options=VOIDS, **game("solo", 66, *events)) == [48, -48]
    assert scores(V, **game("solo", 66, *events)) == [48 + 1 + 3, -48 - 1 - 3]


def test_it_shows_each_voided_bonus_as_lines_of_0_saying_why() -> None:
    events = [ev("valat", player="A"), ev("trull", player="A")]
    assert explained(VOIDS, **game("solo", 66, *events))[2:] == [
        ("A", 0, "A holds Trull: not paid, a valat voids every bonus"),
        ("B", 0, "A holds Trull: not paid, a valat voids every bonus"),
    ]


def test_it_voids_the_bonuses_by_the_defenders_valat_beside_a_failed_announced_one() -> None:
    events = [
        ev("valat", player="A", announced=True, result="lost"),
        ev("valat", player="B"),
        ev("four_birds", player="B"),
    ]
    assert scores(V, options=VOIDS, **game("zweiblatt", 4, *events)) == [-72, 72]


def test_it_voids_nothing_for_a_failed_announced_valat_alone() -> None:
    events = [ev("valat", player="A", announced=True, result="lost"), ev("trull", player="A")]
    assert scores(V, options=VOIDS, **game("einblatt", 40, *events)) == [-72 + 1, 72 - 1]


def test_it_still_applies_the_consistency_rules_to_bonuses_a_valat_voids() -> None:
    events = [ev("valat", player="A"), ev("uhu", player="B", result="won")]
    assert refused(V, options=VOIDS, **game("einblatt", 65, *events)) == [(1, "events[1]")]


def test_it_pays_penalties_also_when_a_valat_voids_bonuses() -> None:
    events = [ev("valat", player="A"), ev("penalty", player="B", points=5)]
    assert scores(V, options=VOIDS, **game("solo", 66, *events)) == [48 + 5, -48 - 5]


def test_it_refuses_a_valat_voids_bonuses_option_that_is_not_true_or_false() -> None:
    deal = game("solo", 40)
    assert refused(V, options={"valat_voids_bonuses": "yes"}, **deal) == [(None, "options.valat_voids_bonuses")]
