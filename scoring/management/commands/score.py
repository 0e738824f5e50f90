"""``python manage.py score FILE``: score a sitting document and print the result.

Bad input of any kind prints one line per problem on standard error, nothing on standard
output, and exits with status 1; it never shows a traceback.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand

from scoring.engine import InvalidSitting, score_sitting


class Command(BaseCommand):
    help = "Score a sitting document (JSON; FILE may be - for standard input) and print the result."
    requires_system_checks = ()

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("file", help="the sitting document, or - for standard input")
        parser.add_argument("--text", action="store_true", help="print a readable table per deal")

    def handle(self, *args: Any, **options: Any) -> None:
        problems, doc = load(options["file"])
        if not problems:
            try:
                result = score_sitting(doc)
            except InvalidSitting as error:
                problems = [str(p) for p in error.problems]
        if problems:
            for line in problems:
                self.stderr.write(line, style_func=None)
            sys.exit(1)
        self.stdout.write(as_text(result) if options["text"] else json.dumps(result, indent=1, ensure_ascii=False))


def load(name: str) -> tuple[list[str], object]:
    """Read and parse the document; a list of problems instead when that is impossible."""
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


def as_text(result: dict[str, Any]) -> str:
    """A table per deal (each player's score and running total), its breakdown, and the totals."""
    players: list[str] = result["players"]
    width = max(len(p) for p in [*players, "pot king"]) + 2
    running = dict.fromkeys(players, 0)
    out = [f"{result['variant']}: {', '.join(players)}"]
    for deal in result["deals"]:
        out += ["", f"Deal {deal['number']}", f"  {'':{width}}{'score':>8}{'total':>8}"]
        for name in players:
            running[name] += deal["scores"][name]
            out.append(f"  {name:{width}}{deal['scores'][name]:>+8d}{running[name]:>8d}")
        if "pots" in deal:
            pots = ", ".join(f"{pot} {amount}" for pot, amount in deal["pots"].items())
            out.append(f"  pots after the deal: {pots}")
        out.append("  why:")
        for line in deal["lines"]:
            holder = line.get("player") or f"pot {line['pot']}"
            out.append(f"    {holder:{width}}{line['points']:>+6d}  {line['reason']}")
    out += ["", "Totals"] + [f"  {name:{width}}{result['totals'][name]:>8d}" for name in players]
    if "pots" in result:
        out.append("  pots: " + ", ".join(f"{pot} {amount}" for pot, amount in result["pots"].items()))
    return "\n".join(out)
