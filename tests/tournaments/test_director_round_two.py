"""A director's second thoughts and shortcuts: a table closed early or a round closed is reopened
(while safe), every irreversible button asks first, the club's players enter in one step, a
mistaken entrant is removed, the settings change until round 1 is published, the table cards
print four to a page, and a tournament document is imported from the site."""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse

from scoring.club.models import Membership
from scoring.sittings.models import Sitting
from scoring.tournaments import services
from scoring.tournaments.documents import tournament_document
from scoring.tournaments.models import Entrant, Round, Tournament
from scoring.tournaments.results import standings

from ..factories import make_club, make_member, make_players
from ..pages import fill_and_send, form_on, forms_of, send
from .helpers import draw_and_play, kosakeln_win, make_tournament, play
from .test_table_sittings import director, link, round_page

pytestmark = pytest.mark.django_db

ALPHABET_WINS = kosakeln_win(min)


def url(name: str, tournament: Tournament, **more: Any) -> str:
    return reverse(f"tournaments:{name}", kwargs={"slug": tournament.club.slug, "pk": tournament.pk, **more})


def press(client: Client, page_url: str, action: str, **typed: Any) -> Any:
    """Send the page's form to ``action`` as rendered (with what is typed), following the answer."""
    return send(client, page_url, form_on(client.get(page_url), action=action), typed, follow=True)


def said(answer: Any) -> str:
    return answer.content.decode()


# --- undo -----------------------------------------------------------------------------------


def test_a_table_closed_early_is_reopened_while_its_round_is_played_and_takes_deals_again() -> None:
    tournament = make_tournament(make_club(), "Anna", "Bernd")
    round_ = services.draw_round(tournament, user=None)
    services.publish_round(round_)
    table = round_.tables.get()
    dora = director(tournament.club)
    press(dora, round_page(tournament), url("close_table", tournament, table=table.pk), reason="time is up")
    assert Sitting.objects.get(pk=table.sitting_id).held is not None
    answer = press(dora, round_page(tournament), url("reopen_table", tournament, table=table.pk))
    assert "Table 1 is open again: it enters its deals." in said(answer)
    table.refresh_from_db()
    assert table.closed_early == "" and Sitting.objects.get(pk=table.sitting_id).held is None
    assert "Enter deal 1" in said(Client().get(link(table)))


def test_the_last_closed_round_is_reopened_and_its_links_enter_again() -> None:
    tournament = make_tournament(make_club(), "Anna", "Bernd")
    round_ = draw_and_play(tournament, ALPHABET_WINS)
    dora = director(tournament.club)
    answer = press(dora, round_page(tournament), url("reopen_round", tournament, number=1))
    assert "Round 1 is open again: its tables enter and correct their deals." in said(answer)
    assert Round.objects.get(pk=round_.pk).state == "published"
    table = round_.tables.get()
    assert Sitting.objects.get(pk=table.sitting_id).held is None
    assert "Correct deal 1" in said(Client().get(link(table, "deals/1/")))


def test_a_round_is_not_reopened_once_the_next_is_drawn() -> None:
    tournament = make_tournament(make_club(), "Anna", "Bernd", "Carla", "Dora")
    draw_and_play(tournament, ALPHABET_WINS)
    services.draw_round(tournament, user=None)
    dora = director(tournament.club)
    assert url("reopen_round", tournament, number=1) not in said(dora.get(round_page(tournament)))
    answer = dora.post(url("reopen_round", tournament, number=1), follow=True)
    assert "Round 1 is not the last round: a round after it is drawn already." in said(answer)
    assert Round.objects.get(tournament=tournament, number=1).state == "closed"


def test_a_table_closed_early_stays_closed_when_its_round_is_reopened() -> None:
    tournament = make_tournament(make_club(), "Anna", "Bernd", "Carla", "Dora")
    round_ = services.draw_round(tournament, user=None)
    services.publish_round(round_)
    first, second = round_.tables.order_by("number")
    play(round_, ALPHABET_WINS, tables=[2])
    services.close_table_early(first, "a phone call")
    services.close_round(round_)
    services.reopen_round(round_)
    assert Sitting.objects.get(pk=first.sitting_id).held is not None
    assert Sitting.objects.get(pk=second.sitting_id).held is None


