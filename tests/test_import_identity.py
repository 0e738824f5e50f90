"""Imports that know what they have seen: an export says which sitting it is, whether it was
closed and how it was corrected; the import refuses a sitting the club has already, restores the
closed state and the history, and adds no player before a club admin confirms him.

Personas: Ada, the admin of the Stammtisch (the ``admin`` fixture), who imports; the Runde, another
club, whose sitting is exported; Kim, a scorekeeper of the Stammtisch.
"""

from __future__ import annotations

import io
import json
from typing import Any

import openpyxl
import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse
from django.utils import translation
from django.utils.formats import date_format
from django.utils.timezone import localdate

from scoring.club.models import Club, Membership, Player
from scoring.sittings.exports import exported_document
from scoring.sittings.models import DealRevision, Sitting
from scoring.sittings.results import stored_result
from scoring.sittings.services import close_sitting, correct_deal, import_sitting, record_deal, remove_last_deal

from .factories import golden, make_club, make_member, make_players
from .pages import form_on, send

pytestmark = pytest.mark.django_db
PLAYERS = ["Anna", "Bernd", "Carla"]


def corrected_and_closed(club: Club) -> Sitting:
    """A Danish sitting of three deals: deal 2 corrected (with the inputs of deal 3), deal 3 taken
    back and entered again, then closed."""
    doc = {**golden("danish_tarok", "three-deals-pots"), "date": "2026-03-03"}
    sitting = import_sitting(club, doc, user=None)
    correct_deal(sitting, 2, doc["deals"][2], user=None, reason="recounted the tricks")
    remove_last_deal(sitting, user=None, reason="entered twice")
    record_deal(sitting, doc["deals"][2], user=None)
    return close_sitting(sitting, user=None)


def export_of(client: Client, sitting: Sitting) -> bytes:
    response = client.get(reverse("sittings:export_xlsx", kwargs={"slug": sitting.club.slug, "pk": sitting.pk}))
    assert response.status_code == 200
    return b"".join(response.streaming_content)  # type: ignore[attr-defined]


def upload(client: Client, club: Club, name: str, data: bytes, language: str = "en", **typed: Any) -> Any:
    """Send the import page's upload form as rendered, with the file and ``typed`` ticked."""
    page_url = reverse("sittings:import", kwargs={"slug": club.slug})
    headers = {"accept-language": language}
    form = form_on(client.get(page_url, headers=headers), having="file")
    return send(client, page_url, form, {"file": SimpleUploadedFile(name, data), **typed}, headers=headers)


def confirm(client: Client, club: Club, response: Any, language: str = "en") -> Any:
    """Press the button of the confirmation the upload showed."""
    page_url = reverse("sittings:import", kwargs={"slug": club.slug})
    return send(client, page_url, form_on(response, having="document"), headers={"accept-language": language})


def everything() -> tuple[int, int, int]:
    """What an import would add: sittings, players, revisions of deals."""
    return Sitting.objects.count(), Player.objects.count(), DealRevision.objects.count()


def without_identity(doc: dict[str, Any]) -> dict[str, Any]:
    """An exported document without the club and the number, which differ from copy to copy."""
    export = {key: value for key, value in doc["export"].items() if key not in ("club", "sitting")}
    return {**doc, "export": export}


# --- what an export says ---------------------------------------------------------------


def test_a_sitting_document_says_its_club_number_revision_closed_state_and_history() -> None:
    sitting = corrected_and_closed(make_club("runde", public=True))
    export = exported_document(sitting)["export"]
    assert (export["club"], export["sitting"], export["revision"]) == ("runde", sitting.pk, 6)
    assert export["closed"] == sitting.closed_at.isoformat()
    history = [(c["deal"], c["revision"], c["live"], c["removed"], c["reason"]) for c in export["history"]]
    assert history == [
        (2, 1, False, False, ""),
        (2, 2, True, False, "recounted the tricks"),
        (3, 1, False, False, ""),
        (3, 2, False, True, "entered twice"),
        (3, 3, True, False, ""),
    ]
    assert [("inputs" in c) for c in export["history"]] == [True, False, True, False, False]


