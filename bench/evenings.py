"""Tonight's tables benchmark: a proposal for 40 checked-in players after a season of 50
evenings at tables of 4 (each evening 40 players drawn from a club of 48, at ten tables).

Run with ``make bench`` (or ``python -m bench.evenings``). It times the pure proposal
(``scoring.evenings.proposal.propose``) and the whole check-in through its service on a
throwaway SQLite database (``bench.fresh_site``): reading the season's 500 sittings, proposing
and storing the round. Goal (``docs/evenings.md``): under 2 s.
"""

from __future__ import annotations

import argparse
import datetime
import random
import statistics
import time

from bench.fresh_site import fresh_site
from scoring.engine import VARIANTS

GAME = next(key for key, rules in VARIANTS.items() if 4 in rules.table_sizes)
"""A game of tables of 3 or 4: the proposal seats 40 at tables of 4."""

GOAL_SECONDS = 2.0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--players", type=int, default=40, help="players checked in (default 40)")
    parser.add_argument("--evenings", type=int, default=50, help="evenings of the season (default 50)")
    parser.add_argument("--runs", type=int, default=3, help="proposals timed (default 3)")
    args = parser.parse_args()
    with fresh_site() as database:
        run(args, database)


def run(args: argparse.Namespace, database: str) -> None:
    from scoring.club.models import Club, Player
    from scoring.evenings.proposal import Season, propose
    from scoring.evenings.season import season_of
    from scoring.evenings.services import check_in
    from scoring.sittings.services import start_sitting

    rng = random.Random(1754)
    club = Club.objects.create(name="Bench", slug="bench")
    members = Player.objects.bulk_create(
        Player(club=club, display_name=f"Player {n:02d}") for n in range(args.players + 8)
    )
    today = datetime.date.today()
    first = today - datetime.timedelta(weeks=args.evenings)
    if first.year != today.year:  # the season is the calendar year: keep the evenings in it
        first = datetime.date(today.year, 1, 1)
    step = max(1, (today - first).days // args.evenings)
    for k in range(args.evenings):
        day = first + datetime.timedelta(days=k * step)
        came = rng.sample(members, args.players)
        for t in range(0, len(came), 4):
            start_sitting(club, GAME, came[t : t + 4], user=None, date=day)
    tonight = rng.sample(members, args.players)

    evening = check_in(club, GAME, tonight[:4], table_size=4, user=None)
    season: Season = season_of(evening)
    ids = [p.pk for p in tonight]
    pure = []
    for seed in range(1, args.runs + 1):
        started = time.perf_counter()
        proposal = propose(ids, (4, 3), seed=seed, season=season)
        pure.append(time.perf_counter() - started)
    whole = []
    for _run in range(args.runs):
        started = time.perf_counter()
        check_in(club, GAME, tonight[: args.players - 1], user=None)
        check_in(club, GAME, tonight, user=None)
        whole.append((time.perf_counter() - started) / 2)
    repeats = len(season.repeats(proposal.tables))
    fewest = season.fewest_repeats(proposal.tables)
    print(f"tonight's tables: {args.players} players after {len(season.rounds)} evenings ({database})")
    print(f"  proposal (pure):      median {statistics.median(pure):.2f} s, worst {max(pure):.2f} s")
    print(f"  check-in and propose: median {statistics.median(whole):.2f} s, worst {max(whole):.2f} s")
    print(f"  repeated pairs {repeats}, fewest the season allows {fewest}")
    verdict = "ok" if max(whole) < GOAL_SECONDS else "TOO SLOW"
    print(f"  goal under {GOAL_SECONDS:.0f} s: {verdict}")


if __name__ == "__main__":
    main()
