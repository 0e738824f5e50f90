"""The rating arithmetic, pure (no Django): closed sittings in date order in, each player's skill
after each sitting out.

The model is the Weng–Lin Bayesian approximation with the Plackett–Luce likelihood, from the
``openskill`` package, at its published defaults (mu 25, sigma 25/3, beta 25/6, tau 25/300, kappa 0.0001). A
sitting is a ranking of its players by game points: equal points share a place; a player who
played no deal (sat out every one, or saw only thrown-in deals) is not rated by it, and a sitting
that leaves fewer than two players to rank rates nobody. Thrown-in deals change nothing: the
points a caller passes are those of the deals played (``Standing``).

Sittings are rated in the order (date, sitting id): the id orders two sittings of one day as they
were started, and makes the order total, so that re-rating from any date gives what re-rating
everything gives.
"""

from __future__ import annotations

import datetime
import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from openskill.models import PlackettLuce

MODEL = PlackettLuce()
"""The Weng–Lin Plackett–Luce model at openskill's defaults (the docs name them)."""

PROVISIONAL_UNTIL = 10
"""A rating is provisional until the player has this many rated sittings."""

SCALE, OFFSET = 40, 1000
"""The shown rating is ``OFFSET + SCALE × (mu − 3 sigma)``: a newcomer (mu − 3 sigma = 0) starts at 1000, and
a step of one on the model's scale is 40 on the shown one, so that ratings read like the
familiar Elo-sized figures (about 1000 to 2000 in a club)."""


@dataclass(frozen=True)
class Skill:
    """What the model believes of a player: his mean ``mu``, its uncertainty ``sigma``, and how many
    sittings rated him so far."""

    mu: float
    sigma: float
    sittings: int = 0

    @property
    def shown(self) -> int:
        """The rating shown: the mean less three uncertainties (so that a player rises by showing
        his skill, not by luck the model is unsure of), on the club's scale, half rounded up."""
        return math.floor(OFFSET + SCALE * (self.mu - 3 * self.sigma) + 0.5)

    @property
    def provisional(self) -> bool:
        return self.sittings < PROVISIONAL_UNTIL


NEWCOMER = Skill(MODEL.mu, MODEL.sigma)
"""A player's skill before his first rated sitting."""


@dataclass(frozen=True)
class Standing:
    """One player's result in a sitting: his game points in the deals played (thrown-in deals
    left out) and how many of them he played."""

    player: int
    points: int
    deals_played: int


@dataclass(frozen=True)
class Result:
    """A closed sitting's results: its id and date, and its players' standings."""

    sitting: int
    date: datetime.date
    standings: Sequence[Standing]


@dataclass(frozen=True)
class Rated:
    """A player's skill after a sitting that rated him, and the place he took in it (from 1)."""

    sitting: int
    date: datetime.date
    player: int
    place: int
    skill: Skill


def places(standings: Iterable[Standing]) -> dict[int, int]:
    """Each rated player's place by game points, most first; equal points share a place and the
    next place skips (1, 2, 2, 4). Players who played no deal have none."""
    rated = [s for s in standings if s.deals_played > 0]
    return {s.player: 1 + sum(other.points > s.points for other in rated) for s in rated}


def rate(results: Iterable[Result], before: Mapping[int, Skill] | None = None) -> list[Rated]:
    """Rate the sittings in order (date, id), each player starting from his skill in ``before``
    (a newcomer's if absent); a row per player and sitting that rated him."""
    skills = dict(before or {})
    out: list[Rated] = []
    for result in sorted(results, key=lambda r: (r.date, r.sitting)):
        placed = places(result.standings)
        if len(placed) < 2:
            continue
        players = list(placed)
        teams = [[MODEL.rating(mu=skill.mu, sigma=skill.sigma)] for skill in (skills.get(p, NEWCOMER) for p in players)]
        new = MODEL.rate(teams, ranks=[float(placed[p]) for p in players])
        for player, [rating] in zip(players, new, strict=True):
            skill = Skill(rating.mu, rating.sigma, skills.get(player, NEWCOMER).sittings + 1)
            skills[player] = skill
            out.append(Rated(result.sitting, result.date, player, placed[player], skill))
    return out
