"""The one careful reader of every import: a workbook or a CSV in, checked rows or every problem out.

Uploaded files are hostile until proven otherwise. :func:`open_workbook` refuses, quickly and in
words a treasurer understands, what is not an ``.xlsx`` workbook this site should read: too large
a file, something else entirely (a PDF, random bytes), a password-protected or old ``.xls``
workbook, a broken zip, a decompression bomb, a sheet with a flood of rows or cells, too many
shared strings, a document type declaration (whose entities would make cells the file does not
hold). Only then does openpyxl parse it, in read-only mode, never evaluating anything.

:func:`read_rows` (a workbook sheet) and :func:`read_csv_rows` (a CSV) then read a table:
columns are found by their titles in any of the site's languages, every cell is converted to
the kind its :class:`Column` asks for, and *every* problem is collected, each naming the sheet,
the row, the column letter and the column title, before anything is returned or refused as a
whole (a :class:`~scoring.engine.refusal.Refusal`). :func:`read_name_list` reads a list of names
(players, tournament entrants) from either.

Words: a **sheet** is a worksheet of a workbook (or the whole CSV, called ``CSV``); a **row**
and a **column** are numbered and lettered as the spreadsheet program shows them (row 1, column
A); a **problem** is one reason a file is refused (a :class:`~scoring.engine.refusal.Problem`
with its sheet, row, column and title). Every problem and every note says why as a
:class:`~scoring.engine.reasons.Reason`, an English template and its values: the command line
prints it in English, the site renders it in the page's language. The cell converters
(:func:`whole_cell`, :func:`date_cell`, :func:`yes_or_no_cell`, also used on sheets read by hand)
refuse a cell without knowing where it is; the reader adds its sheet, row and column.

The limits (``docs/spreadsheets.md`` explains them): a club's biggest realistic workbook, a
2,000-deal sitting, unpacks to about 15 MB of XML in some 300,000 cells and 30,000 rows of its
largest sheet. The limits below allow several times that and refuse what only an accident or an
attack produces.

Pure Python and openpyxl: no Django here (the upload limit and titles come in as arguments);
nothing is translated here either.
"""

from __future__ import annotations

import codecs
import csv
import datetime as dt
import io
import posixpath
import re
import unicodedata
import warnings
import zipfile
import zlib
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from decimal import Decimal
from typing import IO, Any, BinaryIO, NamedTuple
from xml.etree import ElementTree

from openpyxl import load_workbook
from openpyxl.utils import get_column_letter

from scoring.engine.reading import FIRST_YEAR, LAST_YEAR, OUTSIDE_CLUB_YEARS, in_club_years
from scoring.engine.reasons import Reason, _, why
from scoring.engine.refusal import Problem, Refusal

MEGABYTE = 1_000_000

MAX_PARTS = 1_000
"""Files in the zip: a workbook has a dozen plus a few per sheet."""

MAX_PART_BYTES = 50 * MEGABYTE
"""Unpacked size of any one part (a sheet's XML, the shared strings): several times the largest
sheet of a 2,000-deal sitting."""

MAX_TOTAL_BYTES = 100 * MEGABYTE
"""Unpacked size of the whole workbook."""

MAX_RATIO = 200
"""Packing ratio above which a part larger than :data:`RATIO_FLOOR` is taken for a bomb. Real
sheet XML packs 5–50 to 1; a bomb of zeros packs about 1,000 to 1."""

RATIO_FLOOR = 1 * MEGABYTE

MAX_ROWS = 50_000
"""Rows of one sheet (formatted empty rows count: they are what a row flood is made of)."""

MAX_CELLS = 1_000_000
"""Cells of one sheet."""

MAX_SHARED_STRINGS_BYTES = 10 * MEGABYTE
"""Unpacked size of the shared strings, the part where Excel keeps each different text of a
workbook once, and which openpyxl reads whole when it opens the workbook, whichever sheet is then
read. A 2,000-deal sitting saved by Excel would hold some 1,500 texts in under 0.1 MB."""

MAX_ELEMENTS = 100_000
"""XML elements of a part that openpyxl reads whole as it opens the workbook, before any sheet:
the shared strings, the index, the properties (:func:`_parts_read_whole`). It spends 10 µs and
more on each, so that short strings cost seconds long before their size is large (2,300,000
strings of five letters make 48 MB and take 20 s and more; a plain text is two elements, a
formatted piece of one two or more). 100,000 take about half a second."""

MAX_STYLE_ELEMENTS = 10_000
"""XML elements of the styles (``xl/styles.xml``), which openpyxl reads whole too, at 50 µs and
more an element and worse than in proportion (100,000 cell formats in a 270 kB file took 40 s);
a workbook Excel or LibreOffice wrote has a few hundred."""

MAX_COLUMNS = 200
"""Columns read; cells to the right of column GR are not looked at."""

HEADER_SEARCH = 10
"""Rows searched for the header row (a hand-made sheet may have a title line above it)."""

MAX_PROBLEMS = 1_000
"""Problems listed; beyond them one more problem says how many were left out."""

OLE2_MAGIC = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"
ZIP_MAGICS = (b"PK\x03\x04", b"PK\x05\x06")
SCAN_CHUNK = 1 << 20
SHEET_NS = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
RELATION_NS = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
TYPES_NS = "http://schemas.openxmlformats.org/package/2006/content-types"
CONTENT_TYPES = "[Content_Types].xml"
MAX_INDEX_BYTES = 1 * MEGABYTE
"""Largest ``[Content_Types].xml`` read to learn the parts' roles (a real one has a few kilobytes;
a larger one is refused), and largest workbook index read for the sheets' titles."""
WORKBOOK_TYPES = tuple(
    f"application/vnd.{kind}.main+xml"
    for kind in (
        "ms-excel.template.macroEnabled",
        "openxmlformats-officedocument.spreadsheetml.template",
        "ms-excel.sheet.macroEnabled",
        "openxmlformats-officedocument.spreadsheetml.sheet",
    )
)
"""The content types of a workbook's index, in the order openpyxl looks for them."""
SHARED_STRINGS_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"

START_TAG = re.compile(rb"<(?:[^\s<>/:!?=\"']+:)?(row|c)[\s/>]")
"""The start of a row or cell element, however XML allows it to be written: with
any namespace prefix (``<x:row``), followed by any XML whitespace (``<c\\n``, ``<c\\t``) or
ending at once (``<c/>``, ``<c>``). Closing tags (``</c>``) and longer names (``<col``,
``<rowBreaks``) are not starts."""
DOCTYPE = b"<!DOCTYPE"
MAX_CARRY = 1024
"""Bytes of an unfinished tag at the end of a chunk kept for the next one; a tag that starts
further back than this has a name no workbook uses."""

