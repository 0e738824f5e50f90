"""``python manage.py import_tournament FILE --club SLUG``: store a tournament document, all or
nothing; the last line printed is the tournament's address."""

from __future__ import annotations

import sys
from typing import Any

from django.core.management.base import BaseCommand

from scoring.club.models import Club
from scoring.engine.refusal import Refusal
from scoring.management.sitting_files import read_text
from scoring.sittings.imports import read_json
from scoring.tournaments.documents import import_tournament


class Command(BaseCommand):
    help = "Import a tournament document (JSON; FILE may be -) into a club and print the tournament's path."

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("file", help="the tournament document, or - for standard input")
        parser.add_argument("--club", required=True, help="the club's short name (slug)")

    def handle(self, *args: Any, **options: Any) -> None:
        club = Club.objects.filter(slug=options["club"]).first()
        problems = [] if club is not None else [f"--club: there is no club {options['club']!r}"]
        raw, unread = read_text(options["file"])
        problems += unread
        if not problems:
            try:
                assert club is not None
                tournament = import_tournament(club, read_json(raw), user=None)
            except Refusal as error:
                problems = [str(problem) for problem in error.problems]
            else:
                rounds = tournament.rounds.count()
                self.stdout.write(f"{tournament.entrants.count()} entrants and {rounds} rounds imported")
                self.stdout.write(tournament.get_absolute_url())
                return
        for line in problems:
            self.stderr.write(line, style_func=None)
        sys.exit(1)
