"""The writer: typed cells, text that stays text, a bold frozen filtered header, CSV for Excel."""

from __future__ import annotations

import datetime as dt
import io
import tempfile
import tracemalloc
import zipfile
from collections.abc import Iterator
from decimal import Decimal
from pathlib import Path
from zoneinfo import ZoneInfo

import openpyxl
import pytest

from scoring.spreadsheets.writer import Money, Number, Sheet, sheet_title, title_width, write_csv, write_xlsx

BERLIN = ZoneInfo("Europe/Berlin")
DANGEROUS = ['=HYPERLINK("http://x","y")', "+1", "-2", "@x", "\tx", "\rx", "=1+2", "#N/A", "=", " =x"]


def make_xlsx(*sheets: Sheet, tz: dt.tzinfo | None = None) -> bytes:
    out = io.BytesIO()
    write_xlsx(sheets, out, tz=tz)
    return out.getvalue()


def load(data: bytes) -> openpyxl.Workbook:
    """Opened the ordinary way (not read-only), as a person's Excel would see every cell."""
    return openpyxl.load_workbook(io.BytesIO(data))


def make_csv(sheet: Sheet, *, decimal_comma: bool, tz: dt.tzinfo | None = None) -> str:
    out = io.StringIO(newline="")
    write_csv(sheet, out, decimal_comma=decimal_comma, tz=tz)
    return out.getvalue()


def deals_sheet() -> Sheet:
    rows = [
        (1, "Anna", "Solo", 30, Decimal("12.50"), dt.date(2026, 11, 30), True, None),
        (2, "Bernd", "Dreier", -60, Decimal("-3.10"), dt.date(2026, 12, 1), False, "late"),
    ]
    header = ("Deal", "Declarer", "Contract", "Game points", "Balance", "Date", "Won", "Note")
    return Sheet("Deals", header, iter(rows), formats={"Balance": Money("EUR")})


def test_it_writes_typed_cells_that_read_back_cell_by_cell() -> None:
    sheet = load(make_xlsx(deals_sheet()))["Deals"]
    assert [c.value for c in sheet[1]] == [
        "Deal",
        "Declarer",
        "Contract",
        "Game points",
        "Balance",
        "Date",
        "Won",
        "Note",
    ]
    deal, declarer, _contract, points, balance, date, won, note = sheet[2]
    assert (deal.value, deal.data_type) == (1, "n")
    assert (declarer.value, declarer.data_type) == ("Anna", "s")
    assert (points.value, points.data_type) == (30, "n")
    assert (balance.value, balance.data_type) == (12.5, "n")
    assert balance.number_format == '#,##0.00 "€"'
    assert date.data_type == "d" and date.value == dt.datetime(2026, 11, 30)
    assert date.is_date
    assert (won.value, won.data_type) == (True, "b")
    assert note.value is None
    assert sheet["E3"].value == -3.1 and sheet["G3"].value is False and sheet["H3"].value == "late"
    assert sheet.max_row == 3


def test_it_makes_the_header_bold_frozen_and_filtered_with_widths_that_fit() -> None:
    rows = [("Anna-Katharina von Oberbichler", 12), ("Bo", 3)]
    data = make_xlsx(Sheet("Players", ("Name", "Deals"), iter(rows), widths={"Deals": 9}))
    sheet = load(data)["Players"]
    assert all(cell.font.b for cell in sheet[1])
    assert not sheet["A2"].font.b
    assert sheet.freeze_panes == "A2"
    assert sheet.auto_filter.ref == "A1:B3"
    assert sheet.column_dimensions["A"].width >= len("Anna-Katharina von Oberbichler")
    assert sheet.column_dimensions["B"].width == 9


def test_it_writes_every_dangerous_text_as_the_text_typed_never_a_formula() -> None:
    data = make_xlsx(Sheet("Names", ("Name",), ([text] for text in DANGEROUS)))
    sheet = load(data)["Names"]
    cells = [row[0] for row in sheet.iter_rows(min_row=2)]
    assert [c.value for c in cells] == DANGEROUS
    assert {c.data_type for c in cells} == {"s"}
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        assert b"<f>" not in archive.read("xl/worksheets/sheet1.xml")


def test_it_replaces_characters_a_workbook_cannot_hold() -> None:
    data = make_xlsx(Sheet("Names", ("Name",), [["Anna\x00Bo\x1b"], ["ok\ttab\nline"]]))
    sheet = load(data)["Names"]
    assert sheet["A2"].value == "Anna\ufffdBo\ufffd"
    assert sheet["A3"].value == "ok\ttab\nline"


def test_it_writes_aware_datetimes_as_local_time_and_refuses_them_without_a_zone() -> None:
    when = dt.datetime(2026, 11, 30, 18, 30, tzinfo=dt.UTC)
    sheet = load(make_xlsx(Sheet("S", ("When",), [[when]]), tz=BERLIN))["S"]
    assert sheet["A2"].value == dt.datetime(2026, 11, 30, 19, 30)
    with pytest.raises(ValueError, match=r"S, row 2, column A \(When\): .* time zone"):
        make_xlsx(Sheet("S", ("When",), [[when]]))


