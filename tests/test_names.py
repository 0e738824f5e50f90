"""Names and typed text, the same on every path (the forms, the JSON imports, the spreadsheet
imports, the services): a name needs a character that shows, so one made only of invisible or
direction characters (U+200B, U+202E, U+FEFF) is no name; no typed text keeps a control
character or a direction override; what is kept is normalised alike everywhere."""

from __future__ import annotations

import copy
import datetime
import json
from typing import Any

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse
from django.utils.html import escape

from scoring.club.models import Club, Player
from scoring.engine.refusal import Refusal
from scoring.limits import name_problem, normalise_name, quoted
from scoring.sittings.models import Sitting
from scoring.tournaments import services
from scoring.tournaments.documents import import_tournament, tournament_document
from scoring.tournaments.models import Entrant, Tournament

from .factories import golden, make_club, renamed
from .pages import fill_and_send, form_on, send
from .tournaments.helpers import make_tournament

pytestmark = pytest.mark.django_db

INVISIBLE = ["\u200b", "\u202e", "\ufeff", "\u202e\u200b \ufeff", "\u2066\u2069"]
"""Names that show nothing: a zero-width space, a right-to-left override, a byte-order mark."""
NO_NAME = "Give a name."
CONTROL = "Control characters (such as NUL) cannot be kept: type plain text."
OVERRIDE = "Direction controls (such as U+202E) cannot be kept: type plain text."
HARMFUL = {"An\x07na": CONTROL, "An\x1bna": CONTROL, "An\u202ena": OVERRIDE}
"""Names with a character inside that no typed text keeps, and what the page says of each."""


def says(response: Any, text: str) -> bool:
    return text in response.content.decode()


@pytest.mark.parametrize("typed", ["\u200b", "\u202e", "\ufeff", "\u202e\u200b \ufeff", "\u2066\u2069", "\u3164"])
def test_a_name_of_only_invisible_characters_is_no_name(typed: str) -> None:
    assert normalise_name(typed) == ""
    assert str(name_problem(normalise_name(typed))) == NO_NAME


def test_invisible_characters_at_the_edges_of_a_word_are_dropped_and_a_joiner_inside_stays() -> None:
    assert normalise_name("\ufeffAnna\u200b  Maria\u200e ") == "Anna Maria"
    assert normalise_name("Hans\u200dPeter") == "Hans\u200dPeter"


def players_page(club: Club, name: str = "player_add") -> str:
    return reverse(f"club:{name}", kwargs={"slug": club.slug})


@pytest.mark.parametrize("typed", INVISIBLE)
def test_the_player_page_refuses_a_name_that_shows_nothing(admin: tuple[Client, Any], typed: str) -> None:
    client, club = admin
    response = fill_and_send(client, players_page(club), {"display_name": typed}, having="display_name")
    assert response.status_code == 200 and says(response, NO_NAME)
    assert not club.players.exists()


@pytest.mark.parametrize("typed", HARMFUL)
def test_the_player_page_refuses_a_name_with_a_control_character_or_an_override(
    admin: tuple[Client, Any], typed: str
) -> None:
    client, club = admin
    response = fill_and_send(client, players_page(club), {"display_name": typed}, having="display_name")
    assert response.status_code == 200 and says(response, HARMFUL[typed])
    assert not club.players.exists()


def test_the_player_page_keeps_a_name_without_its_invisible_edges(admin: tuple[Client, Any]) -> None:
    client, club = admin
    typed = {"display_name": "\ufeff Anna\u200b "}
    assert fill_and_send(client, players_page(club), typed, having="display_name").status_code == 302
    assert list(club.players.values_list("display_name", flat=True)) == ["Anna"]


