"""Every rejection rule of the spec, entered through the form: the message stands next to the
control it concerns, and nothing is stored."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from scoring.club.models import Membership
from scoring.sittings.models import DealRevision

from .deal_posts import enter
from .factories import make_club, make_member, make_sitting

pytestmark = pytest.mark.django_db

CP = {"A": 26, "B": 26, "C": 26}


def each(
    declarations: list[dict[str, Any]] | None = None, events: list[dict[str, Any]] | None = None, **more: Any
) -> dict[str, Any]:
    return {
        "dealer": "A",
        "card_points": more.pop("card_points", CP),
        "declarations": declarations or [],
        "events": events or [],
        **more,
    }


def game(contract: str, points: int, *events: dict[str, Any], declarer: str = "A", **more: Any) -> dict[str, Any]:
    return {
        "dealer": "A",
        "declarer": declarer,
        "contract": contract,
        "declarer_points": points,
        "events": list(events),
        **more,
    }


def d(kind: str, **fields: Any) -> dict[str, Any]:
    return {"type": kind, **fields}


CASES: list[tuple[str, str, dict[str, Any], str]] = [
    # README, every variant
    ("card points that do not add up", "grosstarock", each(card_points={"A": 26, "B": 26, "C": 25}), "card_points"),
    (
        "one winner of the last trick",
        "grosstarock",
        each(events=[d("pagat_ultimo", player="A", result="won"), d("king_ultimo", player="B", result="won")]),
        "ev-1",
    ),
    (
        "no tricks, no ultimo",
        "grosstarock",
        each(
            events=[d("nolo", player="B"), d("king_ultimo", player="B", result="won")],
            card_points={"A": 40, "B": 0, "C": 38},
        ),
        "ev-1",
    ),
    (
        "one Pagat",
        "grosstarock",
        each(events=[d("pagat", player="A", result="home"), d("pagat_ultimo", player="B", result="won")]),
        "ev-1",
    ),
    # German Taroc
    (
        "more than 21 Tarocks",
        "german_taroc",
        each([d("tarocks", player="A", count=11), d("tarocks", player="B", count=11)]),
        "declarations",
    ),
    ("Tarocks out of range", "german_taroc", each([d("tarocks", player="A", count=22)]), "dc-0-count"),
    ("a declaration twice", "german_taroc", each([d("four_kings", player="A"), d("four_kings", player="A")]), "dc-1"),
    (
        "two cavalries of one suit",
        "german_taroc",
        each([d("cavalry", player="A", suit="hearts"), d("half_cavalry", player="B", suit="hearts")]),
        "dc-1",
    ),
    (
        "four kings beside another",
        "german_taroc",
        each([d("four_kings", player="A"), d("three_kings", player="B")]),
        "dc-1",
    ),
    (
        "the Excuse twice",
        "german_taroc",
        each([d("matadors", player="A", count=3), d("three_kings", player="B")]),
        "dc-1",
    ),
    (
        "two excuse events",
        "german_taroc",
        each(events=[d("excuse_no_tricks", player="A"), d("excuse_no_tricks", player="B")]),
        "ev-1",
    ),
    # Grosstarock
    ("kings out of range", "grosstarock", each([d("kings", player="A", count=8)]), "dc-0-count"),
    ("four queens by two", "grosstarock", each([d("four_queens", player="A"), d("four_queens", player="B")]), "dc-1"),
    (
        "the Sküs twice",
        "grosstarock",
        each([d("matadors", player="A", count=3), d("half_cavalry", player="B", suit="clubs")]),
        "dc-1",
    ),
    (
        "valat and nolo",
        "grosstarock",
        each(events=[d("valat", player="A"), d("nolo", player="B")], card_points={"A": 78, "B": 0, "C": 0}),
        "ev-1",
    ),
    (
        "two valats",
        "grosstarock",
        each(
            events=[d("valat", player="A"), d("announced_valat", player="A", before_trick=1, result="won")],
            card_points={"A": 78, "B": 0, "C": 0},
        ),
        "ev-1",
    ),
    (
        "an ultimo against a valat",
        "grosstarock",
        each(
            events=[d("valat", player="A"), d("king_ultimo", player="B", result="won")],
            card_points={"A": 78, "B": 0, "C": 0},
        ),
        "ev-1",
    ),
    (
        "nolo before trick 20",
        "grosstarock",
        each(events=[d("announced_nolo", player="A", before_trick=20, result="won")]),
        "ev-0-before_trick",
    ),
    # Danish Tarok
    (
        "last trick beside an ultimo",
        "danish_tarok",
        each(events=[d("pagat_ultimo", player="A", result="lost"), d("last_trick", player="B")]),
        "ev-1",
    ),
    (
        "nolo and tout",
        "danish_tarok",
        each(events=[d("tout", player="A"), d("nolo", player="B")], card_points={"A": 78, "B": 0, "C": 0}),
        "ev-1",
    ),
    ("two touts", "danish_tarok", each(events=[d("tout", player="A"), d("tout", player="B")]), "ev-1"),
    (
        "more than four Kings lost",
        "danish_tarok",
        each(events=[d("king_lost", player="A", count=3), d("king_lost", player="B", count=2)]),
        "ev-1",
    ),
    (
        "two kings declarations",
        "danish_tarok",
        each([d("half_kings", player="A"), d("four_kings", player="B")]),
        "dc-1",
    ),
    (
        "the Scies twice",
        "danish_tarok",
        each([d("overfull_kings", player="A"), d("half_cavalry", player="B", suit="spades")]),
        "dc-1",
    ),
    (
        "an ultimo against a tout",
        "danish_tarok",
        each(
            events=[d("tout", player="A"), d("king_ultimo", player="B", result="won")],
            card_points={"A": 78, "B": 0, "C": 0},
        ),
        "ev-1",
    ),
    # Droggn
    ("all tricks under 37", "droggn", game("solo", 36, all_tricks=True), "all_tricks"),
    ("Gstieß outside Super Mord", "droggn", game("solo", 40, d("gstiess_ultimo")), "ev-0"),
    (
        "a bonus in a Super Mord",
        "droggn",
        game("super_mord", 74, d("pagat_captured", by="declarer"), all_tricks=True),
        "ev-0",
    ),
    (
        "defenders' bonus against all tricks",
        "droggn",
        game("solo", 60, d("pagat_captured", by="defenders"), all_tricks=True),
        "ev-0",
    ),
    (
        "one Pagat in Droggn",
        "droggn",
        game("solo", 40, d("pagat_captured", by="declarer"), d("pagat_ultimo", side="declarer", result="won")),
        "ev-1",
    ),
    ("points beyond the pack", "droggn", game("solo", 75), "declarer_points"),
    # Kosakeln
    (
        "Absolut against the points",
        "kosakeln",
        game("einblatt", 39, d("absolut", player="A", announced="after", result="won")),
        "ev-0",
    ),
    (
        "a declarer's bonus by the defender",
        "kosakeln",
        game("einblatt", 45, d("absolut", player="B", announced="after", result="won")),
        "ev-0",
    ),
    (
        "without Kings when the game is lost",
        "kosakeln",
        game("einblatt", 30, d("without_kings", player="A", announced="after", result="won")),
        "ev-0",
    ),
    ("a silent Panzer", "kosakeln", game("einblatt", 55, d("panzer", player="A", result="won")), "ev-0"),
    (
        "a bonus twice",
        "kosakeln",
        game("einblatt", 40, d("uhu", player="A", result="won"), d("uhu", player="B", result="lost")),
        "ev-1",
    ),
    (
        "two valats in Kosakeln",
        "kosakeln",
        game("einblatt", 40, d("valat", player="A"), d("valat", player="A")),
        "ev-1",
    ),
    ("a lost silent valat", "kosakeln", game("einblatt", 40, d("valat", player="A", result="lost")), "ev-0"),
    (
        "the defender announces a valat",
        "kosakeln",
        game("einblatt", 10, d("valat", player="B", announced=True)),
        "ev-0",
    ),
    (
        "a bird against a valat",
        "kosakeln",
        game("einblatt", 65, d("valat", player="A"), d("uhu", player="B", result="won")),
        "ev-1",
    ),
    (
        "a held bonus claimed by both",
        "kosakeln",
        game("einblatt", 40, d("four_kings", player="A"), d("four_kings", player="B")),
        "ev-1",
    ),
    (
        "Trull and four birds apart",
        "kosakeln",
        game("einblatt", 40, d("trull", player="A"), d("four_birds", player="B")),
        "ev-1",
    ),
    # Dreiertarock
    (
        "an announced Mondfang",
        "dreiertarock",
        game("einser", 40, d("mondfang", side="declarer", announced=True)),
        "ev-0",
    ),
    (
        "a lost King-Trull",
        "dreiertarock",
        game("einser", 40, d("king_trull", side="declarer", result="lost")),
        "ev-0-result",
    ),
    (
        "a bonus twice in Dreiertarock",
        "dreiertarock",
        game("einser", 40, d("uhu", side="declarer", result="won"), d("uhu", side="defenders", result="lost")),
        "ev-1",
    ),
    (
        "a bonus in a Solo Valat",
        "dreiertarock",
        game("solo_valat", 70, d("king_trull", side="declarer"), all_tricks=True),
        "ev-0",
    ),
    (
        "Trull and Mondfang apart",
        "dreiertarock",
        game("einser", 40, d("tarock_trull", side="declarer"), d("mondfang", side="defenders")),
        "ev-1",
    ),
    (
        "defenders' bonus against all tricks",
        "dreiertarock",
        game("solo", 70, d("king_trull", side="defenders"), all_tricks=True),
        "ev-0",
    ),
]


@pytest.mark.parametrize(("rule", "variant", "deal", "control"), CASES, ids=[case[0] for case in CASES])
def test_a_refused_deal_shows_the_message_at_its_control(
    rule: str, variant: str, deal: dict[str, Any], control: str
) -> None:
    club = make_club()
    client = Client()
    client.force_login(make_member(club, "kim", Membership.Role.SCOREKEEPER))
    players = ["A", "B"] if variant == "kosakeln" else ["A", "B", "C"]
    sitting = make_sitting(club, variant, *players)
    response = enter(client, sitting, deal)
    assert response.status_code == 200
    form = response.context["form"]
    if control in form.fields:
        assert form.errors.get(control), (form.errors, form.group_errors)
    else:
        assert form.group_errors.get(control), (form.errors, form.group_errors)
    assert not DealRevision.objects.exists()
