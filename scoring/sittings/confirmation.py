"""Confirmed by the other side: what a player confirming a deal sees, and what he types again.

At a sitting that confirms its deals (``Sitting.confirms``), a deal entered counts at once but
waits for another player of the table, who confirms it on his own phone or on the phone passed
across, as bridge clubs do at their table terminals. He is not asked to tap OK: he reads the deal
without one of its figures and types that figure again (:class:`Figure`), the figure a table
counts and mistypes most:

- in the games where every player counts his card points, one named player's card points (all
  card points are left out of what he reads: two of them would give the third away). The player
  asked for changes from deal to deal and with each correction, so that nobody learns whose;
- in the declarer games, the declarer's card points;
- in a deal thrown in, which has no card points, who dealt it (left out too); and so in a deal
  whose card points the screen would give away or the table may not have counted: one taking
  every trick or none (valat, tout, nolo, the Excuse without a trick, all tricks, Solo Valat).

Pure reading: the services store the confirmation (``services.confirm_deal``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from scoring.engine import FieldSpec, Variant
from scoring.engine.reasons import Reason, _, why, word

CARD_POINTS, DECLARER_POINTS, DEALER = "card_points", "declarer_points", "dealer"
ALL_OR_NOTHING = frozenset(
    {"valat", "announced_valat", "tout", "nolo", "announced_nolo", "excuse_no_tricks", "solo_valat", "all_tricks"}
)
"""What says that a player took every trick or none: his card points follow from it (and the
rules may not settle them at all), so such a deal is confirmed by who dealt it."""


def _all_or_nothing(deal: Mapping[str, Any]) -> bool:
    items = [*deal.get("declarations", ()), *deal.get("events", ())]
    said = {item.get("type") for item in items} | {deal.get("contract")}
    return bool(deal.get("all_tricks")) or bool(said & ALL_OR_NOTHING)


@dataclass(frozen=True)
class Figure:
    """The figure the player confirming types again: what it is, in words, its answer (a number
    of card points, or the dealer's name), the players to choose from when it is the dealer, and
    the deal's fields his screen leaves out."""

    asked: Reason
    answer: int | str
    hidden: frozenset[str]
    players: tuple[str, ...] = ()

    def matches(self, typed: object) -> bool:
        """Whether what was typed is the figure (a number typed with spaces around is the same)."""
        if isinstance(self.answer, int):
            text = str(typed).strip()
            return text.isascii() and text.isdigit() and int(text) == self.answer
        return typed == self.answer


def figure_of(variant: Variant, deal: Mapping[str, Any], players: Sequence[str], number: int, revision: int) -> Figure:
    """The figure asked of deal ``number`` in its ``revision`` (players by name, ``players`` in
    dealing order)."""
    if deal.get("thrown_in") or _all_or_nothing(deal):
        return Figure(
            why(_("Who dealt deal {number}?"), number=number),
            deal[DEALER],
            frozenset({DEALER, "sitting_out"}),
            tuple(players),
        )
    if CARD_POINTS in deal:
        counted = [name for name in players if name in deal[CARD_POINTS]]
        whose = counted[(number + 2 * (revision - 1)) % len(counted)]  # the next deal and a correction ask others
        asked = why(_("{name}'s card points in deal {number}"), name=whose, number=number)
        return Figure(asked, int(deal[CARD_POINTS][whose]), frozenset({CARD_POINTS}))
    asked = why(_("The declarer's card points in deal {number}"), number=number)
    return Figure(asked, int(deal[DECLARER_POINTS]), frozenset({DECLARER_POINTS}))


@dataclass(frozen=True)
class Line:
    """One line of the deal as the player confirming reads it: what, and its value in words."""

    label: str
    value: str


def deal_in_words(
    variant: Variant, deal: Mapping[str, Any], hidden: frozenset[str], translate: Callable[[str], str]
) -> list[Line]:
    """The deal as the player confirming reads it, leaving out the ``hidden`` fields, in the
    page's language (``translate``): who dealt and sat out, the deal's fields, then each
    declaration and event with its player, result and the rest."""
    lines = []
    if deal.get("thrown_in"):
        lines.append(Line(translate(_("Thrown in")), translate(_("dealt but not played"))))
    for key, label in ((DEALER, _("Dealer")), ("sitting_out", _("Sits out"))):
        if key in deal and key not in hidden:
            lines.append(Line(translate(label), str(deal[key])))
    for key, spec in variant.deal_fields.items():
        if key in deal and key not in hidden and spec.kind != "points":
            if spec.kind == "flag":  # said by its label alone, when set
                if deal[key]:
                    lines.append(Line(translate(spec.label), "✓"))
                continue
            lines.append(Line(translate(spec.label), _value(spec, deal[key], translate)))
    for listed, types in (("declarations", variant.declaration_types), ("events", variant.event_types)):
        for item in deal.get(listed, ()):
            fields = types.get(item["type"], {})
            said = [_value(fields[key], value, translate) for key, value in item.items() if key in fields]
            what = translate(word(item["type"]))
            lines.append(Line(what[:1].upper() + what[1:], ", ".join(filter(None, said))))
    return lines


def _value(spec: FieldSpec, value: object, translate: Callable[[str], str]) -> str:
    """A field's value in words: a player's name, a number, a choice's word; a flag set says its
    field's word (an item's flag is whether it was announced), a flag not set nothing."""
    if spec.kind == "flag":
        return translate(spec.label or _("announced")) if value else ""
    if spec.kind == "choice" and value is not None:
        return translate(spec.word(value))
    return "" if value is None else str(value)
