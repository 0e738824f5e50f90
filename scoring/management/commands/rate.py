"""``python manage.py rate --club SLUG``: re-rate every game of the club from scratch.

The stored ratings are a cache of what the model computes from the closed sittings. This command
re-rates every closed sitting of each game in date order, reports each stored row that differed
and, for a game where any did, stores the fresh rows (one transaction per club).
"""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError

from scoring.club.changes import changing
from scoring.club.models import Club
from scoring.ratings.models import Rating
from scoring.ratings.stored import rebuild
from scoring.sittings.models import Sitting


class Command(BaseCommand):
    help = "Re-rate a club's closed sittings from scratch, report stored ratings that differed and fix them."

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("--club", required=True, help="the club's short name")

    def handle(self, *args: Any, **options: Any) -> None:
        club = Club.objects.filter(slug=options["club"]).first()
        if club is None:
            raise CommandError(f"no club {options['club']!r}")
        with changing(club):
            games = set(Sitting.objects.filter(club=club).values_list("variant", flat=True))
            games |= set(Rating.objects.filter(club=club).values_list("variant", flat=True))
            differences = [line for variant in sorted(games) for line in rebuild(club.pk, variant)]
        for line in differences:
            self.stdout.write(line)
        rows = Rating.objects.filter(club=club).count()
        self.stdout.write(f"{len(games)} games re-rated, {rows} ratings, {len(differences)} differed")
