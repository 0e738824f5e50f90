"""``python manage.py export_tournament ID``: print a stored tournament as a tournament document."""

from __future__ import annotations

import json
import sys
from typing import Any

from django.core.management.base import BaseCommand

from scoring.tournaments.documents import tournament_document
from scoring.tournaments.models import Tournament


class Command(BaseCommand):
    help = "Print a tournament (by its id, as in /clubs/<slug>/tournaments/<id>/) as a tournament document."

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("id", type=int, help="the tournament's id")

    def handle(self, *args: Any, **options: Any) -> None:
        tournament = Tournament.objects.filter(pk=options["id"]).first()
        if tournament is None:
            self.stderr.write(f"there is no tournament {options['id']}", style_func=None)
            sys.exit(1)
        self.stdout.write(json.dumps(tournament_document(tournament), indent=1, ensure_ascii=False))
