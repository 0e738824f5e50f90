"""A player's statistics and the ledger's charts: SVG drawn on the server with the numbers in a
table beside them, no script and no style attribute."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.test import Client
from django.utils import translation

from scoring.club.models import Club, Player
from scoring.engine import score_sitting
from scoring.sittings.services import import_sitting

from ..factories import make_club
from .stored import golden, store_golden

pytestmark = pytest.mark.django_db

KOSAKELN = {
    "variant": "kosakeln",
    "players": ["Anna", "Bernd"],
    "date": "2026-02-13",
    "options": {},
    "deals": [
        {
            "dealer": "Bernd",
            "declarer": "Anna",
            "contract": "solo",
            "declarer_points": 66,
            "events": [{"type": "valat", "player": "Anna", "announced": False}],
        },
        {
            "dealer": "Anna",
            "declarer": "Anna",
            "contract": "einblatt",
            "declarer_points": 40,
            "events": [{"type": "pagat_ultimo", "player": "Anna", "announced": "after", "result": "won"}],
        },
        {"dealer": "Bernd", "declarer": "Anna", "contract": "zweiblatt", "declarer_points": 35},
        {
            "dealer": "Anna",
            "declarer": "Bernd",
            "contract": "dreiblatt",
            "declarer_points": 40,
            "events": [{"type": "trull", "player": "Anna"}],
        },
    ],
}


def stat(page: str, name: str) -> str:
    found = re.search(rf'id="stat-{name}">(.*?)</td>', page, re.S)
    assert found is not None, name
    return re.sub(r"<[^>]+>", "", found.group(1)).strip()


def test_a_players_page_counts_his_declarer_games_contracts_and_bonuses(client: Client) -> None:
    club = make_club(public=True)
    import_sitting(club, KOSAKELN, user=None)
    scored: dict[str, Any] = score_sitting(KOSAKELN)
    anna = Player.objects.get(display_name="Anna")
    with translation.override("en"):
        page = client.get(f"/clubs/{club.slug}/ledger/players/{anna.pk}/?variant=kosakeln&year=2026").content.decode()
    points = scored["totals"]["Anna"]
    assert [score["Anna"] for score in (deal["scores"] for deal in scored["deals"])][:3] == [48, 19, -6]
    assert stat(page, "sittings") == "1"
    assert stat(page, "deals") == "4"
    assert stat(page, "points") == f"{points:,}"
    assert stat(page, "per-deal") == f"{points / 4:,.2f}"
    assert stat(page, "declarer") == "3 · 66.7 % won"
    assert stat(page, "balance") == f"€{points / 10:,.2f}" if points >= 0 else f"-€{-points / 10:,.2f}"
    contracts = re.findall(r'<section class="print-block" id="contracts">.*?</section>', page, re.S)[0]
    assert re.findall(r"<tr><td>([^<]+)</td><td class=\"num\">(\d+)</td><td class=\"num\">(\d+)</td>", contracts) == [
        ("Solo", "1", "1"),
        ("Einblatt", "1", "1"),
        ("Zweiblatt", "1", "0"),
    ]
    bonuses = re.findall(r'<section class="print-block" id="bonuses">.*?</section>', page, re.S)[0]
    assert re.findall(r"<tr><td>([^<]+)</td><td class=\"num\">(\d+)</td><td class=\"num\">(\d+)</td>", bonuses) == [
        ("valat", "1", "0"),
        ("Pagat ultimo", "1", "0"),
        ("Trull", "1", "0"),
    ], "a silent valat and a Trull held are won without a result written: their only result"


def test_a_players_page_names_his_best_and_worst_sitting_and_his_deals_sat_out(client: Client) -> None:
    club = make_club(public=True)
    store_golden(club, golden("best_n"))
    cleo = Player.objects.get(display_name="Cleo")
    with translation.override("en"):
        page = client.get(f"/clubs/{club.slug}/ledger/players/{cleo.pk}/?variant=droggn&year=2026").content.decode()
    assert stat(page, "sittings") == "3"
    assert stat(page, "points") == "-110"
    assert stat(page, "per-deal") == "-1.83"
    assert stat(page, "best").endswith(": -10")
    assert stat(page, "worst").endswith(": -70")
    assert 'id="stat-declarer"' in page, "Droggn is a declarer game"
    table = re.findall(
        r'<td class="num">(\d+)</td><td class="num">(-?[\d,.]+)</td><td class="num">(-?[\d,.]+)</td>', page
    )
    assert table == [("20", "-30", "-30"), ("20", "-70", "-100"), ("20", "-10", "-110")], "deals, points and total"


def test_a_player_of_another_club_is_a_404(client: Client) -> None:
    club, other = make_club(public=True), make_club("other", public=True)
    stranger = Player.objects.create(club=other, display_name="Zoe")
    assert client.get(f"/clubs/{club.slug}/ledger/players/{stranger.pk}/").status_code == 404


def charts_page(client: Client, club: Club, variant: str) -> str:
    return client.get(f"/clubs/{club.slug}/ledger/charts/?variant={variant}&year=2026").content.decode()


def test_the_season_charts_draw_the_leaders_totals_and_the_attendance_with_their_numbers(client: Client) -> None:
    club = make_club(public=True)
    store_golden(club, golden("total"))
    page = charts_page(client, club, "grosstarock")
    assert page.count('<svg class="chart"') == 2
    assert page.count('<polyline class="line"') == 5, "a line per player of the table"
    assert page.count('<rect class="bar"') == 3, "a bar per date"
    assert "style=" not in page
    every_page = ("outbox", "asking.js")  # the site's own scripts and their words, on every page
    scripts = [tag for tag in re.findall(r"<script[^>]*>", page) if not any(name in tag for name in every_page)]
    assert scripts == [], "drawn without a script"
    # the numbers beside: each leader's total after each date, and the players per date
    assert re.findall(r'<th class="num s\d"><span class="swatch"></span>(\w+)</th>', page) == [
        "Anna",
        "Bert",
        "Dora",
        "Cleo",
        "Emil",
    ]
    rows = re.findall(r"<tr><td>([^<]+)</td>((?:<td class=\"num\">[^<]*</td>)+)</tr>", page)
    totals = [re.findall(r'<td class="num">([^<]*)</td>', cells) for _date, cells in rows]
    assert totals[:3] == [
        ["120", "0", "-60", "-60", "0"],
        ["90", "90", "-60", "-120", "0"],
        ["90", "90", "40", "-100", "-120"],
    ]
    assert totals[3:] == [["3"], ["3"], ["3"]]


def test_a_season_chart_of_one_date_draws_each_player_as_a_point_with_his_value(client: Client) -> None:
    club = make_club(public=True)
    from .stored import store_sitting

    store_sitting(club, "droggn", "2026-01-09", 3, {"Anna": (12, 3), "Bob": (-4, 3), "Cleo": (-8, 3)})
    page = charts_page(client, club, "droggn")
    totals = re.search(r'id="totals-chart".*?(<svg.*?</svg>)', page, re.S)
    assert totals is not None
    chart = totals.group(1)

    assert chart.count('<circle class="point"') == 3, "a point per player where no line can be drawn"
    assert re.findall(r'<text class="value"[^>]*>([^<]+)</text>', chart) == ["12", "-4", "-8"]
    assert re.findall(r'<text class="name"[^>]*>([^<]+)</text>', chart) == ["Anna", "Bob", "Cleo"]
    assert "style=" not in page


def test_a_chart_escapes_what_a_player_is_called(client: Client) -> None:
    club = make_club(public=True)
    from .stored import store_sitting

    store_sitting(club, "droggn", "2026-01-09", 3, {'<b onclick="x">Eve</b>': (5, 3), "Bob": (-5, 3)})
    page = charts_page(client, club, "droggn")
    assert "<b onclick" not in page
    assert "&lt;b onclick=&quot;x&quot;&gt;Eve&lt;/b&gt;" in page
