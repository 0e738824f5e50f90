"""``python manage.py import_sitting FILE --club SLUG``: store a sitting, all or nothing, from a
sitting document (JSON) or a sitting workbook (.xlsx), told apart by the file's content."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand

from scoring.club.models import Club
from scoring.management.sitting_files import use_document
from scoring.sittings.models import Sitting
from scoring.sittings.services import import_sitting


class Command(BaseCommand):
    help = (
        "Import a sitting into a club and print the sitting's path. FILE is a sitting document (JSON) or a "
        "sitting workbook (.xlsx), chosen by its content, not its name; - reads standard input."
    )

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("file", help="the sitting document or workbook, or - for standard input")
        parser.add_argument("--club", required=True, help="the club's short name (slug)")

    def handle(self, *args: Any, **options: Any) -> None:
        club = Club.objects.filter(slug=options["club"]).first()
        missing = [] if club is not None else [f"--club: there is no club {options['club']!r}"]

        def store(doc: object) -> Sitting:
            assert club is not None, "use_document stores only when nothing is missing"
            return import_sitting(club, doc, user=None)

        sitting = use_document(self, options["file"], store, missing)
        self.stdout.write(f"{sitting.deal_count} deals of {sitting.variant} imported")
        self.stdout.write(sitting.get_absolute_url())
