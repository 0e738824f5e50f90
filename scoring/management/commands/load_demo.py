"""``python manage.py load_demo``: the demo club for a new database, and its login."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand

from scoring.demo import DEMO_PASSWORD, DEMO_USER, demo_exists, load_demo


class Command(BaseCommand):
    help = "Load the demo club (players, a login, one sitting per variant) unless it exists."

    def handle(self, *args: Any, **options: Any) -> None:
        if demo_exists():
            self.stdout.write("The demo club is already there.")
        else:
            club = load_demo()
            self.stdout.write(f"Loaded the demo club {club.name!r} with {club.sittings.count()} sittings.")
        self.stdout.write(f"Demo login: user {DEMO_USER!r}, password {DEMO_PASSWORD!r} (club admin)")
