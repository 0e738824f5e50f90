"""The SQL queries of one thing a bench does (a page loaded), counted alike in every bench."""

from __future__ import annotations

from collections.abc import Callable


def queries_of(work: Callable[[], object]) -> int:
    """How many SQL queries ``work`` runs.

    The log of queries is emptied first: where debug is on (``DJANGO_DEBUG=1`` given to a bench),
    every query that built the bench's data is logged too, and once the log is full (9,000
    queries) it stops growing, so that a count taken from its length before and after read 0.
    """
    from django.db import connection, reset_queries
    from django.test.utils import CaptureQueriesContext

    reset_queries()
    with CaptureQueriesContext(connection) as done:
        work()
    return len(done)
