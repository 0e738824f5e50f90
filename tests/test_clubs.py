"""Making a club (a superuser, in the site or in the Django admin) and running its members: a
club admin's writes reach his own club's members only."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest
from django.contrib.auth import authenticate
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from scoring.club.models import Club, Membership

from .factories import make_club, make_member, make_user
from .pages import fill_and_send, form_on, send

pytestmark = pytest.mark.django_db
NEW_CLUB = "/new-club/"


@pytest.fixture
def root(db: Any) -> Client:
    """A test client signed in as Root, the site's superuser (no club's member)."""
    client = Client()
    client.force_login(make_user("root", is_staff=True, is_superuser=True))
    return client


def test_a_superuser_makes_a_club_in_the_site_with_a_new_user_as_its_first_admin(root: Client) -> None:
    home = root.get("/").content.decode()
    assert f'href="{NEW_CLUB}"' in home
    typed = {"name": "  Stammtisch zum Ochsen ", "admin": "ada", "password": "Pagat-ultimo-1754"}
    response = fill_and_send(root, NEW_CLUB, typed, having="name", follow=True)
    club = Club.objects.get()
    assert (club.name, club.slug, club.public) == ("Stammtisch zum Ochsen", "stammtisch-zum-ochsen", False)
    assert response.redirect_chain[-1][0] == reverse("club:members", kwargs={"slug": club.slug})
    assert "Stammtisch zum Ochsen made; ada is its club admin." in response.content.decode()
    ada = authenticate(username="ada", password="Pagat-ultimo-1754")
    assert ada is not None and Membership.objects.get(user=ada, club=club).role == Membership.Role.ADMIN


def test_a_superuser_makes_a_club_with_its_short_name_and_an_existing_user_as_admin(root: Client) -> None:
    make_user("ada")
    typed = {"name": "Tarockrunde Wien", "slug": "wien", "public": True, "admin": "ada"}
    assert fill_and_send(root, NEW_CLUB, typed, having="name").status_code == 302
    club = Club.objects.get(slug="wien")
    assert club.public and club.memberships.get().user.username == "ada"
    assert authenticate(username="ada", password="tarock-1754") is not None, "her password is kept"


def test_the_new_club_form_sent_twice_makes_one_club(root: Client) -> None:
    form = form_on(root.get(NEW_CLUB), having="name")
    typed = {"name": "Tarockrunde Wien", "admin": "ada", "password": "Pagat-ultimo-1754"}
    assert send(root, NEW_CLUB, form, typed).status_code == 302
    again = send(root, NEW_CLUB, form, typed, follow=True)
    assert "Tarockrunde Wien was made already." in again.content.decode()
    assert Club.objects.count() == 1 and User.objects.filter(username="ada").count() == 1


@pytest.mark.parametrize(
    ("typed", "said"),
    [
        ({"name": "\u202e"}, "Give the club a name."),
        ({"name": "Wien", "slug": "stammtisch"}, "A club has the short name stammtisch already: choose another."),
        ({"name": "Wien", "slug": "wien klub"}, "Enter a valid “slug”"),
        ({"name": "Wien", "admin": "newbie", "password": ""}, "newbie has no account yet: give a first password."),
        ({"name": "Wien", "admin": "newbie", "password": "123"}, "This password is too short."),
    ],
)
def test_a_club_the_site_cannot_keep_is_refused_with_the_reason_on_the_page(
    root: Client, typed: dict[str, str], said: str
) -> None:
    make_club("stammtisch")
    response = fill_and_send(root, NEW_CLUB, {"admin": "ada", "password": "Pagat-ultimo-1754", **typed}, having="name")
    assert response.status_code == 200
    assert said in response.content.decode()
    assert Club.objects.count() == 1 and not User.objects.filter(username__in=["ada", "newbie"]).exists()


def test_only_a_superuser_makes_clubs(admin: tuple[Client, Any]) -> None:
    client, _club = admin
    assert client.get(NEW_CLUB).status_code == 403
    assert f'href="{NEW_CLUB}"' not in client.get("/").content.decode()


ADMIN_ADD = "/admin/scoring/club/add/"


def test_the_django_admin_keeps_the_short_name_as_typed(root: Client) -> None:
    """The admin no longer fills the short name in as the name is typed: typed into afterwards,
    the filled-in field grew by what was typed (stammtisch-zum-ochsenochsen)."""
    page = root.get(ADMIN_ADD)
    assert 'data-prepopulated-fields="[]"' in page.content.decode(), "no field filled in by the browser"
    typed = {"name": "Stammtisch zum Ochsen", "slug": "ochsen"}
    assert send(root, ADMIN_ADD, form_on(page, having="slug"), typed).status_code == 302
    assert Club.objects.get().slug == "ochsen"


def test_the_django_admin_makes_the_short_name_from_the_name_when_it_is_left_empty(root: Client) -> None:
    response = fill_and_send(root, ADMIN_ADD, {"name": " Stammtisch  zum Öchsen "}, having="slug")
    assert response.status_code == 302
    assert Club.objects.values_list("name", "slug").get() == ("Stammtisch zum Öchsen", "stammtisch-zum-ochsen")


@pytest.mark.parametrize("name", ["\u202e", "\u200b", "\ufeff", "Club\u202eevil", "Club\x07"])
def test_the_django_admin_refuses_a_club_name_the_site_cannot_keep(root: Client, name: str) -> None:
    response = fill_and_send(root, ADMIN_ADD, {"name": name, "slug": "wien"}, having="slug")
    assert response.status_code == 200
    assert not Club.objects.exists()


def members_url(club: Club) -> str:
    return reverse("club:members", kwargs={"slug": club.slug})


def test_removing_another_clubs_member_is_not_found_and_changes_nothing(admin: tuple[Client, Any]) -> None:
    client, club = admin
    ours = make_member(club, "vera", Membership.Role.VIEWER)
    other = make_club("other")
    theirs = Membership.objects.create(user=make_user("tom"), club=other, role=Membership.Role.VIEWER)
    page = client.get(members_url(club))
    mine = reverse("club:member_remove", kwargs={"slug": club.slug, "pk": club.memberships.get(user=ours).pk})
    url = reverse("club:member_remove", kwargs={"slug": club.slug, "pk": theirs.pk})
    response = send(client, members_url(club), dataclasses.replace(form_on(page, action=mine), action=url))
    assert response.status_code == 404
    assert Membership.objects.filter(pk=theirs.pk).exists() and club.memberships.count() == 2


def test_removing_a_member_who_is_no_longer_in_the_club_is_not_found(admin: tuple[Client, Any]) -> None:
    client, club = admin
    vera = club.memberships.get(user=make_member(club, "vera", Membership.Role.VIEWER))
    page = client.get(members_url(club))
    url = reverse("club:member_remove", kwargs={"slug": club.slug, "pk": vera.pk})
    vera.delete()
    assert send(client, members_url(club), form_on(page, action=url)).status_code == 404
