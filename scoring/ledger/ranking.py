"""Season tables of one variant: each player's figure in the club's ranking mode, ranks and ties.

Words:

- **sitting result**: a player's game points and deals played in one sitting of the season.
- **placement**: a player's place in one tournament of the season, and the size of its field.
- **figure**: the number a player is ranked by; what it is depends on the **mode**:

  - ``total``: the season's game points.
  - ``per_deal``: game points per deal played (deals sat out do not count), to two decimals.
  - ``scaled``: ``per_deal`` × the club's list length L (clubs "scale to a 48-deal list").
  - ``best_n``: the sum of the player's best K sitting results (all of them if fewer than K).
  - ``cup``: the sum of the player's best K cup points (all tournaments if K is not set); cup
    points come from the club's table by place (beyond its end: 0) or, with ``"field"``, from
    the size F of the field: round(100 × ((F − place) / (F − 1))³), F = 1 giving 100.

- **attendance**: sittings, or in ``cup`` mode tournaments. Below the **minimum attendance** M a
  player is listed under the ranked players without a rank, unless the club fills the missing
  ones with 0 (``fill_missing``): missing sittings count as results of 0 (``best_n``), missing
  tournaments as 0 cup points (``cup``), which changes no ``total``; in ``per_deal`` and
  ``scaled`` a missing sitting counts as 0 game points over the player's own average number of
  deals per sitting, so the figure is multiplied by (sittings ÷ M).

Higher figures rank first. Figures that are equal (``per_deal``, ``scaled``: equal at two
decimals) share a rank and the next rank skips (1, 2, 2, 4); equal figures are listed by name.

Everything here is pure Python: no Django, no floats.
"""

from __future__ import annotations

import datetime
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from decimal import Decimal
from fractions import Fraction
from itertools import pairwise
from typing import Final, Literal

from scoring.engine.reasons import _, why
from scoring.engine.refusal import Problem, Refusal
from scoring.money import round_half_away

MODES = ("total", "per_deal", "scaled", "best_n", "cup")

DEFAULT_CUP_TABLE = (25, 20, 16, 13, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1)
"""Cup points for places 1 to 15; every later place earns 0."""

FIELD: Final = "field"
"""The cup table that gives points by the size of the field instead of by a fixed list."""


# --- inputs -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class SittingResult:
    """One player's result in one sitting: game points and deals played (sat out: not counted).

    ``provisional`` marks a sitting that is still open: its figures may change.
    """

    date: datetime.date
    game_points: int
    deals_played: int
    provisional: bool = False

    def __post_init__(self) -> None:
        if self.deals_played < 0:
            raise ValueError(f"{self.date}: a player cannot play {self.deals_played} deals")


@dataclass(frozen=True)
class PlayerSeason:
    """What a season table reads of one player's sittings: how many, his deals played and game
    points over them, whether one is still open, and his sitting results' game points, best
    first (the ``best_n`` mode reads the best K; the others read none, so a caller that sums in
    SQL may leave them out)."""

    sittings: int
    deals: int
    points: int
    provisional: bool = False
    best: tuple[int, ...] = ()

    @classmethod
    def of(cls, results: Sequence[SittingResult]) -> PlayerSeason:
        return cls(
            sittings=len(results),
            deals=sum(result.deals_played for result in results),
            points=sum(result.game_points for result in results),
            provisional=any(result.provisional for result in results),
            best=tuple(sorted((result.game_points for result in results), reverse=True)),
        )


@dataclass(frozen=True)
class Placement:
    """One player's place (1 = winner; tied players share a place) in a tournament of
    ``field_size`` players."""

    place: int
    field_size: int

    def __post_init__(self) -> None:
        if not 1 <= self.place <= self.field_size:
            raise ValueError(f"place {self.place} does not exist in a field of {self.field_size}")


# --- the mode ---------------------------------------------------------------------------------


def _problem(field: str, template: str, **values: object) -> Problem:
    """Why a ranking mode cannot be used: the setting (``field``) at fault, and why."""
    return Problem(None, field, why(template, **values))


def _at_least(value: object, least: int) -> bool:
    """Whether ``value`` is a whole number (not a bool) of at least ``least``."""
    return isinstance(value, int) and not isinstance(value, bool) and value >= least


@dataclass(frozen=True)
class Mode:
    """How a club ranks a variant's season; stored with the season so old tables never change.

    ``list_length`` is L (``scaled`` only); ``best`` is K (``best_n``: required; ``cup``: empty
    for every tournament); ``cup_table`` is the points for places 1, 2, … or ``"field"``;
    ``minimum_attendance`` is M; ``fill_missing`` counts missing sittings as 0 up to M instead
    of leaving the player unranked. Settings the mode does not use are ignored.
    """

    mode: str = "total"
    list_length: int | None = None
    best: int | None = None
    cup_table: tuple[int, ...] | Literal["field"] = DEFAULT_CUP_TABLE
    minimum_attendance: int = 0
    fill_missing: bool = False

    def problems(self) -> list[Problem]:
        """Every reason these settings do not make a table, each with the setting at fault."""
        found: list[Problem] = []
        if self.mode not in MODES:
            said = _("unknown ranking mode {mode}; one of {modes}")
            found.append(_problem("mode", said, mode=repr(self.mode), modes=", ".join(MODES)))
        if self.mode == "scaled" and not _at_least(self.list_length, 1):
            found.append(_problem("list_length", _("scaled needs a list length of at least 1")))
        if self.mode == "best_n" and not _at_least(self.best, 1):
            found.append(_problem("best", _("best_n needs a number of best sittings of at least 1")))
        if self.mode == "cup":
            if self.best is not None and not _at_least(self.best, 1):
                found.append(_problem("best", _("cup counts the best K tournaments: K is 1 or more, or empty for all")))
            found += self._cup_table_problems()
        if not _at_least(self.minimum_attendance, 0):
            found.append(_problem("minimum_attendance", _("the minimum attendance is a whole number, 0 or more")))
        return found

    def _cup_table_problems(self) -> list[Problem]:
        table = self.cup_table
        if table == FIELD:
            return []
        if not isinstance(table, tuple) or not table:
            return [_problem("cup_table", _("the cup table needs points for at least the first place, or 'field'"))]
        if not all(_at_least(points, 0) for points in table):
            return [_problem("cup_table", _("cup points are whole numbers, 0 or more"))]
        if any(worse > better for better, worse in pairwise(table)):
            return [_problem("cup_table", _("a better place cannot earn fewer cup points than a worse one"))]
        return []

    def check(self) -> None:
        """Raises a :class:`Refusal` with every problem, if there are any."""
        if found := self.problems():
            raise Refusal(found)


