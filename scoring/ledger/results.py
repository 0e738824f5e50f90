"""What the ledger's pages, JSON and workbook read: seasons, season tables, money, who pays whom
and statistics, from the totals the services keep (each seat's game points and deals played)
and each seat's balance), the players' months that sum them, and SQL sums over the stored score
rows. The services write; this module only reads, and never rescores.

Every function here runs a fixed number of queries whatever the size of the club: a season
table and the season's money sum the players' months (a row per player and month) and the seats
of the days around them; a page of sittings reads its sittings' seats. What the pots held at the
end of a sitting is what its players' game points do not sum to. A ``cup`` table reads the
standings of the season's closed tournaments too, a few queries each. The arithmetic is
``scoring.money`` and ``scoring.ledger.ranking``.

Words (besides those of the pure modules):

- **period**: a season as the pages read it, an admin-defined ``Season`` or a calendar year.
- **part**: one player's part in one sitting: his game points and deals, and his seat.
- A sitting counts in the season of its date, open or closed (an open one's figures are
  **provisional**); a sitting without a deal counts nowhere (no attendance, no sheet fee).
"""

from __future__ import annotations

import datetime
from collections import defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from fractions import Fraction
from typing import Any

from django.db.models import (
    Count,
    F,
    Max,
    Q,
    QuerySet,
    Sum,
    Window,
)
from django.db.models.functions import RowNumber

from scoring.club.models import Club, Player
from scoring.club.names import EVERY_NAME, Names
from scoring.engine import VARIANTS
from scoring.engine.refusal import Problem, Refusal
from scoring.ledger.models import RankingRule, Season
from scoring.ledger.ranking import Mode, Placement, PlayerSeason, Row, SittingResult, season_table
from scoring.money import (
    KASSE,
    SeasonMoney,
    Transfer,
    kasse_name,
    places_among_equals,
    round_half_away,
    transfers,
)
from scoring.sittings.models import PlayerMonth, ScoreRow, Seat, Sitting
from scoring.sittings.months import first_day, last_day, still_open

# --- seasons --------------------------------------------------------------------------------


@dataclass(frozen=True)
class Period:
    """A season as the ledger reads it: ``season`` set for one an admin defined, ``None`` for a
    calendar year. Both days are included."""

    name: str
    start: datetime.date
    end: datetime.date
    season: Season | None = None

    @property
    def year(self) -> int | None:
        """The calendar year this period is, or ``None`` for an admin-defined season."""
        return None if self.season is not None else self.start.year

    def query(self) -> dict[str, str]:
        """The address parameter that names this period: ``season=ID`` or ``year=YYYY``."""
        return {"season": str(self.season.pk)} if self.season is not None else {"year": str(self.start.year)}

    def as_json(self) -> dict[str, str]:
        return {"name": self.name, "start": self.start.isoformat(), "end": self.end.isoformat()}

    def __contains__(self, day: datetime.date) -> bool:
        return self.start <= day <= self.end


def calendar_year(year: int) -> Period:
    """The calendar year as a season: every club has it without a row."""
    return Period(str(year), datetime.date(year, 1, 1), datetime.date(year, 12, 31))


def period_of(season: Season) -> Period:
    return Period(season.name, season.start, season.end, season)


class Seasons:
    """A club's seasons: those its admins defined (read in one query, newest start first) and the
    calendar years."""

    def __init__(self, club: Club) -> None:
        self.club = club
        self.defined = [period_of(season) for season in Season.objects.filter(club=club).order_by("-start", "-pk")]

    def current(self, today: datetime.date) -> Period:
        """The season that contains ``today``: of the admin-defined ones that do, the one that
        started latest (the one made last, if they started the same day); else the calendar year."""
        return next((period for period in self.defined if today in period), calendar_year(today.year))

    def chosen(self, season: int | None, year: int | None, today: datetime.date) -> Period | None:
        """The season an address names (``season`` id or ``year``), the current one if it names
        none, or ``None`` if it names one the club does not have."""
        if season is not None:
            return next((period for period in self.defined if period.season and period.season.pk == season), None)
        if year is not None:
            return calendar_year(year) if datetime.MINYEAR <= year <= datetime.MAXYEAR else None
        return self.current(today)


