"""``import_sitting`` and ``export_sitting`` from the command line."""

from __future__ import annotations

import json
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import call_command

from scoring.club.models import Player
from scoring.sittings.models import DealRevision, Sitting

from .factories import GOLDEN, make_club, make_players

pytestmark = pytest.mark.django_db
EXAMPLE = GOLDEN / "danish_tarok" / "three-deals-pots.in.json"


def test_import_prints_the_new_sittings_page_as_its_last_line() -> None:
    club = make_club("runde")
    out = StringIO()
    call_command("import_sitting", str(EXAMPLE), "--club", "runde", "--add-players", stdout=out)
    sitting = Sitting.objects.get(club=club)
    assert out.getvalue().splitlines()[-1] == f"/clubs/runde/sittings/{sitting.pk}/"


def test_export_prints_the_document_that_import_read() -> None:
    make_club("runde")
    call_command("import_sitting", str(EXAMPLE), "--club", "runde", "--add-players", stdout=StringIO())
    out = StringIO()
    call_command("export_sitting", str(Sitting.objects.get().pk), stdout=out)
    exported = json.loads(out.getvalue())
    original = json.loads(EXAMPLE.read_text())
    assert exported["deals"] == original["deals"]
    assert exported["players"] == original["players"]


def test_import_refuses_an_unknown_club_and_a_bad_document(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text('{"variant": "grosstarock"}')
    make_club("runde")
    err = StringIO()
    with pytest.raises(SystemExit) as stop:
        call_command("import_sitting", str(bad), "--club", "runde", stderr=err)
    assert stop.value.code == 1
    assert err.getvalue().splitlines() == [
        "players: must be a list of player names",
        "deals: must be a list of deals",
    ]
    with pytest.raises(SystemExit):
        call_command("import_sitting", str(EXAMPLE), "--club", "nowhere", stderr=StringIO())
    assert Sitting.objects.count() == 0


def test_import_says_it_takes_a_document_or_a_workbook_told_apart_by_content() -> None:
    from scoring.management.commands.import_sitting import Command

    said = " ".join(Command().create_parser("manage.py", "import_sitting").format_help().split())
    assert "sitting document (JSON)" in said
    assert "sitting workbook (.xlsx)" in said
    assert "by its content" in said


def test_import_lists_the_players_the_club_lacks_and_adds_them_only_with_add_players() -> None:
    club = make_club("runde")
    make_players(club, "Anna")
    err = StringIO()
    with pytest.raises(SystemExit) as stop:
        call_command("import_sitting", str(EXAMPLE), "--club", "runde", stderr=err)
    assert stop.value.code == 1
    assert err.getvalue().splitlines() == ["not players of the club yet: Bernd, Carla; --add-players adds them"]
    assert (Sitting.objects.count(), Player.objects.count()) == (0, 1)
    call_command("import_sitting", str(EXAMPLE), "--club", "runde", "--add-players", stdout=StringIO())
    assert sorted(club.players.values_list("display_name", flat=True)) == ["Anna", "Bernd", "Carla"]


def test_an_exported_sitting_imported_again_is_refused_unless_as_new(tmp_path: Path) -> None:
    make_club("runde")
    other = make_club("stammtisch")
    call_command("import_sitting", str(EXAMPLE), "--club", "runde", "--add-players", stdout=StringIO())
    original = Sitting.objects.get()
    exported = tmp_path / "exported.json"
    out = StringIO()
    call_command("export_sitting", str(original.pk), stdout=out)
    exported.write_text(out.getvalue())
    call_command("import_sitting", str(exported), "--club", "stammtisch", "--add-players", stdout=StringIO())
    copy = Sitting.objects.get(club=other)
    before = (Sitting.objects.count(), DealRevision.objects.count())
    err = StringIO()
    with pytest.raises(SystemExit):
        call_command("import_sitting", str(exported), "--club", "stammtisch", stderr=err)
    assert err.getvalue().startswith(f"this sitting is already sitting {copy.pk}, imported on ")
    with pytest.raises(SystemExit):
        call_command("import_sitting", str(exported), "--club", "runde", stderr=(err := StringIO()))
    assert err.getvalue().startswith(f"this sitting is sitting {original.pk} of this club")
    assert (Sitting.objects.count(), DealRevision.objects.count()) == before
    call_command("import_sitting", str(exported), "--club", "stammtisch", "--as-new", stdout=StringIO())
    assert Sitting.objects.filter(club=other, origin_club="runde", origin_number=original.pk).count() == 2