def test_every_button_that_cannot_be_taken_back_asks_first() -> None:
    tournament = make_tournament(make_club(), "Anna", "Bernd", "Carla")
    round_ = services.draw_round(tournament, user=None)
    services.publish_round(round_)
    dora = director(tournament.club)
    round_forms = forms_of(said(dora.get(round_page(tournament))))
    detail = said(dora.get(tournament.get_absolute_url()))
    asking = 'data-confirm="'
    assert detail.count(asking + "Withdraw ") == 3 and detail.count(asking + "Disqualify ") == 3
    assert asking + "Close the tournament? It cannot be opened again" in detail
    page = said(dora.get(round_page(tournament)))
    assert asking + "Close round 1? Its results count" in page
    assert asking + "Revoke the link of table 1?" in page
    assert round_forms  # the round page has its forms, each asking where it cannot be undone


# --- entrants -------------------------------------------------------------------------------


def test_the_clubs_active_players_enter_in_one_step_but_the_absent_one_unticked() -> None:
    club = make_club()
    anna, bernd, carla, dora_player = make_players(club, "Anna", "Bernd", "Carla", "Dora")
    dora_player.active = False
    dora_player.save()
    tournament = make_tournament(club, "Bernd")
    dora = director(club)
    page = dora.get(url("entrants_all", tournament))
    form = form_on(page, having="players")
    offered = sorted(control.value for control in form.controls if control.name == "players")
    assert offered == sorted([str(anna.pk), str(carla.pk)]), "the inactive and the entered are not offered"
    assert sorted(form.data()["players"]) == offered, "everyone offered is ticked"
    answer = send(dora, url("entrants_all", tournament), form, {"players": [str(carla.pk)]}, follow=True)
    assert "1 player entered." in said(answer)
    form = form_on(dora.get(url("entrants_all", tournament)), having="players")
    answer = send(dora, url("entrants_all", tournament), form, {"players": [str(anna.pk)]}, follow=True)
    assert "1 player entered." in said(answer)
    entered = list(tournament.entrants.order_by("start_number").values_list("player__display_name", "start_number"))
    assert entered == [("Bernd", 1), ("Carla", 2), ("Anna", 3)]
    again = send(dora, url("entrants_all", tournament), form, {"players": [str(anna.pk)]}, follow=True)
    assert "0 players entered." in said(again) and tournament.entrants.count() == 3
    assert bernd.entries.count() == 1


def test_a_mistaken_entrant_is_removed_until_a_round_of_his_is_drawn() -> None:
    tournament = make_tournament(make_club(), "Anna", "Bernd", "Carla")
    dora = director(tournament.club)
    carla = Entrant.objects.get(tournament=tournament, player__display_name="Carla")
    answer = press(dora, tournament.get_absolute_url(), url("entrant_remove", tournament, entrant=carla.pk))
    assert "Carla is removed from the entrants." in said(answer)
    assert not Entrant.objects.filter(pk=carla.pk).exists()
    services.add_entrant(tournament, name="Dora")
    assert tournament.entrants.get(player__display_name="Dora").start_number == 4  # 3 is not given again
    services.draw_round(tournament, user=None)
    anna = Entrant.objects.get(tournament=tournament, player__display_name="Anna")
    assert url("entrant_remove", tournament, entrant=anna.pk) not in said(dora.get(tournament.get_absolute_url()))
    refused = dora.post(url("entrant_remove", tournament, entrant=anna.pk), follow=True)
    assert "Anna is in a round drawn already: withdraw him instead." in said(refused)
    assert Entrant.objects.filter(pk=anna.pk).exists()


# --- settings -------------------------------------------------------------------------------


def test_the_settings_change_until_round_one_is_published_and_a_drawn_round_one_goes() -> None:
    tournament = make_tournament(make_club(), *"ABCDEF", variant="grosstarock", sizes=(3,), rounds=3)
    services.draw_round(tournament, user=None)
    dora = director(tournament.club)
    answer = fill_and_send(
        dora, url("settings", tournament), {"rounds": "5", "name": "Wintercup"}, having="rounds", follow=True
    )
    assert "The settings are saved." in said(answer)
    assert "Round 1 was drawn with the old settings: draw it again." in said(answer)
    tournament.refresh_from_db()
    assert tournament.rounds_planned == 5 and tournament.name == "Wintercup" and tournament.table_sizes == [3]
    assert not tournament.rounds.exists() and tournament.plan == []
    assert Sitting.objects.filter(club=tournament.club).count() == 0
    services.publish_round(services.draw_round(tournament, user=None))
    assert url("settings", tournament) not in said(dora.get(tournament.get_absolute_url()))
    refused = fill_and_send(dora, url("settings", tournament), {"rounds": "2"}, having="rounds")
    assert "Round 1 is published: the settings stay as they are." in said(refused)
    tournament.refresh_from_db()
    assert tournament.rounds_planned == 5