# --- the rule in force ------------------------------------------------------------------------


def ranking_rule(club: Club, variant: str, period: Period) -> RankingRule | None:
    """The rule a season's table of ``variant`` is ranked by (one query): an admin-defined
    season's own, else the rule of the calendar year it starts in; a year without a rule of its
    own follows the latest earlier year that has one. ``None``: the default (``total``, no
    minimum attendance)."""
    year_rules = Q(season__isnull=True, year__lte=period.start.year)
    own = Q(season=period.season) if period.season is not None else Q(pk__in=[])
    rules = list(RankingRule.objects.filter(club=club, variant=variant).filter(own | year_rules))
    for rule in rules:
        if rule.season_id is not None:
            return rule
    return max(rules, key=lambda rule: rule.year or 0, default=None)


def mode_of(rule: RankingRule | None) -> Mode:
    return rule.as_mode() if rule is not None else Mode()


@dataclass(frozen=True)
class Placings:
    """What the ``cup`` reads of the season's tournaments: each player's placements, and the id
    of each player placed (a player may be placed without an ordinary sitting of the season)."""

    placements: dict[str, list[Placement]] = field(default_factory=dict)
    player_ids: dict[str, int] = field(default_factory=dict)


def tournament_placements(club: Club, period: Period, variant: str) -> Placings:
    """Each player's places in the club's closed tournaments of ``variant`` in the season, for
    the ``cup`` mode: his place in the final standings of a field of those placed (a
    disqualified entrant has no place and is not in the field; tied entrants share a place).
    The cup reads them whether or not the rule counts the tournaments' tables as sittings.
    Players by their names as the club writes them (``season_table_of`` names them for the
    reader)."""
    from scoring.tournaments.results import field_of, standings

    placements: dict[str, list[Placement]] = defaultdict(list)
    ids: dict[str, int] = {}
    tournaments = club.tournaments.filter(
        variant=variant, date__gte=period.start, date__lte=period.end, closed_at__isnull=False
    )
    for tournament in tournaments.order_by("date", "pk"):
        entered = field_of(tournament)
        player_of = {entrant.start_number: entrant.player_id for entrant in entered.entrants}
        placed = [(line.entrant, line.place) for line in standings(tournament, field=entered)]
        in_field = [(entrant, place) for entrant, place in placed if place is not None]
        for entrant, place in in_field:
            placements[entrant.name].append(Placement(place, len(in_field)))
            ids[entrant.name] = player_of[entrant.id]
    return Placings(dict(placements), ids)


# --- the season's sittings, summed in SQL ----------------------------------------------------


@dataclass(frozen=True)
class SittingTerms:
    """What the ledger needs of one sitting besides its players' sums: its date and variant,
    whether it is closed, and the money terms it keeps."""

    pk: int
    date: datetime.date
    variant: str
    closed: bool
    cents_per_point: Decimal
    sheet_fee_cents: int
    share_pots: bool


@dataclass(frozen=True)
class Part:
    """One player's part in one sitting: his seat, game points, deals played (``deals`` counts
    the deals he sat out too) and balance in cents (``Seat.cents``)."""

    sitting: SittingTerms
    player_id: int
    player: str
    seat: int
    points: int
    played: int
    deals: int
    cents: int


def counted_sittings(
    club: Club, period: Period, variant: str | None = None, *, with_tournaments: bool = False
) -> QuerySet[Sitting]:
    """The sittings a season counts: the club's, dated in its range, of ``variant`` if given;
    the tables of its tournaments only ``with_tournaments`` (a ranking rule's choice)."""
    sittings = Sitting.objects.filter(club=club, date__gte=period.start, date__lte=period.end)
    if not with_tournaments:
        sittings = sittings.filter(round_table__isnull=True)
    return sittings.filter(variant=variant) if variant is not None else sittings


