"""Flat costs: what a deal and a page cost in a short sitting and a small club against a long
sitting and an old club, measured side by side in one run, through Django's request handling.

Run with ``make bench`` (or ``python -m bench.flat_costs``); with ``DATABASE_URL`` naming a
PostgreSQL server it measures on a throwaway database there, else on a SQLite file. Goals
(``README.md``, Performance): entering a deal at 2,000 deals within 1.2× of entering it at 10,
and within 20 ms; correcting deal 1 of 500 Danish deals within 3× of an entry; in a game without
pots a correction independent of the length; the sheet and ``scores.json`` the same queries at
10 and 500 deals (at most 20); the club page and the sittings list within 1.2× for 400
sittings against 40, whatever the size, the list within 10× the bare page every bench divides by
(``bench/bare_page.py``). Times are medians.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable, Iterable, Iterator
from typing import Any

from bench.fresh_site import FORM_ENCODED, fresh_site


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--long", type=int, default=2000, help="deals of the longest sitting (default 2,000)")
    parser.add_argument("--runs", type=int, default=15, help="timed runs of each figure (default 15)")
    parser.add_argument("--sittings", type=int, default=400, help="sittings of the old club (default 400)")
    args = parser.parse_args()
    with fresh_site() as database:
        from bench.bare_page import site_with_bare_page

        with site_with_bare_page():
            Bench(args).run(database)


class Bench:
    def __init__(self, args: argparse.Namespace) -> None:
        from django.contrib.auth.models import User
        from django.test import Client

        from scoring.club.models import Club, Membership
        from scoring.engine import VARIANTS

        self.args = args
        self.rng = random.Random(1754)
        self.carried = next(key for key, variant in VARIANTS.items() if variant.pots)
        self.plain = next(key for key, variant in VARIANTS.items() if not variant.pots and 3 in variant.table_sizes)
        self.club = Club.objects.create(name="Bench", slug="bench")
        self.user = User.objects.create_user("bench")
        Membership.objects.create(user=self.user, club=self.club, role=Membership.Role.SCOREKEEPER)
        self.client = Client(SERVER_NAME="localhost")
        self.client.force_login(self.user)
        self.lines: list[str] = []

    # --- helpers -------------------------------------------------------------------------

    def sitting(self, variant: str, deals: int, club: Any = None) -> Any:
        from scoring.samples import random_sitting
        from scoring.sittings.services import import_sitting

        doc = random_sitting(self.rng, variant, deals=deals, items=1)
        return import_sitting(club or self.club, doc, user=None)

    def medians_ms(self, *works: Callable[[], object]) -> list[float]:
        """The median time of each of ``works``, run in turns (one of each, then again), so that
        whatever else the machine does at a moment weighs on all of them alike."""
        times: list[list[float]] = [[] for _work in works]
        for _run in range(self.args.runs):
            for work, kept in zip(works, times, strict=True):
                began = time.perf_counter()
                work()
                kept.append(time.perf_counter() - began)
        return [statistics.median(kept) * 1000 for kept in times]

    def queries(self, address: str) -> int:
        from bench.queries import queries_of

        def load() -> None:
            assert self.client.get(address).status_code == 200

        self.client.get(address)
        return queries_of(load)

    def entry(self, sitting: Any) -> Callable[[], None]:
        """Post the next deal's form, deal after deal."""
        from django.urls import reverse

        url = reverse("scorekeeping:deal_new", kwargs={"slug": sitting.club.slug, "pk": sitting.pk})
        sitting.refresh_from_db()
        forms = self.filled(sitting, range(sitting.deal_count, sitting.deal_count + self.args.runs))

        def enter() -> None:
            self.shown()
            response = self.client.post(url, next(forms), content_type=FORM_ENCODED)
            assert response.status_code == 302, response.content[:300]

        return enter

    def correction(self, sitting: Any) -> Callable[[], None]:
        """Post a correction of deal 1 (the costliest: every later deal follows)."""
        from django.urls import reverse

        kwargs = {"slug": sitting.club.slug, "pk": sitting.pk, "number": 1}
        url = reverse("scorekeeping:deal_correct", kwargs=kwargs)
        forms = self.filled(sitting, [0] * self.args.runs, reason="bench")

        def correct() -> None:
            self.shown()
            assert self.client.post(url, next(forms), content_type=FORM_ENCODED).status_code == 302

        return correct

    def shown(self) -> None:
        """The message of the last deal sent, taken away as the sheet a browser is sent to after
        it shows it: the bench does not fetch the sheet. Left, the messages of every deal sent
        pile up in the cookie, then in the session, and each later deal reads and writes them
        all, as no browser's deal does."""
        self.client.cookies.pop("messages", None)

    def filled(self, sitting: Any, numbers: Iterable[int], **more: str) -> Iterator[str]:
        """The deal forms of valid deals, one for each of ``numbers`` (what ``valid_deal`` deals
        by), as a browser sends them (urlencoded), made before they are timed: what the players
        type is no work of the site's."""
        from urllib.parse import urlencode

        from scoring.samples import valid_deal
        from scoring.scorekeeping.deal_form import form_data

        names = sitting.seated_names()
        rules, options = sitting.rules, sitting.options
        deals = [valid_deal(self.rng, rules, names, options, number, 1) for number in numbers]
        return iter([urlencode(form_data(deal, rules, names) | more | {"confirm": "1"}) for deal in deals])

    def say(self, what: str, value: str, goal: str, ok: bool) -> None:
        self.lines.append(f"{what:<58}{value:>18}  {goal:<14}{'ok' if ok else 'OVER'}")

    # --- the figures ---------------------------------------------------------------------

    def run(self, database: str) -> None:
        from django.urls import reverse

        long = self.args.long
        short_danish, mid_danish, long_danish = (self.sitting(self.carried, n) for n in (10, 500, long))
        short_plain, long_plain = (self.sitting(self.plain, n) for n in (10, long))

        at_10, at_long = self.medians_ms(self.entry(short_danish), self.entry(long_danish))
        self.say(
            f"enter a deal: at 10 / at {long:,} deals (Danish)",
            f"{at_10:.1f} / {at_long:.1f} ms",
            "≤1.2×, ≤20 ms",
            at_long <= 1.2 * at_10 and at_long <= 20,
        )
        at_500, fix_500, fix_long = self.medians_ms(
            self.entry(mid_danish), self.correction(mid_danish), self.correction(long_danish)
        )
        self.say(
            "correct deal 1 of 500 Danish deals / enter a deal",
            f"{fix_500:.1f} ms, {fix_500 / at_500:.1f}×",
            "≤3×",
            fix_500 <= 3 * at_500,
        )
        self.say(f"correct deal 1 of {long:,} Danish deals", f"{fix_long:.1f} ms", "(for the record)", True)
        plain_10, plain_long = self.medians_ms(self.correction(short_plain), self.correction(long_plain))
        self.say(
            f"correct deal 1 ({self.plain}): of 10 / of {long:,} deals",
            f"{plain_10:.1f} / {plain_long:.1f} ms",
            "≤1.2×",
            plain_long <= 1.2 * plain_10,
        )

        small = self.sitting(self.carried, 10)
        big = self.sitting(self.carried, 500)
        for name, tail in (("sheet", ""), ("scores.json", "scores.json")):
            few, many = self.queries(small.get_absolute_url() + tail), self.queries(big.get_absolute_url() + tail)
            self.say(f"{name}: queries at 10 / at 500 deals", f"{few} / {many}", "same, ≤20", few == many <= 20)
        longest = long_danish.get_absolute_url()
        (sheet_ms,) = self.medians_ms(lambda: self.client.get(longest))
        size = len(self.client.get(longest).content) // 1024
        self.say(f"sheet of {long:,} deals: time, size", f"{sheet_ms:.1f} ms, {size} KB", "one screen", size < 100)

        self.club_pages(reverse)
        print(f"Flat costs on {database}, through the views")
        print(*self.lines, sep="\n")

    def club_pages(self, reverse: Callable[..., str]) -> None:
        """The club page and the sittings list of a young and an old club, beside the bare page
        (``bench/bare_page.py``)."""
        from bench.bare_page import ADDRESS
        from scoring.club.models import Club, Membership

        young = Club.objects.create(name="Young", slug="young")
        old = Club.objects.create(name="Old", slug="old")
        many = self.args.sittings
        for club, count in ((young, many // 10), (old, many)):
            for _n in range(count):
                self.sitting(self.carried, 40, club)
            Membership.objects.create(user=self.user, club=club, role=Membership.Role.VIEWER)
        # the sittings list holds a goal of its own beside a bare page (README, Performance)
        for name, page, most in (("club page", "club:detail", None), ("sittings list", "sittings:list", 10)):
            young_url, old_url = reverse(page, kwargs={"slug": "young"}), reverse(page, kwargs={"slug": "old"})
            few, lots = self.queries(young_url), self.queries(old_url)
            bare_ms, young_ms, old_ms = self.medians_ms(
                lambda: self.client.get(ADDRESS),
                lambda u=young_url: self.client.get(u),
                lambda u=old_url: self.client.get(u),
            )
            bare = old_ms / bare_ms
            self.say(
                f"{name}: {many // 10} / {many} sittings (queries; ms; × bare)",
                f"{few}/{lots}; {young_ms:.1f}/{old_ms:.1f}; {bare:.1f}×",
                "≤1.2×" if most is None else f"≤1.2×, ≤{most}× bare",
                old_ms <= 1.2 * young_ms and few == lots and (most is None or bare <= most),
            )


if __name__ == "__main__":
    main()
