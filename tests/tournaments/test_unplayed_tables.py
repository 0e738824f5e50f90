"""A table counts only once it has a deal: before its first, it gives nobody a table win, a place
or a best round, in live standings too; closed with none, its players score the missed-round
points, and the round's workbook sheet says "not played". The round sheets and the standings
agree on every place."""

from __future__ import annotations

import io
from typing import Any

import openpyxl
import pytest
from django.test import Client
from django.urls import reverse

from scoring.club.models import Membership
from scoring.sittings.services import record_deal
from scoring.tournaments.models import Tournament
from scoring.tournaments.ranking import MISSED, WAITING, Standing
from scoring.tournaments.results import standings

from ..factories import make_club, make_member
from ..pages import fill_and_send, form_on, send
from .helpers import draw_and_play, kosakeln_win, make_tournament, play

pytestmark = pytest.mark.django_db

ALPHABET_WINS = kosakeln_win(min)


def address(name: str, tournament: Tournament, **more: Any) -> str:
    return reverse(f"tournaments:{name}", kwargs={"slug": tournament.club.slug, "pk": tournament.pk, **more})


def director(tournament: Tournament) -> Client:
    """Dora, a scorekeeper of the club: she runs the tournament from its pages."""
    client = Client()
    client.force_login(make_member(tournament.club, "dora", Membership.Role.SCOREKEEPER))
    return client


def draw_and_publish(client: Client, tournament: Tournament) -> str:
    """Draw the next round and publish it as the director does, with the pages' buttons; the
    round page's address."""
    detail = address("detail", tournament)
    drawn = send(client, detail, form_on(client.get(detail), action="/draw/"))
    assert drawn.status_code == 302
    round_page = drawn["Location"]
    page = client.get(round_page)
    published = send(client, round_page, form_on(page, action="/publish/"))
    assert published.status_code == 302
    return round_page


def close_table_early(client: Client, round_page: str, table_pk: int, reason: str = "time is up") -> None:
    response = fill_and_send(client, round_page, {"reason": reason}, action=f"/tables/{table_pk}/close/")
    assert response.status_code == 302


def close_round(client: Client, round_page: str) -> None:
    response = send(client, round_page, form_on(client.get(round_page), action="/close/"))
    assert response.status_code == 302


def line_of(lines: list[Standing], name: str) -> Standing:
    return next(line for line in lines if line.entrant.name == name)


def sheet_rows(client: Client, tournament: Tournament, title: str) -> list[tuple[Any, ...]]:
    response = client.get(address("export_xlsx", tournament))
    book = openpyxl.load_workbook(io.BytesIO(b"".join(response.streaming_content)))
    return [tuple(row) for row in book[title].iter_rows(values_only=True)][1:]


def test_a_published_round_without_deals_gives_no_table_win_and_keeps_a_negative_best_round() -> None:
    tournament = make_tournament(make_club(), "Anna", "Bernd", "Carla", "Dora", public=True, live_standings=True)
    draw_and_play(tournament, ALPHABET_WINS)  # Carla and Dora lost their tables: -24 each
    draw_and_publish(director(tournament), tournament)

    document = Client().get(address("standings_json", tournament)).json()
    lines = {line["name"]: line for line in document["standings"]}
    assert {name: line["table_wins"] for name, line in lines.items()} == {"Anna": 1, "Bernd": 1, "Carla": 0, "Dora": 0}
    assert lines["Carla"]["best_round"] == -24, "a round not played yet is no best round of 0"
    assert lines["Carla"]["rounds"] == [-24, 0]
    assert [score.kind for score in line_of(standings(tournament, live=True), "Carla").rounds][1] == WAITING
    page = Client().get(address("standings", tournament)).content.decode()
    assert "no deal played yet" in page


def test_a_table_closed_early_without_a_deal_scores_the_missed_round_points_and_says_not_played() -> None:
    tournament = make_tournament(
        make_club(), "Anna", "Bernd", "Carla", "Dora", missed_round_points=-5, rounds=1, public=True
    )
    client = director(tournament)
    round_page = draw_and_publish(client, tournament)
    round_ = tournament.rounds.get()
    _first, second = round_.tables.order_by("number")
    play(round_, ALPHABET_WINS, tables=[1])
    close_table_early(client, round_page, second.pk)
    close_round(client, round_page)

    lines = standings(tournament)
    absent = [p.display_name for p in second.sitting.seated_players()]
    for name in absent:
        line = line_of(lines, name)
        assert line.rounds[0].kind == MISSED and line.points == -5
        assert line.table_wins == 0 and line.best_round is None
    assert sum(line.table_wins for line in lines) == 1, "only the table that played has a winner"

    rows = sheet_rows(client, tournament, "Round 1")
    unplayed = [row for row in rows if row[2] == 2]
    assert [(row[0], row[4], row[5]) for row in unplayed] == [(None, "not played", -5)] * 2
    assert "not played" in client.get(round_page).content.decode()


def test_the_round_sheets_and_the_standings_agree_on_every_place() -> None:
    tournament = make_tournament(
        make_club(), *"ABCDEFGH", rounds=3, scoring="placement", deals_per_dealer=2, missed_round_points=-2
    )
    client = director(tournament)
    draw_and_play(tournament, ALPHABET_WINS)
    round_page = draw_and_publish(client, tournament)
    second = tournament.rounds.get(number=2)
    tables = list(second.tables.order_by("number"))
    play(second, ALPHABET_WINS, tables=[1, 2])
    close_table_early(client, round_page, tables[2].pk)  # no deal
    sitting = tables[3].sitting
    players = [p.display_name for p in sitting.seated_players()]
    record_deal(sitting, ALPHABET_WINS(players, players[0], None), user=None)
    close_table_early(client, round_page, tables[3].pk)  # one deal of four
    close_round(client, round_page)
    draw_and_publish(client, tournament)  # round 3 published, no deal yet: the director sees it live

    lines = {line.entrant.name: line for line in standings(tournament, live=True)}
    for number in (1, 2, 3):
        for place, name, _table, _seat, _result, points in sheet_rows(client, tournament, f"Round {number}"):
            line = lines[name]
            assert points == (line.rounds[number - 1].points if points is not None else None), (number, name)
            if place is None:
                assert line.rounds[number - 1].kind in (MISSED, WAITING), (number, name)
    wins = dict.fromkeys(lines, 0)
    for number in (1, 2, 3):
        for place, name, *_rest in sheet_rows(client, tournament, f"Round {number}"):
            wins[name] += place == 1
    assert wins == {name: line.table_wins for name, line in lines.items()}, "a place 1 on a round sheet is a win"
    for name, line in lines.items():
        seated = [s.points for s in line.rounds if s.kind not in (MISSED, WAITING)]
        assert line.best_round == max(seated, default=None), name
