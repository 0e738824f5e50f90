"""Browser tests: Debian's Chromium driven by Playwright, on a phone-sized screen.

Where Chromium is missing they are skipped on a laptop, but fail in CI (``CI=true``), which
installs it: a browser test that silently never runs proves nothing.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

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
