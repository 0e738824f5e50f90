"""Every write to a club's data is one transaction that first counts a change: on the club, or
on the one sitting it changes.

Pages that are costly to build (the season table, a tournament's standings) are cached under a
key holding the club's **stamp**: its own count of changes (``Club.changes``) and the sum of its
sittings' counts (``Sitting.changes``), both read in the one query that reads the club at the
start of the request (:func:`stamped`). A write anywhere in the club makes a new stamp, so no
reader is served a page older than the data.

Two kinds of write:

- a write of one sitting's deals (entering, correcting, confirming, taking back a deal) counts
  a change on that sitting alone (:func:`changing_one`): it locks the sitting's row and no
  other, so the tables of one club never wait for each other, only two phones at one table do;
- every other write (players, settings, starting, importing or closing a sitting, a
  tournament's rounds, a sitting whose closing re-rates the club's game) counts a change on the
  club (:func:`changing`), whose row it locks first, before any sitting's. Lock order: the club,
  then sittings by the caller's order; a write that locks a sitting alone never asks for the
  club's row afterwards (a sitting found closed once locked is written again, club first), so
  no two writes wait for each other in a circle.

Why a reader never serves a page older than a committed write:

- *counted in the same transaction*: a reader who sees the new count sees the data it counts.
  Bumped after the commit instead, a crash between the two would leave the data changed and the
  count not, and the cache stale for good;
- *counters, never the newest id of something*: PostgreSQL numbers a row when it is written,
  not when it is committed, so the newest id may stay the same while a lower one commits;
  a counter goes up only in the commit that counts it;
- *one snapshot*: the club's count and its sittings' sum are read in one statement, so they
  belong to one moment of the database (each statement sees one snapshot under PostgreSQL's
  READ COMMITTED; SQLite has one writer at a time and a reader sees whole commits). Each count
  only grows, and the sum shrinks only when a sitting is deleted, which is a club write that
  counts a change on the club in the same commit: so a later stamp is never an earlier one, and
  two readers with the same stamp read the club between the same commits. A page is built from
  data read after the stamp, so it holds at least what the stamp counts.

A page built from data newer than its stamp (a write committed between the stamp and the build)
is merely fresher than its key: its next reader has that write's stamp, a new key. ``save()``
never writes ``changes`` back (``CountsChanges``), so an instance read before a write cannot put
its older count back.

So every service opens its transaction with :func:`changing` or :func:`changing_one` (``once``
does it for the keyed writes), and a test checks that no service opens one otherwise. On SQLite
writes queue anyway: one writer at a time.
"""

from __future__ import annotations

import functools
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any, TypeVar, cast

from django.db import connection, models, transaction
from django.db.models import F, OuterRef, Subquery, Sum
from django.db.models.functions import Coalesce

from scoring.club.models import Club, CountsChanges

Row = TypeVar("Row", bound=CountsChanges)


@contextmanager
def changing(*clubs: Club | int) -> Iterator[None]:
    """A write transaction on the data of ``clubs`` (clubs or their ids) that counts a change on
    each of them first."""
    with transaction.atomic():
        ids = {club if isinstance(club, int) else club.pk for club in clubs}
        Club.objects.filter(pk__in=ids).update(changes=F("changes") + 1)
        yield


@contextmanager
def changing_one(model: type[Row], pk: int) -> Iterator[Row]:
    """A write transaction on one row's data (a sitting's deals) that counts a change on that row,
    which locks it and no other, and yields it as it then stands.

    Counting, locking and reading the row are one statement (``UPDATE … RETURNING``, which SQLite
    and PostgreSQL both know), written once as SQL for each model: a lock, an update and a read
    built by the ORM were a sixth of a deal entry's CPU. Raises ``model.DoesNotExist`` when no
    row has ``pk``."""
    with transaction.atomic():
        found = list(model._default_manager.raw(adding(model, ("changes",), returning=True), [1, pk]))
        if not found:
            raise model.DoesNotExist(f"no {model._meta.object_name} {pk}")
        yield found[0]


@functools.cache
def adding(model: type[models.Model], fields: tuple[str, ...], *, returning: bool = False) -> str:
    """The statement that adds a number to each of ``fields`` of one row of ``model`` (the numbers,
    then the row's key, are its parameters), and with ``returning`` gives back the whole row:
    written once for each model and fields, as a write that every deal makes is cheaper as SQL
    than built by the ORM each time."""
    quote = connection.ops.quote_name
    meta = model._meta
    columns = [quote(cast("models.Field[Any, Any]", meta.get_field(name)).column) for name in fields]
    added = ", ".join(f"{column} = {column} + %s" for column in columns)
    statement = f"UPDATE {quote(meta.db_table)} SET {added} WHERE {quote(meta.pk.column)} = %s"
    if returning:
        statement += " RETURNING " + ", ".join(quote(field.column) for field in meta.concrete_fields)
    return statement


def sittings_changes(club: str = "pk") -> Coalesce:
    """The sum of the counts of changes of the sittings of the club that ``club`` names in the
    outer query, for reading beside the club's own count (:func:`stamped`)."""
    counted = Club.objects.filter(pk=OuterRef(club)).values("pk").annotate(total=Sum("sittings__changes"))
    return Coalesce(Subquery(counted.values("total")), 0)


def stamped(clubs: models.QuerySet[Club]) -> models.QuerySet[Club]:
    """The clubs, each read with its sittings' counts of changes (``sittings_changes``) in the
    same query, for :func:`stamp`."""
    return clubs.annotate(sittings_changes=sittings_changes())


def stamp(club: Club) -> tuple[int, int]:
    """The club's stamp, as read with it (:func:`stamped`): its count of changes and its
    sittings'. A club read without them is a bug (a cache key that would miss writes)."""
    return club.changes, club.sittings_changes  # type: ignore[attr-defined]
