"""The tournament document: exported, imported back and exported again the same; every problem
named by round, table, deal and field; the commands."""

from __future__ import annotations

import copy
import json
from io import StringIO
from pathlib import Path
from typing import Any

import pytest
from django.core.management import call_command

from scoring.engine.refusal import Refusal
from scoring.tournaments import services
from scoring.tournaments.documents import import_tournament, tournament_document
from scoring.tournaments.models import Tournament
from scoring.tournaments.results import standings

from ..factories import make_club
from .helpers import draw_and_play, kosakeln_win, make_tournament

pytestmark = pytest.mark.django_db


def played() -> Tournament:
    """A Kosakeln tournament of five (a bye each round), two rounds closed, one withdrawn, the
    third round published with one table closed early."""
    tournament = make_tournament(make_club(), *"ABCDE", rounds=3, bye_points=3, missed_round_points=-2)
    draw_and_play(tournament, kosakeln_win(min))
    draw_and_play(tournament, kosakeln_win(max))
    services.set_state(tournament.entrants.get(start_number=2), "withdrawn")
    third = services.draw_round(tournament, user=None)
    services.publish_round(third)
    services.close_table_early(third.tables.get(number=1), "a phone call")
    return tournament


def test_the_import_of_an_export_exports_the_same_and_ranks_the_same() -> None:
    original = played()
    document = tournament_document(original)
    copied = import_tournament(make_club("other"), json.loads(json.dumps(document)), user=None)
    assert tournament_document(copied) == document
    assert [(line.place, line.entrant.name, line.points) for line in standings(copied)] == [
        (line.place, line.entrant.name, line.points) for line in standings(original)
    ]


def test_the_document_carries_every_setting_and_each_round_as_played() -> None:
    document = tournament_document(played())
    assert document["bye_points"] == 3 and document["missed_round_points"] == -2
    assert [r["state"] for r in document["rounds"]] == ["closed", "closed", "published"]
    assert [len(r.get("byes", [])) for r in document["rounds"]] == [1, 1, 0]
    assert document["rounds"][2]["tables"][0]["closed_early"] == "a phone call"
    assert document["entrants"][1] == {"name": "B", "state": "withdrawn"}


def broken(change: Any) -> list[str]:
    document = copy.deepcopy(tournament_document(played()))
    change(document)
    with pytest.raises(Refusal) as refusal:
        import_tournament(make_club("other"), document, user=None)
    return [str(problem) for problem in refusal.value.problems]


def test_a_wrong_deal_is_named_by_its_round_table_and_deal() -> None:
    def change(document: dict[str, Any]) -> None:
        document["rounds"][1]["tables"][0]["deals"][1]["declarer_points"] = 80

    assert broken(change) == ["round 2, table 1: deal 2: declarer's card points must be from 0 to 70, not 80"]


def test_every_problem_of_a_document_is_listed_at_once() -> None:
    def change(document: dict[str, Any]) -> None:
        document["table_sizes"] = [3]
        document["tiebreaks"] = ["lot", "table_wins"]
        document["rounds"][0]["tables"][0]["players"][0] = "Zoe"

    problems = broken(change)
    assert any(p.startswith("table_sizes:") for p in problems)
    assert any(p.startswith("tiebreaks:") for p in problems)
    assert any(p.startswith("round 1, table 1:") and '"Zoe" is not an entrant' in p for p in problems)


def test_a_closed_round_with_missing_deals_needs_the_reason() -> None:
    def change(document: dict[str, Any]) -> None:
        document["rounds"][0]["tables"][0]["deals"].pop()

    assert broken(change) == [
        "round 1, table 1: 1 of 2 deals in a closed round: give the reason it closed early (closed_early)"
    ]


def test_a_refused_document_stores_nothing() -> None:
    broken(lambda document: document["rounds"][0]["tables"][0]["deals"][0].update(contract="nonsense"))
    assert Tournament.objects.count() == 1, "only the tournament the document was taken from"


def test_the_commands_export_and_import_a_tournament(tmp_path: Path) -> None:
    tournament = played()
    out = StringIO()
    call_command("export_tournament", str(tournament.pk), stdout=out)
    document = tmp_path / "tournament.json"
    document.write_text(out.getvalue())
    make_club("runde")
    said = StringIO()
    call_command("import_tournament", str(document), "--club", "runde", stdout=said)
    copied = Tournament.objects.get(club__slug="runde")
    assert said.getvalue().splitlines()[-1] == f"/clubs/runde/tournaments/{copied.pk}/"
    assert tournament_document(copied) == json.loads(out.getvalue())


def test_the_import_command_answers_a_bad_document_with_lines(tmp_path: Path) -> None:
    make_club("runde")
    document = tmp_path / "tournament.json"
    document.write_text('{"name": "", "variant": "skat", "date": "14.11.2026", "entrants": [], "rounds": []}')
    err = StringIO()
    with pytest.raises(SystemExit) as stop:
        call_command("import_tournament", str(document), "--club", "runde", stderr=err)
    assert stop.value.code == 1
    lines = err.getvalue().splitlines()
    assert lines[0] == "name: give the tournament a name of 1 to 100 characters"
    assert any(line.startswith("variant:") for line in lines) and any(line.startswith("date:") for line in lines)
