"""At a tournament that confirms its deals, a deal entered at a table waits until another player of
the table confirms it through the table's link; the director sees entered, confirmed and waiting
per table and two phones entering at one table; the round closes only once every deal is
confirmed, or with the director's reason, kept on the round; live standings say how many deals
they count unconfirmed."""

from __future__ import annotations

import html
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from scoring.sittings.models import DealRevision
from scoring.tournaments import services
from scoring.tournaments.models import Round, RoundTable, Tournament

from ..pages import fill_and_send, form_on, send
from .test_table_sittings import director, enter_at, link, published, round_page

pytestmark = pytest.mark.django_db


def confirming(**chosen: Any) -> tuple[Tournament, RoundTable]:
    """Anna and Bernd at the one table of a published round, one deal each to deal."""
    return published("Anna", "Bernd", confirm_deals=True, **chosen)


def confirm_at(phone: Client, table: RoundTable, number: int, typed: str) -> Any:
    """Type the figure the confirming screen asks for, as the other player's phone sends it."""
    url = link(table, f"deals/{number}/confirm/")
    return fill_and_send(phone, url, {"figure": typed}, having="figure")


def close_round(client: Client, tournament: Tournament, **typed: str) -> Any:
    close = reverse("tournaments:close_round", kwargs={"slug": tournament.club.slug, "pk": tournament.pk, "number": 1})
    page = client.get(round_page(tournament))
    return send(client, round_page(tournament), form_on(page, action=close), typed, follow=True)


def test_a_deal_entered_through_the_link_waits_and_the_sheet_offers_its_confirmation() -> None:
    _tournament, table = confirming()
    phone = Client()
    enter_at(phone, table)
    sheet = phone.get(link(table)).content.decode()
    assert "1 deal waits for another player to confirm it:" in sheet
    assert link(table, "deals/1/confirm/") in sheet
    assert DealRevision.objects.get(sitting=table.sitting).waiting


def test_the_other_player_confirms_with_the_declarers_card_points_and_a_wrong_one_is_refused() -> None:
    _tournament, table = confirming()
    enter_at(Client(), table)
    other = Client()
    refused = confirm_at(other, table, 1, "39")
    said = html.unescape(refused.content.decode())  # a form's errors escape ' as &#39;, a page's text as &#x27;
    assert "The declarer's card points in deal 1: not 39. Deal 1 is not confirmed" in said
    assert "a figure typed did not match" in Client().get(link(table)).content.decode()
    done = confirm_at(other, table, 1, "40")
    assert done.status_code == 302
    assert not DealRevision.objects.get(sitting=table.sitting).waiting


def test_the_round_page_shows_entered_confirmed_and_waiting_per_table() -> None:
    tournament, table = confirming()
    dora = director(tournament.club)
    enter_at(Client(), table)
    enter_at(Client(), table)
    page = dora.get(round_page(tournament)).content.decode()
    assert "2 entered · 0 confirmed · 2 waiting" in page
    confirm_at(Client(), table, 1, "40")
    assert "2 entered · 1 confirmed · 1 waiting" in dora.get(round_page(tournament)).content.decode()


def test_two_phones_entering_at_one_table_are_shown_to_the_director_never_refused() -> None:
    tournament, table = confirming()
    dora = director(tournament.club)
    enter_at(Client(), table)
    assert "two phones at table 1" not in dora.get(round_page(tournament)).content.decode()
    second = enter_at(Client(), table)
    assert second.status_code == 302
    assert table.sitting.revisions.count() == 2
    assert "two phones at table 1" in dora.get(round_page(tournament)).content.decode()


def test_one_phone_entering_every_deal_is_one_phone() -> None:
    tournament, table = confirming()
    phone = Client()
    enter_at(phone, table)
    enter_at(phone, table)
    assert "two phones" not in director(tournament.club).get(round_page(tournament)).content.decode()


def test_the_round_refuses_to_close_with_a_deal_unconfirmed_and_closes_with_the_directors_reason() -> None:
    tournament, table = confirming()
    enter_at(Client(), table)
    enter_at(Client(), table)
    confirm_at(Client(), table, 1, "40")
    dora = director(tournament.club)
    refused = close_round(dora, tournament)
    assert "1 deal waits for confirmation (table 1): confirm it, or say why the round closes." in (
        refused.content.decode()
    )
    assert Round.objects.get(tournament=tournament).state == "published"
    closed = close_round(dora, tournament, unconfirmed_because="Bernd had to catch his train")
    assert closed.redirect_chain[-1][0] == tournament.get_absolute_url()
    round_ = Round.objects.get(tournament=tournament)
    assert round_.state == "closed" and round_.closed_unconfirmed == "Bernd had to catch his train"
    shown = dora.get(round_page(tournament)).content.decode()
    assert "Closed with deals unconfirmed because: Bernd had to catch his train" in shown


def test_a_round_whose_deals_are_all_confirmed_closes_and_keeps_no_reason() -> None:
    tournament, table = confirming()
    for number in (1, 2):
        enter_at(Client(), table)
        confirm_at(Client(), table, number, "40")
    round_ = services.close_round(Round.objects.get(tournament=tournament), unconfirmed_because="ignored")
    assert round_.state == "closed" and round_.closed_unconfirmed == ""


def test_live_standings_count_the_unconfirmed_deals_and_say_how_many() -> None:
    tournament, table = confirming(live_standings=True)
    enter_at(Client(), table)
    standings = reverse("tournaments:standings", kwargs={"slug": tournament.club.slug, "pk": tournament.pk})
    dora = director(tournament.club)
    page = dora.get(standings).content.decode()
    assert "Live: 1 deal counted here still waits for confirmation at its table." in page
    document = dora.get(standings.replace("standings/", "standings.json")).json()
    assert {line["name"]: line["game_points"] for line in document["standings"]} == {"Anna": 12, "Bernd": -12}


def test_the_tournament_form_confirms_deals_unless_the_director_says_otherwise() -> None:
    tournament, _table = published("Anna", "Bernd")
    dora = director(tournament.club)
    url = reverse("tournaments:new", kwargs={"slug": tournament.club.slug}) + "?variant=kosakeln"
    form = form_on(dora.get(url), having="confirm_deals")
    assert form.data()["confirm_deals"] == "on"
