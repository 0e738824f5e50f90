"""Dreiertarock: contracts and bonuses in cents, paid per defender."""

from __future__ import annotations

import pytest

from .helpers import ev, lines, refused, scores

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
