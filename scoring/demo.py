"""The demo club that ``make run`` loads into a new database.

Players, a demo login (club admin) and one sitting per variant of about ten deals. The sittings
are made as sitting documents and stored through the import service, like any club's data.
Tonight everyone is checked in for Grosstarock, so that *Tonight's tables* has a proposal.
"""

from __future__ import annotations

import datetime
import random

from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils import timezone

from scoring.club.models import Club, Membership
from scoring.club.services import set_member
from scoring.engine import VARIANTS
from scoring.evenings.services import check_in
from scoring.samples import random_sitting
from scoring.sittings.models import Sitting
from scoring.sittings.services import import_sitting

DEMO_CLUB = "demo"
DEMO_USER = "demo"
DEMO_PASSWORD = "tarock-1754"
PLAYERS = ["Anna", "Bernd", "Carla", "Dieter", "Emma", "Franz", "Gerti", "Hubert"]
TABLES = {
    "german_taroc": ["Anna", "Bernd", "Carla"],
    "grosstarock": ["Dieter", "Emma", "Franz", "Gerti"],
    "danish_tarok": ["Anna", "Carla", "Emma", "Gerti"],
    "droggn": ["Bernd", "Dieter", "Franz", "Hubert"],
    "kosakeln": ["Carla", "Hubert"],
    "dreiertarock": ["Anna", "Emma", "Hubert"],
}


def demo_exists() -> bool:
    return Club.objects.filter(slug=DEMO_CLUB).exists()


def load_demo(seed: int = 1754, deals: int = 10) -> Club:
    """Create the demo club with its sittings; does nothing if it is there already."""
    existing = Club.objects.filter(slug=DEMO_CLUB).first()
    if existing is not None:
        return existing
    rng = random.Random(seed)
    today = timezone.localdate()
    with transaction.atomic():
        club = Club.objects.create(name="Tarockrunde Demo", slug=DEMO_CLUB, public=False)
        for name in PLAYERS:
            club.players.create(display_name=name)
        set_member(club, username=DEMO_USER, role=Membership.Role.ADMIN, password=DEMO_PASSWORD)
        for days_ago, key in enumerate(VARIANTS):
            doc = random_sitting(rng, key, deals=deals, players=TABLES[key], items=1)
            doc["date"] = (today - datetime.timedelta(days=7 * days_ago)).isoformat()
            import_sitting(club, doc, user=get_user_model().objects.get(username=DEMO_USER))
        check_in(club, "grosstarock", list(club.players.all()), user=None)
    return club


def demo_sittings() -> list[Sitting]:
    return list(Sitting.objects.filter(club__slug=DEMO_CLUB).order_by("variant"))
