"""The exact-cover search: every column covered once, or none, or out of steps; the same seed, the same cover."""

from __future__ import annotations

import random

import pytest

from scoring.tournaments.cover import OutOfSteps, exact_cover

# Knuth's example: columns 0 … 6; rows 0, 3 and 4 cover each once, and nothing else does.
KNUTH = [[2, 4, 5], [0, 3, 6], [1, 2, 5], [0, 3], [1, 6], [3, 4, 6]]


def test_it_covers_every_column_exactly_once() -> None:
    found = exact_cover(KNUTH, 7, random.Random(1), 100)
    assert found is not None and sorted(found) == [0, 3, 4]


def test_it_says_none_when_no_cover_exists() -> None:
    assert exact_cover([[0, 1], [1, 2], [0, 2]], 3, random.Random(1), 100) is None


def test_it_stops_after_its_steps() -> None:
    rows = [[c, d] for c in range(11) for d in range(c + 1, 11)]  # pairs never cover an odd count
    with pytest.raises(OutOfSteps):
        exact_cover(rows, 11, random.Random(1), 50)


def test_the_same_seed_gives_the_same_cover() -> None:
    rows = [[c, d] for c in range(8) for d in range(c + 1, 8)]
    assert exact_cover(rows, 8, random.Random(5), 100) == exact_cover(rows, 8, random.Random(5), 100)
