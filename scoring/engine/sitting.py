"""Scoring a whole sitting: every deal in order, carrying the pots and the running totals."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from .base import MOST_POINTS, InvalidSitting, Line, Problem
from .reading import Sitting, read_sitting


@dataclass(frozen=True)
class DealResult:
    """One scored deal: each player's game points, the breakdown, and the pots after it."""

    number: int
    scores: dict[str, int]
    lines: tuple[Line, ...]
    pots: dict[str, int]


@dataclass(frozen=True)
class SittingResult:
    sitting: Sitting
    deals: tuple[DealResult, ...]
    totals: dict[str, int]
    pots: dict[str, int]

    def as_dict(self) -> dict[str, object]:
        """The ``score`` output document (its format: docs/engine.md)."""
        with_pots = bool(self.sitting.variant.pots)
        deals = []
        for deal in self.deals:
            out: dict[str, object] = {
                "number": deal.number,
                "scores": deal.scores,
                "lines": [line.as_dict() for line in deal.lines],
            }
            if with_pots:
                out["pots"] = deal.pots
            deals.append(out)
        doc: dict[str, object] = {
            "variant": self.sitting.variant.key,
            "players": list(self.sitting.players),
            "deals": deals,
            "totals": self.totals,
        }
        if with_pots:
            doc["pots"] = self.pots
        return doc


def score(sitting: Sitting) -> SittingResult:
    """Score every deal of a valid sitting in order.

    Raises :class:`InvalidSitting` at the first deal after which an amount (a line, a score, a
    pot or a running total) would go beyond ``MOST_POINTS``: pots that double deal after deal
    can grow without end, and no score sheet holds that.
    """
    variant, players = sitting.variant, sitting.players
    pots = dict.fromkeys(variant.pots, 0)
    totals = dict.fromkeys(players, 0)
    results = []
    for deal in sitting.deals:
        lines = tuple(variant.score(deal, sitting.options, pots))
        scores = dict.fromkeys(players, 0)
        moved: Counter[str] = Counter()
        for line in lines:
            if line.pot is None:
                assert line.player is not None
                scores[line.player] += line.points
            else:
                moved[line.pot] += line.points
        pots = {name: pots[name] + moved[name] for name in variant.pots}
        for name in players:
            totals[name] += scores[name]
        amounts = [*(line.points for line in lines), *scores.values(), *pots.values(), *totals.values()]
        if max(map(abs, amounts), default=0) > MOST_POINTS:
            raise InvalidSitting([Problem(deal.number, None, f"an amount goes beyond {MOST_POINTS:,} game points")])
        results.append(DealResult(deal.number, scores, lines, dict(pots)))
    return SittingResult(sitting, tuple(results), dict(totals), dict(pots))


def score_sitting(doc: object) -> dict[str, object]:
    """Score a sitting document (parsed JSON) and return the output document.

    Raises :class:`~scoring.engine.base.InvalidSitting` listing every problem of bad input.
    """
    return score(read_sitting(doc)).as_dict()
