"""Score rows say who played each deal: the player who sat a deal out at a table of four has a
row (a pot's founding may cost him) marked as not played, so deals played are a plain SQL sum."""

from __future__ import annotations

from io import StringIO

import pytest
from django.core.management import call_command

from scoring.sittings.models import ScoreRow, Sitting
from scoring.sittings.services import correct_deal, import_sitting, record_deal

from .factories import golden, make_club, make_sitting

pytestmark = pytest.mark.django_db


def sat_out(sitting: Sitting) -> list[tuple[int, str]]:
    rows = ScoreRow.objects.filter(sitting=sitting, played=False).select_related("revision", "player")
    return sorted((row.revision.number, row.player.display_name) for row in rows)


def test_an_imported_sitting_marks_who_sat_each_deal_out() -> None:
    doc = golden("danish_tarok", "four-at-the-table")
    sitting = import_sitting(make_club(), doc, user=None)
    assert sat_out(sitting) == [(n, deal["sitting_out"]) for n, deal in enumerate(doc["deals"], start=1)]
    assert ScoreRow.objects.filter(sitting=sitting, played=True).count() == 3 * len(doc["deals"])


def test_a_recorded_and_a_corrected_deal_mark_who_sat_out() -> None:
    sitting = make_sitting(make_club(), "grosstarock", "Anna", "Bernd", "Carla", "Dora")
    deal = {"dealer": "Anna", "sitting_out": "Anna", "card_points": {"Bernd": 30, "Carla": 30, "Dora": 18}}
    record_deal(sitting, deal, user=None)
    assert sat_out(sitting) == [(1, "Anna")]
    moved = {"dealer": "Anna", "sitting_out": "Carla", "card_points": {"Anna": 30, "Bernd": 30, "Dora": 18}}
    correct_deal(sitting, 1, moved, user=None, reason="Carla sat out, not Anna")
    assert sat_out(sitting) == [(1, "Carla")]


def test_recompute_scores_rebuilds_a_row_that_says_the_wrong_player_sat_out() -> None:
    sitting = import_sitting(make_club(), golden("danish_tarok", "four-at-the-table"), user=None)
    before = sat_out(sitting)
    ScoreRow.objects.filter(sitting=sitting, revision__number=1).update(played=True)
    out = StringIO()
    call_command("recompute_scores", stdout=out)
    lines = out.getvalue().splitlines()
    number, name = before[0]
    assert f"sitting {sitting.pk} deal {number}: {name} stored as playing" in lines
    assert lines[-1] == "1 sittings checked, 1 rebuilt"
    assert sat_out(sitting) == before
