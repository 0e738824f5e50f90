"""The score sheet as a page shows it, and one deal as its page shows it. Read from the stored
rows, in a fixed number of queries however long the sitting.

The sheet leads with what the table needs after every deal: each player's total and the pots.
Below them, a page of deals (the newest ``PAGE``, or a numbered page of ``PAGE``) with each
player's score and running total, who sat out, and each deal's number linking to its page,
where the breakdown (why) and the history are: a 2,000-deal sitting's sheet is as light as a
50-deal one's. The sitting's page and a tournament table's link page show the same sheet; only
the addresses of a deal's page and its correction differ, so the caller gives them.

A player who sat a deal out scores nothing in it, as a rule; where he pays all the same (into
the pots when a Danish sitting at four founds them), his cell shows what he paid, marked "out".
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from django.db.models import Sum
from django.utils.text import capfirst
from django.utils.translation import gettext as _

from scoring.club.names import EVERY_NAME, Names
from scoring.engine.reasons import GAME_POINTS, word
from scoring.sittings.documents import deal_by_name
from scoring.sittings.models import ScoreRow, Sitting
from scoring.sittings.results import named_lines, stored_deals
from scoring.sittings.stored import StoredLine, scores_of

PAGE = 50
"""Deals on one page of the sheet."""

Address = Callable[[int], str]


def sheet_context(
    sitting: Sitting,
    *,
    deal_url: Address,
    correct_url: Address | None,
    page: int | None,
    reader: Names = EVERY_NAME,
    confirm_url: Address | None = None,
) -> dict[str, Any]:
    """What ``sittings/sheet.html`` shows: the totals and pots now, and one page of deals (the
    newest ``PAGE`` unless ``page`` names one), each with its scores and running totals.

    ``deal_url`` gives the address of a deal's page (its breakdown); ``correct_url`` that of its
    correction, or is ``None`` for a reader who may not correct. Players are named as ``reader``
    sees them (``scoring.club.names``). ``confirm_url`` gives the address where another player
    confirms a deal that waits for it, or is ``None`` for a reader who may not; the deals waiting
    are listed above the sheet, whichever page of deals it shows."""
    rules = sitting.rules
    seats = list(sitting.seats.select_related("player").order_by("number"))
    names = [seat.player.display_name for seat in seats]
    shown = {seat.player.display_name: reader(seat.player) for seat in seats}
    count = sitting.deal_count
    pages = max(1, -(-count // PAGE))
    if page is None:  # the newest deals, the ones the table is playing
        first, last = max(1, count - PAGE + 1), count
    else:
        page = min(max(page, 1), pages)
        first, last = (page - 1) * PAGE + 1, min(page * PAGE, count)
    deals = stored_deals(sitting, first, last) if count else []
    running = _totals_after(sitting, seats, last)
    rows = []
    for deal in reversed(deals):
        scores = deal.scores(names)
        out = names[deal.sitting_out] if deal.sitting_out is not None else None
        rows.append(
            {
                "number": deal.number,
                "dealer": shown[names[deal.dealer]],
                "cells": [(shown[name], scores[name], running[name], name == out) for name in names],
                "pots": [(pot, deal.pots.get(pot, 0)) for pot in rules.pots],
                "corrected": deal.corrected,
                "thrown_in": deal.thrown_in,
                "url": deal_url(deal.number),
                "correct_url": correct_url(deal.number) if correct_url else None,
                "waiting": deal.waiting,
                "mismatches": deal.mismatches,
                "confirm_url": confirm_url(deal.number) if confirm_url and deal.waiting else None,
            }
        )
        running = {name: running[name] - scores[name] for name in names}
    rows.reverse()
    pots_now = deals[-1].pots if deals and last == count else _pots_now(sitting, count)
    return {
        "unit": _(word(rules.unit)) if rules.unit != GAME_POINTS else None,
        "players": [shown[name] for name in names],
        "player_ids": [seat.player_id for seat in seats],
        "pot_names": [capfirst(_(rules.pot_word(pot))) for pot in rules.pots],
        "columns": 1 + len(names) + len(rules.pots),
        "rows": rows,
        "totals": [seat.points for seat in seats],
        "pots": [(pot, pots_now.get(pot, 0)) for pot in rules.pots],
        "deal_count": count,
        "pages": [(n, (n - 1) * PAGE + 1, min(n * PAGE, count)) for n in range(1, pages + 1)] if pages > 1 else [],
        "page": page,
        "waiting": _waiting(sitting, confirm_url),
    }


def _waiting(sitting: Sitting, confirm_url: Address | None) -> list[dict[str, Any]]:
    """Every deal that waits for confirmation, oldest first, with where to confirm it."""
    if not sitting.confirms:
        return []
    rows = sitting.live_deals().filter(confirmed_at__isnull=True).values_list("number", "mismatches")
    return [
        {"number": number, "mismatches": mismatches, "url": confirm_url(number) if confirm_url else None}
        for number, mismatches in rows
    ]


def _totals_after(sitting: Sitting, seats: Sequence[Any], last: int) -> dict[str, int]:
    """Each player's running total after deal ``last``: his total now, less the deals after."""
    totals = {seat.player.display_name: seat.points for seat in seats}
    if last < sitting.deal_count:
        later = ScoreRow.objects.filter(sitting=sitting, revision__live=True, revision__number__gt=last)
        for name, points in later.values_list("player__display_name").annotate(points=Sum("points")):
            totals[name] -= points
    return totals


def _pots_now(sitting: Sitting, count: int) -> dict[str, int]:
    if not count or not sitting.rules.pots:
        return {}
    last = stored_deals(sitting, count, count)
    return last[0].pots if last else {}


def deal_context(
    sitting: Sitting, number: int, correct_url: Address | None, reader: Names = EVERY_NAME
) -> dict[str, Any] | None:
    """What ``sittings/deal.html`` shows of deal ``number``: its scores, its breakdown (why) and
    every revision with who, when and why, players named as ``reader`` sees them; ``None`` if the
    sitting never had that deal. The breakdown of a deal that waits for confirmation is withheld:
    it states the card points the player confirming is asked to type again."""
    rules = sitting.rules
    revisions = list(
        sitting.revisions.filter(number=number).select_related("entered_by", "breakdown").order_by("revision")
    )
    if not revisions:
        return None
    names = reader.listed(sitting.seated_players())
    live = next((r for r in revisions if r.live), None)
    lines, scores = [], {}
    withheld = live is not None and sitting.confirms and live.waiting
    if live is not None and not withheld:
        stored = [StoredLine.of(line) for line in live.breakdown.lines]
        lines = [
            {
                "holder": line["player"] if "player" in line else capfirst(_(rules.pot_word(str(line["pot"])))),
                "points": line["points"],
                "reason": line["reason"],
            }
            for line in named_lines(stored, names, translate=_, renamed=reader.renamed)
        ]
        scores = scores_of(stored, names)
    return {
        "sitting": sitting,
        "number": number,
        "live": live,
        "inputs": deal_by_name(live.inputs, rules, names) if live is not None else None,
        "lines": lines,
        "scores": sorted(scores.items()),
        "revisions": revisions,
        "withheld": withheld,
        "correct_url": correct_url(number) if correct_url and live is not None else None,
    }
