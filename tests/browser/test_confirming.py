"""Confirmed by the other side, on a 360 × 740 phone: at a tournament that confirms its deals, a
deal entered through the table's link waits until another phone confirms it by typing the
declarer's card points again; a wrong figure is refused and shown on the sheet to both sides; the
director sees entered, confirmed and waiting per table, and two phones entering at one table; the
round closes with a deal unconfirmed only when the director says why. A German phone reads the
sheet and the confirming screen in German (screenshots in the test's output folder).

Every page these phones open writes nothing on the console: no script error, no violation of the
Content-Security-Policy (``conftest.no_policy_violations`` watches ``page``, :func:`watched`
every other phone)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.urls import reverse
from playwright.sync_api import Browser, BrowserContext, Page, expect

from scoring.club.models import Club, Membership
from scoring.sittings.models import DealRevision
from scoring.sittings.results import next_dealer
from scoring.sittings.services import confirm_deal, record_deal
from scoring.tournaments import services
from scoring.tournaments.models import Round, RoundTable, Tournament

from ..factories import make_club
from ..tournaments.helpers import make_tournament
from .conftest import answer
from .test_table_round_two import TAP_TARGETS

pytestmark = pytest.mark.django_db(transaction=True)

SCREEN = {"viewport": {"width": 360, "height": 740}, "is_mobile": True, "has_touch": True}
WRONG = (
    "The declarer's card points in deal 1: not 39. Deal 1 is not confirmed: look at it together, "
    "correct it if it is wrong"
)
MISMATCH = "a figure typed did not match: look at it together"


def one_table() -> tuple[Tournament, RoundTable]:
    """Anna and Bernd play Kosakeln at the one table of a published round, one deal each to
    deal, and every deal waits for the other side's confirmation."""
    tournament = make_tournament(
        make_club(), "Anna", "Bernd", variant="kosakeln", sizes=(2,), confirm_deals=True, deals_per_dealer=1
    )
    round_ = services.draw_round(tournament, user=None)
    services.publish_round(round_)
    return tournament, round_.tables.get()


def link(live_server: Any, table: RoundTable, path: str = "") -> str:
    return f"{live_server.url}{reverse('table_link:home', kwargs={'token': table.token})}{path}"


def round_page(live_server: Any, tournament: Tournament) -> str:
    kwargs = {"slug": tournament.club.slug, "pk": tournament.pk, "number": 1}
    return f"{live_server.url}{reverse('tournaments:round', kwargs=kwargs)}"


def watched(page: Page) -> list[str]:
    """What the page writes on the console as an error, or throws: filled while the test runs,
    and empty at its end."""
    said: list[str] = []
    page.on("console", lambda message: said.append(message.text) if message.type == "error" else None)
    page.on("pageerror", lambda error: said.append(str(error)))
    return said


def phone(browser: Browser, **more: Any) -> tuple[Page, list[str]]:
    """Another phone at the table (a browser context of its own: its own cookies), watched."""
    context: BrowserContext = browser.new_context(**SCREEN, **more)
    page = context.new_page()
    return page, watched(page)


def director(browser: Browser, live_server: Any, club: Club) -> tuple[Page, list[str]]:
    """Dora, a scorekeeper of the club, signed in on her phone: she runs the tournament."""
    dora = User.objects.create_user("dora", password="dora-directs-1754")
    Membership.objects.create(user=dora, club=club, role=Membership.Role.SCOREKEEPER)
    page, said = phone(browser)
    page.goto(f"{live_server.url}/accounts/login/")
    page.get_by_label("User name").fill("dora")
    page.get_by_label("Password").fill("dora-directs-1754")
    page.get_by_role("button", name="Log in").last.click()
    expect(page.get_by_role("button", name="Log out")).to_be_visible()
    return page, said


def enter_solo(page: Page, number: int, declarer: str, points: int) -> None:
    """On the table's sheet: enter the next deal, a Solo of ``declarer`` with his card points."""
    page.locator("#enter-deal").click()
    page.select_option("#id_declarer", declarer)
    page.get_by_label("solo (12)").check()
    page.fill("#id_declarer_points", str(points))
    page.get_by_role("button", name="Save the deal").click()
    expect(page.locator(".messages")).to_contain_text(f"Deal {number} saved.")


