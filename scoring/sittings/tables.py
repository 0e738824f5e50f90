"""django-tables2 tables. Always paginated; querysets come with ``select_related``, names per page.

django-tables2 keeps the columns, the sorting (``?sort=``), the header links and the pages; the
rows are written here (``body``), every value escaped, and the template
(``sittings/_sittings_table.html``) places them under the header: django-tables2's own cells
(their renderers' arguments inspected per cell, a template per tournament cell) cost more than
everything else the sittings list does. For the same reason a row's game and date are written
from what the page works out once (the games' names, the date format), not field by field.
"""

from __future__ import annotations

from typing import Any

import django_tables2 as tables
from django.urls import reverse
from django.utils.html import escape, format_html
from django.utils.safestring import SafeString
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from scoring.club.names import EVERY_NAME, Names
from scoring.dates import short_dates
from scoring.engine import VARIANTS
from scoring.sittings.models import Seat, Sitting


class SittingTable(tables.Table):
    date = tables.DateColumn(verbose_name=_("Date"), short=True)
    variant = tables.Column(verbose_name=_("Game"))
    players = tables.Column(verbose_name=_("Players"), empty_values=(), orderable=False)
    # a tournament's table says which, linking the tournament, as the club's page says it
    tournament = tables.Column(verbose_name=_("Tournament"), empty_values=(), orderable=False)
    deal_count = tables.Column(verbose_name=_("Deals"))
    closed_at = tables.Column(verbose_name=_("Status"), empty_values=())

    class Meta:
        model = Sitting
        fields = ["date", "variant", "tournament", "players", "deal_count", "closed_at"]
        order_by = ["-date"]
        attrs = {"class": "table"}
        template_name = "sittings/_sittings_table.html"
        # The page size is the site's, not the address's: ?per_page=0 or a million is ignored.
        per_page_field = ""

    def __init__(self, *args: Any, reader: Names = EVERY_NAME, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.reader = reader

    def body(self) -> SafeString:
        """The page's rows, each cell as the list shows it."""
        names = [column.name for column in self.columns]
        games = {key: escape(gettext(variant.name)) for key, variant in VARIANTS.items()}
        short_date = short_dates()
        status = {
            True: format_html('<span class="tag">{}</span>', gettext("closed")),
            False: format_html('<span class="tag">{}</span>', gettext("open")),
        }
        page: list[Sitting] = [row.record for row in self.paginated_rows]
        players = self.players_of(page)
        rows = []
        for index, sitting in enumerate(page):
            address = escape(sitting.get_absolute_url())
            cells = {
                "date": f'<a href="{address}">{short_date(sitting.date)}</a>',
                "variant": f'<a href="{address}">{games[sitting.variant]}</a>',
                "tournament": tournament_cell(sitting),
                "players": escape(", ".join(players[sitting.pk])),
                "deal_count": str(sitting.deal_count),
                "closed_at": status[sitting.closed_at is not None],
            }
            tds = "".join(f"<td>{cells[name]}</td>" for name in names)
            rows.append(f'<tr class="{"odd" if index % 2 else "even"}">{tds}</tr>')
        return SafeString("\n".join(rows))

    def players_of(self, page: list[Sitting]) -> dict[int, list[str]]:
        """Each sitting's players in seat order, named as the reader sees them, read as plain
        values in one query: a seat and a player made for every name took a fifth of the page's
        time (the list's sittings come without their seats, ``sitting_list``)."""
        players: dict[int, list[str]] = {sitting.pk: [] for sitting in page}
        seated = Seat.objects.filter(sitting__in=page).order_by("sitting", "number")
        for sitting, player, name in seated.values_list("sitting", "player", "player__display_name"):
            players[sitting].append(self.reader.of(player, name))
        return players


def tournament_cell(sitting: Sitting) -> SafeString:
    """A tournament's table: its tournament, round and table, linking the tournament (nothing for
    a sitting of the club's evenings)."""
    if not sitting.in_tournament:
        return SafeString("")
    table = sitting.round_table
    said = gettext("%(tournament)s · round %(round)s · table %(number)s") % {
        "tournament": table.round.tournament.name,
        "round": table.round.number,
        "number": table.number,
    }
    link = reverse("tournaments:detail", kwargs={"slug": sitting.club.slug, "pk": table.round.tournament_id})
    return format_html('<a href="{}">{}</a>', link, said)
