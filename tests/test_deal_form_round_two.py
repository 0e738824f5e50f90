"""The deal form, round two: fines (a penalty row in every variant, into a pot in Danish),
deals thrown in (dealt but not played), and Kontra in Dreiertarock.

Every test GETs the deal form's page, fills in the form it renders as a scorekeeper would and
posts exactly what it sends (``tests/pages.py``); the score is then the engine's, read back from
the sitting's sheet.
"""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from scoring.engine import score_sitting
from scoring.sittings.models import DealRevision, Sitting
from scoring.sittings.results import sitting_document, stored_result

from .factories import make_sitting
from .pages import fill_and_send, form_on, send

pytestmark = pytest.mark.django_db

TABLES = {
    "german_taroc": ["Anna", "Bernd", "Carla"],
    "grosstarock": ["Anna", "Bernd", "Carla"],
    "danish_tarok": ["Anna", "Bernd", "Carla"],
    "droggn": ["Anna", "Bernd", "Carla"],
    "kosakeln": ["Anna", "Bernd"],
    "dreiertarock": ["Anna", "Bernd", "Carla"],
}
PLAYED = {
    "german_taroc": {"cp_0": "26", "cp_1": "26", "cp_2": "26"},
    "grosstarock": {"cp_0": "30", "cp_1": "30", "cp_2": "18"},
    "danish_tarok": {"cp_0": "26", "cp_1": "26", "cp_2": "26"},
    "droggn": {"declarer": "Carla", "contract": "solo", "declarer_points": "45"},
    "kosakeln": {"declarer": "Anna", "contract": "einblatt", "declarer_points": "50"},
    "dreiertarock": {"declarer": "Carla", "contract": "dreier", "declarer_points": "40"},
}
"""What a scorekeeper types for a plain played deal of each variant (Anna deals)."""
FINE = {"ev-0-type": "penalty", "ev-0-who": "Bernd", "ev-0-points": "10"}
"""Bernd is fined 10 (a revoke)."""


def new_deal_url(sitting: Sitting) -> str:
    return reverse("scorekeeping:deal_new", kwargs={"slug": sitting.club.slug, "pk": sitting.pk})


def sheet_totals(client: Client, response: Any) -> dict[str, int]:
    """The totals the sitting's sheet shows after the form was sent."""
    assert response.status_code == 302, response.context["form"].errors if response.context else response
    sheet = client.get(response["Location"]).context
    return dict(zip(sheet["players"], sheet["totals"], strict=True))


def without_penalties(sitting: Sitting) -> dict[str, Any]:
    """The engine's result for the sitting's deals with their penalties left out."""
    doc = sitting_document(sitting)
    for deal in doc["deals"]:
        deal["events"] = [e for e in deal.get("events", []) if e["type"] != "penalty"]
    return score_sitting(doc)


@pytest.mark.parametrize("variant", list(TABLES))
def test_it_records_a_penalty_in_every_variant_and_the_fined_player_pays_each_opponent(
    keeper: tuple[Client, Any], variant: str
) -> None:
    client, club = keeper
    players = TABLES[variant]
    sitting = make_sitting(club, variant, *players)
    totals = sheet_totals(client, fill_and_send(client, new_deal_url(sitting), PLAYED[variant] | FINE, having="dealer"))
    events = sitting_document(sitting)["deals"][0]["events"]
    assert events == [{"type": "penalty", "player": "Bernd", "points": 10}]
    assert totals == stored_result(sitting)["totals"] == score_sitting(sitting_document(sitting))["totals"]
    unfined = without_penalties(sitting)["totals"]
    opponents = len(players) - 1
    assert {name: totals[name] - unfined[name] for name in players} == {
        name: -10 * opponents if name == "Bernd" else 10 for name in players
    }


