"""Each player's months (``PlayerMonth``): his seats of one variant in one calendar month, summed,
kept beside the seats' totals so that a season table sums a dozen rows per player, however many
sittings the season has (``scoring.ledger.results.summed_seasons``).

The rows are redundant, like the seats' totals they sum: whatever changes what they sum (a
seat's totals, a sitting's deal count, date or closed state, whether it is a tournament's table,
a sitting deleted) sums its players' months again in the same transaction. The upkeep sums the
affected (player, month) rows again from that month's seats rather than adding deltas, so a row
is never more wrong than the seats it sums: one statement to delete them, one to insert them
again from a ``GROUP BY`` of the seats. After a write of one sitting's deals or state that is
:func:`refresh_sitting`, its statements written once as SQL for the entry's CPU; after a write
of many sittings or of their dates, :func:`refresh` (through :func:`kept`), built by the ORM
from :func:`summed`, the same sum (a test checks after every kind of write that the rows are
what :func:`summed` makes). ``recompute_scores`` compares every row with the seats and rebuilds
what differs (:func:`rebuild`); the migration that made them summed them from the seats.

Words: a **month** is named by its first day; a sitting counts in the month of its date, and only
once it has a deal (as in the ledger).

Callers hold the write transaction of what they changed (the services do).
"""

from __future__ import annotations

import datetime
import functools
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any

from django.db import connection
from django.db.models import BooleanField, Case, Count, ExpressionWrapper, Max, Q, QuerySet, Sum, When
from django.db.models.functions import TruncMonth

from scoring.club.models import Player
from scoring.sittings.models import PlayerMonth, Seat, Sitting

COLUMNS = (
    "club_id",
    "variant",
    "player_id",
    "month",
    "in_tournament",
    "sittings",
    "deals_played",
    "points",
    "open_sittings",
    "best",
    "cents",
)
"""The month rows' columns, in the order :func:`summed` selects them."""


def first_day(day: datetime.date) -> datetime.date:
    """The month ``day`` falls in, by its first day."""
    return day.replace(day=1)


def last_day(month: datetime.date) -> datetime.date:
    """The last day of the month ``month`` falls in."""
    following = (month.replace(day=28) + datetime.timedelta(days=4)).replace(day=1)
    return following - datetime.timedelta(days=1)


def dated_in(months: Iterable[datetime.date], field: str = "sitting__date") -> Q:
    """Dates in any of these months (a range each, which an index on the date serves)."""
    found = Q(pk__in=[])
    for month in sorted(set(months)):
        found |= Q(**{f"{field}__gte": month, f"{field}__lte": last_day(month)})
    return found


def still_open() -> Case:
    """1 for a seat of a sitting not closed yet, else 0: summed, the open sittings counted."""
    return Case(When(sitting__closed_at__isnull=True, then=1), default=0)


def summed(seats: QuerySet[Any]) -> QuerySet[Any]:
    """The month rows these seats make, a row per club, variant, player, month and kind of sitting
    (an evening's or a tournament's table), columns as ``COLUMNS``: only seats of sittings with a
    deal count. ``seats`` may be a migration's historical model."""
    at_tournament = ExpressionWrapper(Q(sitting__round_table__isnull=False), output_field=BooleanField())
    grouped: QuerySet[Any] = (
        seats.filter(sitting__deal_count__gt=0)
        .annotate(of_month=TruncMonth("sitting__date"), at_tournament=at_tournament)
        .values("sitting__club_id", "sitting__variant", "player_id", "of_month", "at_tournament")
        .annotate(
            count=Count("pk"),
            deals=Sum("deals_played"),
            total=Sum("points"),
            still_open=Sum(still_open()),
            top=Max("points"),
            balance=Sum("cents"),
        )
        .order_by()
    )
    return grouped


def replace(rows: QuerySet[Any], seats: QuerySet[Any]) -> None:
    """Delete ``rows`` and insert in their place the rows ``seats`` make (two statements; the
    seats' rows not among ``rows`` must not exist yet)."""
    rows.delete()
    select, params = summed(seats).query.sql_with_params()
    quote = connection.ops.quote_name
    meta = rows.model._meta
    columns = ", ".join(quote(meta.get_field(name.removesuffix("_id")).column) for name in COLUMNS)
    with connection.cursor() as cursor:
        cursor.execute(f"INSERT INTO {quote(meta.db_table)} ({columns}) {select}", params)


def refresh(club_id: int, variant: str, players: Sequence[int], months: Iterable[datetime.date]) -> None:
    """Sum the months of ``players`` in ``variant`` again from their seats (after a write of many
    sittings, or of their dates): two statements, three where the database locks rows (see
    :func:`_lock_players`)."""
    firsts = {first_day(month) for month in months}
    _lock_players(players)
    replace(
        PlayerMonth.objects.filter(club_id=club_id, variant=variant, player_id__in=players, month__in=firsts),
        Seat.objects.filter(
            dated_in(firsts), sitting__club_id=club_id, sitting__variant=variant, player_id__in=players
        ),
    )


def refresh_sitting(sitting: Sitting) -> None:
    """Sum the month of the sitting's players again, after a write of its deals or its state,
    without reading anything first: two statements (three where the database locks rows), written
    once as SQL (``_statements``), for the ORM would build them at a fifth of a deal entry's CPU."""
    delete, insert, lock = _statements()
    month = first_day(sitting.date)
    with connection.cursor() as cursor:
        if lock:
            cursor.execute(lock, [sitting.pk])
        cursor.execute(delete, [sitting.club_id, sitting.variant, month, sitting.pk])
        cursor.execute(insert, [month, sitting.club_id, sitting.variant, month, last_day(month), sitting.pk])


