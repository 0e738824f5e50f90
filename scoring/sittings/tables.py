"""django-tables2 tables. Always paginated; querysets come with ``select_related`` and prefetches."""

from __future__ import annotations

from typing import Any

import django_tables2 as tables
from django.utils.html import format_html
from django.utils.translation import gettext_lazy as _

from scoring.club.names import EVERY_NAME, Names
from scoring.sittings.models import Sitting


class SittingTable(tables.Table):
    date = tables.DateColumn(verbose_name=_("Date"), short=True, linkify=lambda record: record.get_absolute_url())
    variant = tables.Column(verbose_name=_("Game"), linkify=lambda record: record.get_absolute_url())
    players = tables.Column(verbose_name=_("Players"), empty_values=(), orderable=False)
    # a tournament's table says which, linking the tournament, as the club's page says it
    tournament = tables.TemplateColumn(
        '{% include "sittings/_tournament_table.html" with sitting=record %}',
        verbose_name=_("Tournament"),
        empty_values=(),
        orderable=False,
    )
    deal_count = tables.Column(verbose_name=_("Deals"))
    closed_at = tables.Column(verbose_name=_("Status"), empty_values=())

    class Meta:
        model = Sitting
        fields = ["date", "variant", "tournament", "players", "deal_count", "closed_at"]
        order_by = ["-date"]
        attrs = {"class": "table"}
        # The page size is the site's, not the address's: ?per_page=0 or a million is ignored.
        per_page_field = ""

    def __init__(self, *args: Any, reader: Names = EVERY_NAME, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.reader = reader

    def render_players(self, record: Sitting) -> str:
        """The players, named as the reader sees them (``scoring.club.names``)."""
        return ", ".join(self.reader(seat.player) for seat in record.seats.all())

    def render_closed_at(self, value: Any) -> Any:
        return format_html('<span class="tag">{}</span>', _("closed") if value else _("open"))
