"""Grosstarock: over/under 26, declarations, bonuses and announced valat and nolo."""

from __future__ import annotations

from typing import Any

import pytest

from scoring.engine import InvalidSitting, score_sitting

from .helpers import cp, ev, lines, make_sitting, refused, scores

V = "grosstarock"
WILD = {"kings": "skus_wildcard"}
ALL_LOW = {"ladons": "all_low"}


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


# --- counting only what was made ------------------------------------------------------------


def test_it_pays_a_failed_valat_beside_a_silent_nolo_as_each_stands() -> None:
    events = [ev("announced_valat", player="A", before_trick=1, result="lost"), ev("nolo", player="C")]
    # A pays 52 to each; C's nolo 26 from each; C's nolo means no card points are settled
    assert scores(V, card_points=cp(50, 28, 0), events=events) == [-104 - 26, 52 - 26, 52 + 52]


def test_it_pays_a_failed_nolo_beside_a_silent_nolo_as_each_stands() -> None:
    events = [ev("announced_nolo", player="A", before_trick=13, result="lost"), ev("nolo", player="B")]
    # A's penalty 5 to each; B's nolo 26 from each; no card points (B's nolo)
    assert scores(V, card_points=cp(10, 0, 68), events=events) == [-10 - 26, 5 + 52, 5 - 26]


def test_it_pays_a_failed_valat_beside_another_players_valat_as_each_stands() -> None:
    events = [ev("announced_valat", player="A", before_trick=13, result="lost"), ev("valat", player="B")]
    # A pays 38 to each; B's valat 26 from each; no card points (B's valat)
    assert scores(V, card_points=cp(0, 78, 0), events=events) == [-76 - 26, 38 + 52, 38 - 26]


def test_it_settles_card_points_beside_a_failed_announcement_when_the_house_rule_says_so() -> None:
    events = [ev("announced_valat", player="A", before_trick=1, result="lost"), ev("nolo", player="C")]
    options = {"valat_replaces_card_points": False}
    # card points 50/28/0 are +24, +2, −26 against 26, on top of the example's −130, +26, +104
    assert scores(V, options=options, card_points=cp(50, 28, 0), events=events) == [-130 + 24, 26 + 2, 104 - 26]


def test_it_settles_card_points_when_only_failed_announcements_happen() -> None:
    events = [
        ev("announced_valat", player="A", before_trick=20, result="lost"),
        ev("announced_nolo", player="B", before_trick=1, result="lost"),
    ]
    # card points +24, −12, −12; A pays 31 to each; B pays 10 to each
    assert scores(V, card_points=cp(50, 14, 14), events=events) == [24 - 62 + 10, -12 + 31 - 20, -12 + 31 + 10]


def test_it_pays_two_failed_valat_announcements_as_each_stands() -> None:
    events = [
        ev("announced_valat", player="A", before_trick=1, result="lost"),
        ev("announced_valat", player="B", before_trick=1, result="lost"),
    ]
    # neither was made, so card points are settled (+4, +2, −6); each announcer pays 52 to each
    assert scores(V, card_points=cp(30, 28, 20), events=events) == [4 - 104 + 52, 2 + 52 - 104, -6 + 52 + 52]


def test_it_refuses_a_made_valat_and_a_made_nolo_in_one_deal() -> None:
    events = [ev("valat", player="A"), ev("announced_nolo", player="B", before_trick=1, result="won")]
    assert refused(V, card_points=cp(78, 0, 0), events=events) == [(1, "events[1]")]


def test_it_refuses_two_made_valats_by_different_players() -> None:
    events = [ev("announced_valat", player="A", before_trick=1, result="won"), ev("valat", player="B")]
    assert refused(V, card_points=cp(78, 0, 0), events=events) == [(1, "events[1]")]


def test_it_refuses_two_made_nolos_silent_and_announced() -> None:
    events = [ev("announced_nolo", player="A", before_trick=13, result="won"), ev("nolo", player="B")]
    assert refused(V, card_points=cp(0, 0, 78), events=events) == [(1, "events[1]")]


