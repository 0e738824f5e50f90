"""Dreiertarock: contracts and bonuses in cents, paid per defender."""

from __future__ import annotations

import pytest

from scoring.engine import score_sitting

from .helpers import ev, lines, make_sitting, refused, scores

V = "dreiertarock"


def game(contract: str, points: int, *events: dict, **more: object) -> dict:
    return {"declarer": "A", "contract": contract, "declarer_points": points, "events": list(events), **more}


def test_it_nets_a_dreier_with_a_silent_pagat_ultimo_against_the_defenders_king_trull() -> None:
    deal = game("dreier", 40, ev("pagat_ultimo", side="declarer", result="won"), ev("king_trull", side="defenders"))
    assert scores(V, **deal) == [160, -80, -80]
    assert lines(V, **deal) == [
        ("A", 100),
        ("B", -50),
        ("C", -50),
        ("A", 80),
        ("B", -40),
        ("C", -40),
        ("A", -20),
        ("B", 10),
        ("C", 10),
    ]


def test_it_charges_a_lost_solo_and_a_failed_announced_uhu_per_defender() -> None:
    deal = game("solo", 30, ev("uhu", side="declarer", announced=True, result="lost"))
    assert scores(V, **deal) == [-480, 240, 240]


def test_it_pays_a_solo_valat_made_960_per_defender() -> None:
    assert lines(V, **game("solo_valat", 70, all_tricks=True)) == [("A", 1920), ("B", -960), ("C", -960)]


def test_it_charges_a_failed_solo_valat_960_per_defender() -> None:
    assert scores(V, **game("solo_valat", 69)) == [-1920, 960, 960]


def test_it_wins_with_35_and_two_cards_written_as_36() -> None:
    assert scores(V, **game("einser", 36)) == [60, -30, -30]
    assert scores(V, **game("einser", 35)) == [-60, 30, 30]


@pytest.mark.parametrize(
    ("contract", "value"),
    [("einser", 30), ("zweier", 40), ("dreier", 50), ("vierer", 60), ("fuenfer", 70), ("solo", 120)],
)
def test_it_values_each_contract_in_cents(contract: str, value: int) -> None:
    assert scores(V, **game(contract, 50)) == [2 * value, -value, -value]


@pytest.mark.parametrize(
    ("event", "each"),
    [
        (ev("tarock_trull", side="declarer"), 10),
        (ev("mondfang", side="defenders"), -10),
        (ev("kakadu", side="declarer", result="won"), 80),
        (ev("kakadu", side="declarer", announced=True, result="won"), 160),
        (ev("uhu", side="defenders", result="won"), -60),
        (ev("uhu", side="defenders", result="lost"), 60),
        (ev("pagat_ultimo", side="defenders", announced=True, result="lost"), 80),
    ],
)
def test_it_pays_each_bonus_per_defender(event: dict, each: int) -> None:
    assert scores(V, **game("einser", 40, event)) == [60 + 2 * each, -30 - each, -30 - each]


def test_it_refuses_an_announced_silent_only_bonus() -> None:
    assert refused(V, **game("einser", 40, ev("mondfang", side="declarer", announced=True))) == [(1, "events[0]")]


def test_it_refuses_a_lost_silent_only_bonus() -> None:
    assert refused(V, **game("einser", 40, ev("king_trull", side="declarer", result="lost"))) == [
        (1, "events[0].result")
    ]


def test_it_refuses_the_same_bonus_twice() -> None:
    events = [ev("uhu", side="declarer", result="won"), ev("uhu", side="defenders", result="lost")]
    assert refused(V, **game("einser", 40, *events)) == [(1, "events[1]")]


def test_it_refuses_any_bonus_in_a_solo_valat() -> None:
    assert refused(V, **game("solo_valat", 70, ev("king_trull", side="declarer"), all_tricks=True)) == [
        (1, "events[0]")
    ]


