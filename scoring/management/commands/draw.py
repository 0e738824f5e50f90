"""``python manage.py draw``: draw a whole tournament plan and print it, with its repeats and their lower bound.

::

    python manage.py draw --players 15 --rounds 7 --table-sizes 3 --seed 1 [--json]
    python manage.py draw --names entrants.txt --rounds 3 --table-sizes 3,4 --seed 1

Entrants are start numbers 1 … N (``--players N``) or the names of a file, one a line (blank
lines ignored, a name twice refused). ``--table-sizes`` lists the allowed sizes, the preferred
first. ``--json`` prints only ``{"rounds": [[[1, 4, 9], …], …], "repeated_pairs": N,
"lower_bound": M}``: each round its tables, each table its players in seat order (seat 1 deals
first); an entrant with a bye is in no table. Bad input of any kind prints one line per problem
on standard error, nothing on standard output, and exits with status 1; never a traceback.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any, NoReturn

from django.core.management.base import BaseCommand

from scoring.engine.refusal import Refusal
from scoring.tournaments.draw import Round, check_sizes, draw_plan, layout, lower_bound, repeated_pairs

# A plan for more is a job for the site's round-by-round draw, not one command run.
MAX_ENTRANTS = 500
MAX_ROUNDS = 50


class Command(BaseCommand):
    help = "Draw a tournament plan: tables and seats for every round, with the repeated pairs and their lower bound."
    requires_system_checks = ()

    def create_parser(self, prog_name: str, subcommand: str, **kwargs: Any) -> Any:
        """A parser that reports a bad option as one line on standard error and exits with status 1."""
        parser = super().create_parser(prog_name, subcommand, **kwargs)

        def error(message: str) -> NoReturn:
            self.stderr.write(message, style_func=None)
            sys.exit(1)

        parser.error = error  # type: ignore[method-assign]
        return parser

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("--players", metavar="N", help="entrants by start number 1 … N")
        parser.add_argument("--names", metavar="FILE", help="entrants by name, one a line")
        parser.add_argument("--rounds", metavar="R", help="rounds to draw")
        parser.add_argument(
            "--table-sizes", metavar="SIZES", help="allowed table sizes, preferred first: 3,4 or 4,3 or 2"
        )
        parser.add_argument(
            "--seed", default="1", help="seed of the draw (default 1); the same seed gives the same draw"
        )
        parser.add_argument("--json", action="store_true", help="print only the JSON document")

    def handle(self, *args: Any, **options: Any) -> None:
        problems: list[str] = []
        names = read_entrants(options["players"], options["names"], problems)
        rounds = whole(options["rounds"], "--rounds", problems, low=1, high=MAX_ROUNDS)
        seed = whole(options["seed"], "--seed", problems)
        sizes = table_sizes(options["table_sizes"], problems)
        if names is not None and sizes is not None and not problems:
            try:
                layout(len(names), sizes)
            except Refusal as error:
                problems.append(str(error))
        if problems or names is None or sizes is None or rounds is None or seed is None:
            for line in problems:
                self.stderr.write(line, style_func=None)
            sys.exit(1)
        plan = draw_plan(range(1, len(names) + 1), rounds, sizes, seed=seed)
        bound = lower_bound(len(names), sizes, rounds)
        if options["json"]:
            doc = {
                "rounds": [[[names[e - 1] for e in table] for table in round_] for round_ in plan],
                "repeated_pairs": len(repeated_pairs(plan)),
                "lower_bound": bound,
            }
            self.stdout.write(json.dumps(doc, ensure_ascii=False))
        else:
            self.stdout.write(as_text(plan, names, sizes, seed, bound))


def whole(
    text: str | None, option: str, problems: list[str], low: int | None = None, high: int | None = None
) -> int | None:
    """The option's whole number, or None with a problem noted."""
    if text is None:
        problems.append(f"{option}: missing")
        return None
    try:
        value = int(text)
    except ValueError:
        problems.append(f'{option}: "{text}" is not a whole number')
        return None
    if low is not None and value < low:
        problems.append(f"{option}: {value} is less than {low}")
    elif high is not None and value > high:
        problems.append(f"{option}: {value} is more than {high}")
    else:
        return value
    return None


def table_sizes(text: str | None, problems: list[str]) -> tuple[int, ...] | None:
    """The allowed table sizes of ``--table-sizes``: 2 alone, or 3 and 4 in either order, or one of them."""
    if text is None:
        problems.append("--table-sizes: missing (2, or 3 and 4, preferred first: 4,3)")
        return None
    sizes = []
    for part in text.split(","):
        try:
            sizes.append(int(part.strip()))
        except ValueError:
            problems.append(f'--table-sizes: "{part.strip()}" is not a table size (2, 3 or 4)')
            return None
    try:
        return check_sizes(sizes)
    except Refusal as error:
        problems.append(f"--table-sizes: {error}")
        return None


def read_entrants(players: str | None, names_file: str | None, problems: list[str]) -> list[int | str] | None:
    """The entrants in start number order: the numbers 1 … N themselves, or the names of the file."""
    if (players is None) == (names_file is None):
        problems.append("give the entrants either as --players N or as --names FILE, one of the two")
        return None
    if players is not None:
        count = whole(players, "--players", problems, low=1, high=MAX_ENTRANTS)
        return None if count is None else list(range(1, count + 1))
    assert names_file is not None
    try:
        text = Path(names_file).read_text(encoding="utf-8")
    except FileNotFoundError:
        problems.append(f"{names_file}: no such file")
        return None
    except IsADirectoryError:
        problems.append(f"{names_file}: is a folder, not a file")
        return None
    except PermissionError:
        problems.append(f"{names_file}: not allowed to read it")
        return None
    except UnicodeDecodeError:
        problems.append(f"{names_file}: not text in UTF-8")
        return None
    names: list[int | str] = [line.strip() for line in text.splitlines() if line.strip()]
    seen: set[int | str] = set()
    for name in names:
        if name in seen:
            problems.append(f'{names_file}: "{name}" appears twice')
        seen.add(name)
    if len(names) > MAX_ENTRANTS:
        problems.append(f"{names_file}: {len(names)} names, at most {MAX_ENTRANTS}")
    return names


def as_text(plan: list[Round], names: list[int | str], sizes: tuple[int, ...], seed: int, bound: int) -> str:
    """The plan as a person reads it: each round's tables in seat order, byes, and the repeats."""
    at = " or ".join(str(s) for s in sizes) + (f" (preferred {sizes[0]})" if len(sizes) > 1 else "")
    out = [f"{len(names)} entrants at tables of {at}, {len(plan)} rounds, seed {seed}"]
    repeats = repeated_pairs(plan)
    for k, round_ in enumerate(plan):
        out += ["", f"Round {k + 1}"]
        for t, table in enumerate(round_):
            out.append(f"  Table {t + 1}: {', '.join(str(names[e - 1]) for e in table)}")
        seated = {e for table in round_ for e in table}
        out += [f"  Bye: {names[e - 1]}" for e in range(1, len(names) + 1) if e not in seated]
        for r in repeats:
            if r.round == k:
                out.append(f"  Met before: {names[r.a - 1]} and {names[r.b - 1]} (round {r.before + 1})")
    out += ["", f"repeated pairs: {len(repeats)} (lower bound {bound})"]
    return "\n".join(out)
