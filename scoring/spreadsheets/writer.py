"""The one writer of every export: sheets of rows in, a typed ``.xlsx`` or a ``.csv`` out.

An exporter describes each table as a :class:`Sheet`: a title, the column titles and a
generator of rows (plain Python values, header not included: the header is the writer's job).
:func:`write_xlsx` renders any number of sheets in openpyxl's write-only mode, so memory stays
flat however many rows stream through; :func:`write_csv` renders one sheet.

What every output promises (``docs/spreadsheets.md`` says it for treasurers):

- **Typed cells.** ``int``, ``float`` and ``Decimal`` are numbers, ``date`` and ``datetime`` are
  dates, ``bool`` is a boolean, ``None`` an empty cell, ``str`` is text. Money is a ``Decimal``
  amount in currency units (``Decimal("12.50")`` for 12.50 €, never 1250 cents) in a column
  formatted with :class:`Money`. Anything else (a ``Fraction``, a lazy translation) is refused
  with ``TypeError``: the exporter converts it, the writer does not guess.
- **Text stays text.** A text that starts with ``=``, ``+``, ``-``, ``@``, a tab or a carriage
  return is written as a text cell holding exactly those characters, never as a formula (openpyxl
  would make ``=…`` a formula and ``#N/A`` an error); in a CSV, which has no types, such a text
  gets a leading apostrophe, the convention Excel and LibreOffice show as "this is text".
- **Characters XML cannot hold** (control characters other than tab, line feed and carriage
  return; lone surrogates; U+FFFE and U+FFFF) are *replaced* by U+FFFD ``�``, in both formats: an
  export never fails on one stray byte in an old name, and the mark shows where it was.
- **Time zones.** openpyxl refuses aware datetimes; the writer converts them to the naive local
  time of ``tz`` when given one and refuses them (``ValueError``) otherwise.

A value the writer refuses is an exporter's bug, so it raises (``ValueError``/``TypeError``
naming the sheet, row and column) rather than writing something wrong.

Pure Python and openpyxl: no Django here (the site passes in titles, time zone and streams).
"""

from __future__ import annotations

import contextlib
import csv
import datetime as dt
import math
import os
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from decimal import ROUND_HALF_UP, Decimal
from itertools import chain, islice
from typing import Any, BinaryIO, TextIO

from openpyxl import Workbook
from openpyxl.cell import WriteOnlyCell
from openpyxl.styles import Alignment, Font
from openpyxl.utils import get_column_letter
from openpyxl.worksheet.properties import PageSetupProperties

from scoring.money import CURRENCY_SYMBOLS

MAX_TITLE = 31
"""Excel refuses sheet titles longer than this."""

FORBIDDEN_IN_TITLE = re.compile(r"[\[\]:*?/\\]")
"""Characters Excel refuses in a sheet title; each becomes ``-`` (``2026/11/30`` → ``2026-11-30``)."""

DANGEROUS_STARTS = ("=", "+", "-", "@", "\t", "\r")
"""A spreadsheet program may read a text starting with one of these as a formula."""

NOT_XML = re.compile("[^\t\n\r\x20-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")
"""Characters outside XML 1.0's ``Char`` production: a workbook cannot hold them."""

REPLACEMENT = "\ufffd"

EXCEL_ERRORS = frozenset({"#NULL!", "#DIV/0!", "#VALUE!", "#REF!", "#NAME?", "#NUM!", "#N/A"})
"""Texts openpyxl would write as error cells instead of text."""

MAX_TEXT = 32_767
"""Excel's limit for one cell; a longer text is refused rather than cut (openpyxl would cut it)."""

WIDTH_SAMPLE = 100
"""Rows looked at to size columns: enough to see typical names, bounded so rows still stream."""

MIN_WIDTH = 6
MAX_WIDTH = 60


BOM = "\ufeff"

A4 = "9"
"""The paper size number Excel and LibreOffice read as A4."""


# --- what a sheet is ------------------------------------------------------------------------


@dataclass(frozen=True)
class Money:
    """A money column: ``Decimal`` amounts in currency units, shown with the currency.

    Only ``Decimal`` (or ``None``) is accepted in such a column: an ``int`` there is refused,
    because it is more likely cents passed by mistake than whole euros.
    """

    currency: str = "EUR"
    places: int = 2

    @property
    def number_format(self) -> str:
        symbol = CURRENCY_SYMBOLS.get(self.currency, self.currency)
        return f'{_digits(self.places)} "{symbol}"'


@dataclass(frozen=True)
class Number:
    """A column of decimals shown with a fixed number of places (an average, a ratio)."""

    places: int = 2

    @property
    def number_format(self) -> str:
        return _digits(self.places)


