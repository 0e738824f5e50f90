"""Seasons and their ranking rules: the calendar year by default, seasons an admin defines (they
may overlap), the season that contains today, and rules that stay with their season."""

from __future__ import annotations

import datetime
import re

import pytest
from django.test import Client

from scoring.club.models import LedgerSettings, Membership
from scoring.ledger.models import RankingRule, Season
from scoring.ledger.ranking import FIELD, Mode
from scoring.ledger.results import Seasons, calendar_year, period_of, ranking_rule
from scoring.ledger.services import add_season, save_rule

from ..factories import make_club, make_member, make_sitting
from .stored import golden, store_golden

pytestmark = pytest.mark.django_db

DAY = datetime.date(2026, 11, 30)


def season(club: object, name: str, start: str, end: str) -> Season:
    first, last = datetime.date.fromisoformat(start), datetime.date.fromisoformat(end)
    made = add_season(club, name=name, start=first, end=last)  # type: ignore[arg-type]
    assert made.result is not None
    return made.result


def test_without_seasons_the_calendar_year_is_the_season() -> None:
    club = make_club()
    assert Seasons(club).current(DAY) == calendar_year(2026)
    assert calendar_year(2026).as_json() == {"name": "2026", "start": "2026-01-01", "end": "2026-12-31"}


def test_of_overlapping_seasons_the_one_that_started_latest_contains_today() -> None:
    club = make_club()
    season(club, "Year 2026/27", "2026-07-01", "2027-06-30")
    winter = season(club, "Winter", "2026-10-01", "2027-03-31")
    season(club, "Spring", "2027-04-01", "2027-06-30")
    season(club, "November cup", "2026-11-01", "2026-11-29")
    assert Seasons(club).current(DAY) == period_of(winter)
    assert Seasons(club).current(datetime.date(2026, 11, 15)).name == "November cup"
    assert Seasons(club).current(datetime.date(2026, 3, 1)) == calendar_year(2026)
    same_day = season(club, "Winter league", "2026-10-01", "2026-12-31")
    assert Seasons(club).current(DAY) == period_of(same_day), "of two started the same day, the one made last"


def test_an_address_names_a_season_of_this_club_or_a_year() -> None:
    club, other = make_club(), make_club("other")
    mine, theirs = (
        season(club, "Winter", "2026-10-01", "2027-03-31"),
        season(other, "Winter", "2026-10-01", "2027-03-31"),
    )
    seasons = Seasons(club)
    assert seasons.chosen(mine.pk, None, DAY) == period_of(mine)
    assert seasons.chosen(theirs.pk, None, DAY) is None
    assert seasons.chosen(None, 1999, DAY) == calendar_year(1999)
    assert seasons.chosen(None, 10_000, DAY) is None


def test_a_years_rule_is_followed_by_later_years_and_never_changes_an_earlier_one() -> None:
    club = make_club()
    save_rule(club, "droggn", calendar_year(2025), mode=Mode("per_deal"))
    save_rule(club, "droggn", calendar_year(2027), mode=Mode("best_n", best=3))

    def mode(year: int) -> str:
        rule = ranking_rule(club, "droggn", calendar_year(year))
        return rule.mode if rule else "default"

    assert [mode(year) for year in (2024, 2025, 2026, 2027, 2030)] == [
        "default",
        "per_deal",
        "per_deal",
        "best_n",
        "best_n",
    ]
    assert ranking_rule(club, "kosakeln", calendar_year(2026)) is None, "each game has its own rule"


def test_a_new_season_keeps_a_copy_of_the_rule_in_force_when_it_was_made() -> None:
    club = make_club()
    save_rule(club, "droggn", calendar_year(2026), mode=Mode("scaled", list_length=48, minimum_attendance=3))
    winter = season(club, "Winter", "2026-10-01", "2027-03-31")
    save_rule(club, "droggn", calendar_year(2026), mode=Mode("total"))
    rule = ranking_rule(club, "droggn", period_of(winter))
    assert rule is not None and rule.season == winter
    assert rule.as_mode() == Mode("scaled", list_length=48, minimum_attendance=3)
    save_rule(club, "droggn", period_of(winter), mode=Mode("cup", cup_table=FIELD))
    assert ranking_rule(club, "droggn", calendar_year(2026)).as_mode() == Mode("total")  # type: ignore[union-attr]
    assert ranking_rule(club, "droggn", period_of(winter)).as_mode() == Mode("cup", cup_table=FIELD)  # type: ignore[union-attr]


def test_last_years_table_does_not_change_when_the_rule_changes_for_this_year(client: Client) -> None:
    club = make_club(public=True)
    store_golden(club, golden("per_deal"))
    save_rule(club, "grosstarock", calendar_year(2026), mode=Mode("per_deal"))
    url = f"/clubs/{club.slug}/ledger.json?variant=grosstarock&year=2026"
    before = client.get(url).json()
    save_rule(club, "grosstarock", calendar_year(2027), mode=Mode("total", minimum_attendance=5))
    assert client.get(url).json() == before


# --- the admins' pages ------------------------------------------------------------------------


