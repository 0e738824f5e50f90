"""Droggn: per-defender payments, base value plus overshoot over 37, doubling."""

from __future__ import annotations

import pytest

from scoring.engine import InvalidSitting, score_sitting

from .helpers import ev, lines, make_sitting, refused, scores

V = "droggn"


def messages(variant: str, **deal: object) -> list[str]:
    """Every problem of a one-deal sitting that must be refused, as ``score`` prints it."""
    with pytest.raises(InvalidSitting) as refusal:
        score_sitting(make_sitting(variant, deal))
    return [str(problem) for problem in refusal.value.problems]


def game(contract: str, points: int, **more: object) -> dict:
    return {"declarer": "A", "contract": contract, "declarer_points": points, **more}


def test_it_scores_the_source_solo_53_with_a_silent_pagat_ultimo() -> None:
    deal = game("solo", 40, events=[ev("pagat_ultimo", side="declarer", result="won")])
    assert scores(V, **deal) == [106, -53, -53]
    assert lines(V, **deal) == [("A", 86), ("B", -43), ("C", -43), ("A", 20), ("B", -10), ("C", -10)]


def test_it_pays_167_per_defender_for_a_super_mord_made() -> None:
    assert lines(V, **game("super_mord", 74, all_tricks=True)) == [("A", 334), ("B", -167), ("C", -167)]


def test_it_pays_187_per_defender_for_a_super_mord_with_an_announced_gstiess_ultimo() -> None:
    deal = game("super_mord", 74, all_tricks=True, events=[ev("gstiess_ultimo")])
    assert scores(V, **deal) == [374, -187, -187]
    assert lines(V, **deal) == [("A", 334), ("B", -167), ("C", -167), ("A", 40), ("B", -20), ("C", -20)]


def test_it_pays_187_for_a_super_mord_with_an_announced_pagat_ultimo() -> None:
    event = ev("pagat_ultimo", side="declarer", announced=True, result="won")
    assert scores(V, **game("super_mord", 74, all_tricks=True, events=[event])) == [374, -187, -187]


def test_it_charges_a_failed_super_mord_167_per_defender() -> None:
    assert scores(V, **game("super_mord", 60)) == [-334, 167, 167]


def test_it_charges_a_failed_super_mord_the_clubs_amount() -> None:
    assert scores(V, options={"super_mord_loss": 200}, **game("super_mord", 60)) == [-400, 200, 200]


def test_it_multiplies_a_super_mord_too() -> None:
    assert scores(V, **game("super_mord", 74, all_tricks=True, multiplier=2)) == [668, -334, -334]


@pytest.mark.parametrize(("multiplier", "each"), [(1, 48), (2, 96), (4, 192)])
def test_it_multiplies_a_doubled_or_redoubled_solo(multiplier: int, each: int) -> None:
    assert scores(V, **game("solo", 45, multiplier=multiplier)) == [2 * each, -each, -each]


@pytest.mark.parametrize(("points", "each"), [(37, 20), (36, -21), (30, -27), (0, -57), (74, 57)])
def test_it_adds_the_winning_sides_overshoot_to_the_ansager(points: int, each: int) -> None:
    assert scores(V, **game("ansager", points)) == [2 * each, -each, -each]


@pytest.mark.parametrize(("contract", "each"), [("ansager", 57), ("solo", 77), ("super", 117)])
def test_it_pays_a_match_base_plus_37(contract: str, each: int) -> None:
    assert scores(V, **game(contract, 40, all_tricks=True)) == [2 * each, -each, -each]


@pytest.mark.parametrize(
    ("event", "each"),
    [
        (ev("pagat_ultimo", side="declarer", result="won"), 10),
        (ev("pagat_ultimo", side="declarer", announced=True, result="won"), 20),
        (ev("pagat_ultimo", side="declarer", result="lost"), -10),
        (ev("pagat_ultimo", side="defenders", announced=True, result="lost"), 20),
        (ev("pagat_ultimo", side="defenders", result="won"), -10),
        (ev("pagat_captured", by="declarer"), 5),
        (ev("pagat_captured", by="defenders"), -5),
    ],
)
def test_it_pays_pagat_bonuses_per_defender_whoever_wins_the_game(event: dict, each: int) -> None:
    assert scores(V, **game("ansager", 37, events=[event])) == [40 + 2 * each, -20 - each, -20 - each]


