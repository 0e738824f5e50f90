"""A sitting's workbook: exported, imported back, exported again, nothing lost either way."""

from __future__ import annotations

import csv
import io
import json
import multiprocessing
import random
import re
from decimal import Decimal
from pathlib import Path
from typing import Any

import openpyxl
import pytest
from django.test import Client
from django.urls import reverse
from django.utils import translation

from scoring.club.models import Membership
from scoring.engine import VARIANTS, FieldSpec, Variant, read_sitting, score_sitting
from scoring.engine.base import player
from scoring.engine.refusal import Refusal
from scoring.samples import NAMES, random_sitting
from scoring.sittings.imports import read_sitting_file
from scoring.sittings.models import Sitting
from scoring.sittings.results import sitting_document, stored_result
from scoring.sittings.services import import_sitting
from scoring.sittings.workbook import ITEM_FIELDS, deal_field_columns, document_sheets, seat_words, titles
from scoring.spreadsheets.reader import title_key
from scoring.spreadsheets.writer import write_xlsx

from ..factories import golden, golden_documents, make_club, make_member, registered, renamed
from ..test_seventh_variant import Zwicker

GENERATED = 2000


def workbook_of(doc: dict[str, Any]) -> bytes:
    out = io.BytesIO()
    write_xlsx(document_sheets(doc, score_sitting(doc), Decimal(10)), out)
    return out.getvalue()


def same_sitting(a: object, b: object) -> bool:
    """The same inputs as the engine reads them: players, options, every deal and item."""
    first, second = read_sitting(a), read_sitting(b)
    return (first.players, first.options.as_dict(), first.deals) == (
        second.players,
        second.options.as_dict(),
        second.deals,
    )


def features(doc: dict[str, Any]) -> set[str]:
    """What a sitting holds that its workbook must carry: thrown-in deals, penalties (into which
    pot), Kontra, and each option set to something other than its default."""
    variant = VARIANTS[doc["variant"]]
    found = set()
    for deal in doc["deals"]:
        penalties = [event for event in deal.get("events", []) if event["type"] == "penalty"]
        if deal.get("thrown_in"):
            found.add(f"{variant.key}: thrown in")
            if penalties:
                found.add(f"{variant.key}: penalty in a thrown-in deal")
        found |= {f"{variant.key}: penalty to {event.get('to')}" for event in penalties}
        if deal.get("kontra", 1) != 1:
            found.add(f"{variant.key}: kontra {deal['kontra']}")
    defaults = {option.name: option.default for option in variant.options}
    found |= {f"{variant.key}: option {name}" for name, value in doc["options"].items() if value != defaults[name]}
    return found


def expected_features() -> set[str]:
    """Every feature of ``features`` that each variant has."""
    wanted = set()
    for key, variant in VARIANTS.items():
        wanted |= {f"{key}: thrown in", f"{key}: penalty in a thrown-in deal", f"{key}: penalty to None"}
        wanted |= {f"{key}: penalty to {pot}" for pot in variant.pots}
        wanted |= {f"{key}: kontra {times}" for times in (2, 4) if "kontra" in variant.deal_fields}
        wanted |= {f"{key}: option {option.name}" for option in variant.options}
    return wanted


def roundtrip(seed: int) -> tuple[list[str], set[str]]:
    """A hundred generated sittings through their workbooks: the ones that came back changed, and
    the features (``features``) the hundred held."""
    rng = random.Random(seed)
    keys = list(VARIANTS)
    changed, seen = [], set()
    for number in range(100):
        doc = random_sitting(rng, keys[number % len(keys)], deals=rng.randint(1, 6))
        doc["date"] = "2026-11-30"
        seen |= features(doc)
        back = read_sitting_file(workbook_of(doc), max_bytes=10**7)
        if not same_sitting(doc, back) or score_sitting(back) != score_sitting(doc):
            changed.append(json.dumps(doc))
    return changed, seen


