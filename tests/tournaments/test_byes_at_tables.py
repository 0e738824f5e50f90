"""Byes at tables of 3 or 4: a director who allows them lets the fewest entrants the tables cannot
seat sit the round out (13 at tables of 4: one a round), nobody a second bye before everyone had
one, each bye scoring the points for a bye."""

from __future__ import annotations

from typing import Any

import pytest
from django.urls import reverse

from scoring.engine.refusal import Refusal
from scoring.tournaments import services
from scoring.tournaments.layout import layout
from scoring.tournaments.models import Tournament
from scoring.tournaments.results import seating, standings

from ..factories import make_club
from ..pages import fill_and_send
from .helpers import draw_and_play, make_tournament
from .test_table_sittings import director, round_page

THIRTEEN = [f"Spieler {n:02}" for n in range(1, 14)]


def first_active_wins(players: list[str], dealer: str, out: str | None) -> dict[str, Any]:
    """A Grosstarock deal at a table of four: the first of the three playing takes 40 card points."""
    active = [name for name in players if name != out]
    return {"dealer": dealer, "sitting_out": out, "card_points": dict(zip(active, (40, 20, 18), strict=True))}


@pytest.mark.parametrize(
    ("n", "sizes", "tables"),
    [(13, (4,), [4, 4, 4]), (15, (4,), [4, 4, 4]), (7, (3,), [3, 3]), (5, (3, 4), [4]), (12, (4,), [4, 4, 4])],
)
def test_with_byes_allowed_the_tables_seat_as_many_as_they_can(
    n: int, sizes: tuple[int, ...], tables: list[int]
) -> None:
    assert layout(n, sizes, byes=True) == tables


def test_without_byes_a_count_the_tables_cannot_seat_is_refused_as_before() -> None:
    with pytest.raises(Refusal, match="13 entrants cannot be seated at tables of 4: add 3 or withdraw 1"):
        layout(13, (4,))


@pytest.mark.django_db
def test_thirteen_at_tables_of_four_give_one_bye_a_round_to_four_different_entrants() -> None:
    tournament = make_tournament(
        make_club(), *THIRTEEN, variant="grosstarock", sizes=(4,), rounds=4, byes_at_tables=True, bye_points=5
    )
    byes = []
    for _round in range(4):
        round_ = draw_and_play(tournament, first_active_wins)
        assert [len(table) for table in seating(round_)] == [4, 4, 4]
        assert len(round_.byes) == 1
        byes += round_.byes
    assert len(set(byes)) == 4
    for line in standings(tournament):
        scored = [score for score in line.rounds if score.kind == "bye"]
        assert len(scored) == (1 if line.entrant.start_number in byes else 0)
        assert all(score.points == 5 for score in scored)


@pytest.mark.django_db
def test_the_round_page_names_the_bye_and_the_fewest_repeats_with_byes() -> None:
    tournament = make_tournament(make_club(), *THIRTEEN, variant="grosstarock", sizes=(4,), byes_at_tables=True)
    round_ = services.draw_round(tournament, user=None)
    page = director(tournament.club).get(round_page(tournament)).content.decode()
    bye = tournament.entrants.get(start_number=round_.byes[0]).player.display_name
    assert f"A bye this round: {bye}" in page
    assert "No draw of these rounds can have fewer than" not in page, "a bound of 0 says nothing"


@pytest.mark.django_db
def test_the_director_allows_byes_when_creating_the_tournament() -> None:
    club = make_club()
    dora = director(club)
    url = reverse("tournaments:new", kwargs={"slug": club.slug}) + "?variant=grosstarock"
    typed = {"name": "Wintercup", "preferred_size": "4", "other_size": False, "byes_at_tables": True}
    answer = fill_and_send(dora, url, typed, having="byes_at_tables")
    assert answer.status_code == 302, answer.content.decode()[:3000]
    created = Tournament.objects.get(name="Wintercup")
    assert created.byes_at_tables and created.table_sizes == [4]
