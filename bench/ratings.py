"""Ratings benchmark: re-rating ten years of a club (4,000 closed sittings of one game, 40
players) from scratch, and the rating table page's SQL queries against a club of one sitting.

Run with ``make bench`` (or ``python -m bench.ratings``). It makes a throwaway database in a
temporary folder, so it never touches the site's own. The stored rows are real: a few dozen
sittings of the game are generated and scored by the engine, then stored again and again with
other players at other dates (bulk inserts of what ``import_sitting`` and ``close_sitting``
store: deals, score rows, breakdowns, seats with their totals); ``recompute`` then checks a
sample of them against the engine, as the services would have written them.

Goals (``docs/ratings.md``): re-rating everything under 5 s; the rating table page in a constant
number of SQL queries, the same for a club of one sitting.
"""

from __future__ import annotations

import argparse
import datetime
import random
import time
from typing import Any

from bench.fresh_site import fresh_site
from scoring.engine import VARIANTS

GOAL_SECONDS = 5.0
GAME = next(key for key, rules in VARIANTS.items() if rules.table_sizes == (3, 4) and not rules.pots)
"""A game of tables of 3 or 4 without pots: the ratings read only its game points."""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--sittings", type=int, default=4000, help="closed sittings (default 4,000)")
    parser.add_argument("--players", type=int, default=40, help="players of the club (default 40)")
    parser.add_argument("--years", type=int, default=10, help="years they span (default 10)")
    parser.add_argument("--per-sitting", type=int, default=12, help="deals per sitting (default 12)")
    args = parser.parse_args()
    with fresh_site() as database:
        run(args, database)


def build_club(slug: str, sittings: int, players: int, years: int, per_sitting: int, rng: random.Random) -> Any:
    """A club with ``sittings`` closed sittings of the game at tables of three, over ``years``."""
    from django.utils import timezone

    from scoring.club.models import Club, Player
    from scoring.engine import InvalidSitting, read_sitting, score
    from scoring.samples import random_sitting
    from scoring.sittings.documents import deal_by_index
    from scoring.sittings.models import Breakdown, DealRevision, ScoreRow, Seat, Sitting
    from scoring.sittings.stored import SeatTotals, lines_of, played_by, with_cents

    rules = VARIANTS[GAME]
    names = ["Seat 1", "Seat 2", "Seat 3"]
    index_of = {name: index for index, name in enumerate(names)}
    templates: list[tuple[list[tuple[Any, ...]], list[SeatTotals], int, dict[str, Any]]] = []
    while len(templates) < 24:
        doc = random_sitting(rng, GAME, deals=per_sitting, players=names, items=2)
        try:
            checked = read_sitting(doc)
            scored = score(checked)
        except InvalidSitting:
            continue
        totals = [SeatTotals() for _ in names]
        deals = []
        for raw, result in zip(doc["deals"], scored.deals, strict=True):
            played = [played_by(result, name) for name in names]
            for i, name in enumerate(names):
                declared = result.declarer == name
                totals[i].add(SeatTotals.of_deal(result.scores[name], played=played[i], declared=declared))
            deals.append((deal_by_index(raw, rules, names), [result.scores[n] for n in names], played, result))
        thrown = sum(result.thrown_in for *_rest, result in deals)
        rows = [(d, s, p, lines_of(r, index_of), r.pots) for d, s, p, r in deals]
        templates.append((rows, totals, thrown, checked.options.as_dict()))

    club = Club.objects.create(name=slug.title(), slug=slug, ratings_published=True)
    members = Player.objects.bulk_create(Player(club=club, display_name=f"Player {n:02d}") for n in range(players))
    first = datetime.date(2016, 1, 1)
    days = sorted(first + datetime.timedelta(days=rng.randrange(365 * years)) for _ in range(sittings))
    chosen = [rng.randrange(len(templates)) for _ in days]
    now = timezone.now()
    stored = Sitting.objects.bulk_create(
        Sitting(
            club=club,
            variant=GAME,
            options=templates[t][3],
            date=day,
            closed_at=now,
            cents_per_point=10,
            deal_count=per_sitting,
            thrown_in_count=templates[t][2],
        )
        for day, t in zip(days, chosen, strict=True)
    )
    tables = [rng.sample(members, 3) for _ in stored]
    Seat.objects.bulk_create(
        (
            seat
            for sitting, table, t in zip(stored, tables, chosen, strict=True)
            for seat in with_cents(
                sitting,
                [
                    Seat(sitting=sitting, number=n, player=player, **vars(templates[t][1][n - 1]))
                    for n, player in enumerate(table, 1)
                ],
            )
        ),
        batch_size=5000,
    )
    for start in range(0, len(stored), 200):
        batch = list(
            zip(stored[start : start + 200], tables[start : start + 200], chosen[start : start + 200], strict=True)
        )
        revisions = DealRevision.objects.bulk_create(
            (
                DealRevision(sitting=sitting, number=number, data=data, confirmed_at=now)
                for sitting, _table, t in batch
                for number, (data, *_rest) in enumerate(templates[t][0], 1)
            ),
            batch_size=5000,
        )
        rows, breakdowns = [], []
        deals_of = iter(revisions)
        for sitting, table, t in batch:
            for _data, scores, played, lines, pots in templates[t][0]:
                revision = next(deals_of)
                rows += [
                    ScoreRow(revision=revision, sitting=sitting, player=p, points=v, played=played[i])
                    for i, (p, v) in enumerate(zip(table, scores, strict=True))
                ]
                breakdowns.append(Breakdown(revision=revision, lines=lines, pots=pots))
        ScoreRow.objects.bulk_create(rows, batch_size=5000)
        Breakdown.objects.bulk_create(breakdowns, batch_size=5000)
    return club


