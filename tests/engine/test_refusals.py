"""Every refusal of the engine is a reason: a template marked for translation, and its values.

The variants' checks and the card counting refuse in the English words they always used; every
template they say it with (and every template of a phrase inside it) is a literal the engine's
source marks with ``_()``, so ``makemessages`` collects it, and a reason rendered through a
translation that changes nothing reads as its English text.
"""

from __future__ import annotations

import ast
import json
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

import scoring.engine
from scoring.engine import InvalidSitting, Refusal, count_cards, count_pile, score_sitting
from scoring.engine.reasons import GLOSSARY, Reason, Term

from .helpers import cp, ev, make_sitting

PROBLEMS: dict[str, Any] = json.loads(Path(__file__).with_name("problems.json").read_text(encoding="utf-8"))
"""Broken documents of every variant (replayed word for word in ``test_reading``)."""
CP = cp(26, 26, 26)
ALL_A = cp(78, 0, 0)

MARKS = {"_", "gettext_noop"}


def marked_templates() -> set[str]:
    """Every string literal that the engine's modules pass to ``_()`` or ``gettext_noop()``."""
    found: set[str] = set()
    for path in Path(scoring.engine.__file__).parent.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in MARKS:
                found |= {
                    arg.value for arg in node.args if isinstance(arg, ast.Constant) and isinstance(arg.value, str)
                }
    return found


MARKED = marked_templates()


def templates(reason: Reason) -> Iterator[str]:
    """The reason's template and the templates of every reason among its values."""
    yield reason.template
    for value in reason.args.values():
        if isinstance(value, Reason):
            yield from templates(value)


def terms(reason: Reason) -> Iterator[str]:
    """The keys of the words of the rules among the values of the reason and of its phrases."""
    for value in reason.args.values():
        if isinstance(value, Reason):
            yield from terms(value)
        elif isinstance(value, Term):
            yield str(value)


def untranslated(template: str) -> str:
    """A translation that changes nothing."""
    return template


def assert_renders_as_its_english(reason: object) -> None:
    """A reason whose words of the rules are in the glossary, and which a translation that
    changes nothing renders as its English text."""
    assert isinstance(reason, Reason), repr(reason)
    unknown = [key for key in terms(reason) if key not in GLOSSARY]
    assert not unknown, f"words of the rules not in the glossary: {unknown}"
    assert reason.render(untranslated) == str(reason)


def assert_translatable(reason: object) -> None:
    """That, and every template of the reason and of its phrases is marked with ``_()``."""
    assert_renders_as_its_english(reason)
    assert isinstance(reason, Reason)
    unmarked = [template for template in templates(reason) if template not in MARKED]
    assert not unmarked, f"templates not marked with _() in scoring/engine: {unmarked}"


def refusal_of(variant: str, deal: dict[str, Any]) -> InvalidSitting:
    with pytest.raises(InvalidSitting) as refusal:
        score_sitting(make_sitting(variant, deal))
    return refusal.value


def each(
    declarations: list[dict[str, Any]] | None = None,
    events: list[dict[str, Any]] | None = None,
    card_points: dict[str, int] = CP,
) -> dict[str, Any]:
    """A deal of the each-for-himself games."""
    return {"card_points": card_points, "declarations": declarations or [], "events": events or []}


def game(contract: str, points: int, *events: dict[str, Any], **more: Any) -> dict[str, Any]:
    """A deal of the declarer games, A declaring."""
    return {"declarer": "A", "contract": contract, "declarer_points": points, "events": list(events), **more}


