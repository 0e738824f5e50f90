"""``python manage.py recompute_scores``: rebuild every stored result row from the live deals.

The rows are a cache of the engine's results. This command rescores every sitting (or the
ones named) reports each row that differed from the engine, then rebuilds it.
"""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand

from scoring.sittings.models import Sitting
from scoring.sittings.services import recompute


class Command(BaseCommand):
    help = "Rescore every sitting from its live deals, report stored rows that differed and fix them."

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("ids", nargs="*", type=int, help="only these sittings (default: all)")

    def handle(self, *args: Any, **options: Any) -> None:
        sittings = Sitting.objects.order_by("pk")
        if options["ids"]:
            sittings = sittings.filter(pk__in=options["ids"])
        fixed = 0
        count = 0
        for sitting in sittings.iterator():
            count += 1
            differences = recompute(sitting)
            fixed += bool(differences)
            for line in differences:
                self.stdout.write(line)
        self.stdout.write(f"{count} sittings checked, {fixed} rebuilt")
