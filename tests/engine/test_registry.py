"""The registry: every variant found by its key, with options the forms can show."""

from __future__ import annotations

from typing import Any

import pytest

from scoring.engine import VARIANTS, Variant, find_variant

from .helpers import refused


def test_it_finds_every_variant_by_its_key() -> None:
    assert [find_variant(key).key for key in VARIANTS] == list(VARIANTS)


def test_it_names_the_known_keys_for_an_unknown_one() -> None:
    with pytest.raises(KeyError, match="german_taroc"):
        find_variant("skat")


def test_every_option_has_a_label_a_one_sentence_help_and_a_default_of_its_kind() -> None:
    for variant in VARIANTS.values():
        for spec in variant.options:
            assert spec.label and spec.help.endswith(".")
            if spec.kind == "bool":
                assert isinstance(spec.default, bool)
            elif spec.kind == "whole":
                assert isinstance(spec.default, int) and spec.default >= spec.low
            else:
                assert spec.default in spec.choices


def an_event(variant: Variant, kind: str) -> dict[str, Any]:
    """A well-formed event of the type: the first value of every field."""
    event: dict[str, Any] = {"type": kind}
    for key, spec in variant.event_types[kind].items():
        if spec.kind == "player":
            event[key] = "A"
        elif spec.kind == "whole":
            event[key] = spec.low
        elif spec.kind == "choice":
            event[key] = spec.choices[0]
    return event


@pytest.mark.parametrize("key", [key for key, v in VARIANTS.items() if v.contract_events])
def test_an_event_a_contract_does_not_admit_is_refused(key: str) -> None:
    variant = VARIANTS[key]
    for contract in variant.contracts:
        for kind in set(variant.event_types) - set(variant.events_for(contract)):
            deal = {"declarer": "A", "contract": contract, "declarer_points": 70, "events": [an_event(variant, kind)]}
            assert (1, "events[0]") in refused(key, **deal), (contract, kind)


def test_the_glossary_has_a_word_for_every_key_a_breakdown_can_name() -> None:
    from scoring.engine.base import GLOSSARY, SIDES, SUITS

    keys = set(SUITS) | set(SIDES) | {"after", "before", "king", "pagat"}
    for variant in VARIANTS.values():
        keys |= set(variant.contracts) | set(variant.declaration_types) | set(variant.event_types)
        for fields in [*variant.declaration_types.values(), *variant.event_types.values()]:
            keys |= {str(c) for spec in fields.values() if spec.attr == "result" for c in spec.choices}
    assert sorted(keys - set(GLOSSARY)) == []


def test_a_reason_renders_in_english_and_through_a_translation() -> None:
    from scoring.engine.base import Reason, term, why

    reason = why("{player} wins the {ultimo}: {value}", player="Pagat", ultimo=term("pagat_ultimo"), value=45)
    assert str(reason) == "Pagat wins the Pagat ultimo: 45"
    shout = {"{player} wins the {ultimo}: {value}": "{player} GEWINNT {ultimo}: {value}", "Pagat ultimo": "PAGAT"}
    assert reason.render(lambda text: shout.get(text, text)) == "Pagat GEWINNT PAGAT: 45"
    assert Reason.from_data(reason.as_data()) == reason
