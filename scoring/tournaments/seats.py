"""Seats and the order of rounds: who deals first, and who has the byes when.

Words:

- **seat**: a place at a table, 1 to 4 in playing order; seat 1 deals first. At a table of 4 the
  seat also decides which deals an entrant sits out, by the variant's rule.

Over the rounds each entrant's seats rotate: at every table the first dealer is the one who has
dealt first least often so far (history included), and the other seats go the same way by
their counts. Over r rounds nobody deals first more than ⌈r/s⌉ + 1 times (s: the table size).

Pure Python, no Django.
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence

Table = tuple[int, ...]
Round = tuple[Table, ...]

# A first deal weighs more than any count of the other seats can add up to.
FIRST_DEALER_WEIGHT = 1000


def seat_counts(history: Sequence[Round]) -> dict[tuple[int, int], int]:
    """How often each entrant sat in each seat (0: the first dealer) in the rounds played."""
    counts: dict[tuple[int, int], int] = {}
    for round_ in history:
        for table in round_:
            for seat, e in enumerate(table):
                counts[e, seat] = counts.get((e, seat), 0) + 1
    return counts


def rotate_seats(plan: Sequence[Sequence[Sequence[int]]], history: Sequence[Round]) -> list[Round]:
    """The rounds of ``plan`` (tables of entrants in any order) in seat order, rotating after ``history``.

    At each table the seat order is the one whose seats the entrants have had least, the first
    seat weighing most; of equal orders the first in the table's own order wins.
    """
    counts = seat_counts(history)
    rounds = []
    for tables in plan:
        seated = []
        for table in tables:

            def cost(order: tuple[int, ...]) -> int:
                first = FIRST_DEALER_WEIGHT * counts.get((order[0], 0), 0)
                return first + sum(counts.get((e, seat), 0) for seat, e in enumerate(order) if seat)

            best = min(itertools.permutations(table), key=cost)
            for seat, e in enumerate(best):
                counts[e, seat] = counts.get((e, seat), 0) + 1
            seated.append(best)
        rounds.append(tuple(seated))
    return rounds


def order_for_byes(
    plan: list[list[list[int]]], entrants: Sequence[int], had: Mapping[int, int]
) -> list[list[list[int]]]:
    """The rounds of ``plan`` in an order in which each bye goes to someone with the fewest so far.

    ``had`` counts the byes before the plan. The search spreads a plan's byes evenly (nobody ends
    two above anybody else), so such an order exists: take, again and again, a round whose bye
    goes to an entrant with the fewest byes.
    """
    counts = {e: had.get(e, 0) for e in entrants}
    left = []
    for round_ in plan:
        seated = {e for table in round_ for e in table}
        left.append((round_, [e for e in entrants if e not in seated]))
    ordered = []
    while left:
        lowest = min(counts.values())
        pick = next((i for i, (_, out) in enumerate(left) if all(counts[e] == lowest for e in out)), 0)
        round_, out = left.pop(pick)
        for e in out:
            counts[e] += 1
        ordered.append(round_)
    return ordered
