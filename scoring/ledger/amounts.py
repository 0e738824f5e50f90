"""Amounts and figures as a page writes them, in the page's language.

Money is kept in whole cents and shown with two decimals and the club's currency: ``12,40 €``
on a German page, ``€12.40`` on an English one. The number comes from Django's localized number
formatting (the active language's decimal and thousands separators); the symbol stands before
the number in English and after it (with a no-break space) in the other languages of the site,
as each writes it. Never a float: cents become a ``Decimal`` with two places.
"""

from __future__ import annotations

from collections.abc import Callable
from decimal import Decimal

from django.utils import translation
from django.utils.formats import get_format, number_format

from scoring.money import CURRENCY_SYMBOLS

SYMBOL_FIRST = ("en",)
"""Languages that write the currency symbol before the amount (``€12.40``)."""


def amount(cents: int) -> Decimal:
    """Cents as an amount in currency units, exactly: 1240 → 12.40."""
    return Decimal(cents).scaleb(-2)


def money_text(cents: int, currency: str = "EUR") -> str:
    """``cents`` in the club's currency as the page's language writes it."""
    return money_writer(currency)(cents)


def money_writer(currency: str = "EUR") -> Callable[[int], str]:
    """``money_text`` for a page that writes hundreds of amounts: the language, its separators
    and the currency's symbol read once (``figure_writer``)."""
    figure = figure_writer()
    symbol = CURRENCY_SYMBOLS.get(currency, currency)
    language = (translation.get_language() or "en").split("-")[0]
    if language not in SYMBOL_FIRST:
        before, after = "", f"\N{NO-BREAK SPACE}{symbol}"
    else:
        before, after = (symbol if len(symbol) == 1 else f"{symbol}\N{NO-BREAK SPACE}"), ""

    def write(cents: int) -> str:
        sign = "-" if cents < 0 else ""
        return f"{sign}{before}{figure(amount(abs(cents)))}{after}"

    return write


def figure_text(value: int | Decimal) -> str:
    """A whole number or a figure with two decimals (``per_deal``, ``scaled``), localized."""
    if isinstance(value, Decimal):
        return number_format(value, decimal_pos=2, use_l10n=True, force_grouping=True)
    return number_format(value, use_l10n=True, force_grouping=True)


def figure_writer() -> Callable[[int | Decimal], str]:
    """``figure_text`` for a page that writes hundreds of figures: the language's separators read
    once, and the grouping by threes (every language of the site's) done by Python's own format,
    a tenth of the cost of Django's number formatting per figure; the text is the same."""
    if get_format("NUMBER_GROUPING") != 3:
        return figure_text
    thousands, point = get_format("THOUSAND_SEPARATOR"), get_format("DECIMAL_SEPARATOR")

    def write(value: int | Decimal) -> str:
        text = f"{value:,.2f}" if isinstance(value, Decimal) else f"{value:,}"
        return text.replace(",", "\0").replace(".", point).replace("\0", thousands)

    return write
