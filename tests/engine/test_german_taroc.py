"""German Taroc (1754): over/under 26, declarations and Pagat events paid by each opponent."""

from __future__ import annotations

import pytest

from .helpers import cp, ev, lines, refused, scores

V = "german_taroc"


def test_it_settles_the_source_example_40_20_18_net_against_26() -> None:
    assert lines(V, card_points=cp(40, 20, 18)) == [("A", 14), ("B", -6), ("C", -8)]


def test_it_pays_twelve_tarocks_20_from_each_opponent() -> None:
    deal = {"card_points": cp(40, 20, 18), "declarations": [ev("tarocks", player="A", count=12)]}
    assert scores(V, **deal) == [54, -26, -28]
    assert lines(V, **deal) == [("A", 14), ("B", -6), ("C", -8), ("A", 40), ("B", -20), ("C", -20)]


def test_it_pays_a_pagat_ultimo_10_from_each_opponent() -> None:
    deal = {"card_points": cp(26, 26, 26), "events": [ev("pagat", player="B", result="ultimo")]}
    assert lines(V, **deal) == [("B", 20), ("A", -10), ("C", -10)]


@pytest.mark.parametrize(
    ("declaration", "each"),
    [
        (ev("tarocks", count=10), 10),
        (ev("tarocks", count=21), 65),
        (ev("matadors", count=3), 10),
        (ev("matadors", count=4), 15),
        (ev("cavalry", suit="hearts"), 10),
        (ev("half_cavalry", suit="clubs"), 5),
        (ev("four_kings"), 10),
        (ev("three_kings"), 5),
    ],
)
def test_it_values_each_declaration_from_each_opponent(declaration: dict, each: int) -> None:
    assert scores(V, card_points=cp(26, 26, 26), declarations=[{**declaration, "player": "C"}]) == [
        -each,
        -each,
        2 * each,
    ]


@pytest.mark.parametrize(("result", "each"), [("lost", -5), ("lost_last_trick", -10), ("ultimo", 10)])
def test_it_pays_the_pagat_event_to_or_from_each_opponent(result: str, each: int) -> None:
    assert scores(V, card_points=cp(26, 26, 26), events=[ev("pagat", player="A", result=result)]) == [
        2 * each,
        -each,
        -each,
    ]


def test_it_pays_4_from_each_for_keeping_the_excuse_with_no_trick() -> None:
    assert scores(V, card_points=cp(30, 48, 0), events=[ev("excuse_no_tricks", player="C")]) == [0, 18, -18]


def test_it_gives_the_sitting_out_player_nothing() -> None:
    four = ["A", "B", "C", "D"]
    result = scores(V, players=four, sitting_out="A", card_points={"B": 40, "C": 20, "D": 18})
    assert result == [0, 14, -6, -8]


def test_it_refuses_tarocks_counting_the_excuse() -> None:
    assert refused(V, card_points=cp(26, 26, 26), declarations=[ev("tarocks", player="A", count=22)]) == [
        (1, "declarations[0].count")
    ]


def test_it_refuses_more_than_21_tarocks_declared_in_one_deal() -> None:
    decl = [ev("tarocks", player="A", count=11), ev("tarocks", player="B", count=11)]
    assert refused(V, card_points=cp(26, 26, 26), declarations=decl) == [(1, "declarations")]


def test_it_refuses_the_same_declaration_twice_by_one_player() -> None:
    decl = [ev("four_kings", player="A"), ev("four_kings", player="A")]
    assert (1, "declarations[1]") in refused(V, card_points=cp(26, 26, 26), declarations=decl)


def test_it_refuses_two_cavalry_declarations_for_one_suit() -> None:
    decl = [ev("cavalry", player="A", suit="hearts"), ev("half_cavalry", player="B", suit="hearts")]
    assert refused(V, card_points=cp(26, 26, 26), declarations=decl) == [(1, "declarations[1]")]


def test_it_allows_cavalries_of_different_suits() -> None:
    decl = [ev("cavalry", player="A", suit="hearts"), ev("cavalry", player="A", suit="spades")]
    assert scores(V, card_points=cp(26, 26, 26), declarations=decl) == [40, -20, -20]


@pytest.mark.parametrize("other", ["three_kings", "four_kings"])
def test_it_refuses_four_kings_beside_another_kings_declaration(other: str) -> None:
    decl = [ev("four_kings", player="A"), ev(other, player="B")]
    assert refused(V, card_points=cp(26, 26, 26), declarations=decl) == [(1, "declarations[1]")]


@pytest.mark.parametrize(
    ("first", "second"),
    [
        (ev("matadors", count=3), ev("three_kings")),
        (ev("half_cavalry", suit="hearts"), ev("half_cavalry", suit="clubs")),
        (ev("three_kings"), ev("matadors", count=3)),
    ],
)
def test_it_refuses_two_players_declaring_with_the_one_excuse(first: dict, second: dict) -> None:
    decl = [{**first, "player": "A"}, {**second, "player": "B"}]
    assert refused(V, card_points=cp(26, 26, 26), declarations=decl) == [(1, "declarations[1]")]


def test_it_allows_one_player_several_declarations_with_the_excuse() -> None:
    decl = [ev("matadors", player="A", count=3), ev("three_kings", player="A")]
    assert scores(V, card_points=cp(26, 26, 26), declarations=decl) == [30, -15, -15]


def test_it_refuses_two_pagat_events() -> None:
    events = [ev("pagat", player="A", result="lost"), ev("pagat", player="B", result="ultimo")]
    assert refused(V, card_points=cp(26, 26, 26), events=events) == [(1, "events[1]")]


def test_it_refuses_two_excuse_no_tricks_events() -> None:
    events = [ev("excuse_no_tricks", player="A"), ev("excuse_no_tricks", player="B")]
    assert refused(V, card_points=cp(0, 0, 78), events=events) == [(1, "events[1]")]


def test_it_refuses_a_pagat_ultimo_by_a_player_who_took_no_trick() -> None:
    events = [ev("excuse_no_tricks", player="A"), ev("pagat", player="A", result="ultimo")]
    assert refused(V, card_points=cp(0, 40, 38), events=events) == [(1, "events[1]")]


@pytest.mark.parametrize(("kind", "count"), [("tarocks", 9), ("matadors", 2), ("matadors", 23)])
def test_it_refuses_a_count_out_of_range(kind: str, count: int) -> None:
    decl = [ev(kind, player="A", count=count)]
    assert refused(V, card_points=cp(26, 26, 26), declarations=decl) == [(1, "declarations[0].count")]
