"""A director's evening in Chromium, round two: Dora creates a Grosstarock tournament at tables of
4 with byes, enters the club's players in one step (one absent), and the thirteenth entrant has
the bye; a table enters a deal from its link on a phone; she closes table 3 early and reopens it,
starts the round's clock that the room's screen (a projector) counts down without a reload,
closes the round, reopens it and closes it again; the table's link then shows its result and the
way to the standings, where the bye scores its points. Each important screen leaves a screenshot
in the test's output folder."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.urls import reverse
from playwright.sync_api import Browser, Page, expect

from scoring.club.models import Membership, Player
from scoring.sittings.models import Sitting
from scoring.sittings.results import next_dealer
from scoring.sittings.services import record_deal
from scoring.tournaments.models import Round, Tournament
from scoring.tournaments.results import round_tables

from ..factories import make_club, make_member, make_players
from .conftest import PHONE, answer, new_tournament
from .test_confirming import watched
from .test_tournament_evening import Shots

pytestmark = pytest.mark.django_db(transaction=True)

PLAYERS = [
    "Anna", "Bernd", "Carla", "Emil", "Fritz", "Gerda", "Hans",
    "Ida", "Jakob", "Klara", "Luis", "Mia", "Nora", "Otto",
]  # fmt: skip
ABSENT = "Otto"
PROJECTOR = {"width": 1280, "height": 720}
BYE_POINTS = 12
CLOSE_ROUND = "Close round 1? Its results count and the links show the tables' results."


def entered_elsewhere(sitting: Sitting, deals: int) -> None:
    """The table's next deals, entered on another phone: the three who play count 35, 25 and 18."""
    players = [p.display_name for p in sitting.seated_players()]
    for _deal in range(deals):
        dealer, out = next_dealer(sitting)
        playing = [name for name in players if name != out]
        points = dict(zip(playing, (35, 25, 18), strict=True))
        record_deal(sitting, {"dealer": dealer, "sitting_out": out, "card_points": points}, user=None)


def create_the_tournament(page: Page, base: str) -> None:
    """Dora signs in and creates the tournament through the pages."""
    new_tournament(page, base, ("dora", "tarock-1754"), "Tarockrunde Linz", "Grosstarock")
    page.fill("#id_name", "Faschingsturnier")
    page.fill("#id_rounds", "2")
    page.select_option("#id_preferred_size", "4")
    page.uncheck("#id_other_size")
    page.check("#id_byes_at_tables")
    page.fill("#id_deals_per_dealer", "1")
    page.fill("#id_bye_points", str(BYE_POINTS))
    page.uncheck("#id_confirm_deals")  # confirming is tests/browser/test_confirming.py's
    page.check("#id_public")
    page.get_by_role("button", name="Create the tournament").click()
    expect(page.locator(".messages")).to_contain_text("The tournament is created")


def enter_the_clubs_players(page: Page, shots: Shots) -> None:
    """Every active player is ticked; Otto is absent tonight, the inactive Paul is not offered."""
    page.get_by_role("link", name="Enter the club's players").click()
    boxes = page.locator("input[type=checkbox][name=players]")
    expect(boxes).to_have_count(len(PLAYERS))
    for box in boxes.all():
        expect(box).to_be_checked()
    expect(page.locator("form.card")).not_to_contain_text("Paul")
    page.get_by_label(ABSENT, exact=True).uncheck()
    shots(page, "club-players-ticked")
    page.get_by_role("button", name="Enter the ticked players").click()
    expect(page.locator(".messages")).to_contain_text("13 players entered.")
    expect(page.locator("#entrants-title")).to_have_text("13 entrants")
    expect(page.locator("table tbody")).not_to_contain_text(ABSENT)


