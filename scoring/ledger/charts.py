"""Charts drawn on the server as SVG: no JavaScript, nothing from another site, readable in print.

Each chart stands beside a table with the same numbers (for screen readers and for copying):
the templates show both. Colours and line widths come from the site's stylesheet through
classes (``s0`` … ``s9``); the SVG carries no style attribute, as the Content-Security-Policy
wants. Text in the charts (names, dates, numbers) is escaped.

- ``line_chart``: a line per player over dates on a time axis (a running or cumulative total, a
  rating); over a single date, where a line has no length, a point per player with its value.
- ``bar_chart``: a bar per date (attendance).
"""

from __future__ import annotations

import datetime
import math
import zlib
from collections import defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import pairwise
from typing import TYPE_CHECKING

from django.utils.formats import date_format
from django.utils.html import escape, format_html
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _

from scoring.ledger.amounts import figure_text

if TYPE_CHECKING:
    from scoring.ledger.results import Part, Statistics
    from scoring.ratings.results import Step

MOST_LINES = 10
"""Lines one chart draws at most: the season's leaders; the table beside it lists them too."""

WIDTH, HEIGHT = 560, 300
LEFT, RIGHT, TOP, BOTTOM = 60, 110, 16, 40
"""The drawing's size and margins (room for the numbers on the left, names on the right, dates
below), in units of the drawing: on a phone's width a unit is about two thirds of a pixel."""
BAR_RIGHT = 12
"""A bar chart names nothing at its right edge."""
LABEL = 16
"""The height of a name at a line's end: names closer than this are moved apart."""


@dataclass(frozen=True)
class Series:
    """Lines over a list of points in time: ``x`` are the positions (dates, or deal numbers),
    ``labels`` how each is written, ``lines`` a name and a value per position."""

    x: list[float]
    labels: list[str]
    lines: list[tuple[str, list[int]]]

    @classmethod
    def of_player(cls, stats: Statistics) -> Series:
        """A player's total game points of the season after each of his sittings."""
        dates = [sitting.terms.date for sitting in stats.sittings]
        return cls(_days(dates), [_day(date) for date in dates], [(stats.player, [s.total for s in stats.sittings])])

    @classmethod
    def of_ratings(cls, name: str, steps: Sequence[Step]) -> Series:
        """A player's rating after each of his rated sittings (over their dates)."""
        dates = [step.date for step in steps]
        return cls(_days(dates), [_day(date) for date in dates], [(name, [step.rating for step in steps])])

    def rows(self) -> list[tuple[str, list[int]]]:
        """The numbers as a table: a row per position with each line's value."""
        return [(label, [values[i] for _name, values in self.lines]) for i, label in enumerate(self.labels)]


def _day(date: datetime.date) -> str:
    return date_format(date, "SHORT_DATE_FORMAT")


def _days(dates: Sequence[datetime.date]) -> list[float]:
    return [float(date.toordinal()) for date in dates]


def totals_by_date(found: Sequence[Part], players: Sequence[str]) -> Series:
    """Each of ``players``' season total of game points after each date of the season (one
    point per date on which any sitting of the game was played)."""
    dates = sorted({part.sitting.date for part in found})
    by_date: dict[str, dict[datetime.date, int]] = defaultdict(lambda: defaultdict(int))
    for part in found:
        by_date[part.player][part.sitting.date] += part.points
    lines = []
    for name in players:
        total, values = 0, []
        for date in dates:
            total += by_date[name].get(date, 0)
            values.append(total)
        lines.append((name, values))
    return Series(_days(dates), [_day(date) for date in dates], lines)


def running_totals(
    players: Sequence[str], totals: Sequence[Sequence[int]], *, start: Sequence[int] | None = None, first: int = 1
) -> Series:
    """A sitting's running total of each player after each deal from deal ``first`` on, and before
    it (``start``: 0 for everyone at deal 1)."""
    begin = list(start) if start is not None else [0] * len(players)
    columns = [[begin[i], *(row[i] for row in totals)] for i in range(len(players))]
    positions = list(range(first - 1, first + len(totals)))
    return Series([float(x) for x in positions], [str(x) for x in positions], list(zip(players, columns, strict=True)))


