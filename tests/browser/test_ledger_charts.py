"""The season's charts on the narrowest phone (360 pixels wide): every text of a chart at least 11
pixels high and inside the drawing, a season of one date drawn as points with their values, one
of seven dates with each date labelled and a long name whole (screenshots of both)."""

from __future__ import annotations

import datetime
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page

from scoring.club.models import Club

from ..ledger.stored import store_sitting

pytestmark = pytest.mark.django_db(transaction=True)

NARROW = {"width": 360, "height": 780}

MEASURED = """svg => {
  const box = svg.getBoundingClientRect();
  const unit = box.width / svg.viewBox.baseVal.width;
  return [...svg.querySelectorAll("text")].map(text => {
    const r = text.getBoundingClientRect();
    return {
      text: text.textContent,
      px: parseFloat(getComputedStyle(text).fontSize) * unit,
      inside: r.left >= box.left - 0.5 && r.right <= box.right + 0.5
        && r.top >= box.top - 0.5 && r.bottom <= box.bottom + 0.5,
    };
  });
}"""


def charts_of(page: Page, live_server: Any, club: Club, folder: Path, name: str) -> list[dict[str, Any]]:
    """The totals chart of the club's 2026 Droggn season at 360 pixels: each text's size in
    pixels and whether it lies inside the drawing; a screenshot of the chart as ``name``."""
    page.set_viewport_size(NARROW)
    page.goto(f"{live_server.url}/clubs/{club.slug}/ledger/charts/?variant=droggn&year=2026")
    chart = page.locator("#totals-chart svg.chart")
    chart.scroll_into_view_if_needed()
    folder.mkdir(parents=True, exist_ok=True)
    page.locator("#totals-chart").screenshot(path=str(folder / name))
    measured: list[dict[str, Any]] = chart.evaluate(MEASURED)
    return measured


def test_a_season_of_one_date_shows_each_player_as_a_point_with_his_value(
    live_server: Any, page: Page, output_path: str
) -> None:
    club = Club.objects.create(name="Droggn-Runde", slug="runde", public=True)
    store_sitting(club, "droggn", "2026-01-09", 3, {"Anna": (12, 3), "Hansi Müller": (-4, 3), "Cleo": (-8, 3)})
    texts = charts_of(page, live_server, club, Path(output_path), "chart-one-date.png")
    said = [text["text"] for text in texts]
    assert {"12", "-4", "-8", "Anna", "Hansi Müller", "Cleo"} <= set(said)
    assert all(text["px"] >= 11 for text in texts), texts
    assert all(text["inside"] for text in texts), [text for text in texts if not text["inside"]]


def test_a_season_of_seven_dates_labels_each_and_cuts_no_name(live_server: Any, page: Page, output_path: str) -> None:
    club = Club.objects.create(name="Droggn-Runde", slug="runde", public=True)
    players = ["Anna", "Hansi Müller-Lüdenscheidt", "Cleo", "Bert"]
    for week in range(7):
        day = datetime.date(2026, 1, 9) + datetime.timedelta(weeks=week)
        points = [12, -4, -8, 0] if week % 2 else [-6, 10, 2, -6]
        store_sitting(club, "droggn", day, 3, {name: (p, 3) for name, p in zip(players, points, strict=True)})
    texts = charts_of(page, live_server, club, Path(output_path), "chart-seven-dates.png")
    said = [text["text"] for text in texts]
    assert sum(1 for text in said if text.count("/") == 2) == 7, f"each of the seven dates: {said}"
    assert "Hansi Müller-Lüdenscheidt" in said
    assert all(text["px"] >= 11 for text in texts), texts
    assert all(text["inside"] for text in texts), [text for text in texts if not text["inside"]]
