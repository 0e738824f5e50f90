"""A new scorekeeper's evening on a phone (390 × 844), screen by screen, with screenshots."""

from __future__ import annotations

import itertools
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import Page, expect

from scoring.club.models import Club, Membership
from scoring.engine import count_pile, score_sitting
from scoring.sittings.models import Sitting
from scoring.sittings.results import sitting_document
from scoring.sittings.services import start_sitting

pytestmark = pytest.mark.django_db(transaction=True)


class Evening:
    """Steps a scorekeeper takes, each ending with a screenshot in the test's output folder."""

    def __init__(self, page: Page, base: str, shots: Path) -> None:
        self.page, self.base, self.shots, self.count = page, base, shots, 0

    def shot(self, name: str) -> None:
        self.count += 1
        self.page.screenshot(path=self.shots / f"{self.count:02d}-{name}.png", full_page=True)

    def row(self, listed: str, index: int, kind: str, **controls: str) -> None:
        prefix = "dc" if listed == "declarations" else "ev"
        self.page.select_option(f"#id_{prefix}-{index}-type", kind)
        for control, value in controls.items():
            self.page.select_option(f"#id_{prefix}-{index}-{control}", value)

    def save(self) -> None:
        self.page.get_by_role("button", name="Save the deal").click()
        expect(self.page.locator(".messages")).to_contain_text("saved")

    def sheet(self) -> tuple[list[int], dict[str, int]]:
        totals = [int(t) for t in self.page.locator("#totals td.num").all_inner_texts()]
        pots = {pot: int(self.page.inner_text(f"#pot-{pot}")) for pot in ("king", "pagat")}
        return totals, pots


def test_a_scorekeeper_scores_an_evening_on_a_phone(live_server: Any, page: Page, output_path: str) -> None:
    club = Club.objects.create(name="Tarockrunde Linz", slug="linz")
    for name in ("Anna", "Bernd", "Carla", "Dora"):
        club.players.create(display_name=name)
    kim = User.objects.create_user("kim", password="kim-scores-1754")
    Membership.objects.create(user=kim, club=club, role=Membership.Role.SCOREKEEPER)
    shots = Path(output_path)
    shots.mkdir(parents=True, exist_ok=True)
    evening = Evening(page, live_server.url, shots)

    page.goto(f"{live_server.url}/accounts/login/")
    page.get_by_label("User name").fill("kim")
    page.get_by_label("Password").fill("kim-scores-1754")
    evening.shot("login")
    page.get_by_role("button", name="Log in").last.click()
    page.get_by_role("link", name="Tarockrunde Linz").click()
    page.get_by_role("link", name="Start a sitting").click()
    evening.shot("which-game")
    page.get_by_role("link", name="Danish Tarok").click()
    for seat, name in enumerate(["Anna", "Bernd", "Carla", "Dora"], start=1):
        page.select_option(f"#id_seat_{seat}", label=name)
    evening.shot("start-danish")
    page.get_by_role("button", name="Start the sitting").click()

    # Deal 1: Anna deals, Carla (opposite) sits out; plain card points, the last one filled in.
    expect(page.locator("#id_dealer")).to_have_value("Anna")
    expect(page.locator("#id_sitting_out")).to_have_value("Carla")
    page.fill("#id_cp_0", "40")
    page.fill("#id_cp_1", "20")
    expect(page.locator("#id_cp_3")).to_have_value("18")
    expect(page.locator("#cp-sum")).to_have_text("78 / 78")
    evening.shot("deal-1")
    evening.save()
    evening.shot("after-deal-1")

    # Deal 2: Bernd wins the Pagat ultimo; Anna's card points counted with the helper.
    page.get_by_role("link", name="Enter deal 2").click()
    expect(page.locator("#id_dealer")).to_have_value("Bernd")
    page.get_by_text("Count the cards").click()
    page.select_option("#id_count_for", label="Anna")
    page.fill("#id_count_kings", "2")
    page.fill("#id_count_queens", "1")
    page.fill("#id_count_trull", "1")
    page.fill("#id_count_others", "10")
    expect(page.locator("#counted")).to_contain_text("19⅔")
    page.get_by_role("button", name="Count and fill in").click()
    expect(page.locator("#id_cp_0")).to_have_value("20")
    page.fill("#id_cp_1", "30")
    expect(page.locator("#id_cp_2")).to_have_value("28")
    evening.row("events", 0, "pagat_ultimo", who="Bernd", result="won")
    evening.shot("deal-2-counting-and-pagat-ultimo")
    evening.save()

    # Deal 3: Dora loses a King.
    page.get_by_role("link", name="Enter deal 3").click()
    page.fill("#id_cp_1", "33")
    page.fill("#id_cp_2", "20")
    page.fill("#id_cp_3", "25")
    evening.row("events", 0, "king_lost", who="Dora")
    evening.save()
    evening.shot("sheet-after-three-deals")

    sitting = Sitting.objects.get(variant="danish_tarok")
    expected = score_sitting(sitting_document(sitting))
    totals, pots = evening.sheet()
    assert totals == [*expected["totals"].values(), *expected["pots"].values()]
    assert pots == expected["pots"]
    pots_before = [d["pots"] for d in expected["deals"]]

    # Correct deal 1: Anna had lost the Pagat in the last trick; the later pots change.
    page.get_by_role("link", name="Deal 1, dealt by Anna: why").click()
    page.get_by_role("link", name="Correct deal 1").click()
    evening.row("events", 0, "pagat_ultimo", who="Anna", result="lost")
    page.fill("#id_reason", "Anna's Pagat was caught in the last trick")
    evening.shot("correct-deal-1")
    page.get_by_role("button", name="Save the correction").click()
    expect(page.locator(".messages")).to_contain_text("corrected")
    evening.shot("sheet-after-correction")
    corrected = score_sitting(sitting_document(sitting))
    assert [d["pots"] for d in corrected["deals"]] != pots_before
    totals, pots = evening.sheet()
    assert pots == corrected["pots"]
    assert totals[:4] == list(corrected["totals"].values())
    expect(page.locator("body")).to_contain_text("Anna's Pagat was caught in the last trick")

    # A Droggn deal, doubled.
    page.goto(f"{live_server.url}/clubs/linz/sittings/new/?variant=droggn")
    for seat, name in enumerate(["Anna", "Bernd", "Carla"], start=1):
        page.select_option(f"#id_seat_{seat}", label=name)
    page.get_by_role("button", name="Start the sitting").click()
    page.select_option("#id_declarer", "Bernd")
    page.get_by_label("super mord (130)").check()
    expect(page.locator("#id_ev-0-type option[value=pagat_captured]")).to_be_disabled()
    page.get_by_label("solo (40)").check()
    expect(page.locator("#id_ev-0-type option[value=gstiess_ultimo]")).to_be_disabled()
    expect(page.locator("#id_ev-0-type option[value=pagat_captured]")).to_be_enabled()
    page.fill("#id_declarer_points", "45")
    page.get_by_label("doubled (×2)").check()
    evening.shot("droggn-doubled")
    evening.save()
    droggn = Sitting.objects.get(variant="droggn")
    assert score_sitting(sitting_document(droggn))["totals"] == {"Anna": -96, "Bernd": 192, "Carla": -96}

    # A Kosakeln deal with a bonus announced before the talon.
    page.goto(f"{live_server.url}/clubs/linz/sittings/new/?variant=kosakeln")
    page.select_option("#id_seat_1", label="Carla")
    page.select_option("#id_seat_2", label="Dora")
    page.get_by_role("button", name="Start the sitting").click()
    page.select_option("#id_declarer", "Dora")
    page.get_by_label("einblatt (9)").check()
    page.fill("#id_declarer_points", "40")
    evening.row("events", 0, "pagat_ultimo", who="Dora", announced="before", result="won")
    expect(page.locator("#ev-0 [data-control=suit]")).to_have_count(0)
    expect(page.locator("#id_ev-0-announced option[value=yes]")).to_be_disabled()
    evening.shot("kosakeln-announced")
    evening.save()
    evening.shot("kosakeln-sheet")
    kosakeln = Sitting.objects.get(variant="kosakeln")
    assert score_sitting(sitting_document(kosakeln))["totals"] == {"Carla": -29, "Dora": 29}