TEXT = "text"
NAME = "name"
WHOLE = "whole"
DECIMAL = "decimal"
DATE = "date"
BOOL = "bool"
CHOICE = "choice"
ANY = "any"
KINDS = (TEXT, NAME, WHOLE, DECIMAL, DATE, BOOL, CHOICE, ANY)

CONTROL = re.compile("[\x00-\x1f\x7f-\x9f]")
TRUE_WORDS = frozenset({"true", "yes", "y", "ja", "j", "1", "x", "wahr", "sand"})
FALSE_WORDS = frozenset({"false", "no", "n", "nein", "nej", "0", "falsch", "falsk"})
WHOLE_TEXT = re.compile(r"[+-]?[0-9]{1,18}")  # beyond 18 digits no score or count is meant
ISO_DATE = re.compile(r"(\d{4})-(\d{1,2})-(\d{1,2})")
DAY_FIRST_DATE = re.compile(r"(\d{1,2})[./-](\d{1,2})[./-](\d{4})")
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


# --- problems -------------------------------------------------------------------------------


def _refuse(template: str, /, *, sheet: str | None = None, **values: object) -> Refusal:
    """The file refused for one reason (its template, marked with ``_``, and values), in ``sheet``
    where the reason belongs to one."""
    return Refusal([Problem(None, None, why(template, **values), sheet=sheet)])


def megabytes(size: int) -> str:
    """``size`` bytes in megabytes (of 1,000,000 bytes) as a person reads them: ``52 MB``."""
    value = size / MEGABYTE
    return f"{value:,.0f} MB" if value >= 10 or value == round(value) else f"{value:.1f} MB"


# --- opening a workbook ---------------------------------------------------------------------


class Workbook:
    """An ``.xlsx`` workbook that passed :func:`open_workbook`'s checks; read it with
    :func:`read_rows` and close it (or use it in a ``with`` block)."""

    def __init__(self, book: Any) -> None:
        self.book = book

    @property
    def sheet_names(self) -> tuple[str, ...]:
        return tuple(self.book.sheetnames)

    def close(self) -> None:
        self.book.close()

    def __enter__(self) -> Workbook:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def read_upload(data: bytes | BinaryIO, max_bytes: int) -> bytes:
    """The bytes of an upload, refused when larger than ``max_bytes`` (without reading more than
    ``max_bytes + 1`` of them) or empty."""
    if isinstance(data, bytes | bytearray | memoryview):
        raw = bytes(data)
        if len(raw) > max_bytes:
            raise _refuse(
                _("the file is {size}; the limit is {limit}"), size=megabytes(len(raw)), limit=megabytes(max_bytes)
            )
    else:
        size = None
        if data.seekable():
            start = data.tell()
            size = data.seek(0, io.SEEK_END) - start
            data.seek(start)
            if size > max_bytes:
                raise _refuse(
                    _("the file is {size}; the limit is {limit}"), size=megabytes(size), limit=megabytes(max_bytes)
                )
        raw = data.read(max_bytes + 1)
        if len(raw) > max_bytes:
            raise _refuse(_("the file is larger than {limit}, the limit"), limit=megabytes(max_bytes))
    if not raw:
        raise _refuse(_("the file is empty"))
    return raw


def is_spreadsheet(raw: bytes) -> bool:
    """Whether the first bytes are a workbook's (a zip, or an OLE2 file such as a locked
    workbook or an ``.xls``): how an import tells a workbook from a text file by content."""
    return _kind_of(raw) != "other"


def _kind_of(raw: bytes) -> str:
    """What the first bytes say the file is: ``zip``, ``ole2`` or ``other``."""
    if raw.startswith(OLE2_MAGIC):
        return "ole2"
    if raw.startswith(ZIP_MAGICS):
        return "zip"
    return "other"


def _not_a_workbook(raw: bytes) -> Refusal:
    if raw.startswith(OLE2_MAGIC):
        return _refuse(
            _(
                "the file is a password-protected workbook or an old Excel 97–2003 (.xls) file, not an .xlsx "
                "workbook: remove the password, or save it as an Excel Workbook (.xlsx)"
            )
        )
    if raw.startswith(b"%PDF"):
        return _refuse(_("the file is a PDF document, not an .xlsx workbook"))
    return _refuse(_("the file is not an .xlsx workbook"))


def open_workbook(data: bytes | BinaryIO, *, max_bytes: int, max_rows: int = MAX_ROWS) -> Workbook:
    """Open an uploaded ``.xlsx`` after checking it is one this site should read.

    Refused with a :class:`~scoring.engine.refusal.Refusal`: more than ``max_bytes``; not a zip
    at all (a PDF, random bytes, an empty file); an OLE2 file (a password-protected workbook or
    an ``.xls``); a broken zip; an OpenDocument or other zip that holds no workbook; a decompression bomb
    (:data:`MAX_PARTS`, :data:`MAX_PART_BYTES`, :data:`MAX_TOTAL_BYTES`, :data:`MAX_RATIO`,
    judged from the zip's directory before anything is unpacked); shared strings of more than
    :data:`MAX_SHARED_STRINGS_BYTES` (judged from the directory too); a sheet of more than
    ``max_rows`` rows or :data:`MAX_CELLS` cells, a part that openpyxl reads whole of more than
    :data:`MAX_ELEMENTS` elements (:data:`MAX_STYLE_ELEMENTS` for the styles), a part that
    declares a document type (all counted by a quick scan of the raw XML of every part, before
    openpyxl parses any); a workbook openpyxl cannot parse.

    openpyxl opens it read-only with ``data_only=False``: it never computes formulas in either
    mode, and this way a formula shows as a formula, which :func:`read_rows` refuses (with
    ``data_only=True`` it would pass silently as whatever value the file claims it last had).
    """
    raw = read_upload(data, max_bytes)
    if _kind_of(raw) != "zip":
        raise _not_a_workbook(raw)
    try:
        archive = zipfile.ZipFile(io.BytesIO(raw))
        parts = archive.infolist()
    except (zipfile.BadZipFile, zipfile.LargeZipFile, ValueError, OSError, EOFError) as error:
        raise _refuse(_("the file is damaged: its zip archive cannot be read")) from error
    _check_parts(archive, parts)
    names = {part.filename for part in parts}
    if "xl/workbook.xml" not in names or "[Content_Types].xml" not in names:
        if "mimetype" in names and b"opendocument.spreadsheet" in archive.read("mimetype")[:100]:
            raise _refuse(_("the file is an OpenDocument spreadsheet (.ods), not an .xlsx workbook: save it as .xlsx"))
        raise _refuse(_("the file is not an .xlsx workbook (it is a zip archive without a workbook in it)"))
    # Before openpyxl: it reads every sheet to its end when looking for a size the sheet does not
    # state, and the shared strings, the styles and the index whole, whichever sheet is then read.
    try:
        declared = _declared_parts(archive)
        _check_shared_strings(parts, declared)
        titles = _sheet_titles(archive, declared)
        whole = _parts_read_whole(declared)
        for part in parts:  # every part, whatever its name: the index openpyxl follows may not be ours
            _scan_part(archive, part.filename, titles.get(part.filename), max_rows, whole.get(part.filename))
    except (zipfile.BadZipFile, zlib.error, OSError, EOFError) as error:
        raise _refuse(_("the file is damaged: its zip archive cannot be read")) from error
    finally:
        archive.close()
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # openpyxl warns about features it drops; nothing for us
            book = load_workbook(io.BytesIO(raw), read_only=True, data_only=False, keep_links=False)
    except Exception as error:  # a hostile file can break a parser in any way: the user's problem, not a bug
        raise _refuse(_("the file is damaged: it is not a readable .xlsx workbook")) from error
    return Workbook(book)


