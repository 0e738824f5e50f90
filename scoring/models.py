"""Every model of the app, gathered from the domains that define them (Django looks for them here)."""

from scoring.club.models import Club, Membership, Player, Tariff
from scoring.sittings.models import Breakdown, DealRevision, ScoreRow, Seat, Sitting

__all__ = ["Breakdown", "Club", "DealRevision", "Membership", "Player", "ScoreRow", "Seat", "Sitting", "Tariff"]
