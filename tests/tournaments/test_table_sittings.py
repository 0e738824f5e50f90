"""A tournament's table is a sitting run by its tournament: it closes with the tournament, not from
its sheet; its deals count as its round has them (a closed round's table gives no deal back, a
table closed early takes no more); a drawn round's tables are the director's alone; and the
table's link offers nothing it would refuse (no deals once the table closed early or one of its
players withdrew or was disqualified, no correction it would turn down)."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from scoring.club.models import Membership
from scoring.engine import Refusal
from scoring.sittings.models import Sitting
from scoring.sittings.services import record_deal
from scoring.tournaments import services
from scoring.tournaments.models import RoundTable, Tournament

from ..deal_posts import post_data
from ..factories import make_club, make_member
from ..pages import fill_and_send, form_on, send
from .helpers import kosakeln_win, make_tournament, play

pytestmark = pytest.mark.django_db

ALPHABET_WINS = kosakeln_win(min)


def director(club: Any) -> Client:
    """Dora, a scorekeeper of the club: she runs the tournament."""
    client = Client()
    client.force_login(make_member(club, "dora", Membership.Role.SCOREKEEPER))
    return client


def sheet(table: RoundTable) -> str:
    return reverse("sittings:detail", kwargs={"slug": table.sitting.club.slug, "pk": table.sitting_id})


def link(table: RoundTable, path: str = "") -> str:
    return reverse("table_link:home", kwargs={"token": table.token}) + path


def round_page(tournament: Tournament, number: int = 1) -> str:
    return reverse("tournaments:round", kwargs={"slug": tournament.club.slug, "pk": tournament.pk, "number": number})


def published(*names: str, **chosen: Any) -> tuple[Tournament, RoundTable]:
    """A tournament with its first round published; its first table."""
    tournament = make_tournament(make_club(public=chosen.pop("public_club", False)), *names, **chosen)
    round_ = services.draw_round(tournament, user=None)
    services.publish_round(round_)
    return tournament, round_.tables.order_by("number")[0]


def enter_at(phone: Client, table: RoundTable) -> Any:
    """Enter the table's next deal through its link's form, as the players' phone sends it."""
    page = phone.get(link(table, "deals/new/"))
    form = form_on(page, having="dealer")
    players = [p.display_name for p in table.sitting.seated_players()]
    dealer = form.data()["dealer"]
    typed = post_data("kosakeln", ALPHABET_WINS(players, dealer, None), players)
    return send(phone, link(table, "deals/new/"), form, {k: v for k, v in typed.items() if k != "key"})


# --- the sheet ------------------------------------------------------------------------------


def test_a_tournament_tables_sheet_offers_no_close_and_refuses_one() -> None:
    tournament, table = published("Anna", "Bernd")
    dora = director(tournament.club)
    page = dora.get(sheet(table)).content.decode()
    assert "Close the sitting" not in page
    close = reverse("scorekeeping:close", kwargs={"slug": tournament.club.slug, "pk": table.sitting_id})
    answer = dora.post(close, follow=True)
    assert "A tournament&#x27;s table closes with its tournament, not from its sheet." in answer.content.decode()
    assert not Sitting.objects.get(pk=table.sitting_id).is_closed


def test_a_closed_rounds_table_gives_no_deal_back_and_keeps_its_deals_played() -> None:
    tournament, table = published("Anna", "Bernd", rounds=2)
    round_ = table.round
    play(round_, ALPHABET_WINS)
    dora = director(tournament.club)
    stale = dora.get(sheet(table))
    take_back = form_on(stale, action="/deals/undo/")
    services.close_round(round_)

    answer = send(dora, sheet(table), take_back, {"reason": "dealt twice"}, follow=True)
    assert "correct a deal instead of taking it back" in answer.content.decode()
    assert table.sitting.live_deals().count() == 2, "the closed round keeps its deals"
    assert "Take back the last deal" not in dora.get(sheet(table)).content.decode()

    correction = reverse(
        "scorekeeping:deal_correct", kwargs={"slug": tournament.club.slug, "pk": table.sitting_id, "number": 2}
    )
    answer = fill_and_send(dora, correction, {"thrown_in": True, "reason": "a misdeal"}, having="reason")
    assert (
        answer.status_code == 200 and "a correction neither throws a deal in nor plays one" in answer.content.decode()
    )
    assert Sitting.objects.get(pk=table.sitting_id).played_count == 2


def test_a_finished_tables_sheet_offers_no_next_deal() -> None:
    tournament, table = published("Anna", "Bernd")
    dora = director(tournament.club)
    assert "Enter deal 1" in dora.get(sheet(table)).content.decode()
    enter_at(Client(), table)
    assert "Enter deal 2" in dora.get(sheet(table)).content.decode()
    enter_at(Client(), table)
    assert Sitting.objects.get(pk=table.sitting_id).played_count == 2, "both deals due are played"
    finished = dora.get(sheet(table)).content.decode()
    assert 'id="enter-deal"' not in finished, "the form would refuse a third deal once filled in"
    assert 'id="enter-deal"' not in Client().get(link(table)).content.decode()


