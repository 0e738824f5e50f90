"""Danish Tarok: King and Pagat pots carried from deal to deal, per-5 bands, ultimos."""

from __future__ import annotations

import pytest

from scoring.engine import score_sitting

from .helpers import cp, ev, lines, make_sitting, refused

V = "danish_tarok"
FOUND_AND_STAKE = [
    ("A", -20), ("B", -20), ("C", -20), ("pot:king", 60),
    ("A", -20), ("B", -20), ("C", -20), ("pot:pagat", 60),
    ("A", -5), ("pot:king", 5), ("A", -5), ("pot:pagat", 5),
]  # fmt: skip


RULE_BOOK_DEALS = (
    {"card_points": cp(40, 20, 18)},
    {"dealer": "B", "card_points": cp(26, 26, 26), "events": [ev("pagat_ultimo", player="A", result="won")]},
    {"dealer": "C", "card_points": cp(26, 26, 26)},
)
"""The three deals of the rule book's example: founding, a Pagat ultimo, the Pagat pot refounded."""


def sitting(*deals: dict, **options: object) -> dict:
    return score_sitting(make_sitting(V, *deals, **options))


def test_it_founds_both_pots_and_takes_the_dealers_stake_in_the_first_deal() -> None:
    assert lines(V, card_points=cp(40, 20, 18)) == [*FOUND_AND_STAKE, ("A", 15), ("B", -5), ("C", -10)]
    result = sitting({"card_points": cp(40, 20, 18)})
    assert result["deals"][0]["scores"] == {"A": -35, "B": -45, "C": -50}
    assert result["pots"] == {"king": 65, "pagat": 65}


def test_it_pays_the_pagat_ultimo_45_from_each_plus_the_whole_pagat_pot() -> None:
    result = sitting(*RULE_BOOK_DEALS[:2])
    second = result["deals"][1]
    assert second["scores"] == {"A": 160, "B": -55, "C": -45}
    assert second["pots"] == {"king": 70, "pagat": 0}
    assert [(x.get("player") or "pot:" + x["pot"], x["points"]) for x in second["lines"] if x["points"]] == [
        ("B", -5), ("pot:king", 5), ("B", -5), ("pot:pagat", 5),
        ("A", 90), ("B", -45), ("C", -45),
        ("A", 70), ("pot:pagat", -70),
    ]  # fmt: skip


def test_it_refounds_an_emptied_pot_before_the_dealers_stake() -> None:
    result = sitting(*RULE_BOOK_DEALS)
    assert result["deals"][2]["scores"] == {"A": -20, "B": -20, "C": -30}
    assert result["pots"] == {"king": 75, "pagat": 65}


def test_the_first_founding_is_no_refound_so_the_dealer_stakes_also_without_stake_on_refound() -> None:
    """Changed in rules round two: the founding at the start of a sitting is not a refound, so
    the first dealer stakes into both pots under either setting (65/65, it was 60/60)."""
    result = sitting({"card_points": cp(26, 26, 26)}, stake_on_refound=False)
    assert result["deals"][0]["scores"] == {"A": -50, "B": -40, "C": -40}
    assert result["pots"] == {"king": 65, "pagat": 65}


def test_it_leaves_the_stake_out_of_a_refounded_pot_when_the_house_rule_says_so() -> None:
    first = {"dealer": "A", "card_points": cp(26, 26, 26)}
    wins = {"dealer": "B", "card_points": cp(26, 26, 26), "events": [ev("pagat_ultimo", player="A", result="won")]}
    refound = {"dealer": "C", "card_points": cp(26, 26, 26)}
    doc = {
        "variant": V,
        "players": ["A", "B", "C"],
        "options": {"stake_on_refound": False},
        "deals": [first, wins, refound],
    }
    third = score_sitting(doc)["deals"][2]
    assert third["scores"] == {"A": -20, "B": -20, "C": -25}, "the refounded Pagat pot gets no stake, the King pot does"
    assert third["pots"] == {"king": 75, "pagat": 60}


def test_it_founds_with_the_clubs_ante_and_stake() -> None:
    result = sitting({"card_points": cp(26, 26, 26)}, ante=40, dealer_stake=10)
    assert result["pots"] == {"king": 130, "pagat": 130}


def test_it_makes_the_player_sitting_out_found_the_pots_too() -> None:
    four = ["A", "B", "C", "D"]
    result = score_sitting(
        make_sitting(V, {"sitting_out": "C", "card_points": {"A": 26, "B": 26, "D": 26}}, players=four)
    )
    assert result["deals"][0]["scores"] == {"A": -50, "B": -40, "C": -40, "D": -40}
    assert result["pots"] == {"king": 85, "pagat": 85}


