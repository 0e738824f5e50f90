"""``python manage.py runserver``: Django's development server, on this computer only while
debug is on.

With debug on, error pages show tracebacks with the settings; served on the club's Wi-Fi, anyone
at the tables could read them. So with debug on it serves 127.0.0.1 (or localhost, ::1) only, and
says how to serve the phones: ``make run ADDRESS=0.0.0.0:8000`` runs the site with debug off.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.contrib.staticfiles.management.commands.runserver import Command as StaticRunserver
from django.core.management.base import CommandError

LOOPBACK = {"127.0.0.1", "localhost", "::1"}


class Command(StaticRunserver):
    addr: str

    def run(self, **options: Any) -> None:
        if settings.DEBUG and self.addr not in LOOPBACK:
            raise CommandError(
                f"debug is on, so the development server serves this computer only, not {self.addr}. "
                "To serve the phones at the tables, run `make run ADDRESS=0.0.0.0:8000` (debug off)."
            )
        super().run(**options)
