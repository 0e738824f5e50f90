"""Money as the pages show it: two decimals and the club's currency in the page's language, and
the season's money page, of every game and of one."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.utils import translation

from scoring.club.models import LedgerSettings
from scoring.ledger.amounts import money_text

from ..factories import make_club
from .stored import store_sitting

pytestmark = pytest.mark.django_db
NBSP = "\N{NO-BREAK SPACE}"


@pytest.mark.parametrize(
    ("cents", "currency", "english", "german"),
    [
        (1240, "EUR", "€12.40", f"12,40{NBSP}€"),
        (-1240, "EUR", "-€12.40", f"-12,40{NBSP}€"),
        (5, "EUR", "€0.05", f"0,05{NBSP}€"),
        (0, "EUR", "€0.00", f"0,00{NBSP}€"),
        (123450, "EUR", "€1,234.50", f"1.234,50{NBSP}€"),
        (-100000000, "EUR", "-€1,000,000.00", f"-1.000.000,00{NBSP}€"),
        (1240, "CHF", f"CHF{NBSP}12.40", f"12,40{NBSP}CHF"),
        (1240, "DKK", f"kr.{NBSP}12.40", f"12,40{NBSP}kr."),
    ],
)
def test_it_writes_money_as_each_language_does(cents: int, currency: str, english: str, german: str) -> None:
    with translation.override("en"):
        assert money_text(cents, currency) == english
    with translation.override("de"):
        assert money_text(cents, currency) == german


def test_the_money_page_shows_each_balance_in_the_pages_language(client: Client) -> None:
    club = make_club(public=True)
    store_sitting(club, "droggn", "2026-04-03", 10, {"Anna": (124, 10), "Bert": (-124, 10)})
    url = f"/clubs/{club.slug}/ledger/money/?year=2026"
    english = client.get(url, headers={"accept-language": "en"}).content.decode()
    german = client.get(url, headers={"accept-language": "de"}).content.decode()
    assert "€12.40" in english and "-€12.40" in english
    assert f"12,40{NBSP}€" in german and f"-12,40{NBSP}€" in german
    assert 'Bert</span> pays <span class="name">Anna</span> <strong class="amount">€12.40</strong>' in english


def balances_of(page: str) -> dict[str, str]:
    return dict(
        re.findall(r'<tr (?:class="kasse" )?data-party="([^"]+)">.*?<td class="num[^"]*">([^<]*)</td></tr>', page)
    )


def test_the_money_page_sums_every_game_and_each_game_alone(client: Client) -> None:
    club = make_club(public=True)
    LedgerSettings.objects.create(club=club, currency="CHF")
    store_sitting(club, "droggn", "2026-04-03", 10, {"Anna": (124, 10), "Bert": (-124, 10)})
    store_sitting(club, "kosakeln", "2026-04-10", 10, {"Anna": (-24, 10), "Cleo": (24, 10)})
    every = client.get(f"/clubs/{club.slug}/ledger/money/?year=2026").content.decode()
    assert balances_of(every) == {
        "Anna": f"CHF{NBSP}10.00",
        "Cleo": f"CHF{NBSP}2.40",
        "Bert": f"-CHF{NBSP}12.40",
        "Kasse": f"CHF{NBSP}0.00",
    }
    one = client.get(f"/clubs/{club.slug}/ledger/money/?year=2026&variant=kosakeln").content.decode()
    assert balances_of(one) == {"Cleo": f"CHF{NBSP}2.40", "Anna": f"-CHF{NBSP}2.40", "Kasse": f"CHF{NBSP}0.00"}