@pytest.mark.parametrize(
    ("points", "band"),
    [
        (0, -25),
        (3, -25),
        (4, -20),
        (8, -20),
        (9, -15),
        (19, -5),
        (23, -5),
        (24, 0),
        (28, 0),
        (29, 5),
        (33, 5),
        (34, 10),
        (44, 20),
        (78, 50),
    ],
)
def test_it_pays_5_for_every_full_5_card_points_outside_24_to_28(points: int, band: int) -> None:
    from scoring.engine.danish_tarok import band_points

    assert band_points(points) == band


def test_it_balances_bands_that_do_not_add_up_on_the_player_after_the_dealer() -> None:
    assert lines(V, card_points=cp(29, 29, 20))[-4:] == [("A", 5), ("B", 5), ("C", -5), ("B", -5)]


def test_it_balances_bands_on_the_dealer_when_the_house_rule_says_so() -> None:
    result = sitting({"card_points": cp(29, 29, 20)}, band_balance="dealer")
    assert result["deals"][0]["scores"] == {"A": -50 + 5 - 5, "B": -40 + 5, "C": -40 - 5}


def test_it_balances_on_the_next_active_player_when_the_dealer_sits_out() -> None:
    four = ["A", "B", "C", "D"]
    deal = {"dealer": "A", "sitting_out": "A", "card_points": {"B": 29, "C": 29, "D": 20}}
    result = score_sitting(make_sitting(V, deal, players=four, band_balance="dealer"))
    assert result["deals"][0]["scores"] == {"A": -50, "B": -40 + 5 - 5, "C": -40 + 5, "D": -40 - 5}


def test_it_pays_a_lost_pagat_to_each_opponent_and_into_the_pagat_pot() -> None:
    result = sitting({"card_points": cp(26, 26, 26), "events": [ev("pagat", player="B", result="lost")]})
    assert result["deals"][0]["scores"] == {"A": -50 + 5, "B": -40 - 15, "C": -40 + 5}
    assert result["pots"] == {"king": 65, "pagat": 70}


def test_it_pays_5_from_each_when_the_pagat_wins_a_trick_before_the_last() -> None:
    result = sitting({"card_points": cp(26, 26, 26), "events": [ev("pagat", player="B", result="home")]})
    assert result["deals"][0]["scores"] == {"A": -50 - 5, "B": -40 + 10, "C": -40 - 5}


def test_it_pays_each_lost_king_to_each_opponent_and_into_the_king_pot() -> None:
    result = sitting({"card_points": cp(26, 26, 26), "events": [ev("king_lost", player="C", count=2)]})
    assert result["deals"][0]["scores"] == {"A": -50 + 10, "B": -40 + 10, "C": -40 - 30}
    assert result["pots"] == {"king": 75, "pagat": 65}


def test_it_doubles_the_pagat_pot_when_pagat_ultimo_fails() -> None:
    result = sitting({"card_points": cp(26, 26, 26), "events": [ev("pagat_ultimo", player="B", result="lost")]})
    assert result["deals"][0]["scores"] == {"A": -50 + 45, "B": -40 - 90 - 65, "C": -40 + 45}
    assert result["pots"] == {"king": 65, "pagat": 130}


def test_it_makes_two_losers_of_king_ultimos_each_pay_what_the_pot_held() -> None:
    events = [ev("king_ultimo", player="B", result="lost"), ev("king_ultimo", player="C", result="lost")]
    result = sitting({"card_points": cp(26, 26, 26), "events": events})
    assert result["pots"] == {"king": 65 * 3, "pagat": 65}


def test_it_pays_the_king_ultimo_40_from_each_plus_the_king_pot() -> None:
    result = sitting({"card_points": cp(26, 26, 26), "events": [ev("king_ultimo", player="C", result="won")]})
    assert result["deals"][0]["scores"] == {"A": -50 - 40, "B": -40 - 40, "C": -40 + 80 + 65}
    assert result["pots"] == {"king": 0, "pagat": 65}


def test_it_lets_a_lost_king_go_into_the_pot_before_a_won_king_ultimo_takes_it() -> None:
    events = [ev("king_ultimo", player="C", result="won"), ev("king_lost", player="A")]
    result = sitting({"card_points": cp(26, 26, 26), "events": events})
    assert result["deals"][0]["scores"]["C"] == -40 + 5 + 80 + 70
    assert result["pots"]["king"] == 0


def test_it_doubles_the_pot_as_it_stands_after_the_won_ultimos() -> None:
    events = [ev("pagat_ultimo", player="A", result="won"), ev("king_ultimo", player="B", result="lost")]
    result = sitting({"card_points": cp(26, 26, 26), "events": events})
    assert result["pots"] == {"king": 130, "pagat": 0}