def test_it_refuses_trull_and_mondfang_for_different_sides() -> None:
    events = [ev("tarock_trull", side="declarer"), ev("mondfang", side="defenders")]
    assert refused(V, **game("einser", 40, *events)) == [(1, "events[1]")]


def test_it_refuses_a_defenders_bonus_when_the_declarer_took_every_trick() -> None:
    assert refused(V, **game("solo", 70, ev("king_trull", side="defenders"), all_tricks=True)) == [(1, "events[0]")]


def test_it_refuses_declarer_points_outside_the_pack() -> None:
    assert refused(V, **game("solo", 71)) == [(1, "declarer_points")]


def test_it_refuses_a_mondfang_listed_before_a_trull_of_the_other_side() -> None:
    events = [ev("mondfang", side="declarer"), ev("tarock_trull", side="defenders")]
    assert refused(V, **game("einser", 40, *events)) == [(1, "events[0]")]


def test_it_refuses_a_second_trull_of_the_other_side_without_crashing() -> None:
    events = [ev("tarock_trull", side="declarer"), ev("tarock_trull", side="defenders")]
    assert refused(V, **game("einser", 40, *events)) == [(1, "events[1]")]


def test_it_shows_a_lost_solo_with_a_failed_uhu_line_by_line() -> None:
    deal = game("solo", 30, ev("uhu", side="declarer", announced=True, result="lost"))
    assert lines(V, **deal) == [("A", -240), ("B", 120), ("C", 120), ("A", -240), ("B", 120), ("C", 120)]


def explained(options: dict | None = None, **deal: object) -> list[tuple[str, int, str]]:
    """Every line of a one-deal sitting, zero lines included, with its English reason."""
    result = score_sitting(make_sitting(V, deal, **(options or {})))
    return [(line["player"], line["points"], line["reason"]) for line in result["deals"][0]["lines"]]


def test_it_multiplies_the_contract_by_kontra_but_not_the_bonuses() -> None:
    deal = game("dreier", 40, ev("pagat_ultimo", side="declarer", result="won"), kontra=2)
    assert scores(V, **deal) == [280, -140, -140]
    assert lines(V, **deal)[:3] == [("A", 200), ("B", -100), ("C", -100)]


def test_it_charges_a_lost_solo_after_rekontra_four_times() -> None:
    assert scores(V, **game("solo", 30, kontra=4)) == [-960, 480, 480]


@pytest.mark.parametrize(("points", "all_tricks", "each"), [(70, True, 1920), (60, False, -1920)])
def test_it_multiplies_a_solo_valat_by_kontra_too(points: int, all_tricks: bool, each: int) -> None:
    assert scores(V, **game("solo_valat", points, all_tricks=all_tricks, kontra=2)) == [2 * each, -each, -each]


def test_it_says_kontra_and_rekontra_beside_the_game() -> None:
    assert explained(**game("dreier", 40, kontra=2))[0] == (
        "A",
        200,
        "Dreier won with 40 card points: 50 × 2 (Kontra): 100 from each defender",
    )
    assert explained(**game("solo_valat", 70, all_tricks=True, kontra=4))[1] == (
        "B",
        -3840,
        "Solo Valat made: 960 × 4 (Rekontra): 3840 from each defender",
    )


def test_it_keeps_kontra_off_a_penalty() -> None:
    deal = game("dreier", 40, ev("penalty", player="B", points=50), kontra=4)
    assert scores(V, **deal) == [400 + 50, -200 - 100, -200 + 50]


@pytest.mark.parametrize("kontra", [3, 0, 8, "2", True, None])
def test_it_refuses_a_kontra_other_than_1_2_or_4(kontra: object) -> None:
    assert refused(V, **game("dreier", 40, kontra=kontra)) == [(1, "kontra")]