def test_a_new_name_keeps_the_drawn_round_one_its_printed_cards_still_work() -> None:
    tournament = make_tournament(make_club(), *"ABCDEF", variant="grosstarock", sizes=(3,), rounds=3)
    drawn = services.draw_round(tournament, user=None)
    dora = director(tournament.club)
    answer = fill_and_send(dora, url("settings", tournament), {"name": "Wintercup"}, having="rounds", follow=True)
    assert "The settings are saved." in said(answer) and "draw it again" not in said(answer)
    assert Round.objects.filter(pk=drawn.pk).exists()


def test_the_document_carries_the_switches_that_are_on() -> None:
    tournament = make_tournament(make_club(), "Anna", "Bernd", confirm_deals=True, hold_results=True)
    document = tournament_document(tournament)
    assert document["confirm_deals"] is True and document["hold_results"] is True
    assert "byes_at_tables" not in document


# --- table cards ----------------------------------------------------------------------------


def test_the_table_cards_print_four_to_a_page_with_the_table_number_large() -> None:
    tournament = make_tournament(make_club(), *"ABCDEFGHIJ")  # five tables of Kosakeln
    services.draw_round(tournament, user=None)
    page = said(director(tournament.club).get(url("cards", tournament, number=1)))
    sheets = page.split('class="card-sheet print-page"')[1:]
    assert [sheet.count('class="table-card-print"') for sheet in sheets] == [4, 1]
    assert '<strong class="card-table-number">5</strong>' in page
    assert page.count('class="card-qr"') == 5


# --- import ---------------------------------------------------------------------------------


def admin_of(club: Any) -> Client:
    client = Client()
    client.force_login(make_member(club, "ada", Membership.Role.ADMIN))
    return client


def upload(document: object) -> SimpleUploadedFile:
    return SimpleUploadedFile("tournament.json", json.dumps(document).encode(), content_type="application/json")


def test_a_club_admin_imports_a_tournament_document_and_gets_the_same_standings() -> None:
    original = make_tournament(make_club(), *"ABCDE", rounds=2, bye_points=3)
    draw_and_play(original, ALPHABET_WINS)
    draw_and_play(original, kosakeln_win(max))
    club = make_club("other")
    ada = admin_of(club)
    page_url = reverse("tournaments:import", kwargs={"slug": club.slug})
    form = form_on(ada.get(page_url), having="file")
    answer = send(ada, page_url, form, {"file": upload(tournament_document(original))}, follow=True)
    assert "The tournament is imported." in said(answer)
    copied = club.tournaments.get()
    places = [(line.place, line.entrant.name, line.points) for line in standings(copied)]
    assert places == [(line.place, line.entrant.name, line.points) for line in standings(original)]
    again = send(ada, page_url, form, {"file": upload(tournament_document(original))}, follow=True)
    assert again.status_code == 200 and club.tournaments.count() == 1


def test_a_wrong_document_stores_nothing_and_lists_every_problem_in_the_pages_language() -> None:
    original = make_tournament(make_club(), *"ABCDE", rounds=2)
    draw_and_play(original, ALPHABET_WINS)
    document = tournament_document(original)
    document["variant"] = "skat"
    club = make_club("other")
    ada = admin_of(club)
    page_url = reverse("tournaments:import", kwargs={"slug": club.slug})
    german = {"Accept-Language": "de"}
    answer = fill_and_send(ada, page_url, {"file": upload(document)}, having="file", headers=german)
    assert answer.status_code == 200
    assert 'id="problems"' in said(answer) and "Nichts wurde gespeichert" in said(answer)
    assert "skat" in said(answer)
    assert not club.tournaments.exists() and not club.players.exists()


def test_only_a_club_admin_imports_a_tournament() -> None:
    club = make_club()
    page_url = reverse("tournaments:import", kwargs={"slug": club.slug})
    dora = director(club)
    assert dora.get(page_url).status_code in (403, 404)
    listing = reverse("tournaments:list", kwargs={"slug": club.slug})
    assert page_url not in said(dora.get(listing))
    assert page_url in said(admin_of(club).get(listing))