@pytest.mark.parametrize(("typed", "said"), [("\u202e", "Give the club a name."), ("Club\x07", CONTROL)])
def test_the_club_settings_refuse_a_name_that_shows_nothing_or_holds_a_control(
    admin: tuple[Client, Any], typed: str, said: str
) -> None:
    client, club = admin
    response = fill_and_send(client, players_page(club, "settings"), {"name": typed}, having="name")
    assert response.status_code == 200 and says(response, said)
    assert Club.objects.get(pk=club.pk).name == club.name


def new_tournament(client: Client, club: Club, name: str) -> Any:
    page = reverse("tournaments:new", kwargs={"slug": club.slug}) + "?variant=kosakeln"
    return fill_and_send(client, page, {"name": name, "date": "2026-11-14"}, having="name")


@pytest.mark.parametrize(("typed", "said"), [*((name, NO_NAME) for name in INVISIBLE), *HARMFUL.items()])
def test_the_new_tournament_page_refuses_a_name_the_site_cannot_keep(
    admin: tuple[Client, Any], typed: str, said: str
) -> None:
    client, club = admin
    response = new_tournament(client, club, typed)
    assert response.status_code == 200 and says(response, said)
    assert not Tournament.objects.exists()


def test_the_new_tournament_page_keeps_the_name_normalised(admin: tuple[Client, Any]) -> None:
    client, club = admin
    assert new_tournament(client, club, "  Herbst\u200b   Turnier ").status_code == 302
    assert Tournament.objects.get().name == "Herbst Turnier"


def enter(client: Client, tournament: Tournament, typed: dict[str, str]) -> Any:
    page = tournament.get_absolute_url()
    action = reverse("tournaments:entrant_add", kwargs={"slug": tournament.club.slug, "pk": tournament.pk})
    return send(client, page, form_on(client.get(page), action=action), typed, follow=True)


@pytest.mark.parametrize(("group", "said"), [("Fam\x07ilie", CONTROL), ("Fam\u202eilie", OVERRIDE)])
def test_an_entrants_group_with_a_control_character_or_an_override_is_refused(
    admin: tuple[Client, Any], group: str, said: str
) -> None:
    client, club = admin
    tournament = make_tournament(club)
    response = enter(client, tournament, {"name": "Zita", "group": group})
    assert says(response, said)
    assert not tournament.entrants.exists()


@pytest.mark.parametrize("typed", INVISIBLE)
def test_a_guest_entrant_needs_a_name_that_shows(admin: tuple[Client, Any], typed: str) -> None:
    client, club = admin
    tournament = make_tournament(club)
    enter(client, tournament, {"name": typed})
    assert not tournament.entrants.exists() and not club.players.exists()


def test_an_entrants_group_is_kept_normalised(admin: tuple[Client, Any]) -> None:
    client, club = admin
    tournament = make_tournament(club)
    enter(client, tournament, {"name": "Zita", "group": "  Familie\u200b   Huber "})
    assert tournament.entrants.get().group == "Familie Huber"


def upload(name: str, text: str) -> SimpleUploadedFile:
    return SimpleUploadedFile(name, text.encode())


@pytest.mark.parametrize("name", [*INVISIBLE, *HARMFUL])
def test_the_sitting_import_page_refuses_a_player_name_the_site_cannot_keep(
    admin: tuple[Client, Any], name: str
) -> None:
    client, club = admin
    document = json.dumps(renamed(golden("grosstarock", "readme-example"), "Anna", name))
    page = reverse("sittings:import", kwargs={"slug": club.slug})
    response = fill_and_send(client, page, {"file": upload("sitting.json", document)}, having="file")
    assert response.status_code == 200
    assert says(response, f"players: {escape(quoted(name))}: {HARMFUL.get(name, NO_NAME)}"), (
        "quoted, codes for the unseen"
    )
    assert not Sitting.objects.exists() and not Player.objects.exists()


@pytest.mark.parametrize("name", [*INVISIBLE, *HARMFUL])
def test_the_players_import_refuses_a_list_with_a_name_the_site_cannot_keep(
    admin: tuple[Client, Any], name: str
) -> None:
    client, club = admin
    listed = upload("players.csv", f"Name\nAnna\n{name}\n")
    response = fill_and_send(client, players_page(club, "players_import"), {"file": listed}, having="file")
    assert response.status_code == 200 and says(response, "row 3")
    assert not club.players.exists()