def checked(club: Any, rng: random.Random) -> int:
    """Score rows and seat totals of a sample of sittings that differ from what the services would
    store (0 expected). Breakdowns are left out: their texts name the template's players, and the
    ratings never read them."""
    from scoring.sittings.services import recompute

    sittings = list(club.sittings.order_by("pk"))
    found = [line for sitting in rng.sample(sittings, min(20, len(sittings))) for line in recompute(sitting)]
    return sum("breakdown" not in line for line in found)


def timed(what: Any) -> float:
    started = time.perf_counter()
    what()
    return time.perf_counter() - started


def run(args: argparse.Namespace, database: str) -> None:
    from django.contrib.auth.models import User
    from django.test import Client
    from django.urls import reverse

    from bench.queries import queries_of
    from scoring.club.changes import changing
    from scoring.club.models import Membership
    from scoring.ratings.models import Rating
    from scoring.ratings.stored import rebuild, rerate

    rng = random.Random(1754)
    started = time.perf_counter()
    club = build_club("bench", args.sittings, args.players, args.years, args.per_sitting, rng)
    small = build_club("small", 1, 3, 1, args.per_sitting, rng)
    built = time.perf_counter() - started
    wrong = checked(club, rng)

    def everything() -> None:
        with changing(club):
            rerate(club.pk, GAME)

    scratch = timed(everything)
    rows = Rating.objects.filter(club=club).count()
    again = timed(everything)
    middle = club.sittings.order_by("date")[args.sittings // 2].date
    last = club.sittings.order_by("-date").first().date

    def from_date(day: datetime.date) -> Any:
        def rate() -> None:
            with changing(club):
                rerate(club.pk, GAME, day)

        return rate

    half = timed(from_date(middle))
    newest = timed(from_date(last))
    with changing(club):
        started = time.perf_counter()
        differences = rebuild(club.pk, GAME)
        checking = time.perf_counter() - started
    with changing(small):
        rerate(small.pk, GAME)

    member = User.objects.create_user("bench")
    for one in (club, small):
        Membership.objects.create(user=member, club=one, role=Membership.Role.VIEWER)
    client = Client(SERVER_NAME="localhost")
    client.force_login(member)
    counts = {}
    for one in (club, small):
        url = reverse("ratings:table", kwargs={"slug": one.slug})

        def load(url: str = url) -> None:
            response = client.get(url)
            assert response.status_code == 200, response.content[:300]

        counts[one.slug] = queries_of(load)
        page = timed(lambda url=url: client.get(url))

    print(f"ratings of {args.sittings:,} closed sittings of {GAME}, {args.players} players, {args.years} years")
    print(f"  on {database}; built in {built:.0f} s; score rows of 20 sittings unlike the services': {wrong}")
    verdict = "ok" if max(scratch, again) < GOAL_SECONDS else "OVER"
    goal = f"goal < {GOAL_SECONDS:.0f} s"
    print(f"  re-rating from scratch: {scratch:.2f} s, again {again:.2f} s ({rows:,} rows; {goal}) {verdict}")
    print(
        f"  re-rating from the middle (a correction then): {half:.2f} s; from the last date (closing): {newest:.3f} s"
    )
    print(f"  manage.py rate's check from scratch: {checking:.2f} s, {len(differences)} differences")
    same = "ok" if counts["bench"] == counts["small"] else "OVER"
    print(f"  rating table page: {counts['bench']} SQL queries (a club of one sitting: {counts['small']}) {same};")
    print(f"    {page * 1000:.0f} ms for the small club's page")


if __name__ == "__main__":
    main()
