"""What the sitting workbook carries since fines and redeals: a thrown-in deal marked in its row,
penalties on the Items sheet (in Danish Tarok with the pot they went into), Kontra, and every
house-rule option on the House rules sheet; all of it comes back from the workbook."""

from __future__ import annotations

import csv
import io
from collections.abc import Iterator
from typing import Any

import openpyxl
import pytest
from django.utils import translation

from scoring.engine import VARIANTS, InvalidSitting, OptionSpec, read_sitting, score_sitting
from scoring.engine.refusal import Refusal
from scoring.sittings.imports import read_sitting_file
from scoring.sittings.workbook import item_fields, item_title, titles

from ..factories import golden
from .test_sitting_workbook import cells, filled_template, same_sitting, stored_and_viewed, workbook_of

MAX = 10**7


@pytest.fixture(autouse=True)
def english() -> Iterator[None]:
    """Each test in English unless it says otherwise (a page asked for in German leaves German
    active in the thread that served it)."""
    with translation.override("en"):
        yield


def sheet_rows(data: bytes, title: str) -> list[tuple[Any, ...]]:
    return list(openpyxl.load_workbook(io.BytesIO(data))[title].iter_rows(values_only=True))


def by_title(rows: list[tuple[Any, ...]]) -> list[dict[str, Any]]:
    header, *rest = rows
    return [dict(zip(header, row, strict=True)) for row in rest]


def in_language(language: str, text: str) -> str:
    with translation.override(language):
        return str(translation.gettext(text))


def thrown_in_sitting() -> dict[str, Any]:
    """The Danish worked example: deal 1 thrown in with a fine into the Pagat pot, deal 3 thrown
    in without one, deal 4 played with a fine paid to the others."""
    return {**golden("danish_tarok", "thrown-in"), "date": "2026-11-30"}


@pytest.mark.parametrize("language", ["en", "de", "da"])
def test_a_thrown_in_deal_is_marked_in_its_row_and_has_no_card_points(language: str) -> None:
    with translation.override(language):
        data = workbook_of(thrown_in_sitting())
    deals = by_title(sheet_rows(data, in_language(language, "Deals")))
    thrown_in, card_points = in_language(language, "Thrown in"), in_language(language, "Card points")
    assert [deal[thrown_in] for deal in deals] == [True, False, True, False]
    for deal in (deals[0], deals[2]):
        assert [value for title, value in deal.items() if title.startswith(card_points)] == [None, None, None]
    assert deals[1][f"{card_points} Anna"] == 26
    assert [deal["Anna"] for deal in deals] == [-5, -50, 0, 15], "a fine in a thrown-in deal still counts"


@pytest.mark.parametrize("language", ["en", "de", "da"])
def test_a_penalty_is_an_item_row_with_its_points_and_the_pot_it_went_into(language: str) -> None:
    with translation.override(language):
        data = workbook_of(thrown_in_sitting())
        pagat_pot = translation.gettext("Pagat pot")
    items = by_title(sheet_rows(data, in_language(language, "Items")))
    points, pot, player = (in_language(language, title) for title in ("Points", "Pot", "Player"))
    assert [(item[player], item[points], item[pot]) for item in items] == [
        ("Anna", 5, pagat_pot[0].upper() + pagat_pot[1:]),
        ("Carla", 10, None),
    ]
    assert all(type(item[points]) is int for item in items), "points are numbers, not text"


def test_the_totals_count_no_thrown_in_deal_as_played() -> None:
    doc = golden("droggn", "thrown-in")  # four at the table: deals 1 and 3 thrown in
    totals = by_title(sheet_rows(workbook_of({**doc, "date": "2026-11-30"}), "Totals"))
    played = dict.fromkeys(doc["players"], 0)
    for deal in doc["deals"]:
        for name in played:
            played[name] += not deal.get("thrown_in") and name != deal.get("sitting_out")
    assert {row["Player"]: row["Deals played"] for row in totals if row["Player"] in played} == played
    assert sum(played.values()) == 3 * sum(not deal.get("thrown_in") for deal in doc["deals"])


@pytest.mark.parametrize("written", ["pagat", "PAGAT", "Pagat", "Pagat pot", "Pagattopf", "pagatpulje"])
def test_a_penalty_into_a_pot_comes_back_however_the_pot_is_written(written: str) -> None:
    data = workbook_of(thrown_in_sitting())
    book = openpyxl.load_workbook(io.BytesIO(data))
    book["Items"]["I2"].value = written
    out = io.BytesIO()
    book.save(out)
    back: Any = read_sitting_file(out.getvalue(), max_bytes=MAX)
    assert back["deals"][0]["events"] == [{"type": "penalty", "player": "Anna", "points": 5, "to": "pagat"}]


def test_a_pot_that_is_none_of_the_games_names_its_cell_and_the_pots() -> None:
    book = openpyxl.load_workbook(io.BytesIO(workbook_of(thrown_in_sitting())))
    book["Items"]["I2"].value = "Kasse"
    out = io.BytesIO()
    book.save(out)
    with pytest.raises(Refusal) as refusal:
        read_sitting_file(out.getvalue(), max_bytes=MAX)
    assert [str(problem) for problem in refusal.value.problems] == [
        "Items, row 2, column I (Pot): 'Kasse' is not one of King pot, Pagat pot"
    ]