def _check_parts(archive: zipfile.ZipFile, parts: Sequence[zipfile.ZipInfo]) -> None:
    """Refuse a zip that would unpack to far more than a workbook, judged from its directory.

    Trusting the directory is safe: Python's zipfile never unpacks more than a part's declared
    size (and fails its checksum if the data disagrees).
    """
    if len(parts) > MAX_PARTS:
        raise _refuse(_("the file holds {parts:,} parts; a workbook has a few dozen"), parts=len(parts))
    total = 0
    for part in parts:
        if part.flag_bits & 0x1:
            raise _refuse(_("the file is encrypted: remove the password and save it as .xlsx again"))
        if part.compress_type not in (zipfile.ZIP_STORED, zipfile.ZIP_DEFLATED):
            raise _refuse(_("the file is not an .xlsx workbook (its zip uses an unusual compression)"))
        size = part.file_size
        total += size
        if size > MAX_PART_BYTES:
            raise _refuse(
                _(
                    "the file would unpack to {size} in its part {part} alone (the limit is {limit}): far more "
                    "than a club's workbook, refused as a possible zip bomb"
                ),
                size=megabytes(size),
                part=part.filename,
                limit=megabytes(MAX_PART_BYTES),
            )
        if size > RATIO_FLOOR and size > MAX_RATIO * max(part.compress_size, 1):
            raise _refuse(
                _(
                    "the file's part {part} is packed {ratio:,} to 1, far tighter than any real workbook: refused "
                    "as a possible zip bomb"
                ),
                part=part.filename,
                ratio=size // max(part.compress_size, 1),
            )
    if total > MAX_TOTAL_BYTES:
        raise _refuse(
            _(
                "the file would unpack to {size} (the limit is {limit}): far more than a club's workbook, "
                "refused as a possible zip bomb"
            ),
            size=megabytes(total),
            limit=megabytes(MAX_TOTAL_BYTES),
        )


def _declared_parts(archive: zipfile.ZipFile) -> dict[str, str]:
    """Each part's content type as ``[Content_Types].xml`` declares it (openpyxl finds the
    workbook's index and its shared strings there, whatever their names).

    Best effort, like :func:`_sheet_titles`: an index that cannot be read here declares nothing,
    and openpyxl judges it properly afterwards. One larger than any workbook's is refused: what
    it declares decides which parts are limited how.
    """
    if archive.getinfo(CONTENT_TYPES).file_size > MAX_INDEX_BYTES:
        raise _refuse(_("the file is damaged: it is not a readable .xlsx workbook"))
    try:
        types = ElementTree.fromstring(archive.read(CONTENT_TYPES))
    except Exception:  # a hostile index can fail in any way; openpyxl will refuse it later
        return {}
    declared: dict[str, str] = {}
    for override in types.iter(f"{{{TYPES_NS}}}Override"):
        name, kind = override.get("PartName") or "", override.get("ContentType") or ""
        declared.setdefault(name.lstrip("/"), kind)
    return declared


def _shared_strings(declared: Mapping[str, str]) -> set[str]:
    """The parts that may be the shared strings: those ``declared`` so (openpyxl reads the first),
    and ``xl/sharedStrings.xml``, where every program puts them."""
    return {name for name, kind in declared.items() if kind == SHARED_STRINGS_TYPE} | {"xl/sharedStrings.xml"}


def _workbook_index(declared: Mapping[str, str]) -> str:
    """The workbook's index part, found as openpyxl finds it: the first declared with a workbook's
    content type, else ``xl/workbook.xml``."""
    found = (name for kind in WORKBOOK_TYPES for name, said in declared.items() if said == kind)
    return next(found, "xl/workbook.xml")


def _relations_of(part: str) -> str:
    folder, file = posixpath.split(part)
    return posixpath.join(folder, "_rels", f"{file}.rels")


def _parts_read_whole(declared: Mapping[str, str]) -> dict[str, int]:
    """The parts openpyxl parses whole when it opens a workbook read-only, before any sheet, each
    with the most XML elements it may have (worksheets it streams, and the row and cell limits
    bound them; the theme it keeps unparsed; what else a zip holds it does not read)."""
    index = _workbook_index(declared)
    names = (CONTENT_TYPES, "_rels/.rels", index, _relations_of(index), "docProps/core.xml", "docProps/custom.xml")
    whole = dict.fromkeys((*names, *_shared_strings(declared)), MAX_ELEMENTS)
    whole["xl/styles.xml"] = MAX_STYLE_ELEMENTS
    return whole


def _check_shared_strings(parts: Sequence[zipfile.ZipInfo], declared: Mapping[str, str]) -> None:
    """Refuse shared strings that unpack to more than :data:`MAX_SHARED_STRINGS_BYTES`, judged
    from the zip's directory (:func:`_scan_part` counts their elements)."""
    named = _shared_strings(declared)
    for part in parts:
        if part.filename in named and part.file_size > MAX_SHARED_STRINGS_BYTES:
            raise _refuse(
                _(
                    "the file's shared strings (the texts of its cells, in {part}) unpack to {size}; the limit "
                    "is {limit}"
                ),
                part=part.filename,
                size=megabytes(part.file_size),
                limit=megabytes(MAX_SHARED_STRINGS_BYTES),
            )


