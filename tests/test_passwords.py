"""Passwords: the rules hold wherever one is set; a member changes his own; a club admin resets a
member's with a one-time link he hands over (the site sends no e-mail)."""

from __future__ import annotations

import dataclasses
import os
import re
from typing import Any
from unittest import mock

import pytest
from django.contrib.auth import authenticate
from django.contrib.auth.models import User
from django.core.management import call_command
from django.core.management.base import CommandError
from django.test import Client
from django.urls import reverse

from scoring.club.models import Membership

from .factories import make_club, make_member, make_user
from .pages import fill_and_send, form_on, send

pytestmark = pytest.mark.django_db

REFUSED = {
    "1": "This password is too short.",
    "123": "This password is too short.",
    "x" * 100_000: "A password has at most 128 characters, not 100000.",
}
"""Passwords the rules refuse, and what the page says of each."""
A_GOOD_ONE = "Pagat-ultimo-1754"


def page_says(response: Any, text: str) -> bool:
    return text in response.content.decode()


def signs_in(username: str, password: str) -> bool:
    return authenticate(username=username, password=password) is not None


def members_url(club: Any) -> str:
    return reverse("club:members", kwargs={"slug": club.slug})


@pytest.mark.parametrize("password", REFUSED)
def test_a_club_admin_cannot_give_a_new_member_a_password_the_rules_refuse(
    admin: tuple[Client, Any], password: str
) -> None:
    client, club = admin
    typed = {"username": "newbie", "role": "viewer", "password": password}
    response = fill_and_send(client, members_url(club), typed, having="username")
    assert response.status_code == 200
    assert page_says(response, REFUSED[password])
    assert not User.objects.filter(username="newbie").exists()


def test_a_club_admin_gives_a_new_member_a_password_the_rules_allow(admin: tuple[Client, Any]) -> None:
    client, club = admin
    typed = {"username": "newbie", "role": "viewer", "password": A_GOOD_ONE}
    assert fill_and_send(client, members_url(club), typed, having="username").status_code == 302
    assert signs_in("newbie", A_GOOD_ONE)


@pytest.fixture
def kim(db: Any) -> Client:
    """A test client signed in as Kim, a viewer of a club, whose password is tarock-1754."""
    client = Client()
    client.force_login(make_member(make_club(), "kim", Membership.Role.VIEWER))
    return client


def change_password(client: Client, old: str, new: str) -> Any:
    typed = {"old_password": old, "new_password1": new, "new_password2": new}
    return fill_and_send(client, reverse("password_change"), typed, having="old_password")


def test_a_member_finds_the_password_page_in_the_header_and_changes_his_password(kim: Client) -> None:
    home = kim.get("/").content.decode()
    assert f'href="{reverse("password_change")}"' in home
    response = change_password(kim, "tarock-1754", A_GOOD_ONE)
    assert response["Location"] == reverse("password_change_done")
    assert page_says(kim.get(response["Location"]), "Password changed")
    assert signs_in("kim", A_GOOD_ONE) and not signs_in("kim", "tarock-1754")
    assert kim.get("/").status_code == 200 and "_auth_user_id" in kim.session, "he stays signed in"


@pytest.mark.parametrize("password", REFUSED)
def test_a_member_cannot_change_to_a_password_the_rules_refuse(kim: Client, password: str) -> None:
    response = change_password(kim, "tarock-1754", password)
    assert response.status_code == 200
    assert page_says(response, REFUSED[password])
    assert signs_in("kim", "tarock-1754")


def test_the_old_password_must_be_right(kim: Client) -> None:
    response = change_password(kim, "not-my-password", A_GOOD_ONE)
    assert page_says(response, "Your old password was entered incorrectly.")
    assert signs_in("kim", "tarock-1754")


def test_the_password_change_sent_twice_says_it_was_done_rather_than_the_old_password_is_wrong(kim: Client) -> None:
    url = reverse("password_change")
    form = form_on(kim.get(url), having="old_password")
    typed = {"old_password": "tarock-1754", "new_password1": A_GOOD_ONE, "new_password2": A_GOOD_ONE}
    assert send(kim, url, form, typed).status_code == 302
    again = send(kim, url, form, typed, follow=True)
    assert page_says(again, "Your password was changed already.")
    assert signs_in("kim", A_GOOD_ONE)


def test_the_password_page_is_for_signed_in_users() -> None:
    response = Client().get(reverse("password_change"))
    assert response.status_code == 302 and response["Location"].startswith(reverse("login"))


@pytest.fixture
def vera(admin: tuple[Client, Any]) -> Membership:
    """Vera, a viewer of Ada's club and of no other."""
    _client, club = admin
    make_member(club, "vera", Membership.Role.VIEWER)
    return Membership.objects.get(user__username="vera")


def reset_url(membership: Membership) -> str:
    return reverse("club:member_reset_password", kwargs={"slug": membership.club.slug, "pk": membership.pk})


def reset(client: Client, membership: Membership) -> Any:
    """Press "Reset password" beside the member on the members page."""
    page = client.get(members_url(membership.club))
    return send(client, members_url(membership.club), form_on(page, action=reset_url(membership)))


def link_on(response: Any) -> str:
    found = re.search(r'id="reset-link" type="text" readonly value="([^"]+)"', response.content.decode())
    assert found, "the page shows the link"
    return found.group(1)