def entered_elsewhere(table: RoundTable) -> None:
    """Another phone enters the table's next deal: a Solo of the first seat made with 40 card points."""
    players = [p.display_name for p in table.sitting.seated_players()]
    dealer, _out = next_dealer(table.sitting)
    solo = {"dealer": dealer, "declarer": players[0], "contract": "solo", "declarer_points": 40}
    record_deal(table.sitting, solo, user=None)


def deal_one(table: RoundTable) -> DealRevision:
    return DealRevision.objects.get(sitting=table.sitting, number=1, live=True)


def test_it_waits_for_the_other_phone_which_is_refused_a_wrong_figure_and_confirms_the_right_one(
    live_server: Any, page: Page, browser: Browser
) -> None:
    tournament, table = one_table()
    page.set_viewport_size(SCREEN["viewport"])
    errors = watched(page)

    # Phone A, Anna's: deal 1 entered, waiting for the other side.
    page.goto(link(live_server, table))
    enter_solo(page, 1, "Anna", 40)
    waiting = page.locator("#waiting")
    expect(waiting).to_contain_text("1 deal waits for another player to confirm it:")
    expect(waiting.get_by_role("link", name="Confirm deal 1")).to_be_visible()
    expect(page.locator("tr[data-deal='1'] .tag.waiting")).to_have_text("?")
    assert deal_one(table).confirmed_at is None

    # Phone B, Bernd's: he reads the deal without the card points and types them wrong.
    other, other_errors = phone(browser)
    other.goto(link(live_server, table))
    other.get_by_role("link", name="Confirm deal 1").click()
    expect(other.locator("h1")).to_have_text("Confirm deal 1")
    words = other.locator("#deal-words")
    expect(words).to_contain_text("Anna")
    expect(words).not_to_contain_text("40")
    other.get_by_label("The declarer's card points in deal 1").fill("39")
    other.get_by_role("button", name="Confirm deal 1").click()
    expect(other.locator("#confirm-form .errorlist")).to_have_text(WRONG)
    assert deal_one(table).confirmed_at is None
    assert deal_one(table).mismatches == 1

    # Both sides see it on the sheet: they look at it together, and Bernd tries again.
    page.reload()
    expect(page.locator("#waiting .tag.mismatch")).to_have_text(MISMATCH)
    expect(page.locator("tr[data-deal='1'] .tag.waiting")).to_have_text("≠")
    other.get_by_role("link", name="Back to the sheet").click()
    expect(other.locator("#waiting .tag.mismatch")).to_have_text(MISMATCH)
    other.get_by_role("link", name="Confirm deal 1").click()
    expect(other.locator("#mismatch")).to_contain_text("did not match, once")

    other.get_by_label("The declarer's card points in deal 1").fill("40")
    other.get_by_role("button", name="Confirm deal 1").click()
    expect(other.locator(".messages")).to_contain_text("Deal 1 confirmed.")
    expect(other.locator("#waiting")).to_have_count(0)
    confirmed = deal_one(table)
    assert confirmed.confirmed_at is not None and confirmed.confirmed_at >= confirmed.entered_at
    page.reload()
    expect(page.locator("#waiting")).to_have_count(0)

    # The director: one entered and confirmed; a phone that only confirms is not a second phone.
    dora, dora_errors = director(browser, live_server, tournament.club)
    dora.goto(round_page(live_server, tournament))
    expect(dora.locator("#confirmations-1")).to_have_text("1 entered · 1 confirmed · 0 waiting")
    expect(dora.locator("#phones-1")).to_have_count(0)

    # Bernd's phone enters deal 2 as well: two phones entered deals at table 1.
    other.goto(link(live_server, table))
    enter_solo(other, 2, "Bernd", 38)
    dora.reload()
    expect(dora.locator("#confirmations-1")).to_have_text("2 entered · 1 confirmed · 1 waiting")
    expect(dora.locator("#phones-1")).to_have_text("two phones at table 1")

    assert errors == other_errors == dora_errors == []
    other.context.close()
    dora.context.close()