def _sheet_titles(archive: zipfile.ZipFile, declared: Mapping[str, str]) -> dict[str, str]:
    """Each worksheet part's title, from the workbook's own index (the one ``declared`` names,
    as openpyxl finds it, else ``xl/workbook.xml``), to name a sheet in a refusal.

    Best effort: whatever cannot be read here is still scanned, and named by its path; openpyxl
    judges the index properly afterwards.
    """
    index = _workbook_index(declared)
    folder = posixpath.dirname(index)
    relations_part = _relations_of(index)
    try:
        if max(archive.getinfo(name).file_size for name in (index, relations_part)) > MAX_INDEX_BYTES:
            return {}
        book = ElementTree.fromstring(archive.read(index))
        relations = ElementTree.fromstring(archive.read(relations_part))
    except Exception:  # a hostile index can fail in any way; openpyxl will refuse it later
        return {}
    targets = {rel.get("Id"): rel.get("Target") or "" for rel in relations}
    titles = {}
    for sheet in book.iter(f"{{{SHEET_NS}}}sheet"):
        target = targets.get(sheet.get(f"{{{RELATION_NS}}}id"))
        if target:
            path = target.lstrip("/") if target.startswith("/") else posixpath.normpath(posixpath.join(folder, target))
            titles[path] = sheet.get("name") or path
    return titles


def _scan_part(archive: zipfile.ZipFile, name: str, title: str | None, max_rows: int, max_elements: int | None) -> None:
    """Count a part's rows and cells in its raw XML (and all its elements, for a part that may
    have no more than ``max_elements``), in chunks, and refuse it as soon as one count passes its
    limit: a million formatted empty rows are refused after the first chunk or two, before any
    XML parser has seen them. A part that declares a document type is refused outright: its
    entities could make rows and cells of text that holds none, and no workbook has one.

    What is counted is every start tag a parser reads as a row or a cell (:data:`START_TAG`:
    whatever the namespace prefix and the whitespace after the name), or as an element (each
    ``<`` that does not begin an end tag, a comment, a declaration or a processing instruction),
    in the characters the parser reads (:func:`_xml_chunks`); a tag inside a comment counts too,
    which a limit can afford.
    """
    if title is not None:
        too_many_rows = _(
            "the sheet has more than {limit:,} rows (empty formatted rows count too); the limit is {limit:,}: "
            "delete the rows below your data"
        )
        too_many_cells = _("the sheet has more than {limit:,} cells; the limit is {limit:,}")
    else:
        too_many_rows = _(
            "the part {part} has more than {limit:,} rows (empty formatted rows count too); the limit is "
            "{limit:,}: delete the rows below your data"
        )
        too_many_cells = _("the part {part} has more than {limit:,} cells; the limit is {limit:,}")
    rows = cells = elements = 0
    with archive.open(name) as member:
        for chunk in _xml_chunks(member):
            if DOCTYPE in chunk:
                raise _refuse(
                    _(
                        "the file's part {part} declares a document type (a DTD), which no workbook has: refused "
                        "as a possible attack"
                    ),
                    sheet=title,
                    part=name,
                )
            found = START_TAG.findall(chunk)
            rows += found.count(b"row")
            cells += found.count(b"c")
            if rows > max_rows:
                raise _refuse(too_many_rows, sheet=title, part=name, limit=max_rows)
            if cells > MAX_CELLS:
                raise _refuse(too_many_cells, sheet=title, part=name, limit=MAX_CELLS)
            if max_elements is not None:
                ends = chunk.count(b"</") + chunk.count(b"<!") + chunk.count(b"<?")
                elements += chunk.count(b"<") - ends
                if elements > max_elements:
                    raise _refuse(
                        _(
                            "the file's part {part} is made of more than {limit:,} XML elements (texts, formats, "
                            "settings); the limit is {limit:,}"
                        ),
                        sheet=title,
                        part=name,
                        limit=max_elements,
                    )


UTF_16_STARTS = {b"\xff\xfe": "utf-16-le", b"<\x00": "utf-16-le", b"\xfe\xff": "utf-16-be", b"\x00<": "utf-16-be"}
"""The first two bytes by which an XML parser knows UTF-16 (a byte order mark, or ``<`` and a zero byte)."""


def _xml_chunks(member: IO[bytes]) -> Iterator[bytes]:
    """A part's XML in chunks in which tags can be counted as bytes: as it is when it is written in
    UTF-8 or another encoding that writes ``<``, letters and spaces as ASCII does (the only ones
    Python's XML parser reads besides UTF-16), re-encoded to UTF-8 when it is UTF-16.

    Each chunk ends before its last ``<``, and that unfinished tag begins the next chunk, so that
    no tag is cut in two and none is counted twice.
    """
    chunk = member.read(SCAN_CHUNK)
    encoding = UTF_16_STARTS.get(chunk[:2])
    decoder = codecs.getincrementaldecoder(encoding)(errors="replace") if encoding else None
    carry = b""
    while chunk:
        text = carry + (decoder.decode(chunk).encode() if decoder else chunk)
        cut = text.rfind(b"<")
        if cut < 0 or len(text) - cut > MAX_CARRY:
            cut = len(text)
        yield text[:cut]
        carry = text[cut:]
        chunk = member.read(SCAN_CHUNK)
    yield carry + (decoder.decode(b"", final=True).encode() if decoder else b"")


# --- columns and rows -----------------------------------------------------------------------