def set_password_at(link: str, password: str, again: str | None = None) -> Any:
    """The member opens the link on his phone and chooses a new password."""
    phone = Client()
    chosen = phone.get(link, follow=True)
    url = chosen.redirect_chain[-1][0]
    typed = {"new_password1": password, "new_password2": password if again is None else again}
    return send(phone, url, form_on(chosen, having="new_password1"), typed)


def test_a_club_admin_resets_a_members_password_and_the_member_chooses_a_new_one_at_the_link(
    admin: tuple[Client, Any], vera: Membership
) -> None:
    client, _club = admin
    response = reset(client, vera)
    assert response.status_code == 200
    link = link_on(response)
    assert link.startswith("http://testserver/accounts/reset/")
    assert signs_in("vera", "tarock-1754"), "her old password holds until she chooses a new one"
    done = set_password_at(link, A_GOOD_ONE)
    assert done["Location"] == reverse("password_reset_complete")
    assert signs_in("vera", A_GOOD_ONE) and not signs_in("vera", "tarock-1754")
    assert page_says(Client().get(link, follow=True), "This link no longer works"), "it works once"


@pytest.mark.parametrize("password", REFUSED)
def test_the_reset_link_refuses_a_password_the_rules_refuse(
    admin: tuple[Client, Any], vera: Membership, password: str
) -> None:
    client, _club = admin
    response = set_password_at(link_on(reset(client, vera)), password)
    assert response.status_code == 200
    assert page_says(response, REFUSED[password])
    assert signs_in("vera", "tarock-1754")


def test_the_reset_link_sent_twice_says_the_password_was_set(admin: tuple[Client, Any], vera: Membership) -> None:
    client, _club = admin
    phone = Client()
    chosen = phone.get(link_on(reset(client, vera)), follow=True)
    url, form = chosen.redirect_chain[-1][0], form_on(chosen, having="new_password1")
    typed = {"new_password1": A_GOOD_ONE, "new_password2": A_GOOD_ONE}
    assert send(phone, url, form, typed).status_code == 302
    assert page_says(send(phone, url, form, typed, follow=True), "Your new password was set already")


def test_a_club_admin_may_not_reset_the_password_of_someone_who_is_a_member_elsewhere_too(
    admin: tuple[Client, Any], vera: Membership
) -> None:
    """The link sets the password: with it, one club's admin could take over an account that
    another club (or the whole site) trusts."""
    client, club = admin
    Membership.objects.create(user=vera.user, club=make_club("other"), role=Membership.Role.ADMIN)
    tom = Membership.objects.create(user=make_user("tom"), club=club, role=Membership.Role.VIEWER)
    page = client.get(members_url(club))
    assert reset_url(vera) not in page.content.decode(), "no button beside her"
    form = dataclasses.replace(form_on(page, action=reset_url(tom)), action=reset_url(vera))
    response = send(client, members_url(club), form, follow=True)
    assert page_says(response, "vera is a member of other clubs too: ask a superuser to reset his password.")
    assert "reset-link" not in response.content.decode()


def test_a_superuser_may_reset_anyones_password(vera: Membership) -> None:
    Membership.objects.create(user=vera.user, club=make_club("other"), role=Membership.Role.ADMIN)
    boss = Client()
    boss.force_login(make_user("boss", is_superuser=True))
    assert link_on(reset(boss, vera))


def test_a_reset_for_another_clubs_member_is_not_found(admin: tuple[Client, Any]) -> None:
    client, club = admin
    other = make_club("other")
    stranger = Membership.objects.create(user=make_user("stranger"), club=other, role=Membership.Role.VIEWER)
    ours = Membership.objects.create(user=make_user("tom"), club=club, role=Membership.Role.VIEWER)
    form = form_on(client.get(members_url(club)), action=reset_url(ours))
    url = reverse("club:member_reset_password", kwargs={"slug": club.slug, "pk": stranger.pk})
    assert send(client, members_url(club), dataclasses.replace(form, action=url)).status_code == 404


@pytest.mark.parametrize("password", REFUSED)
def test_the_django_admin_refuses_a_password_the_rules_refuse(password: str) -> None:
    boss = Client()
    boss.force_login(make_user("boss", is_staff=True, is_superuser=True))
    typed = {"username": "newbie", "password1": password, "password2": password}
    response = fill_and_send(boss, "/admin/auth/user/add/", typed, having="password1")
    assert response.status_code == 200
    assert page_says(response, REFUSED[password])
    assert not User.objects.filter(username="newbie").exists()


@pytest.mark.parametrize("password", REFUSED)
def test_createsuperuser_refuses_a_password_the_rules_refuse(password: str) -> None:
    with mock.patch.dict(os.environ, {"DJANGO_SUPERUSER_PASSWORD": password}), pytest.raises(CommandError) as error:
        call_command("createsuperuser", interactive=False, username="root", email="root@example.org")
    assert REFUSED[password] in str(error.value)
    assert not User.objects.filter(username="root").exists()


def test_createsuperuser_takes_a_password_the_rules_allow() -> None:
    with mock.patch.dict(os.environ, {"DJANGO_SUPERUSER_PASSWORD": A_GOOD_ONE}):
        call_command("createsuperuser", interactive=False, username="root", email="root@example.org", verbosity=0)
    assert signs_in("root", A_GOOD_ONE)