def test_the_pages_counting_script_counts_as_the_engine(live_server: Any, page: Page) -> None:
    page.set_content(f'<script src="{live_server.url}/static/tarokclub/deal.js"></script>')
    names = ["kings", "queens", "cavaliers", "jacks", "trull"]
    piles = [
        dict(zip(names, counts, strict=True))
        for counts in itertools.product(range(5), range(5), range(0, 5, 2), range(0, 5, 3), range(4))
    ]
    for pile in piles:
        pile["others"] = sum(pile.values()) % 7
    counted = page.evaluate("piles => piles.map(p => window.tarokclub.countPile(p))", piles)
    for pile, script in zip(piles, counted, strict=True):
        engine = count_pile(**pile)
        assert (script["thirds"], script["points"], script["text"]) == (engine.thirds, engine.points, str(engine)), pile


def test_a_solo_valat_offers_only_the_events_it_admits(live_server: Any, page: Page) -> None:
    club = Club.objects.create(name="Dreier", slug="dreier")
    players = [club.players.create(display_name=name) for name in ("Anna", "Bernd", "Carla")]
    kim = User.objects.create_user("kim", password="kim-scores-1754")
    Membership.objects.create(user=kim, club=club, role=Membership.Role.SCOREKEEPER)
    sitting = start_sitting(club, "dreiertarock", players, user=kim)
    page.goto(f"{live_server.url}/accounts/login/?next=/clubs/dreier/sittings/{sitting.pk}/deals/new/")
    page.get_by_label("User name").fill("kim")
    page.get_by_label("Password").fill("kim-scores-1754")
    page.get_by_role("button", name="Log in").last.click()
    events = page.locator("fieldset[data-list=events]")
    expect(events).to_be_visible()
    page.get_by_label("solo valat (960)").check()
    expect(events).to_be_visible()  # a penalty is allowed in every contract, and nothing else there
    offered = page.locator("#id_ev-0-type option:not([hidden]):not([disabled])")
    expect(offered).to_have_count(2)  # "—" and "penalty"
    page.get_by_label("dreier (50)").check()
    expect(events).to_be_visible()
    page.select_option("#id_ev-0-type", "king_trull")
    expect(page.locator("#id_ev-0-result option[value=lost]")).to_be_disabled()
