"""Doubts about deals the rules allow but that look unlikely at a real table.

The spec's consistency rules refuse a deal; doubts only ask the scorekeeper to look again. A club
must be able to record what happened, so every doubt can be confirmed and the deal saved. Each
variant says which of these apply to it in its ``doubts``; the reasons are templates with the
rules' words, so the site shows them in its own language.
"""

from __future__ import annotations

from .base import Deal, Doubt, Doubts, Options, Variant
from .reasons import gettext_noop as _
from .reasons import why

MOST_TAROCKS = 22
"""21 Tarocks and the Fool, in the games where the Fool counts as a Tarock in declarations."""


def doubts(variant: Variant, options: Options, deal: Deal) -> list[Doubt]:
    """Every doubt about one valid deal, each naming the field it concerns. A thrown-in deal has
    no cards, so nothing about them can look unlikely."""
    if deal.thrown_in:
        return []
    return [Doubt(deal.number, field, reason) for field, reason in variant.doubts(deal, options)]


def kings_in_play(deal: Deal) -> Doubts:
    """All four Kings declared by one player, while another loses or brings home a King."""
    four = {d.player for d in deal.declarations_of("four_kings", "overfull_kings")}
    for item in deal.events_of("king", "king_lost", "king_ultimo"):
        if four and item.player not in four:
            holder = ", ".join(sorted(p for p in four if p))
            yield (
                item.where,
                why(_("{holder} declared all four Kings, yet {player} plays one"), holder=holder, player=item.player),
            )


def points_without_a_trick(deal: Deal, *types: str, kept: int = 0) -> Doubts:
    """Card points for a player whose event says he took no trick (a failed announcement aside),
    beyond the ``kept`` card points of a card he keeps without a trick (German Taroc's Excuse)."""
    for item in deal.events_of(*types):
        if item.result == "lost":
            continue
        points = deal.card_points.get(item.player or "", 0)
        if points > kept:
            yield (
                f"card_points.{item.player}",
                why(_("{player} took no trick, yet has {points} card points"), player=item.player, points=points),
            )


def every_trick_without_the_pack(deal: Deal, pack: int, *types: str) -> Doubts:
    """Less than the whole pack for a player whose event says he took every trick."""
    for item in deal.events_of(*types):
        if item.result == "lost":
            continue
        points = deal.card_points.get(item.player or "", 0)
        if points < pack:
            yield (
                f"card_points.{item.player}",
                why(
                    _("{player} took every trick, yet has only {points} card points"), player=item.player, points=points
                ),
            )


def too_many_tarocks(deal: Deal) -> Doubts:
    tarocks = deal.declarations_of("tarocks")
    if sum(d.count for d in tarocks) > MOST_TAROCKS:
        yield tarocks[-1].where, why(_("more than {most} Tarocks declared between the players"), most=MOST_TAROCKS)


def all_tricks_with_few_points(deal: Deal, pack: int) -> Doubts:
    if deal.all_tricks and deal.declarer_points < pack // 2:
        yield (
            "declarer_points",
            why(_("every trick taken, but only {points} card points"), points=deal.declarer_points),
        )
