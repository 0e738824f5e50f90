"""Deal-entry benchmark: the whole POST of a deal (validate, store, rescore), and a correction of
deal 1 in a long Danish sitting, through Django's request handling on a SQLite file.

Run with ``make bench`` (or ``python -m bench.deal_entry``). It makes a throwaway database in a
temporary folder, so it never touches the site's own. Goals: a deal entry within 50 ms, a
correction of deal 1 in a 500-deal Danish sitting within 300 ms (medians).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from bench.fresh_site import fresh_site


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--entries", type=int, default=60, help="deals entered one by one (default 60)")
    parser.add_argument("--long", type=int, default=500, help="deals in the long sitting (default 500)")
    parser.add_argument("--corrections", type=int, default=15, help="corrections timed (default 15)")
    args = parser.parse_args()
    with fresh_site():
        run(args)


def run(args: argparse.Namespace) -> None:
    from django.contrib.auth.models import User
    from django.test import Client
    from django.urls import reverse

    from scoring.engine import VARIANTS
    from scoring.models import Club, Membership
    from scoring.samples import random_sitting
    from scoring.scorekeeping.deal_form import form_data
    from scoring.sittings.services import import_sitting, start_sitting

    # The variant that carries state from deal to deal (pots): the costliest to enter and correct.
    carried = next(key for key, variant in VARIANTS.items() if variant.pots)

    club = Club.objects.create(name="Bench", slug="bench")
    user = User.objects.create_user("bench")
    Membership.objects.create(user=user, club=club, role=Membership.Role.SCOREKEEPER)
    names = ["Anna", "Bernd", "Carla"]
    players = [club.players.create(display_name=name) for name in names]
    client = Client(SERVER_NAME="localhost")
    client.force_login(user)
    rng = random.Random(1754)

    def form(deal: dict) -> dict:
        return form_data(deal, VARIANTS[carried], names)

    sitting = start_sitting(club, carried, players, user=user)
    url = reverse("scorekeeping:deal_new", kwargs={"slug": club.slug, "pk": sitting.pk})
    deals = random_sitting(rng, carried, deals=args.entries, players=names, items=1)["deals"]
    entry_times = []
    for deal in deals:
        started = time.perf_counter()
        response = client.post(url, form(deal) | {"confirm": "1"})
        entry_times.append(time.perf_counter() - started)
        assert response.status_code == 302, response.content[:500]

    long_doc = random_sitting(rng, carried, deals=args.long, players=names, items=1)
    long_sitting = import_sitting(club, long_doc, user=user)
    url = reverse("scorekeeping:deal_new", kwargs={"slug": club.slug, "pk": long_sitting.pk})
    long_entries = []
    for deal in random_sitting(rng, carried, deals=10, players=names, items=1)["deals"]:
        started = time.perf_counter()
        response = client.post(url, form(deal) | {"confirm": "1"})
        long_entries.append(time.perf_counter() - started)
        assert response.status_code == 302

    url = reverse("scorekeeping:deal_correct", kwargs={"slug": club.slug, "pk": long_sitting.pk, "number": 1})
    corrections = []
    for deal in random_sitting(rng, carried, deals=args.corrections, players=names, items=1)["deals"]:
        deal["dealer"] = long_doc["deals"][0]["dealer"]
        started = time.perf_counter()
        response = client.post(url, form(deal) | {"confirm": "1", "reason": "benchmark"})
        corrections.append(time.perf_counter() - started)
        assert response.status_code == 302, response.content[:500]

    def line(what: str, times: list[float], goal: float) -> str:
        median = statistics.median(times) * 1000
        worst = max(times) * 1000
        return f"{what:<48}{median:>9.1f}{worst:>9.1f}{goal:>7.0f}  {'ok' if median <= goal else 'OVER'}"

    print(f"{'SQLite, through the views':<48}{'median':>9}{'max':>9}{'goal':>7}   (ms)")
    print(line(f"enter a deal (sitting of 1-{args.entries} deals)", entry_times, 50))
    print(line(f"enter a deal (sitting of {args.long} deals)", long_entries, 50))
    print(line(f"correct deal 1 of {args.long + 10} deals ({carried})", corrections, 300))


if __name__ == "__main__":
    main()
