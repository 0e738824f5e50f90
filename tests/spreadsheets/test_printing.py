"""Workbooks that print: every sheet of every export prints on A4, fitted to the page's width
(across the page where it is wide), its header row repeated on each page, within its print area,
with the club and what the workbook holds at the top of each page and the page's number at the
bottom."""

from __future__ import annotations

import io
from typing import Any

import openpyxl
import pytest
from django.test import Client

from scoring.club.models import Membership
from scoring.sittings.services import import_sitting
from scoring.spreadsheets.writer import Sheet, write_xlsx

from ..factories import golden, make_club, make_member

A4 = 9


def printed(data: bytes) -> list[Any]:
    return list(openpyxl.load_workbook(io.BytesIO(data)).worksheets)


def downloaded(client: Client, url: str) -> bytes:
    return b"".join(client.get(url).streaming_content)  # type: ignore[attr-defined]


def test_a_sheet_that_says_nothing_prints_fitted_to_the_width_on_as_many_pages_as_it_needs() -> None:
    narrow = Sheet("Narrow", ["A", "B"], iter([[1, 2], [3, 4]]))
    wide = Sheet("Wide", [f"C{n}" for n in range(12)], iter([list(range(12))]))
    out = io.BytesIO()
    write_xlsx([narrow, wide], out, heading="Stammtisch & Co · Herbst")
    first, second = printed(out.getvalue())
    assert (int(first.page_setup.paperSize), first.page_setup.fitToWidth, first.page_setup.fitToHeight) == (A4, 1, 0)
    assert first.page_setup.orientation == "portrait" and second.page_setup.orientation == "landscape"
    assert first.sheet_properties.pageSetUpPr.fitToPage
    assert first.print_title_rows == "$1:$1"
    assert first.print_area == "'Narrow'!$A$1:$B$3"
    assert first.oddHeader.left.text == "Stammtisch && Co · Herbst", "an & would start a header code"
    assert (first.oddHeader.right.text, first.oddFooter.center.text) == ("&A", "&P / &N")


@pytest.mark.django_db
def test_the_sitting_workbook_prints_every_sheet_with_the_club_and_the_sitting_on_top() -> None:
    club = make_club()
    sitting = import_sitting(club, golden("grosstarock", "four-at-the-table"), user=None)
    client = Client()
    client.force_login(make_member(club, "vera", Membership.Role.VIEWER))
    sheets = printed(downloaded(client, sitting.get_absolute_url() + "export.xlsx"))
    assert len(sheets) > 1
    for sheet in sheets:
        assert int(sheet.page_setup.paperSize) == A4 and sheet.page_setup.fitToWidth == 1, sheet.title
        assert sheet.print_title_rows == "$1:$1" and sheet.print_area, sheet.title
        assert sheet.oddHeader.left.text == f"{club} · {sitting}".replace("&", "&&")
