"""Reading a sitting file (a document or a workbook) for a management command, and refusing bad
input the same way everywhere: one line per problem on standard error, nothing on standard
output, exit status 1, never a traceback."""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TypeVar

from django.conf import settings
from django.core.management.base import BaseCommand

from scoring.engine.refusal import Refusal
from scoring.sittings.imports import read_sitting_file

T = TypeVar("T")


def read_text(name: str) -> tuple[bytes, list[str]]:
    """The bytes of a file (``-``: standard input), or why it cannot be read."""
    try:
        return (sys.stdin.buffer.read() if name == "-" else Path(name).read_bytes()), []
    except FileNotFoundError:
        return b"", [f"{name}: no such file"]
    except IsADirectoryError:
        return b"", [f"{name}: is a folder, not a file"]
    except PermissionError:
        return b"", [f"{name}: not allowed to read it"]


def load(name: str) -> tuple[list[str], object]:
    """Read the document, a sitting document (JSON) or a workbook in the export's layout, told
    apart by its content (``-``: standard input); problems instead when impossible."""
    raw, problems = read_text(name)
    if problems:
        return problems, None
    try:
        return [], read_sitting_file(raw, max_bytes=settings.TAROKCLUB_UPLOAD_MAX_BYTES)
    except Refusal as error:
        return [str(problem) for problem in error.problems], None


def use_document(command: BaseCommand, name: str, use: Callable[[object], T], problems: Sequence[str] = ()) -> T:
    """Load the document and hand it to ``use``; on any problem, report them all and exit 1."""
    found, doc = load(name)
    found = [*problems, *found]
    if not found:
        try:
            return use(doc)
        except Refusal as error:
            found = [str(p) for p in error.problems]
    for line in found:
        command.stderr.write(line, style_func=None)
    sys.exit(1)
