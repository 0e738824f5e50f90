"""The cup ranks players by their places in the club's tournaments of the season: it reads the
tournaments by itself, whether or not their tables also count as sittings."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from scoring.club.models import Club, Membership
from scoring.tournaments import services

from ..factories import make_club, make_member
from ..pages import fill_and_send
from ..tournaments.helpers import draw_and_play, kosakeln_win, make_tournament

pytestmark = pytest.mark.django_db

RULE = "/clubs/stammtisch/ledger/rule/?variant=kosakeln&year=2026"
TABLE = "/clubs/stammtisch/ledger/?variant=kosakeln&year=2026"


@pytest.fixture
def club() -> Club:
    """A club whose only Kosakeln of 2026 is a closed tournament of one round: Anna beat Bert."""
    club = make_club("stammtisch")
    tournament = make_tournament(club, "Anna", "Bert", rounds=1)
    draw_and_play(tournament, kosakeln_win(lambda players: "Anna"))
    services.close_tournament(tournament)
    return club


@pytest.fixture
def admin(client: Client, club: Club) -> Client:
    client.force_login(make_member(club, "ada", Membership.Role.ADMIN))
    return client


def ranked(page: str) -> list[tuple[str, str, str]]:
    """Each row of the season table: player, rank and figure."""
    rows = re.findall(r'<tr data-player="([^"]*)"[^>]*>(.*?)</tr>', page, re.S)
    return [
        (
            player,
            re.search(r'data-column="rank">([^<]*)<', cells).group(1),  # type: ignore[union-attr]
            re.search(r'data-column="figure">([^<]*)<', cells).group(1),  # type: ignore[union-attr]
        )
        for player, cells in rows
    ]


def test_the_cup_ranks_the_tournaments_players_without_counting_their_tables_as_sittings(admin: Client) -> None:
    sent = fill_and_send(admin, RULE, {"mode": "cup", "with_tournaments": False}, having="mode")
    assert sent.status_code == 302

    page = admin.get(TABLE).content.decode()

    assert ranked(page) == [("Anna", "1", "25"), ("Bert", "2", "20")]


def test_the_cup_ranks_the_same_when_the_tournaments_tables_count_as_sittings_too(admin: Client) -> None:
    fill_and_send(admin, RULE, {"mode": "cup", "with_tournaments": True}, having="mode")

    page = admin.get(TABLE).content.decode()

    assert ranked(page) == [("Anna", "1", "25"), ("Bert", "2", "20")]
