"""Logging in and out, CSRF on writes, and throttling that never locks a whole club out."""

from __future__ import annotations

import datetime
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from scoring.accounts.throttle import LoginFailure
from scoring.club.models import Membership

from .factories import make_club, make_member

pytestmark = pytest.mark.django_db
LOGIN = "/accounts/login/"


def log_in(client: Client, username: str, password: str) -> int:
    return client.post(LOGIN, {"username": username, "password": password}).status_code


def test_a_member_logs_in_and_lands_on_his_clubs() -> None:
    club = make_club(name="Tarockrunde Wien")
    make_member(club, "kim", Membership.Role.SCOREKEEPER)
    client = Client()
    response = client.post(LOGIN, {"username": "kim", "password": "tarock-1754"}, follow=True)
    assert "Tarockrunde Wien" in response.content.decode()
    assert client.post("/accounts/logout/").status_code == 302
    assert client.get(f"/clubs/{club.slug}/").status_code == 302


def test_a_wrong_password_is_refused_with_a_message() -> None:
    make_member(make_club(), "kim", Membership.Role.VIEWER)
    response = Client().post(LOGIN, {"username": "kim", "password": "wrong"})
    assert response.status_code == 200
    assert "correct username and password" in response.content.decode()


def test_one_members_failed_logins_do_not_lock_out_another_member_from_the_same_address() -> None:
    club = make_club()
    make_member(club, "kim", Membership.Role.VIEWER)
    make_member(club, "lea", Membership.Role.VIEWER)
    phone = Client(REMOTE_ADDR="192.0.2.10")
    for _ in range(5):
        log_in(phone, "kim", "wrong")
    assert log_in(phone, "kim", "tarock-1754") == 429
    assert log_in(Client(REMOTE_ADDR="192.0.2.10"), "lea", "tarock-1754") == 302


def test_a_locked_out_name_can_still_log_in_from_another_address() -> None:
    make_member(make_club(), "kim", Membership.Role.VIEWER)
    for _ in range(5):
        log_in(Client(REMOTE_ADDR="192.0.2.10"), "kim", "wrong")
    assert log_in(Client(REMOTE_ADDR="192.0.2.10"), "kim", "tarock-1754") == 429
    assert log_in(Client(REMOTE_ADDR="198.51.100.7"), "kim", "tarock-1754") == 302


def test_the_lock_lifts_after_the_cool_off() -> None:
    make_member(make_club(), "kim", Membership.Role.VIEWER)
    for _ in range(5):
        log_in(Client(), "kim", "wrong")
    assert log_in(Client(), "kim", "tarock-1754") == 429
    LoginFailure.objects.update(at=timezone.now() - datetime.timedelta(minutes=16))
    assert log_in(Client(), "kim", "tarock-1754") == 302


def test_a_guesser_through_many_names_gets_one_try_a_name_and_members_still_sign_in() -> None:
    make_member(make_club(), "kim", Membership.Role.VIEWER)
    make_member(make_club("other"), "lea", Membership.Role.VIEWER)
    guesser = Client(REMOTE_ADDR="203.0.113.5")
    for number in range(21):
        assert log_in(guesser, f"member{number}", "wrong") == 200
    assert log_in(guesser, "member3", "wrong") == 429, "a name that failed from here waits"
    assert log_in(guesser, "lea", "wrong") == 200, "a name that has not failed gets its one try"
    assert log_in(guesser, "lea", "tarock-1754") == 429, "and then waits too"
    assert log_in(Client(REMOTE_ADDR="203.0.113.5"), "kim", "tarock-1754") == 302, "a member at the next table"


def test_the_admins_sign_in_is_throttled_too() -> None:
    club = make_club()
    boss = make_member(club, "boss", Membership.Role.ADMIN)
    boss.is_staff = boss.is_superuser = True
    boss.save()
    admin = Client(REMOTE_ADDR="192.0.2.44")
    for _ in range(5):
        admin.post("/admin/login/", {"username": "boss", "password": "wrong"})
    response = admin.post("/admin/login/?next=/admin/", {"username": "boss", "password": "tarock-1754"})
    assert response.status_code == 200 and "_auth_user_id" not in admin.session, "refused though right"
    assert LoginFailure.objects.filter(username="boss").count() == 6


def test_a_user_name_with_control_characters_is_counted_without_them() -> None:
    make_member(make_club(), "kim", Membership.Role.VIEWER)
    response = Client().post(LOGIN, {"username": "Ki\x07m\u200b", "password": "wrong"})
    assert response.status_code == 200
    assert LoginFailure.objects.get().username == "kim"
    with_nul = Client().post(LOGIN, {"username": "kim\x00", "password": "wrong"})
    assert with_nul.status_code == 200, "refused by the form, never a server error"


