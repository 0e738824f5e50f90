"""The season's workbook (Table, Sittings, Money, Transfers) and the CSV of its Table, on the one
spreadsheet writer: every money column sums to 0, the table is the page's."""

from __future__ import annotations

import io
from decimal import Decimal
from typing import Any

import pytest
from django.test import Client
from openpyxl import load_workbook

from scoring.club.models import LedgerSettings, Tariff
from scoring.ledger.ranking import Mode
from scoring.ledger.results import calendar_year
from scoring.ledger.services import save_rule
from scoring.sittings.services import import_sitting

from ..factories import golden, make_club
from .stored import golden as golden_season
from .stored import store_golden

pytestmark = pytest.mark.django_db


def download(client: Client, url: str) -> bytes:
    response = client.get(url)
    assert response.status_code == 200
    return b"".join(response.streaming_content)  # type: ignore[attr-defined]


def sheets(data: bytes) -> dict[str, list[tuple[Any, ...]]]:
    book = load_workbook(io.BytesIO(data))
    return {sheet.title: [tuple(row) for row in sheet.iter_rows(values_only=True)] for sheet in book.worksheets}


def test_the_workbook_holds_the_table_the_sittings_the_money_and_the_transfers(client: Client) -> None:
    club = make_club(public=True)
    store_golden(club, golden_season("per_deal"))
    save_rule(club, "grosstarock", calendar_year(2026), mode=Mode("per_deal", minimum_attendance=2))
    data = download(client, f"/clubs/{club.slug}/ledger/export.xlsx?variant=grosstarock&year=2026")
    book = sheets(data)
    assert list(book) == ["Table", "Sittings", "Money", "Transfers"]
    assert book["Table"] == [
        ("Rank", "Player", "Sittings", "Deals", "Per deal", "Game points"),
        (1, "Dora", 2, 45, -1.4, -63),
        (2, "Cleo", 2, 35, -6.29, -220),
        (None, "Anna", 1, 30, 3.33, 100),
        (None, "Bert", 1, 40, 3.33, 133),
        (None, "Emil", 1, 15, 3.33, 50),
    ]
    assert book["Sittings"] == [
        ("Player", "2026-03-06", "2026-03-13", "Total"),
        ("Dora", -33, -30, -63),
        ("Cleo", -200, -20, -220),
        ("Anna", 100, None, 100),
        ("Bert", 133, None, 133),
        ("Emil", None, 50, 50),
    ]
    assert book["Money"][0] == ("Player", "2026-03-06", "2026-03-13", "Total")
    assert book["Money"][-1][0] == "Kasse"
    assert [row[0] for row in book["Money"][1:-1]] == ["Dora", "Cleo", "Anna", "Bert", "Emil"]
    assert book["Money"][1] == ("Dora", -3.3, -3, -6.3), "10 ct a game point"
    assert book["Transfers"][0] == ("From", "To", "Amount", "Paid", "Amount paid", "Marked by", "Marked on")


def test_every_money_column_sums_to_zero_with_pots_fees_and_a_fractional_tariff(client: Client) -> None:
    club = make_club(public=True)
    Tariff.objects.create(club=club, variant="danish_tarok", cents_per_point=Decimal("0.25"))
    LedgerSettings.objects.create(club=club, sheet_fee_cents=7, currency="DKK")
    for name in ("three-deals-pots", "band-balance", "four-at-the-table", "random-sitting"):
        import_sitting(club, {**golden("danish_tarok", name), "date": "2026-06-01"}, user=None)
    data = download(client, f"/clubs/{club.slug}/ledger/export.xlsx?variant=danish_tarok&year=2026")
    money = sheets(data)["Money"]
    columns = list(zip(*money[1:], strict=True))[1:]
    assert len(columns) == 5, "four sittings (the same day: titled 2026-06-01, 2026-06-01 (2) …) and the total"
    assert money[0][1:] == ("2026-06-01", "2026-06-01 (2)", "2026-06-01 (3)", "2026-06-01 (4)", "Total")
    for column in columns:
        cents = [round(Decimal(str(value)) * 100) for value in column if value is not None]
        assert sum(cents) == 0
    kasse = money[-1]
    assert kasse[0] == "Kasse" and all(value >= Decimal("0.14") for value in kasse[1:])
    totals = {row[0]: round(Decimal(str(row[-1])) * 100) for row in money[1:]}
    settled = dict.fromkeys(totals, 0)
    for payer, payee, amount, *_paid in sheets(data)["Transfers"][1:]:
        settled[payer] -= round(Decimal(str(amount)) * 100)
        settled[payee] += round(Decimal(str(amount)) * 100)
    assert settled == totals
    book = load_workbook(io.BytesIO(data))
    assert book["Money"]["B2"].number_format == '#,##0.00 "kr."'


