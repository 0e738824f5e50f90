"""Flat costs: a deal is entered or corrected with the same work at deal 5 and deal 500, and
what that shortcut stores is what scoring the whole sitting gives.

Counts of SQL queries, never times (the machine is shared): ``bench/flat_costs.py`` measures
the times.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from scoring.club.models import Membership
from scoring.engine import VARIANTS
from scoring.samples import random_sitting, valid_deal
from scoring.sittings.models import Breakdown, Sitting
from scoring.sittings.results import stored_result
from scoring.sittings.services import correct_deal, import_sitting, recompute, record_deal, remove_last_deal

from .factories import make_club, make_member

pytestmark = pytest.mark.django_db

CARRIED = next(key for key, variant in VARIANTS.items() if variant.pots)
"""The game whose deals carry pots into the next (Danish Tarok)."""


def queries(work: Callable[[], Any]) -> int:
    with CaptureQueriesContext(connection) as captured:
        work()
    return len(captured)


def sitting_of(variant: str, deals: int, seed: int = 1) -> tuple[Sitting, list[str], dict[str, Any]]:
    doc = random_sitting(random.Random(seed), variant, deals=deals, items=2)
    sitting = import_sitting(make_club(f"c{variant[:5]}{deals}{seed}"), doc, user=None)
    return sitting, doc["players"], sitting.options


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_deals_entered_corrected_and_taken_back_one_by_one_store_what_the_whole_sitting_scores(variant: str) -> None:
    rng = random.Random(f"flat {variant}")
    for run in range(8):
        sitting, players, options = sitting_of(variant, 0, seed=run)
        for _step in range(14):
            live = sitting.deal_count
            action = rng.choices(["record", "correct", "remove"], [6, 3, 1])[0] if live else "record"
            if action == "record":
                record_deal(sitting, valid_deal(rng, VARIANTS[variant], players, options, live, 2), user=None)
            elif action == "correct":
                number = rng.randint(1, live)
                deal = valid_deal(rng, VARIANTS[variant], players, options, number - 1, 2)
                correct_deal(sitting, number, deal, user=None, reason="a test")
            else:
                remove_last_deal(sitting, user=None, reason="a test")
            sitting.refresh_from_db()
        assert recompute(sitting) == [], f"run {run}: the stored rows are the whole sitting's"


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_entering_a_deal_makes_as_many_queries_at_deal_61_as_at_deal_4(variant: str) -> None:
    counts = []
    for deals in (3, 60):
        sitting, players, options = sitting_of(variant, deals)
        deal = valid_deal(random.Random(7), VARIANTS[variant], players, options, deals, 2)
        counts.append(queries(lambda: record_deal(sitting, deal, user=None)))  # noqa: B023
    assert counts[0] == counts[1]


@pytest.mark.parametrize("variant", sorted(key for key, v in VARIANTS.items() if not v.pots))
def test_correcting_deal_1_rewrites_it_alone_where_nothing_carries(variant: str) -> None:
    counts = []
    for deals in (3, 60):
        sitting, players, options = sitting_of(variant, deals)
        others = set(Breakdown.objects.filter(revision__sitting=sitting, revision__number__gt=1).values_list("pk"))
        deal = valid_deal(random.Random(7), VARIANTS[variant], players, options, 0, 2)
        counts.append(queries(lambda: correct_deal(sitting, 1, deal, user=None, reason="a test")))  # noqa: B023
        after = set(Breakdown.objects.filter(revision__sitting=sitting, revision__number__gt=1).values_list("pk"))
        assert after == others, "the later deals' stored rows are untouched"
    assert counts[0] == counts[1]


def test_a_danish_correction_rescores_the_later_deals_until_the_pots_agree_again() -> None:
    sitting, players, options = sitting_of(CARRIED, 40, seed=3)
    stored = {
        number: (pk, pots)
        for number, pk, pots in Breakdown.objects.filter(revision__sitting=sitting).values_list(
            "revision__number", "pk", "pots"
        )
    }
    rng = random.Random(5)
    deal = valid_deal(rng, VARIANTS[CARRIED], players, options, 0, 2)
    correct_deal(sitting, 1, deal, user=None, reason="a test")
    after = {
        number: (pk, pots)
        for number, pk, pots in Breakdown.objects.filter(revision__sitting=sitting, revision__live=True).values_list(
            "revision__number", "pk", "pots"
        )
    }
    rewritten = sorted(n for n in after if after[n][0] != stored[n][0])
    assert rewritten == list(range(1, len(rewritten) + 1)), "deal 1 and a run of deals right after it"
    last = rewritten[-1]
    assert last == 40 or after[last][1] == stored[last][1], "it stops at the first deal whose pots agree"
    assert recompute(sitting) == []


def page_queries(client: Client, address: str) -> int:
    client.get(address)
    return queries(lambda: client.get(address))


def test_the_sheet_and_its_json_cost_as_many_queries_at_120_deals_as_at_5() -> None:
    counts: dict[str, list[int]] = {"sheet": [], "json": []}
    for deals in (5, 120):
        sitting, _players, _options = sitting_of(CARRIED, deals)
        client = reader(sitting.club)
        counts["sheet"].append(page_queries(client, sitting.get_absolute_url()))
        counts["json"].append(page_queries(client, sitting.get_absolute_url() + "scores.json"))
    assert counts["sheet"][0] == counts["sheet"][1] <= 20
    assert counts["json"][0] == counts["json"][1] <= 20


def test_a_long_sheet_shows_the_newest_page_with_running_totals_and_pages_for_the_rest() -> None:
    sitting, players, _options = sitting_of(CARRIED, 120)
    client = reader(sitting.club)
    expected = stored_result(sitting)
    running = dict.fromkeys(players, 0)
    after: dict[int, dict[str, int]] = {}
    for deal in expected["deals"]:
        running = {name: running[name] + deal["scores"][name] for name in players}
        after[deal["number"]] = running
    newest = client.get(sitting.get_absolute_url())
    assert [row["number"] for row in newest.context["rows"]] == list(range(71, 121))
    assert [p[1:] for p in newest.context["pages"]] == [(1, 50), (51, 100), (101, 120)]
    first = client.get(sitting.get_absolute_url() + "?page=1")
    for page in (newest, first):
        for row in page.context["rows"]:
            assert {name: total for name, _score, total, _out in row["cells"]} == after[row["number"]]
    assert newest.context["totals"] == list(expected["totals"].values())
    assert b"<details" not in newest.content, "breakdowns are a tap away, not in the sheet"


def test_the_sittings_list_and_the_club_page_cost_as_many_queries_for_30_sittings_as_for_3() -> None:
    counts: dict[str, list[int]] = {"list": [], "club": []}
    for size in (3, 30):
        club = make_club(f"club{size}")
        for n in range(size):
            import_sitting(club, random_sitting(random.Random(n), CARRIED, deals=4), user=None)
        client = reader(club)
        counts["list"].append(page_queries(client, reverse("sittings:list", kwargs={"slug": club.slug})))
        counts["club"].append(page_queries(client, reverse("club:detail", kwargs={"slug": club.slug})))
    assert counts["list"][0] == counts["list"][1]
    assert counts["club"][0] == counts["club"][1]


def reader(club: Any) -> Client:
    client = Client()
    client.force_login(make_member(club, f"reader{club.pk}", Membership.Role.VIEWER))
    return client
