"""Season table benchmark: a club of 200 players with 100,000 deals in one season, its season
table page through Django's request handling on a SQLite file, against a bare page.

Run with ``make bench`` (or ``python -m bench.ledger``). It makes a throwaway database in a
temporary folder, so it never touches the site's own. The stored rows are real: a few dozen
sittings of the variant with pots are generated and scored by the engine, then stored again and
again with other players at other dates (bulk inserts, as ``import_sitting`` stores them), so the
table sums real score rows, sat-out deals and pots.

Goals (``docs/ledger.md``): the page runs a constant number of SQL queries, at most 10, the same
for a club of one sitting; its median time, as a ratio to a bare page (a view rendering the
site's base template, measured in the same run), within 5. The table is cached until the club
changes, so the bench also prints the first visit after a change, which builds it.
"""

from __future__ import annotations

import argparse
import datetime
import random
import statistics
import time
from typing import Any

from bench.fresh_site import fresh_site

MOST_QUERIES = 10
BARE = "/bench/bare/"
GOAL_RATIO = 5


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--players", type=int, default=200, help="players of the club (default 200)")
    parser.add_argument("--deals", type=int, default=100_000, help="deals in the season (default 100,000)")
    parser.add_argument("--per-sitting", type=int, default=50, help="deals per sitting (default 50)")
    parser.add_argument("--rounds", type=int, default=15, help="requests timed per page (default 15)")
    args = parser.parse_args()
    with fresh_site():
        run(args)


