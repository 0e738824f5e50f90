"""Season table benchmark: its page through Django's request handling on a SQLite file, against
a bare page, for a club of 200 players with 100,000 deals in one season, and for the same 40
players over 40 and over 2,000 sittings.

Run with ``make bench`` (or ``python -m bench.ledger``). It makes a throwaway database in a
temporary folder, so it never touches the site's own. The stored rows are real: a few dozen
sittings of the variant with pots are generated and scored by the engine, then stored again and
again with other players at other dates (bulk inserts, for 100,000 deals through the services
would take an hour), with the seats' totals and balances and the sittings' deal counts the
services keep, and the players' months summed from the seats by their rebuild
(``scoring.sittings.months``); a
sample of the sittings is then rebuilt by ``recompute``, which must find every row as the
services would have written it, and their players' months summed again as the services do after
a write, which must leave every month as the rebuild made it.

Goals (``docs/ledger.md``): the page runs a constant number of SQL queries, at most 10, the same
for a club of one sitting; built after a change (the cache emptied) within 15× a bare page (the
site's base template through the same middleware, measured in the same run), and for 2,000
sittings within 1.5× of what it takes for 40; served again from the cache within 5×. The money
page of the two clubs of 40 players is timed beside it against the same goals.
"""

from __future__ import annotations

import argparse
import datetime
import random
import statistics
import time
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from bench.fresh_site import fresh_site

MOST_QUERIES = 10
SERVED_GOAL = 5
BUILT_GOAL = 15
GROWTH_GOAL = 1.5
CHECKED_SITTINGS = 20


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--players", type=int, default=200, help="players of the club (default 200)")
    parser.add_argument("--deals", type=int, default=100_000, help="deals in the season (default 100,000)")
    parser.add_argument("--per-sitting", type=int, default=50, help="deals per sitting (default 50)")
    parser.add_argument("--rounds", type=int, default=15, help="requests timed per page (default 15)")
    parser.add_argument("--few", type=int, default=40, help="sittings of the smaller club of 40 players (default 40)")
    parser.add_argument("--many", type=int, default=2000, help="sittings of the larger one (default 2,000)")
    args = parser.parse_args()
    with fresh_site():
        run(args)


