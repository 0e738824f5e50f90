"""Settings come from the environment; nonsense fails loudly instead of starting half-configured."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from django.core.exceptions import ImproperlyConfigured
from django.core.management import CommandError, call_command

from tarokclub.settings import database, env_address, env_bool, env_hosts, env_proxies

ROOT = Path(__file__).resolve().parents[1]


def test_it_defaults_to_a_sqlite_file_with_wal_and_immediate_transactions() -> None:
    config = database(None)
    assert config["ENGINE"] == "django.db.backends.sqlite3"
    assert str(config["NAME"]).endswith("tarokclub.sqlite3")
    assert config["OPTIONS"]["transaction_mode"] == "IMMEDIATE"
    assert "journal_mode=WAL" in config["OPTIONS"]["init_command"]


def test_it_reads_a_sqlite_url() -> None:
    config = database("sqlite:////tmp/club.sqlite3")
    assert (config["ENGINE"], config["NAME"]) == ("django.db.backends.sqlite3", "/tmp/club.sqlite3")
    assert config["OPTIONS"]["transaction_mode"] == "IMMEDIATE"


def test_it_reads_a_postgres_url_with_a_socket_folder() -> None:
    config = database("postgres://club@%2Ftmp%2Fpg:5433/tarokclub")
    assert config["ENGINE"] == "django.db.backends.postgresql"
    assert (config["HOST"], config["PORT"], config["NAME"], config["USER"]) == (
        "/tmp/pg",
        5433,
        "tarokclub",
        "club",
    )


@pytest.mark.parametrize("url", ["nonsense", "mysql://a@b/c", "postgres://host:5432/"])
def test_it_refuses_a_database_url_it_cannot_use(url: str) -> None:
    with pytest.raises(ImproperlyConfigured, match="DATABASE_URL"):
        database(url)


@pytest.mark.parametrize(("raw", "value"), [("1", True), ("true", True), ("Off", False), ("0", False), ("", True)])
def test_it_reads_yes_and_no(monkeypatch: pytest.MonkeyPatch, raw: str, value: bool) -> None:
    monkeypatch.setenv("DJANGO_DEBUG", raw)
    assert env_bool("DJANGO_DEBUG", True) is value


def test_it_refuses_a_flag_that_is_neither_yes_nor_no(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DJANGO_DEBUG", "maybe")
    with pytest.raises(ImproperlyConfigured, match="DJANGO_DEBUG"):
        env_bool("DJANGO_DEBUG", True)


def test_it_refuses_hosts_that_are_not_names(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DJANGO_ALLOWED_HOSTS", "example.org,,http://x")
    with pytest.raises(ImproperlyConfigured, match="DJANGO_ALLOWED_HOSTS"):
        env_hosts("DJANGO_ALLOWED_HOSTS", "")


def test_it_will_not_start_in_production_without_a_secret_key() -> None:
    env = {**os.environ, "DJANGO_DEBUG": "0", "DJANGO_SECRET_KEY": ""}
    done = subprocess.run([sys.executable, "manage.py", "check"], cwd=ROOT, env=env, capture_output=True, text=True)
    assert done.returncode != 0
    assert "DJANGO_SECRET_KEY must be set" in done.stderr


def test_an_application_server_serves_with_debug_off_unless_told_otherwise() -> None:
    probe = "import tarokclub.wsgi; from django.conf import settings; print(settings.DEBUG)"
    env = {k: v for k, v in os.environ.items() if k != "DJANGO_DEBUG"} | {"DJANGO_SECRET_KEY": "x" * 50}
    done = subprocess.run([sys.executable, "-c", probe], cwd=ROOT, env=env, capture_output=True, text=True)
    assert done.stdout.strip() == "False", done.stderr


def test_the_development_server_serves_only_this_computer_while_debug_is_on(settings: Any) -> None:
    settings.DEBUG = True
    with pytest.raises(CommandError, match="serves this computer only"):
        call_command("runserver", "0.0.0.0:8999", use_reloader=False)


def test_it_refuses_trusted_proxies_that_are_not_addresses(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DJANGO_TRUSTED_PROXIES", "10.0.0.2,proxy.example.org")
    with pytest.raises(ImproperlyConfigured, match="DJANGO_TRUSTED_PROXIES"):
        env_proxies("DJANGO_TRUSTED_PROXIES")


def test_trusted_proxies_are_addresses_networks_or_a_unix_socket(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DJANGO_TRUSTED_PROXIES", " 10.0.0.2, 172.16.0.0/12 ,unix,fd00::1")
    assert env_proxies("DJANGO_TRUSTED_PROXIES") == ["10.0.0.2/32", "172.16.0.0/12", "unix", "fd00::1/128"]


@pytest.mark.parametrize(
    ("raw", "address"),
    [
        ("", ""),
        (" http://192.168.1.20:8000/ ", "http://192.168.1.20:8000"),
        ("https://tarock.example.org", "https://tarock.example.org"),
    ],
)
def test_the_public_address_is_a_scheme_and_a_host(monkeypatch: pytest.MonkeyPatch, raw: str, address: str) -> None:
    monkeypatch.setenv("TAROKCLUB_PUBLIC_URL", raw)
    assert env_address("TAROKCLUB_PUBLIC_URL") == address


@pytest.mark.parametrize(
    "raw",
    [
        "192.168.1.20:8000",
        "ftp://host",
        "http://",
        "http://host:port",
        "http://host/club/",
        "http://a@host",
        "http://host?x=1",
    ],
)
def test_it_refuses_a_public_address_that_is_not_one(monkeypatch: pytest.MonkeyPatch, raw: str) -> None:
    monkeypatch.setenv("TAROKCLUB_PUBLIC_URL", raw)
    with pytest.raises(ImproperlyConfigured, match="TAROKCLUB_PUBLIC_URL"):
        env_address("TAROKCLUB_PUBLIC_URL")
