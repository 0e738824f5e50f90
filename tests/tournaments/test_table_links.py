"""A table's link as the phones at the table use it: made under the site's public address (and
warned about on the round page when no phone could open it), and after its round closes showing
the table's result, read-only, with the way to the standings."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test import Client, override_settings
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils.html import escape

from scoring.tournaments import services
from scoring.tournaments.models import RoundTable, Tournament
from scoring.tournaments.qr import qr_data_uri

from ..deal_posts import post_data
from ..pages import form_on, send
from .test_table_sittings import ALPHABET_WINS, director, enter_at, link, published, round_page

pytestmark = pytest.mark.django_db

WIFI = "http://192.168.1.20:8000"
WARNING = "Phones at the tables cannot reach this address"


def cards(tournament: Tournament, number: int = 1) -> str:
    return reverse("tournaments:cards", kwargs={"slug": tournament.club.slug, "pk": tournament.pk, "number": number})


def close_unplayed(table: RoundTable) -> None:
    """Close the table's round, the table closed early first."""
    services.close_table_early(table, "time is up")
    services.close_round(table.round)


# --- the address in the links and QR codes --------------------------------------------------


@override_settings(TAROKCLUB_PUBLIC_URL=WIFI)
def test_the_links_and_qr_codes_carry_the_public_address_whatever_host_the_director_used() -> None:
    tournament, table = published("Anna", "Bernd")
    dora = director(tournament.club)
    expected = WIFI + link(table)

    page = dora.get(round_page(tournament), HTTP_HOST="127.0.0.1:8000").content.decode()
    assert f'href="{expected}"' in page
    assert WARNING not in page, "the links name the Wi-Fi address, which the phones reach"
    printed = dora.get(cards(tournament), HTTP_HOST="127.0.0.1:8000").content.decode()
    assert expected in printed and escape(qr_data_uri(expected)) in printed
    assert "127.0.0.1" not in printed


def test_without_a_public_address_the_links_use_the_host_the_director_used_and_loopback_is_warned_about() -> None:
    tournament, table = published("Anna", "Bernd")
    dora = director(tournament.club)

    page = dora.get(round_page(tournament), HTTP_HOST="127.0.0.1:8000").content.decode()
    assert f'href="http://127.0.0.1:8000{link(table)}"' in page
    assert WARNING in page and "make run ADDRESS=" in page and "TAROKCLUB_PUBLIC_URL" in page
    assert WARNING not in dora.get(round_page(tournament)).content.decode(), "testserver is not this computer"


@pytest.mark.parametrize("address", ["http://localhost:8000", "http://127.0.0.1", "http://[::1]:8000"])
def test_a_loopback_public_address_is_warned_about_on_the_round_page_while_it_is_drawn_too(address: str) -> None:
    tournament, table = published("Anna", "Bernd", rounds=2)
    close_unplayed(table)
    services.draw_round(tournament, user=None)
    dora = director(tournament.club)
    with override_settings(TAROKCLUB_PUBLIC_URL=address):
        assert WARNING in dora.get(round_page(tournament, 2)).content.decode()
        assert WARNING not in dora.get(round_page(tournament, 1)).content.decode(), "a closed round prints no card"


# --- after the round closes -----------------------------------------------------------------


def test_after_the_round_closes_the_link_shows_the_tables_result_and_the_way_to_the_standings() -> None:
    tournament, table = published("Anna", "Bernd", public=True)
    phone = Client()
    assert enter_at(phone, table).status_code == 302
    assert enter_at(phone, table).status_code == 302
    services.close_round(table.round)

    answer = phone.get(link(table))
    assert answer.status_code == 200
    page = answer.content.decode()
    assert "Round 1 is closed: this is the table's result." in page
    assert "2 of 2 deals entered." in page and 'data-deal="2"' in page
    assert "Enter deal" not in page and "/correct/" not in page
    standings = reverse("tournaments:standings", kwargs={"slug": tournament.club.slug, "pk": tournament.pk})
    assert f'href="{standings}"' in page
    assert phone.get(standings).status_code == 200, "a public tournament's standings are anyone's"
    deal = phone.get(link(table, "deals/1/"))
    assert deal.status_code == 200 and "Correct deal 1" not in deal.content.decode()


def test_after_the_round_closes_the_link_refuses_a_deal_and_says_why() -> None:
    _tournament, table = published("Anna", "Bernd", deals_per_dealer=2)
    phone = Client()
    assert enter_at(phone, table).status_code == 302
    stale = phone.get(link(table, "deals/new/"))
    form = form_on(stale, having="dealer")
    close_unplayed(table)

    answer = send(phone, link(table, "deals/new/"), form, follow=True)
    assert answer.redirect_chain == [(link(table), 302)]
    page = answer.content.decode()
    assert "Round 1 is closed: the table&#x27;s link enters and corrects no more deals." in page
    assert "Closed early because: time is up" in page
    assert table.sitting.live_deals().count() == 1
    corrected = phone.get(link(table, "deals/1/correct/"), follow=True)
    assert corrected.redirect_chain == [(link(table), 302)]


def test_a_drawn_rounds_table_link_is_still_not_found() -> None:
    tournament, table = published("Anna", "Bernd", rounds=2)
    close_unplayed(table)
    drawn = services.draw_round(tournament, user=None)
    assert Client().get(link(drawn.tables.get())).status_code == 404


# --- what a phone's deal costs --------------------------------------------------------------


def test_a_deal_sent_through_a_link_costs_as_many_statements_at_the_sixth_deal_as_at_the_second() -> None:
    """The form is read, then the deal sent: the table with whether a player of it left, its
    players, and under the sitting's lock the sitting (counted, locked and read in one
    statement), the earlier send of the form, the seats; then the writes (16 statements in all
    here, with the test's savepoints; 18 before this was counted)."""
    _tournament, table = published("Anna", "Bernd", deals_per_dealer=4)
    phone = Client()
    players = table.sitting.seated_names()
    sent = []
    for _deal in range(6):
        form = form_on(phone.get(link(table, "deals/new/")), having="dealer")
        typed = post_data("kosakeln", ALPHABET_WINS(players, form.data()["dealer"], None), players)
        with CaptureQueriesContext(connection) as statements:
            saved = send(phone, link(table, "deals/new/"), form, {k: v for k, v in typed.items() if k != "key"})
        assert saved.status_code == 302
        sent.append(len(statements))
    locking_players = connection.features.has_select_for_update  # the months' players, on PostgreSQL
    assert sent[1] == sent[5] <= 16 + locking_players, sent
