"""The season table as a django-tables2 table: sortable by every column, never paginated.

A season table lists the players of one season and variant, a few dozen or a few hundred: it is
shown whole, so that it prints whole. Its rows are dicts (``table_rows``), sorted in Python;
the rank column sorts unranked players last, the player column by name ignoring case.
"""

from __future__ import annotations

from typing import Any

import django_tables2 as tables
from django.urls import reverse
from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString
from django.utils.translation import gettext_lazy as _

from scoring.ledger.amounts import figure_text
from scoring.ledger.models import FIGURE_TITLES
from scoring.ledger.ranking import Row
from scoring.ledger.results import SeasonTable


def table_rows(table: SeasonTable, slug: str, query: str) -> list[dict[str, Any]]:
    """The season table's rows as the django-tables2 table reads them."""
    return [
        {
            "position": position,
            "rank": row.rank,
            "player": row.player,
            "name_key": (row.player.casefold(), row.player),
            "url": f"{reverse('ledger:player', kwargs={'slug': slug, 'pk': table.player_ids[row.player]})}?{query}",
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
        """The table's rows in its order, each cell as the page shows it."""
        names = [column.name for column in self.columns]
        rows = (
            format_html(
                '<tr data-player="{}"{}>{}</tr>',
                row.record["player"],
                SafeString(' class="unranked"') if row.record["rank"] is None else "",
                format_html_join(
                    "",
                    '<td class="{}" data-column="{}">{}</td>',
                    (("name" if name == "player" else "num", name, _cell(name, row.record)) for name in names),
                ),
            )
            for row in self.rows
        )
        return SafeString("\n".join(rows))


def _cell(name: str, record: dict[str, Any]) -> str:
    """One cell of the season table as the page shows it."""
    if name == "rank":
        return str(record["rank"]) if record["rank"] is not None else "–"
    if name == "player":
        return player_cell(record)
    return figure_text(record[name])


def player_cell(record: dict[str, Any]) -> SafeString:
    """The player's name, linked to his statistics, with a mark for an open sitting and for
    sittings counted as 0."""
    row: Row = record["row"]
    marks = []
    if row.provisional:
        marks.append(format_html(' <span class="tag" title="{}">*</span>', _("an open sitting: provisional")))
    if row.counted_as_zero:
        counted = _("%(count)s counted as 0") % {"count": row.counted_as_zero}
        marks.append(format_html(' <span class="tag">{}</span>', counted))
    return format_html('<a href="{}">{}</a>{}', record["url"], record["player"], SafeString("".join(marks)))