@pytest.mark.django_db
def test_a_thrown_in_deal_and_a_fine_typed_into_the_empty_workbook_import() -> None:
    data = filled_template(
        "grosstarock",
        ["Anna", "Bernd", "Carla"],
        [[1, "Anna", None, "ja"], [2, "Anna", None, None, 40, 20, 18]],
    )
    book = openpyxl.load_workbook(io.BytesIO(data))
    header = [cell.value for cell in book["Items"][1]]
    row: list[object] = [None] * len(header)
    row[:4] = [1, "event", "Penalty", "Bernd"]
    row[header.index("Points")] = 10
    book["Items"].append(row)
    out = io.BytesIO()
    book.save(out)
    doc: Any = read_sitting_file(out.getvalue(), max_bytes=MAX)
    assert doc["deals"] == [
        {"dealer": "Anna", "thrown_in": True, "events": [{"type": "penalty", "player": "Bernd", "points": 10}]},
        {"dealer": "Anna", "card_points": {"Anna": 40, "Bernd": 20, "Carla": 18}},
    ]
    scored: Any = score_sitting(doc)
    assert scored["deals"][0]["scores"] == {"Anna": 10, "Bernd": -20, "Carla": 10}


@pytest.mark.django_db
def test_a_thrown_in_deal_with_card_points_is_refused_by_deal_and_field() -> None:
    data = filled_template("grosstarock", ["Anna", "Bernd", "Carla"], [[1, "Anna", None, "yes", 40, 20, 18]])
    doc = read_sitting_file(data, max_bytes=MAX)
    with pytest.raises(InvalidSitting) as refusal:
        read_sitting(doc)
    assert [(problem.deal, problem.field) for problem in refusal.value.problems] == [(1, "card_points")]


@pytest.mark.django_db
def test_a_played_deal_must_fill_the_cells_a_thrown_in_deal_leaves_empty() -> None:
    data = filled_template(
        "dreiertarock", ["Anna", "Bernd", "Carla"], [[1, "Anna", None, "nein"], [2, "Bernd", None, "x"]]
    )
    with pytest.raises(Refusal) as refusal:
        read_sitting_file(data, max_bytes=MAX)
    said = [str(problem) for problem in refusal.value.problems]
    assert said == [
        "Deals, row 2, column E (Declarer): this cell must not be empty",
        "Deals, row 2, column F (Contract): this cell must not be empty",
        "Deals, row 2, column G (Declarer's card points): this cell must not be empty",
    ]


@pytest.mark.parametrize("language", ["en", "de", "da"])
def test_kontra_is_a_column_of_numbers_in_dreiertarock(language: str) -> None:
    doc = {**golden("dreiertarock", "kontra"), "date": "2026-11-30"}
    with translation.override(language):
        data = workbook_of(doc)
        kontra = translation.gettext("Kontra")
        back = read_sitting_file(data, max_bytes=MAX)
    deals = by_title(sheet_rows(data, in_language(language, "Deals")))
    assert [deal[kontra] for deal in deals] == [2, 4]
    assert same_sitting(back, doc)


def other_value(option: OptionSpec) -> bool | int | str:
    if option.kind == "bool":
        return not option.default
    if option.kind == "whole":
        assert isinstance(option.default, int)
        return option.default + 7 if option.default + 7 <= option.high else option.low
    return next(choice for choice in option.choices if choice != option.default)


@pytest.mark.parametrize("key", list(VARIANTS))
@pytest.mark.parametrize("language", ["en", "de", "da"])
def test_every_option_of_every_game_is_on_the_house_rules_sheet_and_comes_back(key: str, language: str) -> None:
    variant = VARIANTS[key]
    options = {option.name: other_value(option) for option in variant.options}
    doc = golden(key, "thrown-in") | {"options": options, "date": "2026-11-30"}
    with translation.override(language):
        data = workbook_of(doc)
        back: Any = read_sitting_file(data, max_bytes=MAX)
        again = workbook_of(back)
    house = sheet_rows(data, in_language(language, "House rules"))
    assert [row[0] for row in house[1:] if row[0] in options] == list(options)
    assert back["options"] == options
    assert cells(again) == cells(data)


@pytest.mark.parametrize("key", list(VARIANTS))
def test_no_two_item_columns_share_a_title_in_any_language(key: str) -> None:
    claimed: dict[str, str] = {}
    for field in ["number", "list", "type", *item_fields(VARIANTS[key])]:
        title = {"number": "Deal", "list": "List", "type": "Type"}.get(field) or item_title(field)
        for said in titles(title):
            assert claimed.setdefault(said.casefold(), field) == field, (said, field)


@pytest.mark.django_db
def test_the_empty_workbook_has_the_thrown_in_column_and_the_penalties_fields() -> None:
    data = filled_template("danish_tarok", ["Anna", "Bernd", "Carla"], [])
    assert sheet_rows(data, "Deals")[0][:4] == ("Deal", "Dealer", "Sits out", "Thrown in")
    assert sheet_rows(data, "Items")[0][-2:] == ("Points", "Pot")


@pytest.mark.django_db
@pytest.mark.parametrize("language", ["en", "de"])
def test_the_csv_has_the_deals_sheets_columns_and_cells(language: str) -> None:
    sitting, client = stored_and_viewed(thrown_in_sitting())
    headers = {"accept-language": language}
    book = client.get(sitting.get_absolute_url() + "export.xlsx", headers=headers)
    deals = sheet_rows(b"".join(book.streaming_content), in_language(language, "Deals"))  # type: ignore[attr-defined]
    page = client.get(sitting.get_absolute_url() + "export.csv", headers=headers)
    text = b"".join(page.streaming_content).decode()[1:]  # type: ignore[attr-defined]
    rows = list(csv.reader(io.StringIO(text), delimiter=";" if language == "de" else ","))
    assert rows[0] == list(deals[0])
    assert len(rows) == len(deals) == 5
    thrown_in = rows[0].index(in_language(language, "Thrown in"))
    assert [row[thrown_in] for row in rows[1:]] == ["TRUE", "FALSE", "TRUE", "FALSE"]
