"""Scoring a whole sitting: every deal in order, carrying the pots and the running totals.

Two paths, one set of rules: ``score(sitting)`` explains every deal (its breakdown ``lines``,
each with its reason), ``score(sitting, breakdown=False)`` gives the same scores, pots and
totals without them. Both run each variant's ``score`` into a :class:`~.base.Ledger`; only one
that explains makes lines and reasons, so scores alone cost a fraction of the breakdown.
"""

from __future__ import annotations

from dataclasses import dataclass

from .base import MOST_POINTS, InvalidSitting, Ledger, Line, Problem
from .reading import Sitting, read_sitting


@dataclass(frozen=True)
class DealResult:
    """One scored deal: each player's game points, the breakdown, and the pots after it.

    ``lines`` is ``None`` when the breakdown was not asked for.
    """

    number: int
    scores: dict[str, int]
    lines: tuple[Line, ...] | None
    pots: dict[str, int]


@dataclass(frozen=True)
class SittingResult:
    sitting: Sitting
    deals: tuple[DealResult, ...]
    totals: dict[str, int]
    pots: dict[str, int]

    def as_dict(self) -> dict[str, object]:
        """The ``score`` output document (its format: docs/engine.md); each deal's ``lines``
        only when the breakdown was asked for."""
        with_pots = bool(self.sitting.variant.pots)
        deals = []
        for deal in self.deals:
            out: dict[str, object] = {"number": deal.number, "scores": deal.scores}
            if deal.lines is not None:
                out["lines"] = [line.as_dict() for line in deal.lines]
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


def score(sitting: Sitting, *, breakdown: bool = True) -> SittingResult:
    """Score every deal of a valid sitting in order; with ``breakdown=False``, without the lines.

    Raises :class:`InvalidSitting` at the first deal after which an amount (a line, a score, a
    pot or a running total) would go beyond ``MOST_POINTS``: pots that double deal after deal
    can grow without end, and no score sheet holds that. Both paths refuse alike: the ledger
    keeps the largest line amount even when it keeps no lines.
    """
    variant, options = sitting.variant, sitting.options
    pots = dict.fromkeys(variant.pots, 0)
    totals = dict.fromkeys(sitting.players, 0)
    results = []
    for deal in sitting.deals:
        ledger = Ledger(deal, pots, explain=breakdown)
        variant.score(deal, options, ledger)
        scores, pots = ledger.scores, ledger.pots
        for name, points in scores.items():
            totals[name] += points
        amounts = [ledger.largest, *scores.values(), *pots.values(), *totals.values()]
        if max(amounts) > MOST_POINTS or min(amounts) < -MOST_POINTS:
            raise InvalidSitting([Problem(deal.number, None, f"an amount goes beyond {MOST_POINTS:,} game points")])
        lines = None if ledger.lines is None else tuple(ledger.lines)
        results.append(DealResult(deal.number, scores, lines, pots))
    return SittingResult(sitting, tuple(results), dict(totals), dict(pots))


def score_sitting(doc: object, *, breakdown: bool = True) -> dict[str, object]:
    """Score a sitting document (parsed JSON) and return the output document.

    With ``breakdown=False`` each deal's ``lines`` are left out: the same scores, pots and
    totals, after the same checks, for a fraction of the time. Raises
    :class:`~scoring.engine.base.InvalidSitting` listing every problem of bad input, the same
    on both paths.
    """
    return score(read_sitting(doc), breakdown=breakdown).as_dict()
