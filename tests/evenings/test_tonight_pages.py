"""Tonight's pages as a scorekeeper uses them: check in, see the proposal and its repeats, swap,
start the tables, the next tables; each form posted as the page renders it."""

from __future__ import annotations

import datetime
from typing import Any

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from scoring.club.models import Club, Membership, Player
from scoring.engine.reasons import _
from scoring.evenings import services
from scoring.evenings.models import Evening, PlayerGroup
from scoring.ledger.services import add_season
from scoring.sittings.models import Sitting
from scoring.sittings.services import close_sitting, start_sitting
from scoring.tournaments.services import draw_round

from ..factories import make_club, make_players
from ..pages import form_on, send
from ..tournaments.helpers import make_tournament
from .helpers import NAMES, asking, check_in, said_in, signed_in, tables, url_of

pytestmark = pytest.mark.django_db


def test_it_proposes_tables_for_those_checked_in(club: Club, keeper: Client) -> None:
    page = check_in(keeper, club, NAMES)
    seated = tables(club)
    assert sorted(name for table in seated for name in table) == sorted(NAMES)
    assert [len(table) for table in seated] == [4, 4]
    for name in NAMES:
        assert name in page.content.decode()


def test_it_lists_each_repeated_pair_with_how_often_and_when_beside_the_fewest(club: Club, keeper: Client) -> None:
    # only Anna, Bernd and Carla came: they all sat together last week
    page = check_in(keeper, club, ["Anna", "Bernd", "Carla"])
    text = page.content.decode()
    last_week = timezone.localdate() - datetime.timedelta(days=7)
    assert f"Anna and Bernd: 1 of 1 evening, last on {last_week.day} {last_week:%B}" in text
    assert "3 pairs have sat together this season" in text
    assert "the fewest the season allows: 3" in text


def test_a_swap_changes_two_places_and_the_repeats_are_counted_again(club: Club, keeper: Client) -> None:
    check_in(keeper, club, NAMES)
    before = tables(club)
    a, b = before[0][0], before[1][0]
    page = keeper.get(url_of(club))
    ids = {p.display_name: str(p.pk) for p in club.players.all()}
    answer = send(keeper, url_of(club), form_on(page, action="swap/"), {"a": ids[a], "b": ids[b]}, follow=True)
    after = tables(club)
    assert after[0][0] == b and after[1][0] == a
    assert "have sat together this season" in answer.content.decode()


@pytest.mark.parametrize("language", ["de", "da"])
def test_a_swap_of_someone_not_in_the_proposal_is_refused_in_the_pages_language(
    club: Club, keeper: Client, language: str
) -> None:
    check_in(keeper, club, NAMES[:6], language)
    before = tables(club)
    page = keeper.get(url_of(club), **asking(language))
    form = form_on(page, action="swap/")
    data = form.data()
    hans = Player.objects.get(display_name="Hans")
    data["a"] = str(hans.pk)  # a stale page: Hans has gone home since
    answer = keeper.post(url_of(club, "swap/"), data, follow=True, **asking(language))
    words = said_in(language, _("{name} is not at tonight's proposed tables"), name="Hans")
    assert words in answer.content.decode()
    assert tables(club) == before


@pytest.mark.parametrize("language", ["de", "da"])
def test_a_swap_with_another_clubs_player_is_refused_and_names_nobody(
    club: Club, keeper: Client, language: str
) -> None:
    check_in(keeper, club, NAMES, language)
    before = tables(club)
    (olga,) = make_players(make_club("nachbarn"), "Olga")
    data = form_on(keeper.get(url_of(club), **asking(language)), action="swap/").data()
    for tampered in (str(olga.pk), "987654321"):
        answer = keeper.post(url_of(club, "swap/"), {**data, "b": tampered}, follow=True, **asking(language))
        told = [str(message) for message in answer.context["messages"]]
        assert told == [said_in(language, _("Choose two players of tonight's proposed tables."))]
        assert "Olga" not in answer.content.decode()
    assert tables(club) == before


def test_the_fewest_repeats_of_started_tables_stay_theirs_when_the_preferred_size_changes() -> None:
    club = make_club("zwoelf")
    players = make_players(club, *(f"P{n:02d}" for n in range(12)))
    last_week = timezone.localdate() - datetime.timedelta(days=7)
    for first in (0, 4, 8):
        start_sitting(club, "grosstarock", players[first : first + 4], user=None, date=last_week)
    evening = services.check_in(club, "grosstarock", players, table_size=3, user=None)
    services.start_tables(evening, user=None)  # four tables of 3: nobody need meet again
    services.check_in(club, "grosstarock", players, table_size=4, user=None)  # for the next tables
    text = signed_in(club, "kurt", Membership.Role.SCOREKEEPER).get(url_of(club)).content.decode()
    assert "0 pairs have sat together this season" in text
    assert "the fewest the season allows: 0" in text


