"""The models and the migrations agree, and the data migrations make old rows fit today's rules."""

from __future__ import annotations

import importlib
import unicodedata
from collections.abc import Callable, Iterator
from io import StringIO
from typing import Any

import pytest
from django.apps.registry import Apps
from django.core.management import call_command
from django.db import connection
from django.db.migrations.executor import MigrationExecutor


@pytest.mark.django_db
def test_there_are_no_pending_migrations() -> None:
    out = StringIO()
    call_command("makemigrations", "--check", "--dry-run", stdout=out, stderr=StringIO())


@pytest.fixture
def migrate_to(transactional_db: Any) -> Iterator[Callable[[str], Apps]]:
    """Migrate the database back to one of the scoring migrations and get its models; forward to
    the newest again afterwards."""

    def to(name: str) -> Apps:
        executor = MigrationExecutor(connection)
        executor.migrate([("scoring", name)])
        return executor.loader.project_state([("scoring", name)]).apps

    yield to
    executor = MigrationExecutor(connection)
    executor.migrate(executor.loader.graph.leaf_nodes())


def test_old_names_are_made_to_fit_the_bounds_like_the_forms_make_them(migrate_to: Callable[[str], Apps]) -> None:
    apps = migrate_to("0002_deal_revisions_seats_from_one")
    Club, Player = apps.get_model("scoring", "Club"), apps.get_model("scoring", "Player")
    club = Club.objects.create(name="Runde", slug="runde")
    decomposed = unicodedata.normalize("NFD", "Jörg")
    near_the_end = "x" * 54 + " yy"  # a number has to cut it just after the space
    expected = {
        "  Anna   Maria ": "Anna Maria",
        decomposed: "Jörg (2)",  # composed, it is the other Jörg's name
        "Jörg": "Jörg",
        near_the_end: near_the_end,
        "x" * 54 + "  yy": "x" * 54 + " y (2)",  # one space before the number, within 60 characters
    }
    if connection.vendor == "sqlite":  # only SQLite keeps a name longer than its column
        expected["a" * 59 + " bc"] = "a" * 59  # cut at 60 characters: no space kept at the end
    made = {name: Player.objects.create(club=club, display_name=name) for name in expected}
    fit_the_bounds = importlib.import_module("scoring.migrations.0003_bounds_form_keys_login_throttle").fit_the_bounds
    with connection.schema_editor() as editor:
        fit_the_bounds(apps, editor)
    assert {name: Player.objects.get(pk=player.pk).display_name for name, player in made.items()} == expected


def test_names_the_same_but_for_their_capitals_are_told_apart_by_a_number(migrate_to: Callable[[str], Apps]) -> None:
    apps = migrate_to("0011_player_initials_only_help")
    Club, Player = apps.get_model("scoring", "Club"), apps.get_model("scoring", "Player")
    runde, andere = Club.objects.create(name="Runde", slug="runde"), Club.objects.create(name="Andere", slug="andere")
    crafted = ["Anna", "anna", "ANNA", "anna (2)", "x" * 55 + " yyyy", "X" * 55 + " YYYY", "Straße", "STRASSE"]
    made = [Player.objects.create(club=runde, display_name=name) for name in crafted]
    elsewhere = Player.objects.create(club=andere, display_name="ANNA")
    Player = migrate_to("0012_player_names_unique_ignoring_case").get_model("scoring", "Player")
    assert [Player.objects.get(pk=player.pk).display_name for player in made] == [
        "Anna",  # the first keeps his name
        "anna (3)",
        "ANNA (4)",
        "anna (2)",
        "x" * 55 + " yyyy",
        "X" * 55 + " (2)",  # cut to fit 60 characters, no space left before the number
        "Straße",
        "STRASSE (2)",  # the same letters whatever the capitals: ß is ss
    ]
    assert Player.objects.get(pk=elsewhere.pk).display_name == "ANNA"


def test_breakdown_lines_become_named_records_and_back(migrate_to: Callable[[str], Apps]) -> None:
    apps = migrate_to("0013_club_changes")
    Club, Sitting = apps.get_model("scoring", "Club"), apps.get_model("scoring", "Sitting")
    DealRevision, Breakdown = apps.get_model("scoring", "DealRevision"), apps.get_model("scoring", "Breakdown")
    club = Club.objects.create(name="Runde", slug="runde")
    sitting = Sitting.objects.create(club=club, variant="danish_tarok", cents_per_point=10)
    revision = DealRevision.objects.create(sitting=sitting, number=1, data={"dealer": 0})
    why = {"t": "{player} wins", "a": {"player": "Anna"}}
    lines = [[0, "", 10, "Anna wins", why], [None, "king", -10, "into the King pot", {"t": "x", "a": {}}]]
    kept = Breakdown.objects.create(revision=revision, lines=lines, pots={"king": 10})
    Breakdown = migrate_to("0014_breakdown_line_records").get_model("scoring", "Breakdown")
    assert Breakdown.objects.get(pk=kept.pk).lines == [
        {"player": 0, "pot": "", "points": 10, "reason": "Anna wins", "why": why},
        {"player": None, "pot": "king", "points": -10, "reason": "into the King pot", "why": {"t": "x", "a": {}}},
    ]
    Breakdown = migrate_to("0013_club_changes").get_model("scoring", "Breakdown")
    assert Breakdown.objects.get(pk=kept.pk).lines == lines


def test_the_tables_of_drawn_and_closed_rounds_are_held_with_their_round(migrate_to: Callable[[str], Apps]) -> None:
    import datetime

    apps = migrate_to("0014_breakdown_line_records")
    model = apps.get_model
    club = model("scoring", "Club").objects.create(name="Runde", slug="runde")
    tournament = model("scoring", "Tournament").objects.create(
        club=club, name="Herbst", variant="grosstarock", date=datetime.date(2026, 11, 14), seed=1
    )
    tables = {}
    for number, state in enumerate(["closed", "published", "drawn"], start=1):
        round_ = model("scoring", "Round").objects.create(tournament=tournament, number=number, state=state, seed=1)
        sitting = model("scoring", "Sitting").objects.create(club=club, variant="grosstarock", cents_per_point=10)
        model("scoring", "RoundTable").objects.create(round=round_, number=1, sitting=sitting, token=f"t{number}")
        tables[state] = sitting.pk
    Sitting = migrate_to("0015_sitting_held").get_model("scoring", "Sitting")
    held = {state: Sitting.objects.get(pk=pk).held for state, pk in tables.items()}
    assert held == {
        "closed": {"t": "round {number} is closed: no deals are entered", "a": {"number": 1}},
        "published": None,
        "drawn": {"t": "round {number} is not published yet: no deals are entered", "a": {"number": 3}},
    }