def test_it_makes_the_dealer_sit_out_at_a_table_of_four() -> None:
    deal = {"dealer": "D", "sitting_out": "D", **game("solo", 40)}
    assert scores(V, players=["A", "B", "C", "D"], **deal) == [86, -43, -43, 0]


def test_it_refuses_a_sitting_out_player_other_than_the_dealer() -> None:
    deal = {"dealer": "D", "sitting_out": "C", **game("solo", 40)}
    assert refused(V, players=["A", "B", "C", "D"], **deal) == [(1, "sitting_out")]


def test_it_refuses_all_tricks_with_fewer_than_37_points() -> None:
    assert refused(V, **game("solo", 36, all_tricks=True)) == [(1, "all_tricks")]


def test_it_refuses_a_gstiess_ultimo_outside_super_mord() -> None:
    assert refused(V, **game("solo", 40, events=[ev("gstiess_ultimo")])) == [(1, "events[0]")]


def test_it_refuses_a_lost_gstiess_ultimo() -> None:
    deal = game("super_mord", 74, all_tricks=True, events=[ev("gstiess_ultimo", result="lost")])
    assert refused(V, **deal) == [(1, "events[0].result")]


@pytest.mark.parametrize(
    "event",
    [
        ev("pagat_ultimo", side="declarer", result="won"),
        ev("pagat_ultimo", side="defenders", announced=True, result="lost"),
        ev("pagat_captured", by="declarer"),
    ],
)
def test_it_refuses_any_bonus_but_the_declarers_announced_ultimo_in_a_super_mord(event: dict) -> None:
    assert refused(V, **game("super_mord", 74, all_tricks=True, events=[event])) == [(1, "events[0]")]


@pytest.mark.parametrize(
    "event", [ev("pagat_ultimo", side="defenders", result="won"), ev("pagat_captured", by="defenders")]
)
def test_it_refuses_a_defenders_pagat_bonus_when_the_declarer_took_every_trick(event: dict) -> None:
    assert refused(V, **game("solo", 60, all_tricks=True, events=[event])) == [(1, "events[0]")]


def test_it_refuses_two_events_about_the_pagat() -> None:
    events = [ev("pagat_captured", by="declarer"), ev("pagat_ultimo", side="declarer", result="won")]
    assert refused(V, **game("solo", 40, events=events)) == [(1, "events[1]")]


@pytest.mark.parametrize("multiplier", [3, 0, "2", True])
def test_it_refuses_a_multiplier_other_than_1_2_or_4(multiplier: object) -> None:
    assert refused(V, **game("solo", 40, multiplier=multiplier)) == [(1, "multiplier")]


@pytest.mark.parametrize(("field", "value"), [("contract", "mord"), ("declarer_points", 75), ("declarer_points", -1)])
def test_it_refuses_a_contract_or_points_outside_the_table(field: str, value: object) -> None:
    assert refused(V, **{**game("solo", 40), field: value}) == [(1, field)]


def test_it_shows_a_redoubled_solo_and_an_ansager_match_line_by_line() -> None:
    assert lines(V, **game("solo", 45, multiplier=4)) == [("A", 384), ("B", -192), ("C", -192)]
    assert lines(V, **game("ansager", 50, all_tricks=True)) == [("A", 114), ("B", -57), ("C", -57)]


def test_it_pays_nothing_for_a_defenders_pagat_captured_by_his_partner() -> None:
    deal = game("solo", 40, multiplier=2, events=[ev("pagat_captured", by="own_side")])
    assert scores(V, **deal) == [172, -86, -86]
    assert lines(V, **deal) == [("A", 172), ("B", -86), ("C", -86)]


