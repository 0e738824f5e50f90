"""Reading a sitting document for a management command, and refusing bad input the same way
everywhere: one line per problem on standard error, nothing on standard output, exit status 1,
never a traceback."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TypeVar

from django.core.management.base import BaseCommand

from scoring.engine import InvalidSitting

T = TypeVar("T")


def load(name: str) -> tuple[list[str], object]:
    """Read and parse the document (``-``: standard input); problems instead when impossible."""
    try:
        text = sys.stdin.read() if name == "-" else Path(name).read_text(encoding="utf-8")
    except FileNotFoundError:
        return [f"{name}: no such file"], None
    except IsADirectoryError:
        return [f"{name}: is a folder, not a file"], None
    except PermissionError:
        return [f"{name}: not allowed to read it"], None
    except UnicodeDecodeError:
        return [f"{name}: not text in UTF-8"], None
    try:
        return [], json.loads(text)
    except json.JSONDecodeError as error:
        return [f"not valid JSON: line {error.lineno} column {error.colno}: {error.msg}"], None
    except RecursionError:
        return ["not valid JSON: nested too deeply"], None
    except ValueError:
        return ["a number in the document has more digits than any score can have"], None


def use_document(command: BaseCommand, name: str, use: Callable[[object], T], problems: Sequence[str] = ()) -> T:
    """Load the document and hand it to ``use``; on any problem, report them all and exit 1."""
    found, doc = load(name)
    found = [*problems, *found]
    if not found:
        try:
            return use(doc)
        except InvalidSitting as error:
            found = [str(p) for p in error.problems]
    for line in found:
        command.stderr.write(line, style_func=None)
    sys.exit(1)
