"""Browser tests: Debian's Chromium driven by Playwright, on a phone-sized screen.

Where Chromium is missing they are skipped on a laptop, but fail in CI (``CI=true``), which
installs it: a browser test that silently never runs proves nothing.
"""

from __future__ import annotations

import os
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