def test_the_csv_is_the_table_sheet_in_the_pages_language(client: Client) -> None:
    club = make_club(public=True)
    store_golden(club, golden_season("per_deal"))
    save_rule(club, "grosstarock", calendar_year(2026), mode=Mode("scaled", list_length=48))
    url = f"/clubs/{club.slug}/ledger/export.csv?variant=grosstarock&year=2026"
    response = client.get(url, headers={"accept-language": "de"})
    text = b"".join(response.streaming_content).decode("utf-8-sig")  # type: ignore[attr-defined]
    assert response["Content-Disposition"].endswith('.csv"')
    lines = text.splitlines()
    assert lines[1] == "1;Anna;1;30;160,00;100"
    assert lines[3] == "3;Bert;1;40;159,60;133"
    english = download(client, url).decode("utf-8-sig").splitlines()
    assert english[1] == "1,Anna,1,30,160.00,100"


def test_the_table_sheet_of_a_season_ranked_by_game_points_has_the_game_points_once(client: Client) -> None:
    club = make_club(public=True)
    store_golden(club, golden_season("per_deal"))
    url = f"/clubs/{club.slug}/ledger/export.xlsx?variant=grosstarock&year=2026"

    danish = first_sheet(download_in(client, url, "da"))

    assert danish[0] == ("Placering", "Spiller", "Partier", "Spil", "Spilpoint")
    assert danish[1] == (1, "Bert", 1, 40, 133)


@pytest.mark.parametrize("language", ["en", "de", "da"])
@pytest.mark.parametrize(
    "mode",
    [Mode("total"), Mode("per_deal"), Mode("scaled", list_length=48), Mode("best_n", best=1), Mode("cup")],
    ids=lambda mode: mode.mode,
)
def test_every_column_of_the_table_sheet_has_a_title_of_its_own_in_every_language(
    client: Client, language: str, mode: Mode
) -> None:
    club = make_club(public=True)
    store_golden(club, golden_season("per_deal"))
    save_rule(club, "grosstarock", calendar_year(2026), mode=mode)
    url = f"/clubs/{club.slug}/ledger/export.xlsx?variant=grosstarock&year=2026"

    titles = first_sheet(download_in(client, url, language))[0]

    assert len({str(title).casefold() for title in titles}) == len(titles), titles
    assert not any("(" in str(title) for title in titles), f"no title made distinct by a number: {titles}"


def download_in(client: Client, url: str, language: str) -> bytes:
    response = client.get(url, headers={"accept-language": language})
    assert response.status_code == 200
    return b"".join(response.streaming_content)  # type: ignore[attr-defined]


def first_sheet(data: bytes) -> list[tuple[Any, ...]]:
    """The workbook's first sheet, the table, whatever the language calls it."""
    return next(iter(sheets(data).values()))


def test_the_table_sheet_is_named_as_a_ranking_table_in_german_and_danish(client: Client) -> None:
    club = make_club(public=True)
    store_golden(club, golden_season("per_deal"))
    url = f"/clubs/{club.slug}/ledger/export.xlsx?variant=grosstarock&year=2026"
    german = sheets(download_in(client, url, "de"))
    danish = sheets(download_in(client, url, "da"))
    assert next(iter(german)) == "Tabelle", "a ranking table, not a Tisch"
    assert next(iter(danish)) == "Stilling", "a ranking table, not a bord"
