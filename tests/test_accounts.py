"""Logging in and out, CSRF on writes, and throttling that never locks a whole club out: device
cookies let the members who signed in before through while an address is locked; the admin
unlocks."""

from __future__ import annotations

import datetime
from typing import Any

import pytest
from django.core import signing
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from scoring.accounts.throttle import DEVICE_COOKIE, DEVICE_SALT, LoginFailure
from scoring.club.models import Membership

from .factories import make_club, make_member, make_user
from .pages import fill_and_send, form_on, send

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


def sign_in(client: Client, username: str, password: str) -> int:
    """Sign in through the page, as a phone does: GET it, send its form (the phone's cookies go
    with both)."""
    return fill_and_send(client, LOGIN, {"username": username, "password": password}, having="username").status_code


def spray(address: str, names: int = 21) -> list[int]:
    """Someone at ``address`` trying one wrong password for each of many user names."""
    guesser = Client(REMOTE_ADDR=address)
    return [sign_in(guesser, f"member{number}", "wrong") for number in range(names)]


def test_password_spraying_from_one_address_locks_every_unknown_device_there() -> None:
    make_member(make_club(), "kim", Membership.Role.VIEWER)
    assert spray("203.0.113.5") == [200] * 20 + [429], "one wrong password each for 20 names, then locked"
    new_phone = Client(REMOTE_ADDR="203.0.113.5")
    assert sign_in(new_phone, "kim", "tarock-1754") == 429, "a phone that never signed in here waits too"
    assert sign_in(Client(REMOTE_ADDR="198.51.100.7"), "kim", "tarock-1754") == 302, "elsewhere he signs in"


def test_a_member_who_signed_in_on_his_phone_before_still_signs_in_while_names_are_sprayed() -> None:
    make_member(make_club(), "kim", Membership.Role.VIEWER)
    phone = Client(REMOTE_ADDR="203.0.113.5")
    assert sign_in(phone, "kim", "tarock-1754") == 302
    cookie = phone.cookies[DEVICE_COOKIE]
    assert cookie["httponly"] and cookie["samesite"] == "Lax", "no script reads it, no other site sends it"
    phone.post("/accounts/logout/")
    spray("203.0.113.5")
    assert sign_in(phone, "kim", "tarock-1754") == 302


def test_a_device_cookie_is_for_the_name_it_signed_in_as() -> None:
    make_member(make_club(), "kim", Membership.Role.VIEWER)
    make_member(make_club("other"), "lea", Membership.Role.VIEWER)
    phone = Client(REMOTE_ADDR="203.0.113.5")
    assert sign_in(phone, "kim", "tarock-1754") == 302
    phone.post("/accounts/logout/")
    spray("203.0.113.5")
    assert sign_in(phone, "lea", "tarock-1754") == 429, "kim's phone is an unknown device for lea"


@pytest.mark.parametrize("cookie", ["altered", "forged"])
def test_an_altered_or_forged_device_cookie_counts_as_an_unknown_device(cookie: str) -> None:
    make_member(make_club(), "kim", Membership.Role.VIEWER)
    phone = Client(REMOTE_ADDR="203.0.113.5")
    assert sign_in(phone, "kim", "tarock-1754") == 302
    real = phone.cookies[DEVICE_COOKIE].value
    value = {
        "altered": real[:-1] + ("A" if real[-1] != "A" else "B"),
        "forged": signing.dumps([["kim", "a-device-of-my-own"]], key="not-the-sites-key", salt=DEVICE_SALT),
    }[cookie]
    phone.post("/accounts/logout/")
    spray("203.0.113.5")
    guesser = Client(REMOTE_ADDR="203.0.113.5")
    guesser.cookies[DEVICE_COOKIE] = value
    assert sign_in(guesser, "kim", "tarock-1754") == 429


def test_a_trusted_devices_own_failures_lock_that_device_only() -> None:
    make_member(make_club(), "kim", Membership.Role.VIEWER)
    phone = Client(REMOTE_ADDR="203.0.113.5")
    assert sign_in(phone, "kim", "tarock-1754") == 302
    phone.post("/accounts/logout/")
    for _ in range(5):
        assert sign_in(phone, "kim", "wrong") == 200
    assert sign_in(phone, "kim", "tarock-1754") == 429
    assert sign_in(Client(REMOTE_ADDR="203.0.113.5"), "kim", "tarock-1754") == 302, "his failures were his phone's"


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


def test_a_superuser_unlocks_a_locked_name_in_the_admin_and_only_that_name() -> None:
    make_member(make_club(), "kim", Membership.Role.VIEWER)
    make_member(make_club("other"), "lea", Membership.Role.VIEWER)
    for _ in range(5):
        sign_in(Client(REMOTE_ADDR="192.0.2.10"), "kim", "wrong")
        sign_in(Client(REMOTE_ADDR="192.0.2.20"), "lea", "wrong")
    assert sign_in(Client(REMOTE_ADDR="192.0.2.10"), "kim", "tarock-1754") == 429
    boss = Client()
    boss.force_login(make_user("boss", is_staff=True, is_superuser=True))
    changelist = "/admin/scoring/loginfailure/"
    page = boss.get(changelist)
    kims = str(LoginFailure.objects.filter(username="kim").latest("at").pk)
    unlocked = send(boss, changelist, form_on(page, having="action"), {"action": "unlock", "_selected_action": [kims]})
    assert unlocked.status_code == 302
    assert "kim may sign in again" in boss.get(changelist).content.decode()
    assert set(LoginFailure.objects.values_list("username", flat=True)) == {"lea"}
    assert sign_in(Client(REMOTE_ADDR="192.0.2.10"), "kim", "tarock-1754") == 302
    assert sign_in(Client(REMOTE_ADDR="192.0.2.20"), "lea", "tarock-1754") == 429, "lea was not chosen"