# --- a drawn round ----------------------------------------------------------------------------


SITTING_PAGES = ["detail", "scores_json", "export_xlsx", "export_csv", "score_sheet", "score_sheet_csv"]


@pytest.mark.parametrize("public", [True, False], ids=["public club, anonymous", "private club, viewer"])
def test_a_drawn_rounds_tables_are_not_found_through_the_clubs_sitting_pages(public: bool) -> None:
    club = make_club(public=public)
    tournament = make_tournament(club, "Anna", "Bernd")
    table = services.draw_round(tournament, user=None).tables.get()
    reader = Client()
    if not public:
        reader.force_login(make_member(club, "vera", Membership.Role.VIEWER))
    dora = director(club)
    for name in SITTING_PAGES:
        address = reverse(f"sittings:{name}", kwargs={"slug": club.slug, "pk": table.sitting_id})
        assert reader.get(address).status_code == 404, name
        assert dora.get(address).status_code == 200, name
    services.publish_round(table.round)
    address = reverse("sittings:detail", kwargs={"slug": club.slug, "pk": table.sitting_id})
    assert reader.get(address).status_code == 200, "published, the table reads as its round does"


# --- the table's link -------------------------------------------------------------------------


def test_a_table_closed_early_takes_no_deal_through_its_link_and_offers_no_correction() -> None:
    tournament, table = published("Anna", "Bernd", deals_per_dealer=2)
    phone = Client()
    assert enter_at(phone, table).status_code == 302
    dora = director(tournament.club)
    closed = fill_and_send(dora, round_page(tournament), {"reason": "time is up"}, action=f"/tables/{table.pk}/close/")
    assert closed.status_code == 302

    home = phone.get(link(table)).content.decode()
    assert "The table is closed early" in home and "Enter deal 2" not in home
    assert "Correct deal 1" not in phone.get(link(table, "deals/1/")).content.decode()
    answer = phone.get(link(table, "deals/new/"), follow=True)
    assert answer.redirect_chain == [(link(table), 302)]
    assert "The table is closed early" in answer.content.decode()
    players = [p.display_name for p in table.sitting.seated_players()]
    deal = post_data("kosakeln", ALPHABET_WINS(players, players[1], None), players)
    phone.post(link(table, "deals/new/"), deal)
    phone.post(link(table, "deals/1/correct/"), {**deal, "reason": "recounted"})
    assert table.sitting.live_deals().count() == 1 and table.sitting.revisions.count() == 1
    with pytest.raises(Refusal, match="the table is closed early: no deals are entered"):
        record_deal(table.sitting, ALPHABET_WINS(players, players[1], None), user=None)


@pytest.mark.parametrize("state", ["withdrawn", "disqualified"])
def test_the_table_of_an_entrant_who_left_takes_no_deal_through_its_link(state: str) -> None:
    tournament, table = published("Anna", "Bernd")
    phone = Client()
    assert enter_at(phone, table).status_code == 302
    dora = director(tournament.club)
    detail = tournament.get_absolute_url()
    entrant = tournament.entrants.get(player__display_name="Bernd")
    form = form_on(dora.get(detail), action=f"/entrants/{entrant.pk}/state/")
    assert ("state", state) in form.buttons
    assert dora.post(form.action, {**form.data(), "state": state}).status_code == 302  # that button pressed
    entrant.refresh_from_db()
    assert entrant.state == state

    home = phone.get(link(table)).content.decode()
    assert f"Bernd {'has withdrawn' if state == 'withdrawn' else 'is disqualified'}" in home
    assert "Enter deal 2" not in home and "Correct deal 1" not in phone.get(link(table, "deals/1/")).content.decode()
    players = [p.display_name for p in table.sitting.seated_players()]
    phone.post(link(table, "deals/new/"), post_data("kosakeln", ALPHABET_WINS(players, players[1], None), players))
    assert table.sitting.live_deals().count() == 1


def test_a_link_offers_no_correction_its_closed_sheet_would_refuse() -> None:
    _tournament, table = published("Anna", "Bernd", deals_per_dealer=2)
    phone = Client()
    assert enter_at(phone, table).status_code == 302
    assert "Correct deal 1" in phone.get(link(table, "deals/1/")).content.decode()
    Sitting.objects.filter(pk=table.sitting_id).update(closed_at=timezone.now())  # closed from its sheet, before

    assert "Correct deal 1" not in phone.get(link(table, "deals/1/")).content.decode()
    assert "Enter deal 2" not in phone.get(link(table)).content.decode()
    answer = phone.get(link(table, "deals/1/correct/"), follow=True)
    assert answer.redirect_chain == [(link(table), 302)]
    assert "only a club admin can change it" in answer.content.decode()
