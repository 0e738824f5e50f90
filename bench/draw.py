"""Draw benchmark: the whole plan for 120 entrants, one round after seven, and the limits table.

Run with ``python -m bench.draw``. Goals (``docs/draw.md``): 120 entrants for 8 rounds at tables
of 4, the whole plan within 10 s; one round for 120 entrants after 7 played rounds within 2 s;
every row of the limits table at its lower bound (the repeat-free limits of design theory, and
the forced repeats of 12 at three tables of 4). Times are the best of ``--runs`` runs: the draw
itself is deterministic, so only the clock varies between them.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable, Sequence
from typing import TypeVar

from scoring.tournaments.draw import Round, count_repeats, draw_plan, draw_round, lower_bound

T = TypeVar("T")

# players, allowed sizes (preferred first), rounds: the limits of the spec, then some beyond them.
LIMITS: list[tuple[int, tuple[int, ...], int]] = [
    (9, (3,), 4),
    (12, (3,), 4),
    (15, (3,), 7),
    (16, (4,), 5),
    (21, (3,), 10),
    (24, (4,), 5),
    (13, (4, 3), 4),
    (13, (3, 4), 4),
    (17, (4, 3), 4),
    (17, (3, 4), 4),
    (48, (3,), 8),
    (48, (4,), 8),
    (49, (4, 3), 8),
    (130, (3, 4), 8),
    (12, (4,), 1),
    (12, (4,), 3),
    (10, (2,), 9),
    (11, (2,), 11),
    (40, (2,), 39),
]
BEYOND: list[tuple[int, tuple[int, ...], int]] = [
    (12, (3,), 5),
    (20, (4,), 5),
    (24, (4,), 6),
    (13, (4, 3), 5),
    (12, (4,), 4),
    (16, (4,), 6),
    (27, (3,), 13),
    (64, (4,), 21),
    (120, (4,), 30),
]


def best_of(runs: int, work: Callable[[], T]) -> tuple[float, T]:
    """The shortest wall time of ``runs`` runs, in seconds, and what the work gave."""
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        result = work()
        times.append(time.perf_counter() - start)
    return min(times), result


def table(rows: Sequence[tuple[int, tuple[int, ...], int]], seed: int, runs: int) -> None:
    print(f"{'players × size × rounds':<26}{'repeats':>8}{'bound':>7}{'seconds':>9}")
    for n, sizes, rounds in rows:
        seconds, plan = best_of(runs, lambda n=n, r=rounds, s=sizes: draw_plan(range(1, n + 1), r, s, seed=seed))
        shape = f"{n} × {'/'.join(map(str, sizes))} × {rounds}"
        print(f"{shape:<26}{count_repeats(plan):>8}{lower_bound(n, sizes, rounds):>7}{seconds:>9.2f}")


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
    print("\nThe limits (repeat-free rounds; 12 × 4 × 3: the forced repeats)")
    table(LIMITS, args.seed, args.runs)
    print("\nBeyond the limits (no bound reached promised)")
    table(BEYOND, args.seed, 1)


if __name__ == "__main__":
    main()
