"""Areas import one way, pure cores import no Django, and nothing imports in a circle.

The data side of the site (models, services, read sides: every module that is not a page) is
layered ``club < sittings < scorekeeping < tournaments < ledger < evenings``: a module may import its own
area and the areas below it, never one above (a lower area that needs to know something of a
higher one is given a flag or a hook instead). Below them all lie the shared parts: the pure ones
(the engine, the spreadsheets, the money, the site's limits) import no Django at all, nor do the
pure cores inside the areas (the draw and the standings of tournaments, the season ranking of the
ledger); ``scoring.refusals``, how every page says no, is shared too. Pages (views, urls, forms,
django-tables2 tables, template tags, and a page that two areas' views show, such as the deal
form's) may read any area's data side and the pages of their own area or the areas below, but no
area's views import another area's views. Models are imported from their own area, never through
the aggregator ``scoring.models`` that Django loads.

Imports are read from the source (``ast``), those inside functions included: an import hidden in
a function is a dependency too.
"""

from __future__ import annotations

import ast
import os
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

AREAS = ("shared", "club", "sittings", "scorekeeping", "tournaments", "ledger", "evenings", "site")
"""Every area, lowest first: ``shared`` holds the pure parts everyone uses; ``site`` what stands
on all of them (the demo club, the commands, the admin, the project's URLs)."""

PAGE_FILES = ("views", "urls", "forms", "tables", "deal_form", "deal_page", "table_link")
"""Modules (by file name) that make pages: they answer requests, or are forms and tables of them."""

VIEW_FILES = ("views", "table_link")
"""Pages that are views of their area (addresses answered); another area's views never import them."""

PLACES = {
    "scoring": ("shared", True),
    "scoring.engine": ("shared", True),
    "scoring.spreadsheets": ("shared", True),
    "scoring.money": ("shared", True),
    "scoring.limits": ("shared", True),
    "scoring.samples": ("shared", True),
    "scoring.submissions": ("club", False),
    "scoring.accounts": ("club", False),
    "scoring.club": ("club", False),
    "scoring.sittings": ("sittings", False),
    "scoring.ratings": ("sittings", False),
    "scoring.ratings.model": ("sittings", True),
    "scoring.scorekeeping": ("scorekeeping", False),
    "scoring.tournaments": ("tournaments", False),
    "scoring.tournaments.draw": ("tournaments", True),
    "scoring.tournaments.designs": ("tournaments", True),
    "scoring.tournaments.differences": ("tournaments", True),
    "scoring.tournaments.cover": ("tournaments", True),
    "scoring.tournaments.orbits": ("tournaments", True),
    "scoring.tournaments.repeat_free": ("tournaments", True),
    "scoring.tournaments.search": ("tournaments", True),
    "scoring.tournaments.seats": ("tournaments", True),
    "scoring.tournaments.layout": ("tournaments", True),
    "scoring.tournaments.ranking": ("tournaments", True),
    "scoring.tournaments.qr": ("tournaments", True),
    "scoring.ledger": ("ledger", False),
    "scoring.ledger.ranking": ("ledger", True),
    "scoring.evenings": ("evenings", False),
    "scoring.evenings.proposal": ("evenings", True),
    "scoring.access": ("site", False),
    "scoring.refusals": ("shared", False),
    "scoring.dates": ("shared", False),
    "scoring.downloads": ("site", False),
    "scoring.manifest": ("site", False),
    "scoring.templatetags": ("site", False),
    "scoring.management": ("site", False),
    "scoring.demo": ("site", False),
    "scoring.admin": ("site", False),
    "scoring.apps": ("site", False),
    "scoring.urls": ("site", False),
    "scoring.models": ("site", False),
}
"""Where each package or module belongs, and whether it is pure (no Django, only pure imports);
the longest name that a module's name starts with decides."""


@dataclass(frozen=True)
class Module:
    name: str
    area: str
    pure: bool
    page: bool
    views: bool
    imports: frozenset[str]

    @property
    def rank(self) -> int:
        return AREAS.index(self.area)


def place(name: str) -> tuple[str, bool]:
    """The area of a module and whether it is pure: the longest entry of ``PLACES`` it is or lies
    in (the package ``scoring`` itself places only itself)."""
    for prefix in sorted(PLACES, key=len, reverse=True):
        if name == prefix or (prefix != "scoring" and name.startswith(prefix + ".")):
            return PLACES[prefix]
    raise AssertionError(f"{name} belongs to no area: give it a place in PLACES")


def imported(tree: ast.AST, name: str, package: bool) -> set[str]:
    """The modules a module imports, absolute, wherever in it the import stands."""
    found: set[str] = set()
    here = name.split(".") if package else name.split(".")[:-1]
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parent = here[: len(here) - node.level + 1]
                base = ".".join(parent + ([node.module] if node.module else []))
            found.add(base)
            # ``from scoring.engine import reasons`` imports the module scoring.engine.reasons
            found.update(f"{base}.{alias.name}" for alias in node.names)
    return found


def read_modules(root: Path = ROOT) -> dict[str, Module]:
    """Every module of the ``scoring`` package but its migrations."""
    found: dict[str, Module] = {}
    for path in sorted((root / "scoring").rglob("*.py")):
        relative = path.relative_to(root).with_suffix("")
        if "migrations" in relative.parts:
            continue
        package = relative.name == "__init__"
        name = ".".join(relative.parts[:-1] if package else relative.parts)
        area, pure = place(name)
        stem = relative.parts[-2] if package else relative.name
        found[name] = Module(
            name,
            area,
            pure,
            page=stem in PAGE_FILES or name.startswith("scoring.templatetags"),
            views=stem in VIEW_FILES,
            imports=frozenset(imported(ast.parse(path.read_text(encoding="utf-8")), name, package)),
        )
    known = set(found)
    return {
        name: Module(
            m.name, m.area, m.pure, m.page, m.views, frozenset(i for i in m.imports if i in known or _outside(i))
        )
        for name, m in found.items()
    }


