"""Warnings about deals the rules allow but that look unlikely at a real table.

The spec's consistency rules refuse a deal; these only ask the scorekeeper to look again. A club
must be able to record what happened, so every warning can be confirmed and the deal saved.
"""

from __future__ import annotations

from collections.abc import Iterator

from .base import Deal, Problem
from .reading import Sitting

MOST_TAROCKS = 22
"""21 Tarocks and the Fool, in the games where the Fool counts as a Tarock in declarations."""


def warnings(sitting: Sitting, deal: Deal) -> list[Problem]:
    """Every warning about one valid deal, each naming the field it concerns."""
    return [Problem(deal.number, field, message) for field, message in _warnings(sitting, deal)]


def _warnings(sitting: Sitting, deal: Deal) -> Iterator[tuple[str | None, str]]:
    key = sitting.variant.key
    if not sitting.variant.declarer_game:
        yield from _kings(deal)
        yield from _no_tricks_with_points(deal)
        yield from _every_trick_without_the_pack(deal, sitting.variant.pack_points)
        if key in ("grosstarock", "danish_tarok"):
            tarocks = deal.declarations_of("tarocks")
            if sum(d.count for d in tarocks) > MOST_TAROCKS:
                yield tarocks[-1].where, f"more than {MOST_TAROCKS} Tarocks declared between the players"
    elif deal.all_tricks and deal.declarer_points < sitting.variant.pack_points // 2:
        yield "declarer_points", f"every trick taken, but only {deal.declarer_points} card points"


def _kings(deal: Deal) -> Iterator[tuple[str | None, str]]:
    """All four Kings declared by one player, while another loses or brings home a King."""
    four = {d.player for d in deal.declarations_of("four_kings", "overfull_kings")}
    for item in deal.events_of("king", "king_lost", "king_ultimo"):
        if four and item.player not in four:
            holder = ", ".join(sorted(p for p in four if p))
            yield item.where, f"{holder} declared all four Kings, yet {item.player} plays one"


def _no_tricks_with_points(deal: Deal) -> Iterator[tuple[str | None, str]]:
    for item in deal.events_of("nolo", "excuse_no_tricks", "announced_nolo"):
        if item.type == "announced_nolo" and not item.won:
            continue
        points = deal.card_points.get(item.player or "", 0)
        if points > 0:
            yield f"card_points.{item.player}", f"{item.player} took no trick, yet has {points} card points"


def _every_trick_without_the_pack(deal: Deal, pack: int) -> Iterator[tuple[str | None, str]]:
    for item in deal.events_of("valat", "tout", "announced_valat"):
        if item.type == "announced_valat" and not item.won:
            continue
        points = deal.card_points.get(item.player or "", 0)
        if points < pack:
            yield f"card_points.{item.player}", f"{item.player} took every trick, yet has only {points} card points"
