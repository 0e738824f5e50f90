"""What the ledger's pages, JSON and workbook read: seasons, season tables, money, who pays whom
and statistics, from the totals the services keep (each seat's game points and deals played)
and SQL sums over the stored score rows. The services write; this module only reads, and never
rescores.

Every function here runs a fixed number of queries whatever the size of the club: a season
table reads the season's sittings, its rule and the seats with their totals (one row per player
and sitting, however many deals); the money adds what the pots held at the end of each sitting
(the last deal's ``Breakdown.pots``). A ``cup`` table reads the standings of the season's closed
tournaments too, a few queries each. The arithmetic is ``scoring.money`` and ``scoring.ledger.ranking``.

Words (besides those of the pure modules):

- **period**: a season as the pages read it, an admin-defined ``Season`` or a calendar year.
- **part**: one player's part in one sitting: his game points and deals, and his seat.
- A sitting counts in the season of its date, open or closed (an open one's figures are
  **provisional**); a sitting without a deal counts nowhere (no attendance, no sheet fee).
"""

from __future__ import annotations

import datetime
from collections import Counter, defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from fractions import Fraction
from functools import cached_property
from typing import Any

from django.db.models import (
    Count,
    F,
    JSONField,
    Max,
    OuterRef,
    Q,
    QuerySet,
    Subquery,
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
    SittingMoney,
    Transfer,
    kasse_name,
    places_among_equals,
    round_half_away,
    season_balances,
    sitting_money,
    transfers,
)
from scoring.sittings.models import Breakdown, PlayerMonth, ScoreRow, Seat, Sitting
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
    """One player's part in one sitting: his seat, game points, and deals played (``deals``
    counts the deals he sat out too)."""

    sitting: SittingTerms
    player_id: int
    player: str
    seat: int
    points: int
    played: int
    deals: int


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
    rows = counted_sittings(club, period, with_tournaments=with_tournaments).values_list(
        "pk", "date", "variant", "closed_at", "cents_per_point", "sheet_fee_cents", "share_pots"
    )
    return {
        pk: SittingTerms(pk, day, key, closed_at is not None, cents, fee, share)
        for pk, day, key, closed_at, cents, fee, share in rows.order_by("date", "pk")
    }


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
    seats = Seat.objects.filter(sitting__in=sittings.values("pk")).values_list(
        "sitting_id", "player_id", "number", "player__display_name", "points", "deals_played", "sitting__deal_count"
    )
    found = [
        Part(terms[sitting_id], player_id, reader.of(player_id, name), number, points, played, deals)
        for sitting_id, player_id, number, name, points, played, deals in seats.order_by()
        if sitting_id in terms
    ]
    order = {pk: position for position, pk in enumerate(terms)}
    found.sort(key=lambda part: (order[part.sitting.pk], part.seat))
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


def pots_left(club: Club, period: Period, variant: str | None = None) -> dict[int, int]:
    """What the pots held at the end of each sitting with pots: its last live deal's stored pots,
    summed (one query; none at all where no variant has pots)."""
    with_pots = [key for key, rules in VARIANTS.items() if rules.pots and variant in (None, key)]
    if not with_pots:
        return {}
    last = (
        Breakdown.objects.filter(revision__sitting_id=OuterRef("pk"), revision__live=True)
        .order_by("-revision__number")
        .values("pots")[:1]
    )
    sittings = counted_sittings(club, period).filter(variant__in=with_pots)
    rows = sittings.annotate(last_pots=Subquery(last, output_field=JSONField())).values_list("pk", "last_pots")
    return {pk: sum(pots.values()) for pk, pots in rows if pots}


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
    for player_id, name, points, count, deals, total, opened in rows:
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
    club: Club, period: Period, variant: str, *, with_tournaments: bool, besides: tuple[datetime.date, ...] = ()
) -> QuerySet[Seat]:
    """The seats of the sittings with a deal the season counts, but for those dated in
    ``besides`` (a first and a last day, both included)."""
    sittings = counted_sittings(club, period, variant, with_tournaments=with_tournaments).filter(deal_count__gt=0)
    if besides:
        sittings = sittings.exclude(date__range=besides)
    return Seat.objects.filter(sitting__in=sittings.values("pk"))