def test_it_pays_a_tout_80_from_each_plus_both_pots_without_card_points() -> None:
    result = sitting({"card_points": cp(78, 0, 0), "events": [ev("tout", player="A")]})
    assert result["deals"][0]["scores"] == {"A": -50 + 160 + 130, "B": -40 - 80, "C": -40 - 80}
    assert result["pots"] == {"king": 0, "pagat": 0}


def test_it_pays_the_tout_player_his_own_won_ultimo_and_its_pot_before_the_tout_by_default() -> None:
    events = [ev("tout", player="A"), ev("pagat_ultimo", player="A", result="won")]
    result = sitting({"card_points": cp(78, 0, 0), "events": events})
    assert result["deals"][0]["scores"] == {"A": -50 + 90 + 65 + 160 + 65, "B": -40 - 45 - 80, "C": -40 - 45 - 80}
    assert result["pots"] == {"king": 0, "pagat": 0}


def test_it_pays_nothing_for_the_tout_players_own_ultimo_when_the_tout_is_his_whole_reward() -> None:
    events = [ev("tout", player="A"), ev("pagat_ultimo", player="A", result="won")]
    result = sitting({"card_points": cp(78, 0, 0), "events": events}, tout_collects_ultimo=False)
    deal = result["deals"][0]
    assert deal["scores"] == {"A": -50 + 160 + 130, "B": -40 - 80, "C": -40 - 80}
    assert result["pots"] == {"king": 0, "pagat": 0}, "the tout takes the Pagat pot with the King pot"
    assert {"player": "A", "points": 0, "reason": "A's Pagat ultimo pays nothing: the tout is the whole reward"} in (
        deal["lines"]
    )


def test_it_charges_an_opponents_lost_ultimo_in_a_tout_deal_also_when_the_tout_is_the_whole_reward() -> None:
    events = [ev("tout", player="A"), ev("king_ultimo", player="B", result="lost")]
    result = sitting({"card_points": cp(78, 0, 0), "events": events}, tout_collects_ultimo=False)
    assert result["deals"][0]["scores"] == {"A": -50 + 290 + 40, "B": -40 - 80 - 80, "C": -40 - 80 + 40}
    assert result["pots"] == {"king": 0, "pagat": 0}, "the tout emptied the King pot before the loser doubles it"


def test_it_pays_a_nolo_25_from_each_without_card_points() -> None:
    result = sitting({"card_points": cp(0, 40, 38), "events": [ev("nolo", player="A")]})
    assert result["deals"][0]["scores"] == {"A": -50 + 50, "B": -40 - 25, "C": -40 - 25}


def test_it_annuls_the_won_ultimo_of_another_player_in_a_nolo_deal() -> None:
    events = [ev("nolo", player="A"), ev("pagat_ultimo", player="B", result="won")]
    result = sitting({"card_points": cp(0, 40, 38), "events": events})
    assert result["deals"][0]["scores"] == {"A": -50 + 50, "B": -40 - 25, "C": -40 - 25}
    assert result["pots"] == {"king": 65, "pagat": 65}


def test_it_still_charges_a_lost_ultimo_in_a_nolo_deal() -> None:
    events = [ev("nolo", player="A"), ev("pagat_ultimo", player="A", result="lost")]
    result = sitting({"card_points": cp(0, 40, 38), "events": events})
    assert result["deals"][0]["scores"]["A"] == -50 + 50 - 90 - 65
    assert result["pots"]["pagat"] == 130


def test_it_pays_the_last_trick_20_from_each() -> None:
    result = sitting({"card_points": cp(26, 26, 26), "events": [ev("last_trick", player="B")]})
    assert result["deals"][0]["scores"] == {"A": -50 - 20, "B": -40 + 40, "C": -40 - 20}


@pytest.mark.parametrize(
    ("declaration", "each"),
    [
        (ev("tarocks", count=22), 70),
        (ev("matadors", count=3), 10),
        (ev("four_kings"), 10),
        (ev("half_kings"), 5),
        (ev("overfull_kings"), 15),
        (ev("cavalry", suit="hearts"), 10),
        (ev("half_cavalry", suit="hearts"), 5),
        (ev("overfull_cavalry", suit="hearts"), 15),
    ],
)
def test_it_values_each_declaration_from_each_opponent(declaration: dict, each: int) -> None:
    result = sitting({"card_points": cp(26, 26, 26), "declarations": [{**declaration, "player": "B"}]})
    assert result["deals"][0]["scores"] == {"A": -50 - each, "B": -40 + 2 * each, "C": -40 - each}


def test_it_refuses_the_last_trick_beside_an_ultimo() -> None:
    events = [ev("pagat_ultimo", player="A", result="lost"), ev("last_trick", player="B")]
    assert refused(V, card_points=cp(26, 26, 26), events=events) == [(1, "events[1]")]


