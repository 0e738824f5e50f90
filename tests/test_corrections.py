"""Correcting an early deal rescores every later one, pots included, and keeps the history."""

from __future__ import annotations

import random
from io import StringIO

import pytest
from django.core.management import call_command

from scoring.club.models import Membership
from scoring.engine import score_sitting
from scoring.samples import random_sitting
from scoring.sittings.models import DealRevision, ScoreRow
from scoring.sittings.results import sitting_document, stored_result
from scoring.sittings.services import correct_deal, import_sitting

from .factories import make_club, make_member

pytestmark = pytest.mark.django_db


def ten_deal_danish_sitting() -> dict:
    rng = random.Random(11)
    while True:
        doc = random_sitting(rng, "danish_tarok", deals=10)
        if len(doc["players"]) == 3:
            return doc


def test_correcting_deal_1_of_ten_danish_deals_equals_rescoring_the_corrected_document() -> None:
    club = make_club()
    keeper = make_member(club, "kim", Membership.Role.SCOREKEEPER)
    doc = ten_deal_danish_sitting()
    sitting = import_sitting(club, doc, user=keeper)
    first = dict(doc["deals"][0])
    a, b, c = doc["players"]
    corrected = {
        "dealer": first["dealer"],
        "card_points": {a: 30, b: 30, c: 18},
        "events": [{"type": "pagat_ultimo", "player": b, "result": "lost"}],
    }
    correct_deal(sitting, 1, corrected, user=keeper, reason="Pagat ultimo was lost, not a plain deal")
    expected_doc = {**doc, "deals": [corrected, *doc["deals"][1:]]}
    expected = score_sitting(expected_doc)
    assert stored_result(sitting) == expected
    before = score_sitting(doc)
    assert [d["pots"] for d in expected["deals"]] != [d["pots"] for d in before["deals"]]
    assert sitting_document(sitting)["deals"] == expected_doc["deals"]

    old = DealRevision.objects.get(sitting=sitting, number=1, revision=1)
    new = DealRevision.objects.get(sitting=sitting, number=1, revision=2)
    assert (old.live, new.live, new.entered_by, new.reason) == (
        False,
        True,
        keeper,
        "Pagat ultimo was lost, not a plain deal",
    )
    assert old.data["card_points"] != new.data["card_points"]

    out = StringIO()
    call_command("recompute_scores", stdout=out)
    assert out.getvalue().splitlines() == ["1 sittings checked, 0 rebuilt"]


def test_recompute_scores_reports_and_rebuilds_a_row_that_differs() -> None:
    sitting = import_sitting(make_club(), ten_deal_danish_sitting(), user=None)
    row = ScoreRow.objects.filter(revision__number=3, sitting=sitting).select_related("player").first()
    assert row is not None
    ScoreRow.objects.filter(pk=row.pk).update(points=row.points + 5)
    out = StringIO()
    call_command("recompute_scores", stdout=out)
    lines = out.getvalue().splitlines()
    name = row.player.display_name
    assert f"sitting {sitting.pk} deal 3: {name} stored {row.points + 5}, computed {row.points}" in lines
    assert lines[-1] == "1 sittings checked, 1 rebuilt"
    assert stored_result(sitting) == score_sitting(sitting_document(sitting))
