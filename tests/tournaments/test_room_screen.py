"""The room's screen (the projector view) and its clock: the director sets the round's length,
starts and pauses the clock from the round page, and the time run survives a pause; the screen
shows the round being played (never a drawn one), each table's progress and the standings after
the last closed round, names as the standings page gives them to its reader; its JSON carries
what its script shows; and while the director holds results back and a round is open, neither
the screen nor the table links nor the public standings show any standings."""

from __future__ import annotations

import datetime
import re
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from scoring.club.models import Membership, Player
from scoring.engine import Refusal
from scoring.tournaments import clock, services
from scoring.tournaments.clock import Clock, Reading, minutes_seconds
from scoring.tournaments.models import Round, Tournament
from scoring.tournaments.results import standings

from ..factories import make_club, make_member
from ..pages import Form, fill_and_send, forms_of, send
from .helpers import draw_and_play, kosakeln_win, make_tournament, play
from .test_table_sittings import director, link, published, round_page

pytestmark = pytest.mark.django_db

ALPHABET_WINS = kosakeln_win(min)
NOON = datetime.datetime(2026, 11, 14, 12, 0, tzinfo=datetime.UTC)
ENTRANTS = ("Anna Maria Huber", "Bernd", "Carla", "Dora", "Emil", "Franz")


def address(name: str, tournament: Tournament) -> str:
    return reverse(f"tournaments:{name}", kwargs={"slug": tournament.club.slug, "pk": tournament.pk})


def clock_form(page: Any, button: str) -> Form:
    """The round clock's form with the button ``button`` (``set``, ``start`` or ``pause``)."""
    found = [form for form in forms_of(page.content.decode()) if ("clock", button) in form.buttons]
    assert len(found) == 1, f"{len(found)} forms of the round clock have the button {button!r}"
    return found[0]


def press(client: Client, tournament: Tournament, button: str, typed: dict[str, Any] | None = None) -> str:
    """Press a button of the round clock on round 1's page; the page it comes back to."""
    url = round_page(tournament)
    answer = send(client, url, clock_form(client.get(url), button), typed, button="clock", follow=True)
    assert answer.redirect_chain[-1][0] == url
    return str(answer.content.decode())


def second_round_played(**chosen: Any) -> tuple[Tournament, Round]:
    """Round 1 closed (the alphabet wins every table), round 2 published with every deal entered
    (the alphabet loses): the live standings are not those after round 1."""
    tournament = make_tournament(make_club(), *ENTRANTS, **chosen)
    draw_and_play(tournament, ALPHABET_WINS)
    second = services.draw_round(tournament, user=None)
    services.publish_round(second)
    play(second, kosakeln_win(max))
    return tournament, second


# --- the clock ------------------------------------------------------------------------------


def test_it_counts_down_from_the_length_and_keeps_the_time_run_over_a_pause() -> None:
    assert Clock(45, None).read(NOON) == Reading(45, 45 * 60, running=False, paused=False), "not started"
    running = Clock(45, NOON, run_before=0)
    assert running.read(NOON + datetime.timedelta(minutes=10, seconds=30)) == Reading(45, 34 * 60 + 30, True, False)
    paused = Clock(45, None, run_before=600)
    assert paused.read(NOON + datetime.timedelta(hours=3)) == Reading(45, 35 * 60, running=False, paused=True)
    assert Clock(45, NOON, run_before=600).left(NOON + datetime.timedelta(minutes=5)) == 30 * 60, "started again"


def test_time_is_up_at_zero_and_never_below() -> None:
    late = Clock(1, NOON).read(NOON + datetime.timedelta(minutes=5))
    assert late == Reading(1, 0, running=False, paused=False) and late.shown == "00:00"
    assert Clock(None, NOON).left(NOON) is None and Clock(None, None).read(NOON) is None


def test_it_shows_minutes_and_seconds_as_the_screen_does() -> None:
    assert [minutes_seconds(s) for s in (0, 65, 45 * 60, 90 * 60)] == ["00:00", "01:05", "45:00", "90:00"]


def test_the_director_sets_starts_and_pauses_the_clock_from_the_round_page() -> None:
    tournament, _table = published("Anna", "Bernd")
    dora = director(tournament.club)
    page = press(dora, tournament, "set", {"minutes": "45"})
    assert "The round lasts 45 minutes." in page and "45:00 left" in page
    round_ = tournament.rounds.get()
    assert (round_.clock_minutes, round_.clock_started_at, round_.clock_run_seconds) == (45, None, 0)

    page = press(dora, tournament, "start")
    assert "The round&#x27;s clock runs." in page and 'value="pause"' in page and 'value="start"' not in page
    started = Round.objects.get(pk=round_.pk).clock_started_at
    assert started is not None
    Round.objects.filter(pk=round_.pk).update(clock_started_at=started - datetime.timedelta(minutes=10))  # time passes

    page = press(dora, tournament, "pause")
    assert "The round&#x27;s clock is paused." in page and 'value="start"' in page
    round_.refresh_from_db()
    assert round_.clock_started_at is None and round_.clock_run_seconds in (600, 601)
    assert clock.clock_of(round_).left(NOON) == 45 * 60 - round_.clock_run_seconds, "paused, it stands still"
    assert "35:00 left" in page or "34:59 left" in page

    page = press(dora, tournament, "set", {"minutes": "50"})
    round_.refresh_from_db()
    assert round_.clock_run_seconds in (600, 601), "a new length keeps the time run"
    assert "40:00 left" in page or "39:59 left" in page