@pytest.mark.parametrize("other", ["nolo", "tout"])
def test_it_refuses_the_last_trick_beside_a_nolo_or_tout(other: str) -> None:
    events = [ev(other, player="A"), ev("last_trick", player="A")]
    assert (1, "events[1]") in refused(V, card_points=cp(0, 40, 38), events=events)


def test_it_refuses_a_nolo_and_a_tout_together() -> None:
    events = [ev("nolo", player="C"), ev("tout", player="A")]
    assert (1, "events[1]") in refused(V, card_points=cp(78, 0, 0), events=events)


@pytest.mark.parametrize("kind", ["nolo", "tout", "last_trick"])
def test_it_refuses_two_of_a_kind(kind: str) -> None:
    events = [ev(kind, player="A"), ev(kind, player="B")]
    assert (1, "events[1]") in refused(V, card_points=cp(26, 26, 26), events=events)


def test_it_refuses_more_than_four_kings_lost_in_one_deal() -> None:
    events = [ev("king_lost", player="A", count=3), ev("king_lost", player="B", count=2)]
    assert refused(V, card_points=cp(26, 26, 26), events=events) == [(1, "events[1]")]


def test_it_refuses_an_ultimo_won_against_a_tout() -> None:
    events = [ev("tout", player="A"), ev("king_ultimo", player="B", result="won")]
    assert refused(V, card_points=cp(78, 0, 0), events=events) == [(1, "events[1]")]


def test_it_refuses_an_ultimo_won_by_the_nolo_player() -> None:
    events = [ev("nolo", player="A"), ev("king_ultimo", player="A", result="won")]
    assert refused(V, card_points=cp(0, 40, 38), events=events) == [(1, "events[1]")]


def test_it_refuses_two_won_ultimos() -> None:
    events = [ev("king_ultimo", player="A", result="won"), ev("pagat_ultimo", player="B", result="won")]
    assert refused(V, card_points=cp(26, 26, 26), events=events) == [(1, "events[1]")]


def test_it_refuses_two_events_about_the_pagat() -> None:
    events = [ev("pagat", player="A", result="lost"), ev("pagat_ultimo", player="B", result="won")]
    assert refused(V, card_points=cp(26, 26, 26), events=events) == [(1, "events[1]")]


def test_it_refuses_two_kings_declarations() -> None:
    decl = [ev("half_kings", player="A"), ev("four_kings", player="B")]
    assert (1, "declarations[1]") in refused(V, card_points=cp(26, 26, 26), declarations=decl)


def test_it_refuses_two_cavalry_declarations_for_one_suit() -> None:
    decl = [ev("overfull_cavalry", player="A", suit="clubs"), ev("cavalry", player="B", suit="clubs")]
    assert refused(V, card_points=cp(26, 26, 26), declarations=decl) == [(1, "declarations[1]")]


def test_it_refuses_two_players_declaring_with_the_one_scies() -> None:
    decl = [ev("matadors", player="A", count=3), ev("half_cavalry", player="B", suit="clubs")]
    assert refused(V, card_points=cp(26, 26, 26), declarations=decl) == [(1, "declarations[1]")]


def test_it_refuses_the_same_declaration_twice_by_one_player() -> None:
    decl = [ev("tarocks", player="A", count=10), ev("tarocks", player="A", count=11)]
    assert refused(V, card_points=cp(26, 26, 26), declarations=decl) == [(1, "declarations[1]")]


@pytest.mark.parametrize(
    ("option", "value"),
    [
        ("ante", -1),
        ("dealer_stake", 2.5),
        ("stake_on_refound", "yes"),
        ("band_balance", "left"),
        ("tout_collects_ultimo", 0),
    ],
)
def test_it_refuses_options_of_the_wrong_type_or_range(option: str, value: object) -> None:
    assert refused(V, options={option: value}, card_points=cp(26, 26, 26)) == [(None, f"options.{option}")]


def test_it_shows_the_refounding_of_the_third_deal_line_by_line() -> None:
    result = sitting(*RULE_BOOK_DEALS)
    third = result["deals"][2]["lines"]
    assert [(x.get("player") or "pot:" + x["pot"], x["points"]) for x in third if x["points"]] == [
        ("A", -20), ("B", -20), ("C", -20), ("pot:pagat", 60),
        ("C", -5), ("pot:king", 5), ("C", -5), ("pot:pagat", 5),
    ]  # fmt: skip


@pytest.mark.parametrize("count", [0, 5])
def test_it_counts_one_to_four_kings_in_a_king_lost_event(count: int) -> None:
    event = ev("king_lost", player="A", count=count)
    assert refused(V, card_points=cp(26, 26, 26), events=[event]) == [(1, "events[0].count")]


def test_it_names_the_later_of_a_nolo_and_a_tout() -> None:
    events = [ev("tout", player="A"), ev("nolo", player="C")]
    assert refused(V, card_points=cp(78, 0, 0), events=events) == [(1, "events[1]")]
