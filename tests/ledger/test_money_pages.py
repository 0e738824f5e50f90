"""Money as the pages show it: two decimals and the club's currency in the page's language, and
the season's money page, of every game and of one."""

from __future__ import annotations

import datetime
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


def listed_sittings(page: str) -> list[str]:
    """The dates of the sittings the page's "Each sitting" list shows, in its order."""
    section = page.split('id="sittings"', 1)[1]
    return re.findall(r'<tr>\s*<td><a href="/clubs/[^"]+/sittings/\d+/">([^<]+)</a>', section)


def test_a_season_of_many_sittings_lists_them_a_page_at_a_time_the_newest_first_shown(client: Client) -> None:
    """A club that meets every evening: its balances sum the whole season, but the list of
    sittings shows 50 at once, the newest page when the page opens, and links to every page by
    the dates of its first and last sitting."""
    club = make_club(public=True)
    first = datetime.date(2026, 1, 1)
    for day in range(55):
        store_sitting(club, "droggn", first + datetime.timedelta(days=day), 1, {"Anna": (1, 1), "Bert": (-1, 1)})
    url = f"/clubs/{club.slug}/ledger/money/?year=2026&variant=droggn"
    opened = client.get(url, headers={"accept-language": "en"}).content.decode()
    assert balances_of(opened)["Anna"] == "€5.50"  # 55 sittings at 10 ct a point
    assert listed_sittings(opened) == ["20/02/2026", "21/02/2026", "22/02/2026", "23/02/2026", "24/02/2026"]
    links = re.findall(r'<a href="\?([^"]+)"( aria-current="page")?>([^<]+)</a>', opened.split('class="pager"')[1])
    assert [(label, bool(current)) for _query, current, label in links] == [
        ("01/01/2026–19/02/2026", False),
        ("20/02/2026–24/02/2026", True),
    ]
    earlier = client.get(f"/clubs/{club.slug}/ledger/money/?{links[0][0].replace('&amp;', '&')}").content.decode()
    assert len(listed_sittings(earlier)) == 50 and listed_sittings(earlier)[0] == "01/01/2026"
    assert balances_of(earlier) == balances_of(opened)  # the season's, whichever page lists its sittings
    assert "Pages of sittings" in earlier
    past_the_end = client.get(url + "&page=9").content.decode()
    assert listed_sittings(past_the_end) == listed_sittings(opened)
    assert client.get(url + "&page=two").status_code == 404
