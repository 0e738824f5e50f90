"""Sitting import benchmark: a 500-deal sitting's workbook read, checked and stored, as the
sitting list page and ``import_sitting FILE.xlsx`` do it, on a throwaway SQLite file.

Run with ``make bench`` (or ``python -m bench.sitting_import``). Goal: under 3 seconds.
"""

from __future__ import annotations

import argparse
import io
import random
import statistics
import time
from decimal import Decimal

from bench.fresh_site import fresh_site


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--deals", type=int, default=500, help="deals in the sitting (default 500)")
    parser.add_argument("--rounds", type=int, default=3, help="imports timed (default 3)")
    args = parser.parse_args()
    with fresh_site():
        run(args)


def run(args: argparse.Namespace) -> None:
    from scoring.club.models import Club
    from scoring.engine import VARIANTS, score_sitting
    from scoring.samples import random_sitting
    from scoring.sittings.imports import read_sitting_file
    from scoring.sittings.services import import_sitting
    from scoring.sittings.workbook import document_sheets
    from scoring.spreadsheets.writer import write_xlsx

    carried = next(key for key, variant in VARIANTS.items() if variant.pots)
    doc = random_sitting(random.Random(1754), carried, deals=args.deals, players=["Anna", "Bernd", "Carla", "Dora"])
    doc["date"] = "2026-11-30"
    out = io.BytesIO()
    write_xlsx(document_sheets(doc, score_sitting(doc), Decimal(10)), out)
    workbook = out.getvalue()
    club = Club.objects.create(name="Bench", slug="bench")
    reading, storing = [], []
    for _round in range(args.rounds):
        started = time.perf_counter()
        read = read_sitting_file(workbook, max_bytes=10**8)
        between = time.perf_counter()
        import_sitting(club, read, user=None)
        reading.append(between - started)
        storing.append(time.perf_counter() - between)
    total = statistics.median(r + s for r, s in zip(reading, storing, strict=True))
    print(f"import a {args.deals}-deal {carried} workbook ({len(workbook) / 1e6:.2f} MB), median of {args.rounds}:")
    read_s, store_s = statistics.median(reading), statistics.median(storing)
    print(f"  read the workbook: {read_s:.2f} s; check, score and store: {store_s:.2f} s")
    print(f"  total {total:.2f} s (goal < 3 s) {'ok' if total < 3 else 'OVER'}")


if __name__ == "__main__":
    main()