def test_a_danish_fine_paid_into_the_king_pot_goes_to_nobody_else(keeper: tuple[Client, Any]) -> None:
    client, club = keeper
    sitting = make_sitting(club, "danish_tarok", *TABLES["danish_tarok"])
    page = client.get(new_deal_url(sitting))
    form = form_on(page, having="dealer")
    assert [c.options for c in form.controls if c.name == "ev-0-to"] == [["", "king", "pagat"]]
    assert '<option value="king">King pot</option>' in page.content.decode()
    response = send(client, new_deal_url(sitting), form, PLAYED["danish_tarok"] | FINE | {"ev-0-to": "king"})
    totals = sheet_totals(client, response)
    assert sitting_document(sitting)["deals"][0]["events"] == [
        {"type": "penalty", "player": "Bernd", "points": 10, "to": "king"}
    ]
    result, unfined = stored_result(sitting), without_penalties(sitting)
    assert {name: totals[name] - unfined["totals"][name] for name in totals} == {"Anna": 0, "Bernd": -10, "Carla": 0}
    assert result["pots"]["king"] - unfined["pots"]["king"] == 10
    assert result["pots"]["pagat"] == unfined["pots"]["pagat"]


@pytest.mark.parametrize("variant", ["droggn", "dreiertarock"])
def test_where_bonuses_belong_to_a_side_the_who_offers_sides_and_players_and_says_which_type_takes_which(
    keeper: tuple[Client, Any], variant: str
) -> None:
    client, club = keeper
    sitting = make_sitting(club, variant, *TABLES[variant])
    page = client.get(new_deal_url(sitting))
    who = next(c for c in form_on(page, having="dealer").controls if c.name == "ev-0-who")
    assert who.options == ["", "declarer", "defenders", "Anna", "Bernd", "Carla"]
    html = page.content.decode()
    assert '<optgroup label="Side">' in html
    assert '<optgroup label="Player">' in html
    events = page.context["script_data"]["items"]["events"]
    assert events["penalty"] == {"who": ["Anna", "Bernd", "Carla"], "points": None}
    assert events["pagat_ultimo"]["who"] == ["declarer", "defenders"]


def test_a_penalty_with_a_side_for_who_is_refused_at_its_who(keeper: tuple[Client, Any]) -> None:
    client, club = keeper
    sitting = make_sitting(club, "droggn", *TABLES["droggn"])
    fined_side = FINE | {"ev-0-who": "defenders"}
    page = fill_and_send(client, new_deal_url(sitting), PLAYED["droggn"] | fined_side, having="dealer")
    assert page.status_code == 200
    assert page.context["form"].errors["ev-0-who"]
    assert 'aria-describedby="id_ev-0-who_error"' in page.content.decode()
    assert not DealRevision.objects.exists()


def test_a_penalty_without_points_is_refused_at_its_points(keeper: tuple[Client, Any]) -> None:
    client, club = keeper
    sitting = make_sitting(club, "grosstarock", *TABLES["grosstarock"])
    page = fill_and_send(
        client, new_deal_url(sitting), PLAYED["grosstarock"] | FINE | {"ev-0-points": ""}, having="dealer"
    )
    assert page.status_code == 200
    assert page.context["form"].errors["ev-0-points"]
    html = page.content.decode()
    assert 'id="id_ev-0-points_error"' in html
    assert 'aria-describedby="id_ev-0-points_error"' in html
    assert not DealRevision.objects.exists()


def test_a_fine_beyond_the_most_says_the_limit(keeper: tuple[Client, Any]) -> None:
    client, club = keeper
    sitting = make_sitting(club, "dreiertarock", *TABLES["dreiertarock"])
    page = fill_and_send(
        client, new_deal_url(sitting), PLAYED["dreiertarock"] | FINE | {"ev-0-points": "1001"}, having="dealer"
    )
    assert page.context["form"].errors["ev-0-points"] == ["Cents: from 1 to 1000"], "Dreiertarock counts in cents"
    assert not DealRevision.objects.exists()


