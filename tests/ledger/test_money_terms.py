"""A sitting keeps the money terms in force when it started (tariff, sheet fee, pot rule), like
its house rules: changing them later changes no evening already played."""

from __future__ import annotations

import io
from decimal import Decimal
from typing import Any

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.test import Client
from openpyxl import load_workbook

from scoring.club.models import LedgerSettings, Membership, Tariff
from scoring.club.services import update_club
from scoring.sittings.models import Sitting
from scoring.sittings.services import import_sitting

from ..factories import golden, make_club, make_member, make_sitting

pytestmark = pytest.mark.django_db


def test_a_new_sitting_keeps_the_tariff_fee_and_pot_rule_in_force() -> None:
    club = make_club()
    Tariff.objects.create(club=club, variant="danish_tarok", cents_per_point=Decimal("0.25"))
    LedgerSettings.objects.create(club=club, sheet_fee_cents=50, share_pots=True)
    sitting = make_sitting(club, "danish_tarok", "Anna", "Bernd", "Carla")
    assert (sitting.cents_per_point, sitting.sheet_fee_cents, sitting.share_pots) == (Decimal("0.25"), 50, True)

    Tariff.objects.filter(club=club).update(cents_per_point=Decimal(20))
    LedgerSettings.objects.filter(club=club).update(sheet_fee_cents=0, share_pots=False)
    sitting = Sitting.objects.get(pk=sitting.pk)
    assert (sitting.cents_per_point, sitting.sheet_fee_cents, sitting.share_pots) == (Decimal("0.25"), 50, True)
    later = make_sitting(club, "danish_tarok", "Anna", "Bernd", "Carla")
    assert (later.cents_per_point, later.sheet_fee_cents, later.share_pots) == (Decimal(20), 0, False)


def test_a_sitting_without_a_club_tariff_keeps_the_variants_default() -> None:
    club = make_club()
    cents = make_sitting(club, "dreiertarock", "Anna", "Bernd", "Carla")
    points = make_sitting(club, "droggn", "Anna", "Bernd", "Carla")
    assert (cents.cents_per_point, points.cents_per_point) == (Decimal(1), Decimal(10))


def test_an_imported_sitting_keeps_the_terms_in_force_at_the_import() -> None:
    club = make_club()
    tariffs = {"danish_tarok": Decimal("12.5")}
    update_club(club, name=club.name, public=False, tariffs=tariffs, default_options=club.default_options)
    LedgerSettings.objects.create(club=club, sheet_fee_cents=7)
    sitting = import_sitting(club, golden("danish_tarok", "three-deals-pots"), user=None)
    assert (sitting.cents_per_point, sitting.sheet_fee_cents, sitting.share_pots) == (Decimal("12.5"), 7, False)


def totals_sheet(client: Client, sitting: Sitting) -> list[tuple[Any, ...]]:
    response = client.get(f"/clubs/{sitting.club.slug}/sittings/{sitting.pk}/export.xlsx")
    book = load_workbook(io.BytesIO(b"".join(response.streaming_content)), read_only=True)  # type: ignore[attr-defined]
    return [tuple(row) for row in book["Totals"].iter_rows(values_only=True)]


def test_the_sittings_workbook_counts_its_money_at_the_sittings_own_terms(client: Client) -> None:
    club = make_club()
    client.force_login(make_member(club, "vera", Membership.Role.VIEWER))
    LedgerSettings.objects.create(club=club, sheet_fee_cents=50, currency="CHF")
    sitting = import_sitting(club, golden("danish_tarok", "three-deals-pots"), user=None)
    Tariff.objects.create(club=club, variant="danish_tarok", cents_per_point=Decimal(99))
    LedgerSettings.objects.filter(club=club).update(sheet_fee_cents=0)
    rows = totals_sheet(client, sitting)
    assert rows[0] == ("Player", "Deals played", "Game points", "Balance")
    balances = {row[0]: row[3] for row in rows[1:]}
    points = {row[0]: row[2] for row in rows[1:] if row[2] is not None}
    # 10 ct a point, then 50 ct sheet fee each; the Kasse gets the fees and what the pots hold.
    for name, game_points in points.items():
        assert balances[name] == pytest.approx(game_points / 10 - 0.5)
    assert sum(balances.values()) == pytest.approx(0)
    assert balances["Kasse"] >= 1.5


def test_the_migration_keeps_todays_tariff_with_each_sitting_and_marks_who_sat_out(transactional_db: Any) -> None:
    executor = MigrationExecutor(connection)
    mine = next(key for key in executor.loader.graph.nodes if key[0] == "scoring" and key[1].endswith("_ledger"))
    latest = executor.loader.graph.leaf_nodes()
    before = next(node.key for node in executor.loader.graph.node_map[mine].parents if node.key[0] == "scoring")
    executor.migrate([before])
    old = MigrationExecutor(connection).loader.project_state(before).apps
    club = old.get_model("scoring", "Club").objects.create(name="Alt", slug="alt")
    old.get_model("scoring", "Tariff").objects.create(club=club, variant="droggn", cents_per_point=Decimal("0.5"))
    made = {
        variant: old.get_model("scoring", "Sitting").objects.create(club=club, variant=variant, options={}).pk
        for variant in ("droggn", "kosakeln", "dreiertarock")
    }
    # a deal at a table of four that the third seat sat out (as entered), and one where Droggn's
    # rule says who did: the dealer
    players = [old.get_model("scoring", "Player").objects.create(club=club, display_name=n) for n in "ABCD"]
    for number, player in enumerate(players, start=1):
        old.get_model("scoring", "Seat").objects.create(sitting_id=made["droggn"], number=number, player=player)
    deal = old.get_model("scoring", "DealRevision").objects.create(
        sitting_id=made["droggn"], number=1, data={"dealer": 0, "sitting_out": 2}
    )
    by_rule = old.get_model("scoring", "DealRevision").objects.create(
        sitting_id=made["droggn"], number=2, data={"dealer": 1}
    )
    for revision in (deal, by_rule):
        for player in players:
            old.get_model("scoring", "ScoreRow").objects.create(
                revision=revision, sitting_id=made["droggn"], player=player, points=0
            )

    executor = MigrationExecutor(connection)
    state = executor.migrate([mine])
    new = state.apps.get_model("scoring", "Sitting")
    rows = state.apps.get_model("scoring", "ScoreRow").objects.filter(revision_id=deal.pk)
    assert sorted(rows.values_list("player__display_name", "played")) == [
        ("A", True),
        ("B", True),
        ("C", False),
        ("D", True),
    ]
    ruled = state.apps.get_model("scoring", "ScoreRow").objects.filter(revision_id=by_rule.pk, played=False)
    assert list(ruled.values_list("player__display_name", flat=True)) == ["B"], "Droggn's dealer sits out"
    kept = {variant: new.objects.get(pk=pk) for variant, pk in made.items()}
    assert {variant: sitting.cents_per_point for variant, sitting in kept.items()} == {
        "droggn": Decimal("0.5"),
        "kosakeln": Decimal(10),
        "dreiertarock": Decimal(1),
    }
    assert {(sitting.sheet_fee_cents, sitting.share_pots) for sitting in kept.values()} == {(0, False)}
    MigrationExecutor(connection).migrate(latest)
