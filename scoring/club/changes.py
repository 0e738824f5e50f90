"""Every write to a club's data is one transaction that first counts a change on the club.

Pages that are costly to build (the season table, a tournament's standings) are cached under a
key holding the club's count of changes (``Club.changes``), read with the club at the start of
the request: a write anywhere in the club makes a new key, so no reader is served a table older
than the data.

Why a counter, bumped first, in the same transaction:

- *in the same transaction*: a reader who sees the new count sees the data it counts (bumped
  after the commit instead, a crash between the two would leave the cache stale);
- *first*: bumping locks the club's row until the commit, so it must be the first lock a write
  takes. Were it taken after a sitting's or a tournament's lock, two writes taking the two in
  opposite orders would deadlock on PostgreSQL;
- *a counter*, not the newest id of something: PostgreSQL numbers a row when it is written,
  not when it is committed, so the newest id may stay the same while a lower one commits.

So every service opens its transaction with :func:`changing` (``once`` does it for the keyed
writes), and a test checks that no service opens one otherwise. Writes to one club queue
behind each other on its row for the few milliseconds of their transactions; on SQLite they
queue anyway.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from django.db import transaction
from django.db.models import F

from scoring.club.models import Club


@contextmanager
def changing(*clubs: Club | int) -> Iterator[None]:
    """A write transaction on the data of ``clubs`` (clubs or their ids) that counts a change on
    each of them first."""
    with transaction.atomic():
        ids = {club if isinstance(club, int) else club.pk for club in clubs}
        Club.objects.filter(pk__in=ids).update(changes=F("changes") + 1)
        yield