def build_club(slug: str, players: int, deals: int, per_sitting: int, rng: random.Random) -> tuple[Any, str, int]:
    """A public club with ``players`` players and ``deals`` deals of one variant in one year,
    stored as the services store them; returns the club, the variant and the year."""
    from scoring.club.models import Club, Player
    from scoring.engine import VARIANTS, InvalidSitting, read_sitting, score
    from scoring.samples import random_sitting
    from scoring.sittings.documents import deal_by_index
    from scoring.sittings.models import Breakdown, DealRevision, ScoreRow, Seat, Sitting
    from scoring.sittings.stored import lines_of

    variant = next(key for key, rules in VARIANTS.items() if rules.pots and 4 in rules.table_sizes)
    year = 2026
    seats = ["Seat 1", "Seat 2", "Seat 3", "Seat 4"]
    templates: list[list[tuple[dict[str, Any], list[int], list[list[Any]], dict[str, int]]]] = []
    while len(templates) < 24:
        doc = random_sitting(rng, variant, deals=per_sitting, players=seats, items=2)
        try:
            scored = score(read_sitting(doc))
        except InvalidSitting:
            continue  # pots that doubled beyond any score sheet: draw another
        index_of = {name: index for index, name in enumerate(seats)}
        templates.append(
            [
                (
                    deal_by_index(raw, VARIANTS[variant], seats),
                    [result.scores[name] for name in seats],
                    lines_of(result, index_of),
                    result.pots,
                )
                for raw, result in zip(doc["deals"], scored.deals, strict=True)
            ]
        )

    club = Club.objects.create(name="Bench", slug=slug, public=True)
    members = Player.objects.bulk_create(Player(club=club, display_name=f"Player {n:03d}") for n in range(players))
    count = max(1, deals // per_sitting)
    days = [datetime.date(year, 1, 1) + datetime.timedelta(days=rng.randrange(365)) for _ in range(count)]
    sittings = Sitting.objects.bulk_create(
        Sitting(club=club, variant=variant, options={}, date=day, cents_per_point=rng.choice([10, 5, "0.25"]))
        for day in days
    )
    tables = [rng.sample(members, 4) for _ in sittings]
    seats = (
        Seat(sitting=sitting, number=number, player=player)
        for sitting, table in zip(sittings, tables, strict=True)
        for number, player in enumerate(table, 1)
    )
    Seat.objects.bulk_create(seats, batch_size=5000)
    for first in range(0, count, 200):
        batch = list(zip(sittings[first : first + 200], tables[first : first + 200], strict=True))
        chosen = [templates[rng.randrange(len(templates))] for _ in batch]
        revisions = DealRevision.objects.bulk_create(
            (
                DealRevision(sitting=sitting, number=number, data=data)
                for (sitting, _table), template in zip(batch, chosen, strict=True)
                for number, (data, _scores, _lines_, _pots) in enumerate(template, 1)
            ),
            batch_size=5000,
        )
        rows, breakdowns = [], []
        deals_of = iter(revisions)
        for (sitting, table), template in zip(batch, chosen, strict=True):
            for data, scores, lines, pots in template:
                revision = next(deals_of)
                out = data.get("sitting_out")
                rows += [
                    ScoreRow(revision=revision, sitting=sitting, player=p, points=v, played=i != out)
                    for i, (p, v) in enumerate(zip(table, scores, strict=True))
                ]
                breakdowns.append(Breakdown(revision=revision, lines=lines, pots=pots))
        ScoreRow.objects.bulk_create(rows, batch_size=5000)
        Breakdown.objects.bulk_create(breakdowns, batch_size=5000)
    return club, variant, year


def queries(client: Any, url: str) -> int:
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    with CaptureQueriesContext(connection) as done:
        response = client.get(url)
    assert response.status_code == 200, response.content[:500]
    return len(done)


def timed(client: Any, url: str, before: Any = None) -> float:
    """Seconds for one request of ``url`` (after calling ``before``, untimed)."""
    if before is not None:
        before()
    started = time.perf_counter()
    response = client.get(url)
    assert response.status_code == 200
    return time.perf_counter() - started


def run(args: argparse.Namespace) -> None:
    from django.contrib.auth.models import User
    from django.core.cache import cache
    from django.test import Client, override_settings
    from django.urls import reverse

    from scoring.club.models import Membership
    from scoring.ledger.results import calendar_year, season_table_of

    rng = random.Random(1754)
    started = time.perf_counter()
    club, variant, year = build_club("bench", args.players, args.deals, args.per_sitting, rng)
    built = time.perf_counter() - started
    small, _variant, _year = build_club("small", 4, args.per_sitting, args.per_sitting, rng)
    member = User.objects.create_user("bench")
    Membership.objects.create(user=member, club=club, role=Membership.Role.VIEWER)
    Membership.objects.create(user=member, club=small, role=Membership.Role.VIEWER)
    query = f"?variant={variant}&year={year}"

    with override_settings(ROOT_URLCONF="bench.bare_page"):
        page = reverse("ledger:table", kwargs={"slug": club.slug}) + query
        tiny = reverse("ledger:table", kwargs={"slug": small.slug}) + query
        reader, logged_in = Client(SERVER_NAME="localhost"), Client(SERVER_NAME="localhost")
        logged_in.force_login(member)
        counts = {}
        for who, client in (("a reader of the public club", reader), ("a logged-in member", logged_in)):
            for name, url in (("big", page), ("small", tiny)):
                cache.clear()
                counts[who, name, "built"] = queries(client, url)
                counts[who, name, "cached"] = queries(client, url)
        for _round in range(3):  # warm up: templates, translations, the database's pages
            reader.get(page)
            reader.get(BARE)
        table_times, bare_times, built_times = [], [], []
        for _round in range(args.rounds):  # in turns, so the machine's other work weighs on each alike
            table_times.append(timed(reader, page))
            bare_times.append(timed(reader, BARE))
            built_times.append(timed(reader, page, before=cache.clear))

    reading = []
    period = calendar_year(year)
    for _round in range(args.rounds):
        started = time.perf_counter()
        season_table_of(club, period, variant)
        reading.append(time.perf_counter() - started)

    print(f"season table of {args.players} players, {args.deals:,} deals ({variant}, {year}); built in {built:.0f} s")
    for who in ("a reader of the public club", "a logged-in member"):
        for kind in ("built", "cached"):
            count, small_count = counts[who, "big", kind], counts[who, "small", kind]
            verdict = "ok" if count == small_count and count <= MOST_QUERIES else "OVER"
            said = f"{count} (a club of one sitting: {small_count}; goal <= {MOST_QUERIES}) {verdict}"
            print(f"  SQL queries for {who}, table {kind}: {said}")
    table_ms, bare_ms = statistics.median(table_times) * 1000, statistics.median(bare_times) * 1000
    built_ms = statistics.median(built_times) * 1000
    ratio = table_ms / bare_ms
    print(f"  median of {args.rounds}: season table {table_ms:.1f} ms, bare page {bare_ms:.1f} ms")
    print(f"  ratio {ratio:.1f}x (goal <= {GOAL_RATIO}x) {'ok' if ratio <= GOAL_RATIO else 'OVER'}")
    read_ms = statistics.median(reading) * 1000
    print(f"  the first visit after a change builds the table: {built_ms:.1f} ms ({built_ms / bare_ms:.1f}x),")
    print(f"    of which reading it (its 4 queries and the ranking) {read_ms:.1f} ms")


if __name__ == "__main__":
    main()
