"""The cells of the sitting's sheet as the page renders them: each player's running total and the
deal's score; "out" for a player who sat the deal out, with what he paid when he paid all the
same (Danish tarok at four: into the pots the deal founded)."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from scoring.sittings.services import import_sitting

from .factories import golden, make_club, make_sitting

pytestmark = pytest.mark.django_db


def cells_of(html: str, number: int) -> dict[str, tuple[str, str]]:
    """Deal ``number``'s row of the sheet: each player's cell as (its classes, its score's text)."""
    row = re.search(rf'<tr data-deal="{number}"[^>]*>(.*?)</tr>', html, re.S)
    assert row is not None, number
    cells = re.findall(
        r'<td class="([^"]*)"><span class="total" data-player="([^"]+)">[^<]*</span>(<span class="score.*?)</td>',
        row.group(1),
        re.S,
    )
    return {name: (classes, re.sub(r"<[^>]+>", "", score)) for classes, name, score in cells}


def test_a_danish_player_sitting_out_shows_what_he_paid_into_the_pots(client: Client) -> None:
    club = make_club(public=True)
    sitting = import_sitting(club, golden("danish_tarok", "four-at-the-table"), user=None)
    html = client.get(sitting.get_absolute_url()).content.decode()
    first = cells_of(html, 1)
    assert first["Franz"] == ("num out", "-40 (out)"), "he sat deal 1 out and paid 40 into the founded pots"
    assert first["Bernd"] == ("num", "-55")
    assert cells_of(html, 2)["Dieter"] == ("num out", "out"), "he sat deal 2 out and paid nothing"
    assert cells_of(html, 3)["Bernd"] == ("num out", "-20 (out)")


def test_a_sheet_without_deals_says_so_across_all_its_columns(client: Client) -> None:
    club = make_club(public=True)
    for variant, players in [("kosakeln", ["Anna", "Bernd"]), ("danish_tarok", ["Anna", "Bernd", "Carla", "Dora"])]:
        sitting = make_sitting(club, variant, *players)
        html = client.get(sitting.get_absolute_url()).content.decode()
        sheet = re.search(r'<table class="sheet" id="sheet">.*?<thead>(.*?)</thead>(.*?)</table>', html, re.S)
        assert sheet is not None
        head, body = sheet.groups()
        columns = len(re.findall(r"<th[ >]", head))
        assert columns == 1 + len(players) + (2 if variant == "danish_tarok" else 0), "#, players, pots"
        assert f'<td colspan="{columns}" class="muted">No deals yet.</td>' in body, variant