def test_one_tap_starts_every_table_and_a_second_send_starts_nothing_more(club: Club, keeper: Client) -> None:
    check_in(keeper, club, NAMES)
    proposed = tables(club)
    page = keeper.get(url_of(club))
    form = form_on(page, action="start/")
    before = Sitting.objects.count()
    send(keeper, url_of(club), form, follow=True)
    send(keeper, url_of(club), form, follow=True)
    assert Sitting.objects.count() == before + 2
    started = Sitting.objects.order_by("-pk")[:2]
    assert sorted([p.display_name for p in s.seated_players()] for s in started) == sorted(proposed)
    as_any_sitting = Sitting.objects.order_by("pk").first()  # last week's, started from the sitting form's service
    assert as_any_sitting is not None
    assert all(s.options == as_any_sitting.options for s in started)
    assert all(s.cents_per_point == club.tariff("grosstarock") for s in started)


@pytest.mark.parametrize("language", ["de", "da"])
def test_a_start_with_too_few_players_is_refused_in_the_pages_language(
    club: Club, keeper: Client, language: str
) -> None:
    check_in(keeper, club, NAMES[:4], language)
    start = form_on(keeper.get(url_of(club), **asking(language)), action="start/")
    check_in(keeper, club, NAMES[:2], language)  # two went home; the old page is still open
    answer = send(keeper, url_of(club), start, follow=True, **asking(language))
    template = "{count} players are checked in: tables need at least {fewest}"
    assert said_in(language, template, count=2, fewest=3) in answer.content.decode()
    assert Sitting.objects.count() == 2


def test_the_next_tables_count_the_first_round_as_history(club: Club, keeper: Client) -> None:
    check_in(keeper, club, NAMES)
    send(keeper, url_of(club), form_on(keeper.get(url_of(club)), action="start/"), follow=True)
    first = tables(club)
    page = keeper.get(url_of(club))
    assert not [f for f in (page.content.decode(),) if 'action="/clubs/stammtisch/tonight/grosstarock/next/"' in f]
    for sitting in Evening.objects.get(club=club).rounds.get().sittings.all():
        close_sitting(sitting, user=None)
    send(keeper, url_of(club), form_on(keeper.get(url_of(club)), action="next/"), follow=True)
    second = tables(club)
    assert second != first
    met = {frozenset((a, b)) for table in first for a in table for b in table if a != b}
    pairs = {frozenset((a, b)) for table in second for a in table for b in table if a != b}
    assert len(met & pairs) == 4  # 8 at two tables of 4 after one round: the fewest possible


def test_a_guest_is_added_to_the_club_and_checked_in(club: Club, keeper: Client) -> None:
    check_in(keeper, club, NAMES[:3])
    page = keeper.get(url_of(club))
    send(keeper, url_of(club), form_on(page, action="guest/"), {"display_name": "Zora"}, follow=True)
    guest = club.players.get(display_name="Zora")
    assert guest in Evening.objects.get(club=club).present.all()
    assert any("Zora" in table for table in tables(club))


def test_a_player_back_after_a_break_is_named_in_the_guest_form_and_is_active_again(club: Club, keeper: Client) -> None:
    """Ina no longer appears in the check-in list (not active): typed in as a guest she is the
    club's Ina again, under her own name and with her history, not a second player."""
    ina = Player.objects.create(club=club, display_name="Ina", active=False)
    check_in(keeper, club, NAMES[:3])
    page = keeper.get(url_of(club), **asking("de"))
    offered = [c.value for c in form_on(page, action="check-in/").controls if c.name == "players"]
    assert str(ina.pk) not in offered
    guest_form = form_on(page, action="guest/")
    answer = send(keeper, url_of(club), guest_form, {"display_name": "ina"}, follow=True, **asking("de"))
    ina.refresh_from_db()
    assert ina.active and ina.display_name == "Ina" and club.players.count() == len(NAMES) + 1
    assert ina in Evening.objects.get(club=club).present.all()
    assert told(answer) == [said_in("de", _("{name} is checked in."), name="Ina")]


def test_a_couple_the_club_keeps_apart_is_seated_apart(club: Club, keeper: Client) -> None:
    couple = PlayerGroup.objects.create(club=club, name="Huber", together=False)
    couple.members.set(club.players.filter(display_name__in=["Emil", "Fritz"]))
    check_in(keeper, club, NAMES)
    assert not any({"Emil", "Fritz"} <= set(table) for table in tables(club))


