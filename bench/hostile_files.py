"""Hostile uploads, and how long the reader takes to refuse each.

Run with ``python -m bench.hostile_files`` (``make bench`` runs it). Goal (``docs/spreadsheets.md``):
every refusal within 1 s, the best of ``--runs`` (a file over the goal, or not refused at all, is
timed once). Each line says the file's size, what its zip directory says it unpacks to, the
seconds until the refusal and its first line, so a run before a change and one after compare line
by line. The builders also make the tests' hostile files (small ones: the tests lower the limits
instead), so the bench times what the tests refuse.
"""

from __future__ import annotations

import argparse
import datetime as dt
import functools
import io
import itertools
import os
import random
import re
import time
import zipfile
from collections.abc import Callable, Iterable, Iterator, Mapping

from scoring.engine.refusal import Refusal
from scoring.spreadsheets.reader import DATE, WHOLE, Column, open_workbook, read_csv_rows, read_name_list, read_rows
from scoring.spreadsheets.writer import Sheet, write_xlsx

LIMIT = 10 * 1024 * 1024
"""The site's default upload limit: 10 MiB."""

SHEET_XML = "xl/worksheets/sheet1.xml"
SHEET_HEAD = (
    b'<?xml version="1.0" encoding="UTF-8"?>'
    b'<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>'
)
SHEET_TAIL = b"</sheetData></worksheet>"
SHEET_NS = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"


def xlsx(*sheets: Sheet) -> bytes:
    out = io.BytesIO()
    write_xlsx(sheets, out)
    return out.getvalue()


@functools.cache
def template() -> bytes:
    return xlsx(Sheet("Deals", ("Deal",), [[1]]))


def with_sheet_xml(parts: Iterable[bytes], name: str = SHEET_XML, level: int = 1) -> bytes:
    """A real workbook whose first sheet's XML is replaced by ``parts``, streamed into the zip."""
    return with_parts({name: parts}, level=level)


def with_parts(replaced: Mapping[str, Iterable[bytes]], *, base: bytes | None = None, level: int = 1) -> bytes:
    """A real workbook (``base``, else :func:`template`) with the parts named in ``replaced``
    replaced or added, each streamed into the zip from its pieces."""
    out = io.BytesIO()
    with (
        zipfile.ZipFile(io.BytesIO(base or template())) as source,
        zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED, compresslevel=level) as target,
    ):
        for info in source.infolist():
            if info.filename not in replaced:
                target.writestr(info.filename, source.read(info.filename))
        for name, parts in replaced.items():
            with target.open(name, "w", force_zip64=True) as member:
                for part in parts:
                    member.write(part)
    return out.getvalue()


@functools.cache
def zip_bomb() -> bytes:
    """300 MB of zeros as a sheet's XML: packs to about 1.4 MB."""
    chunk = b"0" * 2**20
    return with_sheet_xml([SHEET_HEAD, *(chunk for _ in range(300)), SHEET_TAIL])


def sheet_head(prefix: str = "") -> bytes:
    """A sheet's XML up to its first row, its elements written ``<x:sheetData>`` with ``prefix`` ``x:``."""
    if not prefix:
        return SHEET_HEAD
    return b'<?xml version="1.0" encoding="UTF-8"?><%bworksheet xmlns:%b="%b"><%bsheetData>' % (
        prefix.encode(),
        prefix.rstrip(":").encode(),
        SHEET_NS.encode(),
        prefix.encode(),
    )


def sheet_tail(prefix: str = "") -> bytes:
    return b"</%ssheetData></%sworksheet>" % (prefix.encode(), prefix.encode())


@functools.cache
def row_flood(rows: int = 1_000_000, *, prefix: str = "", space: str = " ") -> bytes:
    """A sheet of one header row and then ``rows`` formatted empty rows (40 MB of XML), its tags
    written ``<row r=…`` or, with ``prefix`` ``x:`` and ``space`` a line break, ``<x:row\\nr=…``
    (just as valid XML)."""
    x, row = prefix, f"<{prefix}row{space}"
    header = f'{row}r="1"><{x}c{space}r="A1" t="inlineStr"><{x}is><{x}t>Name</{x}t></{x}is></{x}c></{x}row>'

    def parts() -> Iterator[bytes]:
        yield sheet_head(prefix) + header.encode()
        for start in range(2, rows + 2, 10_000):
            stop = min(start + 10_000, rows + 2)
            yield "".join(f'{row}r="{r}" s="1" customFormat="1"/>' for r in range(start, stop)).encode()
        yield sheet_tail(prefix)

    return with_sheet_xml(parts())


