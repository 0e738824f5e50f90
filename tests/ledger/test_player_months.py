"""Each player's months are the sums of his seats of that month, after any write, so that the
season table summed from the months (and from the seats of a season's partial first and last
months) is the table the seats make sitting by sitting."""

from __future__ import annotations

import datetime
import io
import random
from collections import Counter

import pytest
from django.apps import apps
from django.core.management import call_command

from scoring.club.models import Club, Membership
from scoring.engine import VARIANTS
from scoring.ledger.models import Season
from scoring.ledger.ranking import Mode, PlayerSeason
from scoring.ledger.results import (
    Period,
    calendar_year,
    money_of,
    parts,
    period_of,
    season_money_of,
    season_sittings,
    season_table_of,
    seasons_of,
    summed_seasons,
)
from scoring.ledger.services import add_season, save_rule
from scoring.samples import random_sitting, valid_deal
from scoring.sittings import months
from scoring.sittings.models import PlayerMonth, Seat, Sitting
from scoring.sittings.services import close_sitting, correct_deal, import_sitting, record_deal, remove_last_deal
from scoring.tournaments import services as tournaments

from ..factories import make_club, make_member
from ..tournaments.helpers import draw_and_play, kosakeln_win, make_tournament

pytestmark = pytest.mark.django_db

filling = __import__("scoring.migrations.0030_seat_balances", fromlist=["fill"])

NAMES = ["Anna", "Bernd", "Carla", "Dieter", "Emil"]
VARIANT = "danish_tarok"
YEAR = calendar_year(2026)


def season_from(club: Club, start: str, end: str) -> Period:
    """A season an admin defined, from ``start`` to ``end`` (both included)."""
    day = datetime.date.fromisoformat
    add_season(club, name=f"{start} to {end}", start=day(start), end=day(end))
    return period_of(Season.objects.get(club=club, start=day(start)))


def assert_the_months_sum_the_seats(club: Club, *periods: Period, variant: str = VARIANT) -> None:
    """The months stored are those the seats make (``months.rebuild`` finds nothing to rebuild);
    each player's season summed from them, with the tournaments' tables and without, is the sum
    of his seats of the period; and each period's table in its rule is the table of the players'
    sitting-by-sitting results; each period's money (of the game, and of every game) is the sum
    of its sittings' balances (each seat's is checked against its game points by ``rebuild``)."""
    assert months.rebuild(club.pk) == []
    for period in periods:
        for with_tournaments in (False, True):
            found = parts(club, period, season_sittings(club, period, with_tournaments=with_tournaments), variant)
            seasons, ids = summed_seasons(club, period, variant, Mode(), with_tournaments=with_tournaments)
            assert {name: sums(season) for name, season in seasons.items()} == {
                name: sums(season) for name, season in seasons_of(found).items()
            }, period.name
            assert ids == {part.player: part.player_id for part in found}, period.name
        found = parts(club, period, season_sittings(club, period), variant)
        summed, sitting_by_sitting = (
            season_table_of(club, period, variant),
            season_table_of(club, period, variant, found),
        )
        assert summed.rows == sitting_by_sitting.rows, period.name
        assert summed.player_ids == sitting_by_sitting.player_ids, period.name
        for game in (variant, None):
            every = money_of(parts(club, period, season_sittings(club, period), game))
            money = season_money_of(club, period, game)
            summed: Counter[str] = Counter()
            for sitting in every:
                summed.update(sitting.balances)
            assert money.money.balances == dict(summed), period.name
            assert money.money.kasse == sum(sitting.kasse for sitting in every), period.name
            assert money.attendance == Counter(name for sitting in every for name in sitting.players), period.name
            assert money.provisional == any(not sitting.terms.closed for sitting in every), period.name


def sums(season: PlayerSeason) -> tuple[int, int, int, bool, int]:
    """What a season table reads of a player's season outside ``best_n``: his sittings, deals,
    game points, whether one is open, and his best sitting."""
    return season.sittings, season.deals, season.points, season.provisional, max(season.best)


def evenings(club: Club, rng: random.Random, dates: list[str]) -> list[Sitting]:
    return [
        import_sitting(
            club,
            {**random_sitting(rng, VARIANT, deals=rng.randint(1, 4), players=rng.sample(NAMES, 4)), "date": day},
            user=None,
        )
        for day in dates
    ]


