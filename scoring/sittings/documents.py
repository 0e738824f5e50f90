"""Deals as stored (players by index) and as the sitting format writes them (players by name).

A stored deal is the sitting format with every player replaced by his index in the dealing
order (seat − 1): the dealer, who sits out, every deal-level or item field the variant reads as
a player, and the keys of card points (as strings: JSON keys are strings). Renaming a player
thus changes no deal.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from scoring.engine import VARIANTS, FieldSpec, Variant
from scoring.limits import normalise_name


def _convert(deal: Mapping[str, Any], variant: Variant, one: Callable[[Any], Any]) -> dict[str, Any]:
    """The deal with every player it names passed through ``one``: the dealer, who sits out, the
    variant's player fields, the keys of its points fields (card points) and its items' player
    fields. What a deal could not hold there is left as it is, for the reader to refuse."""
    out = dict(deal)
    for key in ("dealer", "sitting_out"):
        if key in out:
            out[key] = one(out[key])
    for key, spec in variant.deal_fields.items():
        if key in out and spec.kind == "player":
            out[key] = one(out[key])
        elif key in out and spec.kind == "points" and isinstance(out[key], dict):
            out[key] = {str(one(who)): points for who, points in out[key].items()}
    for listed, types in (("declarations", variant.declaration_types), ("events", variant.event_types)):
        if isinstance(out.get(listed), list):
            out[listed] = [_convert_item(item, types, one) for item in out[listed]]
    return out


def _convert_item(item: object, types: Mapping[str, Mapping[str, FieldSpec]], one: Callable[[Any], Any]) -> object:
    if not isinstance(item, dict):
        return item
    kind = item.get("type")
    spec = types.get(kind, {}) if isinstance(kind, str) else {}
    players = {key for key, field in spec.items() if field.kind == "player"}
    return {key: one(value) if key in players else value for key, value in item.items()}


def deal_by_index(deal: Mapping[str, Any], variant: Variant, players: Sequence[str]) -> dict[str, Any]:
    """A valid deal (names) as stored (indexes in the dealing order)."""
    indexes = {name: index for index, name in enumerate(players)}
    return _convert(deal, variant, lambda name: indexes[name])


def deal_by_name(data: Mapping[str, Any], variant: Variant, players: Sequence[str]) -> dict[str, Any]:
    """A stored deal (indexes in the dealing order) in the sitting format (names)."""
    return _convert(data, variant, lambda index: players[int(index)])


def with_normalised_names(doc: object) -> object:
    """A sitting document with every player's name normalised (``scoring.limits``) wherever it
    stands: in ``players`` and wherever a deal names a player of that list, as the variant's
    fields say. A name that normalises to nothing (only invisible characters such as U+202E) is
    left as typed, for the check of names to refuse, quoting it. Anything that is not a
    well-formed list of names, or of no known variant, is left as it is, for the reader to
    refuse."""
    if not isinstance(doc, dict) or not isinstance(doc.get("players"), list):
        return doc
    variant = VARIANTS.get(doc["variant"]) if isinstance(doc.get("variant"), str) else None
    names = {raw: normalise_name(raw) or raw for raw in doc["players"] if isinstance(raw, str)}
    if variant is None or all(raw == name for raw, name in names.items()):
        return doc

    def rename(value: Any) -> Any:
        return names.get(value, value) if isinstance(value, str) else value

    deals = doc.get("deals")
    return {
        **doc,
        "players": [rename(raw) for raw in doc["players"]],
        **(
            {"deals": [_convert(raw, variant, rename) if isinstance(raw, dict) else raw for raw in deals]}
            if isinstance(deals, list)
            else {}
        ),
    }
