"""The players page: adding, editing and deactivating a club's players."""

from __future__ import annotations

from typing import Any

import pytest
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.test import Client
from django.urls import reverse

from scoring.club.models import Player

from .factories import make_club

pytestmark = pytest.mark.django_db


def test_deactivating_a_player_keeps_him_listed_by_initials_in_public(admin: tuple[Client, Any]) -> None:
    client, club = admin
    anna = Player.objects.create(club=club, display_name="Anna Maria Huber", initials_only=True)
    response = client.post(reverse("club:player_deactivate", kwargs={"slug": club.slug, "pk": anna.pk}))
    assert response.status_code == 302
    anna.refresh_from_db()
    assert (anna.active, anna.initials_only) == (False, True)


def test_a_name_the_club_has_in_other_capitals_is_refused(admin: tuple[Client, Any]) -> None:
    client, club = admin
    Player.objects.create(club=club, display_name="Anna")
    response = client.post(reverse("club:player_add", kwargs={"slug": club.slug}), {"display_name": "anna"})
    assert response.status_code == 200
    assert response.context["form"].errors["display_name"] == ["This club already has a player called Anna."]
    assert list(club.players.values_list("display_name", flat=True)) == ["Anna"]


def test_a_player_may_change_the_capitals_of_his_own_name(admin: tuple[Client, Any]) -> None:
    client, club = admin
    anna = Player.objects.create(club=club, display_name="Anna")
    url = reverse("club:player_edit", kwargs={"slug": club.slug, "pk": anna.pk})
    assert client.post(url, {"display_name": "ANNA", "active": "on"}).status_code == 302
    assert list(club.players.values_list("display_name", flat=True)) == ["ANNA"]


def test_the_admin_refuses_a_name_the_club_has_in_other_capitals() -> None:
    club = make_club()
    Player.objects.create(club=club, display_name="Jörg")
    with pytest.raises(ValidationError) as refusal:
        Player(club=club, display_name="JÖRG").full_clean()
    assert refusal.value.message_dict == {"display_name": ["This club already has a player called Jörg."]}


def test_the_database_refuses_two_names_that_differ_only_in_capitals() -> None:
    club = make_club()
    Player.objects.create(club=club, display_name="Anna")
    with pytest.raises(IntegrityError), transaction.atomic():
        Player.objects.create(club=club, display_name="ANNA")
    Player.objects.create(club=make_club("andere"), display_name="ANNA")  # another club's is another player
