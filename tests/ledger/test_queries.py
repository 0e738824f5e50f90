"""Every ledger page runs the same number of SQL queries for a club of one sitting as for a club
of many sittings, players and games: the season table at most 10, with a logged-in member."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest
from django.test import Client

from scoring.club.models import Club, Membership, Player
from scoring.ledger.ranking import Mode
from scoring.ledger.results import calendar_year
from scoring.ledger.services import add_season, save_rule
from scoring.samples import random_sitting
from scoring.sittings.services import close_sitting, import_sitting

from ..factories import make_club, make_member

pytestmark = pytest.mark.django_db

NAMES = ["Anna", "Bernd", "Carla", "Dieter", "Emil", "Frieda", "Grete", "Hans"]


def small_club() -> Club:
    club = make_club("small", public=True)
    doc = random_sitting(random.Random(1), "droggn", deals=3, players=NAMES[:3])
    import_sitting(club, {**doc, "date": "2026-05-01"}, user=None)
    return club


def big_club() -> Club:
    club = make_club("big", public=True)
    rng = random.Random(2)
    for number in range(12):
        for variant in ("droggn", "danish_tarok", "kosakeln"):
            size = 2 if variant == "kosakeln" else rng.choice([3, 4])
            doc = random_sitting(rng, variant, deals=rng.randint(2, 6), players=rng.sample(NAMES, size), items=1)
            sitting = import_sitting(
                club, {**doc, "date": f"2026-{number % 12 + 1:02d}-{rng.randint(1, 28):02d}"}, user=None
            )
            if number % 2:
                close_sitting(sitting, user=None)
    save_rule(club, "droggn", calendar_year(2026), mode=Mode("best_n", best=3, minimum_attendance=2))
    add_season(club, name="Autumn", start=calendar_year(2026).start.replace(month=9), end=calendar_year(2026).end)
    return club


def first_player(club: Club) -> int:
    player = Player.objects.filter(club=club).order_by("display_name").first()
    assert player is not None
    return player.pk


PAGES: dict[str, Callable[[Club], str]] = {
    "table": lambda club: f"/clubs/{club.slug}/ledger/?variant=droggn&year=2026",
    "table, the latest game": lambda club: f"/clubs/{club.slug}/ledger/?year=2026",
    "table, sorted": lambda club: f"/clubs/{club.slug}/ledger/?variant=droggn&year=2026&sort=-points",
    "json": lambda club: f"/clubs/{club.slug}/ledger.json?variant=droggn&year=2026",
    "json with pots": lambda club: f"/clubs/{club.slug}/ledger.json?variant=danish_tarok&year=2026",
    "money, every game": lambda club: f"/clubs/{club.slug}/ledger/money/?year=2026",
    "money, one game": lambda club: f"/clubs/{club.slug}/ledger/money/?year=2026&variant=danish_tarok",
    "charts": lambda club: f"/clubs/{club.slug}/ledger/charts/?variant=droggn&year=2026",
    "player": lambda club: f"/clubs/{club.slug}/ledger/players/{first_player(club)}/?variant=droggn&year=2026",
    "workbook": lambda club: f"/clubs/{club.slug}/ledger/export.xlsx?variant=danish_tarok&year=2026",
    "csv": lambda club: f"/clubs/{club.slug}/ledger/export.csv?variant=droggn&year=2026",
}
"""Each ledger page, and the queries it runs for a logged-in member: the session and the user
(2), the club and the membership (2), the club's seasons (1), then the page's own."""

QUERIES = {
    "table": 10,  # + the years to offer, the season's sittings, the rule, the seats, the tournaments (for a cup)
    "table, sorted": 10,
    "table, the latest game": 10,
    "json": 10,  # + the season's sittings, the rule, the seats, the tournaments, the players' money summed
    "json with pots": 10,
    # + the years, the games, the players' money summed, the pages of sittings, the seats of the page shown,
    # the currency, the paid transfers
    "money, every game": 12,
    "money, one game": 12,
    "charts": 10,
    "player": 11,  # + the player, the years, the sittings, the seats, the pots, his deals, the currency
    "workbook": 12,  # + the sittings, the currency, the rule, the seats, the tournaments, the pots, the paid
    "csv": 9,  # + the sittings, the rule, the seats, the tournaments
}


@pytest.fixture(params=["small", "big"])
def member(request: pytest.FixtureRequest, client: Client) -> tuple[Client, Club]:
    club = small_club() if request.param == "small" else big_club()
    client.force_login(make_member(club, "vera", Membership.Role.VIEWER))
    return client, club


@pytest.mark.parametrize("name", PAGES)
def test_each_page_runs_as_many_queries_for_a_small_club_as_for_a_big_one(
    member: tuple[Client, Club], name: str, django_assert_num_queries: Any
) -> None:
    client, club = member
    url = PAGES[name](club)
    with django_assert_num_queries(QUERIES[name]):
        response = client.get(url)
        if hasattr(response, "streaming_content"):
            b"".join(response.streaming_content)
    assert response.status_code == 200


def test_the_season_table_runs_at_most_ten_queries() -> None:
    assert QUERIES["table"] <= 10
