"""A Danish club member on a phone switches the site to Danish with the buttons at the top."""

from __future__ import annotations

from io import StringIO
from pathlib import Path
from typing import Any

import pytest
from django.core.management import call_command
from playwright.sync_api import Page

from scoring.demo import DEMO_PASSWORD, DEMO_USER

pytestmark = pytest.mark.django_db(transaction=True)

TAP = 44
"""The least width and height of anything a thumb taps, in CSS pixels."""


def header_buttons(page: Page) -> dict[str, dict[str, float]]:
    """Every button and link of the header but the brand, by its text, with its size."""
    found = {}
    for target in page.locator("header.site button, header.site .bar > a:not(.brand)").all():
        box = target.bounding_box()
        assert box is not None
        found[target.inner_text().strip()] = box
    return found


def test_the_switcher_offers_the_two_other_languages_as_thumb_sized_buttons(
    live_server: Any, page: Page, output_path: str
) -> None:
    call_command("load_demo", stdout=StringIO())
    shots = Path(output_path)
    shots.mkdir(parents=True, exist_ok=True)

    page.goto(f"{live_server.url}/")
    buttons = header_buttons(page)
    assert set(buttons) == {"Log in", "Deutsch", "Dansk"}
    for text, box in buttons.items():
        assert box["width"] >= TAP and box["height"] >= TAP, text
    page.get_by_role("button", name="Dansk").click()
    assert page.locator("html").get_attribute("lang") == "da"
    page.get_by_role("link", name="Log ind").first.click()
    page.get_by_label("Brugernavn").fill(DEMO_USER)
    page.get_by_label("Adgangskode").fill(DEMO_PASSWORD)
    page.get_by_role("button", name="Log ind").last.click()
    page.get_by_role("link", name="Tarockrunde Demo").click()
    page.get_by_role("link", name="Partier").click()
    page.get_by_role("link", name="Dansk tarok").click()
    page.screenshot(path=shots / "1-danish-sitting.png", full_page=True)
    assert page.locator("#sheet th", has_text="Kongepulje").count() == 1

    buttons = header_buttons(page)
    assert set(buttons) == {"Skift adgangskode", "Log ud", "English", "Deutsch"}
    for text, box in buttons.items():
        assert box["width"] >= TAP and box["height"] >= TAP, text

    page.get_by_role("button", name="English").click()
    assert page.locator("html").get_attribute("lang") == "en"
    assert page.locator("#sheet th", has_text="King pot").count() == 1
