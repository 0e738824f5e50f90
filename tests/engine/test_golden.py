"""Every worked example of the spec, replayed; fixtures/golden/ is a faithful copy of it."""

from __future__ import annotations

import filecmp
import json
from pathlib import Path

import pytest

from scoring.engine import read_sitting, score, score_sitting

ROOT = Path(__file__).resolve().parents[2]
GOLDEN = ROOT / "fixtures" / "golden"
SHARED = ROOT.parent / "shared" / "examples"
EXAMPLES = sorted(GOLDEN.glob("*/*.in.json"))


def test_there_is_a_golden_example_for_every_variant() -> None:
    from scoring.engine import VARIANTS

    assert {p.parent.name for p in EXAMPLES} == set(VARIANTS)


@pytest.mark.parametrize("example", EXAMPLES, ids=lambda p: f"{p.parent.name}/{p.name[:-8]}")
def test_it_scores_the_worked_example(example: Path) -> None:
    expected = json.loads(example.with_name(example.name.replace(".in.", ".out.")).read_text())
    result = score_sitting(json.loads(example.read_text()))
    assert [d["number"] for d in result["deals"]] == [d["number"] for d in expected["deals"]]
    for deal, want in zip(result["deals"], expected["deals"], strict=True):
        assert deal["scores"] == want["scores"], f"deal {deal['number']}"
        assert deal.get("pots") == want.get("pots"), f"deal {deal['number']}"
    assert result["totals"] == expected["totals"]
    assert result.get("pots") == expected.get("pots")


@pytest.mark.parametrize("example", EXAMPLES, ids=lambda p: f"{p.parent.name}/{p.name[:-8]}")
def test_its_scores_path_gives_the_worked_example_deal_by_deal(example: Path) -> None:
    """The scores path gives what the example checks (each deal's number, scores and pots), and
    says which deals were thrown in (the output marks them; the examples check no mark)."""
    expected = json.loads(example.with_name(example.name.replace(".in.", ".out.")).read_text())
    doc = json.loads(example.read_text())
    result = score_sitting(doc, breakdown=False)
    thrown_in = [deal for deal in result["deals"] if deal.pop("thrown_in", False)]
    assert result["deals"] == expected["deals"]
    assert [deal["number"] for deal in thrown_in] == [
        number for number, deal in enumerate(doc["deals"], start=1) if deal.get("thrown_in")
    ]
    assert result["totals"] == expected["totals"]
    assert result.get("pots") == expected.get("pots")


BREAKDOWNS = json.loads((Path(__file__).with_name("breakdowns.json")).read_text())
"""The breakdown of every hand-worked example, line by line (player or pot, points, English
reason, the reason as the site stores it), as the engine gave it before it had two paths."""


@pytest.mark.parametrize("name", sorted(BREAKDOWNS))
def test_it_explains_the_worked_example_line_for_line_as_before(name: str) -> None:
    doc = json.loads((GOLDEN / f"{name}.in.json").read_text())
    explained = []
    for deal in score(read_sitting(doc)).deals:
        assert deal.lines is not None
        explained.append(
            [
                [line.player or f"pot:{line.pot}", line.points, str(line.reason), line.reason.as_data()]
                for line in deal.lines
            ]
        )
    assert explained == BREAKDOWNS[name]
    written = [
        [[x.get("player") or f"pot:{x['pot']}", x["points"], x["reason"]] for x in d["lines"]]
        for d in score_sitting(doc)["deals"]
    ]
    assert written == [[line[:3] for line in lines] for lines in BREAKDOWNS[name]]


@pytest.mark.skipif(not SHARED.is_dir(), reason="no ../shared/examples beside this checkout")
def test_golden_is_a_faithful_copy_of_the_shared_examples() -> None:
    def differences(cmp: filecmp.dircmp[str]) -> list[str]:
        found = cmp.left_only + cmp.right_only + cmp.diff_files + cmp.funny_files
        for sub in cmp.subdirs.values():
            found += differences(sub)
        return found

    comparison = filecmp.dircmp(str(GOLDEN), str(SHARED))
    assert differences(comparison) == []
    for left in GOLDEN.rglob("*.json"):
        assert left.read_bytes() == (SHARED / left.relative_to(GOLDEN)).read_bytes()
