"""Engine benchmark: deals scored per second per variant, and scoring time against ``json.loads``.

Run with ``make bench`` (or ``python -m bench.engine``). It scores a few thousand generated,
valid deals of every variant, best of several rounds, and compares the time ``score_sitting``
takes with the time ``json.loads`` takes to parse the same documents. The goal is a ratio of at
most 10.
"""

from __future__ import annotations

import argparse
import json
import random
import time
from collections.abc import Callable

from scoring.engine import VARIANTS, score_sitting
from scoring.samples import random_sitting


def best_of(rounds: int, work: Callable[[], object]) -> float:
    """The shortest wall time of ``rounds`` runs, in seconds (the least disturbed run)."""
    times = []
    for _ in range(rounds):
        start = time.perf_counter()
        work()
        times.append(time.perf_counter() - start)
    return min(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--deals", type=int, default=3000, help="deals per variant (default 3000)")
    parser.add_argument("--rounds", type=int, default=5, help="rounds, best taken (default 5)")
    args = parser.parse_args()
    rng = random.Random(2026)
    per_sitting = 10
    print(f"{'variant':<14}{'deals':>7}{'deals/s':>11}{'score ms':>10}{'loads ms':>10}{'ratio':>7}")
    for key in VARIANTS:
        texts = [json.dumps(random_sitting(rng, key, per_sitting)) for _ in range(args.deals // per_sitting)]
        docs = [json.loads(text) for text in texts]
        deals = sum(len(doc["deals"]) for doc in docs)
        loads = best_of(args.rounds, lambda texts=texts: [json.loads(t) for t in texts])
        scoring = best_of(args.rounds, lambda docs=docs: [score_sitting(d) for d in docs])
        print(
            f"{key:<14}{deals:>7}{deals / scoring:>11,.0f}{scoring * 1000:>10.1f}"
            f"{loads * 1000:>10.1f}{scoring / loads:>7.1f}"
        )


if __name__ == "__main__":
    main()