def test_the_clock_refuses_a_length_it_cannot_count() -> None:
    tournament, _table = published("Anna", "Bernd")
    dora = director(tournament.club)
    for typed in ("0", "601", "ninety"):
        page = press(dora, tournament, "set", {"minutes": typed})
        assert "The round&#x27;s length is a whole number of minutes from 1 to 600." in page
    assert tournament.rounds.get().clock_minutes is None
    assert 'value="start"' not in page, "no start is offered before the round has a length"


def test_only_the_round_being_played_has_a_clock_and_it_starts_only_with_time_left() -> None:
    tournament = make_tournament(make_club(), "Anna", "Bernd")
    drawn = services.draw_round(tournament, user=None)
    with pytest.raises(Refusal, match=re.escape("Only the round being played has a clock.")):
        clock.set_length(drawn, 45)
    services.publish_round(drawn)
    with pytest.raises(Refusal, match=re.escape("Set the round's length before starting its clock.")):
        clock.start_clock(drawn)
    clock.set_length(drawn, 1)
    clock.start_clock(drawn)
    Round.objects.filter(pk=drawn.pk).update(clock_started_at=NOON)
    clock.pause_clock(drawn)
    with pytest.raises(Refusal, match=re.escape("Time is up: set a longer round to start the clock again.")):
        clock.start_clock(drawn)
    play(drawn, ALPHABET_WINS)
    services.close_round(drawn)
    with pytest.raises(Refusal, match=re.escape("Only the round being played has a clock.")):
        clock.start_clock(drawn)


def test_a_start_or_a_pause_sent_twice_counts_once() -> None:
    tournament, _table = published("Anna", "Bernd")
    round_ = tournament.rounds.get()
    clock.set_length(round_, 45)
    started = clock.start_clock(round_).clock_started_at
    assert clock.start_clock(round_).clock_started_at == started
    clock.pause_clock(round_)
    assert clock.pause_clock(round_).clock_run_seconds == Round.objects.get(pk=round_.pk).clock_run_seconds


def test_the_round_clock_is_the_directors_and_only_while_the_round_is_published() -> None:
    tournament = make_tournament(make_club(), "Anna", "Bernd")
    dora = director(tournament.club)
    viewer = Client()
    viewer.force_login(make_member(tournament.club, "vera", Membership.Role.VIEWER))
    drawn = services.draw_round(tournament, user=None)
    assert "Round clock" not in dora.get(round_page(tournament)).content.decode()
    services.publish_round(drawn)
    assert "Round clock" in dora.get(round_page(tournament)).content.decode()
    assert "Round clock" not in viewer.get(round_page(tournament)).content.decode()
    play(drawn, ALPHABET_WINS)
    services.close_round(drawn)
    assert "Round clock" not in dora.get(round_page(tournament)).content.decode()


# --- the screen -----------------------------------------------------------------------------


def test_the_round_page_and_the_tournament_page_link_to_the_screen() -> None:
    tournament, _table = published("Anna", "Bernd", public=True)
    for url in (round_page(tournament), tournament.get_absolute_url()):
        page = Client().get(url).content.decode()
        assert f'href="{address("screen", tournament)}"' in page and "The room's screen" in page


def test_the_screen_keeps_itself_up_to_date_from_its_json_with_no_inline_script() -> None:
    tournament, _table = published("Anna", "Bernd", public=True)
    page = Client().get(address("screen", tournament)).content.decode()
    assert f'data-source="{address("screen_json", tournament)}"' in page
    assert '<script src="/static/tarokclub/screen.js" defer></script>' in page
    assert page.count("<script") == 1, "no inline script: the policy allows the site's own files only"
    assert '<noscript><meta http-equiv="refresh" content="30"></noscript>' in page
    assert " style=" not in page and " onclick" not in page


def test_the_screen_never_shows_a_drawn_round() -> None:
    tournament = make_tournament(make_club(), *ENTRANTS, public=True)
    drawn = services.draw_round(tournament, user=None)
    page = Client().get(address("screen", tournament)).content.decode()
    document = Client().get(address("screen_json", tournament)).json()
    assert "No round is published yet." in page
    assert (document["round"], document["tables"], document["clock"]) == (None, [], None)

    services.publish_round(drawn)
    play(drawn, ALPHABET_WINS)
    services.close_round(drawn)
    services.draw_round(tournament, user=None)
    document = Client().get(address("screen_json", tournament)).json()
    assert (document["round"], document["state"], document["heading"], document["tag"]) == (
        1,
        "closed",
        "Round 1",
        "closed",
    )
    assert [table["marks"] for table in document["tables"]] == [["finished"]] * 3
    page = Client().get(address("screen", tournament)).content.decode()
    assert "Round 2" not in page


