"""The local search behind the draw: seat entrants so that a weighted cost is as low as it gets.

Words:

- **slot**: a table of a round, or a **bye slot** (room for one entrant who sits the round out;
  only at tables of 2 with an odd count). Slots keep the order of the layout, so slot 0 is
  table 1.
- **free round**: a round the search may change; earlier rounds (the history) are fixed and only
  count through the meetings they left behind.
- **meetings**: how often two entrants sat at one table, history and free rounds together.
- **conflict**: an entrant in a free round whose seat costs something: a tablemate met before, a
  tablemate of the same group, a table away from the one the ranking gives (seeded rounds), or a
  bye while someone else has had two fewer.

The cost is one integer whose weights make the aims strictly ordered (each weight is far above
everything the lighter aims can add up to in a real tournament):

1. ``W_BAND``: in a seeded round, an entrant more than one table away from the ranking's table;
2. ``W_BYE``: byes, squared per entrant, so they spread (nobody has a second before all had one);
3. ``W_REPEAT``: each meeting of a pair beyond their first, the figure the director sees;
4. ``W_GROUP``: each pair of the same group (family, team) at one table;
5. ``W_PLACE``: in a seeded round, an entrant one table away from the ranking's table;
6. ``W_SPREAD``: the square of a pair's meetings beyond the first, so repeats fall on different
   pairs rather than the same pair again and again.

The search is a tabu search after Dotú and Van Hentenryck's search for the social golfer problem.
A step takes a free round with conflicts and up to five of its entrants in conflict, finds for
each the partner in another slot of that round whose swap lowers the cost most (or raises it
least), and makes the best of these swaps; the two swapped entrants may not move again in that
round for a few steps, unless a swap gives a new best. After many steps without a new best it
goes back to the best seating and shakes it with a few random swaps. It stops when the cost
reaches the target (a lower bound the caller knows), when no entrant is in conflict, or when
its budget of partner searches is spent: never after a time, so the result does not depend on
the machine.

Pure Python, no Django.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

W_BAND = 10**20
W_BYE = 10**17
W_REPEAT = 10**12
W_GROUP = 10**8
W_PLACE = 10**5
W_SPREAD = 1

# Entrants in conflict whose best swaps a step compares (more is greedier; 5 did best on the hard
# plans we tried, 24 × 4 for 6 rounds and 20 × 4 for 5, for the same number of swaps looked at).
CANDIDATES = 5


def pair_cost(meetings: int) -> int:
    """What a pair that met ``meetings`` times costs: the repeats, then how they pile up."""
    beyond = max(0, meetings - 1)
    return W_REPEAT * beyond + W_SPREAD * beyond * beyond


@dataclass(frozen=True)
class Costs:
    """What the search weighs, for entrants numbered 0 … n − 1.

    ``met`` holds the meetings of the history (symmetric), ``group`` each entrant's group number
    (−1: none), ``byes`` the byes each had before, ``home`` each entrant's table in a seeded round
    (``None`` when the round is not seeded).
    """

    met: list[list[int]]
    group: list[int]
    byes: list[int]
    home: list[int] | None = None

    @property
    def n(self) -> int:
        return len(self.group)


class Search:
    """A seating of ``rounds`` free rounds, each with the tables ``tables`` and ``bye_slots`` byes."""

    def __init__(
        self, costs: Costs, tables: Sequence[int], bye_slots: int, rounds: int, rng: random.Random, depth: int
    ) -> None:
        self.costs = costs
        self.n = costs.n
        # Entrants without a group get a group of their own (a negative number), so that "same
        # group" is a plain comparison in the loops.
        self.group = [g if g >= 0 else -1 - x for x, g in enumerate(costs.group)]
        self.sizes = [*tables, *([1] * bye_slots)]
        self.tables = len(tables)
        self.rounds = rounds
        self.rng = rng
        self.slots: list[list[list[int]]] = [[[] for _ in self.sizes] for _ in range(rounds)]
        self.where: list[list[int]] = [[-1] * self.n for _ in range(rounds)]
        self.met = [list(row) for row in costs.met]
        self.bye_count = list(costs.byes)
        # Meeting counts never exceed the history's rounds plus the free rounds plus one.
        top = depth + rounds + 2
        self.up = [pair_cost(m + 1) - pair_cost(m) for m in range(top)]
        self.down = [0] + [pair_cost(m - 1) - pair_cost(m) for m in range(1, top)]
        self.cost = self.total()

    # --- cost --------------------------------------------------------------------------------

    def place(self, x: int, slot: int) -> int:
        """What seating ``x`` in ``slot`` costs by the ranking (seeded rounds only)."""
        home = self.costs.home
        if home is None or slot >= self.tables:
            return 0
        away = abs(slot - home[x])
        return 0 if away == 0 else W_PLACE + W_BAND * (away - 1)

    def total(self) -> int:
        """The cost of the whole seating, counted from scratch."""
        n, met, group = self.n, self.met, self.group
        cost = sum(pair_cost(met[a][b]) for a in range(n) for b in range(a + 1, n))
        cost += sum(W_BYE * c * c for c in self.bye_count)
        for k in range(self.rounds):
            for s, members in enumerate(self.slots[k]):
                cost += sum(self.place(x, s) for x in members)
                for i, a in enumerate(members):
                    cost += sum(W_GROUP for b in members[i + 1 :] if group[a] == group[b])
        return cost

    # --- changes -----------------------------------------------------------------------------

    def seat(self, k: int, x: int, slot: int) -> None:
        """Put ``x`` in ``slot`` of round ``k`` (where nobody has seated them yet)."""
        members = self.slots[k][slot]
        if slot >= self.tables:
            self.bye_count[x] += 1
        row = self.met[x]
        for b in members:
            row[b] += 1
            self.met[b][x] += 1
        members.append(x)
        self.where[k][x] = slot

    def swap(self, k: int, x: int, y: int) -> None:
        """Exchange the slots of ``x`` and ``y`` in round ``k``."""
        a_slot, b_slot = self.where[k][x], self.where[k][y]
        a_members, b_members = self.slots[k][a_slot], self.slots[k][b_slot]
        met = self.met
        for z in a_members:
            if z != x:
                met[x][z] -= 1
                met[z][x] -= 1
                met[y][z] += 1
                met[z][y] += 1
        for z in b_members:
            if z != y:
                met[y][z] -= 1
                met[z][y] -= 1
                met[x][z] += 1
                met[z][x] += 1
        if a_slot >= self.tables:
            self.bye_count[x] -= 1
            self.bye_count[y] += 1
        if b_slot >= self.tables:
            self.bye_count[y] -= 1
            self.bye_count[x] += 1
        a_members[a_members.index(x)] = y
        b_members[b_members.index(y)] = x
        self.where[k][x], self.where[k][y] = b_slot, a_slot

    def load(self, k: int, slots: Sequence[Sequence[int]]) -> None:
        """Seat round ``k`` as given (slot by slot, in the order of the layout)."""
        for s, members in enumerate(slots):
            for x in members:
                self.seat(k, x, s)
        self.cost = self.total()

    def fill(self, k: int) -> None:
        """Seat round ``k`` greedily: each entrant, in a random order, at the cheapest free seat."""
        order = list(range(self.n))
        self.rng.shuffle(order)
        group, up, met = self.group, self.up, self.met
        for x in order:
            best, best_slot = 0, -1
            for s, members in enumerate(self.slots[k]):
                if len(members) == self.sizes[s]:
                    continue
                if s >= self.tables:
                    c = self.bye_count[x]
                    cost = W_BYE * (2 * c + 1)
                else:
                    cost = self.place(x, s)
                    for b in members:
                        cost += up[met[x][b]]
                        if group[x] == group[b]:
                            cost += W_GROUP
                if best_slot < 0 or cost < best:
                    best, best_slot = cost, s
            self.seat(k, x, best_slot)
        self.cost = self.total()

    def snapshot(self) -> list[list[list[int]]]:
        return [[list(members) for members in round_] for round_ in self.slots]

    def restore(self, slots: list[list[list[int]]]) -> None:
        """Go back to a snapshot, recounting the meetings and byes."""
        self.met = [list(row) for row in self.costs.met]
        self.bye_count = list(self.costs.byes)
        self.slots = [[[] for _ in self.sizes] for _ in range(self.rounds)]
        self.where = [[-1] * self.n for _ in range(self.rounds)]
        for k, round_ in enumerate(slots):
            for s, members in enumerate(round_):
                for x in members:
                    self.seat(k, x, s)
        self.cost = self.total()

    # --- the search --------------------------------------------------------------------------

    def conflicts(self, k: int) -> list[int]:
        """The entrants of round ``k`` whose seat costs something that a swap might save."""
        met, group, found = self.met, self.group, set()
        home = self.costs.home
        for s, members in enumerate(self.slots[k]):
            if s >= self.tables:
                if members and self.bye_count[members[0]] >= min(self.bye_count) + 2:
                    found.add(members[0])
                continue
            for i, a in enumerate(members):
                if home is not None and home[a] != s:
                    found.add(a)
                for b in members[i + 1 :]:
                    if met[a][b] >= 2 or (group[a] == group[b]):
                        found.add(a)
                        found.add(b)
        return sorted(found)

    def delta(self, k: int, x: int, y: int) -> int:
        """How the cost changes when ``x`` and ``y`` (in different slots of round ``k``) swap."""
        a_slot, b_slot = self.where[k][x], self.where[k][y]
        return self._moves(k, x, a_slot, y, b_slot) + self._moves(k, y, b_slot, x, a_slot)

    def _moves(self, k: int, x: int, a_slot: int, y: int, b_slot: int) -> int:
        """The part of a swap's change that belongs to ``x`` leaving ``a_slot`` for ``b_slot``."""
        met, up, down, group = self.met, self.up, self.down, self.group
        change = self.place(x, b_slot) - self.place(x, a_slot)
        gx = group[x]
        if a_slot >= self.tables:
            c = self.bye_count[x]
            change += W_BYE * (1 - 2 * c)
        else:
            row = met[x]
            for z in self.slots[k][a_slot]:
                if z != x:
                    change += down[row[z]]
                    if gx == group[z]:
                        change -= W_GROUP
        if b_slot >= self.tables:
            c = self.bye_count[x]
            change += W_BYE * (2 * c + 1)
        else:
            row = met[x]
            for z in self.slots[k][b_slot]:
                if z != y:
                    change += up[row[z]]
                    if gx == group[z]:
                        change += W_GROUP
        return change

    def improve(self, free: Sequence[int], budget: int, target: int | None = None) -> None:
        """Tabu search over the rounds ``free``; stop at ``target`` or after ``budget`` partner searches.

        A partner search looks at every entrant of the round as a swap partner for one entrant in
        conflict; a step makes up to ``CANDIDATES`` of them and takes the best swap found.
        """
        rng, n = self.rng, self.n
        enough = None if target is None else target + W_PLACE
        best_cost = self.cost
        best: list[list[list[int]]] | None = None  # a copy of the best seating while it is not the current one
        tabu = [[0] * n for _ in range(self.rounds)]
        patience = 40 + 4 * n
        stale = step = 0
        while budget > 0 and (enough is None or self.cost >= enough):
            step += 1
            picked = self._pick(free, tabu, step)
            if picked is None:
                break
            k, candidates = picked
            budget -= len(candidates)
            x, y, change = -1, -1, 0
            for one in candidates:
                partner, one_change = self._best_partner(k, one, tabu[k], step, best_cost)
                if partner >= 0 and (y < 0 or one_change < change):
                    x, y, change = one, partner, one_change
            if y < 0:
                continue
            if change > 0 and best is None:
                best = self.snapshot()
            self.swap(k, x, y)
            self.cost += change
            tabu[k][x] = tabu[k][y] = step + 2 + rng.randrange(n // 8 + 3)
            if self.cost < best_cost:
                best_cost, best, stale = self.cost, None, 0
                continue
            stale += 1
            if stale > patience:
                stale = 0
                if best is None:
                    best = self.snapshot()
                else:
                    self.restore(best)
                self._shake(free, 2 + rng.randrange(3))
        if best is not None and self.cost > best_cost:
            self.restore(best)

    def _pick(self, free: Sequence[int], tabu: list[list[int]], step: int) -> tuple[int, list[int]] | None:
        """A random free round with conflicts and up to ``CANDIDATES`` of its entrants in conflict (not tabu if any)."""
        start = self.rng.randrange(len(free))
        for i in range(len(free)):
            k = free[(start + i) % len(free)]
            found = self.conflicts(k)
            if found:
                movable = [x for x in found if tabu[k][x] <= step] or found
                if len(movable) <= CANDIDATES:
                    return k, movable
                return k, self.rng.sample(movable, CANDIDATES)
        return None

    def _best_partner(self, k: int, x: int, tabu: list[int], step: int, best_cost: int) -> tuple[int, int]:
        """The entrant whose swap with ``x`` changes the cost least, among those allowed to move.

        A tabu entrant is allowed when the swap gives a new best. The loops are ``delta`` written
        out, with what does not depend on the partner counted once: this is the hot spot.
        """
        a_slot = self.where[k][x]
        slots = self.slots[k]
        count = len(slots)
        offset = self.rng.randrange(count)
        limit = best_cost - self.cost
        chosen, least = -1, 0
        if a_slot >= self.tables:
            for i in range(count):
                b_slot = (offset + i) % count
                if b_slot < self.tables:
                    for y in slots[b_slot]:
                        change = self.delta(k, x, y)
                        if (tabu[y] <= step or change < limit) and (chosen < 0 or change < least):
                            chosen, least = y, change
            return chosen, least
        met, up, down, group, place = self.met, self.up, self.down, self.group, self.place
        seeded = self.costs.home is not None
        row_x, gx = met[x], group[x]
        mates = [z for z in slots[a_slot] if z != x]
        leave = -place(x, a_slot)
        for z in mates:
            leave += down[row_x[z]] - (W_GROUP if group[z] == gx else 0)
        for i in range(count):
            b_slot = (offset + i) % count
            if b_slot == a_slot:
                continue
            members = slots[b_slot]
            if b_slot >= self.tables:
                for y in members:
                    change = self.delta(k, x, y)
                    if (tabu[y] <= step or change < limit) and (chosen < 0 or change < least):
                        chosen, least = y, change
                continue
            enter = leave + place(x, b_slot)
            for z in members:
                enter += up[row_x[z]] + (W_GROUP if group[z] == gx else 0)
            for y in members:
                row_y, gy = met[y], group[y]
                change = enter - up[row_x[y]] - (W_GROUP if gy == gx else 0)
                for z in members:
                    if z != y:
                        change += down[row_y[z]] - (W_GROUP if group[z] == gy else 0)
                for z in mates:
                    change += up[row_y[z]] + (W_GROUP if group[z] == gy else 0)
                if seeded:
                    change += place(y, a_slot) - place(y, b_slot)
                if (tabu[y] <= step or change < limit) and (chosen < 0 or change < least):
                    chosen, least = y, change
        return chosen, least

    def _shake(self, free: Sequence[int], swaps: int) -> None:
        """A few random swaps of entrants in conflict, to leave a local minimum."""
        for _ in range(swaps):
            k = free[self.rng.randrange(len(free))]
            found = self.conflicts(k) or list(range(self.n))
            x = found[self.rng.randrange(len(found))]
            others = [y for y in range(self.n) if self.where[k][y] != self.where[k][x]]
            if not others:
                return
            y = others[self.rng.randrange(len(others))]
            if self.where[k][x] >= self.tables and self.where[k][y] >= self.tables:
                continue
            self.cost += self.delta(k, x, y)
            self.swap(k, x, y)

    # --- groups on a fixed structure ---------------------------------------------------------

    def relabel(self, budget: int) -> None:
        """Keep groups apart by exchanging two entrants in every free round at once.

        Without history and without byes given, every exchange keeps all meeting counts (so the
        repeats stay as few as the design made them) and only moves group pairs. A descent: an
        exchange is made only when it saves group pairs; it stops when none has for 2n tries.
        """
        group, n = self.group, self.n
        stale = 0
        while budget > 0 and stale < 2 * n:
            budget -= 1
            pairs = [
                (a, b)
                for k in range(self.rounds)
                for members in self.slots[k][: self.tables]
                for i, a in enumerate(members)
                for b in members[i + 1 :]
                if group[a] == group[b]
            ]
            if not pairs:
                return
            x = pairs[self.rng.randrange(len(pairs))][self.rng.randrange(2)]
            best, chosen = 0, -1
            for y in range(n):
                if group[y] != group[x]:
                    change = self._relabel_delta(x, y)
                    if change < best:
                        best, chosen = change, y
            if chosen < 0:
                stale += 1
                continue
            stale = 0
            for k in range(self.rounds):
                if self.where[k][x] != self.where[k][chosen]:
                    self.swap(k, x, chosen)
            self.cost += best

    def _relabel_delta(self, x: int, y: int) -> int:
        group = self.group
        change = 0
        for k in range(self.rounds):
            a_slot, b_slot = self.where[k][x], self.where[k][y]
            if a_slot == b_slot:
                continue
            for z in self.slots[k][a_slot] if a_slot < self.tables else ():
                if z != x:
                    change += W_GROUP * ((group[y] == group[z]) - (group[x] == group[z]))
            for z in self.slots[k][b_slot] if b_slot < self.tables else ():
                if z != y:
                    change += W_GROUP * ((group[x] == group[z]) - (group[y] == group[z]))
        return change
