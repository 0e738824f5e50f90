"""``python manage.py designs``: search the base blocks of the draw's designs again and write them, or check them.

::

    python manage.py designs                  # search every frame up to 48 points, write design_bases.json
    python manage.py designs --points 36 40   # search again only these counts, keep the other entries
    python manage.py designs --check          # rerun the search for each shipped design, compare, verify

Writing searches each frame from seed 0 up, which takes minutes where the search fails, and
proves the repeat-free limit of every field of up to 12 at one table size (``repeat_free``). The
check reruns each shipped design's search from the seed it was found at (the seeds before it
found nothing; a frame with a symmetry of ``orbits`` is searched exactly, with no seed, in a
second or two), so it takes seconds, verifies that every design meets each pair at most once
(a plan with forced repeats: its ``twice`` pairs exactly twice, the others at most once) and
seats every point once a round, and proves the limits again. It exits with status 1 on any
difference; CI runs it (``tests/tournaments/test_designs.py``).
"""

from __future__ import annotations

import json
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from scoring.tournaments.designs import BASES_FILE, Design, design_problems
from scoring.tournaments.differences import as_data, find_bases, from_data, generate
from scoring.tournaments.repeat_free import PROVED_UP_TO, repeat_free_limit

UP_TO = 48


def _limits() -> list[dict[str, int]]:
    fields = [(n, s) for n in range(2 * 3, PROVED_UP_TO + 1) for s in (3, 4) if n % s == 0 and n > s]
    return [{"points": n, "size": s, "rounds": repeat_free_limit(n, s)} for n, s in fields]


class Command(BaseCommand):
    help = "Search the base blocks of the draw's resolvable designs and write them, or check the shipped ones."
    requires_system_checks = ()

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--check", action="store_true", help="compare the shipped designs with their search")
        parser.add_argument("--up-to", type=int, default=UP_TO, help=f"the largest count to search (default {UP_TO})")
        parser.add_argument("--points", type=int, nargs="+", help="search only these counts, keep the others")

    def handle(self, *args: Any, check: bool, up_to: int, points: list[int] | None, **options: Any) -> None:
        if not check:
            found = generate(up_to) if points is None else [b for n in sorted(points) for b in generate(n, start=n)]
            designs = [as_data(b) for b in found]
            if points is not None:
                kept = [e for e in json.loads(BASES_FILE.read_text())["designs"] if e["points"] not in points]
                designs = sorted(kept + designs, key=lambda e: (e["points"], e["size"]))
            data = {"designs": designs, "limits": _limits()}
            BASES_FILE.write_text(json.dumps(data, indent=1) + "\n")
            for bases in found:
                self.stdout.write(
                    f"{bases.frame.points} × {bases.frame.size}: {bases.frame.rounds} rounds, {bases.frame.family}"
                )
            return
        shipped_data = json.loads(BASES_FILE.read_text())
        problems = []
        if shipped_data["limits"] != _limits():
            problems.append("the proved repeat-free limits differ from the shipped ones")
        for entry in shipped_data["designs"]:
            shipped = from_data(entry)
            again = find_bases(shipped.frame, first_seed=shipped.seed)
            name = f"{shipped.frame.points} × {shipped.frame.size}"
            if again is None or again.seed != shipped.seed or as_data(again) != entry:
                problems.append(f"{name}: the search from seed {shipped.seed} gives other blocks")
            design = Design(name, shipped.frame.points, shipped.frame.size, shipped.classes(), shipped.meeting_twice())
            problems += [f"{name}: {p}" for p in design_problems(design)]
            self.stdout.write(f"{name}: {shipped.frame.rounds} rounds, {shipped.frame.family}")
        if problems:
            raise CommandError("\n".join(problems))
