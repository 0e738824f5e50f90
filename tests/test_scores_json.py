"""``/clubs/<slug>/sittings/<id>/scores.json``: stored rows, for those who may read the club."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client

from scoring.club.models import Membership
from scoring.sittings.models import Sitting
from scoring.sittings.services import import_sitting

from .factories import golden, make_club, make_member, make_user

pytestmark = pytest.mark.django_db


def url_of(sitting: Sitting) -> str:
    return f"/clubs/{sitting.club.slug}/sittings/{sitting.pk}/scores.json"


def test_it_serves_members_and_superusers_of_a_private_club(client: Client) -> None:
    club = make_club()
    sitting = import_sitting(club, golden("grosstarock", "readme-example"), user=None)
    client.force_login(make_member(club, "vera", Membership.Role.VIEWER))
    assert client.get(url_of(sitting)).json()["totals"] == {"Anna": 39, "Bernd": 4, "Carla": -43}
    client.force_login(User.objects.create_superuser("root", password="x"))
    assert client.get(url_of(sitting)).status_code == 200


def test_it_hides_a_private_club_from_outsiders_and_asks_strangers_to_log_in(client: Client) -> None:
    club = make_club()
    sitting = import_sitting(club, golden("grosstarock", "readme-example"), user=None)
    assert client.get(url_of(sitting)).status_code == 302
    client.force_login(make_user("otto"))
    assert client.get(url_of(sitting)).status_code == 404


def test_it_serves_a_public_club_to_anyone(client: Client) -> None:
    sitting = import_sitting(make_club(public=True), golden("grosstarock", "readme-example"), user=None)
    assert client.get(url_of(sitting)).status_code == 200


def test_it_does_not_serve_a_sitting_under_another_clubs_address(client: Client) -> None:
    sitting = import_sitting(make_club(), golden("grosstarock", "readme-example"), user=None)
    make_club("open", public=True)
    assert client.get(f"/clubs/open/sittings/{sitting.pk}/scores.json").status_code == 404


def test_the_deals_and_their_breakdowns_are_read_in_one_query(django_assert_num_queries: Any) -> None:
    """A correction or a take-back committing meanwhile is seen whole or not at all."""
    from scoring.sittings.results import stored_deals

    sitting = import_sitting(make_club(), golden("danish_tarok", "three-deals-pots"), user=None)
    with django_assert_num_queries(1):
        deals = stored_deals(sitting)
    assert [deal.number for deal in deals] == [1, 2, 3]
