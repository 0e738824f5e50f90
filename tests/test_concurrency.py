"""Two scorekeepers saving at the same moment: deals N and N+1, never two deals with one number.

Runs on whatever database the suite runs on: SQLite by default, PostgreSQL when
``DATABASE_URL`` points at one (CI does both).
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

import pytest
from django.db import connection

from scoring.sittings.models import DealRevision, Sitting
from scoring.sittings.services import Recorded, record_deal

from .factories import make_club, make_sitting

pytestmark = pytest.mark.django_db(transaction=True)

DEAL = {"dealer": "Anna", "card_points": {"Anna": 40, "Bernd": 20, "Carla": 18}}


def together(*calls: Callable[[], Recorded]) -> list[Any]:
    """Run the calls in threads released at one moment; their results (or exceptions)."""
    barrier = threading.Barrier(len(calls))
    results: list[Any] = [None] * len(calls)

    def run(index: int, call: Callable[[], Recorded]) -> None:
        try:
            barrier.wait()
            results[index] = call()
        except Exception as error:  # the test shows what went wrong
            results[index] = error
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=(i, call)) for i, call in enumerate(calls)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    return results


def sitting() -> Sitting:
    return make_sitting(make_club(), "grosstarock", "Anna", "Bernd", "Carla")


@pytest.mark.parametrize("round_", range(5))
def test_two_deals_saved_at_once_get_numbers_n_and_n_plus_1(round_: int) -> None:
    table = sitting()
    record_deal(table, DEAL, user=None)
    results = together(lambda: record_deal(table, DEAL, user=None), lambda: record_deal(table, DEAL, user=None))
    assert all(isinstance(r, Recorded) and r.created for r in results), results
    assert sorted(r.deal.number for r in results) == [2, 3]
    assert list(
        DealRevision.objects.filter(sitting=table, live=True).order_by("number").values_list("number", flat=True)
    ) == [
        1,
        2,
        3,
    ]
    assert table.score_rows.count() == 9


@pytest.mark.parametrize("round_", range(5))
def test_one_form_sent_twice_at_once_is_entered_once(round_: int) -> None:
    table = sitting()
    key = f"form-{round_}"
    results = together(*[lambda: record_deal(table, DEAL, user=None, idempotency_key=key)] * 2)
    assert all(isinstance(r, Recorded) for r in results), results
    assert sorted(r.created for r in results) == [False, True]
    assert results[0].deal.pk == results[1].deal.pk
    assert DealRevision.objects.filter(sitting=table).count() == 1
