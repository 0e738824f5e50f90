"""Entering deals through the form: stored rows equal the engine, every refusal shown in place."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from scoring.club.models import Membership
from scoring.engine import score_sitting
from scoring.sittings.models import DealRevision, Sitting
from scoring.sittings.results import sitting_document, stored_result

from .deal_posts import enter, post_data
from .factories import make_club, make_member, make_sitting
from .pages import fill_and_send, form_on, send

pytestmark = pytest.mark.django_db

TABLES = {
    "german_taroc": ["Anna", "Bernd", "Carla"],
    "grosstarock": ["Anna", "Bernd", "Carla", "Dora"],
    "danish_tarok": ["Anna", "Bernd", "Carla", "Dora"],
    "droggn": ["Anna", "Bernd", "Carla", "Dora"],
    "kosakeln": ["Anna", "Bernd"],
    "dreiertarock": ["Anna", "Bernd", "Carla"],
}

REALISTIC = {
    "german_taroc": {
        "dealer": "Anna",
        "card_points": {"Anna": 40, "Bernd": 20, "Carla": 18},
        "declarations": [
            {"type": "tarocks", "player": "Anna", "count": 12},
            {"type": "cavalry", "player": "Carla", "suit": "hearts"},
        ],
        "events": [{"type": "pagat", "player": "Bernd", "result": "lost"}],
    },
    "grosstarock": {
        "dealer": "Anna",
        "sitting_out": "Anna",
        "card_points": {"Bernd": 35, "Carla": 25, "Dora": 18},
        "declarations": [{"type": "kings", "player": "Bernd", "count": 4}],
        "events": [
            {"type": "king", "player": "Carla", "result": "home", "count": 2},
            {"type": "announced_nolo", "player": "Dora", "before_trick": 13, "result": "lost"},
        ],
    },
    "danish_tarok": {
        "dealer": "Anna",
        "sitting_out": "Carla",
        "card_points": {"Anna": 30, "Bernd": 40, "Dora": 8},
        "declarations": [{"type": "half_kings", "player": "Bernd"}],
        "events": [
            {"type": "pagat_ultimo", "player": "Bernd", "result": "won"},
            {"type": "king_lost", "player": "Dora", "count": 2},
        ],
    },
    "droggn": {
        "dealer": "Anna",
        "sitting_out": "Anna",
        "declarer": "Carla",
        "contract": "solo",
        "declarer_points": 45,
        "multiplier": 2,
        "events": [{"type": "pagat_ultimo", "side": "declarer", "announced": True, "result": "won"}],
    },
    "kosakeln": {
        "dealer": "Anna",
        "declarer": "Bernd",
        "contract": "einblatt",
        "declarer_points": 52,
        "events": [
            {"type": "pagat_ultimo", "player": "Bernd", "announced": "after", "result": "won"},
            {"type": "panzer", "player": "Bernd", "announced": "before", "result": "won"},
            {"type": "trull", "player": "Anna", "result": "won"},
        ],
    },
    "dreiertarock": {
        "dealer": "Anna",
        "declarer": "Bernd",
        "contract": "dreier",
        "declarer_points": 40,
        "events": [
            {"type": "pagat_ultimo", "side": "declarer", "result": "won"},
            {"type": "king_trull", "side": "defenders", "result": "won"},
        ],
    },
}


@pytest.fixture
def keeper_client() -> tuple[Client, Any]:
    club = make_club()
    client = Client()
    client.force_login(make_member(club, "kim", Membership.Role.SCOREKEEPER))
    return client, club


@pytest.mark.parametrize("variant", list(REALISTIC))
def test_a_realistic_deal_entered_through_the_form_is_stored_as_the_engine_scores_it(
    keeper_client: tuple[Client, Any], variant: str
) -> None:
    client, club = keeper_client
    sitting = make_sitting(club, variant, *TABLES[variant])
    response = enter(client, sitting, REALISTIC[variant])
    assert response.status_code == 302, response.context["form"].errors if response.context else response
    assert response["Location"].endswith("?saved=1")
    exported = sitting_document(sitting)
    assert exported["deals"] == [REALISTIC[variant]]
    assert stored_result(sitting) == score_sitting(exported)
    page = client.get(response["Location"])
    assert page.context["saved"] == 1
    why = reverse("sittings:deal", kwargs={"slug": club.slug, "pk": sitting.pk, "number": 1})
    assert f'<p class="why-saved"><a href="{why}">' in page.content.decode(), "the breakdown is one tap away"


def test_the_form_offers_the_next_dealer_and_who_sits_out_by_rotation(keeper_client: tuple[Client, Any]) -> None:
    client, club = keeper_client
    sitting = make_sitting(club, "danish_tarok", *TABLES["danish_tarok"])
    url = reverse("scorekeeping:deal_new", kwargs={"slug": club.slug, "pk": sitting.pk})
    form = client.get(url).context["form"]
    assert (form["dealer"].value(), form["sitting_out"].value()) == ("Anna", "Carla")
    enter(client, sitting, REALISTIC["danish_tarok"])
    form = client.get(url).context["form"]
    assert (form["dealer"].value(), form["sitting_out"].value()) == ("Bernd", "Dora")


def test_the_last_blank_card_points_are_what_the_pack_leaves(keeper_client: tuple[Client, Any]) -> None:
    client, club = keeper_client
    sitting = make_sitting(club, "grosstarock", "Anna", "Bernd", "Carla")
    data = post_data(
        "grosstarock", {"dealer": "Anna", "card_points": {"Anna": 40, "Bernd": 20}}, ["Anna", "Bernd", "Carla"]
    )
    response = client.post(reverse("scorekeeping:deal_new", kwargs={"slug": club.slug, "pk": sitting.pk}), data)
    assert response.status_code == 302
    assert sitting_document(sitting)["deals"][0]["card_points"] == {"Anna": 40, "Bernd": 20, "Carla": 18}


def test_the_same_form_posted_twice_creates_one_deal(keeper_client: tuple[Client, Any]) -> None:
    client, club = keeper_client
    sitting = make_sitting(club, "grosstarock", "Anna", "Bernd", "Carla")
    deal = {"dealer": "Anna", "card_points": {"Anna": 40, "Bernd": 20, "Carla": 18}}
    first = enter(client, sitting, deal, key="tap-1")
    second = enter(client, sitting, deal, key="tap-1")
    assert first.status_code == second.status_code == 302
    assert DealRevision.objects.filter(sitting=sitting).count() == 1
    said = [str(m) for m in client.get(second["Location"]).context["messages"]]
    assert said == ["Deal 1 saved.", "Deal 1 was already entered."]


def test_a_rejected_deal_keeps_everything_typed_and_stores_nothing(keeper_client: tuple[Client, Any]) -> None:
    client, club = keeper_client
    sitting = make_sitting(club, "grosstarock", "Anna", "Bernd", "Carla")
    deal = {
        "dealer": "Bernd",
        "card_points": {"Anna": 40, "Bernd": 20, "Carla": 17},
        "events": [{"type": "pagat_ultimo", "player": "Carla", "result": "won"}],
    }
    response = enter(client, sitting, deal)
    assert response.status_code == 200
    form = response.context["form"]
    assert form.group_errors == {"card_points": ["card points add up to 77, not 78"]}
    assert (form["dealer"].value(), form["cp_2"].value(), form["ev-0-who"].value()) == ("Bernd", "17", "Carla")
    assert not DealRevision.objects.exists()


def test_an_implausible_deal_is_held_for_confirmation_then_saved(keeper_client: tuple[Client, Any]) -> None:
    client, club = keeper_client
    sitting = make_sitting(club, "danish_tarok", "Anna", "Bernd", "Carla")
    deal = {
        "dealer": "Anna",
        "card_points": {"Anna": 26, "Bernd": 26, "Carla": 26},
        "declarations": [{"type": "four_kings", "player": "Anna"}],
        "events": [{"type": "king_lost", "player": "Bernd", "count": 1}],
    }
    held = enter(client, sitting, deal)
    assert held.status_code == 200
    assert held.context["doubts"] == ["Anna declared all four Kings, yet Bernd plays one"]
    assert not DealRevision.objects.exists()
    saved = enter(client, sitting, deal, confirm="1")
    assert saved.status_code == 302
    assert stored_result(sitting) == score_sitting(sitting_document(sitting))


def test_the_counting_helper_fills_the_card_points_without_javascript(keeper_client: tuple[Client, Any]) -> None:
    client, club = keeper_client
    sitting = make_sitting(club, "kosakeln", "Anna", "Bernd")
    data = post_data("kosakeln", {"dealer": "Anna", "declarer": "Anna", "contract": "solo"}, ["Anna", "Bernd"])
    data.update(
        count="1",
        count_for="declarer_points",
        count_kings="4",
        count_queens="4",
        count_cavaliers="1",
        count_jacks="1",
        count_others="4",
    )
    response = client.post(reverse("scorekeeping:deal_new", kwargs={"slug": club.slug, "pk": sitting.pk}), data)
    assert response.status_code == 200
    assert response.context["form"]["declarer_points"].value() == "36"
    assert "35⅔" in response.content.decode()
    assert not DealRevision.objects.exists()


def test_more_rows_adds_rows_and_keeps_what_was_typed(keeper_client: tuple[Client, Any]) -> None:
    client, club = keeper_client
    sitting = make_sitting(club, "grosstarock", "Anna", "Bernd", "Carla")
    data = post_data(
        "grosstarock", REALISTIC["german_taroc"] | {"declarations": []}, ["Anna", "Bernd", "Carla"], more_rows="1"
    )
    response = client.post(reverse("scorekeeping:deal_new", kwargs={"slug": club.slug, "pk": sitting.pk}), data)
    form = response.context["form"]
    assert form.row_count == 7
    assert form["cp_0"].value() == "40"
    assert 'name="rows" value="7"' in response.content.decode()
    assert not DealRevision.objects.exists()
    data = post_data(
        "grosstarock",
        {"dealer": "Anna", "card_points": {"Anna": 40, "Bernd": 20, "Carla": 18}},
        ["Anna", "Bernd", "Carla"],
        rows=7,
    )
    data |= {"ev-6-type": "pagat_ultimo", "ev-6-who": "Bernd", "ev-6-result": "won"}
    assert (
        client.post(reverse("scorekeeping:deal_new", kwargs={"slug": club.slug, "pk": sitting.pk}), data).status_code
        == 302
    )
    assert sitting_document(sitting)["deals"][0]["events"] == [
        {"type": "pagat_ultimo", "player": "Bernd", "result": "won"}
    ]


def test_a_viewer_cannot_enter_a_deal(keeper_client: tuple[Client, Any]) -> None:
    _, club = keeper_client
    viewer = Client()
    viewer.force_login(make_member(club, "vera", Membership.Role.VIEWER))
    sitting = make_sitting(club, "grosstarock", "Anna", "Bernd", "Carla")
    assert (
        enter(viewer, sitting, {"dealer": "Anna", "card_points": {"Anna": 40, "Bernd": 20, "Carla": 18}}).status_code
        == 403
    )
    assert not DealRevision.objects.exists()


def test_starting_a_sitting_seats_the_players_in_dealing_order(keeper_client: tuple[Client, Any]) -> None:
    client, club = keeper_client
    players = [club.players.create(display_name=name) for name in ("Anna", "Bernd", "Carla", "Dora")]
    club.default_options = {"danish_tarok": {"ante": 40}}
    club.save()
    url = reverse("scorekeeping:start", kwargs={"slug": club.slug})
    page = client.get(url, {"variant": "danish_tarok"})
    assert page.context["form"]["option_ante"].value() == 40
    data = {"variant": "danish_tarok", "date": "2026-11-29", "option_ante": "40", "option_dealer_stake": "5"}
    data |= {"option_stake_on_refound": "on", "option_band_balance": "next_dealer"}
    data |= {f"seat_{i}": str(p.pk) for i, p in enumerate([players[2], players[0], players[3], players[1]], start=1)}
    response = client.post(url, data)
    sitting = Sitting.objects.get()
    assert response["Location"] == reverse("scorekeeping:deal_new", kwargs={"slug": club.slug, "pk": sitting.pk})
    assert [p.display_name for p in sitting.seated_players()] == ["Carla", "Anna", "Dora", "Bernd"]
    assert sitting.options["ante"] == 40


def test_starting_a_sitting_refuses_a_player_seated_twice(keeper_client: tuple[Client, Any]) -> None:
    client, club = keeper_client
    anna = club.players.create(display_name="Anna")
    data = {"variant": "kosakeln", "date": "2026-11-29", "seat_1": anna.pk, "seat_2": anna.pk}
    response = client.post(reverse("scorekeeping:start", kwargs={"slug": club.slug}), data)
    assert response.context["form"].errors == {"seat_2": ["This player already has a seat."]}
    assert not Sitting.objects.exists()


def test_a_dealer_out_of_turn_is_held_for_a_second_look_never_refused(keeper_client: tuple[Client, Any]) -> None:
    client, club = keeper_client
    sitting = make_sitting(club, "danish_tarok", "Anna", "Bernd", "Carla")
    url = reverse("scorekeeping:deal_new", kwargs={"slug": club.slug, "pk": sitting.pk})
    thrown_in = {"thrown_in": True}
    for dealer in ("Bernd", "Bernd", "Carla"):  # the first deal anyone; after a redeal the same or the next
        assert fill_and_send(client, url, {**thrown_in, "dealer": dealer}, having="dealer").status_code == 302

    skipped = fill_and_send(client, url, {**thrown_in, "dealer": "Bernd"}, having="dealer")
    assert skipped.context["doubts"] == [
        "Bernd deals deal 4, but by the rotation Carla / Anna does: is a deal missing?"
    ]
    assert sitting.live_deals().count() == 3

    saved = send(client, url, form_on(skipped, having="dealer"), button="confirm")
    assert saved.status_code == 302 and sitting.live_deals().count() == 4
