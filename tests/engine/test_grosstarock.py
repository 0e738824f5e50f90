"""Grosstarock: over/under 26, declarations, bonuses and announced valat and nolo."""

from __future__ import annotations

import pytest

from .helpers import cp, ev, lines, refused, scores

V = "grosstarock"


def test_it_scores_the_readme_example_line_by_line() -> None:
    deal = {
        "card_points": cp(40, 20, 18),
        "declarations": [ev("tarocks", player="A", count=12)],
        "events": [ev("pagat_ultimo", player="B", result="won")],
    }
    assert scores(V, **deal) == [39, 4, -43]
    assert lines(V, **deal) == [
        ("A", 14), ("B", -6), ("C", -8),
        ("A", 40), ("B", -20), ("C", -20),
        ("B", 30), ("A", -15), ("C", -15),
    ]  # fmt: skip


def test_it_pays_an_announced_valat_before_the_first_trick_without_card_points() -> None:
    deal = {
        "card_points": cp(78, 0, 0),
        "events": [ev("announced_valat", player="A", before_trick=1, result="won")],
    }
    assert lines(V, **deal) == [("A", 104), ("B", -52), ("C", -52)]


def test_it_settles_a_failed_announced_nolo_plus_its_penalty() -> None:
    deal = {
        "card_points": cp(20, 30, 28),
        "events": [ev("announced_nolo", player="A", before_trick=13, result="lost")],
    }
    assert scores(V, **deal) == [-16, 9, 7]
    assert lines(V, **deal) == [("A", -6), ("B", 4), ("C", 2), ("A", -10), ("B", 5), ("C", 5)]


def test_it_scores_exactly_26_card_points_as_zero() -> None:
    assert scores(V, card_points=cp(26, 26, 26)) == [0, 0, 0]


@pytest.mark.parametrize(
    ("declaration", "each"),
    [
        (ev("tarocks", count=22), 70),
        (ev("matadors", count=5), 20),
        (ev("kings", count=3), 5),
        (ev("kings", count=4), 10),
        (ev("kings", count=7), 25),
        (ev("cavalry", suit="spades"), 10),
        (ev("half_cavalry", suit="spades"), 5),
        (ev("four_queens"), 5),
        (ev("four_cavaliers"), 5),
        (ev("four_jacks"), 5),
        (ev("ladons", count=16), 15),
        (ev("ladons", count=28), 75),
    ],
)
def test_it_values_each_declaration_from_each_opponent(declaration: dict, each: int) -> None:
    assert scores(V, card_points=cp(26, 26, 26), declarations=[{**declaration, "player": "B"}]) == [
        -each,
        2 * each,
        -each,
    ]


def test_it_reads_three_kings_and_the_skus_as_four_honours_worth_10() -> None:
    assert scores(V, card_points=cp(26, 26, 26), declarations=[ev("kings", player="A", count=4)]) == [
        20,
        -10,
        -10,
    ]


@pytest.mark.parametrize(
    ("event", "each"),
    [
        (ev("pagat", result="home"), 5),
        (ev("pagat", result="lost"), -5),
        (ev("pagat_ultimo", result="won"), 15),
        (ev("pagat_ultimo", result="lost"), -15),
        (ev("king", result="home"), 5),
        (ev("king", result="home", count=3), 15),
        (ev("king", result="lost", count=2), -10),
        (ev("king_ultimo", result="won"), 10),
        (ev("king_ultimo", result="lost"), -10),
    ],
)
def test_it_pays_pagat_and_king_bonuses_per_opponent(event: dict, each: int) -> None:
    assert scores(V, card_points=cp(26, 26, 26), events=[{**event, "player": "C"}]) == [
        -each,
        -each,
        2 * each,
    ]


@pytest.mark.parametrize("kind", ["valat", "nolo"])
def test_it_pays_a_silent_valat_or_nolo_26_from_each_and_drops_card_points(kind: str) -> None:
    points = cp(78, 0, 0) if kind == "valat" else cp(0, 40, 38)
    assert scores(V, card_points=points, events=[ev(kind, player="A")]) == [52, -26, -26]


@pytest.mark.parametrize(("trick", "each"), [(1, 52), (13, 38), (20, 31)])
def test_it_charges_a_failed_announced_valat_its_value_and_settles_card_points(trick: int, each: int) -> None:
    event = ev("announced_valat", player="A", before_trick=trick, result="lost")
    assert scores(V, card_points=cp(50, 14, 14), events=[event]) == [24 - 2 * each, -12 + each, -12 + each]


@pytest.mark.parametrize(("trick", "each"), [(1, 36), (13, 31)])
def test_it_pays_a_won_announced_nolo_by_when_it_was_announced(trick: int, each: int) -> None:
    event = ev("announced_nolo", player="A", before_trick=trick, result="won")
    assert scores(V, card_points=cp(0, 40, 38), events=[event]) == [2 * each, -each, -each]


def test_it_settles_card_points_in_a_valat_when_the_house_rule_says_so() -> None:
    options = {"valat_replaces_card_points": False}
    assert scores(V, options=options, card_points=cp(78, 0, 0), events=[ev("valat", player="A")]) == [
        52 + 52,
        -26 - 26,
        -26 - 26,
    ]


def test_it_still_counts_declarations_in_a_valat_deal() -> None:
    deal = {
        "card_points": cp(78, 0, 0),
        "events": [ev("valat", player="A")],
        "declarations": [ev("four_jacks", player="B")],
    }
    assert scores(V, **deal) == [52 - 5, -26 + 10, -26 - 5]