def test_it_pays_the_clubs_silent_valat_on_top_of_the_game_and_the_bonuses() -> None:
    events = [ev("pagat_ultimo", side="declarer", result="won"), ev("king_trull", side="declarer")]
    deal = game("vierer", 70, *events, all_tricks=True)
    assert scores(V, options={"silent_valat": 240}, **deal) == [700, -350, -350]
    assert explained({"silent_valat": 240}, **deal)[3:6] == [
        ("A", 480, "silent valat: 240: 240 from each defender"),
        ("B", -240, "silent valat: 240: 240 from each defender"),
        ("C", -240, "silent valat: 240: 240 from each defender"),
    ]


def test_it_pays_nothing_for_a_silent_valat_by_default() -> None:
    assert lines(V, **game("vierer", 70, all_tricks=True)) == [("A", 120), ("B", -60), ("C", -60)]


def test_it_pays_a_silent_valat_only_when_the_declarer_took_every_trick() -> None:
    assert scores(V, options={"silent_valat": 240}, **game("vierer", 70)) == [120, -60, -60]


def test_it_pays_no_silent_valat_in_a_solo_valat() -> None:
    assert scores(V, options={"silent_valat": 240}, **game("solo_valat", 70, all_tricks=True)) == [1920, -960, -960]


def test_it_keeps_kontra_off_the_silent_valat() -> None:
    deal = game("vierer", 70, all_tricks=True, kontra=2)
    assert scores(V, options={"silent_valat": 240}, **deal) == [2 * (120 + 240), -(120 + 240), -(120 + 240)]


@pytest.mark.parametrize("value", [-1, 2.5, "240", True, 10001])
def test_it_refuses_a_silent_valat_that_is_not_a_whole_number_of_cents(value: object) -> None:
    assert refused(V, options={"silent_valat": value}, **game("einser", 40)) == [(None, "options.silent_valat")]


def test_it_voids_the_bonuses_of_a_valat_when_the_club_says_so() -> None:
    events = [ev("pagat_ultimo", side="declarer", result="won"), ev("tarock_trull", side="declarer")]
    deal = game("dreier", 68, *events, all_tricks=True)
    assert scores(V, options={"valat_voids_bonuses": True}, **deal) == [100, -50, -50]
    assert explained({"valat_voids_bonuses": True}, **deal)[3:] == [
        (name, 0, "silent Pagat ultimo of the declarer won: not paid, the declarer took every trick") for name in "ABC"
    ] + [
        (name, 0, "silent Tarock-Trull of the declarer won: not paid, the declarer took every trick") for name in "ABC"
    ]


def test_it_pays_the_bonuses_of_a_deal_without_a_valat_when_a_valat_voids_them() -> None:
    deal = game("dreier", 40, ev("pagat_ultimo", side="declarer", result="won"))
    assert scores(V, options={"valat_voids_bonuses": True}, **deal) == [180, -90, -90]


def test_it_still_pays_the_game_and_the_silent_valat_when_a_valat_voids_the_bonuses() -> None:
    deal = game("vierer", 70, ev("uhu", side="declarer", announced=True, result="lost"), all_tricks=True, kontra=2)
    options = {"valat_voids_bonuses": True, "silent_valat": 240}
    assert scores(V, options=options, **deal) == [2 * (120 + 240), -(120 + 240), -(120 + 240)]


@pytest.mark.parametrize(
    "events",
    [
        [ev("king_trull", side="defenders")],
        [ev("uhu", side="declarer", result="won"), ev("uhu", side="declarer", result="won")],
        [ev("mondfang", side="declarer", announced=True)],
    ],
)
def test_it_still_refuses_the_bonuses_a_valat_voids_that_break_a_rule(events: list) -> None:
    deal = game("dreier", 70, *events, all_tricks=True)
    assert refused(V, options={"valat_voids_bonuses": True}, **deal) == [(1, f"events[{len(events) - 1}]")]


@pytest.mark.parametrize("value", [1, "true", None])
def test_it_refuses_a_valat_voids_bonuses_that_is_not_true_or_false(value: object) -> None:
    assert refused(V, options={"valat_voids_bonuses": value}, **game("einser", 40)) == [
        (None, "options.valat_voids_bonuses")
    ]
