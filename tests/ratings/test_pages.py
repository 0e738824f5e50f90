"""The ratings on the pages: private by default, published by the club admin to the members only.

The personas: Ada, the club's admin (sees every rating); Bea, a member who is the player Anna
(sees her own rating); Vic, a member who is no player of these sittings (sees ratings only once
the club publishes them); and an anonymous visitor of the public club (never sees any).
"""

from __future__ import annotations

import datetime
import io
from typing import Any

import pytest
from django.conf import settings
from django.core.exceptions import ValidationError
from django.test import Client
from django.urls import reverse
from openpyxl import load_workbook

from scoring.club.models import Club, Membership
from scoring.ratings.model import PROVISIONAL_UNTIL

from ..factories import make_club, make_member, make_players
from ..pages import fill_and_send, form_on, send
from .helpers import GAME, played, season

pytestmark = pytest.mark.django_db


@pytest.fixture
def club() -> Club:
    """A public club with a season of eight closed sittings; Dora is listed by initials only."""
    club = make_club(public=True)
    make_players(club, "Dora Maria Huber")
    season_of(club)
    return club


def season_of(club: Club) -> None:
    club.players.filter(display_name="Dora Maria Huber").update(initials_only=True)
    day = datetime.date(2026, 1, 6)
    tables = [("Anna", "Bernd", "Carla"), ("Dora Maria Huber", "Anna", "Bernd"), ("Carla", "Dora Maria Huber", "Anna")]
    for n in range(6):
        played(club, day + datetime.timedelta(weeks=n), *tables[n % 3])


def signed_in(club: Club, username: str, role: str = Membership.Role.VIEWER, player: str | None = None) -> Client:
    user = make_member(club, username, role)
    if player is not None:
        Membership.objects.filter(user=user).update(player=club.players.get(display_name=player))
    client = Client()
    client.force_login(user)
    return client


def player_page(club: Club, name: str) -> str:
    return reverse("ledger:player", kwargs={"slug": club.slug, "pk": club.players.get(display_name=name).pk})


def table_page(club: Club) -> str:
    return reverse("ratings:table", kwargs={"slug": club.slug})


def publish(club: Club) -> None:
    Club.objects.filter(pk=club.pk).update(ratings_published=True)


def test_a_player_sees_his_own_rating_its_chart_and_its_numbers_on_his_ledger_page(club: Club) -> None:
    bea = signed_in(club, "bea", player="Anna")
    page = bea.get(player_page(club, "Anna") + "?year=2026").content.decode()
    assert 'id="rating-value"' in page
    assert "<svg" in page.split('id="rating"')[1], "the history is charted"
    history = page.split('id="rating-history"')[1].split("</table>")[0]
    assert history.count("<tr>") == 1 + 6, "a row per rated sitting, below the header"
    assert 'id="rating-provisional"' in page, f"fewer than {PROVISIONAL_UNTIL} rated sittings"


def test_another_member_does_not_see_a_players_rating_until_the_club_publishes_them(club: Club) -> None:
    vic = signed_in(club, "vic")
    assert 'id="rating"' not in vic.get(player_page(club, "Anna")).content.decode()
    assert vic.get(table_page(club)).status_code == 403
    publish(club)
    assert 'id="rating-value"' in vic.get(player_page(club, "Anna")).content.decode()
    assert vic.get(table_page(club)).status_code == 200


def test_the_club_admin_sees_the_table_before_publishing_it(club: Club) -> None:
    ada = signed_in(club, "ada", Membership.Role.ADMIN)
    page = ada.get(table_page(club)).content.decode()
    assert 'id="ratings"' in page and 'id="unpublished"' in page


def test_an_anonymous_visitor_never_sees_a_rating_even_when_published(club: Club) -> None:
    publish(club)
    visitor = Client()
    refused = visitor.get(table_page(club))
    assert refused.status_code == 302 and refused["Location"].startswith(reverse("login"))
    page = visitor.get(player_page(club, "Anna"))
    assert page.status_code == 200 and 'id="rating"' not in page.content.decode()


def test_an_initials_only_player_is_shown_by_his_initials_to_every_other_member(club: Club) -> None:
    publish(club)
    table = signed_in(club, "vic").get(table_page(club)).content.decode()
    assert "D. M. H." in table and "Dora Maria Huber" not in table
    own = signed_in(club, "dora", player="Dora Maria Huber").get(table_page(club)).content.decode()
    assert "Dora Maria Huber" in own, "a player sees his own name"