def build_club(slug: str, players: int, deals: int, per_sitting: int, rng: random.Random) -> tuple[Any, str, int]:
    """A public club with ``players`` players and ``deals`` deals of one variant in one year,
    stored as the services store them; returns the club, the variant and the year."""
    from scoring.club.models import Club, Player
    from scoring.engine import VARIANTS, InvalidSitting, read_sitting, score
    from scoring.samples import random_sitting
    from scoring.sittings import months
    from scoring.sittings.documents import deal_by_index
    from scoring.sittings.models import Breakdown, DealRevision, ScoreRow, Seat, Sitting
    from scoring.sittings.stored import SeatTotals, lines_of, played_by, with_cents

    variant = next(key for key, rules in VARIANTS.items() if rules.pots and 4 in rules.table_sizes)
    year = 2026
    seats = ["Seat 1", "Seat 2", "Seat 3", "Seat 4"]
    templates: list[Template] = []
    options: list[dict[str, Any]] = []
    while len(templates) < 24:
        doc = random_sitting(rng, variant, deals=per_sitting, players=seats, items=2)
        try:
            scored = score(read_sitting(doc))
        except InvalidSitting:
            continue  # pots that doubled beyond any score sheet: draw another
        index_of = {name: index for index, name in enumerate(seats)}
        template = Template([], [SeatTotals() for _ in seats], sum(result.thrown_in for result in scored.deals))
        for raw, result in zip(doc["deals"], scored.deals, strict=True):
            shares = [
                SeatTotals.of_deal(
                    result.scores[name], played=played_by(result, name), declared=name == result.declarer
                )
                for name in seats
            ]
            for total, share in zip(template.totals, shares, strict=True):
                total.add(share)
            template.deals.append(
                (deal_by_index(raw, VARIANTS[variant], seats), shares, lines_of(result, index_of), result.pots)
            )
        templates.append(template)
        options.append(doc["options"])

    club = Club.objects.create(name="Bench", slug=slug, public=True)
    members = Player.objects.bulk_create(Player(club=club, display_name=f"Player {n:03d}") for n in range(players))
    count = max(1, deals // per_sitting)
    days = [datetime.date(year, 1, 1) + datetime.timedelta(days=rng.randrange(365)) for _ in range(count)]
    picked = [rng.randrange(len(templates)) for _ in days]
    chosen = [templates[index] for index in picked]
    sittings = Sitting.objects.bulk_create(
        Sitting(
            club=club,
            variant=variant,
            options=options[index],
            date=day,
            cents_per_point=rng.choice([Decimal(10), Decimal(5), Decimal("0.25")]),
            deal_count=len(template.deals),
            thrown_in_count=template.thrown_in,
        )
        for day, index, template in zip(days, picked, chosen, strict=True)
    )
    tables = [rng.sample(members, 4) for _ in sittings]
    Seat.objects.bulk_create(
        (
            seat
            for sitting, table, template in zip(sittings, tables, chosen, strict=True)
            for seat in with_cents(
                sitting,
                [
                    Seat(sitting=sitting, number=number, player=player, **vars(total))
                    for number, (player, total) in enumerate(zip(table, template.totals, strict=True), 1)
                ],
            )
        ),
        batch_size=5000,
    )
    for first in range(0, count, 200):
        batch = list(
            zip(sittings[first : first + 200], tables[first : first + 200], chosen[first : first + 200], strict=True)
        )
        revisions = DealRevision.objects.bulk_create(
            (
                DealRevision(sitting=sitting, number=number, data=data)
                for sitting, _table, template in batch
                for number, (data, _shares, _lines, _pots) in enumerate(template.deals, 1)
            ),
            batch_size=5000,
        )
        rows, breakdowns = [], []
        deals_of = iter(revisions)
        for sitting, table, template in batch:
            for _data, shares, lines, pots in template.deals:
                revision = next(deals_of)
                rows += [
                    ScoreRow(
                        revision=revision,
                        sitting=sitting,
                        player=player,
                        points=share.points,
                        played=bool(share.deals_played),
                    )
                    for player, share in zip(table, shares, strict=True)
                ]
                breakdowns.append(Breakdown(revision=revision, lines=lines, pots=pots))
        ScoreRow.objects.bulk_create(rows, batch_size=5000)
        Breakdown.objects.bulk_create(breakdowns, batch_size=5000)
    months.rebuild(club.pk)
    return club, variant, year


@dataclass
class Template:
    """One scored sitting the bench stores again and again: each deal's inputs, each seat's share
    of it and its stored breakdown and pots; each seat's totals, and the deals thrown in."""

    deals: list[tuple[dict[str, Any], list[Any], list[Any], dict[str, int]]]
    totals: list[Any]
    thrown_in: int


def rebuilt_differences(club: Any, rng: random.Random) -> list[str]:
    """What ``recompute`` (the services' own rebuilding) finds different in a sample of the
    club's sittings, in the rows the ledger reads (score rows, pots, deal counts, the seats'
    totals), and the months of their players summed again as the services do after a write:
    nothing, if the bench stored them as the services would have. The breakdowns' text names the
    seats of the sitting the bench copied, not the players: the ledger never reads it."""
    from django.db import transaction

    from scoring.sittings import months
    from scoring.sittings.services import recompute

    sittings = list(club.sittings.order_by("pk"))
    sample = rng.sample(sittings, min(CHECKED_SITTINGS, len(sittings)))
    found = [line for sitting in sample for line in recompute(sitting, rerating=False)]
    with transaction.atomic():
        for sitting in sample:
            months.refresh_sitting(sitting)
    found += months.rebuild(club.pk)
    return [line for line in found if not line.endswith(("breakdown differs", "reasons stored for translation differ"))]


def queries(client: Any, url: str) -> int:
    from bench.queries import queries_of

    def load() -> None:
        response = client.get(url)
        assert response.status_code == 200, response.content[:500]

    return queries_of(load)


def timed(client: Any, url: str, before: Any = None) -> float:
    """Seconds for one request of ``url`` (after calling ``before``, untimed)."""
    if before is not None:
        before()
    started = time.perf_counter()
    response = client.get(url)
    assert response.status_code == 200
    return time.perf_counter() - started


def verdict(ok: bool) -> str:
    return "ok" if ok else "OVER"


def run(args: argparse.Namespace) -> None:
    from django.contrib.auth.models import User
    from django.core.cache import cache
    from django.test import Client
    from django.urls import reverse

    from bench.bare_page import ADDRESS, site_with_bare_page
    from scoring.club.models import Membership

    rng = random.Random(1754)
    started = time.perf_counter()
    club, variant, year = build_club("bench", args.players, args.deals, args.per_sitting, rng)
    built = time.perf_counter() - started
    small, _variant, _year = build_club("small", 4, args.per_sitting, args.per_sitting, rng)
    few, _variant, _year = build_club("few", 40, args.few * 5, 5, rng)
    many, _variant, _year = build_club("many", 40, args.many * 5, 5, rng)
    differences = [line for built_club in (club, many) for line in rebuilt_differences(built_club, rng)]
    member = User.objects.create_user("bench")
    for each in (club, small):
        Membership.objects.create(user=member, club=each, role=Membership.Role.VIEWER)
    query = f"?variant={variant}&year={year}"

    with site_with_bare_page():
        page, tiny, of_few, of_many = (
            reverse("ledger:table", kwargs={"slug": each.slug}) + query for each in (club, small, few, many)
        )
        money_of_few, money_of_many = (
            reverse("ledger:money", kwargs={"slug": each.slug}) + query for each in (few, many)
        )
        reader, logged_in = Client(SERVER_NAME="localhost"), Client(SERVER_NAME="localhost")
        logged_in.force_login(member)
        counts = {}
        for who, client in (("a reader of the public club", reader), ("a logged-in member", logged_in)):
            for name, url in (("big", page), ("small", tiny)):
                cache.clear()
                counts[who, name, "built"] = queries(client, url)
                counts[who, name, "cached"] = queries(client, url)
        for _round in range(3):  # warm up: templates, translations, the database's pages
            for url in (page, of_few, of_many, money_of_few, money_of_many, ADDRESS):
                reader.get(url)
        counts["money"] = queries(reader, money_of_many), queries(reader, money_of_few)
        names = ("served", "bare", "built", "few", "many", "money few", "money many")
        times: dict[str, list[float]] = {name: [] for name in names}
        for _round in range(args.rounds):  # in turns, so the machine's other work weighs on each alike
            times["served"].append(timed(reader, page, before=lambda: reader.get(page)))  # its cache filled
            times["bare"].append(timed(reader, ADDRESS))
            times["built"].append(timed(reader, page, before=cache.clear))
            times["few"].append(timed(reader, of_few, before=cache.clear))
            times["many"].append(timed(reader, of_many, before=cache.clear))
            times["money few"].append(timed(reader, money_of_few))
            times["money many"].append(timed(reader, money_of_many))

    ms = {name: statistics.median(values) * 1000 for name, values in times.items()}
    print(f"season table of {args.players} players, {args.deals:,} deals ({variant}, {year}); built in {built:.0f} s")
    checked = f"{CHECKED_SITTINGS} sittings of each of the two big clubs"
    print(f"  rows the ledger reads, as the services write them ({checked} rebuilt): {len(differences)} differences")
    for line in differences[:5]:
        print(f"    {line}")
    for who in ("a reader of the public club", "a logged-in member"):
        for kind in ("built", "cached"):
            count, small_count = counts[who, "big", kind], counts[who, "small", kind]
            ok = count == small_count and count <= MOST_QUERIES
            said = f"{count} (a club of one sitting: {small_count}; goal <= {MOST_QUERIES}) {verdict(ok)}"
            print(f"  SQL queries for {who}, table {kind}: {said}")
    bare = ms["bare"]
    print(f"  medians of {args.rounds}, bare page {bare:.1f} ms:")
    served, made = ms["served"] / bare, ms["built"] / bare
    said = f"{served:.1f}x bare (goal <= {SERVED_GOAL}x) {verdict(served <= SERVED_GOAL)}"
    print(f"    served again: {ms['served']:.1f} ms, {said}")
    said = f"{made:.1f}x bare (goal <= {BUILT_GOAL}x) {verdict(made <= BUILT_GOAL)}"
    print(f"    built after a change: {ms['built']:.1f} ms, {said}")
    growth = ms["many"] / ms["few"]
    print(
        f"    built, 40 players over {args.few} sittings: {ms['few']:.1f} ms; over {args.many:,}: {ms['many']:.1f} ms, "
        f"{growth:.2f}x (goal <= {GROWTH_GOAL}x) {verdict(growth <= GROWTH_GOAL)}"
    )
    count, few_count = counts["money"]
    print(
        f"  the money page (built on every visit), 40 players: SQL queries {count} (over {args.few} sittings:"
        f" {few_count}; goal <= {MOST_QUERIES}) {verdict(count == few_count and count <= MOST_QUERIES)}"
    )
    money_few, money_many = ms["money few"] / bare, ms["money many"] / ms["money few"]
    print(
        f"    over {args.few} sittings: {ms['money few']:.1f} ms, {money_few:.1f}x bare (goal <= {BUILT_GOAL}x)"
        f" {verdict(money_few <= BUILT_GOAL)}; over {args.many:,}: {ms['money many']:.1f} ms, {money_many:.2f}x"
        f" (goal <= {GROWTH_GOAL}x) {verdict(money_many <= GROWTH_GOAL)}"
    )


if __name__ == "__main__":
    main()
