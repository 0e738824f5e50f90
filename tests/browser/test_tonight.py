"""Tonight's tables on a 360 × 740 phone: a scorekeeper checks players in, reads the proposal
with its repeats, swaps two players and starts the tables (a screenshot of the proposal in
``test-results/tonight-proposal.png``); the whole evening in German and Danish, with nothing
left in English, nothing to scroll sideways and every tap target thumb-sized, a couple kept
apart on the groups page on the way (``test-results/tonight-de-*.png``, ``tonight-da-*.png``)."""

from __future__ import annotations

import datetime
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.utils import timezone, translation
from django.utils.formats import date_format
from playwright.sync_api import Browser, Page, expect

from scoring.club.models import Club, Membership
from scoring.evenings.models import Evening, PlayerGroup
from scoring.sittings.services import close_sitting, start_sitting

pytestmark = pytest.mark.django_db(transaction=True)

SCREEN = {"viewport": {"width": 360, "height": 740}, "is_mobile": True, "has_touch": True}
NAMES = ["Anna Huber", "Bernd Maier", "Carla Gruber", "Dora Wagner", "Emil Steiner", "Fritz Moser", "Gerda Hofer"]
SHOT = Path(__file__).resolve().parents[2] / "test-results" / "tonight-proposal.png"
TAP = 44
"""The least width and height of anything a thumb taps, in CSS pixels."""
ENGLISH = [
    *("Tonight", "Swap", "Another proposal", "Print the seating", "Start the tables", "Next tables", "last on"),
    *("Groups of players", "at different tables", "Add the group"),
]
"""Words of tonight's pages that a German or Danish page must not show in English."""


LAST_WEEK = timezone.localdate() - datetime.timedelta(days=7)


def scorekeeper_on_a_phone(live_server: Any, browser: Browser) -> tuple[Club, Page]:
    """Kim, the scorekeeper of a club whose seven players sat at two tables last week, logged in on a phone."""
    club = Club.objects.create(name="Tarockrunde Linz", slug="linz")
    players = [club.players.create(display_name=name) for name in NAMES]
    start_sitting(club, "grosstarock", players[:4], user=None, date=LAST_WEEK)
    start_sitting(club, "grosstarock", players[4:], user=None, date=LAST_WEEK)
    kim = User.objects.create_user("kim", password="kim-scores-1754")
    Membership.objects.create(user=kim, club=club, role=Membership.Role.SCOREKEEPER)
    page = browser.new_context(**SCREEN).new_page()
    page.goto(f"{live_server.url}/accounts/login/")
    page.get_by_label("User name").fill("kim")
    page.get_by_label("Password").fill("kim-scores-1754")
    page.get_by_role("button", name="Log in").last.click()
    return club, page


def test_a_scorekeeper_checks_in_swaps_and_starts_tonights_tables(live_server: Any, browser: Browser) -> None:
    club, page = scorekeeper_on_a_phone(live_server, browser)
    page.get_by_role("link", name="Tarockrunde Linz").click()
    page.get_by_role("link", name="Tonight's tables").click()
    page.get_by_role("link", name="Grosstarock").click()
    for name in NAMES[:6]:
        page.get_by_label(name).check()
    page.get_by_role("button", name="Save check-in").click()
    expect(page.locator(".messages")).to_contain_text("Check-in saved")
    expect(page.locator("#repeats")).to_contain_text("the fewest the season allows")

    # a late arrival
    page.get_by_label(NAMES[6]).check()
    page.get_by_role("button", name="Save check-in").click()
    expect(page.locator(".tonight-tables .table-card")).to_have_count(2)

    first = page.locator(".tonight-tables .table-card").nth(0).locator("li").nth(0).inner_text()
    second = page.locator(".tonight-tables .table-card").nth(1).locator("li").nth(0).inner_text()
    page.get_by_label("Swap").select_option(label=first)
    page.get_by_label("with").select_option(label=second)
    page.get_by_role("button", name="Swap", exact=True).click()
    expect(page.locator(".messages")).to_contain_text("changed places")
    expect(page.locator(".tonight-tables .table-card").nth(0).locator("li").nth(0)).to_have_text(second)
    SHOT.parent.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOT), full_page=True)
    assert page.evaluate("document.documentElement.scrollWidth") <= 360, "no sideways scrolling"

    page.get_by_role("button", name="Start the tables").click()
    expect(page.locator(".messages")).to_contain_text("Tonight's tables have started")
    round_ = Evening.objects.get(club=club).rounds.get()
    assert round_.started and round_.sittings.count() == 2

    page.get_by_role("link", name="Print the seating").click()
    page.emulate_media(media="print")
    expect(page.locator(".tonight-print .table-card")).to_have_count(2)
    expect(page.get_by_role("button", name="Log out")).to_be_hidden()
    page.screenshot(path=str(SHOT.with_name("tonight-print.png")), full_page=True)