CHECKS: list[tuple[str, dict[str, Any], str, str]] = [
    # variant, deal, field, the English the check has always said
    (
        "german_taroc",
        each([ev("tarocks", player="A", count=11), ev("tarocks", player="B", count=11)]),
        "declarations",
        "more than 21 Tarocks declared in one deal",
    ),
    (
        "german_taroc",
        each([ev("four_kings", player="A"), ev("three_kings", player="B")]),
        "declarations[1]",
        "four kings cannot be declared beside another kings declaration",
    ),
    (
        "german_taroc",
        each(events=[ev("excuse_no_tricks", player="A"), ev("excuse_no_tricks", player="B")]),
        "events[1]",
        "keeping the Excuse with no trick can happen only once in a deal",
    ),
    (
        "german_taroc",
        each([ev("matadors", player="A", count=3), ev("three_kings", player="B")]),
        "declarations[1]",
        "three Kings and the Excuse needs the Excuse, which another player declared",
    ),
    (
        "grosstarock",
        each([ev("four_queens", player="A"), ev("four_queens", player="B")]),
        "declarations[1]",
        "declaring four queens can happen only once in a deal",
    ),
    (
        "grosstarock",
        each([ev("four_cavaliers", player="A"), ev("four_cavaliers", player="B")]),
        "declarations[1]",
        "declaring four cavaliers can happen only once in a deal",
    ),
    (
        "grosstarock",
        each([ev("four_jacks", player="A"), ev("four_jacks", player="C")]),
        "declarations[1]",
        "declaring four jacks can happen only once in a deal",
    ),
    (
        "grosstarock",
        each(events=[ev("valat", player="A"), ev("nolo", player="B")], card_points=ALL_A),
        "events[1]",
        "a valat and a nolo cannot happen in the same deal",
    ),
    (
        "grosstarock",
        each(
            events=[ev("valat", player="A"), ev("announced_valat", player="A", before_trick=1, result="won")],
            card_points=ALL_A,
        ),
        "events[1]",
        "a valat can happen only once in a deal",
    ),
    (
        "grosstarock",
        each(events=[ev("nolo", player="B"), ev("nolo", player="C")], card_points=ALL_A),
        "events[1]",
        "a nolo can happen only once in a deal",
    ),
    (
        "grosstarock",
        each(
            events=[ev("valat", player="A"), ev("announced_nolo", player="B", before_trick=13, result="lost")],
            card_points=ALL_A,
        ),
        "events[1]",
        "A took every trick, so B cannot lose an announced nolo",
    ),
    (
        "grosstarock",
        each(
            events=[ev("valat", player="A"), ev("announced_valat", player="A", before_trick=1, result="lost")],
            card_points=ALL_A,
        ),
        "events[1]",
        "A took every trick, so cannot lose an announced valat",
    ),
    (
        "grosstarock",
        each(
            events=[ev("nolo", player="B"), ev("announced_nolo", player="B", before_trick=1, result="lost")],
            card_points=ALL_A,
        ),
        "events[1]",
        "B took no trick, so cannot lose an announced nolo",
    ),
    (
        "danish_tarok",
        each(events=[ev("pagat_ultimo", player="A", result="lost"), ev("last_trick", player="B")]),
        "events[1]",
        "last_trick cannot go with an ultimo, a nolo or a tout",
    ),
    (
        "danish_tarok",
        each(events=[ev("tout", player="A"), ev("nolo", player="B")], card_points=ALL_A),
        "events[1]",
        "a nolo and a tout cannot happen in the same deal",
    ),
    (
        "danish_tarok",
        each(events=[ev("nolo", player="B"), ev("nolo", player="C")], card_points=ALL_A),
        "events[1]",
        "a nolo can happen only once in a deal",
    ),
    (
        "danish_tarok",
        each(events=[ev("tout", player="A"), ev("tout", player="B")]),
        "events[1]",
        "a tout can happen only once in a deal",
    ),
    (
        "danish_tarok",
        each(events=[ev("last_trick", player="A"), ev("last_trick", player="B")]),
        "events[1]",
        "taking the last trick can happen only once in a deal",
    ),
    (
        "danish_tarok",
        each(events=[ev("king_lost", player="A", count=3), ev("king_lost", player="B", count=2)]),
        "events[1]",
        "more than 4 Kings lost in one deal",
    ),
    (
        "danish_tarok",
        each([ev("half_kings", player="A"), ev("four_kings", player="B")]),
        "declarations[1]",
        "a kings declaration can happen only once in a deal",
    ),
    ("droggn", game("solo", 36, all_tricks=True), "all_tricks", "all tricks with only 36 card points (at least 37)"),
    ("droggn", game("solo", 40, ev("gstiess_ultimo")), "events[0]", "the Gstieß ultimo exists only in a Super Mord"),
    (
        "droggn",
        game("super_mord", 74, ev("pagat_captured", by="declarer"), all_tricks=True),
        "events[0]",
        "a Super Mord counts no bonus but the declarer's announced ultimo",
    ),
    (
        "droggn",
        game("solo", 60, ev("pagat_captured", by="defenders"), all_tricks=True),
        "events[0]",
        "the declarer took every trick, so the defenders win no Pagat bonus",
    ),
    (
        "droggn",
        game("super_mord", 74, ev("gstiess_ultimo"), ev("gstiess_ultimo"), all_tricks=True),
        "events[1]",
        "the Gstieß ultimo can happen only once in a deal",
    ),
    (
        "droggn",
        game(
            "super_mord",
            74,
            ev("pagat_ultimo", side="declarer", announced=True, result="won"),
            ev("gstiess_ultimo"),
            all_tricks=True,
        ),
        "events[1]",
        "winning the last trick can happen only once in a deal",
    ),
    ("kosakeln", game("einblatt", 40, ev("valat", player="A"), ev("valat", player="A")), "events[1]", "a second valat"),
    (
        "kosakeln",
        game("einblatt", 40, ev("valat", player="A", result="lost")),
        "events[0]",
        "a silent valat cannot be lost",
    ),
    (
        "kosakeln",
        game("einblatt", 10, ev("valat", player="B", announced=True)),
        "events[0]",
        "only the declarer can announce a valat",
    ),
    (
        "kosakeln",
        game("einblatt", 55, ev("panzer", player="A", result="won")),
        "events[0]",
        "panzer counts only when announced",
    ),
    (
        "kosakeln",
        game("einblatt", 45, ev("absolut", player="B", announced="after", result="won")),
        "events[0]",
        "only the declarer can play for absolut",
    ),
    (
        "kosakeln",
        game("einblatt", 39, ev("absolut", player="A", announced="after", result="won")),
        "events[0]",
        "absolut won contradicts 39 declarer points (won needs at least 40)",
    ),
    (
        "kosakeln",
        game("einblatt", 55, ev("panzer", player="A", announced="before", result="lost")),
        "events[0]",
        "panzer lost contradicts 55 declarer points (won needs at least 50)",
    ),
    (
        "kosakeln",
        game("einblatt", 30, ev("without_kings", player="A", announced="after", result="won")),
        "events[0]",
        "without_kings cannot be won when the declarer loses the game",
    ),
    (
        "kosakeln",
        game("einblatt", 65, ev("valat", player="A"), ev("uhu", player="B", result="won")),
        "events[1]",
        "A took every trick, so B wins no bird",
    ),
    (
        "kosakeln",
        game("einblatt", 40, ev("four_kings", player="A"), ev("four_kings", player="B")),
        "events[1]",
        "four_kings claimed by both players",
    ),
    (
        "kosakeln",
        game("einblatt", 40, ev("uhu", player="A", result="won"), ev("uhu", player="B", result="lost")),
        "events[1]",
        "uhu counted twice",
    ),
    (
        "kosakeln",
        game("einblatt", 40, ev("trull", player="A"), ev("four_birds", player="B")),
        "events[1]",
        "trull and four_birds both need the Pagat: one player only",
    ),
    (
        "dreiertarock",
        game("einser", 40, ev("mondfang", side="declarer", announced=True)),
        "events[0]",
        "mondfang cannot be announced",
    ),
    (
        "dreiertarock",
        game("solo_valat", 70, ev("king_trull", side="declarer"), all_tricks=True),
        "events[0]",
        "a Solo Valat counts no bonus",
    ),
    (
        "dreiertarock",
        game("solo", 70, ev("king_trull", side="defenders"), all_tricks=True),
        "events[0]",
        "the declarer took every trick, so the defenders win no bonus",
    ),
    (
        "dreiertarock",
        game("einser", 40, ev("uhu", side="declarer", result="won"), ev("uhu", side="defenders", result="lost")),
        "events[1]",
        "uhu can happen only once in a deal",
    ),
    (
        "dreiertarock",
        game("einser", 40, ev("tarock_trull", side="declarer"), ev("mondfang", side="defenders")),
        "events[1]",
        "the side with all three Trull cards holds the Mond",
    ),
]