def test_generated_sittings_of_every_variant_come_back_from_their_workbook_unchanged() -> None:
    with multiprocessing.get_context("fork").Pool(2) as pool:
        batches = pool.map(roundtrip, range(GENERATED // 100))
    assert [doc for changed, _seen in batches for doc in changed] == []
    seen = set().union(*(seen for _changed, seen in batches))
    assert expected_features() - seen == set(), "the generated sittings hold all that the workbook carries"


@pytest.mark.django_db
@pytest.mark.parametrize("example", golden_documents(), ids=lambda p: f"{p.parent.name}/{p.name[:-8]}")
@pytest.mark.parametrize("language", ["en", "de", "da"])
def test_export_import_export_gives_the_same_inputs_scores_and_cells(example: Path, language: str) -> None:
    export_import_export(golden(example.parent.name, example.name[:-8]), language)


def stored_and_viewed(doc: dict[str, Any]) -> tuple[Sitting, Client]:
    """The sitting stored in a new club, and a client signed in as Vera, a viewer of that club."""
    club = make_club()
    sitting = import_sitting(club, doc, user=None)
    client = Client()
    client.force_login(make_member(club, "vera", Membership.Role.VIEWER))
    return sitting, client


def export_import_export(doc: dict[str, Any], language: str) -> None:
    """Store the sitting, export it from its page, import that (as a new sitting: the club has it)
    and export again: the same inputs, the same scores and the same cells but the sitting's number."""
    original, client = stored_and_viewed(doc)
    first = client.get(original.get_absolute_url() + "export.xlsx", headers={"accept-language": language})
    assert first.status_code == 200
    first_bytes = b"".join(first.streaming_content)  # type: ignore[attr-defined]
    with translation.override(language):
        back = import_sitting(original.club, read_sitting_file(first_bytes, max_bytes=10**7), user=None, as_new=True)
    assert same_sitting(sitting_document(original), sitting_document(back))
    assert stored_result(back) == stored_result(original)
    second = client.get(back.get_absolute_url() + "export.xlsx", headers={"accept-language": language})
    second_bytes = b"".join(second.streaming_content)  # type: ignore[attr-defined]
    assert cells(first_bytes) == renumbered(cells(second_bytes), back.pk, original.pk)


def renumbered(book: dict[str, list[list[Any]]], number: int, instead: int) -> dict[str, list[list[Any]]]:
    """The cells with the House rules' row of the sitting's number ``number`` saying ``instead``."""
    return {
        title: [[row[0], instead, *row[2:]] if row[:2] == ["sitting", number] else row for row in rows]
        for title, rows in book.items()
    }


CALLED_LIKE_COLUMNS = {
    "droggn/four-at-the-table": {"Ida": "dealer", "Grete": "Geber", "Bernd": "SPIEL", "Anna": "Kontra"},
    "danish_tarok/four-at-the-table": {
        "Bernd": "Platz 2",  # at seat 1: his card points are titled like seat 2's in the empty workbook
        "Hans": "Total",
        "Franz": "king pot",
        "Dieter": "Card points Total",  # his game points would be titled like Total's card points
    },
}


@pytest.mark.django_db
@pytest.mark.parametrize("example", list(CALLED_LIKE_COLUMNS))
@pytest.mark.parametrize("language", ["en", "de"])
def test_players_called_like_a_column_in_any_language_come_back_from_the_workbook(example: str, language: str) -> None:
    variant, name = example.split("/")
    doc = golden(variant, name)
    for old, new in CALLED_LIKE_COLUMNS[example].items():
        doc = renamed(doc, old, new)
    export_import_export(doc, language)


def called_like_columns(key: str) -> list[str]:
    """Names taken from the Deals sheet's titles in every language: the columns the import reads
    (card points of "Anna" and of "seat 2" among them), the seats, the pots and the totals."""
    variant = VARIANTS[key]
    found = [title for column in deal_field_columns(variant, NAMES[:4]) for title in column.titles]
    found += [word for seat in range(1, 5) for word in seat_words(seat)]
    found += [title for pot in variant.pots for title in titles(variant.pot_word(pot))]
    found += [title % {"name": name} for title in titles("Total %(name)s") for name in ("", "Anna")]
    unique = {title_key(name): name.strip() for name in found}
    return list(unique.values())


@pytest.mark.parametrize("key", list(VARIANTS))
@pytest.mark.parametrize("language", ["en", "de"])
def test_a_sitting_comes_back_from_its_workbook_whatever_its_players_are_called(key: str, language: str) -> None:
    variant = VARIANTS[key]
    names = called_like_columns(key)
    size = max(variant.table_sizes)
    rng = random.Random(key)
    for start in range(0, len(names), size):
        table = (names[start : start + size] + [n for n in NAMES if n not in names])[:size]
        doc = {**random_sitting(rng, key, deals=4, players=table), "date": "2026-11-30"}
        with translation.override(language):
            back = read_sitting_file(workbook_of(doc), max_bytes=10**7)
        assert same_sitting(doc, back), table


class ZwickerWithStakes(Zwicker):
    """Made up: Zwicker whose zwick says how many tricks it was worth, under a key of its own
    that no title is known for."""

    key = "zwicker_stakes"
    event_types = {"zwick": {"player": player(), "stake": FieldSpec("count", "whole", low=1, high=9, default=1)}}


def test_an_item_field_no_title_is_known_for_goes_out_under_its_key_and_comes_back() -> None:
    deal = {"dealer": "Anna", "declarer": "Bernd", "contract": "solo", "declarer_points": 20, "tricks": 2}
    doc = {
        "variant": "zwicker_stakes",
        "players": ["Anna", "Bernd", "Carla"],
        "options": {},
        "date": "2026-11-30",
        "deals": [{**deal, "events": [{"type": "zwick", "player": "Carla", "stake": 3}]}],
    }
    with registered(ZwickerWithStakes()):
        data = workbook_of(doc)
        items = list(openpyxl.load_workbook(io.BytesIO(data))["Items"].iter_rows(values_only=True))
        assert items == [("Deal", "List", "Type", "Player", "stake"), (1, "event", "Zwick", "Carla", 3)]
        assert same_sitting(read_sitting_file(data, max_bytes=10**7), doc)


def cells(data: bytes) -> dict[str, list[list[Any]]]:
    book = openpyxl.load_workbook(io.BytesIO(data))
    return {sheet.title: [[cell.value for cell in row] for row in sheet.iter_rows()] for sheet in book.worksheets}


NUMBER_IN_TEXT = re.compile(r"\s*[+\-\u2212]?\d+([.,]\d+)?\s*")


def whole_numbered(spec: FieldSpec) -> bool:
    return spec.kind == "whole" or (spec.kind == "choice" and all(isinstance(c, int) for c in spec.choices))


def numeric_columns(variant: Variant, players: list[str]) -> dict[str, set[str]]:
    """Each sheet's columns that hold only numbers (or nothing), by their English titles."""
    deals = {"Deal", *players, *(f"Total {name}" for name in players), *(variant.pot_word(p) for p in variant.pots)}
    for spec in variant.deal_fields.values():
        if spec.kind == "points":
            deals |= {f"{spec.label} {name}" for name in players}
        elif whole_numbered(spec):
            deals.add(str(spec.label))
    item_specs = [f for types in (variant.declaration_types, variant.event_types) for f in types.values()]
    items = {"Deal"} | {
        str(title)
        for key, title in ITEM_FIELDS.items()
        if any(key in f for f in item_specs) and all(whole_numbered(f[key]) for f in item_specs if key in f)
    }
    return {
        "Deals": deals,
        "Items": items,
        "Breakdown": {"Deal", "Points"},
        "Totals": {"Deals played", "Game points", "Balance"},
        "House rules": set(),  # a column of every kind: its whole-number rows are checked one by one
    }


@pytest.mark.parametrize("key", list(VARIANTS))
def test_every_cell_under_a_numeric_column_is_a_number_never_digits_as_text(key: str) -> None:
    variant = VARIANTS[key]
    whole_options = {option.name for option in variant.options if option.kind == "whole"}
    rng = random.Random(f"numbers {key}")
    for _sitting in range(10):
        doc = {**random_sitting(rng, key, deals=6), "date": "2026-11-30"}
        book = openpyxl.load_workbook(io.BytesIO(workbook_of(doc)))
        numeric = numeric_columns(variant, doc["players"])
        assert set(book.sheetnames) == set(numeric)
        for sheet in book.worksheets:
            header, *rows = sheet.iter_rows(values_only=True)
            assert numeric[sheet.title] <= set(header), (sheet.title, numeric[sheet.title] - set(header))
            for row in rows:
                numbers = numeric[sheet.title] | ({"Value"} if row[0] in whole_options else set())
                for title, value in zip(header, row, strict=True):
                    where = (key, sheet.title, title, value)
                    if title in numbers:
                        assert value is None or type(value) in (int, float, Decimal), where
                    assert not (isinstance(value, str) and NUMBER_IN_TEXT.fullmatch(value)), where


@pytest.mark.django_db
def test_the_workbooks_totals_are_the_pages_to_the_cent() -> None:
    sitting, client = stored_and_viewed(golden("danish_tarok", "four-at-the-table"))
    response = client.get(sitting.get_absolute_url() + "export.xlsx")
    book = openpyxl.load_workbook(io.BytesIO(b"".join(response.streaming_content)))  # type: ignore[attr-defined]
    result = stored_result(sitting)
    players = result["players"]
    deals = list(book["Deals"].iter_rows(values_only=True))
    header = deals[0]
    assert [deals[-1][header.index(f"Total {name}")] for name in players] == [result["totals"][n] for n in players]
    assert [deals[-1][header.index(pot)] for pot in ("King pot", "Pagat pot")] == list(result["pots"].values())
    totals = {row[0].value: row for row in book["Totals"].iter_rows(min_row=2)}
    for name in players:
        assert totals[name][2].value == result["totals"][name]
        assert totals[name][3].data_type == "n" and "€" in totals[name][3].number_format
    money = [row[3].value for row in totals.values()]
    assert sum(money) == 0, "the players' balances and the Kasse sum to nothing"
    page = client.get(sitting.get_absolute_url())
    assert page.context["totals"] == [totals[name][2].value for name in players]


@pytest.mark.django_db
def test_names_that_look_like_formulas_stay_text_in_the_workbook_and_the_csv() -> None:
    names = ['=HYPERLINK("http://evil.example","click")', "+1", "-2", "@x"]
    doc = golden("grosstarock", "four-at-the-table")
    for old, new in zip(doc["players"], names, strict=True):
        doc = renamed(doc, old, new)
    sitting, client = stored_and_viewed(doc)
    data = b"".join(client.get(sitting.get_absolute_url() + "export.xlsx").streaming_content)  # type: ignore[attr-defined]
    book = openpyxl.load_workbook(io.BytesIO(data))
    texts = set()
    for sheet in book.worksheets:
        for row in sheet.iter_rows():
            for cell in row:
                assert cell.data_type != "f", (sheet.title, cell.coordinate, cell.value)
                if isinstance(cell.value, str):
                    texts.add(cell.value)
    assert set(names) <= texts
    csv = b"".join(client.get(sitting.get_absolute_url() + "export.csv").streaming_content).decode()  # type: ignore[attr-defined]
    assert csv.startswith("\ufeff")
    assert "'=HYPERLINK" in csv and "'+1" in csv


@pytest.mark.django_db
@pytest.mark.parametrize(("language", "start"), [("de", "Spiel Nr.;Geber;"), ("da", "Spil nr.;Giver;")])
def test_the_csv_uses_semicolons_on_a_german_or_danish_page(language: str, start: str) -> None:
    sitting, client = stored_and_viewed(golden("kosakeln", "solo-silent-valat"))
    page = client.get(sitting.get_absolute_url() + "export.csv", headers={"accept-language": language})
    first_line = b"".join(page.streaming_content).decode().splitlines()[0]  # type: ignore[attr-defined]
    assert first_line.startswith("\ufeff" + start)


@pytest.mark.django_db
def test_the_blank_score_sheet_prints_on_one_a4_page_with_the_dealers_by_rotation() -> None:
    sitting, client = stored_and_viewed(golden("danish_tarok", "four-at-the-table"))
    data = b"".join(client.get(sitting.get_absolute_url() + "sheet.xlsx").streaming_content)  # type: ignore[attr-defined]
    sheet = openpyxl.load_workbook(io.BytesIO(data)).active
    assert sheet is not None
    assert (int(sheet.page_setup.paperSize or 0), sheet.page_setup.fitToWidth, sheet.page_setup.fitToHeight) == (
        9,
        1,
        1,
    )
    assert sheet.sheet_properties.pageSetUpPr is not None and sheet.sheet_properties.pageSetUpPr.fitToPage
    rows = list(sheet.iter_rows(min_row=2, values_only=True))
    played = sitting.live_deals().count()
    names = [p.display_name for p in sitting.seated_players()]
    assert [row[0] for row in rows] == list(range(played + 1, played + 31))
    last_dealer = sitting_document(sitting)["deals"][-1]["dealer"]
    expected = names[(names.index(last_dealer) + 1) % 4]
    assert rows[0][1] == expected and rows[0][2] == names[(names.index(expected) + 2) % 4]


@pytest.mark.django_db
def test_the_blank_score_sheet_is_a_csv_too_linked_beside_the_workbook() -> None:
    sitting, client = stored_and_viewed(golden("danish_tarok", "four-at-the-table"))
    page = client.get(sitting.get_absolute_url()).content.decode()
    assert f'href="{sitting.get_absolute_url()}sheet.csv"' in page
    data = b"".join(client.get(sitting.get_absolute_url() + "sheet.xlsx").streaming_content)  # type: ignore[attr-defined]
    sheet = openpyxl.load_workbook(io.BytesIO(data)).active
    assert sheet is not None
    as_text = [["" if value is None else str(value) for value in row] for row in sheet.iter_rows(values_only=True)]
    response = client.get(sitting.get_absolute_url() + "sheet.csv")
    assert response["Content-Type"] == "text/csv; charset=utf-8"
    text = b"".join(response.streaming_content).decode()  # type: ignore[attr-defined]
    assert text.startswith("\ufeff")
    assert list(csv.reader(io.StringIO(text[1:]))) == as_text


def filled_template(key: str, players: list[str], deals: list[list[Any]]) -> bytes:
    """The import's empty workbook, filled in as a person would: seats, then deal rows."""
    client = Client()
    club = make_club(f"t-{key}")
    client.force_login(make_member(club, f"t-{key}", Membership.Role.VIEWER))
    data = b"".join(
        client.get(reverse("sittings:import_template", kwargs={"slug": club.slug, "variant": key})).streaming_content
    )  # type: ignore[attr-defined]
    book = openpyxl.load_workbook(io.BytesIO(data))
    house = book["House rules"]
    for row in house.iter_rows(min_row=2):
        if str(row[0].value).startswith("seat_"):
            seat = int(str(row[0].value)[5:])
            row[1].value = players[seat - 1] if seat <= len(players) else None
    for row in deals:
        book["Deals"].append(row)
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()


@pytest.mark.django_db
def test_a_sitting_typed_into_the_empty_workbook_imports_with_card_points_by_seat() -> None:
    data = filled_template(
        "grosstarock",
        ["Anna", "Bernd", "Carla"],
        [[1, "Anna", None, None, 40, 20, 18], [2, "Bernd", None, "no", 26, 26, 26]],
    )
    doc = read_sitting_file(data, max_bytes=10**7)
    assert doc == {
        "variant": "grosstarock",
        "players": ["Anna", "Bernd", "Carla"],
        "options": {option.name: option.default for option in VARIANTS["grosstarock"].options},
        "deals": [
            {"dealer": "Anna", "card_points": {"Anna": 40, "Bernd": 20, "Carla": 18}},
            {"dealer": "Bernd", "card_points": {"Anna": 26, "Bernd": 26, "Carla": 26}},
        ],
    }


@pytest.mark.django_db
def test_every_problem_of_a_workbook_names_its_sheet_row_and_column() -> None:
    data = filled_template(
        "droggn",
        ["Anna", "Bernd", "Carla"],
        [[1, "Anna", None, None, "Bernd", "no such contract", "x"], [3, "Bernd"], [3, "Carla", None, "maybe"]],
    )
    with pytest.raises(Refusal) as refusal:
        read_sitting_file(data, max_bytes=10**7)
    said = [str(problem) for problem in refusal.value.problems]
    assert any(line.startswith("Deals, row 2, column G (Declarer's card points):") for line in said), said
    assert any(line.startswith("Deals, row 3, column E (Declarer):") for line in said), said
    assert any(line.startswith("Deals, row 4, column D (Thrown in):") for line in said), said


@pytest.mark.django_db
@pytest.mark.parametrize("value", ["--5", "5x", "9" * 30, "yes"])
def test_a_house_rule_that_is_no_number_is_named_not_a_server_error(value: str) -> None:
    data = filled_template("danish_tarok", ["Anna", "Bernd", "Carla"], [[1, "Anna", None, None, 40, 20, 18]])
    book = openpyxl.load_workbook(io.BytesIO(data))
    for row in book["House rules"].iter_rows(min_row=2):
        if row[0].value == "ante":
            row[1].value = value
    out = io.BytesIO()
    book.save(out)
    with pytest.raises(Refusal) as refusal:
        read_sitting_file(out.getvalue(), max_bytes=10**7)
    (said,) = [str(problem) for problem in refusal.value.problems]
    assert said.startswith("House rules, row ") and said.endswith(f"column B (Value): {value!r} is not a value of ante")


@pytest.mark.django_db
def test_the_import_command_takes_a_workbook_chosen_by_its_content(tmp_path: Path) -> None:
    from io import StringIO

    from django.core.management import call_command

    club = make_club("runde")
    doc = golden("droggn", "super-mord-187")
    document = tmp_path / "sitting.json"  # a workbook, whatever the name says
    document.write_bytes(workbook_of({**doc, "date": "2026-11-14"}))
    out = StringIO()
    call_command("import_sitting", str(document), "--club", "runde", "--add-players", stdout=out)
    sitting = Sitting.objects.get(club=club)
    assert out.getvalue().splitlines()[-1] == sitting.get_absolute_url()
    assert same_sitting(sitting_document(sitting), doc)


@pytest.mark.parametrize("key", list(VARIANTS))
def test_no_two_columns_of_a_sheet_share_a_title_in_any_language(key: str) -> None:
    """The import finds columns by their titles in every language: none may stand for two."""
    from scoring.sittings.workbook import deal_field_columns

    columns = deal_field_columns(VARIANTS[key], ["Anna", "Bernd", "Carla"])
    claimed: dict[str, str] = {}
    for column in columns:
        for title in column.titles:
            assert claimed.setdefault(title.casefold(), column.key) == column.key, (title, column.key)
