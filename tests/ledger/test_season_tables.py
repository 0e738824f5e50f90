"""Season tables worked by hand (``tests/ledger/golden/``), in every ranking mode, with minimum
attendance and ties, read through ``ledger.json`` and the season table page."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.test import Client
from django.utils import translation

from scoring.ledger import results
from scoring.ledger.ranking import DEFAULT_CUP_TABLE, FIELD, Mode, Placement
from scoring.ledger.results import calendar_year
from scoring.ledger.services import save_rule

from ..factories import make_club
from .stored import golden, golden_names, store_golden

pytestmark = pytest.mark.django_db

CASES = [(name, index) for name in golden_names() for index in range(len(golden(name)["cases"]))]


def mode_of(rule: dict[str, Any]) -> Mode:
    table = rule.get("cup_table")
    return Mode(
        mode=rule["mode"],
        list_length=rule.get("list_length"),
        best=rule.get("best"),
        cup_table=FIELD if table == FIELD else tuple(table or DEFAULT_CUP_TABLE),
        minimum_attendance=rule.get("minimum_attendance", 0),
        fill_missing=rule.get("fill_missing", False),
    )


def season_of(name: str, monkeypatch: pytest.MonkeyPatch) -> tuple[Any, dict[str, Any]]:
    """A public club holding the golden season ``name``, its tournament placements given through
    the one function the cup reads them with."""
    document = golden(name)
    club = make_club(f"club-{name.replace('_', '-')}", public=True)
    store_golden(club, document)
    placements = {
        player: [Placement(place, field) for place, field in places]
        for player, places in document.get("placements", {}).items()
    }
    monkeypatch.setattr(results, "tournament_placements", lambda club, period, variant: results.Placings(placements))
    return club, document


def listed(client: Client, club: Any, variant: str) -> dict[str, Any]:
    response = client.get(f"/clubs/{club.slug}/ledger.json?variant={variant}&year=2026")
    assert response.status_code == 200
    document: dict[str, Any] = response.json()
    return document


@pytest.mark.parametrize(("name", "index"), CASES, ids=[f"{name}-{index}" for name, index in CASES])
def test_the_json_ranks_each_golden_season_as_worked_by_hand(
    client: Client, monkeypatch: pytest.MonkeyPatch, name: str, index: int
) -> None:
    club, document = season_of(name, monkeypatch)
    case = document["cases"][index]
    save_rule(club, document["variant"], calendar_year(2026), mode=mode_of(case["rule"]))
    table = listed(client, club, document["variant"])
    rows = [[p["rank"], p["player"], p["sittings"], p["deals"], p["points"], p["figure"]] for p in table["players"]]
    assert rows == case["expected"]
    assert table["mode"] == case["rule"]["mode"]


def cells(page: str, column: str) -> list[str]:
    return re.findall(rf'data-column="{column}">(.*?)</td>', page)


@pytest.mark.parametrize("name", golden_names())
def test_the_page_shows_each_golden_table_with_shared_ranks(
    client: Client, monkeypatch: pytest.MonkeyPatch, name: str
) -> None:
    club, document = season_of(name, monkeypatch)
    for case in document["cases"]:
        save_rule(club, document["variant"], calendar_year(2026), mode=mode_of(case["rule"]))
        with translation.override("en"):
            page = client.get(f"/clubs/{club.slug}/ledger/?variant={document['variant']}&year=2026").content.decode()
        assert re.findall(r'<tr data-player="(\w+)"', page) == [row[1] for row in case["expected"]]
        assert cells(page, "rank") == [str(row[0]) if row[0] is not None else "–" for row in case["expected"]]
        decimals = case["rule"]["mode"] in ("per_deal", "scaled")
        assert cells(page, "figure") == [f"{row[5]:,.2f}" if decimals else f"{row[5]:,}" for row in case["expected"]]
        assert page.count('class="unranked"') == sum(1 for row in case["expected"] if row[0] is None)


def test_the_page_writes_figures_in_the_pages_language(client: Client, monkeypatch: pytest.MonkeyPatch) -> None:
    club, document = season_of("per_deal", monkeypatch)
    save_rule(club, document["variant"], calendar_year(2026), mode=Mode("scaled", list_length=48))
    url = f"/clubs/{club.slug}/ledger/?variant={document['variant']}&year=2026"
    german = client.get(url, headers={"accept-language": "de"}).content.decode()
    english = client.get(url, headers={"accept-language": "en"}).content.decode()
    assert cells(german, "figure") == ["160,00", "160,00", "159,60", "-67,20", "-301,71"]
    assert cells(english, "figure") == ["160.00", "160.00", "159.60", "-67.20", "-301.71"]


def test_the_table_sorts_by_any_column_and_back(client: Client, monkeypatch: pytest.MonkeyPatch) -> None:
    club, document = season_of("total", monkeypatch)
    url = f"/clubs/{club.slug}/ledger/?variant={document['variant']}&year=2026"

    def order(sort: str) -> list[str]:
        return re.findall(r'<tr data-player="(\w+)"', client.get(f"{url}&sort={sort}").content.decode())

    assert order("rank") == ["Anna", "Bert", "Dora", "Cleo", "Emil"]
    assert order("-rank") == ["Emil", "Cleo", "Dora", "Bert", "Anna"]
    assert order("player") == ["Anna", "Bert", "Cleo", "Dora", "Emil"]
    assert order("-deals") == ["Cleo", "Dora", "Anna", "Emil", "Bert"]
    assert order("sittings")[0] in ("Bert", "Emil")
    assert order("nonsense") == ["Anna", "Bert", "Dora", "Cleo", "Emil"], "an unknown column sorts nothing"


def test_the_page_says_which_mode_is_in_force(client: Client, monkeypatch: pytest.MonkeyPatch) -> None:
    club, document = season_of("per_deal", monkeypatch)
    url = f"/clubs/{club.slug}/ledger/?variant={document['variant']}&year=2026"
    assert "total: the sum of game points" in client.get(url).content.decode()
    mode = Mode("scaled", list_length=48, minimum_attendance=2, fill_missing=True)
    save_rule(club, document["variant"], calendar_year(2026), mode=mode)
    page = client.get(url).content.decode()
    assert "scaled: game points per deal × the list length; list length 48" in page
    assert "ranked from 2 sittings on; missing sittings count as 0" in page
    assert "1 counted as 0" in page


def test_a_season_without_sittings_of_the_game_says_so(client: Client) -> None:
    club = make_club(public=True)
    page = client.get(f"/clubs/{club.slug}/ledger/?variant=droggn&year=2026").content.decode()
    assert "No sittings of Droggn in this season." in page


@pytest.mark.parametrize(
    "query",
    ["variant=chess", "year=abc", "year=99999", "season=12345", "season=%C2%B2", "year=2026&season=x"],
)
def test_an_address_naming_no_season_or_game_is_a_404(client: Client, query: str) -> None:
    club = make_club(public=True)
    assert client.get(f"/clubs/{club.slug}/ledger/?{query}").status_code == 404
    assert client.get(f"/clubs/{club.slug}/ledger.json?{query}").status_code == 404


def test_a_player_who_left_the_club_stays_in_the_seasons_he_played(
    client: Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    club, document = season_of("total", monkeypatch)
    club.players.filter(display_name="Emil").update(active=False)
    table = listed(client, club, document["variant"])
    assert [player["player"] for player in table["players"]][-1] == "Emil"
