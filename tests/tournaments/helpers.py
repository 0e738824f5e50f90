"""Small builders for tournament tests: a tournament of named entrants, and rounds played with
deals the test chooses."""

from __future__ import annotations

import datetime
from collections.abc import Callable
from typing import Any

from scoring.club.models import Club
from scoring.sittings.results import next_dealer
from scoring.sittings.services import record_deal
from scoring.tournaments import services
from scoring.tournaments.models import Round, Tournament
from scoring.tournaments.results import round_tables


def make_tournament(
    club: Club, *names: str, variant: str = "kosakeln", sizes: tuple[int, ...] = (2,), **chosen: Any
) -> Tournament:
    settings = services.Settings(
        name=chosen.pop("name", "Herbstturnier"),
        variant=variant,
        date=datetime.date(2026, 11, 14),
        options=chosen.pop("options", {}),
        scoring=chosen.pop("scoring", "game_points"),
        tiebreaks=chosen.pop("tiebreaks", ["table_wins", "best_round", "lot"]),
        table_sizes=sizes,
        deals_per_dealer=chosen.pop("deals_per_dealer", 1),
        rounds=chosen.pop("rounds", 3),
        seed=chosen.pop("seed", 7),
        # tests of confirmation say so; the others enter deals that count as entered
        confirm_deals=chosen.pop("confirm_deals", False),
        **chosen,
    )
    tournament = services.create_tournament(club, settings, user=None)
    for name in names:
        services.add_entrant(tournament, name=name)
    return tournament


Deal = Callable[[list[str], str, str | None], dict[str, Any]]
"""A deal for a table: given its players in seat order, the dealer and who sits out."""


def kosakeln_win(winner: Callable[[list[str]], str]) -> Deal:
    """A Kosakeln Solo made by the player ``winner`` picks: 12 game points from the other."""

    def deal(players: list[str], dealer: str, out: str | None) -> dict[str, Any]:
        return {"dealer": dealer, "declarer": winner(players), "contract": "solo", "declarer_points": 40}

    return deal


def play(round_: Round, deal: Deal, tables: list[int] | None = None) -> None:
    """Enter every deal due at the round's tables (or only at those numbered in ``tables``)."""
    for view in round_tables(round_):
        if tables is not None and view.table.number not in tables:
            continue
        sitting = view.table.sitting
        players = [p.display_name for p in sitting.seated_players()]
        for _deal in range(view.due - view.deals):
            dealer, out = next_dealer(sitting)
            record_deal(sitting, deal(players, dealer, out), user=None)


def draw_and_play(tournament: Tournament, deal: Deal) -> Round:
    round_ = services.draw_round(tournament, user=None)
    services.publish_round(round_)
    play(round_, deal)
    return services.close_round(round_)