def test_the_screen_shows_the_standings_after_the_last_closed_round_only() -> None:
    tournament, _second = second_round_played(public=True, live_standings=True)
    after_one = [(line.place, line.entrant.name, line.points) for line in standings(tournament, live=False)]
    live = [(line.place, line.entrant.name, line.points) for line in standings(tournament, live=True)]
    assert after_one != live, "the round being played changes the standings"

    document = Client().get(address("screen_json", tournament)).json()
    assert document["round"] == 2 and document["standings_heading"] == "Standings after round 1"
    assert [(line["place"], line["name"], line["points"]) for line in document["standings"]] == after_one


def test_the_screen_shows_each_tables_progress() -> None:
    tournament, _table = published("Anna", "Bernd", "Carla", "Dora", public=True, confirm_deals=True)
    round_ = tournament.rounds.get()
    play(round_, ALPHABET_WINS, tables=[1])
    services.close_table_early(round_.tables.get(number=2), "time is up")
    document = Client().get(address("screen_json", tournament)).json()
    assert document["tables"] == [
        {"number": 1, "deals": 2, "due": 2, "confirmed": 0, "marks": ["finished"]},
        {"number": 2, "deals": 0, "due": 2, "confirmed": 0, "marks": ["closed_early", "not_played"]},
    ]
    page = Client().get(address("screen", tournament)).content.decode()
    assert '<td class="num" data-field="confirmed">0</td>' in page and "closed early" in page


def test_an_anonymous_visitor_of_a_public_tournament_sees_initials_only() -> None:
    tournament = make_tournament(make_club(), *ENTRANTS, public=True)
    Player.objects.filter(display_name="Anna Maria Huber").update(initials_only=True)
    draw_and_play(tournament, ALPHABET_WINS)
    for url in (address("screen", tournament), address("screen_json", tournament)):
        said = Client().get(url).content.decode()
        assert "A. M. H." in said and "Anna Maria" not in said
    names = [
        line["name"] for line in director(tournament.club).get(address("screen_json", tournament)).json()["standings"]
    ]
    assert "Anna Maria Huber" in names, "the club's members see names"


def test_a_private_tournaments_screen_is_the_clubs_alone() -> None:
    tournament = make_tournament(make_club(), "Anna", "Bernd")
    assert Client().get(address("screen", tournament)).status_code == 302
    assert Client().get(address("screen_json", tournament)).status_code == 302
    assert director(tournament.club).get(address("screen", tournament)).status_code == 200


def test_the_json_carries_the_clock_the_script_counts_down() -> None:
    tournament, _table = published("Anna", "Bernd", public=True)
    round_ = tournament.rounds.get()
    assert Client().get(address("screen_json", tournament)).json()["clock"] is None, "no length, no clock"
    clock.set_length(round_, 45)
    read = Client().get(address("screen_json", tournament)).json()["clock"]
    assert read == {"minutes": 45, "left": 2700, "running": False, "paused": False}
    clock.start_clock(round_)
    read = Client().get(address("screen_json", tournament)).json()["clock"]
    assert read["running"] and read["left"] in (2699, 2700)
    page = Client().get(address("screen", tournament)).content.decode()
    assert 'data-running="true"' in page and ("45:00" in page or "44:59" in page)


# --- results held back ----------------------------------------------------------------------


def test_the_tournament_form_holds_results_back_when_ticked() -> None:
    club = make_club()
    dora = director(club)
    url = reverse("tournaments:new", kwargs={"slug": club.slug}) + "?variant=kosakeln"
    typed = {"name": "Herbstturnier", "hold_results": True}
    fill_and_send(dora, url, typed, having="hold_results")
    assert Tournament.objects.get(name="Herbstturnier").hold_results


def test_results_held_back_show_no_standings_while_a_round_is_open() -> None:
    tournament, second = second_round_played(public=True, live_standings=True, hold_results=True)
    document = Client().get(address("screen_json", tournament)).json()
    assert document["standings"] == [] and document["standings_heading"] == "Standings after the round closes"
    screen = Client().get(address("screen", tournament)).content.decode()
    assert "Standings after the round closes" in screen and 'id="standings-table" hidden' in screen

    page = Client().get(address("standings", tournament)).content.decode()
    assert "Standings after round 2 closes" in page and "Anna" not in page
    assert "Anna Maria Huber" in director(tournament.club).get(address("standings", tournament)).content.decode()
    counted = Client().get(address("standings_json", tournament)).json()["standings"]
    assert all(len(line["rounds"]) == 1 for line in counted), "held back wins over live standings"

    first_table = tournament.rounds.get(number=1).tables.order_by("number")[0]
    assert 'id="standings"' not in Client().get(link(first_table)).content.decode()
    second_table = second.tables.order_by("number")[0]
    assert "Standings" not in Client().get(link(second_table)).content.decode()

    services.close_round(second)
    document = Client().get(address("screen_json", tournament)).json()
    assert document["standings_heading"] == "Standings after round 2" and len(document["standings"]) == 6
    assert 'id="standings"' in Client().get(link(first_table)).content.decode()
    assert "Standings after round" not in Client().get(address("standings", tournament)).content.decode()