def season_sittings(club: Club, period: Period, *, with_tournaments: bool = False) -> dict[int, SittingTerms]:
    """Every sitting of the season, of every variant, with its terms, by id in date order (one
    query): the club's evenings, and ``with_tournaments`` its tournaments' tables. Pages read it
    once: it says which variants have sittings in the season, too."""
    rows = counted_sittings(club, period, with_tournaments=with_tournaments).values_list(*TERMS)
    return {row[0]: _terms(row) for row in rows.order_by("date", "pk")}


TERMS = ("pk", "date", "variant", "closed_at", "cents_per_point", "sheet_fee_cents", "share_pots")
"""The columns of a sitting its ``SittingTerms`` are made of (``_terms``)."""


def _terms(row: tuple[Any, ...]) -> SittingTerms:
    pk, day, key, closed_at, cents, fee, share = row
    return SittingTerms(pk, day, key, closed_at is not None, cents, fee, share)


def parts(
    club: Club,
    period: Period,
    terms: Mapping[int, SittingTerms],
    variant: str | None = None,
    player: Player | None = None,
    reader: Names = EVERY_NAME,
) -> list[Part]:
    """Every player's part in every sitting the season counts (of ``variant``; of the sittings
    ``player`` sat in), in one query: the seats, whose totals the services keep with the deals
    (game points, deals played), with their players' names (as ``reader`` sees them: every page
    and export of the ledger names players through here) and their sittings' deal counts.
    ``terms`` are the season's sittings (``season_sittings``); a sitting outside them (a
    tournament's table, when the rule leaves them out) has no parts. Ordered by date, sitting
    and seat; a sitting without deals has no parts."""
    sittings = counted_sittings(club, period, variant, with_tournaments=True).filter(deal_count__gt=0)
    if player is not None:
        sittings = sittings.filter(seats__player=player)
    return _parts_of(Seat.objects.filter(sitting__in=sittings.values("pk")), terms, reader)


def _parts_of(seats: QuerySet[Seat], terms: Mapping[int, SittingTerms] | None, reader: Names) -> list[Part]:
    """The parts of these seats whose sittings ``terms`` holds (``None``: their sittings' terms
    read with them, in the same query), ordered by date, sitting and seat."""
    columns = ["sitting_id", "player_id", "number", "player__display_name", "points", "deals_played", "cents"]
    columns.append("sitting__deal_count")
    if terms is None:
        columns += [f"sitting__{name}" for name in TERMS]
    found = []
    rows = seats.values_list(*columns).order_by()
    for sitting_id, player_id, number, name, points, played, cents, deals, *sitting in rows:
        of = _terms(tuple(sitting)) if sitting else (terms or {}).get(sitting_id)
        if of is not None:
            found.append(Part(of, player_id, reader.of(player_id, name), number, points, played, deals, cents))
    found.sort(key=lambda part: (part.sitting.date, part.sitting.pk, part.seat))
    return found


def games_of(club: Club, period: Period) -> tuple[frozenset[str], str | None]:
    """The games the season has sittings of (the club's evenings, of the games the site knows),
    and the game of its latest sitting (``None`` without one), in one query of a row per game
    (its latest day and the last sitting it made in the season) from the index of the club's
    sittings by game and date, never a row per sitting: of two games played on the season's last
    day, the one that made a sitting last (in the season, not necessarily on that day: the game a
    page opens on, nothing counted)."""
    sittings = counted_sittings(club, period).filter(variant__in=list(VARIANTS))
    rows = sittings.values_list("variant").annotate(day=Max("date"), made=Max("pk")).order_by()
    latest = max(rows, key=lambda row: (row[1], row[2]), default=None)
    return frozenset(variant for variant, _day, _made in rows), latest[0] if latest else None


# --- season tables ----------------------------------------------------------------------------


@dataclass(frozen=True)
class SeasonTable:
    """A season's table of one variant: the rule in force (``None``: the default), its rows,
    each listed player's id, and why the rule makes no table (``problems``, then no rows)."""

    period: Period
    variant: str
    rule: RankingRule | None
    mode: Mode
    rows: list[Row]
    player_ids: dict[str, int]
    problems: tuple[Problem, ...] = ()

    @property
    def provisional(self) -> bool:
        return any(row.provisional for row in self.rows)


