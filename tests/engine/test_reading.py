"""The sitting format: shape, names, options and card points, each problem with deal and field."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from scoring.engine import InvalidSitting, read_sitting, score_sitting

from .helpers import cp, ev, make_sitting, problems, refused

V = "grosstarock"


def test_it_refuses_a_document_that_is_not_an_object() -> None:
    assert problems([]) == [(None, None)]  # type: ignore[arg-type]


def test_it_refuses_an_unknown_variant() -> None:
    assert problems({"variant": "skat", "players": ["A", "B", "C"], "deals": []}) == [(None, "variant")]


def test_it_refuses_an_unknown_key_of_the_document() -> None:
    assert problems({**make_sitting(V), "venue": "Gasthaus"}) == [(None, "venue")]


@pytest.mark.parametrize(
    "players", [["A", "A", "B"], ["A", "B"], ["A", "B", "C", "D", "E"], ["A", "", "C"], ["A", 2, "C"], "ABC"]
)
def test_it_refuses_players_that_are_not_three_or_four_distinct_names(players: object) -> None:
    assert set(problems({"variant": V, "players": players, "deals": []})) == {(None, "players")}


def test_it_names_a_player_who_appears_twice() -> None:
    with pytest.raises(InvalidSitting) as refusal:
        score_sitting({"variant": V, "players": ["Anna", "Anna", "Carla"], "deals": []})
    assert [str(p) for p in refusal.value.problems] == ['players: "Anna" appears twice']


def test_it_refuses_an_unknown_option() -> None:
    assert problems(make_sitting(V, bonus=True)) == [(None, "options.bonus")]


def test_it_refuses_a_date_that_is_not_a_day() -> None:
    assert problems({**make_sitting(V), "date": "29.11.2026"}) == [(None, "date")]


def test_it_keeps_a_date_out_of_the_scoring() -> None:
    assert score_sitting({**make_sitting(V, {"card_points": cp(26, 26, 26)}), "date": "2026-11-29"})["totals"] == {
        "A": 0,
        "B": 0,
        "C": 0,
    }


def test_it_prints_a_deal_problem_with_the_deals_number() -> None:
    doc = make_sitting(V, {"card_points": cp(26, 26, 26)}, {"card_points": cp(26, 26, 25)})
    with pytest.raises(InvalidSitting) as refusal:
        score_sitting(doc)
    (problem,) = refusal.value.problems
    assert (problem.deal, problem.field) == (2, "card_points")
    assert str(problem) == "deal 2: card points add up to 77, not 78"


def test_it_collects_every_problem_of_every_deal() -> None:
    doc = make_sitting(
        V,
        {"card_points": cp(26, 26, 25)},
        {"card_points": cp(26, 26, 26), "events": [ev("nolo", player="Z")]},
    )
    assert problems(doc) == [(1, "card_points"), (2, "events[0].player")]


@pytest.mark.parametrize(
    ("points", "field"),
    [
        ({"A": 26.5, "B": 26, "C": 25.5}, "card_points.A"),
        ({"A": 79, "B": 0, "C": -1}, "card_points.A"),
        ({"A": 26, "B": 52}, "card_points.C"),
        ({"A": 26, "B": 26, "C": 26, "Z": 0}, "card_points.Z"),
        ({"A": "26", "B": 26, "C": 26}, "card_points.A"),
        ([26, 26, 26], "card_points"),
    ],
)
def test_it_refuses_impossible_card_points(points: object, field: str) -> None:
    assert (1, field) in refused(V, card_points=points)


def test_it_accepts_whole_card_points_written_as_decimals() -> None:
    assert score_sitting(make_sitting(V, {"card_points": {"A": 40.0, "B": 20, "C": 18}}))["totals"]["A"] == 14


def test_it_refuses_a_deal_field_the_variant_does_not_use() -> None:
    assert refused(V, card_points=cp(26, 26, 26), contract="solo") == [(1, "contract")]


def test_it_refuses_an_unknown_event_type_and_an_unknown_event_key() -> None:
    events = [ev("schmier", player="A"), ev("nolo", player="A", announced=True)]
    assert refused(V, card_points=cp(0, 40, 38), events=events) == [
        (1, "events[0].type"),
        (1, "events[1].announced"),
    ]


def test_it_refuses_a_missing_result_where_two_are_possible() -> None:
    assert refused(V, card_points=cp(26, 26, 26), events=[ev("pagat_ultimo", player="A")]) == [(1, "events[0].result")]


def test_it_refuses_a_missing_or_unknown_dealer() -> None:
    doc = make_sitting(V, {"card_points": cp(26, 26, 26)})
    del doc["deals"][0]["dealer"]
    assert problems(doc) == [(1, "dealer")]
    assert refused(V, dealer="Z", card_points=cp(26, 26, 26)) == [(1, "dealer")]


def test_it_requires_who_sits_out_at_a_table_of_four() -> None:
    assert refused(V, players=["A", "B", "C", "D"], card_points=cp(26, 26, 26)) == [(1, "sitting_out")]


def test_it_refuses_a_sitting_out_player_at_a_table_of_three() -> None:
    assert refused(V, sitting_out="A", card_points=cp(26, 26, 26)) == [(1, "sitting_out")]


def test_it_refuses_the_sitting_out_player_anywhere_else_in_the_deal() -> None:
    deal = {
        "sitting_out": "D",
        "card_points": cp(26, 26, 26),
        "events": [ev("pagat", player="D", result="home")],
    }
    assert refused(V, players=["A", "B", "C", "D"], **deal) == [(1, "events[0].player")]


def test_it_refuses_card_points_for_the_sitting_out_player() -> None:
    deal = {"sitting_out": "C", "card_points": {"A": 26, "B": 26, "C": 26}}
    assert (1, "card_points.C") in refused(V, players=["A", "B", "C", "D"], **deal)


@pytest.mark.parametrize("value", [None, "x", 3, {}])
def test_it_refuses_a_list_field_that_is_not_a_list(value: object) -> None:
    assert refused(V, card_points=cp(26, 26, 26), events=value) == [(1, "events")]


PROBLEMS: dict[str, Any] = json.loads(Path(__file__).with_name("problems.json").read_text())
"""Broken documents of every variant and every problem each has, as the engine said them before
its checks were compiled: the words and the order a scorekeeper sees, on both paths."""


@pytest.mark.parametrize("breakdown", [True, False], ids=["explained", "scores"])
@pytest.mark.parametrize("name", sorted(PROBLEMS))
def test_it_names_every_problem_in_the_same_words_and_order(name: str, breakdown: bool) -> None:
    with pytest.raises(InvalidSitting) as refusal:
        score_sitting(PROBLEMS[name]["document"], breakdown=breakdown)
    assert [str(p) for p in refusal.value.problems] == PROBLEMS[name]["problems"]


def test_a_document_of_the_deals_from_deal_n_on_names_its_deals_by_their_numbers_in_the_sitting() -> None:
    doc = make_sitting(V, {"card_points": cp(40, 20, 17)})
    with pytest.raises(InvalidSitting) as refusal:
        read_sitting(doc, first=7)
    assert [problem.deal for problem in refusal.value.problems] == [7]


def test_what_is_kept_of_the_tables_read_stays_bounded_however_many_tables_a_server_reads() -> None:
    from scoring.engine.base import TABLES_KEPT, opponents, opponents_at
    from scoring.engine.reading import options_in_force, seating

    for number in range(TABLES_KEPT + 100):
        names = [f"Anna {number}", f"Bert {number}", f"Cleo {number}", f"Dora {number}"]
        points = {names[0]: 26, names[1]: 26, names[3]: 26}  # Cleo sits out, opposite the dealer
        deal = {"dealer": names[0], "sitting_out": names[2], "card_points": points}
        options = {"ante": number}  # house rules of their own, as many as the tables
        score_sitting({"variant": "danish_tarok", "players": names, "options": options, "deals": [deal]})
    assert opponents_at.cache_info().currsize <= TABLES_KEPT
    assert seating.cache_info().currsize <= TABLES_KEPT
    assert options_in_force.cache_info().currsize <= TABLES_KEPT
    assert opponents.cache_info().currsize <= 16 * TABLES_KEPT
    assert opponents_at.cache_info().currsize == TABLES_KEPT  # the cache is used, up to its bound
