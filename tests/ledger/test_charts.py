"""The charts read on a phone: their text is big enough at 360 pixels, every date is labelled (or
every k-th, at a regular step, when they are too many to be written apart), and nothing is cut at
the drawing's edges: not the numbers of the axis, not the longest name at a line's end."""

from __future__ import annotations

import datetime
import re
from itertools import pairwise

import pytest
from django.test import Client

from scoring.ledger.charts import FONT, WIDTH, Series, _text_width, bar_chart, line_chart

from ..factories import make_club
from .stored import store_sitting

PHONE_CHART = 330
"""How wide a chart is drawn on a phone 360 pixels wide (the page's margins taken off)."""


def dated(days: list[datetime.date], lines: list[tuple[str, list[int]]]) -> Series:
    return Series([float(day.toordinal()) for day in days], [day.strftime("%d.%m.%y") for day in days], lines)


def texts(chart: str, kind: str) -> list[tuple[float, str, str]]:
    """Each text of a class: its x, its other attributes, and what it says."""
    found = re.findall(rf'<text class="{kind}" x="([-\d.]+)"([^>]*)>([^<]*)</text>', chart)
    return [(float(x), rest, said) for x, rest, said in found]


def weekly(count: int) -> list[datetime.date]:
    return [datetime.date(2026, 1, 9) + datetime.timedelta(weeks=week) for week in range(count)]


def test_its_text_is_at_least_eleven_pixels_high_on_a_phone() -> None:
    chart = line_chart(dated(weekly(3), [("Anna", [1, 2, 3])]), "totals")
    size = float(re.search(r'<svg class="chart" viewBox="0 0 (\d+) \d+" font-size="(\d+)"', chart).group(2))  # type: ignore[union-attr]
    assert "font-size" not in chart.split(">", 1)[1], "one size for every text, set on the drawing"
    assert size * PHONE_CHART / WIDTH >= 11


@pytest.mark.django_db
def test_a_season_of_seven_dates_labels_every_date(client: Client) -> None:
    club = make_club(public=True)
    for day in weekly(7):
        store_sitting(club, "droggn", day, 3, {"Anna": (12, 3), "Hansi Müller-Lüdenscheidt": (-12, 3)})
    page = client.get(f"/clubs/{club.slug}/ledger/charts/?variant=droggn&year=2026").content.decode()
    totals = re.search(r'id="totals-chart".*?(<svg.*?</svg>)', page, re.S)
    assert totals is not None
    chart = totals.group(1)
    assert len(texts(chart, "tick date")) == 7, "each of the seven dates"
    attendance = re.search(r'id="attendance-chart".*?(<svg.*?</svg>)', page, re.S)
    assert attendance is not None and len(texts(attendance.group(1), "tick date")) == 7


def test_too_many_dates_are_labelled_at_a_regular_step_none_touching_the_next() -> None:
    days = weekly(45)
    chart = line_chart(dated(days, [("Anna", list(range(45)))]), "totals")
    labels = texts(chart, "tick date")
    shown = [said for _x, _rest, said in labels]
    assert shown[0] == days[0].strftime("%d.%m.%y"), "from the first date"
    step = [day.strftime("%d.%m.%y") for day in days].index(shown[1])
    assert step > 1 and shown == [day.strftime("%d.%m.%y") for day in days[::step]], "every k-th date"
    places = [x for x, _rest, _said in labels]
    assert min(b - a for a, b in pairwise(places)) >= FONT, "slanted, a line apart"
    assert all("rotate(-40" in rest for _x, rest, _said in labels)


@pytest.mark.parametrize("name", ["Hansi Müller", "Hansi Müller-Lüdenscheidt", "Maximilian Wolfgang Mozart-Weißenbach"])
def test_the_longest_name_fits_inside_the_drawing(name: str) -> None:
    chart = line_chart(dated(weekly(4), [(name, [10, -20, 30, 120]), ("Bo", [-10, 20, -30, -120])]), "totals")
    for x, rest, said in texts(chart, "name"):
        squeezed = re.search(r'textLength="([\d.]+)"', rest)
        width = float(squeezed.group(1)) if squeezed else _text_width(said, bold=True)
        assert x + width <= WIDTH, f"{said} ends at {x + width:.0f} of {WIDTH}"
    assert texts(chart, "name")[0][2] == name, "written whole"


def test_the_axis_numbers_fit_at_the_left() -> None:
    chart = line_chart(dated(weekly(2), [("Anna", [-12_000, 25_000])]), "totals")
    for x, _rest, said in texts(chart, "tick"):
        assert x - _text_width(said) >= 0, f"{said} starts before the drawing"


def test_one_date_draws_points_with_their_values_inside_the_drawing() -> None:
    chart = line_chart(dated(weekly(1), [("Hansi Müller", [1234]), ("Bo", [-1234])]), "totals")
    assert chart.count('<circle class="point"') == 2 and "<polyline" not in chart
    values = texts(chart, "value")
    assert [said for _x, _rest, said in values] == ["1,234", "-1,234"]
    assert all(x - _text_width(said) >= 0 for x, _rest, said in values)
    assert len(texts(chart, "tick date")) == 1


def test_the_attendance_labels_every_date_it_can() -> None:
    bars = [(day.strftime("%d.%m.%y"), 4) for day in weekly(7)]
    assert len(texts(bar_chart(bars, "attendance"), "tick date")) == 7
