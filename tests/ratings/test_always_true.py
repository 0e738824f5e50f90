"""The stored ratings are always what re-rating every closed sitting in date order gives.

Closing a sitting rates it; a correction of a closed sitting, a taken-back deal and a sitting
dated in the past re-rate from that sitting on, in the same transaction; ``manage.py rate``
re-rates from scratch, reports any row that differed and fixes it.
"""

from __future__ import annotations

import datetime
from io import StringIO

import pytest
from django.core.management import call_command
from django.db.models import F

from scoring.club.models import Club, Membership
from scoring.management.commands import recompute_scores
from scoring.ratings import stored as stored_module
from scoring.ratings.models import Rating
from scoring.ratings.stored import rebuild, rerate
from scoring.sittings.models import Seat, Sitting
from scoring.sittings.services import close_sitting, correct_deal, import_sitting, record_deal, remove_last_deal
from scoring.tournaments import services as tournaments

from ..factories import make_club, make_member
from ..tournaments.helpers import draw_and_play, kosakeln_win, make_tournament, play
from .helpers import GAME, deal, played, season, stored

pytestmark = pytest.mark.django_db


def as_from_scratch(club: Club) -> None:
    assert rebuild(club.pk, GAME) == [], "the stored ratings are what re-rating from scratch gives"


def test_closing_a_sitting_rates_its_players_by_their_game_points() -> None:
    club = make_club()
    sitting = played(club, datetime.date(2026, 1, 6), "Anna", "Bernd", "Carla")
    places = {name: row[3] for (_s, name), row in stored(club).items()}
    assert places == {"Anna": 1, "Bernd": 2, "Carla": 3}
    assert set(Rating.objects.values_list("sitting_id", flat=True)) == {sitting.pk}


def test_an_open_sitting_rates_nobody() -> None:
    club = make_club()
    played(club, datetime.date(2026, 1, 6), "Anna", "Bernd", "Carla", close=False)
    assert not Rating.objects.exists()


def test_a_correction_of_a_closed_sitting_mid_season_re_rates_everything_after_it() -> None:
    club = make_club()
    admin = make_member(club, "ada", Membership.Role.ADMIN)
    sittings = season(club)
    before = stored(club)
    third = sittings[2]
    correct_deal(third, 1, deal("Carla", "Anna", "Dora", "Carla"), user=admin, reason="Anna won it")
    after = stored(club)
    as_from_scratch(club)
    changed = {sitting for (sitting, _name), row in after.items() if before[sitting, _name] != row}
    assert changed == {s.pk for s in sittings[2:]}, "the sittings before it keep their ratings"


def test_a_taken_back_deal_of_a_closed_sitting_re_rates_from_it() -> None:
    club = make_club()
    admin = make_member(club, "ada", Membership.Role.ADMIN)
    sittings = season(club)
    record_deal(sittings[3], deal("Carla", "Dora", "Bernd", "Carla"), user=admin)
    before = stored(club)
    remove_last_deal(sittings[3], user=admin, reason="entered at the wrong table")
    as_from_scratch(club)
    assert stored(club) != before


def test_a_sitting_dated_in_the_past_re_rates_the_sittings_after_it_once_closed() -> None:
    club = make_club()
    sittings = season(club)
    before = stored(club)
    doc = {
        "variant": GAME,
        "date": "2026-01-10",
        "players": ["Dora", "Carla", "Bernd"],
        "deals": [deal("Dora", "Dora", "Carla", "Bernd")],
    }
    past = import_sitting(club, doc, user=None)
    assert stored(club) == before, "an imported sitting is open until it is closed"
    close_sitting(past, user=None)
    as_from_scratch(club)
    after = stored(club)
    changed = {sitting for (sitting, name), row in before.items() if after[sitting, name] != row}
    assert changed == {s.pk for s in sittings[1:]}, "the first sitting, before it, keeps its ratings"
    assert {name for (sitting, name) in after if sitting == past.pk} == {"Bernd", "Carla", "Dora"}


def test_thrown_in_deals_change_no_rating() -> None:
    """A misdeal's penalty counts in the game points, not in the ratings."""
    plain, fined = make_club("plain"), make_club("fined")
    day = datetime.date(2026, 1, 6)
    played(plain, day, "Anna", "Bernd", "Carla")
    sitting = played(fined, day, "Anna", "Bernd", "Carla", close=False)
    misdeal = {"dealer": "Anna", "thrown_in": True, "events": [{"type": "penalty", "player": "Anna", "points": 10}]}
    record_deal(sitting, misdeal, user=None)
    close_sitting(sitting, user=None)
    points = dict(sitting.seats.values_list("player__display_name", "points"))
    assert points == {"Anna": 14 - 20, "Bernd": -6 + 10, "Carla": -8 + 10}, "in game points the fine puts Anna last"
    assert list(stored(fined).values()) == list(stored(plain).values())


