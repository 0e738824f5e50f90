"""A thrown-in deal keeps its place among the deals, and is a deal played nowhere.

Dealt but not played (a misdeal, a redeal, all passed), it scores nothing but its penalties:
it is not counted among a player's deals played, nor among a tournament table's deals due; the
same dealer is proposed for the next deal; the sheet marks it in its place.
"""

from __future__ import annotations

import pytest
from django.test import Client

from scoring.club.models import Membership
from scoring.engine.refusal import Refusal
from scoring.sittings.results import next_dealer, stored_result
from scoring.sittings.services import correct_deal, recompute, record_deal, remove_last_deal
from scoring.tournaments import services

from .factories import make_club, make_member, make_sitting
from .tournaments.helpers import make_tournament

pytestmark = pytest.mark.django_db

MISDEAL = {"dealer": "Anna", "thrown_in": True, "events": [{"type": "penalty", "player": "Anna", "points": 5}]}
PLAYED = {"dealer": "Anna", "card_points": {"Anna": 40, "Bernd": 20, "Carla": 18}}


def test_a_thrown_in_deal_scores_its_fine_alone_and_counts_as_no_deal_played() -> None:
    sitting = make_sitting(make_club(), "grosstarock", "Anna", "Bernd", "Carla")
    record_deal(sitting, MISDEAL, user=None)
    record_deal(sitting, PLAYED, user=None)
    sitting.refresh_from_db()
    assert (sitting.deal_count, sitting.thrown_in_count, sitting.played_count) == (2, 1, 1)
    seats = {seat.player.display_name: (seat.points, seat.deals_played) for seat in sitting.seats.all()}
    assert seats == {"Anna": (-10 + 14, 1), "Bernd": (5 - 6, 1), "Carla": (5 - 8, 1)}
    assert stored_result(sitting)["deals"][0]["scores"] == {"Anna": -10, "Bernd": 5, "Carla": 5}
    assert recompute(sitting) == [], "what is stored is what scoring the whole sitting gives"


def test_after_a_thrown_in_deal_the_same_dealer_deals_again() -> None:
    sitting = make_sitting(make_club(), "grosstarock", "Anna", "Bernd", "Carla")
    record_deal(sitting, MISDEAL, user=None)
    assert next_dealer(sitting) == ("Anna", None)
    record_deal(sitting, PLAYED, user=None)
    assert next_dealer(sitting) == ("Bernd", None)


def test_correcting_and_taking_back_keep_the_count_of_deals_thrown_in() -> None:
    sitting = make_sitting(make_club(), "grosstarock", "Anna", "Bernd", "Carla")
    record_deal(sitting, PLAYED, user=None)
    correct_deal(sitting, 1, MISDEAL, user=None, reason="it was a misdeal")
    sitting.refresh_from_db()
    assert (sitting.thrown_in_count, sitting.played_count) == (1, 0)
    assert {seat.deals_played for seat in sitting.seats.all()} == {0}
    remove_last_deal(sitting, user=None, reason="entered by mistake")
    sitting.refresh_from_db()
    assert (sitting.deal_count, sitting.thrown_in_count) == (0, 0)


def test_a_danish_deal_corrected_to_thrown_in_moves_the_founding_to_the_next_deal_played() -> None:
    sitting = make_sitting(make_club(), "danish_tarok", "Anna", "Bernd", "Carla")
    level = {"Anna": 26, "Bernd": 26, "Carla": 26}
    record_deal(sitting, {"dealer": "Anna", "card_points": level}, user=None)
    record_deal(sitting, {"dealer": "Bernd", "card_points": level}, user=None)
    correct_deal(sitting, 1, {"dealer": "Anna", "thrown_in": True}, user=None, reason="misdeal")
    deals = stored_result(sitting)["deals"]
    assert deals[0]["pots"] == {"king": 0, "pagat": 0}
    assert deals[1]["pots"] == {"king": 65, "pagat": 65}, "deal 2, now the first played, founds the pots"
    assert recompute(sitting) == []


def test_a_tournament_table_plays_its_deals_due_besides_those_thrown_in() -> None:
    tournament = make_tournament(make_club(), "Anna", "Bernd", deals_per_dealer=1)
    round_ = services.draw_round(tournament, user=None)
    services.publish_round(round_)
    sitting = round_.tables.get().sitting
    players = [p.display_name for p in sitting.seated_players()]
    win = {"declarer": players[0], "contract": "solo", "declarer_points": 40}
    record_deal(sitting, {"dealer": players[0], "thrown_in": True}, user=None)
    record_deal(sitting, {"dealer": players[0], **win}, user=None)
    with pytest.raises(Refusal, match="Table 1 has not played all its deals"):
        services.close_round(round_)
    record_deal(sitting, {"dealer": players[1], **win}, user=None)
    with pytest.raises(Refusal, match="all 2 deals of this table are entered"):
        record_deal(sitting, {"dealer": players[0], "thrown_in": True}, user=None)
    assert services.close_round(round_).state == "closed"


def test_the_sheet_marks_a_thrown_in_deal_in_its_place(client: Client) -> None:
    club = make_club()
    sitting = make_sitting(club, "grosstarock", "Anna", "Bernd", "Carla")
    record_deal(sitting, MISDEAL, user=None)
    record_deal(sitting, PLAYED, user=None)
    client.force_login(make_member(club, "vera", Membership.Role.VIEWER))
    page = client.get(f"/clubs/{club.slug}/sittings/{sitting.pk}/").content.decode()
    rows = page.split('<tr data-deal="')[1:]
    assert rows[0].startswith("1") and "thrown in" in rows[0]
    assert rows[1].startswith("2") and "thrown in" not in rows[1]
