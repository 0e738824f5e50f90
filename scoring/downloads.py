"""Sending a workbook or a CSV as a download: rows stream through the one writer into a
temporary file, which the response then streams to the browser in chunks."""

from __future__ import annotations

import io
import tempfile
from collections.abc import Sequence

from django.http import FileResponse
from django.utils import timezone
from django.utils.formats import get_format

from scoring.spreadsheets.writer import Sheet, write_csv, write_xlsx

XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"


def workbook_response(sheets: Sequence[Sheet], filename: str, heading: str = "") -> FileResponse:
    """The sheets as a workbook download; ``heading`` tops each printed page (the club and what
    the workbook holds)."""
    out = tempfile.TemporaryFile()  # noqa: SIM115 - the response streams it, then closes it
    write_xlsx(sheets, out, tz=timezone.get_current_timezone(), heading=heading)
    out.seek(0)
    return FileResponse(out, as_attachment=True, filename=f"{filename}.xlsx", content_type=XLSX)


def csv_response(sheet: Sheet, filename: str) -> FileResponse:
    """The sheet as a CSV for Excel: ``;`` between cells where the page's language writes
    decimal commas (German, Danish), ``,`` elsewhere."""
    out = tempfile.TemporaryFile()  # noqa: SIM115 - the response streams it, then closes it
    text = io.TextIOWrapper(out, encoding="utf-8", newline="")
    write_csv(sheet, text, decimal_comma=get_format("DECIMAL_SEPARATOR") == ",", tz=timezone.get_current_timezone())
    text.flush()
    text.detach()
    out.seek(0)
    return FileResponse(out, as_attachment=True, filename=f"{filename}.csv", content_type="text/csv; charset=utf-8")
