"""Each seat keeps its player's game points and deals lost as declarer over the live deals:
equal to the sums of the stored rows after every entry, correction, removal and import; and his
balance in cents, equal to what the sitting's sheet works out from its totals and pots."""

from __future__ import annotations

import random
from decimal import Decimal

import pytest
from django.apps import apps

from scoring.club.models import LedgerSettings, Tariff
from scoring.engine import VARIANTS
from scoring.samples import random_sitting, valid_deal
from scoring.sittings.models import ScoreRow, Seat, Sitting
from scoring.sittings.results import sheet_money, stored_result
from scoring.sittings.services import correct_deal, import_sitting, recompute, record_deal, remove_last_deal

from .factories import make_club

pytestmark = pytest.mark.django_db

migration = __import__("scoring.migrations.0006_seat_totals", fromlist=["add_up_the_seats"])
played = __import__("scoring.migrations.0010_seat_deals_played", fromlist=["count_the_deals_played"])


def kept(sitting: Sitting) -> dict[str, tuple[int, int, int]]:
    return {
        s.player.display_name: (s.points, s.declarer_losses, s.deals_played)
        for s in sitting.seats.select_related("player")
    }


def summed(sitting: Sitting) -> dict[str, tuple[int, int, int]]:
    """The totals added up from the stored rows of the live deals."""
    seat_of = {s.player_id: s.number - 1 for s in sitting.seats.all()}
    totals = {s.player.display_name: [0, 0, 0] for s in sitting.seats.select_related("player")}
    for row in ScoreRow.objects.filter(sitting=sitting).select_related("player", "revision"):
        total = totals[row.player.display_name]
        total[0] += row.points
        total[1] += row.points < 0 and row.revision.data.get("declarer") == seat_of[row.player_id]
        total[2] += row.played
    return {name: (points, lost, played) for name, (points, lost, played) in totals.items()}


def balances(sitting: Sitting) -> dict[str, int]:
    return {s.player.display_name: s.cents for s in sitting.seats.select_related("player")}


def on_the_sheet(sitting: Sitting) -> dict[str, int]:
    """Each player's balance as the sitting's sheet works it out, at the sitting's terms."""
    ids = {player.display_name: player.pk for player in sitting.seated_players()}
    money = sheet_money(sitting, stored_result(sitting), ids)
    return {name: cents for name, _points, cents in money.seats}


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_the_seats_totals_follow_every_entry_correction_and_removal(variant: str) -> None:
    rng = random.Random(variant)
    doc = random_sitting(rng, variant, deals=6, items=2)
    club = make_club()
    LedgerSettings.objects.create(club=club, sheet_fee_cents=30, share_pots=variant < "e")
    Tariff.objects.create(club=club, variant=variant, cents_per_point=Decimal("0.33"))
    sitting = import_sitting(club, doc, user=None)
    assert kept(sitting) == summed(sitting)
    assert balances(sitting) == on_the_sheet(sitting)
    players, options = doc["players"], sitting.options
    declarers = 0
    for step in range(12):
        live = sitting.live_deals().count()
        action = rng.choice(["record", "correct", "remove"] if live else ["record"])
        if action == "record":
            record_deal(sitting, valid_deal(rng, VARIANTS[variant], players, options, live, 2), user=None)
        elif action == "correct":
            number = rng.randint(1, live)
            deal = valid_deal(rng, VARIANTS[variant], players, options, number - 1, 2)
            correct_deal(sitting, number, deal, user=None, reason=f"step {step}")
        else:
            remove_last_deal(sitting, user=None, reason=f"step {step}")
        assert kept(sitting) == summed(sitting), f"after step {step}: {action}"
        assert balances(sitting) == on_the_sheet(sitting), f"after step {step}: {action}"
        declarers += sum(lost for _points, lost, _played in kept(sitting).values())
    if VARIANTS[variant].declarer_game:
        assert declarers > 0, "some declarer lost a deal, so the count was put to the test"


def test_recompute_repairs_and_reports_wrong_totals() -> None:
    sitting = import_sitting(make_club(), random_sitting(random.Random(3), "droggn", deals=5), user=None)
    right = kept(sitting)
    Seat.objects.filter(sitting=sitting, number=1).update(points=12345)
    differences = recompute(sitting)
    assert len(differences) == 1 and "12345" in differences[0]
    assert kept(sitting) == right


def test_recompute_repairs_and_reports_a_wrong_balance() -> None:
    sitting = import_sitting(make_club(), random_sitting(random.Random(5), "droggn", deals=5), user=None)
    right = balances(sitting)
    Seat.objects.filter(sitting=sitting, number=2).update(cents=777)
    differences = recompute(sitting)
    assert len(differences) == 1 and "balance stored 777" in differences[0]
    assert balances(sitting) == right == on_the_sheet(sitting)


def test_the_migration_adds_up_the_seats_of_sittings_scored_before_it() -> None:
    sitting = import_sitting(make_club(), random_sitting(random.Random(4), "kosakeln", deals=9), user=None)
    right = kept(sitting)
    Seat.objects.update(points=0, declarer_losses=0, deals_played=0)
    migration.add_up_the_seats(apps, None)
    played.count_the_deals_played(apps, None)
    assert kept(sitting) == right