def test_the_workbook_says_which_sitting_it_is_on_house_rules_and_keeps_a_history_sheet(
    admin: tuple[Client, Club],
) -> None:
    client, club = admin
    sitting = corrected_and_closed(club)
    book = openpyxl.load_workbook(io.BytesIO(export_of(client, sitting)))
    house = {row[0]: row[1] for row in book["House rules"].iter_rows(values_only=True)}
    assert (house["club"], house["sitting"], house["revision"]) == (club.slug, sitting.pk, 6)
    assert house["closed"] == sitting.closed_at.isoformat()
    history = list(book["History"].iter_rows(values_only=True))
    assert history[0][:5] == ("Deal", "Revision", "Counts", "Removed", "Entered")
    assert [row[:4] for row in history[1:]] == [(2, 1, False, False), (2, 2, True, False), (3, 1, False, False),
                                                 (3, 2, False, True), (3, 3, True, False)]  # fmt: skip


# --- the same sitting twice ------------------------------------------------------------


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("en", "this sitting is already sitting {number}, imported on {day}"),
        ("de", "Diese Partie ist bereits Partie {number}, importiert am {day}"),
    ],
)
def test_the_same_export_imported_twice_is_refused_naming_the_sitting(
    admin: tuple[Client, Club], language: str, said: str
) -> None:
    client, club = admin
    make_players(club, *PLAYERS)
    data = export_of(client, corrected_and_closed(make_club("runde", public=True)))
    first = upload(client, club, "runde.xlsx", data, language)
    assert first.status_code == 302
    imported = Sitting.objects.get(club=club)
    before = everything()
    again = upload(client, club, "runde.xlsx", data, language)
    assert again.status_code == 200
    (problem,) = again.context["problems"]
    with translation.override(language):
        day = date_format(localdate(imported.imported_at))
    assert problem.startswith(said.format(number=imported.pk, day=day))
    assert everything() == before


def test_a_clubs_own_export_is_refused_as_its_own_sitting(admin: tuple[Client, Club]) -> None:
    client, club = admin
    sitting = corrected_and_closed(club)
    before = everything()
    response = upload(client, club, "ours.xlsx", export_of(client, sitting))
    (problem,) = response.context["problems"]
    assert problem.startswith(f"this sitting is sitting {sitting.pk} of this club")
    assert everything() == before


def test_a_sitting_document_imported_again_is_refused_in_german(admin: tuple[Client, Club]) -> None:
    client, club = admin
    sitting = corrected_and_closed(club)
    document = json.dumps(exported_document(sitting)).encode()
    response = upload(client, club, "ours.json", document, "de")
    (problem,) = response.context["problems"]
    assert problem.startswith(f"Diese Partie ist Partie {sitting.pk} dieses Vereins")
    assert Sitting.objects.count() == 1


def test_import_as_a_new_sitting_imports_it_all_the_same_and_keeps_where_it_came_from(
    admin: tuple[Client, Club],
) -> None:
    client, club = admin
    sitting = corrected_and_closed(club)
    response = upload(client, club, "ours.xlsx", export_of(client, sitting), as_new=True)
    copy = Sitting.objects.exclude(pk=sitting.pk).get()
    assert response.status_code == 302 and response["Location"] == copy.get_absolute_url()
    assert (copy.origin_club, copy.origin_number, copy.origin_revision) == (club.slug, sitting.pk, 6)


def test_older_documents_and_the_worked_examples_import_as_they_always_did(admin: tuple[Client, Club]) -> None:
    client, club = admin
    make_players(club, *PLAYERS)
    document = json.dumps(golden("danish_tarok", "three-deals-pots")).encode()
    assert upload(client, club, "a.json", document).status_code == 302
    assert upload(client, club, "b.json", document).status_code == 302
    assert Sitting.objects.filter(origin_club="").count() == 2


def test_a_damaged_export_is_refused_saying_where(admin: tuple[Client, Club]) -> None:
    client, club = admin
    doc = exported_document(corrected_and_closed(make_club("runde", public=True)))
    doc["export"]["history"][0]["revision"] = 2  # now deal 2 has two revisions numbered 2
    doc["export"]["sitting"] = "22"
    before = everything()
    response = upload(client, club, "damaged.json", json.dumps(doc).encode())
    assert response.context["problems"] == [
        "export.sitting: not as the site writes it in an export",
        "export.history: not as the site writes it in an export",
    ]
    assert everything() == before


# --- closed, with its corrections --------------------------------------------------------


