"""Export benchmark: our writer against bare openpyxl write-only mode, and the export's peak memory.

Run with ``python -m bench.spreadsheets`` (``make bench`` runs it). It
exports a deal table of 100,000 rows (number, dealer, sitting out, contract, declarer, four
players' game points and running totals, two Danish pots: 15 columns of ints and strings) twice
in the same run, each into a temporary file as the site does:

- through :func:`scoring.spreadsheets.writer.write_xlsx` (bold frozen header, widths, filter,
  every text checked);
- through bare openpyxl write-only mode appending the same values, nothing else.

Both read the rows from the same seeded generator, so generating them costs both sides the
same; that cost is printed on its own. The goals (``docs/spreadsheets.md``): our throughput at
least 0.8× bare openpyxl's, and peak memory under 150 MB. Memory is measured in a fresh
subprocess that only imports and exports: ``ru_maxrss`` (peak resident set of that whole
process, interpreter and libraries included), printed with the resident size before the export
so the export's own share is visible.
"""

from __future__ import annotations

import argparse
import random
import resource
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator

from openpyxl import Workbook

from scoring.spreadsheets.writer import Sheet, write_xlsx

PLAYERS = ("Anna", "Bernd", "Carla", "Dieter", "Eva")
CONTRACTS = ("Solo", "Dreier", "Sechserdreier", "Zweier", "Bettler", "Piccolo", "Farbensolo")
HEADER = (
    "Deal",
    "Dealer",
    "Sitting out",
    "Contract",
    "Declarer",
    *PLAYERS[:4],
    *(f"{p} total" for p in PLAYERS[:4]),
    "Pot",
    "Pagat pot",
)


def deal_rows(count: int) -> Iterator[tuple[object, ...]]:
    """``count`` plausible deal rows from a seeded generator (the same rows on every call)."""
    rng = random.Random(2026)
    totals = [0, 0, 0, 0]
    pot = pagat = 0
    for number in range(1, count + 1):
        dealer = PLAYERS[number % 4]
        points = [rng.choice((-60, -30, -20, 10, 20, 30, 60)) for _ in range(3)]
        points.append(-sum(points))
        totals = [t + p for t, p in zip(totals, points, strict=True)]
        pot += rng.choice((0, 0, 10, -10))
        pagat += rng.choice((0, 0, 0, 20))
        yield (
            number,
            dealer,
            PLAYERS[(number + 2) % 4] if number % 3 else None,
            rng.choice(CONTRACTS),
            rng.choice(PLAYERS[:4]),
            *points,
            *totals,
            pot,
            pagat,
        )


def ours(count: int) -> None:
    with tempfile.TemporaryFile() as out:
        write_xlsx([Sheet("Deals", HEADER, deal_rows(count))], out)


def bare(count: int) -> None:
    with tempfile.TemporaryFile() as out:
        workbook = Workbook(write_only=True)
        worksheet = workbook.create_sheet("Deals")
        worksheet.append(HEADER)
        for row in deal_rows(count):
            worksheet.append(row)
        workbook.save(out)


def generate_only(count: int) -> None:
    for _ in deal_rows(count):
        pass


def timed(work: Callable[[int], None], count: int) -> float:
    start = time.perf_counter()
    work(count)
    return time.perf_counter() - start


def rss_mib() -> float:
    """Current resident set size, in MiB (Linux ``/proc``)."""
    with open("/proc/self/statm") as statm:
        pages = int(statm.read().split()[1])
    return pages * resource.getpagesize() / 2**20


def memory_probe(count: int) -> None:
    """Run in the subprocess: export once, print resident MiB before and peak MiB after."""
    before = rss_mib()
    ours(count)
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # KiB on Linux
    print(f"{before:.1f} {peak:.1f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rows", type=int, default=100_000, help="deal rows (default 100000)")
    parser.add_argument("--rounds", type=int, default=1, help="rounds, best taken (default 1)")
    parser.add_argument("--memory-probe", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.memory_probe:
        memory_probe(args.rows)
        return

    generating = min(timed(generate_only, args.rows) for _ in range(args.rounds))
    ours_s = bare_s = float("inf")
    for _ in range(args.rounds):  # interleaved, so a noisy moment hurts both sides alike
        bare_s = min(bare_s, timed(bare, args.rows))
        ours_s = min(ours_s, timed(ours, args.rows))
    probe = [sys.executable, "-m", "bench.spreadsheets", "--memory-probe", "--rows", str(args.rows)]
    before, peak = (float(x) for x in subprocess.run(probe, capture_output=True, text=True, check=True).stdout.split())

    cells = args.rows * len(HEADER)
    print(f"{args.rows:,} rows × {len(HEADER)} columns = {cells:,} cells")
    print(f"generating the rows alone (paid by both sides): {generating:.2f} s")
    print(f"{'':<16}{'seconds':>9}{'rows/s':>10}")
    print(f"{'bare openpyxl':<16}{bare_s:>9.2f}{args.rows / bare_s:>10,.0f}")
    print(f"{'write_xlsx':<16}{ours_s:>9.2f}{args.rows / ours_s:>10,.0f}")
    print(f"throughput ours/bare: {bare_s / ours_s:.2f}× (goal ≥ 0.8×)")
    print(f"peak RSS of a fresh process exporting once: {peak:.0f} MiB (goal < 150)")
    print(f"  of which resident before the export (Python, openpyxl, lxml): {before:.0f} MiB")


if __name__ == "__main__":
    main()