@pytest.mark.parametrize(
    "made", [ev("valat", player="A"), ev("announced_valat", player="A", before_trick=1, result="won")]
)
def test_it_refuses_a_failed_valat_beside_the_same_players_made_valat(made: dict[str, Any]) -> None:
    events = [ev("announced_valat", player="A", before_trick=13, result="lost"), made]
    assert refused(V, card_points=cp(78, 0, 0), events=events) == [(1, "events[1]")]


@pytest.mark.parametrize(
    "made", [ev("nolo", player="B"), ev("announced_nolo", player="B", before_trick=1, result="won")]
)
def test_it_refuses_a_failed_nolo_beside_the_same_players_made_nolo(made: dict[str, Any]) -> None:
    events = [made, ev("announced_nolo", player="B", before_trick=13, result="lost")]
    assert refused(V, card_points=cp(40, 0, 38), events=events) == [(1, "events[1]")]


def test_it_refuses_a_failed_nolo_beside_another_players_made_valat() -> None:
    events = [
        ev("announced_nolo", player="B", before_trick=1, result="lost"),
        ev("announced_valat", player="A", before_trick=1, result="won"),
    ]
    assert refused(V, card_points=cp(78, 0, 0), events=events) == [(1, "events[1]")]


def test_it_allows_a_failed_nolo_beside_the_same_players_valat() -> None:
    events = [ev("announced_nolo", player="A", before_trick=1, result="lost"), ev("valat", player="A")]
    # A pays 10 to each for the nolo; his valat 26 from each; no card points
    assert scores(V, card_points=cp(78, 0, 0), events=events) == [-20 + 52, 10 - 26, 10 - 26]


def test_it_allows_a_failed_valat_announcer_the_last_trick_beside_a_nolo() -> None:
    events = [
        ev("announced_valat", player="A", before_trick=20, result="lost"),
        ev("nolo", player="C"),
        ev("king_ultimo", player="A", result="won"),
    ]
    # A pays 31 to each; C's nolo 26 from each; A's King ultimo 10 from each
    assert scores(V, card_points=cp(60, 18, 0), events=events) == [-62 - 26 + 20, 31 - 26 - 10, 31 + 52 - 10]


def test_it_still_refuses_an_ultimo_won_against_a_made_valat_beside_a_failed_one() -> None:
    events = [
        ev("announced_valat", player="B", before_trick=1, result="lost"),
        ev("valat", player="A"),
        ev("king_ultimo", player="B", result="won"),
    ]
    assert refused(V, card_points=cp(78, 0, 0), events=events) == [(1, "events[2]")]


# --- house rules: what kings and ladons count ----------------------------------------------


@pytest.mark.parametrize(("count", "each"), [(3, 5), (4, 10), (5, 15)])
def test_it_values_kings_with_the_skus_wild_as_it_values_honours(count: int, each: int) -> None:
    decl = [ev("kings", player="A", count=count)]
    assert scores(V, options=WILD, card_points=cp(26, 26, 26), declarations=decl) == [2 * each, -each, -each]


@pytest.mark.parametrize("count", [6, 7])
def test_it_refuses_more_than_five_kings_with_the_skus_wild(count: int) -> None:
    decl = [ev("kings", player="A", count=count)]
    assert refused(V, options=WILD, card_points=cp(26, 26, 26), declarations=decl) == [(1, "declarations[0].count")]


@pytest.mark.parametrize("other", [ev("matadors", count=3), ev("half_cavalry", suit="clubs"), ev("kings", count=5)])
def test_it_refuses_five_wild_kings_beside_another_players_use_of_the_skus(other: dict[str, Any]) -> None:
    decl = [{**other, "player": "B"}, ev("kings", player="A", count=5)]
    assert refused(V, options=WILD, card_points=cp(26, 26, 26), declarations=decl) == [(1, "declarations[1]")]


def test_it_allows_five_honours_beside_another_players_matadors() -> None:
    decl = [ev("matadors", player="B", count=3), ev("kings", player="A", count=5)]
    # honours need not include the Sküs: A 15 from each, B 10 from each
    assert scores(V, card_points=cp(26, 26, 26), declarations=decl) == [30 - 10, -15 + 20, -15 - 10]