Format = Money | Number


@dataclass(frozen=True)
class Printing:
    """How a sheet prints: on A4, fitted to the page's width and to ``pages_tall`` pages (0: as
    many as its rows need), upright or across (``landscape``), the header row repeated on every
    page. A sheet that says nothing prints on as many pages as it needs, across when it is wide
    (:meth:`of`)."""

    landscape: bool = False
    pages_tall: int = 1

    @classmethod
    def of(cls, sheet: Sheet) -> Printing:
        """How ``sheet`` prints: as it says, else fitted to the width, across beyond ``WIDE`` columns."""
        return sheet.printing or cls(landscape=len(sheet.header) > WIDE, pages_tall=0)


WIDE = 7
"""Columns beyond which a sheet prints across the page unless it says otherwise."""


def _digits(places: int) -> str:
    return "#,##0" + ("." + "0" * places if places > 0 else "")


def sheet_title(title: str) -> str:
    """``title`` as Excel accepts it: no ``[]:*?/\\``, no apostrophe at either end, at most 31
    characters, never empty."""
    cleaned = FORBIDDEN_IN_TITLE.sub("-", NOT_XML.sub("", str(title))).strip().strip("'").strip()
    return cleaned[:MAX_TITLE].rstrip() or "Sheet"


@dataclass(frozen=True)
class Sheet:
    """One table of an export.

    ``title`` is cleaned by :func:`sheet_title` (read ``sheet.title`` for the result). ``header``
    holds the column titles, unique; ``rows`` yields one sequence of values per row, in header
    order, and is consumed once (a generator is the point: rows stream). A row may be shorter
    than the header (its last cells stay empty), never longer. ``formats`` and ``widths`` are
    keyed by column title; a column without a given width is sized from its title and the first
    :data:`WIDTH_SAMPLE` rows.
    """

    title: str
    header: Sequence[str]
    rows: Iterable[Sequence[object]]
    formats: Mapping[str, Format] = field(default_factory=dict)
    widths: Mapping[str, float] = field(default_factory=dict)
    printing: Printing | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "title", sheet_title(self.title))
        header = tuple(str(title) for title in self.header)
        object.__setattr__(self, "header", header)
        if len(set(header)) != len(header):
            twice = sorted({t for t in header if header.count(t) > 1})
            raise ValueError(f"sheet {self.title}: column titles must be unique, not {twice}")
        unknown = sorted((set(self.formats) | set(self.widths)) - set(header))
        if unknown:
            raise ValueError(f"sheet {self.title}: formats or widths for columns it does not have: {unknown}")


# --- checking values, shared by both formats ------------------------------------------------


def clean_text(text: str) -> str:
    """``text`` with every character XML cannot hold replaced by U+FFFD."""
    if NOT_XML.search(text):
        return NOT_XML.sub(REPLACEMENT, text)
    return text


def is_dangerous(text: str) -> bool:
    """Whether a spreadsheet program could take ``text`` for a formula."""
    return text.startswith(DANGEROUS_STARTS)


class _Place:
    """Where the writer is, to name the sheet, row and column in the exporter's error."""

    def __init__(self, sheet: Sheet) -> None:
        self.sheet = sheet
        self.row = 1

    def error(self, index: int, message: str) -> str:
        title = self.sheet.header[index] if index < len(self.sheet.header) else "?"
        return f"{self.sheet.title}, row {self.row}, column {get_column_letter(index + 1)} ({title}): {message}"


def _text(value: str, place: _Place, index: int) -> str:
    value = clean_text(value)
    if len(value) > MAX_TEXT:
        raise ValueError(place.error(index, f"a text of {len(value):,} characters; a cell holds {MAX_TEXT:,}"))
    return value


def _naive(value: dt.datetime, tz: dt.tzinfo | None, place: _Place, index: int) -> dt.datetime:
    if value.tzinfo is None:
        return value
    if tz is None:
        raise ValueError(place.error(index, f"{value} has a time zone; pass tz= to write it as local time"))
    return value.astimezone(tz).replace(tzinfo=None)


def _number(value: float | Decimal, place: _Place, index: int) -> None:
    finite = value.is_finite() if isinstance(value, Decimal) else math.isfinite(value)
    if not finite:
        raise ValueError(place.error(index, f"{value} is not a number a spreadsheet can hold"))


def _formatted(value: object, fmt: Format, place: _Place, index: int) -> None:
    if isinstance(fmt, Money):
        if not isinstance(value, Decimal):
            raise TypeError(place.error(index, f"money must be a Decimal in currency units, not {value!r}"))
    elif isinstance(value, bool) or not isinstance(value, int | float | Decimal):
        raise TypeError(place.error(index, f"a number is expected, not {value!r}"))
    _number(value, place, index)