def test_an_initials_only_players_rating_is_not_shown_beside_his_name_to_another_member(club: Club) -> None:
    """His ledger page names him in full to the members: his rating there would tell who the
    initials in the table are. He and the club admin see it."""
    publish(club)
    page = signed_in(club, "vic").get(player_page(club, "Dora Maria Huber")).content.decode()
    assert "Dora Maria Huber" in page and 'id="rating"' not in page
    assert 'id="rating-value"' in signed_in(club, "vic2").get(player_page(club, "Anna")).content.decode()
    own = signed_in(club, "dora", player="Dora Maria Huber").get(player_page(club, "Dora Maria Huber"))
    assert 'id="rating-value"' in own.content.decode()
    admin = signed_in(club, "ada", Membership.Role.ADMIN).get(player_page(club, "Dora Maria Huber"))
    assert 'id="rating-value"' in admin.content.decode()


def test_the_table_ranks_the_players_by_rating(club: Club) -> None:
    publish(club)
    table = signed_in(club, "vic").get(table_page(club)).content.decode()
    rows = table.split('id="ratings"')[1].split("<tbody>")[1].split("</tbody>")[0].split("<tr")[1:]
    ratings = [int(row.split('<td class="num">')[2].split()[0].split("<")[0]) for row in rows]
    assert ratings == sorted(ratings, reverse=True) and len(ratings) == 4


@pytest.mark.parametrize(("language", "word"), [("de", "Wertung"), ("da", "Rating")])
def test_the_rating_pages_speak_german_and_danish(club: Club, language: str, word: str) -> None:
    publish(club)
    client = signed_in(club, "vic")
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    table = client.get(table_page(club)).content.decode()
    provisional = {"de": "vorläufig", "da": "foreløbig"}[language]
    assert f"<h1>{word}" in table and provisional in table
    assert provisional in client.get(player_page(club, "Anna")).content.decode()


def test_the_club_admin_publishes_the_ratings_on_the_settings_page(club: Club) -> None:
    ada = signed_in(club, "ada", Membership.Role.ADMIN)
    url = reverse("club:settings", kwargs={"slug": club.slug})
    sent = fill_and_send(ada, url, {"ratings_published": True}, having="ratings_published")
    assert sent.status_code == 302
    assert Club.objects.get(pk=club.pk).ratings_published
    fill_and_send(ada, url, {"ratings_published": False}, having="ratings_published")
    assert not Club.objects.get(pk=club.pk).ratings_published


def test_the_table_page_costs_the_same_queries_for_four_players_and_forty(
    club: Club, django_assert_max_num_queries: Any
) -> None:
    publish(club)
    vic = signed_in(club, "vic")
    url = table_page(club)
    with django_assert_max_num_queries(8) as few:
        vic.get(url)
    names = [f"Player {n}" for n in range(40)]
    day = datetime.date(2026, 3, 1)
    for n in range(0, 39, 3):
        played(club, day + datetime.timedelta(days=n), *names[n : n + 3])
    with django_assert_max_num_queries(len(few.captured_queries)):
        page = vic.get(url).content.decode()
    assert page.count('<td class="name">') == 4 + 39


def workbook(client: Client, club: Club) -> dict[str, list[tuple[Any, ...]]]:
    url = reverse("ledger:export_xlsx", kwargs={"slug": club.slug}) + f"?year=2026&variant={GAME}"
    data = b"".join(client.get(url).streaming_content)  # type: ignore[attr-defined]
    book = load_workbook(io.BytesIO(data))
    return {sheet.title: [tuple(row) for row in sheet.iter_rows(values_only=True)] for sheet in book.worksheets}


def test_the_season_workbook_holds_a_ratings_sheet_once_published_and_never_for_a_visitor(club: Club) -> None:
    vic = signed_in(club, "vic")
    assert "Ratings" not in workbook(vic, club)
    publish(club)
    sheet = workbook(vic, club)["Ratings"]
    assert sheet[0] == ("Rank", "Player", "Rating", "Provisional", "Rated sittings")
    assert {row[1] for row in sheet[1:]} == {"Anna", "Bernd", "Carla", "D. M. H."}
    assert "Ratings" not in workbook(Client(), club)