@pytest.mark.parametrize("variant", ["danish_tarok", "dreiertarock", "kosakeln"])
def test_a_thrown_in_deal_with_the_dealers_fine_is_stored_with_only_the_fine(
    keeper: tuple[Client, Any], variant: str
) -> None:
    client, club = keeper
    players = TABLES[variant]
    sitting = make_sitting(club, variant, *players)
    misdeal = {"thrown_in": True, "ev-0-type": "penalty", "ev-0-who": "Anna", "ev-0-points": "5"}
    totals = sheet_totals(client, fill_and_send(client, new_deal_url(sitting), misdeal, having="dealer"))
    data = DealRevision.objects.get(sitting=sitting).data
    assert data["thrown_in"] is True
    assert set(data) == {"dealer", "thrown_in", "events"}
    assert data["events"] == [{"type": "penalty", "player": 0, "points": 5}]
    assert sitting_document(sitting)["deals"] == [
        {"dealer": "Anna", "thrown_in": True, "events": [{"type": "penalty", "player": "Anna", "points": 5}]}
    ]
    assert totals == {name: -5 * (len(players) - 1) if name == "Anna" else 5 for name in players}


@pytest.mark.parametrize(
    ("variant", "left"),
    [
        ("danish_tarok", {"cp_0": "40", "cp_1": "20", "dc-0-type": "half_kings", "dc-0-who": "Bernd"}),
        ("dreiertarock", {"declarer": "Bernd", "contract": "solo", "declarer_points": "99", "kontra": "2"}),
    ],
    ids=["card points and a declaration", "a bid, out-of-range card points and Kontra"],
)
def test_a_thrown_in_deal_ignores_what_the_other_controls_still_hold(
    keeper: tuple[Client, Any], variant: str, left: dict[str, str]
) -> None:
    """Without the script the other controls stay on the page: a deal thrown in reads none of them."""
    client, club = keeper
    sitting = make_sitting(club, variant, *TABLES[variant])
    misdeal = {"thrown_in": True, "ev-0-type": "penalty", "ev-0-who": "Anna", "ev-0-points": "5"}
    sheet_totals(client, fill_and_send(client, new_deal_url(sitting), left | misdeal, having="dealer"))
    data = DealRevision.objects.get(sitting=sitting).data
    assert data == {"dealer": 0, "thrown_in": True, "events": [{"type": "penalty", "player": 0, "points": 5}]}


def test_a_droggn_deal_all_passed_at_a_table_of_four_keeps_the_dealer_sitting_out(
    keeper: tuple[Client, Any],
) -> None:
    client, club = keeper
    sitting = make_sitting(club, "droggn", "Anna", "Bernd", "Carla", "Dora")
    sheet_totals(client, fill_and_send(client, new_deal_url(sitting), {"thrown_in": True}, having="dealer"))
    assert sitting_document(sitting)["deals"] == [
        {"dealer": "Anna", "sitting_out": "Anna", "thrown_in": True, "events": []}
    ]


def test_a_thrown_in_deal_with_a_bonus_is_refused_next_to_its_row(keeper: tuple[Client, Any]) -> None:
    client, club = keeper
    sitting = make_sitting(club, "grosstarock", *TABLES["grosstarock"])
    typed = {"thrown_in": True, **FINE, "ev-1-type": "pagat_ultimo", "ev-1-who": "Carla", "ev-1-result": "won"}
    page = fill_and_send(client, new_deal_url(sitting), typed, having="dealer")
    assert page.status_code == 200
    form = page.context["form"]
    assert form.group_errors == {"ev-1": ["a thrown-in deal has only penalties as events"]}
    assert page.context["problems"] == [("a thrown-in deal has only penalties as events", "#ev-1")]
    html = page.content.decode()
    assert 'aria-describedby="ev-1-error"' in html
    assert '<ul class="errorlist" id="ev-1-error"><li>a thrown-in deal has only penalties as events</li></ul>' in html
    assert form["thrown_in"].value() is True, "the box stays ticked"
    assert not DealRevision.objects.exists()


