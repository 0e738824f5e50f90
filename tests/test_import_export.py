"""Every golden sitting survives import → stored rows → scores.json → export unchanged."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from django.test import Client

from scoring.club.models import Membership
from scoring.engine import InvalidSitting, score_sitting
from scoring.sittings.results import sitting_document, stored_result
from scoring.sittings.services import import_sitting

from .factories import golden, golden_documents, make_club, make_member, make_players, renamed

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("path", golden_documents(), ids=lambda p: f"{p.parent.name}/{p.name[:-8]}")
def test_a_golden_sitting_round_trips_through_the_database(path: Path, client: Client) -> None:
    doc = json.loads(path.read_text())
    club = make_club()
    client.force_login(make_member(club, "vera", Membership.Role.VIEWER))
    sitting = import_sitting(club, doc, user=None)
    expected = score_sitting(doc)
    assert stored_result(sitting) == expected
    response = client.get(f"/clubs/{club.slug}/sittings/{sitting.pk}/scores.json")
    assert response.status_code == 200
    assert response.json() == expected
    exported = sitting_document(sitting)
    assert score_sitting(exported) == expected
    again = import_sitting(club, exported, user=None)
    assert sitting_document(again) == exported


def test_it_matches_players_by_name_and_creates_the_missing_ones() -> None:
    club = make_club()
    doc = json.loads(golden_documents()[0].read_text())
    first = import_sitting(club, doc, user=None)
    second = import_sitting(club, doc, user=None)
    assert [p.pk for p in first.seated_players()] == [p.pk for p in second.seated_players()]
    assert club.players.count() == len(doc["players"])


def test_an_import_is_all_or_nothing() -> None:
    club = make_club()
    doc = json.loads(golden_documents()[0].read_text())
    doc["deals"][-1]["dealer"] = "Nobody"
    with pytest.raises(ValueError):
        import_sitting(club, doc, user=None)
    assert (club.sittings.count(), club.players.count()) == (0, 0)


def test_it_matches_players_whatever_the_capitals_of_their_names() -> None:
    club = make_club()
    (anna,) = make_players(club, "Anna")
    doc = renamed(golden("grosstarock", "readme-example"), "Anna", "anna")
    sitting = import_sitting(club, doc, user=None)
    assert sitting.seated_players()[0] == anna and club.players.count() == 3
    as_the_club_writes_her = renamed(doc, "anna", "Anna")
    stored = sitting_document(sitting)
    assert (stored["players"], stored["deals"]) == (as_the_club_writes_her["players"], as_the_club_writes_her["deals"])
    assert stored_result(sitting) == score_sitting(as_the_club_writes_her)


def test_a_scorekeepers_import_finds_the_clubs_players_whatever_the_capitals() -> None:
    club = make_club()
    make_players(club, "ANNA", "bernd", "Carla")
    sitting = import_sitting(club, golden("grosstarock", "readme-example"), user=None, new_players=False)
    assert [p.display_name for p in sitting.seated_players()] == ["ANNA", "bernd", "Carla"]


def test_a_sitting_naming_one_player_in_other_capitals_twice_is_refused() -> None:
    club = make_club()
    doc = renamed(golden("grosstarock", "readme-example"), "Bernd", "ANNA")
    with pytest.raises(InvalidSitting) as refusal:
        import_sitting(club, doc, user=None)
    assert [str(p) for p in refusal.value.problems] == [
        'players: "ANNA": the same name as "Anna": a club tells names apart whatever their capitals'
    ]
    assert not club.players.exists()
