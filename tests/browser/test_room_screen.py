"""The room's screen on a projector (1280 × 720): opened once, it never reloads, yet the clock the
director starts on his phone starts counting down on it within one refresh of its JSON, and then
ticks every second. The screenshot ``room-screen.png`` is kept in the test's output folder."""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

import pytest
from django.urls import reverse
from django.utils import timezone
from playwright.sync_api import Browser, expect

from scoring.club.models import Membership
from scoring.sittings.models import DealRevision, Sitting
from scoring.sittings.results import next_dealer
from scoring.sittings.services import record_deal
from scoring.tournaments import clock, services
from scoring.tournaments.models import Round, Tournament
from scoring.tournaments.results import round_tables

from ..factories import make_club, make_member
from ..tournaments.helpers import Deal, kosakeln_win, make_tournament, play
from .conftest import PHONE

pytestmark = pytest.mark.django_db(transaction=True)

ENTRANTS = [
    "Anna Huber", "Bernd Gruber", "Carla Wagner", "Dora Pichler", "Emil Moser", "Franz Steiner",
    "Gerti Hofer", "Hans Leitner", "Ida Berger", "Josef Fuchs", "Karin Eder", "Lukas Schmid",
]  # fmt: skip
PROJECTOR = {"width": 1280, "height": 720}


def confirm_all(round_: Round) -> None:
    """Another player of each table confirmed every deal entered so far."""
    DealRevision.objects.filter(sitting__round_table__round=round_).update(confirmed_at=timezone.now())


def enter(sitting: Sitting, deals: int, deal: Deal) -> None:
    players = [p.display_name for p in sitting.seated_players()]
    for _deal in range(deals):
        dealer, out = next_dealer(sitting)
        record_deal(sitting, deal(players, dealer, out), user=None)


def evening() -> tuple[Tournament, Round]:
    """Round 1 played and closed; round 2 published, its tables part way, its clock set to 45
    minutes and not started."""
    tournament = make_tournament(
        make_club(public=True), *ENTRANTS, name="Linzer Herbstturnier", deals_per_dealer=4, confirm_deals=True
    )
    rng = random.Random(1754)
    by_lot = kosakeln_win(lambda players: rng.choice(players))
    first = services.draw_round(tournament, user=None)
    services.publish_round(first)
    play(first, by_lot)
    confirm_all(first)
    services.close_round(first)
    second = services.draw_round(tournament, user=None)
    services.publish_round(second)
    play(second, by_lot, tables=[1])
    tables = [view.table.sitting for view in round_tables(second)]
    for sitting, entered in zip(tables[1:], (5, 3, 6, 1, 0), strict=True):
        enter(sitting, entered, by_lot)
    confirm_all(second)
    enter(tables[1], 1, by_lot)  # waits for confirmation
    clock.set_length(second, 45)
    return tournament, second


def test_the_screen_counts_down_once_the_director_starts_the_clock_without_reloading(
    live_server: Any, browser: Browser, output_path: str
) -> None:
    tournament, second = evening()
    make_member(tournament.club, "dora", Membership.Role.SCOREKEEPER)
    at = {"slug": tournament.club.slug, "pk": tournament.pk}

    room = browser.new_context(viewport=PROJECTOR).new_page()
    room.goto(live_server.url + reverse("tournaments:screen", kwargs=at))
    expect(room.locator("#clock-left")).to_have_text("45:00")
    expect(room.locator("#heading")).to_have_text("Round 2")
    expect(room.locator("#standings-title")).to_have_text("Standings after round 1")
    room.evaluate("window.openedOnce = true")  # gone if the page reloads

    phone = browser.new_context(**PHONE).new_page()
    phone.goto(f"{live_server.url}/accounts/login/")
    phone.get_by_label("User name").fill("dora")
    phone.get_by_label("Password").fill("tarock-1754")
    phone.get_by_role("button", name="Log in").last.click()
    phone.goto(live_server.url + reverse("tournaments:round", kwargs={**at, "number": second.number}))
    phone.get_by_role("button", name="Start").click()
    expect(phone.locator(".messages")).to_contain_text("The round's clock runs.")

    expect(room.locator("#clock-left")).to_have_text(re.compile(r"44:[0-5]\d"), timeout=15_000)
    first_seen = room.locator("#clock-left").inner_text()
    expect(room.locator("#clock-left")).not_to_have_text(first_seen, timeout=3_000)  # it ticks
    assert room.evaluate("window.openedOnce") is True, "the screen did not reload"

    width = room.evaluate("document.documentElement.clientWidth")
    size = float(room.evaluate("parseFloat(getComputedStyle(document.getElementById('clock-left')).fontSize)"))
    assert size >= 0.15 * width, f"the clock is {size} px high on a {width} px screen"
    assert room.evaluate("document.documentElement.scrollHeight") <= PROJECTOR["height"], "it fits the screen"
    assert room.locator("#tables tr").count() == 6 and room.locator("#standings tr").count() == 10
    folder = Path(output_path)
    folder.mkdir(parents=True, exist_ok=True)
    room.screenshot(path=folder / "room-screen.png")