def test_a_season_played_through_the_services_is_rated_for_each_sitting() -> None:
    club = make_club("other")
    sittings = season(club)
    admin = signed_in(club, "ada", Membership.Role.ADMIN)
    page = admin.get(player_page(club, "Anna") + "?year=2026").content.decode()
    history = page.split('id="rating-history"')[1].split("</table>")[0]
    assert history.count("<tr>") == 1 + sum(1 for s in sittings if s.seats.filter(player__display_name="Anna"))


def test_a_member_is_only_ever_a_player_of_his_own_club(club: Club) -> None:
    stranger = make_players(make_club("elsewhere"), "Eve")[0]
    membership = Membership.objects.get(user=make_member(club, "mia", Membership.Role.VIEWER))
    membership.player = stranger
    with pytest.raises(ValidationError):
        membership.full_clean()


def test_the_club_admin_says_on_the_members_page_which_player_a_member_is(club: Club) -> None:
    ada = signed_in(club, "ada", Membership.Role.ADMIN)
    bea = signed_in(club, "bea")
    assert 'id="rating"' not in bea.get(player_page(club, "Anna")).content.decode()
    membership = Membership.objects.get(user__username="bea")
    url = reverse("club:members", kwargs={"slug": club.slug})
    anna = str(club.players.get(display_name="Anna").pk)
    action = reverse("club:member_player", kwargs={"slug": club.slug, "pk": membership.pk})
    assert send(ada, url, form_on(ada.get(url), action=action), {"player": anna}).status_code == 302
    assert 'id="rating-value"' in bea.get(player_page(club, "Anna")).content.decode()
    assert 'id="rating"' not in bea.get(player_page(club, "Bernd")).content.decode(), "his own only"
    send(ada, url, form_on(ada.get(url), action=action), {"player": ""})
    assert Membership.objects.get(pk=membership.pk).player is None


@pytest.mark.parametrize("tampered", ["other club", "no number", "no such player"])
def test_a_tampered_choice_of_a_members_player_is_refused_in_the_pages_language(club: Club, tampered: str) -> None:
    ada = signed_in(club, "ada", Membership.Role.ADMIN)
    ada.cookies[settings.LANGUAGE_COOKIE_NAME] = "de"
    membership = Membership.objects.get(user=make_member(club, "bea", Membership.Role.VIEWER))
    stranger = make_players(make_club("elsewhere"), "Eve")[0]
    chosen = {"other club": str(stranger.pk), "no number": "1; DROP", "no such player": "999999"}[tampered]
    action = reverse("club:member_player", kwargs={"slug": club.slug, "pk": membership.pk})
    refused = ada.post(action, {"player": chosen}, follow=True)
    assert refused.status_code == 200 and "Wähle einen der Spieler des Vereins." in refused.content.decode()
    assert Membership.objects.get(pk=membership.pk).player is None


def test_a_player_is_one_members_at_most(club: Club) -> None:
    """Set to a second member, the player is no longer the first one's."""
    ada = signed_in(club, "ada", Membership.Role.ADMIN)
    first, second = (
        Membership.objects.get(user=make_member(club, name, Membership.Role.VIEWER)) for name in ("bea", "cem")
    )
    anna = str(club.players.get(display_name="Anna").pk)
    for membership in (first, second):
        ada.post(reverse("club:member_player", kwargs={"slug": club.slug, "pk": membership.pk}), {"player": anna})
    assert Membership.objects.get(pk=first.pk).player is None
    assert Membership.objects.get(pk=second.pk).player_id == int(anna)


def test_the_player_page_costs_the_same_queries_for_a_short_rating_history_and_a_long_one(
    club: Club, django_assert_max_num_queries: Any
) -> None:
    bea = signed_in(club, "bea", player="Anna")
    url = player_page(club, "Anna") + "?year=2026"
    with django_assert_max_num_queries(30) as few:
        bea.get(url)
    day = datetime.date(2026, 4, 1)
    for n in range(20):
        played(club, day + datetime.timedelta(days=n), "Anna", "Bernd", "Carla")
    with django_assert_max_num_queries(len(few.captured_queries)):
        page = bea.get(url).content.decode()
    assert page.split('id="rating-history"')[1].split("</table>")[0].count("<tr>") == 1 + 6 + 20