@dataclass(frozen=True)
class Column:
    """A column an import expects, found by any of its ``titles`` (compared ignoring case and
    surrounding spaces: give the English, German and Danish ones); the first title names it in
    problems when it is missing.

    ``kind`` says how each cell is read:

    - ``text``: trimmed, NFC-normalised; control characters refused; at most ``max_length``.
    - ``name``: a text with inner whitespace collapsed to one space (a person's name).
    - ``whole``: an integer; ``12``, ``12.0`` and the text ``"12"`` are all 12.
    - ``decimal``: a ``Decimal``; texts with a decimal point or comma (``12,50``, ``1.234,50``).
    - ``date``: a date cell, or a text ``2026-11-30``, ``30.11.2026``, ``30/11/2026`` (day first),
      from 1900 to 2100 (a date serial of -5 is 1899-12-25, no date of play).
    - ``bool``: true/false, yes/no, ja/nein/nej, wahr/falsch, sand/falsk, 1/0, x. An empty cell
      reads as ``default`` like any other: give ``default=False`` for an "x or empty" column,
      leave ``None`` where empty means "not said".
    - ``choice``: one of the keys of ``choices`` (compared ignoring case); the row holds its value.
    - ``any``: a number, date or yes/no cell as it is (a date from 1900 to 2100), a text cell read
      as ``text`` (a column of settings, each row of its own kind).

    ``required`` means the column must be there and no row may leave it empty; an empty cell of
    an optional column reads as ``default``.
    """

    key: str
    titles: Sequence[str]
    kind: str = TEXT
    required: bool = False
    choices: Mapping[str, object] = field(default_factory=dict)
    max_length: int = 200
    default: object = None

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"column {self.key}: unknown kind {self.kind!r}")
        if not self.titles:
            raise ValueError(f"column {self.key}: needs at least one title")
        if self.kind == CHOICE and not self.choices:
            raise ValueError(f"column {self.key}: a choice column needs choices")


@dataclass(frozen=True)
class Row:
    """One non-empty row: its ``number`` as the sheet shows it and a value per column key.

    ``where`` maps each key of a column found in the file to its letter and title, so a caller
    that finds a problem later (an unknown player) can name the place with :meth:`problem`.
    """

    sheet: str
    number: int
    values: Mapping[str, object]
    where: Mapping[str, tuple[str, str]]

    def __getitem__(self, key: str) -> object:
        return self.values[key]

    def problem(self, key: str | None, reason: Reason) -> Problem:
        letter, title = self.where.get(key, (None, None)) if key is not None else (None, None)
        return Problem(None, None, reason, sheet=self.sheet, row=self.number, column=letter, title=title)


class Rows(list[Row]):
    """The rows read, in order, with ``sheet`` (the title read), ``found`` (the keys of the
    columns present in the file) and ``notes`` (things worth telling the user, such as the
    encoding a CSV was read in, as reasons)."""

    def __init__(self, rows: Iterable[Row], *, sheet: str, found: frozenset[str], notes: Sequence[Reason] = ()) -> None:
        super().__init__(rows)
        self.sheet = sheet
        self.found = found
        self.notes = tuple(notes)


class _Cell(NamedTuple):
    """A CSV field dressed like an openpyxl cell."""

    value: object
    data_type: str


EMPTY = _Cell(None, "n")


def title_key(text: object) -> str:
    """How a column's title is compared with the titles a :class:`Column` accepts: ignoring case
    and runs of spaces."""
    return " ".join(str(text).split()).casefold()


def _shown(value: object) -> str:
    """A cell's value as a problem quotes it."""
    if isinstance(value, str):
        text = value if len(value) <= 40 else value[:39] + "…"
        text = CONTROL.sub(lambda m: f"\\x{ord(m.group()):02x}", text)
        return f'"{text}"'
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    if isinstance(value, dt.datetime) and value.time() == dt.time():
        return value.date().isoformat()
    if isinstance(value, dt.date):
        return value.isoformat()
    return str(value)


class _Reader:
    """Reads one table (a sheet or a CSV) into :class:`Rows`, collecting every problem."""

    def __init__(self, sheet: str, columns: Sequence[Column], *, max_rows: int, csv: bool) -> None:
        keys = [column.key for column in columns]
        if len(set(keys)) != len(keys):
            raise ValueError(f"column keys must be unique: {keys}")
        self.sheet = sheet
        self.columns = columns
        self.max_rows = max_rows
        self.csv = csv
        self.problems: list[Problem] = []
        self.left_out = 0
        self.by_title = {title_key(title): column for column in columns for title in column.titles}
        self.positions: list[tuple[int, Column]] = []
        self.where: dict[str, tuple[str, str]] = {}

    def add(self, row: int | None, index: int | None, title: str | None, reason: Reason) -> None:
        self.place(Problem(None, None, reason), row, index, title)

    def place(self, problem: Problem, row: int | None, index: int | None, title: str | None) -> None:
        """Keep a problem, found without a place (by a converter), at this sheet's row and column."""
        if len(self.problems) >= MAX_PROBLEMS:
            self.left_out += 1
            return
        letter = get_column_letter(index + 1) if index is not None else None
        self.problems.append(replace(problem, sheet=self.sheet, row=row, column=letter, title=title))

    def read(self, rows: Iterable[tuple[int, Sequence[Any]]], *, header: bool, notes: Sequence[Reason] = ()) -> Rows:
        rows = iter(rows)
        if header:
            rows = self.find_header(rows)
        else:
            self.positions = list(enumerate(self.columns))
            self.where = {c.key: (get_column_letter(i + 1), c.titles[0]) for i, c in self.positions}
        found = frozenset(self.where)
        out: list[Row] = []
        for number, cells in rows:
            if number > self.max_rows:
                too_many = why(_("the sheet has more than {limit:,} rows; the limit is {limit:,}"), limit=self.max_rows)
                self.add(None, None, None, too_many)
                break
            row = self.read_row(number, cells)
            if row is not None:
                out.append(row)
        self.finish()
        return Rows(out, sheet=self.sheet, found=found, notes=notes)

    def finish(self) -> None:
        if self.left_out:
            left_out = why(_("and {count:,} more problems not listed"), count=self.left_out)
            self.problems.append(Problem(None, None, left_out, sheet=self.sheet))
        if self.problems:
            raise Refusal(self.problems)

    def find_header(self, rows: Iterator[tuple[int, Sequence[Any]]]) -> Iterator[tuple[int, Sequence[Any]]]:
        """Take the first of the first :data:`HEADER_SEARCH` rows that names a known column as the
        header, map its columns, and return the rows after it (problems for any column missing
        or given twice end the reading: without its columns no row can be read)."""
        header: tuple[int, Sequence[Any]] | None = None
        for number, cells in rows:
            if number > HEADER_SEARCH:
                break
            if any(self.by_title.get(title_key(c.value)) for c in cells if isinstance(c.value, str)):
                header = (number, cells)
                break
        if header is None:
            missing = [c for c in self.columns if c.required]
            if missing:
                titles = ", ".join(c.titles[0] for c in missing)
                no_header = _("no header row with the columns {titles} in the first {rows} rows")
                self.add(None, None, None, why(no_header, titles=titles, rows=HEADER_SEARCH))
                self.finish()
            return iter(())
        number, cells = header
        seen: dict[str, int] = {}
        for index, cell in enumerate(cells):
            if not isinstance(cell.value, str):
                continue
            column = self.by_title.get(title_key(cell.value))
            if column is None:
                continue
            title = cell.value.strip()
            if column.key in seen:
                first = get_column_letter(seen[column.key] + 1)
                second = why(
                    _("a second column {title}; the first is column {letter}"), title=column.titles[0], letter=first
                )
                self.add(number, index, title, second)
                continue
            seen[column.key] = index
            self.positions.append((index, column))
            self.where[column.key] = (get_column_letter(index + 1), title)
        for column in self.columns:
            if column.required and column.key not in seen:
                also = [t for t in column.titles[1:] if title_key(t) != title_key(column.titles[0])]
                missing_column = (
                    why(
                        _("no column {title} (also accepted: {titles})"), title=column.titles[0], titles=", ".join(also)
                    )
                    if also
                    else why(_("no column {title}"), title=column.titles[0])
                )
                self.add(number, None, None, missing_column)
        if self.problems:
            self.finish()
        return rows

    def read_row(self, number: int, cells: Sequence[Any]) -> Row | None:
        present = []
        for index, column in self.positions:
            cell = cells[index] if index < len(cells) else EMPTY
            value = cell.value
            if isinstance(value, str) and not value.strip():
                value = None
            present.append((index, column, cell, value))
        if all(value is None for _index, _column, _cell, value in present):
            return None
        values: dict[str, object] = {column.key: column.default for column in self.columns}
        for index, column, cell, value in present:
            title = self.where[column.key][1]
            if value is None:
                if column.required:
                    self.add(number, index, title, why(_("this cell must not be empty")))
                continue
            if cell.data_type == "f":
                formula = why(_("{value} is a formula; type the value itself"), value=_shown(value))
                self.add(number, index, title, formula)
                continue
            if cell.data_type == "e":
                self.add(number, index, title, why(_("the cell shows the error {error}"), error=value))
                continue
            try:
                values[column.key] = self.convert(column, value)
            except Refusal as bad:
                for problem in bad.problems:
                    self.place(problem, number, index, title)
        return Row(self.sheet, number, values, self.where)

    def convert(self, column: Column, value: object) -> object:
        kind = column.kind
        if kind == ANY and isinstance(value, dt.date):
            date_cell(value)  # a date in a column of settings is a date of play too: refused outside its years
        if kind == ANY and isinstance(value, bool | int | float | Decimal | dt.date | dt.time):
            return value
        if kind in (TEXT, NAME, ANY):
            return _text(value, column, csv=self.csv)
        if kind == WHOLE:
            return whole_cell(value)
        if kind == DECIMAL:
            return _decimal(value)
        if kind == DATE:
            return date_cell(value)
        if kind == BOOL:
            return yes_or_no_cell(value)
        return _choice(value, column)


