"""What the proposal reads from the database: the season's rounds in a game, the byes had, the
club's groups, read once per page in a few queries.

A **past round** is one round of tables: a tournament's round, a round of a club evening (its
sittings), or, for a club's other sittings, all of that game's sittings of one day. The season is
the one that contains the evening's day (``scoring.ledger.results.Seasons``), up to that day.
"""

from __future__ import annotations

import datetime

from django.db.models import Prefetch

from scoring.club.models import Club
from scoring.evenings.models import Evening, EveningRound, PlayerGroup
from scoring.evenings.proposal import Group, PastRound, Season
from scoring.ledger.results import Seasons
from scoring.sittings.models import Seat, Sitting


def season_period(club: Club, day: datetime.date) -> tuple[datetime.date, datetime.date]:
    period = Seasons(club).current(day)
    return period.start, day


def season_of(evening: Evening, before: EveningRound | None = None) -> Season:
    """The season so far in the evening's game, as rounds of tables in the order played; without
    the sittings of the round ``before`` and after it (a started round is not its own history)."""
    start, end = season_period(evening.club, evening.date)
    sittings = Sitting.objects.filter(club=evening.club, variant=evening.variant, date__gte=start, date__lte=end)
    if before is not None:
        sittings = sittings.exclude(evening_rounds__evening=evening, evening_rounds__number__gte=before.number)
    sittings = (
        sittings.select_related("round_table")
        .prefetch_related(Prefetch("seats", queryset=Seat.objects.order_by("number")), "evening_rounds")
        .order_by("date", "created_at", "pk")
    )
    rounds: dict[tuple[datetime.date, str, int], list[tuple[int, ...]]] = {}
    for sitting in sittings:
        table = tuple(seat.player_id for seat in sitting.seats.all())
        evening_rounds = list(sitting.evening_rounds.all())
        if evening_rounds:
            key = (sitting.date, "evening", evening_rounds[0].pk)
        elif sitting.in_tournament:
            key = (sitting.date, "tournament", sitting.round_table.round_id)
        else:
            key = (sitting.date, "club", 0)
        rounds.setdefault(key, []).append(table)
    return Season([PastRound(day, tuple(tables)) for (day, _kind, _n), tables in rounds.items()])


def byes_of(evening: Evening) -> dict[int, int]:
    """How many byes each player had at the club's evenings of the game this season."""
    start, end = season_period(evening.club, evening.date)
    counts: dict[int, int] = {}
    started = EveningRound.objects.filter(
        evening__club=evening.club,
        evening__variant=evening.variant,
        evening__date__gte=start,
        evening__date__lte=end,
        started_at__isnull=False,
    )
    for byes in started.values_list("byes", flat=True):
        for p in byes:
            counts[p] = counts.get(p, 0) + 1
    return counts


def groups_of(club: Club) -> list[Group]:
    """The club's groups of players, apart or together as the club set each."""
    found = PlayerGroup.objects.filter(club=club).prefetch_related("members")
    return [Group(g.name, frozenset(p.pk for p in g.members.all()), g.together) for g in found]