@pytest.mark.parametrize(("variant", "deal", "field", "english"), CHECKS, ids=[case[3] for case in CHECKS])
def test_a_variant_refuses_in_its_old_english_with_templates_marked_for_translation(
    variant: str, deal: dict[str, Any], field: str, english: str
) -> None:
    refusal = refusal_of(variant, deal)
    assert (1, field, english) in [(p.deal, p.field, p.message) for p in refusal.problems]
    for problem in refusal.problems:
        assert_translatable(problem.reason)


@pytest.mark.parametrize("name", sorted(PROBLEMS))
def test_every_problem_of_the_broken_documents_is_a_reason_marked_for_translation(name: str) -> None:
    with pytest.raises(InvalidSitting) as refusal:
        score_sitting(PROBLEMS[name]["document"])
    for problem in refusal.value.problems:
        assert_translatable(problem.reason)


PILES: list[tuple[Callable[[], object], str, str]] = [
    (lambda: count_cards(["Zh"]), "cards", "'Zh' is not a card (try Kh, Qs, Cd, Jc, 7h, I–XXI or Fool)"),
    (lambda: count_cards(["Kh", "kh"]), "cards", "'kh' appears twice in the pile"),
    (lambda: count_pile(kings=5), "kings", "kings must be from 0 to 4, not 5"),
    (lambda: count_pile(queens=-1), "queens", "queens must be from 0 to 4, not -1"),
    (lambda: count_pile(cavaliers=5), "cavaliers", "cavaliers must be from 0 to 4, not 5"),
    (lambda: count_pile(jacks=9), "jacks", "jacks must be from 0 to 4, not 9"),
    (lambda: count_pile(trull=4), "trull", "trull must be from 0 to 3, not 4"),
    (lambda: count_pile(others=-1), "others", "others must not be negative, not -1"),
]


@pytest.mark.parametrize(("count", "field", "english"), PILES, ids=[case[2] for case in PILES])
def test_counting_a_pile_refuses_in_its_old_english_with_templates_marked_for_translation(
    count: Callable[[], object], field: str, english: str
) -> None:
    with pytest.raises(Refusal) as refusal:
        count()
    assert [(p.field, p.message) for p in refusal.value.problems] == [(field, english)]
    assert_translatable(refusal.value.problems[0].reason)
