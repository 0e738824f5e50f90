"""Uploads through the pages: a sitting's workbook and a list of players; hostile files refused
with a clear message, nothing stored, never a server error (how fast: ``bench/hostile_files.py``)."""

from __future__ import annotations

import io
from typing import Any

import openpyxl
import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse

from bench.hostile_files import row_flood, zip_bomb
from scoring.club.models import Membership, Player
from scoring.sittings.models import Sitting
from scoring.submissions import new_key

from ..factories import golden, make_club, make_member, make_players
from .test_sitting_workbook import workbook_of

pytestmark = pytest.mark.django_db


def send(client: Client, url: str, name: str, data: bytes, **extra: Any) -> Any:
    return client.post(
        url, {"file": SimpleUploadedFile(name, data), "key": new_key(), **extra}, **extra.pop("meta", {})
    )


def test_a_sitting_workbook_uploaded_on_the_sitting_list_is_imported(admin: tuple[Client, Any]) -> None:
    client, club = admin
    doc = {**golden("danish_tarok", "three-deals-pots"), "date": "2026-11-30"}
    make_players(club, *doc["players"])  # players the club lacks are confirmed first: test_import_identity
    response = send(client, reverse("sittings:import", kwargs={"slug": club.slug}), "evening.xlsx", workbook_of(doc))
    sitting = Sitting.objects.get()
    assert response.status_code == 302 and response["Location"] == sitting.get_absolute_url()
    assert sitting.live_deals().count() == 3


def test_a_sitting_workbook_with_a_wrong_deal_is_refused_naming_the_deal(admin: tuple[Client, Any]) -> None:
    client, club = admin
    doc = {**golden("danish_tarok", "three-deals-pots"), "date": "2026-11-30"}
    book = openpyxl.load_workbook(io.BytesIO(workbook_of(doc)))
    book["Deals"]["E3"] = 8  # deal 2's first card points, so that they no longer add up to 78
    out = io.BytesIO()
    book.save(out)
    response = send(client, reverse("sittings:import", kwargs={"slug": club.slug}), "evening.xlsx", out.getvalue())
    assert response.status_code == 200
    (problem,) = response.context["problems"]
    assert problem.startswith("deal 2: card points add up to ")
    assert not Sitting.objects.exists()


def test_a_scorekeepers_import_uses_the_clubs_players_and_adds_none() -> None:
    club = make_club()
    client = Client()
    client.force_login(make_member(club, "kim", Membership.Role.SCOREKEEPER))
    doc = {**golden("danish_tarok", "three-deals-pots"), "date": "2026-11-30"}
    url = reverse("sittings:import", kwargs={"slug": club.slug})
    make_players(club, *doc["players"][1:])
    response = send(client, url, "evening.xlsx", workbook_of(doc))
    assert response.context["problems"] == [
        f'players: "{doc["players"][0]}": not a player of the club: a club admin adds players first'
    ]
    assert not Sitting.objects.exists() and Player.objects.count() == len(doc["players"]) - 1
    make_players(club, doc["players"][0])
    assert send(client, url, "evening.xlsx", workbook_of(doc)).status_code == 302


HOSTILE = {
    "not a workbook": (b"\x00\x01 just some bytes" * 100, "workbook"),
    "a PDF": (b"%PDF-1.7 pretending", "PDF"),
    "password-protected": (b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + b"\x00" * 4000, "password-protected"),
    "a decompression bomb": (None, "unpack"),
    "a million formatted empty rows": (None, "rows"),
}


@pytest.mark.parametrize("case", list(HOSTILE))
@pytest.mark.parametrize("page", ["sittings:import", "club:players_import"])
def test_a_hostile_file_is_refused_with_a_clear_message(admin: tuple[Client, Any], case: str, page: str) -> None:
    client, club = admin
    data, said = HOSTILE[case]
    if data is None:
        data = zip_bomb() if case == "a decompression bomb" else row_flood()
    response = send(client, reverse(page, kwargs={"slug": club.slug}), "upload.xlsx", data)
    assert response.status_code == 200
    assert any(said in problem for problem in response.context["problems"]), response.context["problems"]
    assert not Sitting.objects.exists() and not Player.objects.exists()


def test_an_upload_over_the_limit_is_refused_before_it_is_read(admin: tuple[Client, Any], settings: Any) -> None:
    client, club = admin
    settings.TAROKCLUB_UPLOAD_MAX_BYTES = 10_000_000
    response = send(
        client, reverse("sittings:import", kwargs={"slug": club.slug}), "big.xlsx", b"PK" + b"0" * 50_000_000
    )
    assert response.status_code == 413
    assert "the limit is 10 MB" in response.content.decode()
    assert not Sitting.objects.exists()


