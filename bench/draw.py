"""Draw benchmark: the whole plan for 120 entrants, one round after seven, and the limits table.

Run with ``python -m bench.draw``. Goals (``docs/draw.md``): 120 entrants for 8 rounds at tables
of 4, the whole plan within 10 s; one round for 120 entrants after 7 played rounds within 2 s;
every row of the limits table at the fewest repeats known possible (the repeat-free limits of
design theory, and the forced repeats of 12 at three tables of 4 and of 24 × 4 over 8 rounds),
printed beside what the draw found and its lower bound. Times are the best of ``--runs`` runs: the draw
itself is deterministic, so only the clock varies between them.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable, Sequence
from typing import TypeVar

from scoring.tournaments.draw import Round, count_repeats, draw_plan, draw_round, lower_bound

T = TypeVar("T")

# players, allowed sizes (preferred first), rounds, and the fewest repeats known possible: the
# limits table of the spec (docs/draw.md), then the rows past a limit whose forced repeats are
# known. ``None``: nobody knows the fewest.
LIMITS: list[tuple[int, tuple[int, ...], int, int | None]] = [
    (9, (3,), 4, 0),
    (12, (3,), 4, 0),
    (15, (3,), 7, 0),
    (21, (3,), 10, 0),
    (27, (3,), 13, 0),
    (33, (3,), 16, 0),
    (18, (3,), 8, 0),
    (24, (3,), 11, 0),
    (16, (4,), 5, 0),
    (20, (4,), 5, 0),
    (24, (4,), 7, 0),
    (28, (4,), 9, 0),
    (32, (4,), 10, 0),
    (36, (4,), 11, 0),
    (40, (4,), 13, 0),
    (48, (4,), 15, 0),
    (13, (4, 3), 4, 0),
    (13, (3, 4), 4, 0),
    (17, (4, 3), 4, 0),
    (17, (3, 4), 4, 0),
    (48, (3,), 8, 0),
    (48, (4,), 8, 0),
    (49, (4, 3), 8, 0),
    (130, (3, 4), 8, 0),
    (10, (2,), 9, 0),
    (11, (2,), 11, 0),
    (40, (2,), 39, 0),
    (12, (4,), 1, 0),
    (12, (4,), 3, 6),
    (24, (4,), 8, 12),
    (12, (3,), 5, None),
]
BEYOND: list[tuple[int, tuple[int, ...], int, int | None]] = [
    (24, (4,), 6, 0),
    (13, (4, 3), 5, None),
    (12, (4,), 4, 9),
    (16, (4,), 6, 24),
    (64, (4,), 21, 0),
    (45, (3,), 22, 0),
    (120, (4,), 30, None),
]


def best_of(runs: int, work: Callable[[], T]) -> tuple[float, T]:
    """The shortest wall time of ``runs`` runs, in seconds, and what the work gave."""
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        result = work()
        times.append(time.perf_counter() - start)
    return min(times), result


def table(rows: Sequence[tuple[int, tuple[int, ...], int, int | None]], seed: int, runs: int) -> None:
    print(f"{'players × size × rounds':<26}{'repeats':>8}{'best known':>11}{'bound':>7}{'seconds':>9}")
    for n, sizes, rounds, known in rows:
        seconds, plan = best_of(runs, lambda n=n, r=rounds, s=sizes: draw_plan(range(1, n + 1), r, s, seed=seed))
        shape = f"{n} × {'/'.join(map(str, sizes))} × {rounds}"
        best = "?" if known is None else str(known)
        print(f"{shape:<26}{count_repeats(plan):>8}{best:>11}{lower_bound(n, sizes, rounds):>7}{seconds:>9.2f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seed", type=int, default=1, help="seed of every draw (default 1)")
    parser.add_argument("--runs", type=int, default=3, help="runs per figure, best taken (default 3)")
    args = parser.parse_args()
    entrants = range(1, 121)
    seconds, plan = best_of(args.runs, lambda: draw_plan(entrants, 8, (4,), seed=args.seed))
    print(
        f"whole plan, 120 entrants × 8 rounds at tables of 4: {seconds:.2f} s, "
        f"repeated pairs {count_repeats(plan)}, lower bound {lower_bound(120, (4,), 8)}"
    )
    played: list[Round] = plan[:7]
    seconds, round_ = best_of(args.runs, lambda: draw_round(entrants, (4,), seed=args.seed + 1, history=played))
    print(
        f"one round, 120 entrants after 7 played rounds: {seconds:.2f} s, "
        f"new repeated pairs {count_repeats([*played, round_]) - count_repeats(played)}"
    )
    print("\nThe limits table: repeated pairs found, the fewest known possible, the lower bound")
    table(LIMITS, args.seed, args.runs)
    print("\nBeyond the limits (no bound reached promised)")
    table(BEYOND, args.seed, 1)


if __name__ == "__main__":
    main()