def test_it_allows_four_wild_kings_beside_another_players_matadors() -> None:
    decl = [ev("matadors", player="B", count=3), ev("kings", player="A", count=4)]
    assert scores(V, options=WILD, card_points=cp(26, 26, 26), declarations=decl) == [20 - 10, -10 + 20, -10 - 10]


def test_it_allows_five_wild_kings_and_matadors_by_one_player() -> None:
    decl = [ev("kings", player="A", count=5), ev("matadors", player="A", count=3)]
    assert scores(V, options=WILD, card_points=cp(26, 26, 26), declarations=decl) == [50, -25, -25]


@pytest.mark.parametrize("ladons", ["pips", "all_low"])
def test_it_values_ladons_the_same_whatever_the_players_count(ladons: str) -> None:
    decl = [ev("ladons", player="C", count=18)]
    assert scores(V, options={"ladons": ladons}, card_points=cp(30, 26, 22), declarations=decl) == [-21, -25, 46]


def declaration_reasons(**options: Any) -> list[str]:
    """The reasons of the lines of C's 18 ladons and A's 5 kings (each payment's lines share one)."""
    decl = [ev("ladons", player="C", count=18), ev("kings", player="A", count=5)]
    doc = make_sitting(V, {"card_points": cp(26, 26, 26), "declarations": decl}, **options)
    return list(dict.fromkeys(line["reason"] for line in score_sitting(doc)["deals"][0]["lines"][3:]))


def test_it_says_beside_the_declaration_which_ladons_and_kings_were_counted() -> None:
    assert declaration_reasons(**WILD, **ALL_LOW) == [
        "C declares 18 ladons (Tarocks II–XX counted): 25 from each opponent",
        "A declares 5 honours (Kings and the Sküs counted): 15 from each opponent",
    ]


def test_it_keeps_the_default_words_of_ladons_and_kings() -> None:
    assert declaration_reasons() == [
        "C declares 18 ladons: 25 from each opponent",
        "A declares 5 honours: 15 from each opponent",
    ]


def test_it_scores_the_house_rule_declarations_example() -> None:
    decl = [ev("kings", player="A", count=5), ev("four_queens", player="B"), ev("ladons", player="C", count=18)]
    options = {**WILD, **ALL_LOW}
    assert scores(V, options=options, card_points=cp(30, 26, 22), declarations=decl) == [
        4 + 30 - 5 - 25,
        0 - 15 + 10 - 25,
        -4 - 15 - 5 + 50,
    ]


SAID = [
    (
        {},
        {"events": [ev("valat", player="A"), ev("announced_nolo", player="B", before_trick=13, result="lost")]},
        "events[1]",
        "A took every trick, so B cannot lose an announced nolo",
    ),
    (
        {},
        {"events": [ev("valat", player="A"), ev("announced_valat", player="A", before_trick=1, result="lost")]},
        "events[1]",
        "A took every trick, so cannot lose an announced valat",
    ),
    (
        {},
        {"events": [ev("nolo", player="B"), ev("announced_nolo", player="B", before_trick=1, result="lost")]},
        "events[1]",
        "B took no trick, so cannot lose an announced nolo",
    ),
    (
        WILD,
        {"declarations": [ev("kings", player="A", count=6)]},
        "declarations[0].count",
        "must be a whole number from 3 to 5 with the Sküs as a wild card, not 6",
    ),
    (
        WILD,
        {"declarations": [ev("matadors", player="B", count=3), ev("kings", player="A", count=5)]},
        "declarations[1]",
        "5 honours needs the Sküs, which another player declared",
    ),
]


@pytest.mark.parametrize(("options", "deal", "field", "english"), SAID, ids=[case[3] for case in SAID])
def test_it_says_why_it_refuses_in_words_a_scorekeeper_reads(
    options: dict[str, str], deal: dict[str, Any], field: str, english: str
) -> None:
    doc = make_sitting(V, {"card_points": cp(78, 0, 0), **deal}, **options)
    with pytest.raises(InvalidSitting) as refusal:
        score_sitting(doc)
    assert [(p.field, p.message) for p in refusal.value.problems] == [(field, english)]
    assert refusal.value.problems[0].reason.render(lambda template: template) == english