def test_an_upload_over_the_limit_is_refused_in_the_pages_language(admin: tuple[Client, Any], settings: Any) -> None:
    client, club = admin
    settings.TAROKCLUB_UPLOAD_MAX_BYTES = 1_000_000
    url = reverse("sittings:import", kwargs={"slug": club.slug})
    response = send(client, url, "big.xlsx", b"PK" + b"0" * 2_000_000, meta={"headers": {"accept-language": "de"}})
    assert response.status_code == 413
    assert '<html lang="de">' in response.content.decode() and "Datei zu groß" in response.content.decode()


def name_list(rows: list[list[object]]) -> bytes:
    book = openpyxl.Workbook()
    sheet = book.active
    assert sheet is not None
    for row in rows:
        sheet.append(row)
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()


def test_a_list_of_players_adds_new_names_and_leaves_known_ones(admin: tuple[Client, Any]) -> None:
    client, club = admin
    make_players(club, "Anna", "Bernd")
    data = name_list(
        [
            ["Name", "Active", "Initials only"],
            ["anna", None, None],
            ["  Zoe  Ann ", "no", "yes"],
            ["Bernd", None, None],
            ["Udo", None, None],
        ]
    )
    response = send(client, reverse("club:players_import", kwargs={"slug": club.slug}), "players.xlsx", data)
    assert response.status_code == 302
    said = [str(m) for m in client.get(response["Location"]).context["messages"]]
    assert said == ["2 players added, 2 already known."]
    players = {p.display_name: (p.active, p.initials_only) for p in club.players.all()}
    assert players == {"Anna": (True, False), "Bernd": (True, False), "Zoe Ann": (False, True), "Udo": (True, False)}


def test_a_list_of_players_as_a_german_csv(admin: tuple[Client, Any]) -> None:
    client, club = admin
    data = "\ufeffName;Aktiv\nJörg;ja\nLærke;nein\n".encode()
    response = send(client, reverse("club:players_import", kwargs={"slug": club.slug}), "spieler.csv", data)
    assert response.status_code == 302
    assert {p.display_name: p.active for p in club.players.all()} == {"Jörg": True, "Lærke": False}


def test_a_list_with_a_bad_row_stores_nothing_and_names_the_row(admin: tuple[Client, Any]) -> None:
    client, club = admin
    url = reverse("club:players_import", kwargs={"slug": club.slug})
    too_long = send(client, url, "players.xlsx", name_list([["Name"], ["Anna"], ["A" * 61]]))
    assert [problem[:20] for problem in too_long.context["problems"]] == ["Sheet, row 3, column"]
    twice = send(client, url, "players.xlsx", name_list([["Name"], ["Anna"], ["Zoe"], ["anna"]]))
    assert len(twice.context["problems"]) == 1 and "row 2" in twice.context["problems"][0]
    assert not Player.objects.exists()


def test_the_same_list_sent_twice_adds_its_players_once(admin: tuple[Client, Any]) -> None:
    client, club = admin
    url = reverse("club:players_import", kwargs={"slug": club.slug})
    key = new_key()
    for _time in range(2):
        client.post(url, {"file": SimpleUploadedFile("p.csv", b"Name\nZoe\n"), "key": key})
    assert list(club.players.values_list("display_name", flat=True)) == ["Zoe"]


def test_a_name_another_import_added_meanwhile_counts_as_known(monkeypatch: pytest.MonkeyPatch) -> None:
    """Two imports at once: the second decides what is new inside its own transaction, so a name
    the first added while the second read its file is known, not added twice."""
    from scoring.club import services
    from scoring.spreadsheets.reader import ListedName, NameList

    club = make_club()
    real_once = services.once

    def after_another_import(*args: Any, **kwargs: Any) -> Any:
        make_players(club, "Zoe")
        return real_once(*args, **kwargs)

    monkeypatch.setattr(services, "once", after_another_import)
    names = NameList((ListedName("Zoe", 2), ListedName("Udo", 3)), "Sheet")
    done = services.import_players(club, names, key=new_key())
    assert (done.added, done.known) == (("Udo",), ("Zoe",))
    assert sorted(club.players.values_list("display_name", flat=True)) == ["Udo", "Zoe"]
