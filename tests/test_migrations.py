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
    cut_after_a_space = "a" * 59 + " bc"
    long_name = "x" * 54 + " yyyyy"
    crafted = ["  Anna   Maria ", decomposed, "Jörg", cut_after_a_space, long_name, "x" * 54 + "  yyyyy"]
    made = {name: Player.objects.create(club=club, display_name=name) for name in crafted}
    fit_the_bounds = importlib.import_module("scoring.migrations.0003_bounds_form_keys_login_throttle").fit_the_bounds
    with connection.schema_editor() as editor:
        fit_the_bounds(apps, editor)
    kept = {name: Player.objects.get(pk=player.pk).display_name for name, player in made.items()}
    assert kept == {
        "  Anna   Maria ": "Anna Maria",
        decomposed: "Jörg (2)",  # composed, it is the other Jörg's name
        "Jörg": "Jörg",
        cut_after_a_space: "a" * 59,  # no space kept at the end
        long_name: long_name,
        "x" * 54 + "  yyyyy": "x" * 54 + " y (2)",  # numbered within 60 characters, one space before the number
    }
