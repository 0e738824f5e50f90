"""Every model of the app, gathered from the areas that define them (Django looks for them here)."""

from scoring.accounts.throttle import LoginFailure
from scoring.club.models import Club, LedgerSettings, Membership, Player, Tariff
from scoring.evenings.models import Evening, EveningRound, PlayerGroup
from scoring.ledger.models import PaidTransfer, RankingRule, Season
from scoring.ratings.models import Rating
from scoring.sittings.models import Breakdown, DealRevision, PlayerMonth, ScoreRow, Seat, Sitting
from scoring.submissions import Submission
from scoring.tournaments.models import Entrant, Round, RoundTable, Tournament

__all__ = [
    "Breakdown",
    "Club",
    "DealRevision",
    "Entrant",
    "Evening",
    "EveningRound",
    "LedgerSettings",
    "LoginFailure",
    "Membership",
    "PaidTransfer",
    "Player",
    "PlayerGroup",
    "PlayerMonth",
    "RankingRule",
    "Rating",
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