@pytest.mark.parametrize("kind", ["xlsx", "json"])
def test_a_closed_corrected_sitting_comes_back_closed_with_its_history(admin: tuple[Client, Club], kind: str) -> None:
    client, club = admin
    make_players(club, *PLAYERS)
    original = corrected_and_closed(make_club("runde", public=True))
    data = export_of(client, original) if kind == "xlsx" else json.dumps(exported_document(original)).encode()
    assert upload(client, club, f"runde.{kind}", data).status_code == 302
    back = Sitting.objects.get(club=club)
    assert back.is_closed and back.closed_at == original.closed_at
    assert without_identity(exported_document(back)) == without_identity(exported_document(original))
    assert stored_result(back) == stored_result(original)
    assert (back.origin_club, back.origin_number) == ("runde", original.pk)


# --- players not of this club ------------------------------------------------------------


def test_new_players_are_listed_and_added_only_once_the_admin_confirms(admin: tuple[Client, Club]) -> None:
    client, club = admin
    make_players(club, "Anna")
    data = export_of(client, corrected_and_closed(make_club("runde", public=True)))
    before = everything()
    response = upload(client, club, "runde.xlsx", data)
    assert response.status_code == 200
    assert "These players are not of the club yet and will be added: Bernd, Carla" in response.content.decode()
    assert everything() == before
    done = confirm(client, club, response)
    sitting = Sitting.objects.get(club=club)
    assert done.status_code == 302 and done["Location"] == sitting.get_absolute_url()
    assert sorted(club.players.values_list("display_name", flat=True)) == PLAYERS


def test_the_confirmation_is_in_the_pages_language(admin: tuple[Client, Club]) -> None:
    client, club = admin
    data = json.dumps(golden("kosakeln", "solo-silent-valat")).encode()
    response = upload(client, club, "k.json", data, "de")
    names = ", ".join(golden("kosakeln", "solo-silent-valat")["players"])
    assert f"Diese Spieler sind noch nicht im Verein und werden hinzugefügt: {names}" in response.content.decode()
    assert confirm(client, club, response, "de").status_code == 302


def test_a_confirmation_changed_on_the_way_is_refused_and_stores_nothing(admin: tuple[Client, Club]) -> None:
    client, club = admin
    response = upload(client, club, "k.json", json.dumps(golden("kosakeln", "solo-silent-valat")).encode())
    form = form_on(response, having="document")
    data = form.data()
    data["document"] = data["document"][:-2] + "xx"
    refused = client.post(reverse("sittings:import", kwargs={"slug": club.slug}), data)
    assert refused.context["problems"] == ["the confirmation is older than a day or was changed: upload the file again"]
    assert everything() == (0, 0, 0)


def test_a_confirmation_sent_twice_imports_once(admin: tuple[Client, Club]) -> None:
    client, club = admin
    response = upload(client, club, "k.json", json.dumps(golden("kosakeln", "solo-silent-valat")).encode())
    assert confirm(client, club, response).status_code == 302
    assert confirm(client, club, response).status_code == 302
    assert Sitting.objects.count() == 1


def test_a_scorekeeper_is_still_refused_the_players_the_club_lacks() -> None:
    club = make_club()
    client = Client()
    client.force_login(make_member(club, "kim", Membership.Role.SCOREKEEPER))
    response = upload(client, club, "k.json", json.dumps(golden("kosakeln", "solo-silent-valat")).encode())
    assert all("a club admin adds players first" in problem for problem in response.context["problems"])
    assert everything() == (0, 0, 0)


def test_a_confirmation_made_in_one_club_adds_nobody_in_another(admin: tuple[Client, Club]) -> None:
    """Ada administers a second club too: the confirmation the Stammtisch's page showed her
    cannot add players to the other club, whose page never listed them."""
    client, club = admin
    other = make_club("zweite")
    Membership.objects.create(user=Membership.objects.get(club=club).user, club=other, role=Membership.Role.ADMIN)
    response = upload(client, club, "k.json", json.dumps(golden("kosakeln", "solo-silent-valat")).encode())
    data = form_on(response, having="document").data()
    refused = client.post(reverse("sittings:import", kwargs={"slug": other.slug}), data)
    assert refused.context["problems"] == ["the confirmation is older than a day or was changed: upload the file again"]
    assert everything() == (0, 0, 0)


def test_the_upload_beside_a_confirmation_has_a_key_of_its_own(admin: tuple[Client, Club]) -> None:
    """Confirmed, then a corrected file uploaded from the same page: the second upload is a new
    import, not the first one's answer again."""
    client, club = admin
    response = upload(client, club, "k.json", json.dumps(golden("kosakeln", "solo-silent-valat")).encode())
    assert form_on(response, having="file").data()["key"] != form_on(response, having="document").data()["key"]