def test_the_round_refuses_to_close_with_a_deal_waiting_and_closes_with_the_directors_reason(
    live_server: Any, browser: Browser
) -> None:
    tournament, table = one_table()
    for _deal in range(2):  # both deals entered, only the first confirmed
        entered_elsewhere(table)
    confirm_deal(table.sitting, 1, revision=1, typed="40", user=None)
    dora, errors = director(browser, live_server, tournament.club)
    dora.goto(round_page(live_server, tournament))
    expect(dora.locator("#confirmations-1")).to_have_text("2 entered · 1 confirmed · 1 waiting")
    close = dora.locator("#close-round")
    expect(close).to_contain_text("1 deal still waits for confirmation.")

    asked = answer(dora, yes=False)  # the director thinks twice: nothing is sent
    close.get_by_role("button", name="Close the round").click()
    assert asked == ["Close round 1? Its results count and the links show the tables' results."]
    expect(dora.locator(".messages")).to_have_count(0)
    answer(dora)
    close.get_by_role("button", name="Close the round").click()
    expect(dora.locator(".messages")).to_have_text(
        "1 deal waits for confirmation (table 1): confirm it, or say why the round closes."
    )
    assert dora.url == round_page(live_server, tournament)
    assert Round.objects.get(tournament=tournament).state == "published"

    dora.get_by_label("Close anyway because").fill("Bernd had to catch his train")
    answer(dora)
    dora.get_by_role("button", name="Close the round").click()
    expect(dora.locator(".messages")).to_contain_text("Round 1 is closed; its results count.")
    round_ = Round.objects.get(tournament=tournament)
    assert round_.state == "closed" and round_.closed_unconfirmed == "Bernd had to catch his train"

    dora.goto(round_page(live_server, tournament))
    expect(dora.locator("#closed-unconfirmed")).to_have_text(
        "Closed with deals unconfirmed because: Bernd had to catch his train"
    )
    expect(dora.locator("#close-round")).to_have_count(0)
    assert errors == []
    dora.context.close()


ENGLISH = [
    "Confirm deal",
    "Read the deal",
    "figure asked for",
    "The declarer's card points",
    "Something is wrong",
    "Back to the sheet",
    "Dealer",
    "Declarer",
    "Contract",
    "not confirmed",
    "look at it together",
    "waits for",
]
"""The confirming screen's and the waiting block's own words in English: none is left on a German phone."""


def test_a_german_phone_reads_the_waiting_deal_and_the_confirming_screen_in_german(
    live_server: Any, browser: Browser, output_path: str
) -> None:
    shots = Path(output_path)
    shots.mkdir(parents=True, exist_ok=True)
    _tournament, table = one_table()
    entered_elsewhere(table)

    german, errors = phone(browser, locale="de-AT")
    german.context.add_cookies([{"name": "django_language", "value": "de", "url": live_server.url}])
    german.goto(link(live_server, table))
    assert german.locator("html").get_attribute("lang") == "de"
    waiting = german.locator("#waiting")
    expect(waiting).to_contain_text("1 Spiel wartet darauf, dass ein anderer Spieler es bestätigt:")
    german.screenshot(path=shots / "confirm-waiting-de.png")
    main = german.locator("main")
    for english in ENGLISH:
        expect(main).not_to_contain_text(english)
    assert german.evaluate(TAP_TARGETS) == []

    waiting.get_by_role("link", name="Spiel 1 bestätigen").click()
    expect(german.locator("h1")).to_have_text("Spiel 1 bestätigen")
    expect(german.get_by_label("Kartenpunkte des Spielers in Spiel 1")).to_be_visible()
    german.screenshot(path=shots / "confirm-screen-de.png", full_page=True)
    for english in ENGLISH:
        expect(main).not_to_contain_text(english)
    assert german.evaluate("document.documentElement.scrollWidth") <= 360, "no sideways scrolling"
    assert german.evaluate(TAP_TARGETS) == []

    german.get_by_label("Kartenpunkte des Spielers in Spiel 1").fill("39")
    german.get_by_role("button", name="Spiel 1 bestätigen").click()
    expect(german.locator("#confirm-form .errorlist")).to_contain_text(
        "Kartenpunkte des Spielers in Spiel 1: nicht 39. Spiel 1 ist nicht bestätigt"
    )
    german.screenshot(path=shots / "confirm-refused-de.png", full_page=True)
    for english in ENGLISH:
        expect(main).not_to_contain_text(english)
    german.get_by_label("Kartenpunkte des Spielers in Spiel 1").fill("40")
    german.get_by_role("button", name="Spiel 1 bestätigen").click()
    expect(german.locator(".messages")).to_contain_text("Spiel 1 bestätigt.")
    assert errors == []
    german.context.close()
