"""Standings benchmark: the standings page of a 200-entrant, 8-round tournament, in SQL queries
and in time beside a bare Django page of the same site.

Run with ``python -m bench.tournament_standings`` (``make bench`` runs it). It imports generated
tournaments into a throwaway SQLite file: the draw's plan, every table's deals random but valid.
Goals (``docs/tournaments.md``): the same number of queries for a tournament of 8 entrants and
one of 200 (at most 10), and the page within 5× the bare page (medians over ``--runs`` loads).
The bare page is every bench's (``bench/bare_page.py``): the base template through the same
middleware, one query. The first load after a change ranks and builds the rows again: at most 10
queries too, and within 15× the bare page.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from typing import Any

from bench.fresh_site import fresh_site


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--entrants", type=int, default=200, help="entrants of the big tournament (default 200)")
    parser.add_argument("--rounds", type=int, default=8, help="rounds played (default 8)")
    parser.add_argument("--runs", type=int, default=15, help="page loads timed (default 15)")
    args = parser.parse_args()
    with fresh_site():
        from bench.bare_page import site_with_bare_page

        with site_with_bare_page():
            run(args)


def played_deal(rng: random.Random, variant: Any, players: list[str], number: int) -> dict[str, Any]:
    """A random valid deal that was played: a table of a closed round plays every deal due, and
    the sampler throws some in."""
    from scoring.samples import valid_deal

    while True:
        deal = valid_deal(rng, variant, players, {}, number, 1)
        if not deal.get("thrown_in"):
            return deal


def tournament_document(entrants: int, rounds: int, seed: int) -> dict[str, Any]:
    """A played tournament at tables of 4, one deal per dealer: the draw's plan, random deals."""
    from scoring.engine import VARIANTS
    from scoring.tournaments.draw import draw_plan

    rng = random.Random(seed)
    names = [f"Spieler {n:03}" for n in range(1, entrants + 1)]
    plan = draw_plan(range(1, entrants + 1), rounds, (4,), seed=seed)
    # a game of one declarer at tables of 4, so that every tiebreak applies
    variant = next(v for v in VARIANTS.values() if 4 in v.table_sizes and v.declarer_game)
    played = []
    for round_ in plan:
        tables = []
        for table in round_:
            players = [names[n - 1] for n in table]
            deals = [played_deal(rng, variant, players, number) for number in range(len(players))]
            tables.append({"players": players, "deals": deals})
        played.append({"tables": tables})
    return {
        "name": f"Bench {entrants}",
        "variant": variant.key,
        "date": "2026-11-14",
        "scoring": "placement",
        "tiebreaks": ["game_points", "table_wins", "best_round", "fewest_declarer_losses", "lot"],
        "table_sizes": [4],
        "deals_per_dealer": 1,
        "public": True,
        "entrants": [{"name": name} for name in names],
        "rounds": played,
    }


def run(args: argparse.Namespace) -> None:
    from django.contrib.auth.models import User
    from django.core.cache import cache
    from django.test import Client
    from django.urls import reverse

    from bench.bare_page import ADDRESS
    from bench.queries import queries_of
    from scoring.club.models import Club, Membership
    from scoring.tournaments.documents import import_tournament

    club = Club.objects.create(name="Bench", slug="bench")
    user = User.objects.create_user("bench")
    Membership.objects.create(user=user, club=club, role=Membership.Role.SCOREKEEPER)
    client = Client(SERVER_NAME="localhost")
    client.force_login(user)

    started = time.perf_counter()
    small = import_tournament(club, tournament_document(8, 2, seed=1), user=None)
    big_document = tournament_document(args.entrants, args.rounds, seed=2)
    big = import_tournament(club, big_document, user=None)
    built = time.perf_counter() - started
    deals = sum(len(table["deals"]) for round_ in big_document["rounds"] for table in round_["tables"])

    def page(tournament: Any) -> str:
        return reverse("tournaments:standings", kwargs={"slug": club.slug, "pk": tournament.pk})

    def load(address: str) -> None:
        assert client.get(address).status_code == 200

    def queries(address: str, cold: bool = False) -> int:
        if cold:
            cache.clear()
        return queries_of(lambda: load(address))

    def median_ms(address: str, cold: bool = False) -> float:
        client.get(address)  # warm the caches of templates and URL patterns
        times = []
        for _run in range(args.runs):
            if cold:
                cache.clear()  # as after a deal entered: the rows are ranked and built again
            began = time.perf_counter()
            response = client.get(address)
            times.append(time.perf_counter() - began)
            assert response.status_code == 200
        return statistics.median(times) * 1000

    bare = ADDRESS
    small_queries, big_queries, bare_queries = queries(page(small)), queries(page(big)), queries(bare)
    cold_queries = queries(page(big), cold=True)
    bare_ms, small_ms, big_ms = median_ms(bare), median_ms(page(small)), median_ms(page(big))
    cold_ms = median_ms(page(big), cold=True)
    ratio = big_ms / bare_ms

    size = f"{args.entrants} entrants, {args.rounds} rounds"
    print(f"built: 8 entrants, 2 rounds and {size} ({deals} deals) in {built:.1f} s")
    print(f"{'standings page, SQLite':<44}{'queries':>9}{'median ms':>11}")
    print(f"{'  bare page':<44}{bare_queries:>9}{bare_ms:>11.1f}")
    print(f"{'  8 entrants, 2 rounds':<44}{small_queries:>9}{small_ms:>11.1f}")
    print(f"{'  ' + size:<44}{big_queries:>9}{big_ms:>11.1f}")
    print(f"{'  ' + size + ', after a change':<44}{cold_queries:>9}{cold_ms:>11.1f}")
    same = "ok" if small_queries == big_queries <= 10 and cold_queries <= 10 else "OVER"
    print(f"queries the same whatever the size and at most 10, after a change too: {same}")
    print(f"ratio to the bare page: {ratio:.1f}× (goal ≤ 5×) {'ok' if ratio <= 5 else 'OVER'}")
    cold_ratio = cold_ms / bare_ms
    print(f"after a change: {cold_ratio:.1f}× (goal ≤ 15×) {'ok' if cold_ratio <= 15 else 'OVER'}")


if __name__ == "__main__":
    main()
