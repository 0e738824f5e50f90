"""The season table sums each player's season in SQL, one row per player whatever the number of
sittings; the table it makes is the one the players' sitting-by-sitting results make, in every
ranking mode, with open sittings, sat-out deals and minimum attendance."""

from __future__ import annotations

import random

import pytest

from scoring.club.models import Club
from scoring.ledger.ranking import Mode
from scoring.ledger.results import calendar_year, parts, season_sittings, season_table_of
from scoring.ledger.services import save_rule
from scoring.samples import random_sitting
from scoring.sittings.services import close_sitting, import_sitting

from ..factories import make_club

pytestmark = pytest.mark.django_db

NAMES = ["Anna", "Bernd", "Carla", "Dieter", "Emil", "Frieda"]
YEAR = calendar_year(2026)


def club_of_many_evenings() -> Club:
    """Twenty evenings of Danish Tarok at tables of 3 and 4 (a fourth sits out), all closed but
    the last, of Anna, Bernd and Carla."""
    club = make_club("many")
    rng = random.Random(7)
    for number in range(20):
        players = rng.sample(NAMES, rng.choice([3, 4])) if number < 19 else NAMES[:3]
        doc = random_sitting(rng, "danish_tarok", deals=rng.randint(1, 5), players=players, items=1)
        sitting = import_sitting(club, {**doc, "date": f"2026-{number % 12 + 1:02d}-{number + 1:02d}"}, user=None)
        if number < 19:
            close_sitting(sitting, user=None)
    return club


MODES = [
    Mode(),
    Mode(minimum_attendance=5),
    Mode("per_deal", minimum_attendance=6, fill_missing=True),
    Mode("scaled", list_length=48),
    Mode("best_n", best=3),
    Mode("best_n", best=4, minimum_attendance=8, fill_missing=True),
]


@pytest.mark.parametrize("mode", MODES, ids=lambda mode: f"{mode.mode}-{mode.minimum_attendance}")
def test_the_table_summed_in_sql_is_the_table_of_the_players_results(mode: Mode) -> None:
    club = club_of_many_evenings()
    save_rule(club, "danish_tarok", YEAR, mode=mode)
    found = parts(club, YEAR, season_sittings(club, YEAR), "danish_tarok")
    summed = season_table_of(club, YEAR, "danish_tarok")
    sitting_by_sitting = season_table_of(club, YEAR, "danish_tarok", found)
    assert summed.rows == sitting_by_sitting.rows
    assert summed.player_ids == sitting_by_sitting.player_ids
    assert len(summed.rows) == len(NAMES)
    assert {row.player for row in summed.rows if row.provisional} == set(NAMES[:3])
