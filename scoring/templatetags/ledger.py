"""The ledger's template tags: ``{{ cents|money:currency }}`` and ``{{ figure|figure }}`` (amounts as
the page's language writes them, ``scoring.ledger.amounts``), and ``{% sitting_chart players rows %}``
(the sitting sheet's running totals as a chart)."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from django import template
from django.utils.safestring import SafeString
from django.utils.translation import gettext

from scoring.ledger import charts
from scoring.ledger.amounts import figure_text, money_text

register = template.Library()


@register.filter
def money(cents: int, currency: str = "EUR") -> str:
    return money_text(cents, currency)


@register.filter
def figure(value: int | Decimal) -> str:
    return figure_text(value)


@register.simple_tag
def sitting_chart(players: list[str], rows: list[dict[str, Any]]) -> SafeString:
    """The running total of each player after each deal of the sheet's page, from its rows (each
    row's ``cells``: name, the deal's score, the running total, whether he sat out), starting
    from where the page starts."""
    totals = [[total for _name, _score, total, _out in row["cells"]] for row in rows]
    start = [total - score for _name, score, total, _out in rows[0]["cells"]] if rows else None
    first = rows[0]["number"] if rows else 1
    series = charts.running_totals(players, totals, start=start, first=first)
    return charts.line_chart(series, gettext("Running totals after each deal"))
