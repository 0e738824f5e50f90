"""``python manage.py export_sitting ID``: print a stored sitting as a sitting document."""

from __future__ import annotations

import json
import sys
from typing import Any

from django.core.management.base import BaseCommand

from scoring.sittings.exports import exported_document
from scoring.sittings.models import Sitting


class Command(BaseCommand):
    help = (
        "Print a sitting (by its id, as in /clubs/<slug>/sittings/<id>/) as a sitting document, with its club, "
        "number and revision, whether it is closed and its corrections."
    )

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("id", type=int, help="the sitting's id")

    def handle(self, *args: Any, **options: Any) -> None:
        sitting = Sitting.objects.filter(pk=options["id"]).first()
        if sitting is None:
            self.stderr.write(f"there is no sitting {options['id']}", style_func=None)
            sys.exit(1)
        self.stdout.write(json.dumps(exported_document(sitting), indent=1, ensure_ascii=False))
