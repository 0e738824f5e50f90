"""What whoever runs the site, and whoever meets an error, gets: error pages in the site's style
and the page's language, every server error logged with its request and traceback (and mailed
to the admins when there are any), European dates on English pages, and what a phone needs to
keep the site on its home screen."""

from __future__ import annotations

import datetime
import json
import logging
import re
from pathlib import Path
from typing import Any

import pytest
from django.contrib.staticfiles import finders
from django.core import mail
from django.core.management import call_command
from django.test import Client, override_settings

from scoring.club.models import Membership, Player
from tarokclub.security import POLICY
from tarokclub.settings import env_admins

from .factories import make_club, make_member, make_sitting

pytestmark = pytest.mark.django_db

GERMAN = {"headers": {"accept-language": "de"}}


@override_settings(ROOT_URLCONF="tests.error_urls", DEBUG=False)
def test_a_server_error_shows_the_sites_own_page_in_the_pages_language_and_is_logged(
    caplog: pytest.LogCaptureFixture,
) -> None:
    client = Client(raise_request_exception=False)
    with caplog.at_level(logging.ERROR, logger="django.request"):
        answer = client.get("/boom/", **GERMAN)
    page = answer.content.decode()
    assert answer.status_code == 500
    assert "Etwas ist schiefgegangen" in page and '<html lang="de">' in page
    assert answer.headers["Content-Security-Policy"] == POLICY
    assert "<script" not in page and "style=" not in page
    logged = [record for record in caplog.records if record.name == "django.request"]
    assert logged and "/boom/" in logged[0].getMessage() and logged[0].exc_info is not None


@override_settings(ROOT_URLCONF="tests.error_urls", DEBUG=False, ADMINS=[("Ada", "ada@example.org")])
def test_a_server_error_is_mailed_to_the_admins_when_there_are_any() -> None:
    Client(raise_request_exception=False).get("/boom/")
    assert len(mail.outbox) == 1 and mail.outbox[0].to == ["ada@example.org"]
    assert "RuntimeError" in mail.outbox[0].body


@override_settings(ROOT_URLCONF="tests.error_urls", DEBUG=False)
def test_a_request_that_makes_no_sense_gets_the_sites_400_page() -> None:
    answer = Client(raise_request_exception=False).get("/odd/", **GERMAN)
    assert answer.status_code == 400 and "Ungültige Anfrage" in answer.content.decode()


def test_a_form_sent_without_its_csrf_token_gets_the_sites_page_and_changes_nothing() -> None:
    club = make_club()
    client = Client(enforce_csrf_checks=True)
    client.force_login(make_member(club, "ada", Membership.Role.ADMIN))
    answer = client.post(f"/clubs/{club.slug}/players/add/", {"name": "Anna"}, **GERMAN)
    page = answer.content.decode()
    assert answer.status_code == 403
    assert "Das Formular ist abgelaufen" in page and '<link rel="stylesheet"' in page
    assert answer.headers["Content-Security-Policy"] == POLICY
    assert not Player.objects.filter(club=club).exists()


@override_settings(DEBUG=False)
def test_a_missing_page_and_a_refused_one_speak_the_pages_language(client: Client) -> None:
    assert "Nicht gefunden" in client.get("/clubs/nowhere/", **GERMAN).content.decode()
    club = make_club()
    client.force_login(make_member(club, "vera", Membership.Role.VIEWER))
    refused = client.get(f"/clubs/{club.slug}/settings/", **GERMAN)
    assert refused.status_code == 403 and "Nicht erlaubt" in refused.content.decode()


def test_english_pages_write_dates_as_europe_does(client: Client) -> None:
    club = make_club(public=True)
    sitting = make_sitting(club, "grosstarock", "Anna", "Bernd", "Carla")
    sitting.date = datetime.date(2026, 12, 1)
    sitting.save(update_fields=["date"])
    page = client.get(f"/clubs/{club.slug}/sittings/{sitting.pk}/", headers={"accept-language": "en"})
    text = page.content.decode()
    assert "1 Dec 2026" in text and "Dec. 1, 2026" not in text and "12/01/2026" not in text


def test_admins_are_read_as_names_and_addresses(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DJANGO_ADMINS", "Ada Lovelace <ada@example.org>, bob@example.org")
    assert env_admins("DJANGO_ADMINS") == [("Ada Lovelace", "ada@example.org"), ("bob@example.org", "bob@example.org")]
    monkeypatch.setenv("DJANGO_ADMINS", "nobody here")
    with pytest.raises(Exception, match="DJANGO_ADMINS"):
        env_admins("DJANGO_ADMINS")


def test_a_phone_finds_the_manifest_its_icons_and_the_theme_colour(client: Client) -> None:
    page = client.get("/").content.decode()
    assert '<meta name="theme-color" content="#7a1f2b">' in page
    link = re.search(r'<link rel="manifest" href="([^"]+)">', page)
    assert link is not None
    answer = client.get(link.group(1))
    assert answer["Content-Type"] == "application/manifest+json"
    manifest = json.loads(answer.content)
    assert manifest["start_url"] == "/" and manifest["display"] == "standalone"
    sizes = {icon["sizes"] for icon in manifest["icons"]}
    assert {"192x192", "512x512"} <= sizes
    for icon in manifest["icons"]:
        name = icon["src"].removeprefix("/static/")
        assert finders.find(name), f"{name} is no static file"


def test_collected_static_files_carry_their_hash_and_the_pages_name_them(client: Client, tmp_path: Path) -> None:
    storages: dict[str, Any] = {
        "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
        "staticfiles": {"BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"},
    }
    with override_settings(STATIC_ROOT=tmp_path, STORAGES=storages, DEBUG=False):
        call_command("collectstatic", "--noinput", verbosity=0)
        page = client.get("/").content.decode()
    css = re.search(r'href="/static/(tarokclub/site\.[0-9a-f]{12}\.css)"', page)
    assert css is not None, "the page names the stylesheet by its hashed name"
    assert (tmp_path / css.group(1)).is_file() and (tmp_path / f"{css.group(1)}.gz").is_file()