def _refused(value: object, place: _Place, index: int) -> TypeError:
    return TypeError(place.error(index, f"cannot write {type(value).__name__} {value!r}: convert it first"))


# --- xlsx -----------------------------------------------------------------------------------


def write_xlsx(sheets: Iterable[Sheet], out: BinaryIO, *, tz: dt.tzinfo | None = None, heading: str = "") -> None:
    """Write ``sheets`` as one ``.xlsx`` workbook to ``out`` (a binary stream, need not seek).

    Each sheet gets a bold header row, frozen below it, a filter over the used range and column
    widths that fit, and prints (:class:`Printing`) with ``heading`` (the club and the sitting, the
    season or the tournament) and the sheet's name at the top of each page and the page's number
    of the pages at the bottom. Titles that clash (Excel compares them ignoring case) get `` (2)``.
    openpyxl streams each sheet's rows to a temporary file and zips them into ``out`` at the
    end; if an exporter fails midway, those temporary files are removed before the error goes on.
    """
    workbook = Workbook(write_only=True)
    used: set[str] = set()
    try:
        for sheet in sheets:
            worksheet = workbook.create_sheet(_unique_title(sheet.title, used))
            _write_sheet(worksheet, sheet, tz, heading)
        if not workbook.worksheets:
            raise ValueError("a workbook needs at least one sheet")
        workbook.save(out)
    except BaseException:
        _discard_temporary_files(workbook)
        raise


def _unique_title(title: str, used: set[str]) -> str:
    candidate, number = title, 1
    while candidate.casefold() in used:
        number += 1
        suffix = f" ({number})"
        candidate = title[: MAX_TITLE - len(suffix)] + suffix
    used.add(candidate.casefold())
    return candidate


def _discard_temporary_files(workbook: Any) -> None:
    """Finish each begun sheet's temporary file (so no half-written XML stream is left to the
    garbage collector) and remove it."""
    for worksheet in workbook.worksheets:
        writer = getattr(worksheet, "_writer", None)
        if writer is None:
            continue
        with contextlib.suppress(Exception):  # a stream broken by the error itself cannot be finished
            if not worksheet.closed:
                worksheet.close()
        with contextlib.suppress(Exception):
            writer.cleanup()
        if isinstance(writer.out, str) and os.path.exists(writer.out):
            os.remove(writer.out)


def _write_sheet(worksheet: Any, sheet: Sheet, tz: dt.tzinfo | None, heading: str) -> None:
    rows = iter(sheet.rows)
    sample = list(islice(rows, WIDTH_SAMPLE))
    # Write-only mode drops widths, heights and frozen panes set after the first row: set them first.
    widths = column_widths(sheet, sample)
    for index, width in enumerate(widths, 1):
        worksheet.column_dimensions[get_column_letter(index)].width = width
    # a wrapped title's row is as tall as its lines (a spreadsheet would show one line, cut)
    titled = zip(sheet.header, widths, strict=True)
    lines = max((_wrapped_lines(title.split() or [""], int(width) - 3) for title, width in titled), default=1)
    if lines > 1:
        worksheet.row_dimensions[1].height = LINE_HEIGHT * lines
    worksheet.freeze_panes = "A2"
    _print_setup(worksheet, Printing.of(sheet), heading)
    worksheet.append([_header_cell(worksheet, title) for title in sheet.header])
    cells = _XlsxCells(worksheet, sheet, tz)
    for values in chain(sample, rows):
        worksheet.append(cells.row(values))
    last = get_column_letter(max(len(sheet.header), 1))
    worksheet.auto_filter.ref = f"A1:{last}{cells.place.row}"
    worksheet.print_area = f"A1:{last}{cells.place.row}"


def _print_setup(worksheet: Any, printing: Printing, heading: str) -> None:
    """A4, fitted to the page, the header repeated, the heading, the sheet's name (``&A``) and
    the page of the pages (``&P / &N``) on each page; set before the first row, as write-only
    mode writes the page setup at the sheet's start."""
    worksheet.page_setup.paperSize = A4
    worksheet.page_setup.orientation = "landscape" if printing.landscape else "portrait"
    worksheet.page_setup.fitToWidth = 1
    worksheet.page_setup.fitToHeight = printing.pages_tall
    worksheet.sheet_properties.pageSetUpPr = PageSetupProperties(fitToPage=True)
    worksheet.print_options.gridLines = True
    worksheet.print_title_rows = "1:1"
    worksheet.oddHeader.left.text = _header_text(heading)
    worksheet.oddHeader.right.text = "&A"
    worksheet.oddFooter.center.text = "&P / &N"


