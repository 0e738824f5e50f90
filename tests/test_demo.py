"""The demo club that ``make run`` loads still loads on the current migrations, and scores right."""

from __future__ import annotations

from io import StringIO

import pytest
from django.core.management import call_command
from django.test import Client

from scoring.demo import DEMO_PASSWORD, DEMO_USER, demo_sittings
from scoring.engine import VARIANTS, score_sitting
from scoring.sittings.results import sitting_document, stored_result

pytestmark = pytest.mark.django_db


def test_the_demo_loads_one_sitting_per_variant_of_about_ten_deals() -> None:
    out = StringIO()
    call_command("load_demo", stdout=out)
    assert f"user {DEMO_USER!r}, password {DEMO_PASSWORD!r}" in out.getvalue()
    sittings = demo_sittings()
    assert sorted(s.variant for s in sittings) == sorted(VARIANTS)
    for sitting in sittings:
        assert 8 <= sitting.live_deals().count() <= 12
        assert stored_result(sitting) == score_sitting(sitting_document(sitting))


def test_loading_the_demo_twice_adds_nothing() -> None:
    call_command("load_demo", stdout=StringIO())
    call_command("load_demo", stdout=StringIO())
    assert len(demo_sittings()) == len(VARIANTS)


def test_the_demo_login_opens_the_demo_club() -> None:
    call_command("load_demo", stdout=StringIO())
    client = Client()
    response = client.post("/accounts/login/", {"username": DEMO_USER, "password": DEMO_PASSWORD}, follow=True)
    assert "Tarockrunde Demo" in response.content.decode()
    assert client.get("/clubs/demo/sittings/").status_code == 200
