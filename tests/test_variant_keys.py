"""Only the engine knows a variant by its key: everything else asks the variant's class.

In the spirit of the engine's purity test, this fails when code outside ``scoring/engine/``
(Python, templates, scripts; the demo club's data and migrations aside) names a variant key in
a string literal, as ``if sitting.variant == "dreiertarock"`` would.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

from scoring.engine import VARIANTS

ROOT = Path(__file__).resolve().parents[1]
ALLOWED = {ROOT / "scoring" / "demo.py"}
"""The demo club's data seats its tables per variant by key."""
KEY = re.compile(r"\b(" + "|".join(re.escape(key) for key in VARIANTS) + r")\b")


def python_files() -> list[Path]:
    found = [ROOT / "manage.py", *(ROOT / "tarokclub").rglob("*.py"), *(ROOT / "bench").rglob("*.py")]
    for path in (ROOT / "scoring").rglob("*.py"):
        if "engine" not in path.parts and "migrations" not in path.parts and path not in ALLOWED:
            found.append(path)
    return sorted(found)


def literals(path: Path) -> list[tuple[int, str]]:
    """Every string literal of a module that is not a docstring, with its line."""
    tree = ast.parse(path.read_text(), str(path))
    docstrings = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                docstrings.add(id(first.value))
            for statement, after in zip(node.body, node.body[1:], strict=False):
                # an attribute's docstring: the string right after an assignment
                if isinstance(statement, ast.Assign | ast.AnnAssign) and isinstance(after, ast.Expr):
                    docstrings.add(id(after.value))
    return [
        (node.lineno, node.value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings
    ]


def test_no_python_outside_the_engine_names_a_variant_key() -> None:
    named = [
        f"{path.relative_to(ROOT)}:{line}: {text!r}"
        for path in python_files()
        for line, text in literals(path)
        if KEY.search(text)
    ]
    assert named == []


def test_no_template_style_or_script_names_a_variant_key() -> None:
    text = (".html", ".css", ".js", ".svg")
    files = [
        path
        for path in [*(ROOT / "templates").rglob("*"), *(ROOT / "scoring" / "static").rglob("*")]
        if path.suffix in text
    ]
    named = [
        f"{path.relative_to(ROOT)}:{number}: {line.strip()}"
        for path in files
        for number, line in enumerate(path.read_text().splitlines(), start=1)
        if KEY.search(line)
    ]
    assert named == []


def test_the_guard_sees_a_variant_key_where_one_is_named(tmp_path: Path) -> None:
    module = tmp_path / "sneaky.py"
    module.write_text('"""About droggn."""\n\ndef cents(variant):\n    return variant == "dreiertarock"\n')
    assert [text for _line, text in literals(module) if KEY.search(text)] == ["dreiertarock"]