def _header_text(text: str) -> str:
    """``text`` as a page header shows it: ``&`` starts a header code, so it is doubled."""
    return clean_text(text).replace("&", "&&")[:200]


HEADER_FONT = Font(name="Calibri", size=11, bold=True)
"""The body's font (openpyxl's default), bold: a font without a name prints in another face."""
HEADER_ALIGNMENT = Alignment(wrap_text=True, vertical="top")
"""Long titles wrap onto a few lines, so a column is as wide as its values, not its title."""
HEADER_LINES = 3
"""The most lines a title wraps onto."""
LINE_HEIGHT = 15
"""The height of a line of the body's font, in points."""


def _header_cell(worksheet: Any, title: str) -> Any:
    cell = WriteOnlyCell(worksheet, clean_text(title))
    cell.data_type = "s"
    cell.font = HEADER_FONT
    cell.alignment = HEADER_ALIGNMENT
    return cell


class _XlsxCells:
    """Turns one row of Python values into what openpyxl's ``append`` takes.

    Plain values go through as they are (openpyxl's own fast path). Three kinds become cells:
    text openpyxl would misread (``=…`` as a formula, ``#N/A`` as an error) gets a fresh cell
    forced to text; a formatted column reuses one styled cell per column, re-valued on each row.
    Reusing is safe because write-only ``append`` serialises the whole row before it returns.
    """

    def __init__(self, worksheet: Any, sheet: Sheet, tz: dt.tzinfo | None) -> None:
        self.worksheet = worksheet
        self.width = len(sheet.header)
        self.tz = tz
        self.place = _Place(sheet)
        self.formats: list[Format | None] = [sheet.formats.get(title) for title in sheet.header]
        self.plain = not sheet.formats
        self.styled: list[Any] = []
        for fmt in self.formats:
            cell = None
            if fmt is not None:
                cell = WriteOnlyCell(worksheet)
                cell.number_format = fmt.number_format
            self.styled.append(cell)

    def row(self, values: Sequence[object]) -> Sequence[object]:
        place = self.place
        place.row += 1
        if len(values) > self.width:
            raise ValueError(place.error(self.width, f"the row has {len(values)} values for {self.width} columns"))
        if self.plain and type(values) in (tuple, list):
            # The common row (whole numbers, empty cells, ordinary text) goes to openpyxl as it is;
            # anything else (even an empty text) takes the careful path below.
            for value in values:
                if isinstance(value, str):
                    if value[:1] in "=#" or len(value) > MAX_TEXT or NOT_XML.search(value):
                        break
                elif not (value is None or type(value) is int or type(value) is bool):
                    break
            else:
                return values
        out: list[object] = []
        formats = self.formats
        for index, value in enumerate(values):
            kind = type(value)
            if value is None:
                out.append(value)
            elif formats[index] is not None:
                out.append(self.formatted(value, index))
            elif kind is int or kind is bool:
                out.append(value)
            elif isinstance(value, str):
                out.append(self.text(value, index))
            elif isinstance(value, int | float | Decimal):
                _number(value, place, index)
                out.append(value)
            elif isinstance(value, dt.datetime):
                out.append(_naive(value, self.tz, place, index))
            elif isinstance(value, dt.date | dt.timedelta) or (isinstance(value, dt.time) and value.tzinfo is None):
                out.append(value)
            else:
                raise _refused(value, place, index)
        return out

    def text(self, value: str, index: int) -> object:
        value = _text(value, self.place, index)
        if (value.startswith("=") and len(value) > 1) or value in EXCEL_ERRORS:
            cell = WriteOnlyCell(self.worksheet, value)
            cell.data_type = "s"
            return cell
        return value

    def formatted(self, value: object, index: int) -> object:
        fmt = self.formats[index]
        assert fmt is not None
        _formatted(value, fmt, self.place, index)
        cell = self.styled[index]
        cell.value = value
        return cell


def column_widths(sheet: Sheet, sample: Sequence[Sequence[object]]) -> list[float]:
    """A width per column, in Excel's units (about one character each): the given one, or the
    widest of the sampled values and the title wrapped onto at most ``HEADER_LINES`` lines (its
    longest word whole, with room for the filter button), bounded. A sheet of many long titles
    ("Card points Maximilian Oberhuber-Steinacher") then prints large enough to read."""
    widths: list[float] = []
    for index, title in enumerate(sheet.header):
        if title in sheet.widths:
            widths.append(sheet.widths[title])
            continue
        fmt = sheet.formats.get(title)
        longest = title_width(title) + 3
        for values in sample:
            if index < len(values):
                longest = max(longest, _shown_length(values[index], fmt))
        widths.append(float(min(max(longest + 2, MIN_WIDTH), MAX_WIDTH)))
    return widths


