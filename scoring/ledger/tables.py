"""The ledger's tables as its pages write them: the season table, and the money page's balances
and sittings.

The season table is a django-tables2 table: sortable by every column, never paginated. It lists
the players of one season and variant, a few dozen or a few hundred: it is shown whole, so that
it prints whole. Its rows are dicts (``table_rows``), sorted in Python; the rank column sorts
unranked players last, the player column by name ignoring case. The money page's tables are not
sorted: their rows are written as text (``balance_rows``, ``sitting_rows``, ``page_links``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any
from urllib.parse import urlencode

import django_tables2 as tables
from django.urls import reverse
from django.utils.html import escape, format_html
from django.utils.safestring import SafeString
from django.utils.translation import gettext_lazy as _

from scoring.dates import short_dates
from scoring.ledger.amounts import figure_writer, money_writer
from scoring.ledger.models import FIGURE_TITLES
from scoring.ledger.ranking import Row
from scoring.ledger.results import SeasonTable, SittingLedger, SittingsPage


def table_rows(table: SeasonTable, slug: str, query: str) -> list[dict[str, Any]]:
    """The season table's rows as the django-tables2 table reads them."""
    address = address_by_id("ledger:player", slug)
    return [
        {
            "position": position,
            "rank": row.rank,
            "player": row.player,
            "name_key": (row.player.casefold(), row.player),
            "url": f"{address(table.player_ids[row.player])}?{query}",
            "sittings": row.sittings,
            "tournaments": row.tournaments,
            "deals": row.deals,
            "points": row.points,
            "figure": row.figure,
            "row": row,
        }
        for position, row in enumerate(table.rows)
        if row.player in table.player_ids
    ]


def address_by_id(view: str, slug: str) -> Callable[[int], str]:
    """The address of the club's page ``view`` of one row by its id (a player's statistics, a
    sitting): reversed once per table, for those addresses differ only in the id at their end."""
    zero = reverse(view, kwargs={"slug": slug, "pk": 0})
    head, tail = zero.rsplit("/0/", 1)
    assert not tail, zero
    return lambda pk: f"{head}/{pk}/"


def balance_rows(
    balances: Sequence[tuple[tuple[str, int | None, int], int]], slug: str, query: str, currency: str
) -> SafeString:
    """The rows of the money page's balances, each player's ``(name, id, sittings)`` and
    balance: his name linked to his statistics (when he has an id), his sittings, his balance
    marked as won or owed. Written as text, every name escaped, as the season table's rows
    (``SeasonTableView.body``): a template loop costs more than the rest of the page."""
    address, write = address_by_id("ledger:player", slug), money_writer(currency)
    rows = []
    for (name, pk, sittings), cents in balances:
        shown = escape(name)
        linked = f'<a href="{address(pk)}?{escape(query)}">{shown}</a>' if pk else shown
        sign = " pos" if cents > 0 else " neg" if cents < 0 else ""
        rows.append(
            f'<tr data-party="{shown}"><td class="name">{linked}</td><td class="num">{sittings}</td>'
            f'<td class="num{sign}">{write(cents)}</td></tr>'
        )
    return SafeString("\n".join(rows))


def sitting_rows(sittings: Sequence[tuple[SittingLedger, str]], slug: str, currency: str) -> SafeString:
    """The rows of the money page's sittings, each with its game's name: its date linked to its
    sheet (marked while open), the game, each player's balance in seat order, the Kasse's. Written
    as text like ``balance_rows``."""
    address, write, short_date = address_by_id("sittings:detail", slug), money_writer(currency), short_dates()
    still_open = format_html(' <span class="tag">{}</span>', _("open"))
    rows = []
    for sitting, game in sittings:
        terms = sitting.terms
        day = short_date(terms.date)
        balances = "".join(
            f'<li><span class="name">{escape(name)}</span> {write(sitting.balances[name])}</li>'
            for name in sitting.players
        )
        rows.append(
            f'<tr><td><a href="{address(terms.pk)}">{day}</a>{"" if terms.closed else still_open}</td>'
            f'<td>{escape(game)}</td><td><ul class="plain inline">{balances}</ul></td>'
            f'<td class="num">{write(sitting.kasse)}</td></tr>'
        )
    return SafeString("\n".join(rows))