def test_it_keeps_the_months_as_the_seats_sum_after_any_sequence_of_writes() -> None:
    club = make_club("months")
    rng = random.Random(25)
    sittings = evenings(club, rng, ["2026-03-14", "2026-03-31", "2026-04-01", "2026-04-17", "2026-05-02"])
    periods = [YEAR, season_from(club, "2026-03-15", "2026-04-20"), season_from(club, "2026-04-01", "2026-04-30")]
    rules = VARIANTS[VARIANT]
    admin = make_member(club, "ada", Membership.Role.ADMIN)  # who may change a closed sitting too
    done = []
    for step in range(30):
        sitting = Sitting.objects.get(pk=rng.choice(sittings).pk)
        names = [player.display_name for player in sitting.seated_players()]
        live = sitting.live_deals().count()
        actions = ["record", "correct", "remove", "close"] if live else ["record"]
        if not sitting.is_closed:  # as a tournament's open tables move with its date
            actions.append("move")
        action = rng.choice(actions)
        if action == "record":
            record_deal(sitting, valid_deal(rng, rules, names, sitting.options, live, 1), user=admin)
        elif action == "correct":
            number = rng.randint(1, live)
            deal = valid_deal(rng, rules, names, sitting.options, number - 1, 1)
            correct_deal(sitting, number, deal, user=admin, reason=f"step {step}")
        elif action == "remove":
            remove_last_deal(sitting, user=admin, reason=f"step {step}")
        elif action == "close":
            close_sitting(sitting, user=admin)
        else:  # across the end of its month
            moved = sitting.date + datetime.timedelta(days=rng.choice([-20, 20]))
            with months.kept(Sitting.objects.filter(pk=sitting.pk)):
                Sitting.objects.filter(pk=sitting.pk).update(date=moved)
        done.append(action)
        assert_the_months_sum_the_seats(club, *periods)
    assert {"record", "correct", "remove", "close", "move"} <= set(done)


def test_it_forgets_a_deleted_sittings_months() -> None:
    club = make_club("months")
    _first, second = evenings(club, random.Random(4), ["2026-06-03", "2026-06-24"])
    with months.kept(Sitting.objects.filter(pk=second.pk)):
        Sitting.objects.filter(pk=second.pk).delete()
    assert_the_months_sum_the_seats(club, YEAR)
    assert PlayerMonth.objects.filter(club=club).count() == 4


@pytest.mark.parametrize(
    "mode", [Mode(), Mode("per_deal", minimum_attendance=3), Mode("best_n", best=2)], ids=lambda mode: mode.mode
)
def test_it_sums_a_season_that_starts_and_ends_within_a_month(mode: Mode) -> None:
    club = make_club("months")
    rng = random.Random(7)
    days = [f"2026-{month:02d}-{day:02d}" for month in (2, 3, 4, 5) for day in (1, 9, 16, 28)]
    for sitting in evenings(club, rng, days)[::2]:
        close_sitting(sitting, user=None)
    within = season_from(club, "2026-02-10", "2026-05-15")
    inside_one = season_from(club, "2026-03-05", "2026-03-20")
    across_two = season_from(club, "2026-03-12", "2026-04-12")
    for period in (YEAR, within, inside_one, across_two):
        save_rule(club, VARIANT, period, mode=mode)
    assert_the_months_sum_the_seats(club, YEAR, within, inside_one, across_two)


@pytest.mark.parametrize("with_tournaments", [False, True])
def test_it_counts_a_tournaments_tables_in_months_of_their_own(with_tournaments: bool) -> None:
    club = make_club("stammtisch")
    tournament = make_tournament(club, "Anna", "Bert", "Carl", "Dora", rounds=1)
    draw_and_play(tournament, kosakeln_win(lambda players: players[0]))
    import_sitting(club, {**random_sitting(random.Random(2), "kosakeln", deals=3), "date": "2026-11-20"}, user=None)
    november = season_from(club, "2026-11-10", "2026-11-30")
    save_rule(club, "kosakeln", YEAR, mode=Mode(), with_tournaments=with_tournaments)
    save_rule(club, "kosakeln", november, mode=Mode(), with_tournaments=with_tournaments)
    assert_the_months_sum_the_seats(club, YEAR, november, variant="kosakeln")
    tournaments.close_tournament(tournament)
    assert_the_months_sum_the_seats(club, YEAR, november, variant="kosakeln")
    assert PlayerMonth.objects.filter(club=club, in_tournament=True, open_sittings=0).count() == 4


def test_recompute_scores_reports_and_rebuilds_months_that_differ_from_the_seats() -> None:
    club = make_club("months")
    evenings(club, random.Random(5), ["2026-01-10", "2026-02-10"])
    PlayerMonth.objects.filter(club=club).update(points=12345)
    PlayerMonth.objects.filter(club=club, month="2026-02-01").delete()

    said = io.StringIO()
    call_command("recompute_scores", stdout=said)

    assert said.getvalue().count("summed from the seats") == 8
    assert_the_months_sum_the_seats(club, YEAR)


def test_the_migration_works_out_the_balances_and_sums_the_months_of_the_seats_stored_before_it() -> None:
    club = make_club("months")
    evenings(club, random.Random(6), ["2026-01-10", "2026-01-20", "2026-07-01"])
    kept = sorted(Seat.objects.values_list("pk", "cents"))
    PlayerMonth.objects.all().delete()
    Seat.objects.update(cents=0)
    filling.fill(apps, None)
    assert sorted(Seat.objects.values_list("pk", "cents")) == kept
    assert_the_months_sum_the_seats(club, YEAR)
