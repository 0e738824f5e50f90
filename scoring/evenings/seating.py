"""The read side of tonight's page: a round's tables with names, and how honest they are.

``Seating`` is read once per page and shown by the templates as it is: each table's players in
seat order, those with a bye, every repeated pair with how often and when they last sat together
this season, the fewest repeats the season allows, and the groups not placed as the club chose.
"""

from __future__ import annotations

from dataclasses import dataclass

from scoring.club.names import Names
from scoring.evenings.models import Evening, EveningRound
from scoring.evenings.proposal import PairRepeat, placed
from scoring.evenings.season import groups_of, season_of


@dataclass(frozen=True)
class Named:
    """A player of the seating: his id and the name the reader sees."""

    pk: int
    name: str


@dataclass(frozen=True)
class ShownRepeat:
    """A repeated pair by the names the reader sees."""

    a: str
    b: str
    repeat: PairRepeat


@dataclass(frozen=True)
class Seating:
    """A round as the page shows it (see the module's docstring)."""

    round: EveningRound
    tables: list[list[Named]]
    byes: list[Named]
    repeats: list[ShownRepeat]
    fewest: int
    misplaced: list[str]

    @property
    def players(self) -> list[Named]:
        """Everyone of the proposal, by name: what the swap form chooses from."""
        return sorted([*(p for table in self.tables for p in table), *self.byes], key=lambda p: p.name.casefold())


def seating(evening: Evening, round_: EveningRound, names: Names) -> Seating:
    """The round's tables as the reader sees them; the repeats counted against the season before
    the round (a started round's own sittings are not its history)."""
    season = season_of(evening, before=round_)
    ids = {p for table in round_.tables for p in table} | set(round_.byes)
    players = {p.pk: p for p in evening.club.players.filter(pk__in=ids)}

    def named(pk: int) -> Named:
        return Named(pk, names(players[pk]))

    tables = tuple(tuple(table) for table in round_.tables)
    repeats = [ShownRepeat(named(r.a).name, named(r.b).name, r) for r in season.repeats(tables)]
    misplaced = [g.name for g in groups_of(evening.club) if len(g.members & ids) > 1 and not placed(g, tables)]
    return Seating(
        round_,
        [[named(p) for p in table] for table in tables],
        [named(p) for p in round_.byes],
        repeats,
        season.fewest_repeats(tables),
        misplaced,
    )
