"""docs/variants.md is what the variant classes say, written out; it never drifts from them."""

from __future__ import annotations

from pathlib import Path

from scoring.engine import VARIANTS
from scoring.engine.vocabulary import describe

DOC = Path(__file__).resolve().parents[2] / "docs" / "variants.md"


def test_the_vocabulary_document_is_what_the_variants_say() -> None:
    assert DOC.read_text() == describe(VARIANTS.values()), (
        "regenerate it: .venv/bin/python -m scoring.engine.vocabulary > docs/variants.md"
    )


def test_it_names_every_deal_field_item_option_and_pot_of_every_variant() -> None:
    text = DOC.read_text()
    for variant in VARIANTS.values():
        names = [*variant.deal_fields, *variant.declaration_types, *variant.event_types, *variant.pots]
        names += [option.name for option in variant.options]
        assert all(f"`{name}`" in text for name in names), variant.key
