"""Hostile uploads, and how long the reader takes to refuse each.

Run with ``python -m bench.hostile_files`` (``make bench`` runs it). Goal (``docs/spreadsheets.md``):
every refusal within 1 s, the best of ``--runs``. The builders also make the tests' hostile files,
so the bench times exactly what the tests refuse.
"""

from __future__ import annotations

import argparse
import functools
import io
import os
import time
import zipfile
from collections.abc import Callable, Iterable, Iterator

from scoring.engine.refusal import Refusal
from scoring.spreadsheets.reader import WHOLE, Column, open_workbook, read_csv_rows, read_name_list, read_rows
from scoring.spreadsheets.writer import Sheet, write_xlsx

LIMIT = 10 * 1024 * 1024
"""The site's default upload limit: 10 MiB."""

SHEET_XML = "xl/worksheets/sheet1.xml"
SHEET_HEAD = (
    b'<?xml version="1.0" encoding="UTF-8"?>'
    b'<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>'
)
SHEET_TAIL = b"</sheetData></worksheet>"


def xlsx(*sheets: Sheet) -> bytes:
    out = io.BytesIO()
    write_xlsx(sheets, out)
    return out.getvalue()


@functools.cache
def template() -> bytes:
    return xlsx(Sheet("Deals", ("Deal",), [[1]]))


def with_sheet_xml(parts: Iterable[bytes], name: str = SHEET_XML, level: int = 1) -> bytes:
    """A real workbook whose first sheet's XML is replaced by ``parts``, streamed into the zip."""
    out = io.BytesIO()
    with (
        zipfile.ZipFile(io.BytesIO(template())) as source,
        zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED, compresslevel=level) as target,
    ):
        for info in source.infolist():
            if info.filename != name:
                target.writestr(info.filename, source.read(info.filename))
        with target.open(name, "w", force_zip64=True) as member:
            for part in parts:
                member.write(part)
    return out.getvalue()


@functools.cache
def zip_bomb() -> bytes:
    """300 MB of zeros as a sheet's XML: packs to about 1.4 MB."""
    chunk = b"0" * 2**20
    return with_sheet_xml([SHEET_HEAD, *(chunk for _ in range(300)), SHEET_TAIL])


@functools.cache
def row_flood(rows: int = 1_000_000) -> bytes:
    """A sheet of one header row and then ``rows`` formatted empty rows (40 MB of XML)."""

    def parts() -> Iterator[bytes]:
        yield SHEET_HEAD + b'<row r="1"><c r="A1" t="inlineStr"><is><t>Name</t></is></c></row>'
        for start in range(2, rows + 2, 10_000):
            stop = min(start + 10_000, rows + 2)
            yield "".join(f'<row r="{r}" s="1" customFormat="1"/>' for r in range(start, stop)).encode()
        yield SHEET_TAIL

    return with_sheet_xml(parts())


def cases() -> dict[str, Callable[[], object]]:
    """Each hostile upload, as the call that must refuse it."""
    far_row = with_sheet_xml(
        [
            SHEET_HEAD,
            b'<row r="1"><c r="A1" t="inlineStr"><is><t>Deal</t></is></c></row>',
            b'<row r="1000000"><c r="A1000000"><v>1</v></c></row>',
            SHEET_TAIL,
        ]
    )
    packed_tight = with_sheet_xml([SHEET_HEAD, b"0" * 20_000_000, SHEET_TAIL])
    over = b"PK\x03\x04" + bytes(50 * 1024 * 1024)
    ole2 = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + bytes(4000)

    def read_far_row() -> object:
        with open_workbook(far_row, max_bytes=LIMIT) as book:
            return read_rows(book, "Deals", (Column("deal", ("Deal",), WHOLE, required=True),))

    return {
        "random bytes": lambda: open_workbook(os.urandom(5000).replace(b"PK", b"pk"), max_bytes=LIMIT),
        "a PDF": lambda: open_workbook(b"%PDF-1.7\n1 0 obj", max_bytes=LIMIT),
        "password-protected (OLE2)": lambda: open_workbook(ole2, max_bytes=LIMIT),
        "a damaged zip": lambda: open_workbook(template()[: len(template()) // 2], max_bytes=LIMIT),
        "50 MB over a 10 MB limit": lambda: open_workbook(over, max_bytes=LIMIT),
        "a CSV over the limit": lambda: read_csv_rows(bytes(11 * 1024 * 1024), (), max_bytes=LIMIT),
        "a zip bomb (300 MB of XML)": lambda: open_workbook(zip_bomb(), max_bytes=LIMIT),
        "20 MB packed far too tight": lambda: open_workbook(packed_tight, max_bytes=LIMIT),
        "a million formatted empty rows": lambda: open_workbook(row_flood(), max_bytes=LIMIT),
        "100,000 empty rows in a name list": lambda: read_name_list(row_flood(100_000), "p.xlsx", max_bytes=LIMIT),
        "one row a million rows down": read_far_row,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=3, help="refusals timed per file (default 3)")
    args = parser.parse_args()
    print(f"{'refusing a hostile upload':<44}{'best s':>8}{'goal':>6}")
    for name, refuse in cases().items():
        times = []
        for _run in range(args.runs):
            started = time.perf_counter()
            try:
                refuse()
            except Refusal:
                times.append(time.perf_counter() - started)
            else:
                raise SystemExit(f"{name}: not refused")
        best = min(times)
        print(f"{name:<44}{best:>8.3f}{1:>6}  {'ok' if best < 1 else 'OVER'}")


if __name__ == "__main__":
    main()
