"""The sitting sheet with the ledger's parts: the chart of the running totals, and once the
sitting is closed, each player's balance, the Kasse and who pays whom."""

from __future__ import annotations

import re
from decimal import Decimal

import pytest
from django.test import Client
from django.utils import translation

from scoring.club.models import LedgerSettings, Membership, Tariff
from scoring.sittings.services import close_sitting, import_sitting

from ..factories import golden, make_club, make_member
from .test_money_pages import balances_of

pytestmark = pytest.mark.django_db


def test_the_sitting_sheet_shows_the_money_only_once_the_sitting_is_closed(client: Client) -> None:
    club = make_club()
    client.force_login(make_member(club, "vera", Membership.Role.VIEWER))
    Tariff.objects.create(club=club, variant="danish_tarok", cents_per_point=Decimal("0.5"))
    LedgerSettings.objects.create(club=club, sheet_fee_cents=50)
    sitting = import_sitting(club, golden("danish_tarok", "three-deals-pots"), user=None)
    url = f"/clubs/{club.slug}/sittings/{sitting.pk}/"
    page = client.get(url).content.decode()
    assert 'id="money"' not in page and "Who pays whom" not in page
    assert 'id="running-chart"' in page, "the chart of the running totals is there while the sitting runs"

    close_sitting(sitting, user=None)
    with translation.override("en"):
        page = client.get(url).content.decode()
    assert 'id="money"' in page
    assert "At 0.50 cents per game point." in page
    assert "Sheet fee €0.50 per player, to the Kasse." in page
    assert "What the pots held at the end goes to the Kasse." in page
    shown = balances_of(page)
    assert set(shown) == {"Anna", "Bernd", "Carla", "Kasse"}
    cents = {name: round(Decimal(text.replace("€", "")) * 100) for name, text in shown.items()}
    assert sum(cents.values()) == 0
    assert cents["Kasse"] >= 150, "three sheet fees and the pots"
    transfers = re.findall(
        r'<li class="transfer"><span class="name">([^<]+)</span> pays <span class="name">([^<]+)', page
    )
    assert 1 <= len(transfers) <= 3
    assert "Kasse" in {payee for _payer, payee in transfers}


def test_the_sitting_sheet_shares_the_pots_when_the_sitting_was_started_so(client: Client) -> None:
    club = make_club(public=True)
    LedgerSettings.objects.create(club=club, share_pots=True)
    sitting = import_sitting(club, golden("danish_tarok", "three-deals-pots"), user=None)
    LedgerSettings.objects.filter(club=club).update(share_pots=False)
    close_sitting(sitting, user=None)
    page = client.get(f"/clubs/{club.slug}/sittings/{sitting.pk}/").content.decode()
    assert "What the pots held at the end is shared among the players." in page
    assert 'class="kasse"' not in page, "the Kasse gets nothing: no fee, and the pots are shared"


def test_the_sitting_sheet_draws_the_running_totals(client: Client) -> None:
    club = make_club(public=True)
    doc = golden("danish_tarok", "three-deals-pots")
    sitting = import_sitting(club, doc, user=None)
    page = client.get(f"/clubs/{club.slug}/sittings/{sitting.pk}/").content.decode()
    chart = re.findall(
        r'<section class="print-block chart-block sitting-chart" id="running-chart">.*?</section>', page, re.S
    )
    assert len(chart) == 1
    lines = re.findall(r'<polyline class="line" points="([^"]+)"/>', chart[0])
    assert len(lines) == len(doc["players"])
    assert all(len(points.split()) == len(doc["deals"]) + 1 for points in lines), "the start and each deal"
