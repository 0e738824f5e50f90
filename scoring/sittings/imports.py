"""Reading a sitting file for an import: a sitting document (JSON) or a workbook in the export's
layout (``workbook``), told apart by the file's content, never by its name.

Whatever is wrong with the file itself comes back as a :class:`~scoring.engine.refusal.Refusal`,
one problem per line; what is wrong with the deals the engine says when the document is imported.
"""

from __future__ import annotations

import json

from scoring.engine.reasons import _
from scoring.engine.refusal import Refusal
from scoring.sittings.workbook import read_sitting_workbook
from scoring.spreadsheets.reader import is_spreadsheet, open_workbook, read_upload


def read_sitting_file(data: bytes, *, max_bytes: int) -> object:
    """The sitting document a file holds (players by name), not yet checked by the engine."""
    raw = read_upload(data, max_bytes)
    if is_spreadsheet(raw) or raw.startswith(b"%PDF"):
        with open_workbook(raw, max_bytes=max_bytes) as workbook:
            return read_sitting_workbook(workbook)
    if raw.lstrip(b"\xef\xbb\xbf \t\r\n")[:1] not in (b"{", b"["):
        raise Refusal.because(_("the file is neither an .xlsx workbook nor a sitting document (JSON)"))
    return read_json(raw)


def read_json(raw: bytes) -> object:
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise Refusal.because(_("the file is neither a workbook nor text in UTF-8")) from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        raise Refusal.because(
            _("not valid JSON: line {line} column {column}: {error}"),
            line=error.lineno,
            column=error.colno,
            error=error.msg,
        ) from None
    except RecursionError:
        raise Refusal.because(_("not valid JSON: nested too deeply")) from None
    except ValueError:
        raise Refusal.because(_("a number in the document has more digits than any score can have")) from None
