"""``python manage.py import_sitting FILE --club SLUG [--add-players] [--as-new]``: store a
sitting, all or nothing, from a sitting document (JSON) or a sitting workbook (.xlsx), told apart
by the file's content. Players the club does not have yet are listed and refused unless
``--add-players`` says to add them; a sitting the club has already (its own, or the same export
imported before) is refused unless ``--as-new``, as on the import page."""

from __future__ import annotations

import sys
from typing import Any

from django.core.management.base import BaseCommand

from scoring.club.models import Club
from scoring.management.sitting_files import use_document
from scoring.sittings.models import Sitting
from scoring.sittings.services import NewPlayers, import_sitting


class Command(BaseCommand):
    help = (
        "Import a sitting into a club and print the sitting's path. FILE is a sitting document (JSON) or a "
        "sitting workbook (.xlsx), chosen by its content, not its name; - reads standard input."
    )

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("file", help="the sitting document or workbook, or - for standard input")
        parser.add_argument("--club", required=True, help="the club's short name (slug)")
        parser.add_argument(
            "--add-players",
            action="store_true",
            help="add the players the club does not have yet (without it, they are listed and nothing is stored)",
        )
        parser.add_argument(
            "--as-new",
            action="store_true",
            help="import it as a new sitting even where the club has it already (its own, or imported before)",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        club = Club.objects.filter(slug=options["club"]).first()
        missing = [] if club is not None else [f"--club: there is no club {options['club']!r}"]

        def store(doc: object) -> Sitting:
            assert club is not None, "use_document stores only when nothing is missing"
            confirmed = None if options["add_players"] else ()
            try:
                return import_sitting(club, doc, user=None, confirmed=confirmed, as_new=options["as_new"])
            except NewPlayers as new:
                listed = ", ".join(new.names)
                self.stderr.write(f"not players of the club yet: {listed}; --add-players adds them", style_func=None)
                sys.exit(1)

        sitting = use_document(self, options["file"], store, missing)
        self.stdout.write(f"{sitting.deal_count} deals of {sitting.variant} imported")
        self.stdout.write(sitting.get_absolute_url())
