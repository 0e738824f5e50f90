"""The ledger in a browser: a scorekeeper closes an evening and reads who pays whom on a phone
(390 × 844); a treasurer prints the season table, the money page and the sitting sheet (the
print stylesheet, screenshots of the print preview on an A4-wide page)."""

from __future__ import annotations

import re
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import Page, expect

from scoring.club.models import Club, LedgerSettings, Membership, Tariff
from scoring.money import KASSE
from scoring.sittings.models import Sitting
from scoring.sittings.results import sheet_money, stored_result
from scoring.sittings.services import close_sitting, import_sitting

from ..factories import golden
from ..ledger.stored import golden as golden_season
from ..ledger.stored import store_golden
from .conftest import answer

pytestmark = pytest.mark.django_db(transaction=True)

A4 = {"width": 794, "height": 1123}
"""An A4 page at 96 dots per inch, as Chromium lays out a print."""


def shots(output_path: str) -> Path:
    folder = Path(output_path)
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def log_in(page: Page, base: str, username: str, password: str, next_url: str = "/") -> None:
    page.goto(f"{base}/accounts/login/?next={next_url}")
    page.get_by_label("User name").fill(username)
    page.get_by_label("Password").fill(password)
    page.get_by_role("button", name="Log in").last.click()


def test_a_scorekeeper_closes_the_evening_and_reads_who_pays_whom_on_a_phone(
    live_server: Any, page: Page, output_path: str
) -> None:
    club = Club.objects.create(name="Tarockrunde Linz", slug="linz")
    Tariff.objects.create(club=club, variant="danish_tarok", cents_per_point=Decimal("0.5"))
    LedgerSettings.objects.create(club=club, sheet_fee_cents=50)
    kim = User.objects.create_user("kim", password="kim-scores-1754")
    Membership.objects.create(user=kim, club=club, role=Membership.Role.SCOREKEEPER)
    sitting = import_sitting(club, golden("danish_tarok", "three-deals-pots"), user=kim)
    folder = shots(output_path)

    log_in(page, live_server.url, "kim", "kim-scores-1754")
    page.get_by_role("link", name="Tarockrunde Linz").click()
    page.get_by_role("link", name="Sittings").click()
    page.get_by_role("link", name="Danish Tarok").first.click()
    expect(page.locator("#money")).to_have_count(0)
    page.screenshot(path=folder / "1-open-sitting.png", full_page=True)

    answer(page)
    page.get_by_role("button", name="Close the sitting").click()
    expect(page.locator(".messages")).to_contain_text("The sitting is closed")
    money = page.locator("#money")
    money.scroll_into_view_if_needed()
    expect(money).to_be_visible()
    page.screenshot(path=folder / "2-closed-sitting.png", full_page=True)
    money.screenshot(path=folder / "3-who-pays-whom.png")
    page.locator("#running-chart").screenshot(path=folder / "3-running-totals.png")

    closed = Sitting.objects.get(pk=sitting.pk)
    ids = {player.display_name: player.pk for player in closed.seated_players()}
    expected = sheet_money(closed, stored_result(closed), ids, kasse=KASSE)
    shown = [
        (
            item.locator(".name").nth(0).inner_text(),
            item.locator(".name").nth(1).inner_text(),
            item.locator(".amount").inner_text(),
        )
        for item in money.locator("li.transfer").all()
    ]
    assert [(payer, payee) for payer, payee, _amount in shown] == [(t.payer, t.payee) for t in expected.transfers]
    assert [amount for _payer, _payee, amount in shown] == [f"€{t.cents / 100:.2f}" for t in expected.transfers]
    assert any(payee == "Kasse" for _payer, payee, _amount in shown)
    box = money.locator("li.transfer").first.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390, "a transfer fits the phone's width"


def test_a_treasurer_prints_the_season_table_the_money_and_the_sheet(
    live_server: Any, page: Page, output_path: str
) -> None:
    club = Club.objects.create(name="Tarockrunde Linz", slug="linz", public=True)
    store_golden(club, golden_season("total"))
    sitting = import_sitting(club, {**golden("danish_tarok", "three-deals-pots"), "date": "2026-02-06"}, user=None)
    close_sitting(sitting, user=None)
    folder = shots(output_path)

    page.goto(f"{live_server.url}/clubs/linz/")
    page.get_by_role("link", name="Ledger").click()
    page.goto(f"{live_server.url}/clubs/linz/ledger/?variant=grosstarock&year=2026")
    expect(page.locator("#season-table")).to_be_visible()
    page.screenshot(path=folder / "4-season-table-phone.png", full_page=True)
    names = page.locator("#season-table tbody tr").evaluate_all("rows => rows.map(r => r.dataset.player)")
    assert names == ["Anna", "Bert", "Dora", "Cleo", "Emil"]
    page.get_by_role("link", name="Charts").click()
    expect(page.locator("svg.chart")).to_have_count(2)
    page.screenshot(path=folder / "4-charts-phone.png", full_page=True)
    page.get_by_role("link", name="Season table").click()
    page.get_by_role("link", name="Cleo").click()
    expect(page.locator("#stat-sittings")).to_have_text("3")
    page.screenshot(path=folder / "4-player-phone.png", full_page=True)
    page.go_back()

    page.set_viewport_size(A4)
    page.emulate_media(media="print")
    page.screenshot(path=folder / "5-season-table-print.png", full_page=True)
    for hidden in ("header.site", "nav.crumbs", "nav.tabs.games", "nav.tabs.pages", ".downloads", ".pick-season"):
        expect(page.locator(hidden).first).to_be_hidden()
    expect(page.locator("#season-table")).to_be_visible()
    widths = page.locator("#season-table td.name").evaluate_all(
        "cells => cells.map(c => c.scrollWidth <= c.clientWidth)"
    )
    assert all(widths), "no name is cut"
    pdf = page.pdf(format="A4")
    assert pdf.startswith(b"%PDF") and len(re.findall(rb"/Type\s*/Page[^s]", pdf)) == 1, "the table prints on one page"

    page.emulate_media(media="screen")
    page.goto(f"{live_server.url}/clubs/linz/ledger/money/?year=2026")
    page.emulate_media(media="print")
    page.screenshot(path=folder / "6-money-print.png", full_page=True)
    expect(page.locator("#transfers")).to_be_visible()
    expect(page.locator("nav.tabs").first).to_be_hidden()

    page.emulate_media(media="screen")
    page.goto(f"{live_server.url}/clubs/linz/sittings/{sitting.pk}/")
    page.emulate_media(media="print")
    page.screenshot(path=folder / "7-sitting-sheet-print.png", full_page=True)
    expect(page.locator("#money")).to_be_visible()
    expect(page.locator("#sheet")).to_be_visible()
    expect(page.locator("a.button").first).to_be_hidden()
