"""A dropped Wi-Fi loses no deal: on a phone, with the network cut while saving, the deal (a
correction, a take-back) is kept on the phone, the page says it is waiting, and it arrives
exactly once when the network is back, with nothing typed again, also after a reload offline.
A deal refused on arrival is shown with the refusal, not dropped."""

from __future__ import annotations

import re
import time
from pathlib import Path
from typing import Any

import pytest
from django.urls import reverse
from playwright.sync_api import Error, Page, expect

from scoring.sittings.models import DealRevision, Sitting
from scoring.sittings.services import record_deal
from scoring.tournaments import services

from ..factories import make_club
from ..tournaments.helpers import make_tournament
from .test_deal_form_round_two import open_deal_form

pytestmark = pytest.mark.django_db(transaction=True)

THROWN_IN = "Thrown in: dealt but not played (misdeal, redeal, all passed)"


def thrown_in_deal(page: Page, dealer: str) -> None:
    page.select_option("#id_dealer", dealer)
    page.get_by_label(THROWN_IN).check()


def send_offline(page: Page, button: str, waiting: str) -> None:
    """Press ``button`` with the network cut: the page says what waits on the phone."""
    page.context.set_offline(True)
    page.get_by_role("button", name=button).click()
    expect(page.locator("#outbox-notice")).to_contain_text(waiting)


def deals_of(sitting: Sitting) -> list[tuple[int, str]]:
    """The sitting's live deals as stored: number and dealer."""
    names = [player.display_name for player in sitting.seated_players()]
    return [(number, names[dealer]) for number, dealer in sitting.live_deals().values_list("number", "data__dealer")]


def test_a_deal_saved_without_a_connection_arrives_once_when_it_is_back(
    live_server: Any, page: Page, output_path: str
) -> None:
    shots = Path(output_path)
    sitting = open_deal_form(page, live_server.url, "danish_tarok", "Anna", "Bernd", "Carla")
    thrown_in_deal(page, "Bernd")
    send_offline(page, "Save the deal", "Deal 1 not sent yet: no connection. It is sent as soon as there is one.")
    notice = page.locator("#outbox-notice")
    page.screenshot(path=str(shots / "outbox-waiting.png"), full_page=True)
    assert deals_of(sitting) == []

    back = time.monotonic()
    page.context.set_offline(False)
    expect(page.locator(".messages")).to_contain_text("Deal 1 saved.")
    arrived = time.monotonic() - back
    print(f"from the network's return to the deal on the sheet: {arrived * 1000:.0f} ms")
    expect(notice).to_have_count(0)
    assert page.url.startswith(f"{live_server.url}{sitting.get_absolute_url()}?saved=1")
    assert [number for number, _dealer in deals_of(sitting)] == [1]
    assert page.evaluate("localStorage.getItem('tarokclub.outbox')") == "{}"


def test_a_deal_kept_offline_survives_a_reload_and_is_sent_by_the_next_page(live_server: Any, page: Page) -> None:
    sitting = open_deal_form(page, live_server.url, "danish_tarok", "Anna", "Bernd", "Carla")
    thrown_in_deal(page, "Carla")
    send_offline(page, "Save the deal", "Deal 1 not sent yet")
    with pytest.raises(Error):
        page.reload()  # the browser's own offline page: no script of ours runs
    page.context.set_offline(False)
    page.goto(f"{live_server.url}{sitting.get_absolute_url()}")
    # Saved by this page, or by the last try of the page before if the server had it before the
    # reload cut its answer off: once either way.
    expect(page.locator(".messages")).to_contain_text(re.compile(r"Deal 1 (saved|was already entered)\."))
    page.reload()
    expect(page.locator("#outbox-notice")).to_have_count(0)
    assert deals_of(sitting) == [(1, "Carla")]
    assert DealRevision.objects.filter(sitting=sitting).count() == 1