def the_deal_from_the_phone(phone: Page, link: str, sitting: Sitting) -> None:
    """Table 1's first deal on a phone, with the Grosstarock form: the dealer is preset and sits
    out; two of the three who play type their card points and the third gets what the pack leaves."""
    dealer, out = next_dealer(sitting)
    phone.goto(link)
    expect(phone.locator("h1")).to_have_text("Round 1 · Table 1")
    phone.locator("#enter-deal").click()
    expect(phone.locator("#id_dealer")).to_have_value(dealer)
    playing = [p.display_name for p in sitting.seated_players() if p.display_name != out]
    phone.fill(f".cp[data-player='{playing[0]}'] input", "40")
    phone.fill(f".cp[data-player='{playing[1]}'] input", "20")
    expect(phone.locator(f".cp[data-player='{playing[2]}'] input")).to_have_value("18")
    expect(phone.locator(f".cp[data-player='{out}']")).to_be_hidden()
    expect(phone.locator("#cp-sum")).to_have_text("78 / 78")
    phone.get_by_role("button", name="Save the deal").click()
    expect(phone.locator(".messages")).to_contain_text("Deal 1 saved.")  # the outbox's answer, swapped in
    expect(phone.locator("#enter-deal")).to_have_text("Enter deal 2")


def test_a_director_seats_a_bye_undoes_a_closed_table_and_a_closed_round_and_the_room_follows(
    live_server: Any, page: Page, browser: Browser, output_path: str
) -> None:
    club = make_club("linz", name="Tarockrunde Linz")
    make_players(club, *PLAYERS)
    Player.objects.create(club=club, display_name="Paul", active=False)
    make_member(club, "dora", Membership.Role.SCOREKEEPER)
    shots = Shots(output_path)

    create_the_tournament(page, live_server.url)
    enter_the_clubs_players(page, shots)

    # Thirteen at tables of 4: three tables and one bye.
    page.get_by_role("button", name="Draw the next round").click()
    expect(page.locator(".messages")).to_contain_text("Round 1 is drawn")
    cards = page.locator("section.table-card")
    expect(cards).to_have_count(3)
    for card in cards.all():
        expect(card.locator("ol.seats li")).to_have_count(4)
    tournament = Tournament.objects.get()
    round_ = Round.objects.get(tournament=tournament)
    (bye_number,) = round_.byes
    bye = tournament.entrants.get(start_number=bye_number).player.display_name
    expect(page.get_by_text(f"A bye this round: {bye}")).to_be_visible()
    page.get_by_role("button", name="Publish the seating").click()
    expect(page.locator(".messages")).to_contain_text("Round 1 is published")
    shots(page, "round-1-a-bye")
    round_page = page.url

    tables = [view.table for view in round_tables(round_)]
    assert [view.due for view in round_tables(round_)] == [4, 4, 4]
    link = page.locator("#table-1 .table-link a").get_attribute("href")
    third_link = page.locator("#table-3 .table-link a").get_attribute("href")
    assert link and third_link

    phone = browser.new_context(**PHONE).new_page()
    phone_said = watched(phone)
    the_deal_from_the_phone(phone, link, tables[0].sitting)
    entered_elsewhere(tables[0].sitting, 3)
    entered_elsewhere(tables[1].sitting, 2)
    entered_elsewhere(tables[2].sitting, 1)

    # Table 3 closes early by mistake, and is reopened: its link enters deals again.
    page.reload()
    page.fill(f"#reason-{tables[2].pk}", "time is up")
    page.locator("#table-3").get_by_role("button", name="Close the table early").click()
    expect(page.locator(".messages")).to_contain_text("Table 3 is closed early.")
    expect(page.locator("#table-3 .tag")).to_have_text("closed early")
    expect(page.locator("#table-3")).to_contain_text("Closed early because: time is up")
    phone.goto(third_link)
    expect(phone.locator(".notice")).to_have_text(
        "The table is closed early: its link enters and corrects no more deals."
    )
    expect(phone.locator("#enter-deal")).to_have_count(0)
    page.locator("#table-3").get_by_role("button", name="Reopen the table").click()
    expect(page.locator(".messages")).to_contain_text("Table 3 is open again: it enters its deals.")
    expect(page.locator("#table-3 .tag")).to_have_count(0)
    expect(page.locator("#table-3").get_by_role("button", name="Reopen the table")).to_have_count(0)
    shots(page, "table-3-reopened")
    phone.reload()
    expect(phone.locator("#enter-deal")).to_have_text("Enter deal 2")
    entered_elsewhere(tables[2].sitting, 3)

    # The room's screen, opened once on the projector, counts down the clock Dora starts.
    room = browser.new_context(viewport=PROJECTOR).new_page()
    room_said = watched(room)
    room.goto(live_server.url + reverse("tournaments:screen", kwargs={"slug": "linz", "pk": tournament.pk}))
    expect(room.locator("#heading")).to_have_text("Round 1")
    expect(room.locator("#clock")).to_be_hidden()
    room.evaluate("window.openedOnce = true")  # gone if the page reloads
    page.reload()
    page.fill("#clock-minutes", "45")
    page.get_by_role("button", name="Set", exact=True).click()
    expect(page.locator(".messages")).to_contain_text("The round lasts 45 minutes.")
    page.get_by_role("button", name="Start", exact=True).click()
    expect(page.locator(".messages")).to_contain_text("The round's clock runs.")
    expect(page.locator("#clock-now")).to_contain_text("running")
    expect(room.locator("#clock-left")).to_have_text(re.compile(r"4[45]:[0-5]\d"), timeout=15_000)
    first_seen = room.locator("#clock-left").inner_text()
    expect(room.locator("#clock-left")).not_to_have_text(first_seen, timeout=3_000)  # it ticks
    assert room.evaluate("window.openedOnce") is True, "the screen did not reload"
    expect(room.locator("#tables tr")).to_have_count(3)
    assert room.evaluate("document.documentElement.scrollHeight") <= PROJECTOR["height"], "it fits the screen"
    shots(room, "room-screen-evening")
    entered_elsewhere(tables[1].sitting, 2)

    # The round closes; the table's link shows its result and the way to the standings.
    page.reload()
    asked = answer(page)
    page.get_by_role("button", name="Close the round").click()
    expect(page.locator(".messages")).to_contain_text("Round 1 is closed; its results count.")
    assert asked == [CLOSE_ROUND]
    phone.goto(link)
    expect(phone.locator(".notice")).to_have_text("Round 1 is closed: this is the table's result.")
    expect(phone.locator("#enter-deal")).to_have_count(0)
    expect(phone.locator("#standings")).to_have_text("Standings")
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390, "no sideways scrolling on a phone"
    shots(phone, "closed-round-link")
    phone.get_by_role("link", name=re.compile(r"^Deal 1, dealt by")).click()
    expect(phone.get_by_role("link", name="Correct deal 1")).to_have_count(0)

    # Closed too soon: Dora reopens round 1, its link corrects again, and she closes it again.
    page.goto(round_page)
    page.get_by_role("button", name="Reopen round 1").click()
    expect(page.locator(".messages")).to_contain_text(
        "Round 1 is open again: its tables enter and correct their deals."
    )
    expect(page.locator("h1 .tag")).to_have_text("published")
    phone.goto(link)
    expect(phone.locator(".notice")).to_have_text("Every deal of this table is entered. Thank you!")
    phone.get_by_role("link", name=re.compile(r"^Deal 1, dealt by")).click()
    expect(phone.get_by_role("link", name="Correct deal 1")).to_be_visible()
    asked = answer(page)
    page.get_by_role("button", name="Close the round").click()
    expect(page.locator(".messages")).to_contain_text("Round 1 is closed; its results count.")
    assert asked == [CLOSE_ROUND]
    assert Round.objects.get(pk=round_.pk).state == "closed"

    # The standings, from the table's link on the phone with no account: the bye scores its points.
    phone.goto(link)
    phone.locator("#standings").click()
    rows = phone.locator("table.standings tbody tr")
    expect(rows).to_have_count(13)
    expect(rows.filter(has_text=f"{bye} ({bye_number})").locator("td").nth(3)).to_have_text(f"{BYE_POINTS} bye")
    shots(phone, "standings")
    json_url = live_server.url + reverse("tournaments:standings_json", kwargs={"slug": "linz", "pk": tournament.pk})
    document = phone.request.get(json_url).json()
    (line,) = [line for line in document["standings"] if line["start_number"] == bye_number]
    assert line["rounds"] == [BYE_POINTS]

    assert phone_said == room_said == []
    phone.context.close()
    room.context.close()
