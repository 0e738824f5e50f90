"""The sittings' template tags: ``{% tournament_table sitting %}``, a tournament's table marked
with its tournament, round and table and linking the tournament, as the sittings list writes it
(``scoring.sittings.tables``)."""

from __future__ import annotations

from django import template
from django.utils.safestring import SafeString

from scoring.sittings.models import Sitting
from scoring.sittings.tables import tournament_cell

register = template.Library()


@register.simple_tag
def tournament_table(sitting: Sitting) -> SafeString:
    return tournament_cell(sitting)