def _text(value: object, column: Column, *, csv: bool) -> str:
    if isinstance(value, bool):
        raise Refusal.because(_("{value} is a yes/no value, not a text"), value=value)
    if isinstance(value, int):
        text = str(value)
    elif isinstance(value, float):
        text = str(int(value)) if value.is_integer() else repr(value)
    elif isinstance(value, dt.date | dt.time | dt.timedelta):
        raise Refusal.because(_("{value} is a date or time, not a text"), value=_shown(value))
    else:
        text = str(value)
    text = unicodedata.normalize("NFC", text.strip())
    if csv and text.startswith("'") and text[1:].startswith(FORMULA_STARTS):
        text = text[1:]  # the apostrophe our CSV writer (and Excel's convention) puts before such a text
    control = CONTROL.search(text)
    if control:
        code = ord(control.group())
        raise Refusal.because(
            _("{value} contains a control character (U+{code:04X}), which is not allowed"),
            value=_shown(text),
            code=code,
        )
    if column.kind == NAME:
        text = " ".join(text.split())
    if len(text) > column.max_length:
        raise Refusal.because(
            _("{value} is {length} characters long; at most {most} are allowed"),
            value=_shown(text),
            length=len(text),
            most=column.max_length,
        )
    return text


def whole_cell(value: object) -> int:
    """A whole number from a cell: a number, or text such as ``-5`` or ``+12`` (``−`` too)."""
    if isinstance(value, bool):
        raise Refusal.because(_("{value} is a yes/no value, not a whole number"), value=value)
    if isinstance(value, int):
        return value
    if isinstance(value, float):
        if value.is_integer():
            return int(value)
        raise Refusal.because(_("{value} is not a whole number"), value=value)
    if isinstance(value, str):
        text = value.strip().replace("\u2212", "-")
        if WHOLE_TEXT.fullmatch(text):
            return int(text)
    raise Refusal.because(_("{value} is not a whole number"), value=_shown(value))


def _decimal(value: object) -> Decimal:
    if isinstance(value, bool):
        raise Refusal.because(_("{value} is a yes/no value, not a number"), value=value)
    if isinstance(value, int):
        return Decimal(value)
    if isinstance(value, float):
        return Decimal(repr(value))
    if isinstance(value, str):
        number = _decimal_text(value.strip().replace("\u2212", "-"))
        if number is not None:
            return number
    raise Refusal.because(_("{value} is not a number"), value=_shown(value))


def _decimal_text(text: str) -> Decimal | None:
    """``12``, ``12.5``, ``12,5``, ``1.234,50``, ``1,234.50``: one separator alone is the decimal
    mark; with both, the last one is, and the other must group thousands."""
    sign = ""
    if text[:1] in "+-":
        sign, text = text[0], text[1:]
    if re.fullmatch(r"\d+", text):
        return Decimal(sign + text)
    if match := re.fullmatch(r"(\d*)[.,](\d+)", text):
        whole, fraction = match.groups()
    elif match := re.fullmatch(r"(\d{1,3}(?:\.\d{3})+),(\d+)", text):
        whole, fraction = match.group(1).replace(".", ""), match.group(2)
    elif match := re.fullmatch(r"(\d{1,3}(?:,\d{3})+)\.(\d+)", text):
        whole, fraction = match.group(1).replace(",", ""), match.group(2)
    else:
        return None
    return Decimal(f"{sign}{whole or '0'}.{fraction}")


