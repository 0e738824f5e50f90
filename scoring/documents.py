"""Deals as stored (players by seat) and as the sitting format writes them (players by name).

A stored deal is the sitting format with every player replaced by his seat number: ``dealer``,
``sitting_out``, ``declarer`` and each item's ``player`` hold an integer, and ``card_points`` is
keyed by the seat as a string (JSON keys are strings). Renaming a player thus changes no deal.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

PLAYER_FIELDS = ("dealer", "sitting_out", "declarer")
ITEM_LISTS = ("declarations", "events")


def _convert(deal: dict[str, Any], one: Callable[[Any], Any]) -> dict[str, Any]:
    out = dict(deal)
    for key in PLAYER_FIELDS:
        if key in out:
            out[key] = one(out[key])
    if "card_points" in out:
        out["card_points"] = {str(one(key)): points for key, points in out["card_points"].items()}
    for key in ITEM_LISTS:
        if key in out:
            out[key] = [
                {**item, "player": one(item["player"])} if "player" in item else dict(item) for item in out[key]
            ]
    return out


def deal_by_seat(deal: dict[str, Any], players: Sequence[str]) -> dict[str, Any]:
    """A valid deal (names) as stored (seat numbers)."""
    seats = {name: seat for seat, name in enumerate(players)}
    return _convert(deal, lambda name: seats[name])


def deal_by_name(data: dict[str, Any], players: Sequence[str]) -> dict[str, Any]:
    """A stored deal (seat numbers) in the sitting format (names)."""
    return _convert(data, lambda seat: players[int(seat)])