def test_it_refuses_a_valat_and_a_nolo_in_one_deal() -> None:
    events = [ev("valat", player="A"), ev("announced_nolo", player="B", before_trick=1, result="lost")]
    assert refused(V, card_points=cp(78, 0, 0), events=events) == [(1, "events[1]")]


def test_it_refuses_two_valats() -> None:
    events = [ev("valat", player="A"), ev("announced_valat", player="A", before_trick=1, result="won")]
    assert refused(V, card_points=cp(78, 0, 0), events=events) == [(1, "events[1]")]


def test_it_refuses_two_nolos() -> None:
    events = [ev("nolo", player="A"), ev("nolo", player="B")]
    assert refused(V, card_points=cp(0, 0, 78), events=events) == [(1, "events[1]")]


def test_it_refuses_two_won_ultimos() -> None:
    events = [ev("pagat_ultimo", player="A", result="won"), ev("king_ultimo", player="B", result="won")]
    assert refused(V, card_points=cp(26, 26, 26), events=events) == [(1, "events[1]")]


def test_it_refuses_an_ultimo_won_against_a_valat() -> None:
    events = [ev("valat", player="A"), ev("king_ultimo", player="B", result="won")]
    assert refused(V, card_points=cp(78, 0, 0), events=events) == [(1, "events[1]")]


def test_it_refuses_an_ultimo_won_by_the_nolo_player() -> None:
    events = [
        ev("announced_nolo", player="B", before_trick=13, result="won"),
        ev("pagat_ultimo", player="B", result="won"),
    ]
    assert refused(V, card_points=cp(40, 0, 38), events=events) == [(1, "events[1]")]


def test_it_allows_the_failed_nolo_player_an_ultimo() -> None:
    events = [
        ev("announced_nolo", player="B", before_trick=13, result="lost"),
        ev("king_ultimo", player="B", result="won"),
    ]
    assert scores(V, card_points=cp(40, 10, 28), events=events) == [14 + 5 - 10, -16 - 10 + 20, 2 + 5 - 10]


def test_it_refuses_two_events_about_the_pagat() -> None:
    events = [ev("pagat", player="A", result="home"), ev("pagat_ultimo", player="A", result="won")]
    assert refused(V, card_points=cp(26, 26, 26), events=events) == [(1, "events[1]")]


@pytest.mark.parametrize("kind", ["four_queens", "four_cavaliers", "four_jacks"])
def test_it_refuses_four_of_a_rank_declared_by_two_players(kind: str) -> None:
    decl = [ev(kind, player="A"), ev(kind, player="B")]
    assert refused(V, card_points=cp(26, 26, 26), declarations=decl) == [(1, "declarations[1]")]


MATADORS = ev("matadors", count=3)
HALF_CAVALRY = ev("half_cavalry", suit="hearts")


@pytest.mark.parametrize(("first", "second"), [(MATADORS, HALF_CAVALRY), (HALF_CAVALRY, MATADORS)])
def test_it_refuses_two_players_declaring_with_the_one_skus(first: dict, second: dict) -> None:
    decl = [{**first, "player": "A"}, {**second, "player": "B"}]
    assert refused(V, card_points=cp(26, 26, 26), declarations=decl) == [(1, "declarations[1]")]


def test_it_allows_kings_and_matadors_by_one_player() -> None:
    decl = [ev("kings", player="A", count=3), ev("matadors", player="A", count=3)]
    assert scores(V, card_points=cp(26, 26, 26), declarations=decl) == [30, -15, -15]


@pytest.mark.parametrize(
    ("declaration", "field"),
    [
        (ev("kings", count=8), "count"),
        (ev("ladons", count=15), "count"),
        (ev("tarocks", count=9), "count"),
        (ev("matadors", count=23), "count"),
        (ev("cavalry", suit="roses"), "suit"),
    ],
)
def test_it_refuses_declarations_out_of_range(declaration: dict, field: str) -> None:
    assert refused(V, card_points=cp(26, 26, 26), declarations=[{**declaration, "player": "A"}]) == [
        (1, f"declarations[0].{field}")
    ]


def test_it_refuses_an_announced_nolo_before_trick_20() -> None:
    event = ev("announced_nolo", player="A", before_trick=20, result="won")
    assert refused(V, card_points=cp(0, 40, 38), events=[event]) == [(1, "events[0].before_trick")]


def test_it_refuses_the_same_declaration_twice_by_one_player() -> None:
    decl = [ev("ladons", player="A", count=16), ev("ladons", player="A", count=17)]
    assert refused(V, card_points=cp(26, 26, 26), declarations=decl) == [(1, "declarations[1]")]


def test_it_refuses_two_cavalry_declarations_for_one_suit() -> None:
    decl = [ev("cavalry", player="A", suit="clubs"), ev("cavalry", player="B", suit="clubs")]
    assert refused(V, card_points=cp(26, 26, 26), declarations=decl) == [(1, "declarations[1]")]


@pytest.mark.parametrize("count", [0, 5])
def test_it_counts_one_to_four_kings_in_a_king_event(count: int) -> None:
    event = ev("king", player="A", result="home", count=count)
    assert refused(V, card_points=cp(26, 26, 26), events=[event]) == [(1, "events[0].count")]


def test_it_shows_card_points_not_settled_in_a_valat_deal_as_zero_lines() -> None:
    from scoring.engine import score_sitting

    from .helpers import make_sitting

    doc = make_sitting(V, {"card_points": cp(78, 0, 0), "events": [ev("valat", player="A")]})
    first = score_sitting(doc)["deals"][0]["lines"][:3]
    assert [(x["player"], x["points"]) for x in first] == [("A", 0), ("B", 0), ("C", 0)]
