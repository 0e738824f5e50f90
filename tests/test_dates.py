"""Dates as the pages write them: the short format of the page's language, read once per page."""

import datetime

import pytest
from django.conf import settings
from django.utils import translation
from django.utils.formats import date_format

from scoring.dates import _template, short_dates

DAYS = [datetime.date(2026, 3, 4), datetime.date(2026, 12, 31), datetime.date(987, 1, 9)]


@pytest.mark.parametrize("language", [code for code, _name in settings.LANGUAGES])
def test_it_writes_a_date_as_django_does_in_every_language(language: str) -> None:
    with translation.override(language):
        written = short_dates()
        assert [written(day) for day in DAYS] == [date_format(day, "SHORT_DATE_FORMAT") for day in DAYS]


def test_it_leaves_a_format_with_a_part_it_does_not_know_to_django() -> None:
    assert _template("D, j M Y") is None
    assert _template(r"j.n.Y \u\m") is None
    assert _template("{d}/n") == "{{{0.day:02d}}}/{0.month}"
