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

from django.utils.html import escape, format_html
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _

from scoring.dates import short_dates
from scoring.ledger.amounts import figure_text

if TYPE_CHECKING:
    from scoring.ledger.results import Part, Statistics
    from scoring.ratings.results import Step

MOST_LINES = 10
"""Lines one chart draws at most: the season's leaders; the table beside it lists them too."""

WIDTH, HEIGHT = 480, 300
"""The drawing's size in its own units. The page shows it as wide as the column (at most 48rem):
on a phone 360 pixels wide that is about 330 pixels, so a unit is about 0.69 pixels there."""
FONT = 17
"""The size of every text of a chart, in the drawing's units: 11.6 pixels on a 360-pixel phone,
legible; the margins are worked out from it (``_text_width``), so it is set here, on the drawing,
and not in the stylesheet."""
TOP, GAP = 16, 6
"""Room above the plot, and between a text and what it labels."""
SMALLEST_SIDE = 12
"""The least margin at the left and right of the plot."""
WIDEST_NAME = WIDTH * 2 // 5
"""The most room the names at the lines' ends take: a longer name is drawn narrower to fit."""
LABEL = FONT + 2
"""The height of a name at a line's end: names closer than this are moved apart."""
SLANT = 40
"""Dates that do not fit side by side are written slanted by this many degrees."""


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
        return cls(_days(dates), list(map(short_dates(), dates)), [(stats.player, [s.total for s in stats.sittings])])

    @classmethod
    def of_ratings(cls, name: str, steps: Sequence[Step]) -> Series:
        """A player's rating after each of his rated sittings (over their dates)."""
        dates = [step.date for step in steps]
        return cls(_days(dates), list(map(short_dates(), dates)), [(name, [step.rating for step in steps])])

    def rows(self) -> list[tuple[str, list[int]]]:
        """The numbers as a table: a row per position with each line's value."""
        return [(label, [values[i] for _name, values in self.lines]) for i, label in enumerate(self.labels)]


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
    return Series(_days(dates), list(map(short_dates(), dates)), lines)


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
    short_date = short_dates()
    return [(short_date(date), len(players[date])) for date in sorted(players)]


# --- drawing ------------------------------------------------------------------------------------

NARROW, WIDE = frozenset("ijlI.,:;'|!()[] -"), frozenset("MWmw@%ÆŒæœ")


def _text_width(text: str, bold: bool = False) -> float:
    """How wide ``text`` is written at ``FONT``, estimated on the generous side (the margins are
    made from it, and the widest common sans-serif, DejaVu Sans, sets a digit 0.64 of its size
    wide): a narrow letter 0.35 of the font size, a wide one 0.95, a capital 0.72, a digit 0.64,
    any other 0.6; bold a tenth more."""
    ems = sum(
        0.35 if c in NARROW else 0.95 if c in WIDE else 0.72 if c.isupper() else 0.64 if c.isdigit() else 0.6
        for c in text
    )
    return ems * FONT * (1.1 if bold else 1.0)


def _ticks(low: float, high: float, most: int = 6) -> list[float]:
    """Round values for an axis from ``low`` to ``high``, in steps of 1, 2 or 5 × 10ⁿ, the first
    at or below ``low`` and the last at or above ``high`` (so that no point lies on the plot's
    edge, where its value and name would meet the dates)."""
    if high <= low:
        return [low]
    rough = (high - low) / (most - 1)
    power = 10 ** math.floor(math.log10(rough))
    step = next(f * power for f in (1, 2, 5, 10) if f * power >= rough)
    first, last = math.floor(low / step) * step, math.ceil(high / step) * step
    return [first + i * step for i in range(round((last - first) / step) + 1)]


