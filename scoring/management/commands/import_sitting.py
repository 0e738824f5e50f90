"""``python manage.py import_sitting FILE --club SLUG``: store a sitting document, all or nothing."""

from __future__ import annotations

import sys
from typing import Any

from django.core.management.base import BaseCommand

from scoring.engine import InvalidSitting
from scoring.management.commands.score import load
from scoring.models import Club
from scoring.services import import_sitting


class Command(BaseCommand):
    help = "Import a sitting document (JSON; FILE may be -) into a club and print the sitting's path."

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("file", help="the sitting document, or - for standard input")
        parser.add_argument("--club", required=True, help="the club's short name (slug)")

    def handle(self, *args: Any, **options: Any) -> None:
        club = Club.objects.filter(slug=options["club"]).first()
        problems, doc = load(options["file"])
        if club is None:
            problems.insert(0, f"--club: there is no club {options['club']!r}")
        if not problems:
            try:
                sitting = import_sitting(club, doc, user=None)
            except InvalidSitting as error:
                problems = [str(p) for p in error.problems]
        if problems:
            for line in problems:
                self.stderr.write(line, style_func=None)
            sys.exit(1)
        self.stdout.write(f"{sitting.live_deals().count()} deals of {sitting.variant} imported")
        self.stdout.write(sitting.get_absolute_url())
