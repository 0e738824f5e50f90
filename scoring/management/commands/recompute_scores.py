"""``python manage.py recompute_scores``: rebuild every stored result row from the live deals.

The rows are a cache of the engine's results. This command rescores every sitting (or the
ones named) reports each row that differed from the engine, then rebuilds it; then it compares
the players' months of each club it rebuilt (``scoring.sittings.months``) with their seats, and
rebuilds those that differ.

A club's sittings are rebuilt in one transaction, which then re-rates each game once, from the
first closed sitting it rebuilt (``scoring.ratings``): re-rating from each one's date instead
would re-rate the club's years once per sitting rebuilt.
"""

from __future__ import annotations

import datetime
from itertools import groupby
from typing import Any

from django.core.management.base import BaseCommand

from scoring.club.changes import changing
from scoring.ratings.stored import rerate
from scoring.sittings import months
from scoring.sittings.models import Sitting
from scoring.sittings.services import recompute


class Command(BaseCommand):
    help = "Rescore every sitting from its live deals, report stored rows that differed and fix them."

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("ids", nargs="*", type=int, help="only these sittings (default: all)")

    def handle(self, *args: Any, **options: Any) -> None:
        sittings = Sitting.objects.order_by("club_id", "pk")
        if options["ids"]:
            sittings = sittings.filter(pk__in=options["ids"])
        fixed = 0
        count = 0
        for club_id, of_club in groupby(sittings.iterator(), key=lambda sitting: sitting.club_id):
            # each sitting in a transaction of its own, which locks what a deal entry locks and
            # in the same order (the sitting, then its players): one transaction holding every
            # sitting of the club would wait on a table playing while holding players it needs
            since: dict[str, datetime.date] = {}
            for sitting in of_club:
                count += 1
                differences = recompute(sitting, rerating=False)
                fixed += bool(differences)
                for line in differences:
                    self.stdout.write(line)
                if differences and sitting.closed_at is not None:
                    since[sitting.variant] = min(since.get(sitting.variant, sitting.date), sitting.date)
            with changing(club_id):
                for variant, day in since.items():
                    rerate(club_id, variant, day)
                for line in months.rebuild(club_id):
                    self.stdout.write(line)
        self.stdout.write(f"{count} sittings checked, {fixed} rebuilt")