def seasons_of(found: Sequence[Part]) -> dict[str, PlayerSeason]:
    """Each player's season from his parts (the pages that read the parts anyway)."""
    results: dict[str, list[SittingResult]] = defaultdict(list)
    for part in found:
        results[part.player].append(
            SittingResult(part.sitting.date, part.points, part.played, provisional=not part.sitting.closed)
        )
    return {player: PlayerSeason.of(listed) for player, listed in results.items()}


def summed_seasons(
    club: Club, period: Period, variant: str, mode: Mode, *, with_tournaments: bool, reader: Names = EVERY_NAME
) -> tuple[dict[str, PlayerSeason], dict[str, int]]:
    """Each player's season summed in SQL, and each player's id, in one query however many
    sittings the season has: the players' months (``scoring.sittings.months``) of the months the
    season holds whole, and the seats of its first and last month where it starts or ends within
    one, a row per player from each (``GROUP BY``), added up here. In ``best_n``, which needs
    every single result, one row for each of his best K results with his season's sums beside it,
    from the seats (window functions, which cost some three times a grouping: only where the mode
    needs them). Players named as ``reader`` sees them."""
    rows: Any
    by_best = mode.mode == "best_n" and bool(mode.best)
    if by_best:
        his = [F("player_id")]
        rows = (
            _counted_seats(club, period, variant, with_tournaments=with_tournaments)
            .annotate(
                place=Window(RowNumber(), order_by=[F("points").desc(), F("pk").asc()], partition_by=his),
                sittings=Window(Count("pk"), partition_by=his),
                deals=Window(Sum("deals_played"), partition_by=his),
                total=Window(Sum("points"), partition_by=his),
                open=Window(Sum(still_open()), partition_by=his),
            )
            .filter(place__lte=mode.best)
            .values_list("player_id", "player__display_name", "points", "sittings", "deals", "total", "open")
            .order_by()
        )
    else:
        rows = _summed_by_month(club, period, variant, with_tournaments=with_tournaments)
    best: dict[int, list[int]] = defaultdict(list)
    sums: dict[int, list[Any]] = {}
    for player_id, name, points, count, deals, total, opened, *_cents in rows:
        best[player_id].append(points)
        summed = sums.setdefault(player_id, [name, 0, 0, 0, 0])
        if by_best:
            summed[1:] = count, deals, total, opened
        else:  # a player's months and his edge months' seats: added up
            summed[1:] = summed[1] + count, summed[2] + deals, summed[3] + total, summed[4] + opened
    seasons, ids = {}, {}
    for player_id, (name, count, deals, total, opened) in sums.items():
        shown = reader.of(player_id, name)
        seasons[shown] = PlayerSeason(count, deals, total, opened > 0, tuple(sorted(best[player_id], reverse=True)))
        ids[shown] = player_id
    return seasons, ids


def whole_months(period: Period) -> tuple[datetime.date, datetime.date] | None:
    """The first day of the first month the period holds whole and the last day of its last, or
    ``None`` when it holds none."""
    first = period.start if period.start.day == 1 else last_day(period.start) + datetime.timedelta(days=1)
    last = period.end if period.end == last_day(period.end) else first_day(period.end) - datetime.timedelta(days=1)
    return (first, last) if first <= last else None


def _counted_seats(
    club: Club,
    period: Period,
    variant: str | None,
    *,
    with_tournaments: bool,
    besides: tuple[datetime.date, ...] = (),
) -> QuerySet[Seat]:
    """The seats of the sittings with a deal the season counts, but for those dated in
    ``besides`` (a first and a last day, both included)."""
    sittings = counted_sittings(club, period, variant, with_tournaments=with_tournaments).filter(deal_count__gt=0)
    if besides:
        sittings = sittings.exclude(date__range=besides)
    return Seat.objects.filter(sitting__in=sittings.values("pk"))