def date_cell(value: object) -> dt.date:
    """A date from a cell: a date, or text written ``2026-11-30`` or ``30.11.2026``, in the years a
    club can have played in (:data:`~scoring.engine.reading.FIRST_YEAR` to
    :data:`~scoring.engine.reading.LAST_YEAR`, as a sitting document's date)."""
    if isinstance(value, dt.datetime):
        return _club_date(value.date(), value)
    if isinstance(value, dt.date):
        return _club_date(value, value)
    if isinstance(value, str):
        text = value.strip()
        written = None
        if match := ISO_DATE.fullmatch(text):
            year, month, day = (int(g) for g in match.groups())
            written = year, month, day
        elif match := DAY_FIRST_DATE.fullmatch(text):
            day, month, year = (int(g) for g in match.groups())
            written = year, month, day
        if written is not None:
            try:
                date = dt.date(*written)
            except ValueError:
                raise Refusal.because(_("{value} is not a date that exists"), value=_shown(value)) from None
            return _club_date(date, value)
    if isinstance(value, int | float) and not isinstance(value, bool):
        raise Refusal.because(_("{value} is a number, not a date: format the cell as a date"), value=_shown(value))
    raise Refusal.because(_("{value} is not a date (write 2026-11-30 or 30.11.2026)"), value=_shown(value))


def _club_date(day: dt.date, value: object) -> dt.date:
    """``day``, read from the cell ``value``, unless it is outside the years a club can have played
    in (a date serial of -5, a date cell too, shows as 1899-12-25)."""
    if not in_club_years(day):
        raise Refusal.because(OUTSIDE_CLUB_YEARS, value=_shown(value), first=FIRST_YEAR, last=LAST_YEAR)
    return day


def yes_or_no_cell(value: object) -> bool:
    """Yes or no from a cell: a truth value, 1 or 0, or a word in any of the site's languages."""
    if isinstance(value, bool):
        return value
    if isinstance(value, int | float) and value in (0, 1):
        return bool(value)
    if isinstance(value, str):
        word = value.strip().casefold()
        if word in TRUE_WORDS:
            return True
        if word in FALSE_WORDS:
            return False
    raise Refusal.because(_("{value} is not yes or no (write yes/no, ja/nein/nej, 1/0 or x)"), value=_shown(value))


def _choice(value: object, column: Column) -> object:
    text = str(int(value)) if isinstance(value, float) and value.is_integer() else str(value)
    wanted = title_key(text)
    for key, result in column.choices.items():
        if title_key(key) == wanted:
            return result
    listed = list(column.choices)
    shown = ", ".join(listed[:12]) + (", …" if len(listed) > 12 else "")
    raise Refusal.because(_("{value} is not one of: {choices}"), value=_shown(value), choices=shown)


# --- reading a sheet ------------------------------------------------------------------------


def _find_sheet(workbook: Workbook, sheet: str | Sequence[str]) -> Any:
    wanted = [sheet] if isinstance(sheet, str) else list(sheet)
    keys = {title_key(name) for name in wanted}
    for worksheet in workbook.book.worksheets:
        if title_key(worksheet.title) in keys:
            return worksheet
    has = ", ".join(workbook.sheet_names)
    raise _refuse(_("the workbook has no sheet {title} (it has: {titles})"), title=wanted[0], titles=has)


def _sheet_rows(worksheet: Any, max_rows: int) -> Iterator[tuple[int, Sequence[Any]]]:
    """A sheet's rows, numbered from 1, at most ``max_rows + 1`` (one more, to notice there are
    too many) and :data:`MAX_COLUMNS` wide (openpyxl pads short rows and fills gaps)."""
    rows = worksheet.iter_rows(min_row=1, max_row=max_rows + 1, max_col=MAX_COLUMNS)
    return enumerate(rows, 1)


def read_rows(
    workbook: Workbook, sheet: str | Sequence[str], columns: Sequence[Column], *, max_rows: int = MAX_ROWS
) -> Rows:
    """The rows of the sheet called ``sheet`` (or any of its names, ignoring case), read as
    ``columns`` ask; columns of the sheet that no :class:`Column` names are ignored, and so are
    rows with nothing in the columns read. Raises a :class:`~scoring.engine.refusal.Refusal` with
    every problem."""
    worksheet = _find_sheet(workbook, sheet)
    reader = _Reader(worksheet.title, columns, max_rows=max_rows, csv=False)
    try:
        return reader.read(_sheet_rows(worksheet, max_rows), header=True)
    except Refusal:
        raise
    except Exception as error:  # openpyxl meeting XML it cannot parse halfway through a sheet
        raise _refuse(_("the sheet is damaged and cannot be read"), sheet=worksheet.title) from error


# --- CSV ------------------------------------------------------------------------------------


def decode_csv(raw: bytes) -> tuple[str, list[Reason]]:
    """The text of a CSV and notes about how it was read: UTF-8 (with or without BOM), UTF-16
    with a BOM (Excel's "Unicode text"), else Windows-1252 with a note saying so."""
    if raw.startswith((b"\xff\xfe", b"\xfe\xff")):
        try:
            return raw.decode("utf-16"), []
        except UnicodeDecodeError:
            raise _refuse(_("the file is not readable text (broken UTF-16)")) from None
    if b"\x00" in raw:
        raise _refuse(_("the file is neither an .xlsx workbook nor a CSV text file"))
    try:
        return raw.decode("utf-8-sig"), []
    except UnicodeDecodeError:
        pass
    try:
        text = raw.decode("cp1252")
    except UnicodeDecodeError:
        raise _refuse(_("the file is neither UTF-8 nor Windows-1252 text: save it as CSV UTF-8")) from None
    return text, [
        why(
            _(
                "The file is not UTF-8; it was read as Windows-1252 (Western European). Check letters such as "
                "ä, ø and ß, or save it as “CSV UTF-8” next time."
            )
        )
    ]


def sniff_delimiter(text: str) -> str:
    """``;``, ``,`` or tab: the one that splits the first lines into the same number (more than
    one) of fields, the most fields winning; failing that, the first of ``;``, tab, ``,`` found
    in the first line (the header); failing that, the file is one column (tab is returned: it
    cannot be part of a name or text, which refuse control characters)."""
    lines = [line for line in text.splitlines()[:50] if line.strip()][:20]
    best, best_count = "", 1
    for delimiter in (";", ",", "\t"):
        try:
            counts = {len(record) for record in csv.reader(lines, delimiter=delimiter)}
        except csv.Error:
            continue
        if len(counts) == 1 and (count := counts.pop()) > best_count:
            best, best_count = delimiter, count
    if best:
        return best
    for delimiter in (";", "\t", ","):
        if lines and delimiter in lines[0]:
            return delimiter
    return "\t"


