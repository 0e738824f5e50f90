"""The registry: every variant found by its key, with options the forms can show."""

from __future__ import annotations

import pytest

from scoring.engine import VARIANTS, find_variant


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