def _summed_by_month(club: Club, period: Period, variant: str | None, *, with_tournaments: bool) -> QuerySet[Any]:
    """Each player's sums (best single result, sittings, deals played, game points, open
    sittings, balances in cents) of ``variant`` (of every variant for ``None``) from his months
    the period holds whole and from his seats of the days around them: up to two rows per player,
    in one query (``UNION ALL``). Only the parts the period has are built: the ORM's building
    costs more than the database's answer."""
    whole = whole_months(period)
    summed = None
    if whole is None or (period.start, period.end) != whole:
        edges = _counted_seats(club, period, variant, with_tournaments=with_tournaments, besides=whole or ())
        summed = (
            edges.values_list("player_id", "player__display_name")
            .annotate(
                best=Max("points"),
                sittings=Count("pk"),
                deals=Sum("deals_played"),
                total=Sum("points"),
                open=Sum(still_open()),
                cents=Sum("cents"),
            )
            .order_by()
        )
    if whole is None:
        assert summed is not None
        return summed
    months = PlayerMonth.objects.filter(club=club, month__range=whole)
    if variant is not None:
        months = months.filter(variant=variant)
    if not with_tournaments:
        months = months.filter(in_tournament=False)
    from_months = months.values_list("player_id", "player__display_name").annotate(
        best=Max("best"),
        sittings=Sum("sittings"),
        deals=Sum("deals_played"),
        total=Sum("points"),
        open=Sum("open_sittings"),
        cents=Sum("cents"),
    )
    return from_months.order_by() if summed is None else from_months.order_by().union(summed, all=True)


def season_table_of(
    club: Club,
    period: Period,
    variant: str,
    found: Sequence[Part] | None = None,
    reader: Names = EVERY_NAME,
) -> SeasonTable:
    """The season's table of ``variant`` in the rule in force: from the players' seasons summed
    in SQL (three queries, whatever the size of the season), or from ``found``, the parts a page
    read anyway (two; a rule that counts the tournaments' tables reads the season's parts with
    them again, ``found`` holding the club's evenings only)."""
    rule = ranking_rule(club, variant, period)
    mode = mode_of(rule)
    with_tournaments = rule is not None and rule.with_tournaments
    if found is None or with_tournaments:
        seasons, ids = summed_seasons(club, period, variant, mode, with_tournaments=with_tournaments, reader=reader)
    else:
        seasons, ids = seasons_of(found), {part.player: part.player_id for part in found}
    try:
        placings = tournament_placements(club, period, variant)
        placements = {reader.by_name(name): places for name, places in placings.placements.items()}
        ids |= {reader.by_name(name): pk for name, pk in placings.player_ids.items() if reader.by_name(name) not in ids}
        rows = season_table(mode, seasons, placements)
    except Refusal as refusal:
        return SeasonTable(period, variant, rule, mode, [], ids, refusal.problems)
    return SeasonTable(period, variant, rule, mode, rows, ids)


# --- money ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class SittingLedger:
    """One sitting's money: its terms, its players in seat order with their game points and
    balances, and the Kasse's balance (what theirs leave: the sitting sums to 0)."""

    terms: SittingTerms
    players: list[str]
    points: dict[str, int]
    balances: dict[str, int]
    kasse: int


@dataclass(frozen=True)
class SeasonLedger:
    """A season's money (of one variant, or of all), summed: each player's balance and how many
    of its sittings he sat in, the Kasse's balance (a party under ``kasse``), who pays whom, and
    whether a sitting of it is still open (its money then provisional)."""

    period: Period
    money: SeasonMoney
    kasse: str
    transfers: list[Transfer]
    player_ids: dict[str, int]
    attendance: dict[str, int]
    provisional: bool

    def sittings_of(self, player: str) -> int:
        return self.attendance.get(player, 0)


def money_of(found: Sequence[Part]) -> list[SittingLedger]:
    """Each sitting's money from its players' parts (their seats' balances, worked out at the
    sitting's own terms as its deals were stored), in the order of the parts."""
    by_sitting: dict[int, list[Part]] = defaultdict(list)
    for part in found:
        by_sitting[part.sitting.pk].append(part)
    ledgers = []
    for seated in by_sitting.values():
        seated.sort(key=lambda part: part.seat)
        balances = {part.player: part.cents for part in seated}
        points = {part.player: part.points for part in seated}
        ledgers.append(SittingLedger(seated[0].sitting, list(balances), points, balances, -sum(balances.values())))
    return ledgers


