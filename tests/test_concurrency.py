"""Two scorekeepers saving at the same moment: deals N and N+1, never two deals with one number;
and two tables of one club saving at the same moment: neither waits for the other.

Runs on whatever database the suite runs on: SQLite by default, PostgreSQL when
``DATABASE_URL`` points at one (CI does both). SQLite has one writer at a time, so the tables'
test needs PostgreSQL.
"""

from __future__ import annotations

import re
import threading
from collections.abc import Callable
from typing import Any

import pytest
from django.db import connection
from django.test import Client

from scoring.club.models import Club
from scoring.sittings import services
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


def season_table(club: Club) -> dict[str, str]:
    """Each listed player's game points on the club's season table page."""
    page = Client().get(f"/clubs/{club.slug}/ledger/?variant=grosstarock").content.decode()
    return dict(re.findall(r'<tr data-player="([^"]+)".*?data-column="figure">([^<]+)</td>', page))


@pytest.mark.skipif(connection.vendor != "postgresql", reason="SQLite has one writer at a time")
def test_two_tables_of_one_club_save_without_waiting_for_each_other(monkeypatch: pytest.MonkeyPatch) -> None:
    """Table A's save is held open just before it commits (it has taken every lock it takes);
    table B's save meanwhile must not wait for any of them, and the season table read after
    each commit shows it."""
    club = make_club(public=True)
    first = make_sitting(club, "grosstarock", "Anna", "Bernd", "Carla")
    second = make_sitting(club, "grosstarock", "Dora", "Emil", "Fritz")
    assert season_table(club) == {}
    inside, release = threading.Event(), threading.Event()
    rerate = services.rerate_sitting

    def held_open(sitting: Sitting) -> None:
        if sitting.pk == first.pk:
            inside.set()
            release.wait(timeout=30)
        rerate(sitting)

    monkeypatch.setattr(services, "rerate_sitting", held_open)
    done: list[Any] = []

    def save_first() -> None:
        try:
            done.append(record_deal(first, DEAL, user=None))
        except Exception as error:  # the test shows what went wrong
            done.append(error)
        finally:
            connection.close()

    writer = threading.Thread(target=save_first)
    writer.start()
    try:
        assert inside.wait(timeout=30)
        with connection.cursor() as cursor:
            cursor.execute("SET lock_timeout = '3s'")  # waiting for A's locks fails instead
        second_deal = {"dealer": "Dora", "card_points": {"Dora": 40, "Emil": 20, "Fritz": 18}}
        assert record_deal(second, second_deal, user=None).created
        assert season_table(club) == {"Dora": "14", "Emil": "-6", "Fritz": "-8"}
    finally:
        release.set()
        writer.join(timeout=60)
    assert isinstance(done[0], Recorded), done
    assert season_table(club) == {"Anna": "14", "Bernd": "-6", "Carla": "-8", "Dora": "14", "Emil": "-6", "Fritz": "-8"}
