"""Figures as the season table writes them: whole numbers and two-decimal figures grouped by
threes with the page's language's separators, the same text Django's number formatting gives."""

from __future__ import annotations

import random
from decimal import Decimal

import pytest
from django.utils import translation

from scoring.ledger.amounts import figure_text, figure_writer

WHOLE = [0, 7, -7, 999, 1000, -1000, 12345, -999999, 1234567, 10**12, -(10**15)]
TWO_PLACES = [Decimal(text) for text in ("0.00", "3.33", "-0.50", "1234.50", "-1234567.89", "999.99", "1000.00")]


@pytest.mark.parametrize("language", ["en", "de", "da"])
def test_the_quick_writer_writes_what_django_writes(language: str) -> None:
    rng = random.Random(language)
    values: list[int | Decimal] = [*WHOLE, *TWO_PLACES]
    values += [rng.randint(-(10**9), 10**9) for _ in range(200)]
    values += [Decimal(rng.randint(-(10**8), 10**8)).scaleb(-2) for _ in range(200)]
    with translation.override(language):
        write = figure_writer()
        assert [write(value) for value in values] == [figure_text(value) for value in values]


def test_a_german_page_groups_with_points_and_writes_a_decimal_comma() -> None:
    with translation.override("de"):
        assert figure_writer()(Decimal("-1234567.89")) == "-1.234.567,89"
        assert figure_writer()(1234567) == "1.234.567"