def attendance_by_date(found: Sequence[Part]) -> list[tuple[str, int]]:
    """How many players sat at the game's tables on each date of the season."""
    players: dict[datetime.date, set[int]] = defaultdict(set)
    for part in found:
        players[part.sitting.date].add(part.player_id)
    return [(_day(date), len(players[date])) for date in sorted(players)]


# --- drawing ------------------------------------------------------------------------------------


def _ticks(low: float, high: float, most: int = 6) -> list[float]:
    """Round values from ``low`` to ``high`` for an axis: steps of 1, 2 or 5 × 10ⁿ."""
    if high <= low:
        return [low]
    rough = (high - low) / (most - 1)
    power = 10 ** math.floor(math.log10(rough))
    step = next(f * power for f in (1, 2, 5, 10) if f * power >= rough)
    first = math.ceil(low / step) * step
    return [first + i * step for i in range(int((high - first) // step) + 1)]


def _frame(title: str, what: str) -> tuple[str, str]:
    ident = f"chart-{zlib.crc32(title.encode()):08x}"
    opening = format_html(
        '<svg class="chart" viewBox="0 0 {} {}" role="img" aria-labelledby="{}-t {}-d" '
        'xmlns="http://www.w3.org/2000/svg"><title id="{}-t">{}</title><desc id="{}-d">{}</desc>',
        WIDTH,
        HEIGHT,
        ident,
        ident,
        ident,
        title,
        ident,
        what,
    )
    return opening, "</svg>"


def _n(value: float) -> str:
    """A coordinate of the drawing, to a tenth."""
    return f"{value:.1f}"


def _y_axis(low: float, high: float, scale: float, base: float, right: int = RIGHT) -> list[str]:
    out: list[str] = []
    for value in _ticks(low, high):
        y = base - (value - low) * scale
        out.append(
            format_html(
                '<line class="grid" x1="{}" y1="{}" x2="{}" y2="{}"/>'
                '<text class="tick" x="{}" y="{}" text-anchor="end">{}</text>',
                LEFT,
                _n(y),
                WIDTH - right,
                _n(y),
                LEFT - 6,
                _n(y + 4),
                figure_text(int(value)),
            )
        )
    return out


def _x_labels(x: Sequence[float], labels: Sequence[str], place: Callable[[float], float]) -> list[str]:
    """Up to six labels along the bottom, the first and the last among them."""
    if not labels:
        return []
    count = len(labels)
    chosen = sorted({round(i * (count - 1) / 5) for i in range(6)}) if count > 6 else range(count)
    return [
        format_html(
            '<text class="tick" x="{}" y="{}" text-anchor="middle">{}</text>',
            _n(place(x[i])),
            HEIGHT - BOTTOM + 18,
            labels[i],
        )
        for i in chosen
    ]


def _spread(heights: Sequence[float]) -> list[float]:
    """Where the names at the lines' ends go: at their lines' heights, moved apart (keeping their
    order) so that no two are closer than a name is high."""
    order = sorted(range(len(heights)), key=lambda i: heights[i])
    placed = list(heights)
    for before, after in pairwise(order):
        placed[after] = max(placed[after], placed[before] + LABEL)
    return placed


def line_chart(series: Series, title: str, *, from_zero: bool = True) -> SafeString:
    """A line per name over the positions of ``series``, with the name at its end. The axis shows
    0 (a total) unless ``from_zero`` is false (a rating, far from 0: the axis spans its values)."""
    values = [value for _name, line in series.lines for value in line]
    opening, closing = _frame(title, str(escape(_("The numbers are in the table beside the chart."))))
    if not values or not series.x:
        return mark_safe(opening + closing)  # every part went through format_html
    floor = [0] if from_zero else []
    low, high = float(min([*floor, *values])), float(max([*floor, *values]))
    ticks = _ticks(low, high)
    low, high = min(low, ticks[0]), max(high, ticks[-1])
    scale = (HEIGHT - TOP - BOTTOM) / (high - low) if high > low else 1.0
    base = HEIGHT - BOTTOM
    first, span = series.x[0], series.x[-1] - series.x[0]

    def place(x: float) -> float:
        return LEFT + ((x - first) / span if span else 0.5) * (WIDTH - LEFT - RIGHT)

    def height(value: float) -> float:
        return base - (value - low) * scale

    parts = _y_axis(low, high, scale, base)
    if from_zero:
        parts.append(
            format_html(
                '<line class="axis" x1="{}" y1="{}" x2="{}" y2="{}"/>',
                LEFT,
                _n(height(0)),
                WIDTH - RIGHT,
                _n(height(0)),
            )
        )
    parts += _x_labels(series.x, series.labels, place)
    ends = _spread([height(line[-1]) for _name, line in series.lines])
    for number, ((name, line), end) in enumerate(zip(series.lines, ends, strict=True)):
        parts.append(
            format_html(
                '<g class="s{}">{}<text class="name" x="{}" y="{}">{}</text></g>',
                number % MOST_LINES,
                _one_point(place(series.x[0]), height(line[0]), line[0], end)
                if len(series.x) == 1
                else _polyline(place, height, series.x, line),
                _n(place(series.x[-1]) + 6),
                _n(end + 5),
                name,
            )
        )
    return mark_safe(opening + "".join(parts) + closing)  # every part went through format_html


def _polyline(
    place: Callable[[float], float], height: Callable[[float], float], x: Sequence[float], line: Sequence[int]
) -> SafeString:
    points = " ".join(f"{_n(place(at))},{_n(height(value))}" for at, value in zip(x, line, strict=True))
    return format_html('<polyline class="line" points="{}"/>', points)


def _one_point(x: float, y: float, value: int, label_y: float) -> SafeString:
    """A line of one position (a season of one date) is no line: a point, and its value written
    left of it at the height of its name (names are moved apart, so the values are too)."""
    return format_html(
        '<circle class="point" cx="{}" cy="{}" r="4"/><text class="value" x="{}" y="{}" text-anchor="end">{}</text>',
        _n(x),
        _n(y),
        _n(x - 8),
        _n(label_y + 5),
        figure_text(value),
    )


def bar_chart(bars: Sequence[tuple[str, int]], title: str) -> SafeString:
    """A bar per label (a date), from 0 up to its value."""
    opening, closing = _frame(title, str(escape(_("The numbers are in the table beside the chart."))))
    if not bars:
        return mark_safe(opening + closing)  # every part went through format_html
    high = float(max(1, *(value for _label, value in bars)))
    high = max(high, _ticks(0, high)[-1])
    base = HEIGHT - BOTTOM
    scale = (HEIGHT - TOP - BOTTOM) / high
    slot = (WIDTH - LEFT - BAR_RIGHT) / len(bars)
    parts = _y_axis(0, high, scale, base, BAR_RIGHT)
    for i, (label, value) in enumerate(bars):
        parts.append(
            format_html(
                '<rect class="bar" x="{}" y="{}" width="{}" height="{}"><title>{}: {}</title></rect>',
                _n(LEFT + i * slot + slot * 0.15),
                _n(base - value * scale),
                _n(slot * 0.7),
                _n(value * scale),
                label,
                value,
            )
        )
    x = [float(i) for i in range(len(bars))]
    parts += _x_labels(x, [label for label, _value in bars], lambda i: LEFT + (i + 0.5) * slot)
    return mark_safe(opening + "".join(parts) + closing)  # every part went through format_html
