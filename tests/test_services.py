"""The services: every write is one transaction, refusals change nothing, history is kept."""

from __future__ import annotations

from typing import Any

import pytest
from django.apps import apps

from scoring.club.models import Membership
from scoring.club.services import remove_member, set_member
from scoring.engine import InvalidSitting, score_sitting
from scoring.engine.refusal import Refusal
from scoring.sittings.models import DealRevision
from scoring.sittings.results import sitting_document, stored_result
from scoring.sittings.services import close_sitting, correct_deal, record_deal, remove_last_deal, start_sitting

from .factories import make_club, make_member, make_players, make_sitting

pytestmark = pytest.mark.django_db

GROSS = {"dealer": "Anna", "card_points": {"Anna": 40, "Bernd": 20, "Carla": 18}}


def row_counts() -> dict[str, int]:
    return {model.__name__: model.objects.count() for model in apps.get_app_config("scoring").get_models()}


def deal(**changes: Any) -> dict[str, Any]:
    return {**GROSS, **changes}


def test_it_stores_each_deal_with_the_engines_scores_lines_and_totals() -> None:
    sitting = make_sitting(make_club(), "grosstarock", "Anna", "Bernd", "Carla")
    record_deal(sitting, deal(declarations=[{"type": "tarocks", "player": "Anna", "count": 12}]), user=None)
    record_deal(sitting, deal(dealer="Bernd"), user=None)
    assert stored_result(sitting) == score_sitting(sitting_document(sitting))
    assert stored_result(sitting)["totals"] == {"Anna": 54 + 14, "Bernd": -26 - 6, "Carla": -28 - 8}


def test_a_rejected_deal_changes_nothing() -> None:
    sitting = make_sitting(make_club(), "grosstarock", "Anna", "Bernd", "Carla")
    record_deal(sitting, deal(), user=None)
    before = row_counts()
    with pytest.raises(InvalidSitting) as refusal:
        record_deal(sitting, deal(card_points={"Anna": 40, "Bernd": 20, "Carla": 17}), user=None)
    assert [(p.deal, p.field) for p in refusal.value.problems] == [(2, "card_points")]
    assert row_counts() == before


def test_it_keeps_the_options_in_force_when_the_club_defaults_change() -> None:
    club = make_club(default_options={"danish_tarok": {"ante": 40}})
    sitting = make_sitting(club, "danish_tarok", "Anna", "Bernd", "Carla")
    assert sitting.options == {
        "ante": 40,
        "dealer_stake": 5,
        "stake_on_refound": True,
        "band_balance": "next_dealer",
        "tout_collects_ultimo": True,
    }
    club.default_options = {"danish_tarok": {"ante": 20}}
    club.save()
    sitting.refresh_from_db()
    assert sitting.options["ante"] == 40


def test_it_refuses_to_start_a_sitting_with_a_wrong_number_of_players() -> None:
    club = make_club()
    with pytest.raises(InvalidSitting) as refusal:
        start_sitting(club, "kosakeln", make_players(club, "Anna", "Bernd", "Carla"), user=None)
    assert [(p.deal, p.field) for p in refusal.value.problems] == [(None, "players")]


def test_it_refuses_players_of_another_club() -> None:
    club = make_club()
    other = make_players(make_club("nachbarn"), "Zoe")
    with pytest.raises(InvalidSitting, match="Zoe is not of this club"):
        start_sitting(club, "grosstarock", [*make_players(club, "Anna", "Bernd"), *other], user=None)


def test_the_same_form_key_records_one_deal() -> None:
    sitting = make_sitting(make_club(), "grosstarock", "Anna", "Bernd", "Carla")
    first = record_deal(sitting, deal(), user=None, idempotency_key="form-1")
    again = record_deal(sitting, deal(), user=None, idempotency_key="form-1")
    assert (first.created, again.created, again.deal.pk) == (True, False, first.deal.pk)
    assert sitting.live_deals().count() == 1


def test_renaming_a_player_changes_no_stored_or_exported_score() -> None:
    sitting = make_sitting(make_club(), "grosstarock", "Anna", "Bernd", "Carla")
    record_deal(sitting, deal(events=[{"type": "pagat_ultimo", "player": "Bernd", "result": "won"}]), user=None)
    before_rows, before_doc = stored_result(sitting), sitting_document(sitting)
    bernd = sitting.seated_players()[1]
    bernd.display_name = "Bernhard"
    bernd.save()
    after_rows, after_doc = stored_result(sitting), sitting_document(sitting)
    assert list(after_rows["totals"].values()) == list(before_rows["totals"].values())
    assert after_doc["players"] == ["Anna", "Bernhard", "Carla"]
    assert after_doc["deals"][0]["events"][0]["player"] == "Bernhard"
    assert list(score_sitting(after_doc)["totals"].values()) == list(score_sitting(before_doc)["totals"].values())