@pytest.fixture
def admin(client: Client) -> Client:
    client.force_login(make_member(make_club("stammtisch"), "ada", Membership.Role.ADMIN))
    return client


def test_an_admin_defines_edits_and_removes_a_season(admin: Client) -> None:
    url = "/clubs/stammtisch/ledger/seasons/"
    form = {"name": "  Winter   2026/27 ", "start": "2026-10-01", "end": "2027-03-31", "key": "k1"}
    response = admin.post(url, form, follow=True)
    assert "The season Winter 2026/27 is defined." in response.content.decode()
    winter = Season.objects.get()
    assert (winter.name, winter.start, winter.end) == (
        "Winter 2026/27",
        datetime.date(2026, 10, 1),
        datetime.date(2027, 3, 31),
    )
    again = admin.post(url, form, follow=True)
    assert "was already defined" in again.content.decode() and Season.objects.count() == 1, "sent twice, made once"

    twin = admin.post(url, {**form, "key": "k2"})
    assert "already has a season called Winter 2026/27" in twin.content.decode()
    backwards = admin.post(url, {**form, "name": "Back", "start": "2027-01-01", "end": "2026-01-01", "key": "k3"})
    assert "A season ends on or after its first day." in backwards.content.decode()
    assert Season.objects.count() == 1

    edit = admin.post(f"{url}{winter.pk}/", {"name": "Winter", "start": "2026-09-01", "end": "2027-03-31", "key": "k4"})
    assert edit.status_code == 302
    assert Season.objects.get().start == datetime.date(2026, 9, 1)
    admin.post(f"{url}{winter.pk}/remove/", {"key": "k5"})
    gone = admin.post(f"{url}{winter.pk}/remove/", {"key": "k5"}, follow=True)
    assert "This season was already removed." in gone.content.decode()
    assert not Season.objects.exists()


def test_an_admin_sets_a_seasons_ranking_rule_with_every_setting(admin: Client) -> None:
    url = "/clubs/stammtisch/ledger/rule/?variant=droggn&year=2026"
    form = {
        "mode": "cup",
        "best": "4",
        "cup_table": "30; 20 10 5",
        "minimum_attendance": "2",
        "fill_missing": "on",
        "with_tournaments": "on",
        "key": "r1",
    }
    response = admin.post(url, form)
    assert response.status_code == 302
    assert response["Location"] == "/clubs/stammtisch/ledger/?year=2026&variant=droggn"
    rule = RankingRule.objects.get()
    assert (rule.year, rule.season, rule.variant, rule.with_tournaments) == (2026, None, "droggn", True)
    assert rule.as_mode() == Mode("cup", best=4, cup_table=(30, 20, 10, 5), minimum_attendance=2, fill_missing=True)
    page = admin.get(url).content.decode()
    assert 'value="30, 20, 10, 5"' in page

    admin.post(url, {**form, "cup_by_field": "on", "key": "r2"})
    assert RankingRule.objects.get().as_mode().cup_table == FIELD


@pytest.mark.parametrize(
    ("form", "field", "message"),
    [
        ({"mode": "scaled"}, "list_length", "Scaled needs a list length."),
        ({"mode": "best_n"}, "best", "Best sittings needs the number of sittings that count."),
        ({"mode": "cup", "cup_table": "10, 20"}, "cup_table", "A better place cannot earn fewer cup points"),
        ({"mode": "cup", "cup_table": "ten"}, "cup_table", "Write whole numbers separated by commas"),
        ({"mode": "total", "minimum_attendance": "-1"}, "minimum_attendance", "greater than or equal to 0"),
        ({"mode": "chess"}, "mode", "Select a valid choice"),
    ],
)
def test_a_rule_that_makes_no_table_is_refused_with_the_setting_named(
    admin: Client, form: dict[str, str], field: str, message: str
) -> None:
    response = admin.post("/clubs/stammtisch/ledger/rule/?variant=droggn", {"minimum_attendance": "0", **form})
    assert response.status_code == 200
    page = response.content.decode()
    assert message in page
    assert re.search(rf'{message[:20]}.*?id="id_{field}"', page, re.S) or field == "mode"
    assert not RankingRule.objects.exists()


def test_new_sittings_take_the_fee_and_pot_rule_the_admin_saves(admin: Client) -> None:
    response = admin.post(
        "/clubs/stammtisch/ledger/settings/", {"currency": "DKK", "sheet_fee_cents": "100", "share_pots": "on"}
    )
    assert response.status_code == 302
    settings = LedgerSettings.objects.get()
    assert (settings.currency, settings.sheet_fee_cents, settings.share_pots) == ("DKK", 100, True)
    sitting = make_sitting(settings.club, "danish_tarok", "Anna", "Bernd", "Carla")
    assert (sitting.sheet_fee_cents, sitting.share_pots) == (100, True)
    refused = admin.post("/clubs/stammtisch/ledger/settings/", {"currency": "XYZ", "sheet_fee_cents": "100001"})
    assert refused.status_code == 200
    assert LedgerSettings.objects.get().currency == "DKK"
