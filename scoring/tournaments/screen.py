"""What the room's screen shows (the projector view): the round being played with its clock, each
table's progress and the standings after the last closed round. Read once for the page and for
the JSON its script fetches every few seconds (:class:`Screen`), so that both say the same.

- **The round shown** is the published one, else the last closed one; a drawn round is never
  shown (it is the director's alone, and may be drawn again).
- **The standings** are those after the last closed round, whatever the live standings setting:
  a screen in the room is for everyone, and counting the round being played would let the tables
  play to it. Its first ``LINES`` lines are shown.
- **Results held back** (``Tournament.hold_results``): while a round is open the screen shows no
  standings, only that they come when the round closes (``results.held_back``).
"""

from __future__ import annotations

import datetime
from collections.abc import Mapping
from dataclasses import asdict, dataclass
from typing import Any

from django.utils.translation import gettext

from scoring.tournaments.clock import Reading, clock_of
from scoring.tournaments.models import CLOSED, PUBLISHED, Round, Tournament
from scoring.tournaments.results import Field, TableView, held_back, round_tables, standings

LINES = 10
"""The lines of the standings a screen shows: what a room reads from five metres beside the clock."""


@dataclass(frozen=True)
class TableLine:
    """A table's progress on the screen: deals entered (thrown-in ones not counted) of deals due,
    deals confirmed, and its marks (``finished``, ``closed_early``, ``not_played``)."""

    number: int
    deals: int
    due: int
    confirmed: int
    marks: tuple[str, ...]

    @classmethod
    def of(cls, view: TableView) -> TableLine:
        early = bool(view.table.closed_early)
        marks = {"finished": view.finished and not early, "closed_early": early, "not_played": view.not_played}
        confirmed = min(view.confirmed, view.deals)  # of the deals played, as the screen counts them
        return cls(view.table.number, view.deals, view.due, confirmed, tuple(m for m, on in marks.items() if on))


@dataclass(frozen=True)
class StandingLine:
    """A line of the standings on the screen; ``place`` is ``None`` for a disqualified entrant."""

    place: int | None
    name: str
    start_number: int
    points: int


@dataclass(frozen=True)
class Screen:
    """The room's screen of a tournament, as one reader may see it (names as the standings page
    gives them to him)."""

    tournament: Tournament
    round: Round | None
    tables: list[TableLine]
    lines: list[StandingLine]
    after: int | None
    """The last closed round, which the standings are after (``None``: none closed yet, or held)."""

    def clock(self, now: datetime.datetime) -> Reading | None:
        """The clock of the round being played at ``now``, once the director has set its length."""
        if self.round is None or self.round.state != PUBLISHED:
            return None
        return clock_of(self.round).read(now)

    @property
    def heading(self) -> str:
        if self.round is None:
            return gettext("No round is published yet.")
        return gettext("Round %(number)s") % {"number": self.round.number}

    @property
    def tag(self) -> str:
        """``closed`` for a closed round (nothing while it is being played)."""
        return self.round.get_state_display() if self.round is not None and self.round.state == CLOSED else ""

    @property
    def standings_heading(self) -> str:
        if self.after is None:
            return gettext("Standings after the round closes")
        return gettext("Standings after round %(number)s") % {"number": self.after}

    def document(self, now: datetime.datetime) -> dict[str, Any]:
        """``screen.json``: everything the screen's script shows, the seconds left as at ``now``."""
        clock = self.clock(now)
        return {
            "tournament": self.tournament.name,
            "round": self.round.number if self.round is not None else None,
            "state": self.round.state if self.round is not None else None,
            "heading": self.heading,
            "tag": self.tag,
            "clock": None if clock is None else asdict(clock),
            "tables": [asdict(table) for table in self.tables],
            "standings_heading": self.standings_heading,
            "standings": [asdict(line) for line in self.lines],
        }


def shown_round(field: Field) -> Round | None:
    """The round the screen shows: the published one, else the last closed one (never a drawn one)."""
    published = [r for r in field.rounds if r.state == PUBLISHED]
    closed = [r for r in field.rounds if r.state == CLOSED]
    shown = published or closed
    return shown[-1] if shown else None


def screen_of(tournament: Tournament, field: Field, names: Mapping[int, str]) -> Screen:
    """The screen, its standings named by ``names`` (the reader's, by start number)."""
    round_ = shown_round(field)
    tables = [TableLine.of(view) for view in round_tables(round_)] if round_ is not None else []
    closed = [r.number for r in field.rounds if r.state == CLOSED]
    if not closed or held_back(tournament, field.rounds) is not None:
        return Screen(tournament, round_, tables, [], None)
    lines = [
        StandingLine(line.place, names[line.entrant.start_number], line.entrant.start_number, line.points)
        for line in standings(tournament, live=False, field=field)[:LINES]
    ]
    return Screen(tournament, round_, tables, lines, closed[-1])
