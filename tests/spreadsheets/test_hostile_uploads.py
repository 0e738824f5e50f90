"""Hostile workbooks sent as a person sends them, through the upload forms of the three imports
(players, a tournament's entrants, a sitting): refused with a message that says why and names
the limit, and nothing stored.

The files are the probes' (issue 19), and the other ways to the same floods that the reader's
counts did not see, each made small: where a limit would need a big file the test lowers the
limit instead, so the same counting runs on a few kilobytes. The builders are
``bench/hostile_files.py``'s, which times the full-size files (the tests never look at the clock).
"""

from __future__ import annotations

import html
import io
import json
import zipfile
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse

from bench.hostile_files import (
    SHEET_HEAD,
    cell_flood,
    entity_flood,
    hidden_sheet,
    rich_text_flood,
    row_flood,
    shared_strings_flood,
    shared_strings_part,
    styles_flood,
    with_parts,
    with_shared_strings,
    with_sheet_xml,
)
from scoring.club.models import Membership, Player
from scoring.sittings.models import Sitting
from scoring.spreadsheets import reader
from scoring.tournaments.models import Entrant

from ..factories import golden, make_club, make_member, make_players
from ..pages import form_on, send
from ..tournaments.helpers import make_tournament
from .test_sitting_workbook import workbook_of

pytestmark = pytest.mark.django_db


@dataclass
class Import:
    """One import page, signed in as someone who may use it, and whether anything is stored."""

    client: Client
    url: str
    stored: Callable[[], bool]


def players_import() -> Import:
    club = make_club()
    client = Client()
    client.force_login(make_member(club, "ada", Membership.Role.ADMIN))
    return Import(client, reverse("club:players_import", kwargs={"slug": club.slug}), Player.objects.exists)


def entrants_import() -> Import:
    club = make_club()
    tournament = make_tournament(club)
    client = Client()
    client.force_login(make_member(club, "dora", Membership.Role.SCOREKEEPER))
    url = reverse("tournaments:entrants_import", kwargs={"slug": club.slug, "pk": tournament.pk})
    return Import(client, url, lambda: Entrant.objects.exists() or Player.objects.exists())


def sitting_import() -> Import:
    """A scorekeeper's sitting import, in a club whose players are those of :func:`sitting_doc`."""
    club = make_club()
    make_players(club, *sitting_doc()["players"])
    client = Client()
    client.force_login(make_member(club, "kim", Membership.Role.SCOREKEEPER))
    return Import(client, reverse("sittings:import", kwargs={"slug": club.slug}), Sitting.objects.exists)


IMPORTS = {"players": players_import, "entrants": entrants_import, "sitting": sitting_import}


def send_file(page: Import, data: bytes, name: str = "upload.xlsx") -> Any:
    """GET the import page, choose the file in its form and send what the page sends."""
    form = form_on(page.client.get(page.url), having="file")
    return send(page.client, page.url, form, {"file": SimpleUploadedFile(name, data)})


def refused(page: Import, data: bytes, name: str = "upload.xlsx") -> str:
    """The page that answers a refused file, as the text a person reads."""
    response = send_file(page, data, name)
    assert response.status_code == 200, response.status_code
    text = html.unescape(response.content.decode())
    assert "Nothing was stored" in text
    return text


def shared_strings_of(count: int, length: int) -> bytes:
    """A workbook whose shared strings are *Name* and then ``count - 1`` strings of ``length``
    letters each, none alike (so that they pack like texts, not like a bomb)."""
    letters = "abcdefghijklmnopqrstuvwxyz"
    return with_shared_strings(
        shared_strings_part(count, lambda n: "".join(letters[(n + i * 7) % 26] for i in range(length)) + str(n))
    )


@dataclass
class Hostile:
    """A hostile workbook: how to make it, the reader's limits lowered for it, what the page says."""

    make: Callable[[], bytes]
    said: str
    limits: dict[str, int] = field(default_factory=dict)


CELLS_SAID = "Deals: the sheet has more than 1,000 cells; the limit is 1,000"
ROWS_SAID = "Deals: the sheet has more than 50,000 rows (empty formatted rows count too); the limit is 50,000"

HOSTILE = {
    # The probes: cells and rows that a line break, a tab or a namespace prefix hid from the counts.
    "cells written <c\\nq=…/>": Hostile(lambda: cell_flood(2_000), CELLS_SAID, {"MAX_CELLS": 1_000}),
    "cells written <x:c\\tq=…/>": Hostile(
        lambda: cell_flood(2_000, prefix="x:", space="\t"), CELLS_SAID, {"MAX_CELLS": 1_000}
    ),
    "rows written <x:row\\n…/>": Hostile(lambda: row_flood(50_001, prefix="x:", space="\n"), ROWS_SAID),
    # The same floods by ways the counts did not see either: a sheet in UTF-16, cells that a DTD's
    # entities make, a sheet that only the workbook index openpyxl follows leads to.
    "cells in a UTF-16 sheet": Hostile(lambda: cell_flood(2_000, utf16=True), CELLS_SAID, {"MAX_CELLS": 1_000}),
    "cells made by a DTD's entities": Hostile(
        lambda: entity_flood(20, 100),
        "Deals: the file's part xl/worksheets/sheet1.xml declares a document type (a DTD), which no workbook "
        "has: refused as a possible attack",
    ),
    "rows in a sheet behind a decoy index": Hostile(lambda: hidden_sheet(50_001), ROWS_SAID),
    # Shared strings, bounded by their size and by their elements (texts and pieces of text).
    "shared strings too large": Hostile(
        lambda: shared_strings_of(2_000, 600),
        "the file's shared strings (the texts of its cells, in xl/sharedStrings.xml) unpack to 1.2 MB; the "
        "limit is 1 MB",
        {"MAX_SHARED_STRINGS_BYTES": 1_000_000},
    ),
    "too many shared strings": Hostile(
        lambda: shared_strings_flood(200),
        "the file's part xl/sharedStrings.xml is made of more than 300 XML elements (texts, formats, settings); "
        "the limit is 300",
        {"MAX_ELEMENTS": 300},
    ),
    "shared strings of many formatted pieces": Hostile(
        lambda: rich_text_flood(20, 10),
        "the file's part xl/sharedStrings.xml is made of more than 300 XML elements (texts, formats, settings); "
        "the limit is 300",
        {"MAX_ELEMENTS": 300},
    ),
    # Not a probe's: the styles, which openpyxl also reads whole before any sheet.
    "styles of many cell formats": Hostile(
        lambda: styles_flood(200),
        "the file's part xl/styles.xml is made of more than 300 XML elements (texts, formats, settings); the "
        "limit is 300",
        {"MAX_STYLE_ELEMENTS": 300},
    ),
}


