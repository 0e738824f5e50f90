"""Sittings played through the services, with results the test chooses, for the ratings' tests.

A Grosstarock deal of card points: each player scores his card points less 26, so a deal's
card points say who wins it."""

from __future__ import annotations

import datetime
from typing import Any

from scoring.club.models import Club
from scoring.ratings.models import Rating
from scoring.sittings.models import Sitting
from scoring.sittings.services import close_sitting, record_deal, start_sitting

from ..factories import make_players

GAME = "grosstarock"


def deal(dealer: str, first: str, second: str, third: str) -> dict[str, Any]:
    """A deal won by ``first`` (+14), then ``second`` (−6), then ``third`` (−8)."""
    return {"dealer": dealer, "card_points": {first: 40, second: 20, third: 18}}


def played(club: Club, day: datetime.date, *order: str, close: bool = True) -> Sitting:
    """A closed sitting of one deal whose players finish in ``order``, seated in that order."""
    sitting = start_sitting(club, GAME, make_players(club, *order), user=None, date=day)
    record_deal(sitting, deal(order[0], *order), user=None)
    if close:
        close_sitting(sitting, user=None)
    return sitting


def season(club: Club) -> list[Sitting]:
    """Eight closed sittings of four players three at a table, a week apart."""
    tables = [
        ("Anna", "Bernd", "Carla"),
        ("Dora", "Anna", "Bernd"),
        ("Carla", "Dora", "Anna"),
        ("Bernd", "Carla", "Dora"),
    ]
    start = datetime.date(2026, 1, 6)
    return [played(club, start + datetime.timedelta(weeks=n), *tables[n % 4]) for n in range(8)]


def stored(club: Club) -> dict[tuple[int, str], tuple[float, float, int, int]]:
    """Every stored rating of the club: by (sitting, player) the mean, uncertainty, sittings, place."""
    rows = Rating.objects.filter(club=club).select_related("player")
    return {(r.sitting_id, r.player.display_name): (r.mu, r.sigma, r.sittings, r.place) for r in rows}
