"""A club member on a phone: logs in with the demo login and reads a Danish sitting."""

from __future__ import annotations

from io import StringIO
from pathlib import Path
from typing import Any

import pytest
from django.core.management import call_command
from playwright.sync_api import Page

from scoring.demo import DEMO_PASSWORD, DEMO_USER
from scoring.engine import score_sitting
from scoring.sittings.models import Sitting
from scoring.sittings.results import sitting_document

pytestmark = pytest.mark.django_db(transaction=True)


def number(text: str) -> int:
    return int(text.strip().replace("−", "-"))


def test_the_totals_and_pots_shown_are_the_engines(live_server: Any, page: Page, output_path: str) -> None:
    call_command("load_demo", stdout=StringIO())
    sitting = Sitting.objects.get(club__slug="demo", variant="danish_tarok")
    expected = score_sitting(sitting_document(sitting))
    shots = Path(output_path)
    shots.mkdir(parents=True, exist_ok=True)

    page.goto(f"{live_server.url}/")
    page.get_by_role("link", name="Log in").first.click()
    page.get_by_label("User name").fill(DEMO_USER)
    page.get_by_label("Password").fill(DEMO_PASSWORD)
    page.get_by_role("button", name="Log in").last.click()
    page.get_by_role("link", name="Tarockrunde Demo").click()
    page.screenshot(path=shots / "1-club.png", full_page=True)
    page.get_by_role("link", name="Sittings").click()
    page.get_by_role("link", name="Danish Tarok").click()
    page.screenshot(path=shots / "2-danish-sitting.png", full_page=True)

    totals = [number(cell) for cell in page.locator("#totals td.num").all_inner_texts()]
    assert totals[: len(expected["players"])] == list(expected["totals"].values())
    assert number(page.inner_text("#pot-king")) == expected["pots"]["king"]
    assert number(page.inner_text("#pot-pagat")) == expected["pots"]["pagat"]
    for deal in expected["deals"]:
        row = page.locator(f"tr[data-deal='{deal['number']}']")
        assert number(row.locator("[data-pot=king]").inner_text()) == deal["pots"]["king"]
        assert number(row.locator("[data-pot=pagat]").inner_text()) == deal["pots"]["pagat"]

    page.locator("tr[data-deal='1'] a.deal-link").click()
    page.screenshot(path=shots / "3-breakdown.png", full_page=True)
    assert page.locator("table.breakdown tr").count() == len(expected["deals"][0]["lines"])
