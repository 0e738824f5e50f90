"""Tonight's club: eight players, six of whom sat at two tables of three last week, and its
scorekeeper signed in."""

from __future__ import annotations

import datetime

import pytest
from django.test import Client
from django.utils import timezone

from scoring.club.models import Club, Membership
from scoring.sittings.services import start_sitting

from ..factories import make_club, make_players
from .helpers import NAMES, signed_in


@pytest.fixture
def club() -> Club:
    club = make_club()
    players = make_players(club, *NAMES)
    last_week = timezone.localdate() - datetime.timedelta(days=7)
    # last week Anna and Bernd sat together (a club sitting), and so did Carla and Dora
    start_sitting(club, "grosstarock", players[:3], user=None, date=last_week)
    start_sitting(club, "grosstarock", players[3:6], user=None, date=last_week)
    return club


@pytest.fixture
def keeper(club: Club) -> Client:
    return signed_in(club, "kurt", Membership.Role.SCOREKEEPER)