def season_money_of(
    club: Club, period: Period, variant: str | None = None, kasse: str = KASSE, reader: Names = EVERY_NAME
) -> SeasonLedger:
    """The season's money, of ``variant`` or of every variant (money compares where game points
    do not), of the club's evenings, in one query whatever the size of the season: each
    player's balances summed in SQL from his months and the seats' balances (``Seat.cents``,
    worked out at each sitting's own terms as the deals are stored: ``scoring.sittings.stored``),
    the Kasse's what they leave (each sitting sums to 0), and who pays whom. Players named as
    ``reader`` sees them, in the order of their ids."""
    rows = sorted(_summed_by_month(club, period, variant, with_tournaments=False))
    balances: dict[str, int] = {}
    attendance: dict[str, int] = {}
    ids: dict[str, int] = {}
    still = 0
    for player_id, name, _best, count, _deals, _points, opened, cents in rows:
        shown = reader.of(player_id, name)
        balances[shown] = balances.get(shown, 0) + cents
        attendance[shown] = attendance.get(shown, 0) + count
        ids[shown] = player_id
        still += opened
    money = SeasonMoney(balances, -sum(balances.values()))
    name = kasse_name(money.balances, kasse)
    owed = transfers(money.parties(name), places_among_equals(ids, name))
    return SeasonLedger(period, money, name, owed, ids, attendance, still > 0)


@dataclass(frozen=True)
class SittingsPage:
    """One page of a season's sittings, in date order: its sittings' money, the first and last
    day of every page (to link them), and which page this is (from 1)."""

    sittings: list[SittingLedger]
    pages: list[tuple[datetime.date, datetime.date]]
    number: int


def sittings_page(
    club: Club, period: Period, variant: str | None, size: int, asked: int | None, reader: Names = EVERY_NAME
) -> SittingsPage:
    """The money of one page of ``size`` of the season's sittings with a deal (of ``variant``, or
    of every variant; the club's evenings): page ``asked`` (from 1; past the last, the last;
    ``None``, the last, the newest), in two queries, of two rows per page and of a row per seat
    of the page, whatever the size of the season."""
    sittings = counted_sittings(club, period, variant).filter(deal_count__gt=0)
    in_order = [F("date").asc(), F("pk").asc()]
    numbered = sittings.annotate(place=Window(RowNumber(), order_by=in_order), count=Window(Count("pk")))
    edges = (
        numbered.annotate(within=(F("place") - 1) % size)
        .filter(Q(within=0) | Q(within=size - 1) | Q(place=F("count")))
        .values_list("place", "date")
        .order_by("place")
    )
    pages: list[tuple[datetime.date, datetime.date]] = []
    for place, day in edges:
        if (place - 1) % size == 0:
            pages.append((day, day))
        else:
            pages[-1] = (pages[-1][0], day)
    number = min(max(len(pages) if asked is None else asked, 1), max(len(pages), 1))
    on_page = sittings.order_by("date", "pk").values("pk")[(number - 1) * size : number * size]
    return SittingsPage(money_of(_parts_of(Seat.objects.filter(sitting__in=on_page), None, reader)), pages, number)


# --- a player's statistics ----------------------------------------------------------------------

WON_RESULTS = frozenset({"won", "home", "ultimo"})
"""Results of an event that count as a bonus won (an ultimo won, a Pagat or King brought home)."""
LOST_RESULTS = frozenset({"lost", "lost_last_trick"})
"""Results of an event that count as a bonus lost."""


@dataclass(frozen=True)
class PlayerSitting:
    """One sitting of a player's season: his game points, deals played, balance, and his total
    game points of the season after it."""

    terms: SittingTerms
    points: int
    played: int
    balance: int
    total: int


@dataclass(frozen=True)
class Tally:
    """How often something was played (or happened), and how often it was won and lost."""

    key: str
    played: int = 0
    won: int = 0
    lost: int = 0