def test_anonymous_visitors_and_other_clubs_members_see_no_names(club: Club, keeper: Client) -> None:
    check_in(keeper, club, NAMES)
    other = make_club("nachbarn", public=True)
    stranger = signed_in(other, "sepp", Membership.Role.ADMIN)
    viewer = signed_in(club, "vera", Membership.Role.VIEWER)
    for client, status in ((Client(), 302), (stranger, 404), (viewer, 403)):
        for what in ("", "print/"):
            answer = client.get(url_of(club, what))
            assert answer.status_code == status
            assert not any(name in answer.content.decode() for name in NAMES)


def test_the_printed_seating_names_every_player(club: Club, keeper: Client) -> None:
    check_in(keeper, club, NAMES)
    text = keeper.get(url_of(club, "print/")).content.decode()
    assert all(name in text for name in NAMES) and "print-page" in text


def test_another_proposal_uses_the_next_seed(club: Club, keeper: Client) -> None:
    check_in(keeper, club, NAMES)
    send(keeper, url_of(club), form_on(keeper.get(url_of(club)), action="again/"), follow=True)
    round_ = Evening.objects.get(club=club).rounds.get()
    assert round_.seed == 2
    assert sorted(p for table in round_.tables for p in table) == sorted(p.pk for p in club.players.all())


@pytest.mark.parametrize(
    ("language", "line"),
    [
        ("en", "Anna and Bernd: 1 of 1 evening, last on 14 November"),
        ("de", "Anna und Bernd: 1 von 1 Abend, zuletzt am 14. November"),
        ("da", "Anna og Bernd: 1 af 1 aften, sidst den 14. november"),
    ],
)
def test_a_tournament_table_counts_as_having_sat_together_on_a_day_written_as_the_page_writes_it(
    language: str, line: str
) -> None:
    club = make_club("turnier")
    tournament = make_tournament(club, "Anna", "Bernd", "Carla", variant="grosstarock", sizes=(3,))
    draw_round(tournament, user=None)  # one table of three, on 14 November
    add_season(club, name="Winter", start=datetime.date(2026, 11, 1), end=timezone.localdate())
    keeper = signed_in(club, "kurt", Membership.Role.SCOREKEEPER)
    assert line in check_in(keeper, club, ["Anna", "Bernd", "Carla"], language).content.decode()


def test_a_start_from_a_second_open_page_is_refused_and_starts_nothing(club: Club, keeper: Client) -> None:
    check_in(keeper, club, NAMES)
    one, other = (form_on(keeper.get(url_of(club)), action="start/") for _page in range(2))
    send(keeper, url_of(club), one, follow=True)
    answer = send(keeper, url_of(club), other, follow=True)
    assert "Tonight&#x27;s tables have started already." in answer.content.decode()
    assert Sitting.objects.count() == 2 + 2


def told(answer: Any) -> list[str]:
    return [str(message) for message in answer.context["messages"]]


@pytest.mark.parametrize("language", ["de", "da"])
def test_tampered_check_ins_and_guests_are_refused_in_the_pages_language_and_change_nothing(
    club: Club, keeper: Client, language: str
) -> None:
    gone = Player.objects.create(club=club, display_name="Ina", active=False)
    check_in(keeper, club, NAMES[:4], language)
    before = tables(club), club.players.count()
    page = keeper.get(url_of(club), **asking(language))
    posts = [
        ("check-in/", {"players": [str(gone.pk)]}),  # an inactive player, not on the page
        ("check-in/", {"table_size": "7"}),
        ("guest/", {"display_name": ""}),
        ("guest/", {"display_name": "G" * 300}),
        ("guest/", {"display_name": "Anna"}),
    ]
    for action, tampered in posts:
        data = {**form_on(page, action=action).data(), **tampered}
        refused = told(keeper.post(url_of(club, action), data, follow=True, **asking(language)))
        in_english = told(keeper.post(url_of(club, action), data, follow=True))
        assert len(refused) == 1 and refused != in_english, (action, tampered, refused)
    assert (tables(club), club.players.count()) == before


def test_the_evening_page_reads_as_many_queries_for_forty_players_as_for_eight(club: Club, keeper: Client) -> None:
    check_in(keeper, club, NAMES)
    with CaptureQueriesContext(connection) as eight:
        keeper.get(url_of(club))
    many = [f"Spieler {n:02d}" for n in range(32)]
    make_players(club, *many)
    check_in(keeper, club, NAMES + many)
    with CaptureQueriesContext(connection) as forty:
        keeper.get(url_of(club))
    assert len(forty) == len(eight)