def test_a_deal_that_another_phone_entered_first_is_shown_with_the_refusal(live_server: Any, page: Page) -> None:
    sitting = open_deal_form(page, live_server.url, "danish_tarok", "Anna", "Bernd", "Carla")
    thrown_in_deal(page, "Anna")
    send_offline(page, "Save the deal", "Deal 1 not sent yet")
    record_deal(sitting, {"dealer": "Carla", "thrown_in": True}, user=None)  # the other phone

    page.context.set_offline(False)
    problems = page.locator("#problems")
    expect(problems).to_contain_text("this deal would be deal 2, not deal 1")
    expect(page.get_by_label(THROWN_IN)).to_be_checked()
    expect(page.locator("#id_dealer")).to_have_value("Anna")
    assert deals_of(sitting) == [(1, "Carla")]

    page.get_by_role("button", name="Save the deal").click()  # it is another deal after all
    expect(page.locator(".messages")).to_contain_text("Deal 2 saved.")
    assert deals_of(sitting) == [(1, "Carla"), (2, "Anna")]


def test_a_correction_and_a_take_back_sent_offline_each_arrive_once(live_server: Any, page: Page) -> None:
    sitting = open_deal_form(page, live_server.url, "danish_tarok", "Anna", "Bernd", "Carla")
    for dealer in ("Anna", "Bernd"):
        record_deal(sitting, {"dealer": dealer, "thrown_in": True}, user=None)
    sheet = f"{live_server.url}{sitting.get_absolute_url()}"

    page.goto(f"{sheet}deals/1/correct/")
    page.select_option("#id_dealer", "Carla")
    page.get_by_label("Reason").fill("the dealer was Carla")
    send_offline(page, "Save the correction", "The correction of deal 1 not sent yet")
    page.context.set_offline(False)
    expect(page.locator(".messages")).to_contain_text("Deal 1 corrected")
    assert deals_of(sitting) == [(1, "Carla"), (2, "Bernd")]

    page.goto(sheet)
    page.locator("#undo summary").click()
    page.locator("#undo-reason").fill("entered twice")
    send_offline(page, "Take back deal 2", "Taking back deal 2 not sent yet")
    page.context.set_offline(False)
    expect(page.locator(".messages")).to_contain_text("taken back")
    assert deals_of(sitting) == [(1, "Carla")]
    assert DealRevision.objects.filter(sitting=sitting, removed=True).count() == 1


def test_an_import_shows_it_is_working_and_a_second_tap_sends_nothing(
    live_server: Any, page: Page, tmp_path: Path
) -> None:
    open_deal_form(page, live_server.url, "danish_tarok", "Anna", "Bernd", "Carla")
    page.goto(f"{live_server.url}/clubs/stammtisch/sittings/import/")
    upload = tmp_path / "sitting.json"
    upload.write_text('{"variant": "danish_tarok"}')
    page.locator("input[type=file]").set_input_files(str(upload))
    # What each tap would send, seen after the page's own script; kept on the page (a slow server).
    page.evaluate(
        """window.taps = [];
        window.addEventListener("submit", (event) => {
          taps.push(!event.defaultPrevented);
          event.preventDefault();
        });"""
    )
    button = page.get_by_role("button", name="Import")
    button.click()
    expect(page.get_by_role("status")).to_have_text("Working on it: this can take a moment.")
    button.click()
    assert page.evaluate("taps") == [True, False], "the first tap sends, the second does not"


def test_a_deal_entered_offline_through_a_table_link_arrives_once(live_server: Any, page: Page) -> None:
    tournament = make_tournament(make_club(), "Anna", "Bernd", "Carla", variant="danish_tarok", sizes=(3,))
    round_ = services.draw_round(tournament, user=None)
    services.publish_round(round_)
    table = round_.tables.get()
    page.goto(f"{live_server.url}{reverse('table_link:home', kwargs={'token': table.token})}deals/new/")
    dealer = page.locator("#id_dealer").input_value()
    page.get_by_label(THROWN_IN).check()
    send_offline(page, "Save the deal", "Deal 1 not sent yet")
    page.context.set_offline(False)
    expect(page.locator(".messages")).to_contain_text("Deal 1 saved.")
    assert deals_of(table.sitting) == [(1, dealer)]