@dataclass(frozen=True)
class Statistics:
    """A player's season in one variant.

    ``declarer``: deals he played as declarer, ``declarer_won`` those his score was positive in;
    ``contracts``: per contract he declared, how often, and how often won; ``bonuses``: per event
    type with a result that was his (or his side's), how often won and lost.
    """

    player: str
    sittings: list[PlayerSitting]
    deals: int
    points: int
    balance: int
    declarer: int
    declarer_won: int
    contracts: list[Tally]
    bonuses: list[Tally]

    @property
    def per_deal(self) -> Decimal | None:
        """Game points per deal played, to two decimals (halves away from zero)."""
        if not self.deals:
            return None
        return Decimal(f"{round_half_away(Fraction(self.points * 100, self.deals))}E-2")

    @property
    def declarer_share(self) -> Decimal | None:
        """The share of his declarer games he won, in per cent, to one decimal."""
        if not self.declarer:
            return None
        return Decimal(f"{round_half_away(Fraction(self.declarer_won * 1000, self.declarer))}E-1")

    @property
    def best(self) -> PlayerSitting | None:
        return max(self.sittings, key=lambda sitting: sitting.points, default=None)

    @property
    def worst(self) -> PlayerSitting | None:
        return min(self.sittings, key=lambda sitting: sitting.points, default=None)


def _result(item: Mapping[str, Any], spec: Mapping[str, Any]) -> str | None:
    """An event's result, or the only result its type allows when the event leaves it out."""
    if "result" in item:
        return str(item["result"])
    field = spec.get("result")
    return str(field.default) if field is not None and isinstance(field.default, str) else None


def _bonus_is_mine(item: Mapping[str, Any], deal: Mapping[str, Any], index: int) -> bool:
    """Whether an event is the player's own, or his side's (declarer or defenders)."""
    if "player" in item:
        return bool(item["player"] == index)
    side = item.get("side")
    declarer = deal.get("declarer")
    if side is None or declarer is None or deal.get("sitting_out") == index:
        return False
    return bool((side == "declarer") == (declarer == index))


def player_statistics(
    club: Club,
    period: Period,
    variant: str,
    terms: Mapping[int, SittingTerms],
    player: Player,
    reader: Names = EVERY_NAME,
) -> Statistics:
    """A player's season in ``variant`` (four queries): his sittings with their money, and from
    his deals' stored inputs, his declarer games, contracts and bonuses; named as ``reader``
    sees him."""
    found = parts(club, period, terms, variant, player=player, reader=reader)
    seat_of = {part.sitting.pk: part.seat for part in found if part.player_id == player.pk}
    deals = (
        ScoreRow.objects.filter(player=player, sitting__in=counted_sittings(club, period, variant).values("pk"))
        .values_list("sitting_id", "points", "played", "revision__data")
        .order_by("sitting_id", "revision__number")
    )
    rules = VARIANTS[variant]
    declarer = declarer_won = 0
    contracts: dict[str, list[int]] = {}
    bonuses: dict[str, list[int]] = {}
    for sitting_id, points, played, data in deals:
        index = seat_of.get(sitting_id, 0) - 1
        if not played or not isinstance(data, dict):
            continue
        if data.get("declarer") == index:
            declarer += 1
            declarer_won += points > 0
            if "contract" in data:
                tally = contracts.setdefault(str(data["contract"]), [0, 0])
                tally[0] += 1
                tally[1] += points > 0
        for item in data.get("events", []):
            spec = rules.event_types.get(item.get("type"), {})
            result = _result(item, spec)
            if result is None or not _bonus_is_mine(item, data, index):
                continue
            counted = bonuses.setdefault(str(item["type"]), [0, 0])
            counted[0] += result in WON_RESULTS
            counted[1] += result in LOST_RESULTS
    mine = [part for part in found if part.player_id == player.pk]
    total = 0
    sittings = []
    for part in mine:
        total += part.points
        sittings.append(PlayerSitting(part.sitting, part.points, part.played, part.cents, total))
    return Statistics(
        player=reader(player),
        sittings=sittings,
        deals=sum(part.played for part in mine),
        points=total,
        balance=sum(sitting.balance for sitting in sittings),
        declarer=declarer,
        declarer_won=declarer_won,
        contracts=[Tally(key, played, won, played - won) for key, (played, won) in contracts.items()],
        bonuses=[Tally(key, won + lost, won, lost) for key, (won, lost) in bonuses.items()],
    )
