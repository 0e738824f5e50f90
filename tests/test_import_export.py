"""Every golden sitting survives import → stored rows → scores.json → export unchanged."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from django.test import Client

from scoring.engine import score_sitting
from scoring.models import Membership
from scoring.sittings.results import sitting_document, stored_result
from scoring.sittings.services import import_sitting

from .factories import golden_documents, make_club, make_member

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