def test_the_counting_helper_says_a_thrown_in_deal_has_no_cards(keeper: tuple[Client, Any]) -> None:
    client, club = keeper
    sitting = make_sitting(club, "grosstarock", *TABLES["grosstarock"])
    typed = {"thrown_in": True, "count_kings": "2", "count_others": "5"}
    page = fill_and_send(client, new_deal_url(sitting), typed, button="count", having="dealer")
    assert page.status_code == 200
    assert page.context["form"].errors == {"count_for": ["a thrown-in deal has no cards to count"]}
    html = page.content.decode()
    assert 'aria-describedby="id_count_for_error"' in html
    assert '<details class="card counting" id="counting" data-played open>' in html, "the message is in sight"
    assert not DealRevision.objects.exists()


def test_the_thrown_in_box_is_labelled_and_marks_what_the_script_hides(keeper: tuple[Client, Any]) -> None:
    client, club = keeper
    sitting = make_sitting(club, "danish_tarok", *TABLES["danish_tarok"])
    html = client.get(new_deal_url(sitting)).content.decode()
    assert '<input type="checkbox" name="thrown_in" id="id_thrown_in">' in html
    assert '<label for="id_thrown_in">Thrown in: dealt but not played (misdeal, redeal, all passed)</label>' in html
    assert 'id="points-card_points" data-played>' in html
    assert 'id="list-declarations" data-played>' in html
    assert 'id="list-events">' in html, "the events (penalties) stay"


def test_correcting_a_played_deal_into_a_thrown_in_one(keeper: tuple[Client, Any]) -> None:
    client, club = keeper
    sitting = make_sitting(club, "dreiertarock", *TABLES["dreiertarock"])
    sheet_totals(client, fill_and_send(client, new_deal_url(sitting), PLAYED["dreiertarock"], having="dealer"))
    url = reverse("scorekeeping:deal_correct", kwargs={"slug": club.slug, "pk": sitting.pk, "number": 1})
    typed = {"thrown_in": True, **FINE, "reason": "it was a misdeal"}
    totals = sheet_totals(client, fill_and_send(client, url, typed, having="dealer"))
    assert sitting_document(sitting)["deals"] == [
        {"dealer": "Anna", "thrown_in": True, "events": [{"type": "penalty", "player": "Bernd", "points": 10}]}
    ]
    assert totals == {"Anna": 10, "Bernd": -20, "Carla": 10}
    again = form_on(client.get(url), having="dealer")
    assert next(c for c in again.controls if c.name == "thrown_in").checked, "its correction form shows it thrown in"


def test_kontra_in_dreiertarock_is_a_labelled_group_of_radio_buttons(keeper: tuple[Client, Any]) -> None:
    client, club = keeper
    sitting = make_sitting(club, "dreiertarock", *TABLES["dreiertarock"])
    page = client.get(new_deal_url(sitting))
    html = page.content.decode()
    assert '<fieldset class="field choices"><legend>Kontra</legend>' in html
    assert '<label for="id_kontra_1"><input type="radio" name="kontra" value="2" id="id_kontra_1">' in html
    radios = [(c.value, c.checked) for c in form_on(page, having="dealer").controls if c.name == "kontra"]
    assert radios == [("1", True), ("2", False), ("4", False)], "none, unless a Kontra was said"
    plain = sheet_totals(
        client, send(client, new_deal_url(sitting), form_on(page, having="dealer"), PLAYED["dreiertarock"])
    )
    assert "kontra" not in sitting_document(sitting)["deals"][0]
    doubled = fill_and_send(client, new_deal_url(sitting), PLAYED["dreiertarock"] | {"kontra": "2"}, having="dealer")
    totals = sheet_totals(client, doubled)
    assert sitting_document(sitting)["deals"][1]["kontra"] == 2
    assert totals == stored_result(sitting)["totals"] == score_sitting(sitting_document(sitting))["totals"]
    assert totals["Carla"] - plain["Carla"] == 2 * plain["Carla"], "the second deal scores the contract doubled"
