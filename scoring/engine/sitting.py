"""Scoring a whole sitting: every deal in order, carrying the pots and the running totals.

Two paths, one set of rules: ``score(sitting)`` explains every deal (its breakdown ``lines``,
each with its reason), ``score(sitting, breakdown=False)`` gives the same scores, pots and
totals without them. Both run each variant's ``score`` into a :class:`~.base.Payments`; only one
that explains makes lines and reasons, so scores alone cost a fraction of the breakdown.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from itertools import chain
from operator import add, itemgetter
from typing import NamedTuple

from .base import MOST_POINTS, Entry, Line, Payments, maker, pay_penalties
from .reading import Sitting, read_sitting
from .reasons import _
from .refusal import Refusal


class DealResult(NamedTuple):
    """One scored deal: each player's game points, the pots after it, and the breakdown if asked
    for; with who sat it out and who declared, as the deal said, so that whoever stores or counts
    the result need not read the deal again.

    A named tuple, as a :class:`~.base.Deal` is: one is made for every deal scored.
    """

    number: int
    scores: dict[str, int]
    pots: dict[str, int]
    breakdown: Sequence[Entry] | None
    """The lines as the payments recorded them, or ``None`` when the breakdown was not asked for."""
    sitting_out: str | None = None
    """Who sat the deal out (at a table of four), or ``None``."""
    declarer: str | None = None
    """The declarer, in a declarer game; ``None`` where each plays for himself."""
    thrown_in: bool = False
    """Dealt but not played: it counts nowhere as a deal played, only its penalties count."""

    @property
    def lines(self) -> tuple[Line, ...] | None:
        """The breakdown's lines (made anew each time asked), or ``None`` when it was not asked for."""
        return None if self.breakdown is None else tuple(map(Line._make, self.breakdown))


new_result = maker(DealResult)


@dataclass(frozen=True)
class Carried:
    """What the deals before carry into the deals being scored: the pots, each player's total,
    and whether any of them was played.

    Scoring a sitting's deals from deal n on needs only this of the deals before: the rules of a
    deal read the pots it starts with and whether a deal was played before it (the Danish pots are
    founded in the first deal played), and the totals are checked against ``MOST_POINTS``.
    """

    pots: Mapping[str, int]
    totals: Mapping[str, int]
    played: bool = False
    """Whether any of the deals before was played (not thrown in)."""


class SittingResult(NamedTuple):
    """A scored sitting: each deal's result, the totals and the pots after the last deal. A named
    tuple, as a :class:`DealResult` is: one is made for every document scored."""

    sitting: Sitting
    deals: tuple[DealResult, ...]
    totals: dict[str, int]
    pots: dict[str, int]
    played: bool = False
    """Whether any deal was played (not thrown in), before the document's deals or among them."""

    def as_dict(self) -> dict[str, object]:
        """The ``score`` output document (its format: docs/engine.md); each deal's ``lines``
        only when the breakdown was asked for."""
        with_pots = bool(self.sitting.variant.pots)
        deals = []
        for deal in self.deals:
            out: dict[str, object] = {"number": deal.number, "scores": deal.scores}
            if deal.thrown_in:
                out["thrown_in"] = True
            if deal.breakdown is not None:
                out["lines"] = [
                    {"player": player, "points": points, "reason": reason.english or str(reason)}
                    if pot is None
                    else {"pot": pot, "points": points, "reason": reason.english or str(reason)}
                    for points, reason, player, pot in deal.breakdown
                ]  # the lines of one payment share their reason, and many reasons recur: written once
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


new_sitting_result = maker(SittingResult)


def score(sitting: Sitting, *, breakdown: bool = True, before: Carried | None = None) -> SittingResult:
    """Score every deal of a valid sitting in order; with ``breakdown=False``, without the lines.

    ``before`` is where the sitting stands before the document's first deal, when the document
    holds only the deals from some deal on (see ``read_sitting``'s ``first``): the result's
    totals and pots then run on from it. Without it the sitting starts with empty pots at 0.

    Raises :class:`~.refusal.Refusal` at the first deal after which an amount (a line, a score, a
    pot or a running total) would go beyond ``MOST_POINTS``: pots that double deal after deal
    can grow without end, and no score sheet holds that. Both paths refuse alike.
    """
    variant, options, players = sitting.variant, sitting.options, sitting.players
    pots = dict.fromkeys(variant.pots, 0) if before is None else {pot: before.pots.get(pot, 0) for pot in variant.pots}
    start = [0] * len(players) if before is None else [before.totals[p] for p in players]
    played = before is not None and before.played
    edge = max(map(abs, chain(pots.values(), start)), default=0)
    """The largest amount the sitting stands at before the deals: every amount after them is
    within it and what the deals moved (``Payments.moved``)."""
    results: list[DealResult] = []
    moved = 0
    zeros = dict.fromkeys(players, 0)
    for deal in sitting.deals:
        payments = Payments(deal, zeros.copy(), dict(pots), [] if breakdown else None, not played)
        if not deal.thrown_in:
            variant.score(deal, options, payments)
            played = True
        if deal.penalties:
            pay_penalties(payments, deal)
        pots, lines = payments.pots, payments.lines
        moved += payments.moved
        row = (deal.number, payments.scores, pots, lines, deal.sitting_out, deal.declarer or None, deal.thrown_in)
        results.append(new_result(row))
    if edge + moved > MOST_POINTS and not breakdown:
        score(sitting, before=before)  # the lines say whether an amount goes beyond, and the explained path refuses it
    elif edge + moved > MOST_POINTS:
        beyond = first_beyond(results, start)
        if beyond is not None:
            raise Refusal.because(_("an amount goes beyond {most:,} game points"), deal=beyond, most=MOST_POINTS)
    totals = map(sum, zip(start, *map(dict.values, map(SCORES, results)), strict=True))
    """Each player's total: the deals' scores come in the order of the players, and are added
    up once, after the deals, in calls that run in C."""
    return new_sitting_result((sitting, tuple(results), dict(zip(players, totals, strict=True)), dict(pots), played))


SCORES = itemgetter(1)
"""A deal result's scores, read in C."""


def first_beyond(explained: list[DealResult], start: Sequence[int]) -> int | None:
    """The number of the first deal after which an amount (a line of its breakdown, a score, a
    pot or a running total, from ``start``) goes beyond ``MOST_POINTS``, or ``None``.

    Asked only where what the deals moved, added up, goes beyond the bound: nearly every sitting
    is far within it, and holding each amount to it as the deals were scored took a tenth of the
    time of scoring them. Python's whole numbers never overflow, so scoring on past the deal that
    goes beyond changes nothing but the time."""
    running = list(start)
    for result in explained:
        running = list(map(add, running, result.scores.values()))
        lines = [points for points, *_ in result.breakdown or ()]
        if max(map(abs, [*lines, *result.scores.values(), *result.pots.values(), *running])) > MOST_POINTS:
            return result.number
    return None


def score_sitting(doc: object, *, breakdown: bool = True) -> dict[str, object]:
    """Score a sitting document (parsed JSON) and return the output document.

    With ``breakdown=False`` each deal's ``lines`` are left out: the same scores, pots and
    totals, after the same checks, for a fraction of the time. Raises
    :class:`~scoring.engine.refusal.Refusal` listing every problem of bad input, the same
    on both paths.
    """
    return score(read_sitting(doc), breakdown=breakdown).as_dict()
