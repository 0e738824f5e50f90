"""The one place that writes the stored ratings (``scoring.ratings.models`` says why they are kept).

- :func:`rerate_sitting` is the hook: every service that changes a closed sitting's results
  (closing it; a club admin adding, correcting or taking back one of its deals; a rebuild of its
  score rows that found them wrong; closing a tournament with its tables)
  calls it inside its own transaction, which re-rates the sitting's game from its date on;
- :func:`rerate` re-rates a club's game from a date on (from the first sitting, without one):
  the rows from that date are deleted, each player starts from his latest row before it, and the
  closed sittings from that date are rated again in order;
- :func:`rebuild` re-rates a club's game from scratch, describes every row that differed from
  the stored one and replaces them when any did (``manage.py rate``).

Re-rating from a date gives exactly what re-rating everything gives: sittings are rated in the
order (date, id), so no sitting before the date depends on one after it, and the stored floats
are the model's own (SQLite and PostgreSQL both keep doubles).
"""

from __future__ import annotations

import datetime
from collections import defaultdict

from django.db import connection
from django.db.models import OuterRef, Q, Subquery, Sum

from scoring.ratings import model
from scoring.ratings.models import Rating
from scoring.sittings.models import ScoreRow, Seat, Sitting


def rerate_sitting(sitting: Sitting) -> None:
    """Re-rate the sitting's game from its date on if it is closed (an open sitting rates nobody,
    and a sitting is never opened again). The caller holds the write transaction."""
    if sitting.closed_at is not None:
        rerate(sitting.club_id, sitting.variant, sitting.date)


def rerate(club_id: int, variant: str, since: datetime.date | None = None) -> list[model.Rated]:
    """Re-rate the club's game from ``since`` on (everything without it); the new rows."""
    stored = Rating.objects.filter(club_id=club_id, variant=variant)
    (stored.filter(date__gte=since) if since else stored).delete()
    before = {row.player_id: row.skill for row in latest(club_id, variant)}
    rated = model.rate(results(club_id, variant, since), before)
    _insert(club_id, variant, rated)
    return rated


def rebuild(club_id: int, variant: str) -> list[str]:
    """Re-rate the club's game from scratch; describe every stored row that differed from the
    fresh one (missing, extra or other figures) and, when any did, store the fresh rows (rated
    once: re-rating again to store them would double the command's time)."""
    rated = model.rate(results(club_id, variant))
    fresh = {(r.sitting, r.player): r for r in rated}
    rows = Rating.objects.filter(club_id=club_id, variant=variant)
    stored = {(row.sitting_id, row.player_id): row for row in rows}
    differences = []
    for key in sorted(fresh.keys() | stored.keys()):
        new, old = fresh.get(key), stored.get(key)
        where = f"{variant}, sitting {key[0]}, player {key[1]}"
        if old is None:
            differences.append(f"{where}: missing")
        elif new is None:
            differences.append(f"{where}: not rated, yet stored")
        elif (old.mu, old.sigma, old.sittings, old.place) != (
            new.skill.mu,
            new.skill.sigma,
            new.skill.sittings,
            new.place,
        ):
            differences.append(f"{where}: stored {old.skill.shown}, is {new.skill.shown}")
    if differences:
        rows.delete()
        _insert(club_id, variant, rated)
    return differences


def latest(club_id: int, variant: str, until: datetime.date | None = None) -> list[Rating]:
    """Each rated player's latest row of the game (up to ``until``) with its player, in one query:
    the row of the most rated sittings."""
    rows = Rating.objects.filter(club_id=club_id, variant=variant)
    if until is not None:
        rows = rows.filter(date__lte=until)
    most = rows.filter(player=OuterRef("player")).order_by("-sittings").values("sittings")[:1]
    return list(rows.filter(sittings=Subquery(most)).select_related("player"))


def results(club_id: int, variant: str, since: datetime.date | None = None) -> list[model.Result]:
    """The closed sittings of the club's game (from ``since`` on) with each seat's standing, in
    two queries: the seats' totals, less what thrown-in deals gave (penalties count in game
    points, but thrown-in deals change no rating)."""
    closed = Q(sitting__club_id=club_id, sitting__variant=variant, sitting__closed_at__isnull=False)
    if since is not None:
        closed &= Q(sitting__date__gte=since)
    thrown = (
        ScoreRow.objects.filter(closed, sitting__thrown_in_count__gt=0, revision__data__thrown_in=True)
        .values_list("sitting_id", "player_id")
        .annotate(points=Sum("points"))
    )
    less = {(sitting, player): points for sitting, player, points in thrown}
    seats = Seat.objects.filter(closed).values_list(
        "sitting_id", "sitting__date", "player_id", "points", "deals_played"
    )
    by_sitting: dict[tuple[datetime.date, int], list[model.Standing]] = defaultdict(list)
    for sitting, date, player, points, played in seats:
        by_sitting[date, sitting].append(model.Standing(player, points - less.get((sitting, player), 0), played))
    return [model.Result(sitting, date, standings) for (date, sitting), standings in sorted(by_sitting.items())]


COLUMNS = ("club", "variant", "sitting", "date", "player", "place", "mu", "sigma", "sittings")


def _insert(club_id: int, variant: str, rated: list[model.Rated]) -> None:
    """Store the rows in one ``executemany``: ``bulk_create`` builds a model and its SQL per row,
    which made re-rating ten years of a club (12,000 rows) take seconds instead of a tenth."""
    column = {field.name: field.column for field in Rating._meta.concrete_fields}
    quote = connection.ops.quote_name
    sql = "INSERT INTO {} ({}) VALUES ({})".format(
        quote(Rating._meta.db_table),
        ", ".join(quote(column[name]) for name in COLUMNS),
        ", ".join(["%s"] * len(COLUMNS)),
    )
    day = connection.ops.adapt_datefield_value
    rows = [
        (club_id, variant, r.sitting, day(r.date), r.player, r.place, r.skill.mu, r.skill.sigma, r.skill.sittings)
        for r in rated
    ]
    with connection.cursor() as cursor:
        cursor.executemany(sql, rows)