NUMBER = {"td": {"class": "num"}, "th": {"class": "num"}}


class SeasonTableView(tables.Table):
    """One row per player: rank, player, sittings, deals played, game points and the mode's figure
    (game points are the figure in ``total``; the cup adds the tournaments).

    django-tables2 keeps the columns, the sorting (``?sort=``) and the header links; the rows are
    written here (``body``), escaped by ``format_html``, and the template
    (``ledger/_season_table.html``) places them under the header: django-tables2's own cell
    rendering costs about 1.3 ms a row here and a template loop about 0.25 ms, which a club of
    200 players would feel on every visit; the whole table costs about 0.1 ms a row this way,
    its links and sorting included.
    """

    rank = tables.Column(verbose_name=_("Rank"), order_by=("position",), attrs=NUMBER)
    player = tables.Column(verbose_name=_("Player"), order_by=("name_key",), attrs={"td": {"class": "name"}})
    sittings = tables.Column(verbose_name=_("Sittings"), attrs=NUMBER)
    deals = tables.Column(verbose_name=_("Deals"), attrs=NUMBER)
    points = tables.Column(verbose_name=_("Game points"), attrs=NUMBER)

    class Meta:
        template_name = "ledger/_season_table.html"
        attrs = {"class": "table season-table", "id": "season-table"}
        order_by = ("rank",)
        per_page_field = ""

    def __init__(self, data: list[dict[str, Any]], mode: str) -> None:
        extra = []
        if mode == "cup":
            extra.append(("tournaments", tables.Column(verbose_name=_("Tournaments"), attrs=NUMBER)))
        extra.append(("figure", tables.Column(verbose_name=FIGURE_TITLES[mode], attrs=NUMBER)))
        super().__init__(data, extra_columns=extra, exclude=("points",) if mode == "total" else ())

    def body(self) -> SafeString:
        """The table's rows in its order, each cell as the page shows it: written as text, every
        name and address escaped, for django-tables2's cells (or ``format_html`` per cell) would
        cost more than everything else the page does."""
        opened = [
            (name, f'<td class="{"name" if name == "player" else "num"}" data-column="{name}">')
            for name in (column.name for column in self.columns)
        ]
        cells = Cells()
        rows = []
        for row in self.rows:
            record = row.record
            unranked = ' class="unranked"' if record["rank"] is None else ""
            tds = "".join(f"{td}{cells.of(name, record)}</td>" for name, td in opened)
            rows.append(f'<tr data-player="{escape(record["player"])}"{unranked}>{tds}</tr>')
        return SafeString("\n".join(rows))


class Cells:
    """The season table's cells as the page shows them, in the page's language (read once)."""

    def __init__(self) -> None:
        self.figure = figure_writer()
        self.provisional = format_html(' <span class="tag" title="{}">*</span>', _("an open sitting: provisional"))

    def of(self, name: str, record: dict[str, Any]) -> str:
        if name == "rank":
            return str(record["rank"]) if record["rank"] is not None else "–"
        if name == "player":
            return self.player(record)
        return self.figure(record[name])

    def player(self, record: dict[str, Any]) -> str:
        """The player's name, linked to his statistics, with a mark for an open sitting and for
        sittings counted as 0."""
        row: Row = record["row"]
        marks = self.provisional if row.provisional else ""
        if row.counted_as_zero:
            counted = _("%(count)s counted as 0") % {"count": row.counted_as_zero}
            marks += format_html(' <span class="tag">{}</span>', counted)
        return f'<a href="{escape(record["url"])}">{escape(record["player"])}</a>{marks}'


def page_links(page: SittingsPage, asked: dict[str, str]) -> SafeString:
    """A link to every page of the money page's sittings, named by the dates of its first and
    last, when there is more than one (the address's parameters ``asked``, with ``page`` from 1);
    the page shown marked as the current one."""
    if len(page.pages) < 2:
        return SafeString("")
    links, short_date = [], short_dates()
    for number, (first, last) in enumerate(page.pages, start=1):
        query = escape(urlencode({**asked, "page": str(number)}))
        current = ' aria-current="page"' if number == page.number else ""
        dates = f"{short_date(first)}–{short_date(last)}"
        links.append(f'<a href="?{query}"{current}>{dates}</a>')
    return SafeString("".join(links))
