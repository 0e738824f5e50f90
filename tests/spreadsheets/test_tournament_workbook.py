"""The tournament workbook's Deals sheet: a thrown-in deal is listed in its place, marked, and
played by nobody; its fines count in the scores like any other game points."""

from __future__ import annotations

import io
from typing import Any

import openpyxl
import pytest
from django.test import Client
from django.urls import reverse

from scoring.club.models import Membership
from scoring.sittings.results import next_dealer
from scoring.sittings.services import record_deal
from scoring.tournaments import services
from scoring.tournaments.results import round_tables, standings

from ..factories import make_club, make_member
from ..tournaments.helpers import kosakeln_win, make_tournament, play

pytestmark = pytest.mark.django_db


def test_a_thrown_in_deal_is_marked_on_the_deals_sheet_and_played_by_nobody() -> None:
    club = make_club()
    tournament = make_tournament(club, "Anna", "Bernd", "Carla", "Dora", rounds=1)
    round_ = services.draw_round(tournament, user=None)
    services.publish_round(round_)
    for view in round_tables(round_):
        sitting = view.table.sitting
        dealer, _out = next_dealer(sitting)
        fined = next(p.display_name for p in sitting.seated_players() if p.display_name != dealer)
        misdeal = {"dealer": dealer, "thrown_in": True, "events": [{"type": "penalty", "player": fined, "points": 3}]}
        record_deal(sitting, misdeal, user=None)
    play(round_, kosakeln_win(min))
    services.close_round(round_)

    client = Client()
    client.force_login(make_member(club, "dora", Membership.Role.SCOREKEEPER))
    address = reverse("tournaments:export_xlsx", kwargs={"slug": club.slug, "pk": tournament.pk})
    response = client.get(address)
    book = openpyxl.load_workbook(io.BytesIO(b"".join(response.streaming_content)))  # type: ignore[attr-defined]
    header, *rows = [tuple[Any, ...](row) for row in book["Deals"].iter_rows(values_only=True)]
    assert header == ("Round", "Table", "Deal", "Player", "Seat", "Score", "Thrown in", "Played")
    deals: dict[tuple[Any, Any], list[tuple[Any, ...]]] = {}
    for row in rows:
        deals.setdefault((row[1], row[2]), []).append(row)
    for (table, number), players in deals.items():
        thrown_in = number == 1
        assert {row[6] for row in players} == {thrown_in}, (table, number)
        assert {row[7] for row in players} == {not thrown_in}, (table, number)
        if thrown_in:
            assert sorted(row[5] for row in players) == [-3, 3], "the fine counts in the scores"
    due = tournament.deals_per_dealer * 2
    assert len(deals) == 2 * (1 + due), "each table played its deals due besides the one thrown in"
    played: dict[str, int] = {}
    scores: dict[str, int] = {}
    for row in rows:
        played[row[3]] = played.get(row[3], 0) + row[7]
        scores[row[3]] = scores.get(row[3], 0) + row[5]
    assert played == dict.fromkeys(["Anna", "Bernd", "Carla", "Dora"], due)
    assert scores == {line.entrant.name: line.game_points for line in standings(tournament)}