# --- cup points -------------------------------------------------------------------------------


def field_points(place: int, field_size: int) -> int:
    """round(100 × ((F − place) / (F − 1))³), halves away from zero, exactly; F = 1 gives 100."""
    if field_size == 1:
        return 100
    return round_half_away(100 * Fraction(field_size - place, field_size - 1) ** 3)


def cup_points(placement: Placement, table: tuple[int, ...] | Literal["field"]) -> int:
    """The cup points of one placement under the club's table (places past its end earn 0)."""
    if isinstance(table, str):
        return field_points(placement.place, placement.field_size)
    return table[placement.place - 1] if placement.place <= len(table) else 0


# --- the table --------------------------------------------------------------------------------


@dataclass(frozen=True)
class Row:
    """One player's line in a season table.

    ``rank`` is ``None`` (and ``ranked`` false) below the minimum attendance, and in
    ``per_deal``/``scaled`` for a player who played no deal (there is no figure per deal).
    ``sittings``, ``deals`` and ``points`` are the player's season as played (game points, not
    money); ``tournaments`` counts placements; ``counted_as_zero`` says how many missing
    sittings (tournaments in ``cup`` mode) were counted as 0; ``figure`` is what the player is
    ranked by (``int``, or ``Decimal`` with two places for ``per_deal`` and ``scaled``);
    ``provisional`` says a sitting of the player's is still open.
    """

    rank: int | None
    player: str
    sittings: int
    deals: int
    points: int
    figure: int | Decimal
    ranked: bool
    tournaments: int = 0
    counted_as_zero: int = 0
    provisional: bool = False


def _two_places(value: Fraction) -> Decimal:
    return Decimal(f"{round_half_away(value * 100)}E-2")


def _best(values: list[int], count: int | None) -> int:
    return sum(sorted(values, reverse=True)[:count])


def _row(mode: Mode, player: str, season: PlayerSeason, placements: Sequence[Placement]) -> Row:
    sittings, tournaments, deals, points = season.sittings, len(placements), season.deals, season.points
    attendance = tournaments if mode.mode == "cup" else sittings
    short = max(0, mode.minimum_attendance - attendance)
    zeros = short if mode.fill_missing else 0
    has_figure = True
    figure: int | Decimal
    if mode.mode == "total":
        figure = points
    elif mode.mode in ("per_deal", "scaled"):
        has_figure = deals > 0
        per_deal = Fraction(points, deals) * Fraction(sittings, sittings + zeros) if has_figure else Fraction(0)
        scale = mode.list_length if mode.mode == "scaled" and mode.list_length else 1
        figure = _two_places(per_deal * scale)
    elif mode.mode == "best_n":
        figure = _best([*season.best[: mode.best], *[0] * zeros], mode.best)
    else:
        table = mode.cup_table
        figure = _best([cup_points(placement, table) for placement in placements] + [0] * zeros, mode.best)
    ranked = has_figure and (short == 0 or mode.fill_missing)
    return Row(
        rank=None,
        player=player,
        sittings=sittings,
        deals=deals,
        points=points,
        figure=figure,
        ranked=ranked,
        tournaments=tournaments,
        counted_as_zero=zeros if has_figure else 0,
        provisional=season.provisional,
    )


NO_SITTING = PlayerSeason(0, 0, 0)


def season_table(
    mode: Mode,
    seasons: Mapping[str, PlayerSeason],
    placements: Mapping[str, Sequence[Placement]] | None = None,
) -> list[Row]:
    """The season table of one variant: ranked players first, then the unranked ones.

    ``seasons`` and ``placements`` hold each player's season (the caller chooses the sittings
    and tournaments in the season's range; ``best_n`` needs each player's best K results). A
    player is listed who has a sitting, or in ``cup`` mode a placement; a player's sittings
    still fill ``sittings``, ``deals`` and ``points`` in ``cup`` mode. Raises a
    :class:`Refusal` for settings that do not make a table.
    """
    mode.check()
    placements = placements or {}
    if mode.mode == "cup":
        rows = [
            _row(mode, player, seasons.get(player, NO_SITTING), placed)
            for player, placed in placements.items()
            if placed
        ]
    else:
        rows = [
            _row(mode, player, season, placements.get(player, ()))
            for player, season in seasons.items()
            if season.sittings
        ]
    rows.sort(key=lambda row: (not row.ranked, -row.figure, row.player.casefold(), row.player))
    ranked = [row for row in rows if row.ranked]
    table: list[Row] = []
    for position, row in enumerate(ranked):
        tied_with_previous = position > 0 and ranked[position - 1].figure == row.figure
        table.append(replace(row, rank=table[-1].rank if tied_with_previous else position + 1))
    return table + rows[len(ranked) :]
