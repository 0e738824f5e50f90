"""The registry: every variant found by its key, with options the forms can show."""

from __future__ import annotations

from typing import Any

import pytest

from scoring.engine import VARIANTS, Variant, register, unregister
from scoring.engine.kosakeln import Kosakeln
from scoring.engine.reasons import GLOSSARY, word

from .helpers import refused


def test_it_knows_every_variant_by_its_key() -> None:
    assert [variant.key for variant in VARIANTS.values()] == list(VARIANTS)


def test_a_registered_variant_brings_its_words_and_takes_them_away_again() -> None:
    class Lone(Kosakeln):
        key = "lone"
        words = {"lone_pot": "lonely pot"}

    register(Lone())
    assert word("lone_pot") == "lonely pot"
    with pytest.raises(ValueError, match="already registered"):
        register(Lone())
    unregister("lone")
    assert "lone" not in VARIANTS and "lone_pot" not in GLOSSARY


def test_a_variant_may_not_redefine_a_word() -> None:
    class Rude(Kosakeln):
        key = "rude"
        words = {"pagat": "Bagatto"}

    with pytest.raises(ValueError, match="redefines the words pagat"):
        register(Rude())
    assert "rude" not in VARIANTS


def test_every_variant_says_its_table_sizes_unit_and_who_sits_out() -> None:
    for variant in VARIANTS.values():
        assert variant.table_sizes in ((2,), (3, 4))
        assert variant.unit in ("game_points", "cents")
        if 4 in variant.table_sizes:
            assert sorted(variant.sits_out(seat, 4) or 0 for seat in (1, 2, 3, 4)) == [1, 2, 3, 4]
        assert variant.sits_out(1, 3) is None


def test_the_dealer_sits_out_except_in_danish_tarok_where_his_opposite_does() -> None:
    assert [VARIANTS["danish_tarok"].sits_out(seat, 4) for seat in (1, 2, 3, 4)] == [3, 4, 1, 2]
    assert [VARIANTS["grosstarock"].sits_out(seat, 4) for seat in (1, 2, 3, 4)] == [1, 2, 3, 4]
    assert [key for key, v in VARIANTS.items() if v.sitting_out_fixed] == ["droggn"]


def test_every_deal_field_and_every_option_choice_has_words() -> None:
    for variant in VARIANTS.values():
        for spec in variant.deal_fields.values():
            assert spec.label, spec
            assert all(spec.word(choice) for choice in spec.choices)
        for option in variant.options:
            assert all(option.word(choice) != choice for choice in option.choices), option
        for pot in variant.pots:
            assert variant.pot_word(pot).endswith("pot")


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
    from scoring.engine.base import SIDES, SUITS

    keys = set(SUITS) | set(SIDES) | {"after", "before"}
    for variant in VARIANTS.values():
        keys |= set(variant.contracts) | set(variant.declaration_types) | set(variant.event_types)
        keys |= set(variant.pots.values()) | {variant.unit}
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