def _lock_players(players: Sequence[int]) -> None:
    """Two writes of different open sittings lock only their own sitting, and may share a player
    and a month: where the database locks rows (PostgreSQL), the players' rows are locked first,
    in the order of their ids, so that the second write sums the seats the first committed. SQLite
    has one writer at a time anyway."""
    if connection.features.has_select_for_update:
        list(Player.objects.select_for_update().filter(pk__in=players).order_by("pk").values_list("pk", flat=True))


@functools.cache
def _statements() -> tuple[str, str, str]:
    """The statements of :func:`refresh_sitting` (what :func:`summed` selects, for one sitting's
    players and one month): delete their month rows, insert them again from the month's seats, and
    lock the players' rows where the database locks rows (else empty)."""
    quote = connection.ops.quote_name

    def table(model: Any) -> str:
        return quote(model._meta.db_table)

    def column(model: Any, name: str) -> str:
        return quote(model._meta.get_field(name).column)

    def of_seat(name: str) -> str:
        return f"se.{column(Seat, name)}"

    def of_sitting(name: str) -> str:
        return f"si.{column(Sitting, name)}"

    months, seats, sittings = table(PlayerMonth), table(Seat), table(Sitting)
    tables = Sitting.round_table.related.related_model  # a tournament's tables, without importing them
    players = f"SELECT {column(Seat, 'player')} FROM {seats} WHERE {column(Seat, 'sitting')} = %s"
    delete = (
        f"DELETE FROM {months} WHERE {column(PlayerMonth, 'club')} = %s AND {column(PlayerMonth, 'variant')} = %s"
        f" AND {column(PlayerMonth, 'month')} = %s AND {column(PlayerMonth, 'player')} IN ({players})"
    )
    at_tournament = f"(rt.{column(tables, 'id')} IS NOT NULL)"
    columns = ", ".join(column(PlayerMonth, name.removesuffix("_id")) for name in COLUMNS)
    insert = (
        f"INSERT INTO {months} ({columns})"
        f" SELECT {of_sitting('club')}, {of_sitting('variant')}, {of_seat('player')}, %s, {at_tournament},"
        f" COUNT(*), SUM({of_seat('deals_played')}), SUM({of_seat('points')}),"
        f" SUM(CASE WHEN {of_sitting('closed_at')} IS NULL THEN 1 ELSE 0 END), MAX({of_seat('points')}),"
        f" SUM({of_seat('cents')})"
        f" FROM {seats} se INNER JOIN {sittings} si ON se.{column(Seat, 'sitting')} = si.{column(Sitting, 'id')}"
        f" LEFT OUTER JOIN {table(tables)} rt ON rt.{column(tables, 'sitting')} = si.{column(Sitting, 'id')}"
        f" WHERE {of_sitting('club')} = %s AND {of_sitting('variant')} = %s"
        f" AND {of_sitting('date')} >= %s AND {of_sitting('date')} <= %s AND {of_sitting('deal_count')} > 0"
        f" AND {of_seat('player')} IN ({players})"
        f" GROUP BY {of_sitting('club')}, {of_sitting('variant')}, {of_seat('player')}, {at_tournament}"
    )
    lock = ""
    if connection.features.has_select_for_update:
        lock = (
            f"SELECT {column(Player, 'id')} FROM {table(Player)} WHERE {column(Player, 'id')} IN ({players})"
            f" ORDER BY {column(Player, 'id')} FOR UPDATE"
        )
    return delete, insert, lock


@contextmanager
def kept(sittings: QuerySet[Sitting]) -> Iterator[None]:
    """Keep the months of these sittings' players while the block changes the sittings (their
    dates, closed state, tables, or deletes them): who sat in them and when is read before the
    block and after it, and those months are summed again after it."""
    keys = ("club_id", "variant", "date", "seats__player_id")
    before = set(sittings.values_list(*keys))
    yield
    touched: dict[tuple[int, str], tuple[set[int], set[datetime.date]]] = {}
    for club_id, variant, day, player_id in before | set(sittings.values_list(*keys)):
        players, months = touched.setdefault((club_id, variant), (set(), set()))
        months.add(day)
        if player_id is not None:
            players.add(player_id)
    for (club_id, variant), (players, months) in touched.items():
        if players:
            refresh(club_id, variant, sorted(players), months)


def rebuild(club_id: int | None = None) -> list[str]:
    """Compare the months of a club (of every club, without ``club_id``) with its seats; rebuild
    them from the seats when any differs, and describe every difference (in English, for the
    command line)."""
    rows = PlayerMonth.objects.all() if club_id is None else PlayerMonth.objects.filter(club_id=club_id)
    seats = Seat.objects.all() if club_id is None else Seat.objects.filter(sitting__club_id=club_id)

    stored = {row[:5]: row[5:] for row in rows.values_list(*COLUMNS)}
    due = {row[:5]: row[5:] for row in (tuple(values.values()) for values in summed(seats))}
    differences = []
    for found in sorted(stored.keys() | due.keys()):
        had, wanted = stored.get(found), due.get(found)
        if had != wanted:
            club, variant, player, month, at_tournament = found
            where = f"club {club} {variant} player {player} {month:%Y-%m}{' (tournaments)' if at_tournament else ''}"
            differences.append(f"{where}: month stored {list(had or [])}, summed from the seats {list(wanted or [])}")
    if differences:
        # a table playing sums its players' months again meanwhile: their rows first, in id order
        # (as ``refresh_sitting`` locks them), so the two never insert the same row
        players = Player.objects.all() if club_id is None else Player.objects.filter(club_id=club_id)
        _lock_players(list(players.values_list("pk", flat=True)))
        replace(rows, seats)
    return differences
