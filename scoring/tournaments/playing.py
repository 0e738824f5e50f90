"""Whether a tournament's table takes a new deal: only while its round is published.

A drawn round is not public yet and may be drawn again; a closed round's results count, and its
deals are only corrected, not added. Club sittings are no table and always take deals.
"""

from __future__ import annotations

from scoring.engine import InvalidSitting, Problem
from scoring.sittings.models import Sitting
from scoring.tournaments.models import DRAWN, PUBLISHED, RoundTable


def refuse_unless_playing(sitting: Sitting) -> None:
    if sitting.deals_due is None:  # only a tournament's table is due a number of deals
        return
    table = RoundTable.objects.filter(sitting=sitting).select_related("round").first()
    if table is not None and table.round.state != PUBLISHED:
        said = "is not published yet" if table.round.state == DRAWN else "is closed"
        raise InvalidSitting([Problem(None, None, f"round {table.round.number} {said}: no deals are entered")])