def looked_over(page: Page, shot: str) -> str:
    """The page's main text, after checking it fits the phone and that every button and link
    but the breadcrumbs is thumb-sized; a full-page screenshot is kept."""
    page.screenshot(path=str(SHOT.with_name(f"{shot}.png")), full_page=True)
    assert page.evaluate("document.documentElement.scrollWidth") <= 360, f"{shot}: no sideways scrolling"
    targets = page.locator("main button:visible, main a:visible:not(nav.crumbs a)").all()
    assert targets
    for target in targets:
        box = target.bounding_box()
        assert box is not None and box["width"] >= TAP and box["height"] >= TAP, (shot, target.inner_text(), box)
    return page.locator("main").inner_text()


@pytest.mark.parametrize(
    ("language", "switch", "day"),
    [("de", "Deutsch", "zuletzt am {day}. {month}"), ("da", "Dansk", "sidst den {day}. {month}")],
)
def test_the_whole_evening_in_german_and_danish_fits_a_phone(
    live_server: Any, browser: Browser, language: str, switch: str, day: str
) -> None:
    club, page = scorekeeper_on_a_phone(live_server, browser)
    page.get_by_role("button", name=switch).click()
    tonight = f"{live_server.url}/clubs/linz/tonight/grosstarock/"
    page.goto(tonight)
    for name in NAMES[:6]:
        page.get_by_label(name).check()
    page.locator("form[action$='check-in/'] button").click()
    page.locator("form[action$='swap/'] button").click()
    page.locator("#guest_display_name").fill("Zora Gast")
    page.locator("form[action$='guest/'] button").click()
    shown = looked_over(page, f"tonight-{language}-proposal")
    with translation.override(language):
        month = date_format(LAST_WEEK, "F")
    assert day.format(day=LAST_WEEK.day, month=month) in shown
    # a couple at the door: kept apart from now on, through the groups page
    page.locator("main a[href$='tonight/groups/']").click()
    page.locator("#id_name").fill("Huber")
    for name in NAMES[:2]:
        page.get_by_label(name).check()
    page.locator("main form button[type=submit]").click()
    shown += looked_over(page, f"tonight-{language}-groups")
    assert PlayerGroup.objects.get(club=club).members.count() == 2
    page.goto(tonight)
    page.locator("form[action$='start/'] button").click()
    for sitting in Evening.objects.get(club=club).rounds.get().sittings.all():
        close_sitting(sitting, user=None)
    page.goto(tonight)
    shown += looked_over(page, f"tonight-{language}-started")
    page.locator("form[action$='next/'] button").click()
    shown += looked_over(page, f"tonight-{language}-next")
    assert Evening.objects.get(club=club).rounds.count() == 2
    page.goto(f"{tonight}print/")
    page.emulate_media(media="print")
    page.set_viewport_size({"width": 794, "height": 1123})  # A4 at 96 dpi
    page.screenshot(path=str(SHOT.with_name(f"tonight-{language}-print.png")), full_page=True)
    shown += page.locator("main").inner_text()
    seats = page.locator(".tonight-print ol.seats").first
    room, size = seats.evaluate("o => [getComputedStyle(o).paddingLeft, getComputedStyle(o).fontSize]")
    assert float(room[:-2]) >= 1.5 * float(size[:-2]), "the seat numbers stay inside the card"
    left_in_english = [words for words in ENGLISH if words in shown]
    assert left_in_english == []