def test_it_records_a_pagat_captured_by_its_holders_partner_on_the_sheet() -> None:
    result = score_sitting(make_sitting(V, game("solo", 40, events=[ev("pagat_captured", by="own_side")])))
    assert [(x["player"], x["points"], x["reason"]) for x in result["deals"][0]["lines"][3:]] == [
        (name, 0, "Pagat captured by the holder's partner: nothing paid") for name in "ABC"
    ]


@pytest.mark.parametrize("order", [1, -1])
def test_it_pays_both_a_failed_announced_ultimo_and_the_early_capture_of_its_pagat(order: int) -> None:
    events = [ev("pagat_ultimo", side="declarer", announced=True, result="lost"), ev("pagat_captured", by="defenders")]
    deal = game("solo", 40, multiplier=2, events=events[::order])
    assert scores(V, **deal) == [72, -36, -36]


@pytest.mark.parametrize(("by", "each"), [("declarer", 43 + 20 + 5), ("own_side", 43 + 20)])
def test_it_pays_a_defenders_failed_announced_ultimo_beside_the_capture_of_his_pagat(by: str, each: int) -> None:
    events = [ev("pagat_ultimo", side="defenders", announced=True, result="lost"), ev("pagat_captured", by=by)]
    assert scores(V, **game("solo", 40, events=events)) == [2 * each, -each, -each]


@pytest.mark.parametrize(
    ("ultimo", "by"),
    [
        (ev("pagat_ultimo", side="declarer", announced=True, result="lost"), "declarer"),
        (ev("pagat_ultimo", side="declarer", announced=True, result="lost"), "own_side"),
        (ev("pagat_ultimo", side="defenders", announced=True, result="lost"), "defenders"),
    ],
)
def test_it_refuses_the_capture_of_a_failed_announcers_pagat_by_his_own_side(ultimo: dict, by: str) -> None:
    assert refused(V, **game("solo", 40, events=[ultimo, ev("pagat_captured", by=by)])) == [(1, "events[1]")]


def test_it_says_who_may_capture_the_pagat_of_a_failed_announced_ultimo() -> None:
    events = [ev("pagat_ultimo", side="declarer", announced=True, result="lost"), ev("pagat_captured", by="own_side")]
    assert messages(V, **game("solo", 40, events=events)) == [
        "deal 1: the declarer's Pagat can be captured only by the defenders"
    ]


@pytest.mark.parametrize(
    "ultimo",
    [
        ev("pagat_ultimo", side="declarer", result="lost"),
        ev("pagat_ultimo", side="declarer", announced=True, result="won"),
        ev("pagat_ultimo", side="defenders", result="won"),
    ],
)
def test_it_refuses_a_capture_beside_any_other_pagat_ultimo(ultimo: dict) -> None:
    assert refused(V, **game("solo", 40, events=[ultimo, ev("pagat_captured", by="defenders")])) == [(1, "events[1]")]


def test_it_refuses_a_third_event_about_the_pagat_beside_a_failed_ultimo_and_its_capture() -> None:
    events = [
        ev("pagat_ultimo", side="declarer", announced=True, result="lost"),
        ev("pagat_captured", by="defenders"),
        ev("pagat_captured", by="defenders"),
    ]
    assert refused(V, **game("solo", 40, events=events)) == [(1, "events[2]")]


def test_it_refuses_a_pagat_captured_by_its_holders_partner_when_the_declarer_took_every_trick() -> None:
    assert refused(V, **game("solo", 60, all_tricks=True, events=[ev("pagat_captured", by="own_side")])) == [
        (1, "events[0]")
    ]


def test_it_scores_a_thrown_in_deal_at_a_table_of_four_with_the_dealer_sitting_out() -> None:
    deal = {"dealer": "C", "sitting_out": "C", "thrown_in": True, "events": [ev("penalty", player="D", points=5)]}
    assert scores(V, players=["A", "B", "C", "D"], **deal) == [5, 5, 0, -10]


def test_it_refuses_a_thrown_in_deal_whose_sitting_out_player_is_not_the_dealer() -> None:
    deal = {"dealer": "C", "sitting_out": "D", "thrown_in": True}
    assert refused(V, players=["A", "B", "C", "D"], **deal) == [(1, "sitting_out")]