def _outside(name: str) -> bool:
    return not name.startswith("scoring")


# Read once, while the tests are collected and no other thread runs: CPython 3.11.7's ast.parse keeps
# its recursion depth in state the threads share, and failed now and then beside the live-server tests
# ("AST constructor recursion depth mismatch").
SCORING = read_modules()


def modules() -> dict[str, Module]:
    """A copy of the modules read at collection, for a test to plant imports in."""
    return dict(SCORING)


def violations(found: dict[str, Module]) -> list[str]:
    """Every import against the layers, in words."""
    wrong = []
    for module in found.values():
        for name in sorted(module.imports):
            if name.split(".")[0] == "django" and module.pure:
                wrong.append(f"{module.name} is pure but imports {name}")
            if name not in found:
                continue
            other = found[name]
            if name == "scoring.models":
                wrong.append(f"{module.name} imports models through scoring.models: import them from their area")
            elif module.pure and not other.pure:
                wrong.append(f"{module.name} is pure but imports {name}, which is not")
            elif not module.page and other.page:
                wrong.append(f"{module.name} ({module.area}'s data side) imports the page module {name}")
            elif not module.page and other.rank > module.rank:
                wrong.append(f"{module.name} ({module.area}) imports {name} of the higher area {other.area}")
            elif module.views and other.views and other.area != module.area:
                wrong.append(f"{module.name} imports another area's views, {name}")
            elif module.page and other.page and other.rank > module.rank:
                wrong.append(f"{module.name} imports the page module {name} of the higher area {other.area}")
    return wrong + [f"import cycle: {' -> '.join(cycle)}" for cycle in cycles(found)]


def cycles(found: dict[str, Module]) -> list[list[str]]:
    """Import cycles among the site's modules (a package importing its own modules is none)."""
    edges = {
        name: sorted(
            i for i in m.imports if i in found and not name.startswith(i + ".") and not i.startswith(name + ".")
        )
        for name, m in found.items()
    }
    seen: set[str] = set()
    on_path: list[str] = []
    out: list[list[str]] = []

    def visit(name: str) -> None:
        if name in on_path:
            out.append([*on_path[on_path.index(name) :], name])
            return
        if name in seen:
            return
        seen.add(name)
        on_path.append(name)
        for other in edges[name]:
            visit(other)
        on_path.pop()

    for name in sorted(edges):
        visit(name)
    return out


def test_every_import_follows_the_layers() -> None:
    assert violations(modules()) == []


@pytest.mark.parametrize(
    ("importer", "imported_module", "said"),
    [
        ("scoring.sittings.services", "scoring.ledger.models", "of the higher area ledger"),
        ("scoring.club.services", "scoring.sittings.services", "of the higher area sittings"),
        ("scoring.engine.base", "django.db", "is pure but imports django.db"),
        ("scoring.spreadsheets.reader", "scoring.club.models", "is pure but imports scoring.club.models"),
        ("scoring.tournaments.views", "scoring.scorekeeping.views", "imports another area's views"),
        ("scoring.ledger.results", "scoring.models", "through scoring.models"),
        ("scoring.club.models", "scoring.club.views", "imports the page module"),
    ],
)
def test_it_finds_a_planted_import_against_the_layers(importer: str, imported_module: str, said: str) -> None:
    found = modules()
    planted = found[importer]
    found[importer] = Module(
        planted.name, planted.area, planted.pure, planted.page, planted.views, planted.imports | {imported_module}
    )
    assert any(said in problem and importer in problem for problem in violations(found))


def test_it_reads_every_kind_of_import_where_it_stands() -> None:
    source = """
import scoring.limits
from . import documents
from ..club.models import Club
from scoring.engine import reasons

def later():
    from scoring.ledger.models import Season
"""
    found = imported(ast.parse(source), "scoring.sittings.services", package=False)
    assert {
        "scoring.limits",
        "scoring.sittings.documents",
        "scoring.club.models",
        "scoring.engine.reasons",
        "scoring.ledger.models",
    } <= found


def test_every_module_has_a_place() -> None:
    with pytest.raises(AssertionError, match="belongs to no area"):
        place("scoring.newcomer")


def test_it_finds_a_planted_import_cycle() -> None:
    found = modules()
    limits = found["scoring.limits"]
    found["scoring.limits"] = Module(
        limits.name, limits.area, False, limits.page, limits.views, limits.imports | {"scoring.club.models"}
    )
    assert any(p.startswith("import cycle:") for p in violations(found))


PURE_PROBE = """
import importlib, sys
for name in sys.argv[1:]:
    importlib.import_module(name)
print(sorted(m for m in sys.modules if m == "django" or m.startswith("django.")))
"""


def test_the_pure_cores_load_no_django_when_imported() -> None:
    """Beside the reading of the source, the proof: importing every pure module loads no Django."""
    pure = sorted(name for name, module in modules().items() if module.pure)
    env = {k: v for k, v in os.environ.items() if k != "DJANGO_SETTINGS_MODULE"}
    done = subprocess.run(
        [sys.executable, "-c", PURE_PROBE, *pure], cwd=ROOT, env=env, capture_output=True, text=True, check=True
    )
    assert done.stdout.strip() == "[]"
    assert {"scoring.engine", "scoring.spreadsheets.reader", "scoring.money", "scoring.tournaments.draw"} <= set(pure)
