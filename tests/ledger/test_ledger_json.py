"""``/clubs/SLUG/ledger.json``: the season table with each player's money and who pays whom,
exactly as issue 12 shows it."""

from __future__ import annotations

import datetime
from decimal import Decimal
from typing import Any

import pytest
from django.test import Client
from django.utils import timezone

from scoring.club.models import Tariff
from scoring.ledger.services import add_season
from scoring.sittings.services import close_sitting, import_sitting

from ..factories import golden, make_club
from .stored import golden as golden_season
from .stored import store_golden, store_sitting

pytestmark = pytest.mark.django_db


def test_it_writes_the_document_exactly_as_the_issue_shows(client: Client) -> None:
    club = make_club(public=True)
    store_golden(club, golden_season("total"))
    response = client.get(f"/clubs/{club.slug}/ledger.json?variant=grosstarock&year=2026")
    assert response["Content-Type"] == "application/json"
    # 10 ct a game point: Emil owes most (12.00) and pays the first of the two owed most (Anna,
    # by name), Cleo pays Bert, then both pay what they still owe to Dora.
    assert response.json() == {
        "season": {"name": "2026", "start": "2026-01-01", "end": "2026-12-31"},
        "variant": "grosstarock",
        "mode": "total",
        "players": [
            {"rank": 1, "player": "Anna", "sittings": 2, "deals": 72, "points": 90, "figure": 90, "balance_cents": 900},
            {"rank": 1, "player": "Bert", "sittings": 1, "deals": 24, "points": 90, "figure": 90, "balance_cents": 900},
            {"rank": 3, "player": "Dora", "sittings": 2, "deals": 84, "points": 40, "figure": 40, "balance_cents": 400},
            {
                "rank": 4,
                "player": "Cleo",
                "sittings": 3,
                "deals": 108,
                "points": -100,
                "figure": -100,
                "balance_cents": -1000,
            },
            {
                "rank": 5,
                "player": "Emil",
                "sittings": 1,
                "deals": 36,
                "points": -120,
                "figure": -120,
                "balance_cents": -1200,
            },
        ],
        "kasse_cents": 0,
        "transfers": [
            {"from": "Emil", "to": "Anna", "cents": 900},
            {"from": "Cleo", "to": "Bert", "cents": 900},
            {"from": "Emil", "to": "Dora", "cents": 300},
            {"from": "Cleo", "to": "Dora", "cents": 100},
        ],
    }


def test_a_figure_per_deal_is_a_json_number_with_two_decimals(client: Client) -> None:
    club = make_club(public=True)
    store_sitting(club, "grosstarock", "2026-03-06", 3, {"Anna": (10, 3), "Bert": (-10, 3)})
    from scoring.ledger.ranking import Mode
    from scoring.ledger.results import calendar_year
    from scoring.ledger.services import save_rule

    save_rule(club, "grosstarock", calendar_year(2026), mode=Mode("per_deal"))
    text = client.get(f"/clubs/{club.slug}/ledger.json?variant=grosstarock&year=2026").content.decode()
    assert '"figure": 3.33' in text and '"figure": -3.33' in text


def check_money(document: dict[str, Any]) -> None:
    """Σ balances + Kasse = 0, and the transfers settle every party, the Kasse among them."""
    balances = {player["player"]: player["balance_cents"] for player in document["players"]}
    assert sum(balances.values()) + document["kasse_cents"] == 0
    settled = dict.fromkeys([*balances, "Kasse"], 0)
    for transfer in document["transfers"]:
        assert transfer["cents"] > 0
        settled[transfer["from"]] -= transfer["cents"]
        settled[transfer["to"]] += transfer["cents"]
    assert settled == {**balances, "Kasse": document["kasse_cents"]}
    parties = sum(1 for cents in settled.values() if cents)
    assert len(document["transfers"]) <= max(0, parties - 1)


def test_the_kasse_receives_what_the_danish_pots_hold_at_a_fractional_tariff(client: Client) -> None:
    club = make_club(public=True)
    Tariff.objects.create(club=club, variant="danish_tarok", cents_per_point=Decimal("0.25"))
    doc = golden("danish_tarok", "three-deals-pots")
    sitting = import_sitting(club, doc, user=None)
    document = client.get(f"/clubs/{club.slug}/ledger.json?variant=danish_tarok&year={sitting.date.year}").json()
    assert document["kasse_cents"] > 0
    assert any(transfer["to"] == "Kasse" for transfer in document["transfers"])
    check_money(document)


def test_without_a_season_it_answers_for_the_season_that_contains_today(client: Client) -> None:
    club = make_club(public=True)
    today = timezone.localdate()
    store_sitting(club, "droggn", today, 2, {"Anna": (5, 2), "Bert": (-5, 2)})
    store_sitting(club, "droggn", today.replace(year=today.year - 1), 2, {"Anna": (7, 2), "Bert": (-7, 2)})
    document = client.get(f"/clubs/{club.slug}/ledger.json?variant=droggn").json()
    assert document["season"] == {
        "name": str(today.year),
        "start": f"{today.year}-01-01",
        "end": f"{today.year}-12-31",
    }
    assert [p["points"] for p in document["players"]] == [5, -5]

    season = add_season(club, name="Now", start=today - datetime.timedelta(days=3), end=today).result
    assert season is not None
    document = client.get(f"/clubs/{club.slug}/ledger.json?variant=droggn").json()
    assert document["season"] == {"name": "Now", "start": season.start.isoformat(), "end": today.isoformat()}
    named = client.get(f"/clubs/{club.slug}/ledger.json?variant=droggn&season={season.pk}").json()
    assert named == document
    past = client.get(f"/clubs/{club.slug}/ledger.json?variant=droggn&year={today.year - 1}").json()
    assert [p["points"] for p in past["players"]] == [7, -7]


def test_an_open_sitting_counts_and_closing_it_changes_nothing_but_the_mark(client: Client) -> None:
    club = make_club(public=True)
    sitting = import_sitting(club, golden("kosakeln", "solo-silent-valat"), user=None)
    url = f"/clubs/{club.slug}/ledger.json?variant=kosakeln&year={sitting.date.year}"
    before = client.get(url).json()
    page = client.get(url.replace("ledger.json", "ledger/")).content.decode()
    assert "provisional" in page
    close_sitting(sitting, user=None)
    assert client.get(url).json() == before
    assert "provisional" not in client.get(url.replace("ledger.json", "ledger/")).content.decode()