def test_a_correction_keeps_the_old_revision_with_who_and_why() -> None:
    club = make_club()
    keeper = make_member(club, "kim", Membership.Role.SCOREKEEPER)
    sitting = make_sitting(club, "grosstarock", "Anna", "Bernd", "Carla")
    record_deal(sitting, deal(), user=keeper)
    correct_deal(sitting, 1, deal(card_points={"Anna": 30, "Bernd": 30, "Carla": 18}), user=keeper, reason="miscounted")
    revisions = list(DealRevision.objects.filter(sitting=sitting, number=1).order_by("revision"))
    assert [(d.revision, d.live, d.reason) for d in revisions] == [(1, False, ""), (2, True, "miscounted")]
    assert revisions[0].data["card_points"] == {"0": 40, "1": 20, "2": 18}
    assert revisions[1].entered_by == keeper
    assert stored_result(sitting)["totals"] == {"Anna": 4, "Bernd": 4, "Carla": -8}


def test_a_correction_needs_a_reason() -> None:
    sitting = make_sitting(make_club(), "grosstarock", "Anna", "Bernd", "Carla")
    record_deal(sitting, deal(), user=None)
    before = row_counts()
    with pytest.raises(InvalidSitting) as refusal:
        correct_deal(sitting, 1, deal(), user=None, reason="  ")
    assert [(p.deal, p.field) for p in refusal.value.problems] == [(None, "reason")]
    assert row_counts() == before


def test_removing_the_last_deal_is_recorded_as_a_revision() -> None:
    sitting = make_sitting(make_club(), "grosstarock", "Anna", "Bernd", "Carla")
    record_deal(sitting, deal(), user=None)
    record_deal(sitting, deal(dealer="Bernd"), user=None)
    remove_last_deal(sitting, user=None, reason="dealt twice by mistake")
    assert [d.number for d in sitting.live_deals()] == [1]
    removal = DealRevision.objects.get(sitting=sitting, number=2, removed=True)
    assert (removal.revision, removal.live, removal.reason) == (2, False, "dealt twice by mistake")
    assert DealRevision.objects.get(sitting=sitting, number=2, revision=1).data["dealer"] == 1
    assert stored_result(sitting)["totals"] == {"Anna": 14, "Bernd": -6, "Carla": -8}
    again = record_deal(sitting, deal(dealer="Bernd"), user=None)
    assert (again.deal.number, again.deal.revision) == (2, 3)


def test_a_closed_sitting_refuses_a_scorekeeper_and_accepts_an_admin() -> None:
    club = make_club()
    keeper = make_member(club, "kim", Membership.Role.SCOREKEEPER)
    admin = make_member(club, "ada", Membership.Role.ADMIN)
    sitting = make_sitting(club, "grosstarock", "Anna", "Bernd", "Carla")
    record_deal(sitting, deal(), user=keeper)
    close_sitting(sitting, user=keeper)
    before = row_counts()
    for write in (
        lambda: record_deal(sitting, deal(), user=keeper),
        lambda: correct_deal(sitting, 1, deal(), user=keeper, reason="typo"),
        lambda: remove_last_deal(sitting, user=keeper, reason="typo"),
    ):
        with pytest.raises(InvalidSitting, match="closed"):
            write()
    assert row_counts() == before
    correct_deal(sitting, 1, deal(card_points={"Anna": 26, "Bernd": 26, "Carla": 26}), user=admin, reason="recount")
    assert stored_result(sitting)["totals"] == {"Anna": 0, "Bernd": 0, "Carla": 0}


def test_a_club_keeps_at_least_one_admin() -> None:
    club = make_club()
    ada = make_member(club, "ada", Membership.Role.ADMIN)
    with pytest.raises(Refusal):
        set_member(club, username="ada", role=Membership.Role.VIEWER)
    with pytest.raises(Refusal):
        remove_member(club, Membership.objects.get(user=ada).pk)
    make_member(club, "bea", Membership.Role.ADMIN)
    set_member(club, username="ada", role=Membership.Role.VIEWER)
    assert Membership.objects.get(user=ada).role == Membership.Role.VIEWER