def test_it_refuses_what_an_exporter_should_have_converted() -> None:
    with pytest.raises(TypeError, match="money must be a Decimal"):
        make_xlsx(Sheet("S", ("Balance",), [[1250]], formats={"Balance": Money()}))
    with pytest.raises(TypeError, match="convert it first"):
        make_xlsx(Sheet("S", ("Points",), [[object()]]))
    with pytest.raises(ValueError, match="not a number a spreadsheet can hold"):
        make_xlsx(Sheet("S", ("Points",), [[float("nan")]]))
    with pytest.raises(ValueError, match=r"row 3, .*3 values for 2 columns"):
        make_xlsx(Sheet("S", ("A", "B"), [[1, 2], [1, 2, 3]]))
    with pytest.raises(ValueError, match="unique"):
        Sheet("S", ("A", "A"), [])
    with pytest.raises(ValueError, match="does not have"):
        Sheet("S", ("A",), [], formats={"B": Money()})
    with pytest.raises(ValueError, match="at least one sheet"):
        make_xlsx()


def test_it_leaves_no_temporary_file_behind_when_an_exporter_fails(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def rows() -> Iterator[list[object]]:
        yield [1]
        raise RuntimeError("the exporter broke")

    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))  # a folder no other process writes to
    with pytest.raises(RuntimeError):
        make_xlsx(Sheet("Fine", ("A",), [[1]]), Sheet("Broken", ("A",), rows()))
    assert list(tmp_path.iterdir()) == []


def test_it_cleans_sheet_titles_and_keeps_them_apart() -> None:
    assert sheet_title("Sitting 2026/11/30: [final]?") == "Sitting 2026-11-30- -final--"
    assert len(sheet_title("x" * 40)) == 31
    assert sheet_title("'") == "Sheet"
    book = load(make_xlsx(Sheet("Deals", ("A",), []), Sheet("deals", ("A",), []), Sheet("x" * 40, ("A",), [])))
    assert book.sheetnames == ["Deals", "deals (2)", "x" * 31]


def test_it_writes_numbers_with_places_and_empty_rows() -> None:
    sheet = Sheet("S", ("Average", "Deals"), [[Decimal("1.5"), 3], [], [0.25, None]], formats={"Average": Number(2)})
    ws = load(make_xlsx(sheet))["S"]
    assert ws["A2"].value == 1.5 and ws["A2"].number_format == "#,##0.00"
    assert ws["A3"].value is None and ws["A4"].value == 0.25
    assert ws.auto_filter.ref == "A1:B4"


def test_it_streams_rows_without_holding_them() -> None:
    def rows(count: int) -> Iterator[tuple[object, ...]]:
        for number in range(count):
            yield number, f"Player {number % 7}", number * 3, -number

    def peak(count: int) -> int:
        tracemalloc.start()
        write_xlsx([Sheet("Deals", ("Deal", "Player", "Points", "Total"), rows(count))], io.BytesIO())
        size = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
        return size

    small, large = peak(1_000), peak(10_000)
    # The output buffer grows with the rows (about 25 bytes a row packed); nothing else may.
    assert large - small < 1_000_000


def test_it_writes_csv_for_a_german_excel() -> None:
    text = make_csv(deals_sheet(), decimal_comma=True)
    assert text.startswith("\ufeffDeal;Declarer;")
    lines = text.split("\r\n")
    assert lines[1] == "1;Anna;Solo;30;12,50;2026-11-30;TRUE;"
    assert lines[2] == "2;Bernd;Dreier;-60;-3,10;2026-12-01;FALSE;late"


def test_it_writes_csv_for_an_english_excel() -> None:
    text = make_csv(deals_sheet(), decimal_comma=False)
    assert text.split("\r\n")[1] == "1,Anna,Solo,30,12.50,2026-11-30,TRUE,"


def test_it_writes_every_csv_line_with_as_many_fields_as_the_header() -> None:
    text = make_csv(Sheet("Sheet", ("Deal", "Dealer", "Anna", "Bernd"), [[1, "Anna"], [2]]), decimal_comma=True)
    assert text.removeprefix("\ufeff").split("\r\n")[1:3] == ["1;Anna;;", "2;;;"]


def test_it_marks_dangerous_csv_text_with_an_apostrophe() -> None:
    text = make_csv(Sheet("Names", ("Name", "Points"), ([t, -2] for t in DANGEROUS[:6])), decimal_comma=True)
    lines = text.removeprefix("\ufeff").split("\r\n")
    assert lines[1] == """"'=HYPERLINK(""http://x"",""y"")";-2"""
    assert lines[2:5] == ["'+1;-2", "'-2;-2", "'@x;-2"]
    assert lines[5] == "'\tx;-2"
    assert lines[6] == '"\'\rx";-2'


def test_it_writes_csv_datetimes_in_local_time() -> None:
    when = dt.datetime(2026, 11, 30, 18, 30, tzinfo=dt.UTC)
    text = make_csv(Sheet("S", ("When", "Rate"), [[when, 0.5]]), decimal_comma=True, tz=BERLIN)
    assert text.split("\r\n")[1] == "2026-11-30 19:30:00;0,5"


@pytest.mark.parametrize(
    ("title", "width"),
    [
        ("Deals", 5),
        ("Card points Maximilian Oberhuber-Steinacher", 20),
        ("aaaaaaaaa bbbbbbbbb ccccccccc ddddddddd", 19),  # four words of 9: two to a line, not 13 wide
    ],
)
def test_a_long_title_wraps_onto_three_lines_at_most_and_never_breaks_a_word(title: str, width: int) -> None:
    assert title_width(title) == width
