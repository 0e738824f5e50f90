"""A seventh variant needs its engine module, one registration and its words, and nothing else.

A made-up game, registered while the test runs: a deal-level field no other variant has, a pot
of its own, scores in cents. It is started, entered through the deal form, shown on the sheet
and read back from ``scores.json`` without a line of the site knowing it.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from scoring.club.models import Membership
from scoring.engine import VARIANTS, Variant, register, score_sitting, unregister
from scoring.engine.base import Deal, FieldSpec, Options, Payments, contract, declarer, declarer_points, player
from scoring.engine.reasons import CENTS
from scoring.sittings.models import Sitting
from scoring.sittings.results import sitting_document

from .deal_posts import enter
from .factories import make_club, make_member, make_players

pytestmark = pytest.mark.django_db


class Zwicker(Variant):
    """Made up: the declarer wins his contract's value per trick over five; each deal everyone
    pays 1 into the Zwicker pot, and a *zwick* takes it."""

    key = "zwicker"
    name = "Zwicker"
    pack_points = 30
    unit = CENTS
    contracts = {"solo": 10}
    deal_fields = {
        "declarer": declarer(),
        "contract": contract(contracts),
        "declarer_points": declarer_points(30),
        "tricks": FieldSpec("tricks", "whole", low=0, high=10, default=0, label="Tricks over five"),
    }
    event_types = {"zwick": {"player": player()}}
    pots = {"zwicker": "zwicker_pot"}
    words = {"zwicker_pot": "Zwicker pot", "zwick": "Zwick"}

    def score(self, deal: Deal, options: Options, payments: Payments) -> None:
        tricks = deal.extra["tricks"]
        assert isinstance(tricks, int)
        payments.per_defender(self.contracts[deal.contract] * tricks, "{n} tricks over five", n=tricks)
        payments.into_pot(deal.active, "zwicker", 1, "into the {pot}", pot="zwicker_pot")
        held = payments.pots["zwicker"]
        for item in deal.events:
            payments.into_pot((item.player or "",), "zwicker", -held, "{player} zwicks", player=item.player)


@pytest.fixture
def zwicker() -> Iterator[Variant]:
    variant = register(Zwicker())
    yield variant
    unregister(variant.key)


def test_a_made_up_variant_is_started_entered_shown_and_served_as_json(zwicker: Variant, client: Client) -> None:
    club = make_club()
    client.force_login(make_member(club, "kai", Membership.Role.SCOREKEEPER))
    anna, bernd, carla = make_players(club, "Anna", "Bernd", "Carla")
    started = client.post(
        reverse("scorekeeping:start", kwargs={"slug": club.slug}),
        {"variant": "zwicker", "date": "2026-11-30", "seat_1": anna.pk, "seat_2": bernd.pk, "seat_3": carla.pk},
    )
    assert started.status_code == 302
    sitting = Sitting.objects.get(variant="zwicker")

    form_page = client.get(started["Location"]).content.decode()
    assert "Tricks over five" in form_page and 'name="tricks"' in form_page

    first: dict[str, Any] = {
        "dealer": "Anna",
        "declarer": "Bernd",
        "contract": "solo",
        "declarer_points": 20,
        "tricks": 2,
    }
    second = {**first, "dealer": "Bernd", "tricks": 0, "events": [{"type": "zwick", "player": "Carla"}]}
    assert enter(client, sitting, first).status_code == 302
    assert enter(client, sitting, second).status_code == 302

    document = sitting_document(sitting)
    assert document["deals"][0]["tricks"] == 2 and "tricks" not in document["deals"][1]
    expected = score_sitting(document)
    assert expected["totals"] == {"Anna": -22, "Bernd": 38, "Carla": -16}

    sheet = client.get(sitting.get_absolute_url()).content.decode()
    assert "Scores in cents." in sheet
    assert "Zwicker pot" in sheet
    why = client.get(reverse("sittings:deal", kwargs={"slug": club.slug, "pk": sitting.pk, "number": 2}))
    assert "Carla zwicks" in why.content.decode()

    served = client.get(reverse("sittings:scores_json", kwargs={"slug": club.slug, "pk": sitting.pk})).json()
    assert served == expected


def test_the_made_up_variant_leaves_the_registry_as_it_found_it(zwicker: Variant) -> None:
    assert "zwicker" in VARIANTS
    unregister("zwicker")
    assert "zwicker" not in VARIANTS
    register(zwicker)