def title_width(title: str, lines: int = HEADER_LINES) -> int:
    """The narrowest width (in characters) at which ``title``, wrapped at its spaces as a
    spreadsheet wraps it, takes at most ``lines`` lines (a word never breaks)."""
    words = title.split() or [""]
    width = max(max(len(word) for word in words), -(-len(title) // lines))
    while _wrapped_lines(words, width) > lines:
        width += 1
    return width


def _wrapped_lines(words: Sequence[str], width: int) -> int:
    count, used = 1, -1
    for word in words:
        if used + 1 + len(word) > width:
            count, used = count + 1, len(word)
        else:
            used += 1 + len(word)
    return count


def _shown_length(value: object, fmt: Format | None) -> int:
    if value is None:
        return 0
    if isinstance(value, str):
        return max((len(line) for line in value.splitlines()), default=0)
    if isinstance(value, bool):
        return 5
    if isinstance(value, dt.datetime):
        return 19
    if isinstance(value, dt.date):
        return 10
    if fmt is not None and isinstance(value, int | float | Decimal):
        shown = len(f"{value:,.{fmt.places}f}")
        return shown + (len(fmt.number_format.split('"')[1]) + 1 if isinstance(fmt, Money) else 0)
    return len(str(value))


# --- csv ------------------------------------------------------------------------------------


def write_csv(sheet: Sheet, out: TextIO, *, decimal_comma: bool, tz: dt.tzinfo | None = None) -> None:
    """Write ``sheet`` as CSV to ``out``, a text stream the caller opened with
    ``encoding="utf-8"`` (not ``utf-8-sig``) and ``newline=""``.

    The writer writes the byte order mark itself, first, so Excel reads umlauts as umlauts.
    With ``decimal_comma`` (German, Danish pages) the separator is ``;`` and decimals are written
    ``12,50``; otherwise ``,`` and ``12.50``. Dates are ISO (``2026-11-30``, ``2026-11-30
    19:30:00``), booleans ``TRUE``/``FALSE``, money and :class:`Number` columns with their places
    (without thousands separators, so every program reads them back), texts that could be taken
    for a formula with a leading apostrophe. A row shorter than the header gets empty fields, so
    every line has as many as the header. Lines end with CRLF, as Excel writes them.
    """
    out.write(BOM)
    writer = csv.writer(out, delimiter=";" if decimal_comma else ",", lineterminator="\r\n")
    place = _Place(sheet)
    writer.writerow([_csv_text(title, place, i) for i, title in enumerate(sheet.header)])
    width = len(sheet.header)
    formats = [sheet.formats.get(title) for title in sheet.header]
    for values in sheet.rows:
        place.row += 1
        if len(values) > width:
            raise ValueError(place.error(width, f"the row has {len(values)} values for {width} columns"))
        fields = [_csv_value(value, formats[i], decimal_comma, tz, place, i) for i, value in enumerate(values)]
        writer.writerow(fields + [""] * (width - len(fields)))


def _csv_text(value: str, place: _Place, index: int) -> str:
    value = _text(value, place, index)
    return "'" + value if is_dangerous(value) else value


def _csv_value(
    value: object, fmt: Format | None, decimal_comma: bool, tz: dt.tzinfo | None, place: _Place, index: int
) -> str:
    if value is None:
        return ""
    if isinstance(value, str):
        return _csv_text(value, place, index)
    if fmt is not None:
        _formatted(value, fmt, place, index)
        assert isinstance(value, int | float | Decimal)
        exponent = Decimal(1).scaleb(-fmt.places)
        amount = Decimal(repr(value)) if isinstance(value, float) else Decimal(value)
        shown = format(amount.quantize(exponent, ROUND_HALF_UP), "f")
        return shown.replace(".", ",") if decimal_comma else shown
    if isinstance(value, bool):
        return "TRUE" if value else "FALSE"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float | Decimal):
        _number(value, place, index)
        shown = format(Decimal(repr(value)) if isinstance(value, float) else value, "f")
        return shown.replace(".", ",") if decimal_comma else shown
    if isinstance(value, dt.datetime):
        return _naive(value, tz, place, index).isoformat(sep=" ")
    if isinstance(value, dt.date | dt.time):
        return value.isoformat()
    if isinstance(value, dt.timedelta):
        return str(value)
    raise _refused(value, place, index)
