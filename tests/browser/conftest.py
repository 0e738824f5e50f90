"""Browser tests: Debian's Chromium driven by Playwright, on a phone-sized screen.

Where Chromium is missing they are skipped on a laptop, but fail in CI (``CI=true``), which
installs it: a browser test that silently never runs proves nothing.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page

CHROMIUM = "/usr/bin/chromium"
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}

# The live server runs in a thread beside Playwright's synchronous API.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    if Path(CHROMIUM).exists():
        return
    for item in items:
        if "tests/browser/" in str(item.fspath):
            if os.environ.get("CI") == "true":
                item.add_marker(pytest.mark.xfail(reason="CI must install chromium", strict=True, run=False))
            else:
                item.add_marker(pytest.mark.skip(reason=f"no {CHROMIUM} here; CI installs it"))


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    return {
        **browser_type_launch_args,
        "executable_path": CHROMIUM,
        "args": [
            "--no-sandbox",
            "--disable-gpu",
            "--disable-dev-shm-usage",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--no-first-run",
        ],
    }


def new_tournament(page: Page, base: str, who: tuple[str, str], club: str, game: str) -> None:
    """A director signs in (``who``: user name and password) and opens the form of a new
    tournament of ``game`` at ``club``, through the pages."""
    page.goto(f"{base}/accounts/login/")
    page.get_by_label("User name").fill(who[0])
    page.get_by_label("Password").fill(who[1])
    page.get_by_role("button", name="Log in").last.click()
    page.get_by_role("link", name=club).click()
    page.get_by_role("link", name="Tournaments").first.click()
    page.get_by_role("link", name="New tournament").click()
    page.get_by_role("link", name=game).click()


def answer(page: Page, yes: bool = True) -> list[str]:
    """Answer the next question the page asks before an action that cannot be taken back
    (``data-confirm``, ``asking.js``): yes, or no; the question's words are kept, to be read."""
    asked: list[str] = []

    def reply(dialog: Any) -> None:
        asked.append(dialog.message)
        dialog.accept() if yes else dialog.dismiss()

    page.once("dialog", reply)
    return asked


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args: dict[str, Any]) -> dict[str, Any]:
    return {**browser_context_args, **PHONE}


@pytest.fixture(autouse=True)
def no_policy_violations(request: pytest.FixtureRequest) -> Iterator[None]:
    """Every page a browser test walks through meets the Content-Security-Policy: Chromium
    reports each violation on the console, and none may be reported."""
    if "page" not in request.fixturenames:
        yield
        return
    page: Page = request.getfixturevalue("page")
    reported: list[str] = []
    page.on(
        "console", lambda message: reported.append(message.text) if "Content Security Policy" in message.text else None
    )
    yield
    assert reported == []


NPM_TOOLS = {"axe-core": "4.14.1", "vnu-jar": "26.9.27"}
"""The checkers from the npm registry, pinned: axe-core (run inside Chromium) and the Nu Html
Checker (``vnu.jar``, run with Debian's java)."""
NPM_TOOLS_DIR = Path(__file__).resolve().parents[2] / ".venv" / "npm-tools"


def needed(program: str) -> str:
    """The path of a program the checkers need: missing, the test is skipped on a laptop and
    fails in CI, which installs it (``.ci/run``)."""
    found = shutil.which(program)
    if found is None:
        if os.environ.get("CI") == "true":
            pytest.fail(f"CI must install {program}")
        pytest.skip(f"no {program} here; CI installs it")
    return found


@pytest.fixture(scope="session")
def npm_tools() -> Path:
    """The folder holding ``node_modules`` with the pinned checkers, installed at the first test
    that needs them (into the venv, never committed) and kept for the next runs. Their install
    scripts are not run: vnu-jar's would download a Java of its own, and Debian's is used."""
    modules = NPM_TOOLS_DIR / "node_modules"
    wanted = [modules / name / "package.json" for name in NPM_TOOLS]
    if not all(path.exists() for path in wanted) or any(
        json.loads(path.read_text())["version"] != version
        for path, version in zip(wanted, NPM_TOOLS.values(), strict=True)
    ):
        NPM_TOOLS_DIR.mkdir(parents=True, exist_ok=True)
        installed = subprocess.run(
            [
                needed("npm"),
                "install",
                "--no-save",
                "--no-audit",
                "--no-fund",
                "--ignore-scripts",
                "--prefix",
                str(NPM_TOOLS_DIR),
                *(f"{name}@{version}" for name, version in NPM_TOOLS.items()),
            ],
            capture_output=True,
            text=True,
            timeout=300,
        )
        if installed.returncode != 0:
            pytest.fail(f"npm could not install {NPM_TOOLS}:\n{installed.stderr}")
    return NPM_TOOLS_DIR


@pytest.fixture(scope="session")
def java() -> str:
    """The Java runtime that runs ``vnu.jar``."""
    return needed("java")