def _frame(title: str, what: str) -> tuple[str, str]:
    ident = f"chart-{zlib.crc32(title.encode()):08x}"
    opening = format_html(
        '<svg class="chart" viewBox="0 0 {} {}" font-size="{}" role="img" aria-labelledby="{}-t {}-d" '
        'xmlns="http://www.w3.org/2000/svg"><title id="{}-t">{}</title><desc id="{}-d">{}</desc>',
        WIDTH,
        HEIGHT,
        FONT,
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


@dataclass(frozen=True)
class Dates:
    """Which labels go along the bottom, and how: every ``step``-th from the first (1: all of
    them), slanted or not, and the room they take below the plot."""

    step: int
    slanted: bool
    room: float
    overhang: float = 0.0
    """How far slanted labels reach left of their places: the plot starts at least this far in."""

    @classmethod
    def fitting(cls, places: Sequence[float], labels: Sequence[str]) -> Dates:
        """Every label side by side if they fit; else slanted, every one if they fit so, or
        the smallest regular step at which none touches the next."""
        widest = max((_text_width(label) for label in labels), default=0.0)
        if _step(places, widest + GAP) == 1:
            return cls(1, False, FONT + 2 * GAP)
        slant = math.radians(SLANT)
        room = widest * math.sin(slant) + FONT * math.cos(slant) + 2 * GAP
        overhang = widest * math.cos(slant) + FONT * math.sin(slant) + GAP
        return cls(_step(places, FONT / math.sin(slant) + 2), True, room, overhang)

    def chosen(self, count: int) -> range:
        return range(0, count, self.step)


def _step(places: Sequence[float], apart: float) -> int:
    """The smallest step at which labels at every ``step``-th place are ``apart`` from each other."""
    for step in range(1, len(places) + 1):
        shown = places[::step]
        if all(b - a >= apart for a, b in pairwise(shown)):
            return step
    return max(1, len(places))


def _x_labels(places: Sequence[float], labels: Sequence[str], dates: Dates, base: float) -> list[str]:
    """The labels along the bottom, as ``dates`` says: centred under their places, or slanted
    up to the right, ending under their places."""
    out: list[str] = []
    for i in dates.chosen(len(labels)):
        x, y = _n(places[i]), _n(base + GAP + FONT * (0.8 if not dates.slanted else 0.5))
        if dates.slanted:
            out.append(
                format_html(
                    '<text class="tick date" x="{}" y="{}" text-anchor="end" transform="rotate(-{} {} {})">{}</text>',
                    x,
                    y,
                    SLANT,
                    x,
                    y,
                    labels[i],
                )
            )
        else:
            out.append(
                format_html('<text class="tick date" x="{}" y="{}" text-anchor="middle">{}</text>', x, y, labels[i])
            )
    return out


def _y_axis(ticks: Sequence[float], height: Callable[[float], float], left: float, right: float) -> list[str]:
    return [
        format_html(
            '<line class="grid" x1="{}" y1="{}" x2="{}" y2="{}"/>'
            '<text class="tick" x="{}" y="{}" text-anchor="end">{}</text>',
            _n(left),
            _n(height(value)),
            _n(right),
            _n(height(value)),
            _n(left - GAP),
            _n(height(value) + FONT * 0.35),
            figure_text(int(value)),
        )
        for value in ticks
    ]


def _left_margin(ticks: Sequence[float]) -> float:
    """Room for the widest number of the axis."""
    return max(SMALLEST_SIDE, max(_text_width(figure_text(int(v))) for v in ticks) + 2 * GAP)


def _spread(heights: Sequence[float], top: float, bottom: float) -> list[float]:
    """Where the names at the lines' ends go: at their lines' heights, moved apart (keeping their
    order) so that no two are closer than a name is high, and kept between ``top`` and
    ``bottom`` where there is room for them all."""
    order = sorted(range(len(heights)), key=lambda i: heights[i])
    placed = [min(max(h, top), bottom) for h in heights]
    for before, after in pairwise(order):
        placed[after] = max(placed[after], placed[before] + LABEL)
    if order and placed[order[-1]] > bottom:
        placed[order[-1]] = bottom
        for before, after in pairwise(reversed(order)):
            placed[after] = min(placed[after], placed[before] - LABEL)
    return placed


def _name(name: str, x: float, y: float) -> SafeString:
    """A name at a line's end; one too long for the room is drawn narrower, never cut."""
    room = WIDEST_NAME - GAP - SMALLEST_SIDE
    if _text_width(name, bold=True) <= room:
        return format_html('<text class="name" x="{}" y="{}">{}</text>', _n(x), _n(y), name)
    return format_html(
        '<text class="name" x="{}" y="{}" textLength="{}" lengthAdjust="spacingAndGlyphs">{}</text>',
        _n(x),
        _n(y),
        _n(room),
        name,
    )


def line_chart(series: Series, title: str, *, from_zero: bool = True) -> SafeString:
    """A line per name over the positions of ``series``, with the name at its end. The axis shows
    0 (a total) unless ``from_zero`` is false (a rating, far from 0: the axis spans its values).
    The margins make room for the axis's numbers, the dates and the names at the lines' ends,
    by their estimated widths, so that nothing is cut at the drawing's edges."""
    values = [value for _name, line in series.lines for value in line]
    opening, closing = _frame(title, str(escape(_("The numbers are in the table beside the chart."))))
    if not values or not series.x:
        return mark_safe(opening + closing)  # every part went through format_html
    floor = [0] if from_zero else []
    low, high = float(min([*floor, *values])), float(max([*floor, *values]))
    ticks = _ticks(low, high)
    low, high = min(low, ticks[0]), max(high, ticks[-1])
    left = _left_margin(ticks)
    widest = max(_text_width(name, bold=True) for name, _line in series.lines)
    right = WIDTH - min(widest + GAP + SMALLEST_SIDE, WIDEST_NAME)
    first, span = series.x[0], series.x[-1] - series.x[0]

    def place(x: float) -> float:
        return left + ((x - first) / span if span else 0.5) * (right - left)

    dates = Dates.fitting([place(x) for x in series.x], series.labels)
    left = max(left, dates.overhang)  # slanted dates reach left of the first one
    places = [place(x) for x in series.x]
    dates = Dates.fitting(places, series.labels)  # the narrower plot may need a longer step
    base = HEIGHT - dates.room
    scale = (base - TOP) / (high - low) if high > low else 1.0

    def height(value: float) -> float:
        return base - (value - low) * scale

    parts = _y_axis(ticks, height, left, right)
    if from_zero:
        parts.append(
            format_html(
                '<line class="axis" x1="{}" y1="{}" x2="{}" y2="{}"/>',
                _n(left),
                _n(height(0)),
                _n(right),
                _n(height(0)),
            )
        )
    parts += _x_labels(places, series.labels, dates, base)
    ends = _spread([height(line[-1]) for _name, line in series.lines], TOP + FONT / 2, base - FONT / 2)
    for number, ((name, line), end) in enumerate(zip(series.lines, ends, strict=True)):
        parts.append(
            format_html(
                '<g class="s{}">{}{}</g>',
                number % MOST_LINES,
                _one_point(places[0], height(line[0]), line[0], end)
                if len(series.x) == 1
                else _polyline(places, height, line),
                _name(name, places[-1] + GAP, end + FONT * 0.35),
            )
        )
    return mark_safe(opening + "".join(parts) + closing)  # every part went through format_html


def _polyline(places: Sequence[float], height: Callable[[float], float], line: Sequence[int]) -> SafeString:
    points = " ".join(f"{_n(at)},{_n(height(value))}" for at, value in zip(places, line, strict=True))
    return format_html('<polyline class="line" points="{}"/>', points)


def _one_point(x: float, y: float, value: int, label_y: float) -> SafeString:
    """A line of one position (a season of one date) is no line: a point, and its value written
    left of it at the height of its name (names are moved apart, so the values are too)."""
    return format_html(
        '<circle class="point" cx="{}" cy="{}" r="5"/><text class="value" x="{}" y="{}" text-anchor="end">{}</text>',
        _n(x),
        _n(y),
        _n(x - 2 * GAP),
        _n(label_y + FONT * 0.35),
        figure_text(value),
    )


def bar_chart(bars: Sequence[tuple[str, int]], title: str) -> SafeString:
    """A bar per label (a date), from 0 up to its value."""
    opening, closing = _frame(title, str(escape(_("The numbers are in the table beside the chart."))))
    if not bars:
        return mark_safe(opening + closing)  # every part went through format_html
    high = float(max(1, *(value for _label, value in bars)))
    ticks = _ticks(0, high)
    high = max(high, ticks[-1])
    left, right = _left_margin(ticks), WIDTH - SMALLEST_SIDE
    labels = [label for label, _value in bars]

    def slots(left: float) -> list[float]:
        return [left + (i + 0.5) * (right - left) / len(bars) for i in range(len(bars))]

    dates = Dates.fitting(slots(left), labels)
    left = max(left, dates.overhang - (right - left) / len(bars) / 2)  # slanted dates reach left
    slot = (right - left) / len(bars)
    places = slots(left)
    dates = Dates.fitting(places, labels)
    base = HEIGHT - dates.room
    scale = (base - TOP) / high

    def height(value: float) -> float:
        return base - value * scale

    parts = _y_axis(ticks, height, left, right)
    for i, (label, value) in enumerate(bars):
        parts.append(
            format_html(
                '<rect class="bar" x="{}" y="{}" width="{}" height="{}"><title>{}: {}</title></rect>',
                _n(left + i * slot + slot * 0.15),
                _n(height(value)),
                _n(slot * 0.7),
                _n(value * scale),
                label,
                value,
            )
        )
    parts += _x_labels(places, labels, dates, base)
    return mark_safe(opening + "".join(parts) + closing)  # every part went through format_html