def _summed_by_month(club: Club, period: Period, variant: str, *, with_tournaments: bool) -> QuerySet[Any]:
    """Each player's sums (best single result, sittings, deals played, game points, open
    sittings) from his months the period holds whole and from his seats of the days around them:
    up to two rows per player, in one query (``UNION ALL``). Only the parts the period has are
    built: the ORM's building costs more than the database's answer."""
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
            )
            .order_by()
        )
    if whole is None:
        assert summed is not None
        return summed
    months = PlayerMonth.objects.filter(club=club, variant=variant, month__range=whole)
    if not with_tournaments:
        months = months.filter(in_tournament=False)
    from_months = months.values_list("player_id", "player__display_name").annotate(
        best=Max("best"),
        sittings=Sum("sittings"),
        deals=Sum("deals_played"),
        total=Sum("points"),
        open=Sum("open_sittings"),
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
    """One sitting's money: its terms, its players in seat order with their game points."""

    terms: SittingTerms
    players: list[str]
    points: dict[str, int]
    pots_left: int
    money: SittingMoney


@dataclass(frozen=True)
class SeasonLedger:
    """A season's money (of one variant, or of all): each sitting's, the season's sums, and who
    pays whom, the Kasse a party under ``kasse``."""

    period: Period
    sittings: list[SittingLedger]
    money: SeasonMoney
    kasse: str
    transfers: list[Transfer]
    player_ids: dict[str, int] = field(default_factory=dict)

    @property
    def provisional(self) -> bool:
        return any(not sitting.terms.closed for sitting in self.sittings)

    @cached_property
    def attendance(self) -> Counter[str]:
        """How many of the season's sittings each player sat in."""
        return Counter(name for sitting in self.sittings for name in sitting.points)

    def sittings_of(self, player: str) -> int:
        return self.attendance[player]


def money_of(found: Sequence[Part], pots: Mapping[int, int]) -> list[SittingLedger]:
    """Each sitting's money from its players' parts, at the sitting's own terms."""
    by_sitting: dict[int, list[Part]] = defaultdict(list)
    for part in found:
        by_sitting[part.sitting.pk].append(part)
    ledgers = []
    for seated in by_sitting.values():
        terms = seated[0].sitting
        seated.sort(key=lambda part: part.seat)
        left = pots.get(terms.pk, 0)
        money = sitting_money(
            [(part.player, part.points) for part in seated],
            terms.cents_per_point,
            pots_left=left,
            share_pots=terms.share_pots,
            sheet_fee_cents=terms.sheet_fee_cents,
        )
        ledgers.append(
            SittingLedger(terms, [part.player for part in seated], {p.player: p.points for p in seated}, left, money)
        )
    return ledgers


def season_money_of(
    club: Club,
    period: Period,
    variant: str | None = None,
    terms: Mapping[int, SittingTerms] | None = None,
    kasse: str = KASSE,
    found: Sequence[Part] | None = None,
    reader: Names = EVERY_NAME,
) -> SeasonLedger:
    """The season's money, of ``variant`` or of every variant (money compares where game points
    do not): each sitting's balances, their sums, and who pays whom (three queries; one more to
    read the season's sittings unless ``terms`` holds them, two fewer when ``found`` holds the
    parts)."""
    terms = season_sittings(club, period) if terms is None else terms
    found = parts(club, period, terms, variant, reader=reader) if found is None else found
    sittings = money_of(found, pots_left(club, period, variant))
    money = season_balances(sitting.money for sitting in sittings)
    name = kasse_name(money.balances, kasse)
    ids = {part.player: part.player_id for part in found}
    owed = transfers(money.parties(name), places_among_equals(ids, name))
    return SeasonLedger(period, sittings, money, name, owed, ids)


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
    ledgers = {ledger.terms.pk: ledger for ledger in money_of(found, pots_left(club, period, variant))}
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
        balance = ledgers[part.sitting.pk].money.balances[part.player]
        sittings.append(PlayerSitting(part.sitting, part.points, part.played, balance, total))
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