@pytest.mark.parametrize("name", [*INVISIBLE, *HARMFUL])
def test_the_entrants_import_refuses_a_list_with_a_name_the_site_cannot_keep(
    admin: tuple[Client, Any], name: str
) -> None:
    client, club = admin
    tournament = make_tournament(club)
    page = reverse("tournaments:entrants_import", kwargs={"slug": club.slug, "pk": tournament.pk})
    response = fill_and_send(client, page, {"file": upload("entrants.csv", f"Name\nAnna\n{name}\n")}, having="file")
    assert response.status_code == 200 and says(response, "row 3")
    assert not tournament.entrants.exists() and not club.players.exists()


def a_tournament_document() -> dict[str, Any]:
    club = make_club("elsewhere")
    return tournament_document(make_tournament(club, "Anna", "Bernd", "Carla", "Dora"))


@pytest.mark.parametrize(
    "damage",
    [
        lambda doc: doc.update(name="\u202e"),
        lambda doc: doc.update(name="Herbst\x1bturnier"),
        lambda doc: doc["entrants"][0].update(name="\u200b"),
        lambda doc: doc["entrants"][0].update(name="An\u202ena"),
        lambda doc: doc["entrants"][0].update(group="Fam\x07ilie"),
        lambda doc: doc["entrants"][0].update(group="Fam\u202eilie"),
    ],
    ids=[
        "invisible name",
        "control in name",
        "invisible entrant",
        "override in entrant",
        "control in group",
        "override in group",
    ],
)
def test_the_tournament_import_refuses_a_name_or_group_the_site_cannot_keep(damage: Any) -> None:
    doc = copy.deepcopy(a_tournament_document())
    damage(doc)
    club = make_club()
    with pytest.raises(Refusal):
        import_tournament(club, doc, user=None)
    assert not Tournament.objects.filter(club=club).exists() and not club.players.exists()


def test_the_tournament_import_keeps_names_and_groups_normalised() -> None:
    doc = a_tournament_document()
    doc["name"] = " Herbst\u200b  Turnier "
    doc["entrants"][0]["group"] = " Familie\ufeff  Huber"
    imported = import_tournament(make_club(), doc, user=None)
    assert imported.name == "Herbst Turnier"
    assert imported.entrants.get(start_number=1).group == "Familie Huber"


@pytest.mark.parametrize("group", ["Fam\x00ilie", "Fam\u202eilie", "x" * 41])
def test_the_service_refuses_a_group_the_site_cannot_keep_whoever_calls_it(group: str) -> None:
    tournament = make_tournament(make_club())
    with pytest.raises(Refusal) as refusal:
        services.add_entrant(tournament, name="Zita", group=group)
    assert [problem.field for problem in refusal.value.problems] == ["group"]
    assert not Entrant.objects.exists()


def test_the_service_refuses_a_tournament_name_that_shows_nothing() -> None:
    settings = services.Settings(
        name="\u202e",
        variant="kosakeln",
        date=datetime.date(2026, 11, 14),
        options={},
        scoring="game_points",
        tiebreaks=["lot"],
        table_sizes=(2,),
        deals_per_dealer=1,
        rounds=1,
    )
    with pytest.raises(Refusal) as refusal:
        services.create_tournament(make_club(), settings, user=None)
    assert [(problem.field, str(problem.reason)) for problem in refusal.value.problems] == [("name", NO_NAME)]


def test_a_refused_name_is_quoted_with_codes_for_what_does_not_show() -> None:
    assert quoted("An\u202ena") == '"An\\u202ena"', "an override cannot turn the message around"
    assert quoted("\u200b") == '"\\u200b"' and quoted("Anna Maria") == '"Anna Maria"'