@pytest.mark.parametrize("case", list(HOSTILE))
@pytest.mark.parametrize("importer", list(IMPORTS))
def test_a_hostile_workbook_is_refused_saying_why_and_nothing_is_stored(
    importer: str, case: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    where = IMPORTS[importer]()
    hostile = HOSTILE[case]
    for limit, value in hostile.limits.items():
        monkeypatch.setattr(reader, limit, value)
    assert hostile.said in refused(where, hostile.make())
    assert not where.stored()


def test_shared_strings_within_the_limits_are_read_as_ever() -> None:
    """The sheet of :func:`shared_strings_of` names its first two strings: the title *Name* and a name."""
    where = players_import()
    assert send_file(where, shared_strings_of(2_000, 5)).status_code == 302
    assert list(Player.objects.values_list("display_name", flat=True)) == ["ahovc0"]


@pytest.mark.parametrize("utf16", [False, True], ids=["UTF-8", "UTF-16"])
def test_names_written_with_a_prefix_and_line_breaks_are_read_as_ever(utf16: bool) -> None:
    """Counting every way of writing a tag refuses nothing a person's file holds: a sheet whose
    tags have a prefix and line breaks, in UTF-8 or UTF-16, gives its names."""
    head = SHEET_HEAD.replace(b"<worksheet xmlns=", b"<x:worksheet xmlns:x=").replace(b"<sheetData>", b"<x:sheetData>")
    rows = b"".join(
        b'<x:row\nr="%d"><x:c\tr="A%d"\r\nt="inlineStr"><x:is><x:t>%s</x:t></x:is></x:c></x:row>' % (n, n, name)
        for n, name in enumerate((b"Name", b"Anna", b"Bernd"), 1)
    )
    sheet = head + rows + b"</x:sheetData></x:worksheet>"
    if utf16:
        sheet = sheet.replace(b'encoding="UTF-8"', b'encoding="UTF-16"').decode().encode("utf-16")
    where = players_import()
    assert send_file(where, with_sheet_xml([sheet])).status_code == 302
    assert sorted(Player.objects.values_list("display_name", flat=True)) == ["Anna", "Bernd"]


# --- dates outside the years a club can have played in ------------------------------------


def with_house_date(book: bytes, serial: int) -> bytes:
    """A sitting's workbook whose House rules date (a date cell, 2026-11-30, serial 46356) holds
    the date serial ``serial`` instead, under the same date format."""
    with zipfile.ZipFile(io.BytesIO(book)) as archive:
        (name,) = (name for name in archive.namelist() if b"<v>46356</v>" in archive.read(name))
        sheet = archive.read(name)
    return with_parts({name: [sheet.replace(b"<v>46356</v>", b"<v>%d</v>" % serial)]}, base=book)


def sitting_doc() -> dict[str, Any]:
    return {**golden("danish_tarok", "three-deals-pots"), "date": "2026-11-30"}


@pytest.mark.parametrize(("serial", "shown"), [(-5, "1899-12-25"), (73416, "2101-01-01")])
def test_a_sitting_workbook_dated_outside_the_years_of_play_is_refused_naming_the_cell(serial: int, shown: str) -> None:
    where = sitting_import()
    text = refused(where, with_house_date(workbook_of(sitting_doc()), serial), "evening.xlsx")
    said = f"House rules, row 3, column B (Value): {shown} is not a date a club can have played on"
    assert f"{said} (the years 1900 to 2100)" in text
    assert not where.stored()


@pytest.mark.parametrize(("serial", "date"), [(1, "1900-01-01"), (73415, "2100-12-31")])
def test_a_sitting_workbook_dated_on_the_first_or_last_day_of_those_years_is_imported(serial: int, date: str) -> None:
    where = sitting_import()
    assert send_file(where, with_house_date(workbook_of(sitting_doc()), serial), "evening.xlsx").status_code == 302
    assert Sitting.objects.get().date.isoformat() == date


def test_a_sitting_document_dated_outside_the_years_of_play_is_refused_like_the_workbook() -> None:
    where = sitting_import()
    document = json.dumps({**sitting_doc(), "date": "1899-12-25"}).encode()
    text = refused(where, document, "evening.json")
    assert 'date: "1899-12-25" is not a date a club can have played on (the years 1900 to 2100)' in text
    assert not where.stored()