LETTERS = bytes.maketrans(bytes(range(256)), b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789._" * 4)
HEX = bytes.maketrans(bytes(range(256)), b"0123456789abcdef" * 16)


def _noise(seed: int, size: int, alphabet: bytes = LETTERS) -> bytes:
    """``size`` characters of seeded random letters and digits (or hex digits), so that a flood
    packs like real data and not like a bomb of zeros."""
    return random.Random(seed).randbytes(size).translate(alphabet)


@functools.cache
def cell_flood(cells: int = 2_500_000, *, prefix: str = "", space: str = "\n", utf16: bool = False) -> bytes:
    """A sheet of ``cells`` empty cells, 100 a row, each written ``<c\\nq="…"/>`` (an attribute
    no program knows, after a line break instead of a space), or with ``prefix`` and ``space``
    ``<x:c\\tq="…"/>``: for 2,500,000 cells 33 MB of XML in a 7.6 MB file. With ``utf16`` the
    XML is written in UTF-16 (after its byte order mark), which XML parsers read as well as UTF-8."""
    noise = _noise(cells, cells * 4, HEX)
    one_cell = re.compile(b"(....)")
    written = f'<{prefix}c{space}q="'.encode().replace(b"\\", b"\\\\") + b'\\1"/>'
    row = f"<{prefix}row r=".encode()
    end = f"</{prefix}row>".encode()

    def parts() -> Iterator[bytes]:
        yield sheet_head(prefix)
        for number, start in enumerate(range(0, cells * 4, 400), 1):
            yield b'%s"%d">%s%s' % (row, number, one_cell.sub(written, noise[start : start + 400]), end)
        yield sheet_tail(prefix)

    if not utf16:
        return with_sheet_xml(parts(), level=6)
    declared = (part.replace(b'encoding="UTF-8"', b'encoding="UTF-16"') for part in parts())
    return with_sheet_xml(
        itertools.chain([b"\xff\xfe"], (part.decode().encode("utf-16-le") for part in declared)), level=6
    )


@functools.cache
def entity_flood(rows: int = 2_000, cells: int = 1_000) -> bytes:
    """``rows`` rows of ``cells`` empty cells each that the file does not hold: a document type
    (DTD) declares an entity that stands for a row's cells, and each row is that entity. The
    file is 10 kB; an XML parser makes 2,000,000 cells of it."""
    ten = "".join("<c/>" for _ in range(cells // 10))
    head = (
        f'<?xml version="1.0" encoding="UTF-8"?><!DOCTYPE worksheet [<!ENTITY t "{ten}">'
        f'<!ENTITY r "{"&t;" * 10}">]><worksheet xmlns="{SHEET_NS}"><sheetData>'
        '<row r="1"><c r="A1" t="inlineStr"><is><t>Name</t></is></c></row>'
    )
    body = "".join(f'<row r="{n}">&r;</row>' for n in range(2, rows + 2))
    return with_sheet_xml([head.encode(), body.encode(), SHEET_TAIL])


@functools.cache
def hidden_sheet(rows: int = 1_000_000) -> bytes:
    """A row flood in a sheet the reader's own index does not lead to: ``[Content_Types].xml``
    names ``xl/book.xml`` the workbook (openpyxl follows it), whose sheet is
    ``xl/worksheets/data.bin``; ``xl/workbook.xml`` and its sheet are left as a decoy."""
    with zipfile.ZipFile(io.BytesIO(template())) as source:
        types = source.read("[Content_Types].xml").replace(b'"/xl/workbook.xml"', b'"/xl/book.xml"')
        relations = source.read("xl/_rels/workbook.xml.rels").replace(b"sheet1.xml", b"data.bin")
        book = source.read("xl/workbook.xml")
    with zipfile.ZipFile(io.BytesIO(row_flood(rows))) as flood:
        sheet = flood.read(SHEET_XML)
    replaced = {
        "[Content_Types].xml": [types],
        "xl/book.xml": [book],
        "xl/_rels/book.xml.rels": [relations],
        "xl/worksheets/data.bin": [sheet],
    }
    return with_parts(replaced)


SHARED_STRINGS_XML = "xl/sharedStrings.xml"
SHARED_STRINGS_TYPE = b"application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"


def with_shared_strings(pieces: Iterable[bytes], name: str = SHARED_STRINGS_XML) -> bytes:
    """:func:`template` with a shared-strings part ``name`` made of ``pieces`` (and its entry in
    ``[Content_Types].xml``, where openpyxl looks for it), its first string the sheet's title
    *Name*, its second a name."""
    with zipfile.ZipFile(io.BytesIO(template())) as source:
        types = source.read("[Content_Types].xml")
    override = b'<Override PartName="/%s" ContentType="%s"/></Types>' % (name.encode(), SHARED_STRINGS_TYPE)
    sheet = (
        SHEET_HEAD
        + (b'<row r="1"><c r="A1" t="s"><v>0</v></c></row><row r="2"><c r="A2" t="s"><v>1</v></c></row>')
        + SHEET_TAIL
    )
    types = types.replace(b"</Types>", override)
    return with_parts({"[Content_Types].xml": [types], SHEET_XML: [sheet], name: pieces}, level=9)


def shared_strings_part(count: int, text: Callable[[int], str]) -> Iterator[bytes]:
    """A shared-strings part of the strings *Name*, then ``text(0)`` … ``text(count - 2)``."""
    yield (
        b'<?xml version="1.0" encoding="UTF-8"?>'
        b'<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="%d" uniqueCount="%d">'
        b"<si><t>Name</t></si>" % (count, count)
    )
    for start in range(0, count - 1, 10_000):
        stop = min(start + 10_000, count - 1)
        yield "".join(f"<si><t>{text(n)}</t></si>" for n in range(start, stop)).encode()
    yield b"</sst>"


@functools.cache
def shared_strings_flood(count: int = 2_300_000) -> bytes:
    """``count`` short shared strings: a 48 MB part, an 8.8 MB file, within the part and ratio limits."""
    noise = _noise(count, count * 5, HEX).decode()
    return with_shared_strings(shared_strings_part(count, lambda n: noise[n * 5 : n * 5 + 5]))


@functools.cache
def rich_text_flood(strings: int = 40_000, runs: int = 12) -> bytes:
    """``strings`` shared strings of ``runs`` formatted pieces (runs) each, of six letters: under
    10 MB, yet each piece costs openpyxl as much as a string."""
    noise = _noise(strings, strings * runs * 6).decode()

    def pieces() -> Iterator[bytes]:
        yield (
            b'<?xml version="1.0" encoding="UTF-8"?><sst xmlns="%s" count="%d" uniqueCount="%d">'
            b"<si><t>Name</t></si>" % (SHEET_NS.encode(), strings + 1, strings + 1)
        )
        for n in range(strings):
            at = n * runs * 6
            yield (
                "<si>" + "".join(f"<r><t>{noise[at + 6 * r : at + 6 * r + 6]}</t></r>" for r in range(runs)) + "</si>"
            ).encode()
        yield b"</sst>"

    return with_shared_strings(pieces())


@functools.cache
def styles_flood(formats: int = 100_000) -> bytes:
    """:func:`template` with ``formats`` cell formats in its styles: 12 MB of XML in a 0.3 MB file."""
    with zipfile.ZipFile(io.BytesIO(template())) as source:
        styles = source.read("xl/styles.xml")
    rng = random.Random(formats)
    xfs = b"".join(
        b'<xf numFmtId="%d" fontId="0" fillId="0" borderId="0" xfId="0"><alignment horizontal="left"/></xf>'
        % rng.randrange(200)
        for _ in range(formats)
    )
    start, end = styles.index(b"<cellXfs"), styles.index(b"</cellXfs>")
    flooded = styles[:start] + b'<cellXfs count="%d">' % formats + xfs + styles[end:]
    return with_parts({"xl/styles.xml": [flooded]})


def date_serial(serial: int | float) -> bytes:
    """A sheet *Deals* with the columns *Deal* and *Date* whose date cell holds the serial
    number ``serial`` under a date format (−5 shows as 1899-12-25)."""
    book = xlsx(Sheet("Deals", ("Deal", "Date"), [[1, dt.date(2026, 11, 30)]]))
    with zipfile.ZipFile(io.BytesIO(book)) as source:
        sheet = source.read(SHEET_XML)
    assert b"<v>46356</v>" in sheet
    return with_parts({SHEET_XML: [sheet.replace(b"<v>46356</v>", f"<v>{serial}</v>".encode())]}, base=book)


def _open(data: bytes) -> object:
    return open_workbook(data, max_bytes=LIMIT)


def _name_list(data: bytes) -> object:
    """What the players and the entrants imports do with an upload."""
    return read_name_list(data, "players.xlsx", max_bytes=LIMIT)


def _read_column(column: Column) -> Callable[[bytes], object]:
    def read(data: bytes) -> object:
        with open_workbook(data, max_bytes=LIMIT) as book:
            return read_rows(book, "Deals", (column,))

    return read


FAR_ROW = (
    b'<row r="1"><c r="A1" t="inlineStr"><is><t>Deal</t></is></c></row>'
    b'<row r="1000000"><c r="A1000000"><v>1</v></c></row>'
)


def cases() -> dict[str, tuple[Callable[[], bytes], Callable[[bytes], object]]]:
    """Each hostile upload: how to make it, and the call that must refuse it."""
    return {
        "random bytes": (lambda: os.urandom(5000).replace(b"PK", b"pk"), _open),
        "a PDF": (lambda: b"%PDF-1.7\n1 0 obj", _open),
        "password-protected (OLE2)": (lambda: b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + bytes(4000), _open),
        "a damaged zip": (lambda: template()[: len(template()) // 2], _open),
        "50 MB over a 10 MB limit": (lambda: b"PK\x03\x04" + bytes(50 * 1024 * 1024), _open),
        "a CSV over the limit": (
            lambda: bytes(11 * 1024 * 1024),
            lambda data: read_csv_rows(data, (), max_bytes=LIMIT),
        ),
        "a zip bomb (300 MB of XML)": (zip_bomb, _open),
        "20 MB packed far too tight": (lambda: with_sheet_xml([SHEET_HEAD, b"0" * 20_000_000, SHEET_TAIL]), _open),
        "a million formatted empty rows": (row_flood, _open),
        "100,000 empty rows in a name list": (lambda: row_flood(100_000), _name_list),
        "one row a million rows down": (
            lambda: with_sheet_xml([SHEET_HEAD, FAR_ROW, SHEET_TAIL]),
            _read_column(Column("deal", ("Deal",), WHOLE, required=True)),
        ),
        "a million rows written <x:row\\n…/>": (lambda: row_flood(prefix="x:", space="\n"), _name_list),
        "2,500,000 cells written <c\\n…/>": (cell_flood, _name_list),
        "2,500,000 cells written <x:c\\t…/>": (lambda: cell_flood(prefix="x:", space="\t"), _name_list),
        "1,500,000 cells in UTF-16": (lambda: cell_flood(1_500_000, prefix="x:", space=" ", utf16=True), _name_list),
        "2,000,000 cells from a DTD's entities": (entity_flood, _name_list),
        "a million rows in a sheet named .bin": (hidden_sheet, _name_list),
        "48 MB of shared strings (2,300,000)": (shared_strings_flood, _name_list),
        "6 MB of shared strings (300,000)": (lambda: shared_strings_flood(300_000), _name_list),
        "10 MB of shared strings in 480,000 pieces": (rich_text_flood, _name_list),
        "100,000 cell formats in the styles": (styles_flood, _name_list),
        "a date serial of -5 (1899-12-25)": (lambda: date_serial(-5), _read_column(Column("date", ("Date",), DATE))),
        "a date serial of 80,000 (2119-01-11)": (
            lambda: date_serial(80_000),
            _read_column(Column("date", ("Date",), DATE)),
        ),
    }


def sizes(data: bytes) -> tuple[str, str]:
    """The file's size and, for a zip, what its directory says it unpacks to, in MB."""
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            unpacked = f"{sum(part.file_size for part in archive.infolist()) / 1e6:.1f}"
    except zipfile.BadZipFile:
        unpacked = "-"
    return f"{len(data) / 1e6:.1f}", unpacked


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=3, help="refusals timed per file (default 3)")
    parser.add_argument("--only", help="run only the files whose name contains this")
    args = parser.parse_args()
    print(f"{'hostile upload':<40}{'file MB':>8}{'unpacked':>9}{'seconds':>9}  {'verdict':<12}the refusal")
    failed = []
    for name, (make, refuse) in cases().items():
        if args.only and args.only not in name:
            continue
        data = make()
        times: list[float] = []
        said = ""
        while len(times) < args.runs:  # a file over the goal, or not refused, is timed once
            started = time.perf_counter()
            try:
                refuse(data)
            except Refusal as refusal:
                said = str(refusal).splitlines()[0]
            else:
                said = ""
            times.append(time.perf_counter() - started)
            if not said or times[-1] >= 1:
                break
        best = min(times)
        verdict = "ok" if said and best < 1 else "OVER" if said else "NOT REFUSED"
        size, unpacked = sizes(data)
        shown = said if len(said) <= 70 else said[:69] + "…"
        print(f"{name:<40}{size:>8}{unpacked:>9}{best:>9.3f}  {verdict:<12}{shown}", flush=True)
        if verdict != "ok":
            failed.append(name)
    if failed:
        raise SystemExit(f"not refused within 1 s: {', '.join(failed)}")


if __name__ == "__main__":
    main()
