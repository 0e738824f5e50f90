"""Correcting and taking back deals through the pages, and closing a sitting."""

from __future__ import annotations

import random

import pytest
from django.test import Client
from django.urls import reverse

from scoring.club.models import Membership
from scoring.engine import score_sitting
from scoring.samples import random_sitting
from scoring.sittings.models import DealRevision
from scoring.sittings.results import sitting_document, stored_result
from scoring.sittings.services import import_sitting

from .deal_posts import correct, enter
from .factories import make_club, make_member

pytestmark = pytest.mark.django_db


def danish_ten() -> dict:
    rng = random.Random(5)
    return random_sitting(rng, "danish_tarok", deals=10, players=["Anna", "Bernd", "Carla"], items=1)


def test_correcting_deal_1_of_ten_danish_deals_through_the_page_rescores_every_later_deal() -> None:
    club = make_club()
    keeper = Client()
    keeper.force_login(make_member(club, "kim", Membership.Role.SCOREKEEPER))
    doc = danish_ten()
    sitting = import_sitting(club, doc, user=None)
    page = keeper.get(reverse("scorekeeping:deal_correct", kwargs={"slug": club.slug, "pk": sitting.pk, "number": 1}))
    assert page.context["form"]["dealer"].value() == doc["deals"][0]["dealer"]
    corrected = {
        "dealer": doc["deals"][0]["dealer"],
        "card_points": {"Anna": 20, "Bernd": 40, "Carla": 18},
        "events": [{"type": "pagat_ultimo", "player": "Carla", "result": "lost"}],
    }
    response = correct(keeper, sitting, 1, corrected, reason="the Pagat fell in the last trick")
    assert response.status_code == 302
    expected = score_sitting({**doc, "deals": [corrected, *doc["deals"][1:]]})
    assert stored_result(sitting) == expected
    assert [d["pots"] for d in expected["deals"]] != [d["pots"] for d in score_sitting(doc)["deals"]]
    history = keeper.get(reverse("sittings:detail", kwargs={"slug": club.slug, "pk": sitting.pk})).content.decode()
    assert "the Pagat fell in the last trick" in history
    assert "kim" in history


def test_a_correction_without_a_reason_is_refused_at_the_reason() -> None:
    club = make_club()
    keeper = Client()
    keeper.force_login(make_member(club, "kim", Membership.Role.SCOREKEEPER))
    doc = danish_ten()
    sitting = import_sitting(club, doc, user=None)
    response = correct(keeper, sitting, 1, doc["deals"][0], reason="")
    assert response.context["form"].errors == {"reason": ["Say why the deal is changed."]}
    assert DealRevision.objects.filter(sitting=sitting, number=1).count() == 1


def test_a_closed_sitting_refuses_a_scorekeeper_and_accepts_an_admin_with_a_reason() -> None:
    club = make_club()
    keeper, admin = Client(), Client()
    keeper.force_login(make_member(club, "kim", Membership.Role.SCOREKEEPER))
    admin.force_login(make_member(club, "ada", Membership.Role.ADMIN))
    doc = danish_ten()
    sitting = import_sitting(club, doc, user=None)
    assert keeper.post(reverse("scorekeeping:close", kwargs={"slug": club.slug, "pk": sitting.pk})).status_code == 302
    changed = {**doc["deals"][0], "card_points": {"Anna": 30, "Bernd": 30, "Carla": 18}}

    refused = correct(keeper, sitting, 1, changed, reason="recount")
    assert refused.status_code == 200
    assert "only a club admin" in " ".join(refused.context["form"].non_field_errors())
    assert stored_result(sitting) == score_sitting(doc)

    assert correct(admin, sitting, 1, changed, reason="").status_code == 200
    assert correct(admin, sitting, 1, changed, reason="recount after closing").status_code == 302
    assert stored_result(sitting) == score_sitting({**doc, "deals": [changed, *doc["deals"][1:]]})


def test_a_closed_sitting_takes_no_new_deal() -> None:
    club = make_club()
    keeper = Client()
    keeper.force_login(make_member(club, "kim", Membership.Role.SCOREKEEPER))
    sitting = import_sitting(club, danish_ten(), user=None)
    keeper.post(reverse("scorekeeping:close", kwargs={"slug": club.slug, "pk": sitting.pk}))
    page = keeper.get(reverse("sittings:detail", kwargs={"slug": club.slug, "pk": sitting.pk}))
    assert page.context["can_enter"] is False
    response = enter(keeper, sitting, {"dealer": "Anna", "card_points": {"Anna": 26, "Bernd": 26, "Carla": 26}})
    assert "closed" in " ".join(response.context["form"].non_field_errors())
    assert sitting.live_deals().count() == 10


def test_taking_back_the_last_deal_is_recorded_with_the_reason() -> None:
    club = make_club()
    keeper = Client()
    keeper.force_login(make_member(club, "kim", Membership.Role.SCOREKEEPER))
    doc = danish_ten()
    sitting = import_sitting(club, doc, user=None)
    url = reverse("scorekeeping:deal_undo", kwargs={"slug": club.slug, "pk": sitting.pk})
    assert keeper.post(url, {"reason": ""}).status_code == 302
    assert sitting.live_deals().count() == 10
    assert keeper.post(url, {"reason": "entered twice"}).status_code == 302
    assert sitting.live_deals().count() == 9
    assert DealRevision.objects.get(sitting=sitting, removed=True).reason == "entered twice"
    assert stored_result(sitting) == score_sitting({**doc, "deals": doc["deals"][:9]})
    assert sitting_document(sitting)["deals"] == doc["deals"][:9]
