"""``manage.py score``: the output document on stdout; bad input as lines on stderr, status 1."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from scoring.engine import score_sitting

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = ROOT / "fixtures" / "golden" / "danish_tarok" / "three-deals-pots.in.json"


def score(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "manage.py", "score", *args], cwd=ROOT, input=stdin, capture_output=True, text=True
    )


def test_it_prints_the_output_document() -> None:
    done = score(str(EXAMPLE))
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == score_sitting(json.loads(EXAMPLE.read_text()))


def test_it_reads_standard_input_for_a_dash() -> None:
    done = score("-", stdin=EXAMPLE.read_text())
    assert json.loads(done.stdout)["totals"] == {"Anna": 105, "Bernd": -120, "Carla": -125}


def test_it_prints_a_table_per_deal_with_the_breakdown() -> None:
    done = score(str(EXAMPLE), "--text")
    assert done.returncode == 0
    assert "Deal 3" in done.stdout
    assert "wins the Pagat ultimo and takes the Pagat pot" in done.stdout
    assert "pots: king 75, pagat 65" in done.stdout


BAD = {
    "not json": (
        "{variant: ",
        ["not valid JSON: line 1 column 2: Expecting property name enclosed in double quotes"],
    ),
    "wrong shape": ("[1, 2]", ["a sitting document must be a JSON object"]),
    "rejected deal": (
        json.dumps(
            {
                "variant": "grosstarock",
                "players": ["Anna", "Anna", "Carla"],
                "deals": [{"dealer": "Anna", "card_points": {"Anna": 26, "Carla": 51}}],
            }
        ),
        ['players: "Anna" appears twice'],
    ),
    "many problems": (
        json.dumps(
            {
                "variant": "grosstarock",
                "players": ["Anna", "Bernd", "Carla"],
                "deals": [
                    {"dealer": "Anna", "card_points": {"Anna": 26, "Bernd": 26, "Carla": 25}},
                    {"dealer": "Bernd", "card_points": {"Anna": 26, "Bernd": 26, "Carla": 26}, "extra": 1},
                ],
            }
        ),
        ["deal 1: card points add up to 77, not 78", 'deal 2: "extra" is not a field of a grosstarock deal'],
    ),
}


@pytest.mark.parametrize("case", list(BAD))
def test_it_reports_bad_input_on_stderr_and_exits_1(case: str) -> None:
    text, lines = BAD[case]
    done = score("-", stdin=text)
    assert (done.returncode, done.stdout) == (1, "")
    assert done.stderr.splitlines() == lines
    assert "Traceback" not in done.stderr


def test_it_reports_a_missing_file() -> None:
    done = score("no-such-sitting.json")
    assert (done.returncode, done.stdout, done.stderr) == (1, "", "no-such-sitting.json: no such file\n")