def test_closing_a_tournament_rates_its_tables() -> None:
    club = make_club()
    tournament = make_tournament(club, "Anna", "Bernd", "Carla", "Dora", rounds=1)
    draw_and_play(tournament, kosakeln_win(lambda players: players[0]))
    assert not Rating.objects.exists()
    tournaments.close_tournament(tournament)
    assert Rating.objects.filter(club=club, variant="kosakeln").count() == 4
    assert rebuild(club.pk, "kosakeln") == []


def test_a_tournament_dated_anew_after_its_first_draw_rates_its_tables_on_its_date() -> None:
    """Round 1 stays drawn when only the date changes: its tables move to the new date with it,
    so the tournament's close rates them, and in the order of that date."""
    club = make_club()
    tournament = make_tournament(club, "Anna", "Bernd", "Carla", "Dora", rounds=1)
    round_ = tournaments.draw_round(tournament, user=None)
    later = datetime.date(2026, 11, 21)
    settings = tournaments.Settings(
        name=tournament.name,
        variant=tournament.variant,
        date=later,
        options=tournament.options,
        scoring=tournament.scoring,
        tiebreaks=tournament.tiebreaks,
        table_sizes=tournament.table_sizes,
        deals_per_dealer=tournament.deals_per_dealer,
        rounds=tournament.rounds_planned,
        confirm_deals=tournament.confirm_deals,
    )
    assert not tournaments.change_settings(tournament, settings), "round 1 stays drawn"
    tournament.refresh_from_db()
    tournaments.publish_round(round_)
    play(round_, kosakeln_win(lambda players: players[0]))
    tournaments.close_round(round_)
    tournaments.close_tournament(tournament)
    assert set(Rating.objects.values_list("date", flat=True)) == {later}
    assert Rating.objects.count() == 4
    assert rebuild(club.pk, "kosakeln") == []


def test_closing_a_tournament_rates_tables_left_on_another_date_than_its_own() -> None:
    """A table drawn before the tables moved with the tournament's date is rated on its own."""
    club = make_club()
    tournament = make_tournament(club, "Anna", "Bernd", "Carla", "Dora", rounds=1)
    round_ = tournaments.draw_round(tournament, user=None)
    Sitting.objects.filter(round_table__round=round_).update(date=tournament.date - datetime.timedelta(days=7))
    tournaments.publish_round(round_)
    play(round_, kosakeln_win(lambda players: players[0]))
    tournaments.close_round(round_)
    tournaments.close_tournament(tournament)
    assert Rating.objects.count() == 4
    assert rebuild(club.pk, "kosakeln") == []


def test_recompute_scores_re_rates_each_game_once_from_the_first_sitting_it_rebuilt(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Rows found wrong in many sittings re-rate the game once, not once per sitting (from each
    one's date on, which would re-rate the club's years once per sitting)."""
    club = make_club()
    sittings = season(club)
    Seat.objects.filter(sitting__in=sittings[2:], number=1).update(points=F("points") - 100)
    rerate(club.pk, GAME)  # the ratings of the wrong rows
    calls: list[tuple[int, str, datetime.date | None]] = []
    real = stored_module.rerate
    counted = lambda *args: calls.append(args) or real(*args)  # noqa: E731
    monkeypatch.setattr(stored_module, "rerate", counted)
    monkeypatch.setattr(recompute_scores, "rerate", counted)  # as the command imported it, whenever it did
    call_command("recompute_scores", stdout=StringIO())
    assert calls == [(club.pk, GAME, sittings[2].date)]
    as_from_scratch(club)


def test_the_rate_command_reports_a_stored_rating_that_differed_and_fixes_it() -> None:
    club = make_club()
    season(club)
    Rating.objects.filter(pk=Rating.objects.order_by("-date").first().pk).update(mu=40.0)  # type: ignore[union-attr]
    out = StringIO()
    call_command("rate", club=club.slug, stdout=out)
    assert "differed" in out.getvalue() and ": stored " in out.getvalue()
    assert "1 differed" in out.getvalue()
    again = StringIO()
    call_command("rate", club=club.slug, stdout=again)
    assert "0 differed" in again.getvalue()


def test_the_rate_command_rates_a_game_once_to_compare_and_fix_it(monkeypatch: pytest.MonkeyPatch) -> None:
    club = make_club()
    season(club)
    Rating.objects.filter(pk=Rating.objects.order_by("-date").first().pk).update(mu=40.0)  # type: ignore[union-attr]
    calls = []
    real = stored_module.model.rate
    monkeypatch.setattr(stored_module.model, "rate", lambda *args: calls.append(1) or real(*args))
    assert len(rebuild(club.pk, GAME)) == 1
    assert len(calls) == 1
    assert rebuild(club.pk, GAME) == []
