"""Every model of the app, gathered from the areas that define them (Django looks for them here)."""

from scoring.accounts.throttle import LoginFailure
from scoring.club.models import Club, LedgerSettings, Membership, Player, Tariff
from scoring.ledger.models import RankingRule, Season
from scoring.sittings.models import Breakdown, DealRevision, ScoreRow, Seat, Sitting
from scoring.submissions import Submission
from scoring.tournaments.models import Entrant, Round, RoundTable, Tournament

__all__ = [
    "Breakdown",
    "Club",
    "DealRevision",
    "Entrant",
    "LedgerSettings",
    "LoginFailure",
    "Membership",
    "Player",
    "RankingRule",
    "Round",
    "RoundTable",
    "ScoreRow",
    "Season",
    "Seat",
    "Sitting",
    "Submission",
    "Tariff",
    "Tournament",
]
