"""A refusal reaches a German and a Danish table in its language, through the page.

Each test opens the page as a person would in that language, fills in its form as rendered and
sends it; the answer shows the refusal in the page's language, with none of the English left.
The expected words are those of the catalogue (``gettext`` in that language) and must differ
from the English: a template missing from the catalogue fails here, not only in the catalogue's
own test.
"""

from __future__ import annotations

import datetime
import io
from typing import Any

import pytest
from django.test import Client
from django.utils import translation
from openpyxl import load_workbook

from scoring.club.models import Membership
from scoring.engine.reasons import Reason, _, why
from scoring.engine.refusal import Problem
from scoring.sittings.services import close_sitting, import_sitting
from scoring.tournaments.services import Settings, add_entrant, create_tournament

from .factories import golden, make_club, make_member, make_players, make_sitting
from .pages import fill_and_send, form_on, send

pytestmark = pytest.mark.django_db

LANGUAGES = ["de", "da"]


def said_in(language: str, reason: Reason | Problem) -> tuple[str, str]:
    """The refusal's words in ``language``, and in English; they must differ."""
    with translation.override(language):
        words = reason.render(translation.gettext)
    english = str(reason)
    assert words != english, f"not translated into {language}: {english}"
    return words, english


def shown(response: Any) -> str:
    from html import unescape

    return unescape(response.content.decode())


def asking(language: str) -> dict[str, Any]:
    return {"headers": {"accept-language": language}}


def upload(client: Client, url: str, file: Any, language: str) -> Any:
    """Send a file with the upload form of the page at ``url``, read in ``language``."""
    return send(
        client, url, form_on(client.get(url, **asking(language)), having="file"), {"file": file}, **asking(language)
    )


def signed_in(club: Any, username: str, role: str) -> Client:
    client = Client()
    client.force_login(make_member(club, username, role))
    return client


@pytest.mark.parametrize("language", LANGUAGES)
def test_card_points_that_do_not_add_up_are_refused_in_the_pages_language(language: str) -> None:
    club = make_club()
    sitting = make_sitting(club, "grosstarock", "Anna", "Bernd", "Carla")
    keeper = signed_in(club, "kurt", Membership.Role.SCOREKEEPER)
    url = f"/clubs/{club.slug}/sittings/{sitting.pk}/deals/new/"
    answer = fill_and_send(keeper, url, {"cp_0": "10", "cp_1": "10", "cp_2": "10"}, having="cp_0", **asking(language))
    words, english = said_in(language, why(_("card points add up to {sum}, not {pack}"), sum=30, pack=78))
    assert words in shown(answer) and english not in shown(answer)
    assert sitting.revisions.count() == 0


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_pdf_sent_as_a_workbook_is_refused_in_the_pages_language(language: str) -> None:
    club = make_club()
    admin = signed_in(club, "ada", Membership.Role.ADMIN)
    url = f"/clubs/{club.slug}/sittings/import/"
    pdf = io.BytesIO(b"%PDF-1.7\n" + b"0" * 500)
    pdf.name = "sitting.xlsx"
    answer = upload(admin, url, pdf, language)
    words, english = said_in(language, why(_("the file is a PDF document, not an .xlsx workbook")))
    assert words in shown(answer) and english not in shown(answer)
    assert club.sittings.count() == 0


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_cell_that_is_no_number_is_refused_with_its_place_in_the_pages_language(language: str) -> None:
    club = make_club()
    admin = signed_in(club, "ada", Membership.Role.ADMIN)
    exported = import_sitting(club, golden("grosstarock", "announced-valat"), user=None)
    workbook = admin.get(f"/clubs/{club.slug}/sittings/{exported.pk}/export.xlsx", **asking(language))
    book = load_workbook(io.BytesIO(b"".join(workbook.streaming_content)))
    items = book.worksheets[1]  # the declarations and events, after the Deals
    items["A2"] = "vielleicht zehn"
    changed = io.BytesIO()
    book.save(changed)
    changed.seek(0)
    changed.name = "sitting.xlsx"
    url = f"/clubs/{club.slug}/sittings/import/"
    answer = upload(admin, url, changed, language)
    problem = Problem(
        None,
        None,
        why(_("{value} is not a whole number"), value='"vielleicht zehn"'),
        sheet=items.title,
        row=2,
        column="A",
        title=str(items["A1"].value),
    )
    words, english = said_in(language, problem)
    assert words in shown(answer) and english not in shown(answer)
    assert club.sittings.count() == 1


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_correction_of_a_sitting_closed_meanwhile_is_refused_in_the_pages_language(language: str) -> None:
    club = make_club()
    keeper = signed_in(club, "kurt", Membership.Role.SCOREKEEPER)
    sitting = import_sitting(club, golden("grosstarock", "announced-valat"), user=None)
    url = f"/clubs/{club.slug}/sittings/{sitting.pk}/deals/1/correct/"
    page = keeper.get(url, **asking(language))
    close_sitting(sitting, user=None)  # another phone closed the sitting while this one corrected
    answer = send(keeper, url, form_on(page, having="reason"), {"reason": "Tippfehler"}, **asking(language))
    words, english = said_in(language, why(_("the sitting is closed: only a club admin can change it")))
    assert words in shown(answer) and english not in shown(answer)
    assert sitting.revisions.count() == len(golden("grosstarock", "announced-valat")["deals"])


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_draw_that_cannot_seat_the_entrants_is_refused_in_the_pages_language(language: str) -> None:
    club = make_club()
    director = signed_in(club, "ada", Membership.Role.ADMIN)
    chosen = Settings(
        name="Herbst",
        variant="grosstarock",
        date=datetime.date(2026, 11, 14),
        options={},
        scoring="game_points",
        tiebreaks=[],
        table_sizes=[4, 3],
    )
    tournament = create_tournament(club, chosen, user=None)
    for player in make_players(club, "Anna", "Bernd", "Carla", "Dora", "Emil"):
        add_entrant(tournament, player=player)
    url = f"/clubs/{club.slug}/tournaments/{tournament.pk}/"
    page = director.get(url, **asking(language))
    answer = send(director, url, form_on(page, action="/draw/"), follow=True, **asking(language))
    reason = why(
        _("{count} entrants cannot be seated at tables of {sizes}: {what}"),
        count=5,
        sizes=why(_("{some} or {last}"), some="3", last=4),
        what=why(_("add {add} or withdraw {withdraw}"), add=1, withdraw=1),
    )
    words, english = said_in(language, reason)
    assert words in shown(answer) and english not in shown(answer)
    assert tournament.rounds.count() == 0


@pytest.mark.parametrize("language", LANGUAGES)
def test_taking_away_the_last_admin_is_refused_in_the_pages_language(language: str) -> None:
    club = make_club()
    admin = signed_in(club, "ada", Membership.Role.ADMIN)
    url = f"/clubs/{club.slug}/members/"
    page = admin.get(url, **asking(language))
    membership = club.memberships.get(user__username="ada")
    form = form_on(page, action=f"/members/{membership.pk}/role/")
    answer = send(admin, url, form, {"role": Membership.Role.VIEWER}, follow=True, **asking(language))
    words, english = said_in(language, why(_("The club needs at least one club admin: make someone else admin first.")))
    assert words in shown(answer) and english not in shown(answer)
    assert club.memberships.get(user__username="ada").role == Membership.Role.ADMIN
