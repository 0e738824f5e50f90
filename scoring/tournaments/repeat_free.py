"""How many rounds a small field can play without a repeat, proved by trying every plan.

Design theory gives the limit where a design exists; where none exists (no nearly Kirkman
system on 12 points, so 12 at tables of 3 have no fifth repeat-free round) the counting bounds
say less than what is forced. For fields of up to ``PROVED_UP_TO`` players this module settles it
by an exhaustive search, which ``python manage.py designs`` runs and ships with the designs.

The search fixes what symmetry allows: round 1 seats 0 … s − 1 at table 1, the next s at table 2,
and so on; later rounds come in the order of player 0's table, and in round 2 player 0 sits with
the first player of tables 2, 3, … of round 1 (any plan can be renamed so). A table is filled
from its lowest free player upwards. What is left is small: 12 at tables of 3 take some 65,000
steps.

A plan of r rounds with p repeats keeps a repeat-free plan of at least r − p rounds when the
later round of each repeat is dropped, so r rounds past the limit L force at least r − L repeats.

Pure Python, no Django.
"""

from __future__ import annotations

import itertools

PROVED_UP_TO = 12


def repeat_free_limit(n: int, size: int) -> int:
    """The most rounds n players (a multiple of ``size``) can play at tables of ``size`` without a repeat."""
    return _Proof(n, size).limit()


class _Proof:
    def __init__(self, n: int, size: int) -> None:
        self.n, self.size = n, size
        self.met = [[False] * n for _ in range(n)]
        self.best = 1

    def limit(self) -> int:
        first = [tuple(range(i, i + self.size)) for i in range(0, self.n, self.size)]
        self._mark(first, True)
        # Each player meets s − 1 new players a round, n − 1 in all: no plan has more rounds.
        self.most = (self.n - 1) // (self.size - 1)
        self._round(2, None, [], [False] * self.n)
        return self.best

    def _mark(self, tables: list[tuple[int, ...]], value: bool) -> None:
        for table in tables:
            for x, y in itertools.combinations(table, 2):
                self.met[x][y] = self.met[y][x] = value

    def _round(
        self, number: int, before: tuple[int, ...] | None, tables: list[tuple[int, ...]], seated: list[bool]
    ) -> bool:
        """Seat round ``number`` table by table; True once no plan can have more rounds."""
        if False not in seated:
            self.best = max(self.best, number)
            if self.best == self.most:
                return True
            self._mark(tables, True)
            done = self._round(number + 1, tables[0], [], [False] * self.n)
            self._mark(tables, False)
            return done
        lowest = seated.index(False)
        seated[lowest] = True
        done = self._grow(number, before, tables, seated, [lowest], lowest + 1)
        seated[lowest] = False
        return done

    def _grow(
        self,
        number: int,
        before: tuple[int, ...] | None,
        tables: list[tuple[int, ...]],
        seated: list[bool],
        table: list[int],
        start: int,
    ) -> bool:
        if len(table) == self.size:
            if table[0] == 0 and not self._allowed_for_0(number, before, tuple(table)):
                return False
            tables.append(tuple(table))
            done = self._round(number, before, tables, seated)
            tables.pop()
            return done
        for q in range(start, self.n):
            if not seated[q] and not any(self.met[q][x] for x in table):
                seated[q] = True
                table.append(q)
                done = self._grow(number, before, tables, seated, table, q + 1)
                table.pop()
                seated[q] = False
                if done:
                    return True
        return False

    def _allowed_for_0(self, number: int, before: tuple[int, ...] | None, table: tuple[int, ...]) -> bool:
        if number == 2:
            return table == tuple(range(0, self.n, self.size))[: self.size]
        return before is not None and table > before
