"""The variants' vocabulary written out for people: ``docs/variants.md`` is this module's output.

Everything here is read from the variant classes (their table sizes, unit, pots, deal-level
fields, declarations, events and house-rule options), so the document cannot drift from the
rules. Regenerate it with ``python -m scoring.engine.vocabulary > docs/variants.md``; a test
fails while the committed file differs.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from .base import REQUIRED, FieldSpec, OptionSpec, Variant
from .reasons import CENTS, word
from .registry import VARIANTS

KINDS = {
    "player": "an active player",
    "choice": "one of the values",
    "whole": "a whole number",
    "flag": "true or false",
    "points": "each active player's whole number",
}


def describe(variants: Iterable[Variant]) -> str:
    """The whole document: an introduction, then one section per variant."""
    out = [
        "# The variants' vocabulary",
        "",
        "Generated from the engine by `python -m scoring.engine.vocabulary`; do not edit by hand.",
        "Every field, item, option and pot below is read from the variant's class, and the deal",
        "form, the sampler and the sitting reader iterate over the same declarations.",
    ]
    for variant in variants:
        out += ["", *section(variant)]
    return "\n".join(out) + "\n"


def section(variant: Variant) -> list[str]:
    out = [f"## {variant.name} (`{variant.key}`)", ""]
    out.append(f"- Players at a table: {' or '.join(str(n) for n in variant.table_sizes)}.")
    if 4 in variant.table_sizes:
        out.append(f"- At a table of four: {sitting_out(variant)}")
    unit = "cents" if variant.unit == CENTS else "game points"
    out.append(f"- Scores in {unit}; the pack counts {variant.pack_points} card points.")
    if variant.pots:
        out.append(
            f"- Pots carried from deal to deal: {', '.join(f'`{p}` ({variant.pot_word(p)})' for p in variant.pots)}."
        )
    if variant.contracts:
        out.append(f"- Contracts: {', '.join(f'`{c}` ({word(c)}, {v})' for c, v in variant.contracts.items())}.")
    out += ["", "Deal fields besides `dealer`, `sitting_out` and the item lists:", ""]
    out += table(["field", "form label", "kind", "range or values", "default"], deal_rows(variant.deal_fields))
    for listed, types in (("Declarations", variant.declaration_types), ("Events", variant.event_types)):
        if types:
            out += ["", f"{listed}:", ""]
            out += table(["type", "word", "fields"], item_rows(types))
    if variant.options:
        out += ["", "House rules:", ""]
        out += table(["option", "label", "type", "default", "meaning"], [option_row(o) for o in variant.options])
    return out


def sitting_out(variant: Variant) -> str:
    """Who sits out at a table of four, from ``sits_out`` for each dealer."""
    seats = [variant.sits_out(seat, 4) for seat in (1, 2, 3, 4)]
    who = "the dealer" if seats == [1, 2, 3, 4] else "the player opposite the dealer"
    how = "always (the rules fix it)" if variant.sitting_out_fixed else "(the usual choice; any player may)"
    return f"{who} sits out {how}."


def deal_rows(fields: Mapping[str, FieldSpec]) -> list[list[str]]:
    return [[f"`{key}`", spec.label, KINDS[spec.kind], values(spec), default(spec)] for key, spec in fields.items()]


def item_rows(types: Mapping[str, Mapping[str, FieldSpec]]) -> list[list[str]]:
    rows = []
    for kind, fields in types.items():
        described = [f"`{key}` ({field_words(spec)})" for key, spec in fields.items()]
        rows.append([f"`{kind}`", word(kind), "; ".join(described)])
    return rows


def field_words(spec: FieldSpec) -> str:
    """An item field's values, and its default where it has one."""
    said = values(spec) or KINDS[spec.kind]
    return said if spec.default is REQUIRED else f"{said}, default {default(spec)}"


def option_row(option: OptionSpec) -> list[str]:
    if option.kind == "choice":
        kind = " / ".join(f"`{c}` ({option.word(c)})" for c in option.choices)
    elif option.kind == "whole":
        kind = f"whole, {option.low} to {option.high}"
    else:
        kind = "true or false"
    return [f"`{option.name}`", option.label, kind, f"`{show(option.default)}`", option.help]


def values(spec: FieldSpec) -> str:
    if spec.kind in ("whole", "points"):
        return f"{spec.low} to {spec.high}"
    if spec.kind == "choice":
        return ", ".join(
            f"`{show(c)}`" + (f" ({spec.word(c)})" if spec.word(c) != str(c) else "") for c in spec.choices
        )
    return ""


def default(spec: FieldSpec) -> str:
    return "required" if spec.default is REQUIRED else f"`{show(spec.default)}`"


def show(value: object) -> str:
    """A value as JSON writes it."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def table(header: list[str], rows: list[list[str]]) -> list[str]:
    return [f"| {' | '.join(header)} |", f"| {' | '.join('---' for _ in header)} |"] + [
        f"| {' | '.join(cell.replace('|', '/') for cell in row)} |" for row in rows
    ]


if __name__ == "__main__":
    print(describe(VARIANTS.values()), end="")
