"""Warnings: deals the rules allow but a scorekeeper should look at again."""

from __future__ import annotations

from typing import Any

from scoring.engine import read_sitting
from scoring.engine.plausibility import doubts

from .helpers import cp, ev, make_sitting


def warned(variant: str, **deal: Any) -> list[tuple[str | None, str]]:
    sitting = read_sitting(make_sitting(variant, deal))
    return [(w.field, w.message) for w in doubts(sitting.variant, sitting.options, sitting.deals[0])]


def test_it_warns_when_four_kings_are_declared_while_another_player_loses_a_king() -> None:
    deal = {
        "card_points": cp(26, 26, 26),
        "declarations": [ev("four_kings", player="A")],
        "events": [ev("king_lost", player="B")],
    }
    assert warned("danish_tarok", **deal) == [("events[0]", "A declared all four Kings, yet B plays one")]


def test_it_warns_about_card_points_of_a_player_who_took_no_trick() -> None:
    deal = {"card_points": cp(3, 40, 35), "events": [ev("nolo", player="A")]}
    assert warned("grosstarock", **deal) == [("card_points.A", "A took no trick, yet has 3 card points")]


def test_a_german_taroc_player_who_took_no_trick_keeps_the_excuses_4_card_points_without_a_warning() -> None:
    kept = {"card_points": cp(4, 40, 34), "events": [ev("excuse_no_tricks", player="A")]}
    assert warned("german_taroc", **kept) == [], "the Excuse alone counts 4⅓: 4 card points are right"
    more = {"card_points": cp(5, 40, 33), "events": [ev("excuse_no_tricks", player="A")]}
    assert warned("german_taroc", **more) == [("card_points.A", "A took no trick, yet has 5 card points")]


def test_it_warns_about_a_tout_without_the_whole_pack() -> None:
    deal = {"card_points": cp(70, 8, 0), "events": [ev("tout", player="A")]}
    assert warned("danish_tarok", **deal) == [("card_points.A", "A took every trick, yet has only 70 card points")]


def test_it_warns_about_more_tarocks_declared_than_the_pack_holds() -> None:
    deal = {
        "card_points": cp(26, 26, 26),
        "declarations": [ev("tarocks", player="A", count=12), ev("tarocks", player="B", count=11)],
    }
    assert [field for field, _ in warned("grosstarock", **deal)] == ["declarations[1]"]


def test_it_warns_about_all_tricks_with_few_card_points() -> None:
    deal = {"declarer": "A", "contract": "solo", "declarer_points": 20, "all_tricks": True}
    assert [field for field, _ in warned("dreiertarock", **deal)] == ["declarer_points"]


def test_a_plain_deal_gives_no_warning() -> None:
    assert warned("grosstarock", card_points=cp(40, 20, 18)) == []
    assert warned("kosakeln", declarer="A", contract="solo", declarer_points=40) == []
