"""Every page of the walk (``site_walk``: the permission matrix's pages as each persona reads
them, each game's pages and the refused forms), checked three ways in one test, on a phone:

- axe-core finds no critical, serious or moderate violation (in English), and every control a
  thumb taps is at least 44 × 44 px (a checkbox or radio button by its label, which takes the tap
  too), in English and, on the admin's pages, in Danish, whose long words wrap the most;
- the Nu Html Checker finds no error in the HTML as served (what a phone's parser gets, before
  any script);
- every ``aria-describedby``, ``aria-labelledby`` and label's ``for`` names an id on the page
  (neither checker reports a description that points nowhere).

Each page is rendered once, by the test client signed in as its persona (a refused form as its
answer to what the page sent), and that HTML is what both checkers read. In Chromium, one page
of the site's origin (the live server, for the stylesheet and scripts) takes each page's HTML in
turn, so axe (the npm package, pinned in ``conftest.NPM_TOOLS``), added once as an init script,
stays loaded and no page is rendered twice: that halves the walk. ``vnu.jar`` runs once on every
page (a file each) beside it.
"""

from __future__ import annotations

import json
import subprocess
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser

from ..pages import dangling
from ..test_permissions import world  # noqa: F401  (the matrix's world, as a fixture)
from .conftest import PHONE
from .site_walk import Page, pages

pytestmark = pytest.mark.django_db(transaction=True)

FAILING = {"critical", "serious", "moderate"}
"""The impacts that fail the walk; axe's "minor" findings are left to judgement."""

AXE = "async () => (await axe.run(document, {resultTypes: ['violations']})).violations"

TAP_TARGETS = """() => {
  const small = [];
  for (const el of document.querySelectorAll("a.button, button, input:not([type=hidden]), select, summary, textarea")) {
    if (el.offsetParent === null) continue;
    let target = el;
    if (el.type === "checkbox" || el.type === "radio") target = el.closest("label") || el.labels[0] || el;
    const box = target.getBoundingClientRect();
    if (box.width && box.height && (box.width < 44 || box.height < 44)) {
      const said = (el.name || el.id || el.textContent || "").trim().slice(0, 24);
      small.push(`${el.tagName.toLowerCase()} "${said}" ${Math.round(box.width)}×${Math.round(box.height)}`);
    }
  }
  return small;
}"""


def validate(found: list[Page], folder: Path, vnu: Path, java: str) -> subprocess.Popen[str]:
    """Start the Nu Html Checker on every page, each written to a file of ``folder``."""
    for number, one in enumerate(found):
        (folder / f"{number:03}.html").write_text(one.html)
    command = [java, "-Xss4m", "-jar", str(vnu), "--errors-only", "--exit-zero-always", "--format", "json", str(folder)]
    return subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)


def validator_errors(checking: subprocess.Popen[str], found: list[Page]) -> list[str]:
    _out, report = checking.communicate(timeout=300)
    assert checking.returncode == 0, report
    said = []
    for message in json.loads(report)["messages"]:
        if message["type"] != "info":
            one = found[int(Path(message.get("url", "")).stem)]
            said.append(f"{one} line {message.get('lastLine')}: {message['message']} {message.get('extract', '')!r}")
    return said


def walk(browser: Browser, live_server: Any, found: list[Page], axe: Path) -> Iterator[tuple[Page, Any, list[str]]]:
    """Each page in Chromium: axe's violations (``None`` where only the targets are measured)
    and the small targets."""
    context = browser.new_context(**PHONE)
    context.add_init_script(path=str(axe))
    page = context.new_page()
    page.goto(live_server.url + "/")
    try:
        for one in found:
            page.set_content(one.html)
            yield one, page.evaluate(AXE) if one.language == "en" else None, page.evaluate(TAP_TARGETS)
    finally:
        context.close()


@pytest.mark.parametrize("world", [True], ids=["public"], indirect=True)
def test_every_page_passes_axe_and_the_html_checker(
    world: dict[str, Any],  # noqa: F811
    live_server: Any,
    browser: Browser,
    npm_tools: Path,
    java: str,
    tmp_path: Path,
) -> None:
    found = pages(world)
    vnu = npm_tools / "node_modules" / "vnu-jar" / "build" / "dist" / "vnu.jar"
    checking = validate(found, tmp_path, vnu, java)
    axe = npm_tools / "node_modules" / "axe-core" / "axe.min.js"
    violations: list[str] = []
    small: list[str] = []
    counts: Counter[str] = Counter()
    for one, seen, targets in walk(browser, live_server, found, axe):
        for violation in seen or []:
            if violation["impact"] in FAILING:
                counts[f"{violation['id']} ({violation['impact']})"] += len(violation["nodes"])
                where = [node["target"] for node in violation["nodes"]][:3]
                violations.append(f"{one}: {violation['id']} ({violation['impact']}) {where}")
        small += [f"{one}: {target}" for target in targets]
    pointing_nowhere = [f"{one}: {ref}" for one in found for ref in dangling(one.html)]
    invalid = validator_errors(checking, found)
    failures = {
        f"axe: {len(violations)} violations {dict(counts)}": violations,
        f"tap targets under 44 × 44 px: {len(small)}": small,
        f"the HTML checker: {len(invalid)} errors": invalid,
        f"references to no id: {len(pointing_nowhere)}": pointing_nowhere,
    }
    said = [f"{title}\n  " + "\n  ".join(lines) for title, lines in failures.items() if lines]
    assert not said, f"over {len(found)} pages:\n" + "\n".join(said)
