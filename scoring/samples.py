"""Random valid sittings of every variant: for property tests, the benchmark and the demo club.

A deal is drawn freely from the variant's own vocabulary (every contract, declaration, event,
field value and option can come up), then repaired: each item the engine refuses is dropped
until the deal is accepted. So the generator never needs its own copy of the rules, and what it
produces is valid by the engine's definition.
"""

from __future__ import annotations

import random
from typing import Any

from scoring.engine import VARIANTS, InvalidSitting, Variant, read_sitting
from scoring.engine.base import REQUIRED, FieldSpec

NAMES = ["Anna", "Bernd", "Carla", "Dieter", "Emil", "Frieda", "Grete", "Hans"]
THROWN_IN = 0.05
"""How often a deal is thrown in (dealt, not played), with at most one penalty."""


def random_sitting(
    rng: random.Random, key: str, deals: int = 8, players: list[str] | None = None, items: int = 3
) -> dict[str, Any]:
    """A valid sitting document of the variant with the given number of deals.

    ``players`` default to a random table of names; ``items`` is the most declarations and the
    most events a deal is drawn with (fewer survive when the engine refuses some).
    """
    variant = VARIANTS[key]
    players = players or rng.sample(NAMES, rng.choice(variant.table_sizes))
    options = random_options(rng, variant)
    doc: dict[str, Any] = {"variant": key, "players": players, "options": options, "deals": []}
    for number in range(deals):
        doc["deals"].append(valid_deal(rng, variant, players, options, number, items))
    return doc


def random_options(rng: random.Random, variant: Variant) -> dict[str, Any]:
    options: dict[str, Any] = {}
    for spec in variant.options:
        if rng.random() < 0.5:
            continue
        if spec.kind == "bool":
            options[spec.name] = rng.random() < 0.5
        elif spec.kind == "whole":
            options[spec.name] = rng.randint(spec.low, spec.low + 200)
        else:
            options[spec.name] = rng.choice(spec.choices)
    return options


def valid_deal(
    rng: random.Random, variant: Variant, players: list[str], options: dict[str, Any], number: int, items: int
) -> dict[str, Any]:
    deal = random_deal(rng, variant, players, number, items)
    for _ in range(20):
        doc = {"variant": variant.key, "players": players, "options": options, "deals": [deal]}
        try:
            read_sitting(doc)
        except InvalidSitting as refusal:
            repair(deal, [p.field or "" for p in refusal.problems])
        else:
            return deal
    raise AssertionError(f"could not repair {deal}")


def random_deal(rng: random.Random, variant: Variant, players: list[str], number: int, items: int) -> dict[str, Any]:
    dealer = players[number % len(players)]
    deal: dict[str, Any] = {"dealer": dealer}
    active = list(players)
    if len(players) == 4:
        fixed = variant.who_sits_out(players, dealer) if variant.sitting_out_fixed else None
        out = fixed or rng.choice(players)
        deal["sitting_out"] = out
        active.remove(out)
    if rng.random() < THROWN_IN:
        deal["thrown_in"] = True
        penalties = {"penalty": variant.event_types["penalty"]}
        deal["events"] = random_items(rng, penalties, active, 1)
        return deal
    for key, spec in variant.deal_fields.items():
        if spec.default is REQUIRED or rng.random() < 0.3:
            deal[key] = random_value(rng, spec, active)
    if variant.declaration_types:
        deal["declarations"] = random_items(rng, variant.declaration_types, active, items)
    deal["events"] = random_items(rng, variant.event_types, active, items)
    return deal


def random_items(
    rng: random.Random, types: dict[str, dict[str, FieldSpec]] | Any, active: list[str], most: int
) -> list[dict[str, Any]]:
    items = []
    for _ in range(rng.randint(0, most)):
        kind = rng.choice(list(types))
        item: dict[str, Any] = {"type": kind}
        for key, spec in types[kind].items():
            if spec.default is not REQUIRED and rng.random() < 0.3:
                continue
            item[key] = random_value(rng, spec, active)
        items.append(item)
    return items


def random_value(rng: random.Random, spec: FieldSpec, active: list[str]) -> Any:
    if spec.kind == "points":
        cuts = sorted(rng.randint(spec.low, spec.high) for _ in range(len(active) - 1))
        bounds = [0, *cuts, spec.high]
        return {p: bounds[i + 1] - bounds[i] for i, p in enumerate(active)}
    if spec.kind == "player":
        return rng.choice(active)
    if spec.kind == "whole":
        return rng.randint(spec.low, spec.high)
    if spec.kind == "flag":
        return rng.random() < 0.5
    return rng.choice(spec.choices)


def repair(deal: dict[str, Any], fields: list[str]) -> None:
    """Drop what the engine refused: the items it names, a doubtful ``all_tricks``, a declaration."""
    doomed: dict[str, set[int]] = {"events": set(), "declarations": set()}
    for field in fields:
        head = field.split(".")[0]
        if "[" in head:
            kind, index = head.rstrip("]").split("[")
            doomed[kind].add(int(index))
        elif head == "declarations":
            doomed["declarations"].add(len(deal["declarations"]) - 1)
        elif head in deal and head not in ("dealer", "sitting_out", "events", "declarations"):
            deal.pop(head)  # an optional deal-level field the rules refused, such as all_tricks
        else:
            raise AssertionError(f"the generator made an unrepairable {field}: {deal}")
    for kind, indexes in doomed.items():
        if indexes:
            deal[kind] = [item for i, item in enumerate(deal[kind]) if i not in indexes]
