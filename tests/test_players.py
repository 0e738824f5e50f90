"""The players page: adding, editing and deactivating a club's players."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from scoring.models import Membership, Player

from .factories import make_club, make_member

pytestmark = pytest.mark.django_db


@pytest.fixture
def admin() -> tuple[Client, Any]:
    """A club and its admin, signed in."""
    club = make_club()
    client = Client()
    client.force_login(make_member(club, "ada", Membership.Role.ADMIN))
    return client, club


def test_deactivating_a_player_keeps_him_listed_by_initials_in_public(admin: tuple[Client, Any]) -> None:
    client, club = admin
    anna = Player.objects.create(club=club, display_name="Anna Maria Huber", initials_only=True)
    response = client.post(reverse("club:player_deactivate", kwargs={"slug": club.slug, "pk": anna.pk}))
    assert response.status_code == 302
    anna.refresh_from_db()
    assert (anna.active, anna.initials_only) == (False, True)