def _csv_records(text: str, delimiter: str, max_rows: int) -> Iterator[tuple[int, Sequence[_Cell]]]:
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter, strict=True)
    number = 0
    try:
        for record in reader:
            number += 1
            yield number, [_Cell(field, "s") for field in record[:MAX_COLUMNS]]
            if number > max_rows:
                return
    except csv.Error as error:
        broken = why(_("the CSV is broken here ({error})"), error=str(error))
        raise Refusal([Problem(None, None, broken, sheet="CSV", row=number + 1)]) from None


def read_csv_rows(
    data: bytes | BinaryIO, columns: Sequence[Column], *, max_bytes: int, max_rows: int = MAX_ROWS
) -> Rows:
    """The rows of a CSV, read as ``columns`` ask, exactly as :func:`read_rows` reads a sheet
    (the sheet is called ``CSV``; row numbers are the line numbers a spreadsheet shows)."""
    text, notes = decode_csv(read_upload(data, max_bytes))
    reader = _Reader("CSV", columns, max_rows=max_rows, csv=True)
    return reader.read(_csv_records(text, sniff_delimiter(text), max_rows), header=True, notes=notes)


# --- name lists -----------------------------------------------------------------------------

NAME_TITLES = ("Name", "Navn", "Player", "Spieler", "Spiller", "Entrant", "Teilnehmer", "Deltager")
ACTIVE_TITLES = ("Active", "Aktiv")
INITIALS_TITLES = ("Initials only", "Nur Initialen", "Kun initialer")
MAX_NAME = 60

NAME_COLUMNS = (
    Column("name", NAME_TITLES, NAME, required=True, max_length=MAX_NAME),
    Column("active", ACTIVE_TITLES, BOOL),
    Column("initials_only", INITIALS_TITLES, BOOL),
)


@dataclass(frozen=True)
class ListedName:
    """One name of a list, with its row; ``active`` and ``initials_only`` are ``None`` where the
    file does not say (no such column, or an empty cell): the caller decides the default."""

    name: str
    row: int
    active: bool | None = None
    initials_only: bool | None = None


@dataclass(frozen=True)
class NameList:
    """The names of an uploaded list, in file order, and notes worth telling the user (reasons)."""

    names: tuple[ListedName, ...]
    sheet: str
    notes: tuple[Reason, ...] = ()


def read_name_list(
    data: bytes | BinaryIO, filename: str | None, *, max_bytes: int, max_rows: int = MAX_ROWS
) -> NameList:
    """One name a row, from an ``.xlsx`` (its first sheet) or a CSV: which one is decided by the
    file's content; ``filename`` only adds a note when its ending says otherwise.

    A header row (titles in English, German or Danish: Name/Name/Navn, Active/Aktiv/Aktiv,
    Initials only/Nur Initialen/Kun initialer; Player/Spieler/Spiller and
    Entrant/Teilnehmer/Deltager also name the name column) is optional: without one, the first
    column holds the names and other columns are ignored. Names are trimmed, NFC-normalised,
    inner whitespace collapsed, at most :data:`MAX_NAME` characters, no control characters. A
    name that appears twice (ignoring case) is a problem naming both rows; empty rows are
    skipped.
    """
    raw = read_upload(data, max_bytes)
    notes: list[Reason] = []
    ending = (filename or "").rsplit(".", 1)[-1].casefold() if filename and "." in filename else ""
    kind = _kind_of(raw)
    if kind != "other" or raw.startswith(b"%PDF"):
        with open_workbook(raw, max_bytes=max_bytes, max_rows=max_rows) as workbook:
            worksheet = workbook.book.worksheets[0] if workbook.book.worksheets else None
            if worksheet is None:
                raise _refuse(_("the workbook has no sheet"))
            if ending == "csv":
                notes.append(
                    why(
                        _("The file is named {filename} but is an .xlsx workbook; it was read as one."),
                        filename=filename,
                    )
                )
            if len(workbook.sheet_names) > 1:
                notes.append(
                    why(
                        _("The workbook has {count} sheets; the names were read from the first."),
                        count=len(workbook.sheet_names),
                    )
                )
            try:
                rows = list(_sheet_rows(worksheet, max_rows))
            except Exception as error:  # openpyxl meeting XML it cannot parse halfway through a sheet
                raise _refuse(_("the sheet is damaged and cannot be read"), sheet=worksheet.title) from error
            sheet, csv_mode = worksheet.title, False
    else:
        text, more = decode_csv(raw)
        notes += more
        if ending in ("xlsx", "xls", "ods"):
            notes.append(
                why(_("The file is named {filename} but is a CSV text file; it was read as one."), filename=filename)
            )
        rows = list(_csv_records(text, sniff_delimiter(text), max_rows))
        sheet, csv_mode = "CSV", True
    header = _has_header(rows)
    if not header and any(_filled(cells[1:]) for _number, cells in rows):
        notes.append(why(_("The file has no header row, so only its first column was read, as names.")))
    reader = _Reader(sheet, NAME_COLUMNS if header else NAME_COLUMNS[:1], max_rows=max_rows, csv=csv_mode)
    table = reader.read(rows, header=header)
    return NameList(_unique_names(table, reader), sheet, tuple(notes))


def _filled(cells: Sequence[Any]) -> bool:
    return any(c.value is not None and str(c.value).strip() for c in cells)


def _has_header(rows: Sequence[tuple[int, Sequence[Any]]]) -> bool:
    """Whether the first non-empty row holds a known title of the name list."""
    titles = {title_key(t) for t in (*NAME_TITLES, *ACTIVE_TITLES, *INITIALS_TITLES)}
    for _number, cells in rows[:HEADER_SEARCH]:
        texts = [c.value for c in cells if c.value is not None and str(c.value).strip()]
        if texts:
            return any(isinstance(v, str) and title_key(v) in titles for v in texts)
    return False


def _unique_names(table: Rows, reader: _Reader) -> tuple[ListedName, ...]:
    first_row: dict[str, int] = {}
    names: list[ListedName] = []
    for row in table:
        name = row["name"]
        assert isinstance(name, str)
        key = name.casefold()
        if key in first_row:
            reader.problems.append(
                row.problem("name", why(_('"{name}" is also in row {row}'), name=name, row=first_row[key]))
            )
            continue
        first_row[key] = row.number
        active, initials = row.values.get("active"), row.values.get("initials_only")
        names.append(
            ListedName(
                name,
                row.number,
                active if isinstance(active, bool) else None,
                initials if isinstance(initials, bool) else None,
            )
        )
    reader.finish()
    return tuple(names)
