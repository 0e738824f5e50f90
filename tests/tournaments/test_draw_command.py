"""``manage.py draw``: the plan as JSON or as a readable table; bad input as lines on stderr, status 1."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def draw(*args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "DATABASE_URL": "sqlite:///:memory:"}
    return subprocess.run(
        [sys.executable, "manage.py", "draw", *args], cwd=ROOT, env=env, capture_output=True, text=True, timeout=25
    )


def plan_of(*args: str) -> dict[str, object]:
    done = draw(*args, "--json")
    assert (done.returncode, done.stderr) == (0, "")
    doc = json.loads(done.stdout)
    assert isinstance(doc, dict)
    return doc


@pytest.mark.parametrize(
    ("players", "sizes", "rounds", "repeats"),
    [("15", "3", "7", 0), ("16", "4", "5", 0), ("12", "4", "3", 6)],
)
def test_it_prints_the_plan_with_its_repeats_and_their_lower_bound(
    players: str, sizes: str, rounds: str, repeats: int
) -> None:
    doc = plan_of("--players", players, "--table-sizes", sizes, "--rounds", rounds, "--seed", "1")
    assert set(doc) == {"rounds", "repeated_pairs", "lower_bound"}
    assert doc["repeated_pairs"] == doc["lower_bound"] == repeats
    plan = doc["rounds"]
    assert isinstance(plan, list) and len(plan) == int(rounds)
    for round_ in plan:
        assert sorted(e for table in round_ for e in table) == list(range(1, int(players) + 1))
        assert {len(table) for table in round_} == {int(sizes)}


def test_a_bye_is_in_no_table() -> None:
    doc = plan_of("--players", "7", "--table-sizes", "2", "--rounds", "7", "--seed", "3")
    byes = []
    for round_ in doc["rounds"]:  # type: ignore[attr-defined]
        seated = {e for table in round_ for e in table}
        byes += [e for e in range(1, 8) if e not in seated]
    assert sorted(byes) == list(range(1, 8))


def test_it_draws_names_from_a_file_ignoring_blank_lines(tmp_path: Path) -> None:
    names = tmp_path / "entrants.txt"
    names.write_text("Anna\nBernd\n\n  Carla \nDora\nEmil\nFranz\nGerda\n", encoding="utf-8")
    doc = plan_of("--names", str(names), "--rounds", "3", "--table-sizes", "3,4", "--seed", "1")
    for round_ in doc["rounds"]:  # type: ignore[attr-defined]
        assert sorted(e for table in round_ for e in table) == [
            "Anna",
            "Bernd",
            "Carla",
            "Dora",
            "Emil",
            "Franz",
            "Gerda",
        ]
        assert sorted(len(table) for table in round_) == [3, 4]


def test_the_same_seed_gives_the_same_plan() -> None:
    args = ("--players", "13", "--table-sizes", "4,3", "--rounds", "4", "--seed", "9")
    assert plan_of(*args) == plan_of(*args)


def test_without_json_it_prints_a_table_per_round_and_the_repeats() -> None:
    done = draw("--players", "7", "--table-sizes", "2", "--rounds", "8", "--seed", "1")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0] == "7 entrants at tables of 2, 8 rounds, seed 1"
    assert "Round 8" in lines and sum(line.startswith("  Table ") for line in lines) == 24
    assert sum(line.startswith("  Bye: ") for line in lines) == 8
    assert sum(line.startswith("  Met before: ") for line in lines) == 3
    assert lines[-1] == "repeated pairs: 3 (lower bound 3)"


BAD = {
    "layout": (
        ["--players", "5", "--table-sizes", "3,4", "--rounds", "2"],
        ["5 entrants cannot be seated at tables of 3 or 4: add 1 or withdraw 1"],
    ),
    "both": (
        ["--players", "5", "--names", "x.txt", "--table-sizes", "3", "--rounds", "2"],
        ["give the entrants either as --players N or as --names FILE, one of the two"],
    ),
    "neither": (
        ["--table-sizes", "3", "--rounds", "2"],
        ["give the entrants either as --players N or as --names FILE, one of the two"],
    ),
    "missing file": (["--names", "nowhere.txt", "--table-sizes", "3", "--rounds", "2"], ["nowhere.txt: no such file"]),
    "size 5": (
        ["--players", "10", "--table-sizes", "5", "--rounds", "2"],
        ["--table-sizes: tables of 5 are not offered: sizes are 2 (Kosakeln), 3 and 4"],
    ),
    "2 with 3": (
        ["--players", "10", "--table-sizes", "2,3", "--rounds", "2"],
        ["--table-sizes: tables of 2 (Kosakeln) cannot be mixed with tables of 3 or 4"],
    ),
    "not a size": (
        ["--players", "10", "--table-sizes", "four", "--rounds", "2"],
        ['--table-sizes: "four" is not a table size (2, 3 or 4)'],
    ),
    "many problems": (
        ["--players", "0", "--table-sizes", "3", "--rounds", "many", "--seed", "x"],
        ["--players: 0 is less than 1", '--rounds: "many" is not a whole number', '--seed: "x" is not a whole number'],
    ),
    "missing options": (
        ["--players", "9"],
        ["--rounds: missing", "--table-sizes: missing (2, or 3 and 4, preferred first: 4,3)"],
    ),
    "unknown option": (
        ["--players", "9", "--rounds", "2", "--table-sizes", "3", "--colour"],
        ["unrecognized arguments: --colour"],
    ),
}


@pytest.mark.parametrize("case", list(BAD))
def test_it_reports_bad_input_on_stderr_one_line_a_problem_and_exits_1(case: str) -> None:
    args, lines = BAD[case]
    done = draw(*args)
    assert (done.returncode, done.stdout) == (1, "")
    assert done.stderr.splitlines() == lines


def test_it_refuses_a_name_given_twice(tmp_path: Path) -> None:
    names = tmp_path / "entrants.txt"
    names.write_text("Anna\nBernd\nAnna\nCarla\n", encoding="utf-8")
    done = draw("--names", str(names), "--table-sizes", "3", "--rounds", "2")
    assert (done.returncode, done.stdout) == (1, "")
    assert done.stderr.splitlines() == [f'{names}: "Anna" appears twice']
