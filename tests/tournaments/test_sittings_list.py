"""The club's sittings list and its page list a tournament's tables among the sittings, each
marked with its tournament, round and table and linking the tournament; a round drawn but not
published keeps its tables to the director, and an outsider reads the players as the club's
names say (initials where asked)."""

from __future__ import annotations

from typing import Any

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from scoring.club.models import Membership, Player
from scoring.tournaments import services
from scoring.tournaments.models import Tournament

from ..factories import make_club, make_member
from .helpers import draw_and_play, kosakeln_win, make_tournament

pytestmark = pytest.mark.django_db

ALPHABET_WINS = kosakeln_win(min)


def director(club: Any) -> Client:
    """Dora, a scorekeeper of the club: she runs the tournament."""
    client = Client()
    client.force_login(make_member(club, f"dora-{club.slug}", Membership.Role.SCOREKEEPER))
    return client


def sittings_list(client: Client, tournament: Tournament) -> str:
    answer = client.get(reverse("sittings:list", kwargs={"slug": tournament.club.slug}))
    assert answer.status_code == 200
    return answer.content.decode()


def round_two_drawn(*names: str, slug: str = "stammtisch") -> Tournament:
    """A public club's tournament whose round 1 is played and closed and round 2 only drawn."""
    tournament = make_tournament(make_club(slug, public=True), *names)
    draw_and_play(tournament, ALPHABET_WINS)
    services.draw_round(tournament, user=None)
    return tournament


def mark(tournament: Tournament, round_: int, table: int) -> str:
    link = reverse("tournaments:detail", kwargs={"slug": tournament.club.slug, "pk": tournament.pk})
    return f'<a href="{link}">Herbstturnier · round {round_} · table {table}</a>'


def test_it_lists_a_played_rounds_tables_marked_with_their_tournament_and_round() -> None:
    tournament = round_two_drawn("Anna Huber", "Bernd", "Carla", "Dieter")
    page = sittings_list(Client(), tournament)
    assert mark(tournament, 1, 1) in page
    assert mark(tournament, 1, 2) in page


def test_it_keeps_a_drawn_rounds_tables_to_the_director() -> None:
    tournament = round_two_drawn("Anna Huber", "Bernd", "Carla", "Dieter")
    assert mark(tournament, 2, 1) not in sittings_list(Client(), tournament)
    viewer = Client()
    viewer.force_login(make_member(tournament.club, "vera", Membership.Role.VIEWER))
    assert mark(tournament, 2, 1) not in sittings_list(viewer, tournament)
    assert mark(tournament, 2, 1) in sittings_list(director(tournament.club), tournament)


def test_an_outsider_reads_a_tables_players_by_initials_where_asked() -> None:
    tournament = round_two_drawn("Anna Huber", "Bernd", "Carla", "Dieter")
    Player.objects.filter(display_name="Anna Huber").update(initials_only=True)
    page = sittings_list(Client(), tournament)
    assert "A. H." in page
    assert "Anna Huber" not in page
    assert "Anna Huber" in sittings_list(director(tournament.club), tournament)


def test_the_clubs_page_lists_the_tables_instead_of_no_sittings() -> None:
    tournament = round_two_drawn("Anna Huber", "Bernd", "Carla", "Dieter")
    page = Client().get(reverse("club:detail", kwargs={"slug": tournament.club.slug})).content.decode()
    assert "No sittings yet." not in page
    assert mark(tournament, 1, 1) in page
    assert mark(tournament, 2, 1) not in page


def test_the_list_costs_as_many_queries_for_twelve_tables_as_for_two() -> None:
    counts = []
    for size in (4, 24):
        tournament = round_two_drawn(*(f"Player {n}" for n in range(size)), slug=f"club{size}")
        client = director(tournament.club)
        with CaptureQueriesContext(connection) as captured:
            sittings_list(client, tournament)
        counts.append(len(captured))
    assert counts[0] == counts[1]
