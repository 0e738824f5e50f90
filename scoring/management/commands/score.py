"""``python manage.py score FILE``: score a sitting document and print the result.

Bad input of any kind prints one line per problem on standard error, nothing on standard
output, and exits with status 1; it never shows a traceback.
"""

from __future__ import annotations

import json
from typing import Any

from django.core.management.base import BaseCommand

from scoring.engine import score_sitting
from scoring.management.sitting_files import use_document


class Command(BaseCommand):
    help = "Score a sitting document (JSON; FILE may be - for standard input) and print the result."
    requires_system_checks = ()

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("file", help="the sitting document, or - for standard input")
        parser.add_argument("--text", action="store_true", help="print a readable table per deal")

    def handle(self, *args: Any, **options: Any) -> None:
        result = use_document(self, options["file"], score_sitting)
        self.stdout.write(as_text(result) if options["text"] else json.dumps(result, indent=1, ensure_ascii=False))


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
