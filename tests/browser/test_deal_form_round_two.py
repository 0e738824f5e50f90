"""The deal form's script, round two, on a phone: a penalty row shows its points (and in Danish
its pot) and offers only players; "thrown in" hides what a deal not played has not; a Solo Valat
still takes a fine."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import Page, expect

from scoring.club.models import Club, Membership
from scoring.sittings.models import Sitting
from scoring.sittings.results import sitting_document
from scoring.sittings.services import start_sitting

pytestmark = pytest.mark.django_db(transaction=True)


def open_deal_form(page: Page, base: str, variant: str, *names: str) -> Sitting:
    """Kim, a scorekeeper, signed in on the form of the first deal of a new sitting."""
    club = Club.objects.create(name="Stammtisch", slug="stammtisch")
    players = [club.players.create(display_name=name) for name in names]
    kim = User.objects.create_user("kim", password="kim-scores-1754")
    Membership.objects.create(user=kim, club=club, role=Membership.Role.SCOREKEEPER)
    sitting = start_sitting(club, variant, players, user=kim)
    page.goto(f"{base}/accounts/login/?next=/clubs/stammtisch/sittings/{sitting.pk}/deals/new/")
    page.get_by_label("User name").fill("kim")
    page.get_by_label("Password").fill("kim-scores-1754")
    page.get_by_role("button", name="Log in").last.click()
    return sitting


def test_a_penalty_row_shows_its_points_and_pot_and_a_thrown_in_deal_only_its_dealer(
    live_server: Any, page: Page
) -> None:
    sitting = open_deal_form(page, live_server.url, "danish_tarok", "Anna", "Bernd", "Carla")
    points, into = page.locator("#ev-0 [data-control=points]"), page.locator("#ev-0 [data-control=to]")
    page.select_option("#id_ev-0-type", "pagat_ultimo")
    expect(points).to_be_hidden()
    expect(into).to_be_hidden()
    page.select_option("#id_ev-0-type", "penalty")
    expect(points).to_be_visible()
    expect(into).to_be_visible()
    expect(page.locator("#ev-0 [data-control=result]")).to_be_hidden()

    page.fill("#id_cp_0", "40")
    page.get_by_label("Thrown in: dealt but not played (misdeal, redeal, all passed)").check()
    for hidden in ("#points-card_points", "#list-declarations", "#counting"):
        expect(page.locator(hidden)).to_be_hidden()
    expect(page.locator("#id_dealer")).to_be_visible()
    expect(page.locator("#id_ev-0-type")).to_have_value("penalty")
    expect(page.locator("#id_ev-1-type option[value=pagat_ultimo]")).to_be_disabled()
    page.select_option("#id_ev-0-who", "Anna")
    page.fill("#id_ev-0-points", "5")
    page.select_option("#id_ev-0-to", "king")
    page.get_by_role("button", name="Save the deal").click()
    expect(page.locator(".messages")).to_contain_text("saved")
    assert sitting_document(sitting)["deals"] == [
        {
            "dealer": "Anna",
            "thrown_in": True,
            "events": [{"type": "penalty", "player": "Anna", "points": 5, "to": "king"}],
        }
    ]


def test_where_bonuses_are_a_sides_a_penalty_offers_players_and_a_solo_valat_takes_one(
    live_server: Any, page: Page, output_path: str
) -> None:
    shots = Path(output_path)
    shots.mkdir(parents=True, exist_ok=True)
    open_deal_form(page, live_server.url, "dreiertarock", "Anna", "Bernd", "Carla")
    page.select_option("#id_ev-0-type", "pagat_ultimo")
    expect(page.locator("#id_ev-0-who option[value=declarer]")).to_be_enabled()
    expect(page.locator("#id_ev-0-who option[value=Anna]")).to_be_disabled()
    page.select_option("#id_ev-0-type", "penalty")
    expect(page.locator("#id_ev-0-who option[value=declarer]")).to_be_disabled()
    expect(page.locator("#id_ev-0-who option[value=Anna]")).to_be_enabled()
    expect(page.locator("#id_ev-0-who optgroup[label=Side]")).to_be_disabled()
    expect(page.locator("#ev-0 [data-control=points]")).to_be_visible()
    expect(page.locator("#ev-0 [data-control=to]")).to_have_count(0)

    page.get_by_label("solo valat (960)").check()
    expect(page.locator("fieldset[data-list=events]")).to_be_visible()
    expect(page.locator("#id_ev-0-type")).to_have_value("penalty")
    expect(page.locator("#id_ev-1-type option[value=uhu]")).to_be_disabled()
    page.get_by_label("Rekontra (×4)").check()
    expect(page.get_by_role("group", name="Kontra")).to_be_visible()
    page.screenshot(path=str(shots / "dreiertarock-penalty-kontra.png"), full_page=True)