def test_a_successful_sign_in_forgets_the_names_failures_from_that_address_only() -> None:
    make_member(make_club(), "kim", Membership.Role.VIEWER)
    log_in(Client(REMOTE_ADDR="192.0.2.10"), "kim", "wrong")
    log_in(Client(REMOTE_ADDR="192.0.2.11"), "kim", "wrong")
    assert log_in(Client(REMOTE_ADDR="192.0.2.10"), "kim", "tarock-1754") == 302
    assert list(LoginFailure.objects.values_list("address", flat=True)) == ["192.0.2.11"]


def test_behind_an_untrusted_proxy_the_forwarded_address_is_not_believed(settings: Any) -> None:
    make_member(make_club(), "kim", Membership.Role.VIEWER)
    for number in range(5):
        proxied = Client(REMOTE_ADDR="10.0.0.2", HTTP_X_FORWARDED_FOR=f"198.51.100.{number}")
        log_in(proxied, "kim", "wrong")
    assert set(LoginFailure.objects.values_list("address", flat=True)) == {"10.0.0.2"}


def test_behind_a_trusted_proxy_each_client_is_counted_at_his_own_address(settings: Any) -> None:
    settings.TAROKCLUB_TRUSTED_PROXIES = ["10.0.0.2"]
    make_member(make_club(), "kim", Membership.Role.VIEWER)
    make_member(make_club("other"), "lea", Membership.Role.VIEWER)
    mallory = Client(REMOTE_ADDR="10.0.0.2", HTTP_X_FORWARDED_FOR="203.0.113.9")
    for _ in range(5):
        log_in(mallory, "kim", "wrong")
    assert log_in(mallory, "kim", "tarock-1754") == 429
    kim = Client(REMOTE_ADDR="10.0.0.2", HTTP_X_FORWARDED_FOR="198.51.100.7")
    assert log_in(kim, "kim", "tarock-1754") == 302, "nobody locks a member out through the proxy"
    spoofed = Client(REMOTE_ADDR="10.0.0.2", HTTP_X_FORWARDED_FOR="198.51.100.7, 203.0.113.9")
    assert log_in(spoofed, "kim", "tarock-1754") == 429, "a client cannot pick its address: the proxy adds it last"


@pytest.mark.parametrize(
    ("proxies", "remote", "forwarded", "client"),
    [
        (["10.0.0.0/8"], "10.1.2.3", "198.51.100.7", "198.51.100.7"),
        (["10.0.0.0/8"], "192.0.2.1", "198.51.100.7", "192.0.2.1"),
        (["unix"], "", "198.51.100.7", "198.51.100.7"),
        ([], "", "198.51.100.7", "0.0.0.0"),
        (["unix", "10.0.0.2/32"], "", "198.51.100.7, 10.0.0.2", "198.51.100.7"),
    ],
)
def test_proxies_are_trusted_by_address_network_or_socket(
    settings: Any, proxies: list[str], remote: str, forwarded: str, client: str
) -> None:
    settings.TAROKCLUB_TRUSTED_PROXIES = proxies
    log_in(Client(REMOTE_ADDR=remote, HTTP_X_FORWARDED_FOR=forwarded), "kim", "wrong")
    assert LoginFailure.objects.get().address == client


def test_a_huge_user_name_is_a_failed_login_like_any_other() -> None:
    response = Client().post(LOGIN, {"username": "x" * 100_000, "password": "wrong"})
    assert response.status_code == 200
    assert "correct username and password" in response.content.decode()
    assert LoginFailure.objects.get().username == "x" * 150


def test_a_write_without_the_csrf_token_is_refused_and_changes_nothing() -> None:
    club = make_club()
    admin = make_member(club, "ada", Membership.Role.ADMIN)
    client = Client(enforce_csrf_checks=True)
    client.force_login(admin)
    url = reverse("club:player_add", kwargs={"slug": club.slug})
    assert client.post(url, {"display_name": "Zoe", "active": "on"}).status_code == 403
    assert not club.players.exists()
    page = client.get(url)
    token = page.context["csrf_token"]
    assert (
        client.post(url, {"display_name": "Zoe", "active": "on", "csrfmiddlewaretoken": str(token)}).status_code == 302
    )
    assert list(club.players.values_list("display_name", flat=True)) == ["Zoe"]
