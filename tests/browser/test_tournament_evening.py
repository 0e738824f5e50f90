"""A director's tournament evening in Chromium: create a Droggn tournament, enter 13 entrants,
draw and publish round 1, two tables score their deals from their links on phones, a third by
the scorekeeper's hand, the fourth closes early; then the round closes, the standings show and
the seating list prints. Each step leaves a screenshot in the test's output folder."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import Browser, Page, expect

from scoring.club.models import Club, Membership
from scoring.sittings.results import next_dealer
from scoring.sittings.services import record_deal
from scoring.tournaments.models import Tournament
from scoring.tournaments.results import round_tables, standings

from .conftest import PHONE, answer, new_tournament

pytestmark = pytest.mark.django_db(transaction=True)

NAMES = ["Anna", "Bernd", "Carla", "Dora", "Emil", "Fritz", "Gerda", "Hans", "Ida", "Jakob", "Klara", "Luis", "Mia"]


class Shots:
    def __init__(self, folder: str) -> None:
        self.folder, self.count = Path(folder), 0
        self.folder.mkdir(parents=True, exist_ok=True)

    def __call__(self, page: Page, name: str) -> None:
        self.count += 1
        page.screenshot(path=self.folder / f"{self.count:02d}-{name}.png", full_page=True)


def enter_deals_from_the_link(phone: Page, link: str, due: int, shots: Shots, table: int) -> None:
    """The players at a table enter every deal on a phone: the declarer plays a solo and makes it."""
    phone.goto(link)
    expect(phone.locator("h1")).to_contain_text(f"Table {table}")
    shots(phone, f"table-{table}-link")
    for number in range(1, due + 1):
        phone.locator("#enter-deal").click()
        dealer = phone.locator("#id_dealer").input_value()
        options = phone.locator("#id_declarer option").all_inner_texts()
        declarer = next(name for name in options if name not in ("—", dealer))  # at 4 the dealer sits out
        phone.select_option("#id_declarer", declarer)
        phone.get_by_label("solo (40)").check()
        phone.fill("#id_declarer_points", "40")
        if number == 1:
            shots(phone, f"table-{table}-deal-1")
        phone.get_by_role("button", name="Save the deal").click()
        expect(phone.locator(".messages")).to_contain_text("saved")
    expect(phone.locator("body")).to_contain_text("Every deal of this table is entered")
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390, "no sideways scrolling on a phone"
    shots(phone, f"table-{table}-done")


def test_a_director_runs_a_round_and_two_tables_score_from_their_phones(
    live_server: Any, page: Page, browser: Browser, output_path: str
) -> None:
    club = Club.objects.create(name="Tarockrunde Linz", slug="linz")
    for name in NAMES[:10]:
        club.players.create(display_name=name)
    dora = User.objects.create_user("dora", password="dora-directs-1754")
    Membership.objects.create(user=dora, club=club, role=Membership.Role.SCOREKEEPER)
    shots = Shots(output_path)

    new_tournament(page, live_server.url, ("dora", "dora-directs-1754"), "Tarockrunde Linz", "Droggn")
    page.fill("#id_name", "Adventturnier")
    page.fill("#id_rounds", "2")
    page.select_option("#id_preferred_size", "4")
    page.fill("#id_deals_per_dealer", "1")
    page.check("#id_public")
    # this evening's tables count what they enter; confirming is tests/browser/test_confirming.py's
    page.uncheck("#id_confirm_deals")
    shots(page, "new-tournament")
    page.get_by_role("button", name="Create the tournament").click()
    expect(page.locator(".messages")).to_contain_text("The tournament is created")

    # Ten club players, then three guests typed in by name.
    for name in NAMES[:10]:
        page.select_option("#id_player", label=name)
        page.get_by_role("button", name="Enter", exact=True).click()
        expect(page.locator(".messages")).to_contain_text(f"{name} entered")
    for name in NAMES[10:]:
        page.fill("#id_name", name)
        page.get_by_role("button", name="Enter", exact=True).click()
        expect(page.locator(".messages")).to_contain_text(f"{name} entered")
    expect(page.locator("h2", has_text="13 entrants")).to_be_visible()
    shots(page, "13-entrants")

    page.get_by_role("button", name="Draw the next round").click()
    expect(page.locator(".messages")).to_contain_text("Round 1 is drawn")
    expect(page.locator("section.table-card")).to_have_count(4)
    shots(page, "round-1-drawn")
    page.get_by_role("button", name="Publish the seating").click()
    expect(page.locator(".messages")).to_contain_text("published")
    shots(page, "round-1-published")

    tournament = Tournament.objects.get()
    round_ = tournament.rounds.get()
    tables = round_tables(round_)
    assert sorted(len(view.players) for view in tables) == [3, 3, 3, 4]
    links = [page.locator(f"#table-{n} .table-link a").get_attribute("href") for n in (1, 2)]

    # Two tables score from their links on phones, with no account.
    for number, link in zip((1, 2), links, strict=True):
        assert link
        phone = browser.new_context(**PHONE).new_page()
        enter_deals_from_the_link(phone, link, tables[number - 1].due, shots, number)
        phone.context.close()

    # Table 3 hands its sheet to the scorekeeper; table 4 runs out of time.
    third = tables[2].table.sitting
    players = [p.display_name for p in third.seated_players()]
    for _deal in range(tables[2].due):
        dealer, _out = next_dealer(third)
        lost_solo = {"dealer": dealer, "declarer": players[0], "contract": "solo", "declarer_points": 30}
        record_deal(third, lost_solo, user=None)
    page.reload()
    page.fill(f"#reason-{tables[3].table.pk}", "time is up")
    page.locator("#table-4 button", has_text="Close the table early").click()
    expect(page.locator("#table-4")).to_contain_text("closed early")
    shots(page, "round-1-tables-done")

    answer(page)
    page.get_by_role("button", name="Close the round").click()
    expect(page.locator(".messages")).to_contain_text("Round 1 is closed")
    page.get_by_role("link", name="Standings").first.click()
    rows = page.locator("table.standings tbody tr")
    expect(rows).to_have_count(13)
    shots(page, "standings")
    shown = [int(text) for text in page.locator("table.standings td.total").all_inner_texts()]
    assert shown == [line.points for line in standings(tournament)]

    # The public sees the same standings, and the seating list prints on A4.
    visitor = browser.new_context(**PHONE).new_page()
    visitor.goto(page.url)
    expect(visitor.locator("table.standings tbody tr")).to_have_count(13)
    visitor.context.close()
    page.goto(f"{live_server.url}/clubs/linz/tournaments/{tournament.pk}/rounds/1/seating/")
    page.emulate_media(media="print")
    expect(page.locator("nav.tabs")).to_have_count(0)
    expect(page.locator("#by-name tbody tr")).to_have_count(13)
    shots(page, "seating-list-printed")
    pdf = page.pdf(format="A4")
    assert pdf.startswith(b"%PDF")
