"""The reader: hostile files refused clearly, tables read with every problem named."""

from __future__ import annotations

import datetime as dt
import io
import os
import re
import zipfile
from collections.abc import Callable, Iterable, Iterator
from decimal import Decimal

import openpyxl
import pytest

from bench.hostile_files import (
    SHEET_HEAD,
    SHEET_TAIL,
    entity_flood,
    hidden_sheet,
    rich_text_flood,
    row_flood,
    shared_strings_flood,
    styles_flood,
    template,
    with_parts,
    with_sheet_xml,
    xlsx,
    zip_bomb,
)
from scoring.engine.reasons import why
from scoring.engine.refusal import Problem, Refusal
from scoring.spreadsheets import reader
from scoring.spreadsheets.reader import (
    BOOL,
    CHOICE,
    DATE,
    DECIMAL,
    NAME,
    TEXT,
    WHOLE,
    Column,
    open_workbook,
    read_csv_rows,
    read_name_list,
    read_rows,
)
from scoring.spreadsheets.writer import Money, Sheet

LIMIT = 10 * 1024 * 1024
"""The site's upload limit in these tests: 10 MiB."""

DEAL_COLUMNS = (
    Column("deal", ("Deal", "Spiel", "Spil"), WHOLE, required=True),
    Column("declarer", ("Declarer", "Alleinspieler", "Spilfører"), NAME, required=True),
    Column("contract", ("Contract", "Spielart", "Kontrakt"), CHOICE, choices={"Solo": "solo", "Dreier": "three"}),
    Column("anna", ("Anna",), WHOLE),
    Column("balance", ("Balance", "Saldo"), DECIMAL),
    Column("date", ("Date", "Datum", "Dato"), DATE),
    Column("won", ("Won", "Gewonnen", "Vundet"), BOOL),
    Column("note", ("Note", "Notiz"), TEXT, max_length=10),
)


# --- making files ---------------------------------------------------------------------------


def hand_made(rows: Iterable[Iterable[object]], title: str = "Deals") -> bytes:
    """A workbook made with ordinary openpyxl, as a person's Excel would save it (formulas too)."""
    book = openpyxl.Workbook()
    sheet = book.active
    sheet.title = title
    for row in rows:
        sheet.append(list(row))
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()


def refused(open_it: Callable[[], object]) -> str:
    """The refusal's text (how long refusing takes is ``bench/hostile_files.py``'s to measure)."""
    with pytest.raises(Refusal) as caught:
        open_it()
    return str(caught.value)


def problems(open_it: Callable[[], object]) -> list[str]:
    with pytest.raises(Refusal) as caught:
        open_it()
    return [str(problem) for problem in caught.value.problems]


def read_deals(data: bytes, columns: Iterable[Column] = DEAL_COLUMNS) -> reader.Rows:
    with open_workbook(data, max_bytes=LIMIT) as book:
        return read_rows(book, ("Deals", "Spiele", "Spil"), list(columns))


# --- hostile files --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (b"", "the file is empty"),
        (os.urandom(5000).replace(b"PK", b"pk").replace(b"\xd0", b"d"), "the file is not an .xlsx workbook"),
        (b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj", "the file is a PDF document, not an .xlsx workbook"),
        (b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + bytes(4000), "password-protected workbook or an old Excel 97–2003"),
        (b"Name;Aktiv\nAnna;ja\n", "the file is not an .xlsx workbook"),
    ],
    ids=["empty", "random bytes", "pdf", "ole2", "csv"],
)
def test_it_refuses_what_is_not_a_workbook(data: bytes, message: str) -> None:
    text = refused(lambda: open_workbook(data, max_bytes=LIMIT))
    assert message in text


def test_it_refuses_a_damaged_zip() -> None:
    data = template()
    text = refused(lambda: open_workbook(data[: len(data) // 2], max_bytes=LIMIT))
    assert text == "the file is damaged: its zip archive cannot be read"


def test_it_refuses_a_zip_without_a_workbook_and_names_an_opendocument_file() -> None:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as archive:
        archive.writestr("mimetype", "application/vnd.oasis.opendocument.spreadsheet")
        archive.writestr("content.xml", "<office:document-content/>")
    text = refused(lambda: open_workbook(out.getvalue(), max_bytes=LIMIT))
    assert "an OpenDocument spreadsheet (.ods), not an .xlsx workbook" in text


def test_it_refuses_an_upload_over_the_limit_saying_both_sizes() -> None:
    data = b"PK\x03\x04" + bytes(50 * 1024 * 1024)
    text = refused(lambda: open_workbook(data, max_bytes=LIMIT))
    assert text == "the file is 52 MB; the limit is 10 MB"
    text = refused(lambda: open_workbook(io.BytesIO(data), max_bytes=LIMIT))
    assert text == "the file is 52 MB; the limit is 10 MB"


def test_it_refuses_a_decompression_bomb() -> None:
    bomb = zip_bomb()
    assert len(bomb) < 2 * 1024 * 1024
    text = refused(lambda: open_workbook(bomb, max_bytes=LIMIT))
    assert "would unpack to 315 MB in its part xl/worksheets/sheet1.xml alone" in text
    assert "zip bomb" in text


def test_it_refuses_a_part_packed_far_tighter_than_a_workbook() -> None:
    bomb = with_sheet_xml([SHEET_HEAD, b"0" * 20_000_000, SHEET_TAIL])
    text = refused(lambda: open_workbook(bomb, max_bytes=LIMIT))
    assert "xl/worksheets/sheet1.xml is packed" in text and "possible zip bomb" in text


def test_it_refuses_a_workbook_that_unpacks_to_too_much_altogether(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(reader, "MAX_TOTAL_BYTES", 2_000)
    text = refused(lambda: open_workbook(template(), max_bytes=LIMIT))
    assert "the file would unpack to" in text and "possible zip bomb" in text


def test_it_refuses_a_million_formatted_empty_rows() -> None:
    flood = row_flood()
    text = refused(lambda: open_workbook(flood, max_bytes=LIMIT))
    assert text.startswith("Deals: the sheet has more than 50,000 rows (empty formatted rows count too)")


def test_it_refuses_a_hundred_thousand_formatted_empty_rows_in_a_name_list() -> None:
    flood = row_flood(100_000)
    text = refused(lambda: read_name_list(flood, "players.xlsx", max_bytes=LIMIT))
    assert "the sheet has more than 50,000 rows" in text


def test_it_stops_at_the_row_cap_when_one_row_sits_a_million_rows_down() -> None:
    far = with_sheet_xml(
        [
            SHEET_HEAD,
            b'<row r="1"><c r="A1" t="inlineStr"><is><t>Deal</t></is></c></row>',
            b'<row r="1000000"><c r="A1000000"><v>1</v></c></row>',
            SHEET_TAIL,
        ]
    )
    found = problems(lambda: read_deals(far, DEAL_COLUMNS[:1]))
    assert found == ["Deals: the sheet has more than 50,000 rows; the limit is 50,000"]


def test_it_refuses_a_sheet_it_cannot_parse() -> None:
    unclosed = b"<row r='1'><c r='A1'><v>1</v></c>"
    broken = with_sheet_xml([SHEET_HEAD, unclosed])
    assert problems(lambda: read_deals(broken, DEAL_COLUMNS[:1])) == [
        "the file is damaged: it is not a readable .xlsx workbook"
    ]
    # With its size stated up front, openpyxl opens the sheet and only meets the damage in reading.
    sized = SHEET_HEAD.replace(b"<sheetData>", b'<dimension ref="A1:A2"/><sheetData>')
    broken = with_sheet_xml([sized, unclosed])
    assert problems(lambda: read_deals(broken, DEAL_COLUMNS[:1])) == ["Deals: the sheet is damaged and cannot be read"]


# --- reading a sheet ------------------------------------------------------------------------


def test_it_reads_back_what_the_writer_wrote_with_types() -> None:
    header = ("Deal", "Declarer", "Contract", "Anna", "Balance", "Date", "Won", "Note", "Ignored")
    rows = [
        (1, "  Anna   Maria ", "Solo", -30, Decimal("12.50"), dt.date(2026, 11, 30), True, "=1+2", "x"),
        (2, "Bernd", "dreier", 60, Decimal("-3.10"), None, False, None, None),
        (None, None, None, None, None, None, None, None, "only ignored"),
    ]
    data = xlsx(Sheet("Deals", header, iter(rows), formats={"Balance": Money()}))
    read = read_deals(data)
    assert [row.number for row in read] == [2, 3]
    assert read[0].values == {
        "deal": 1,
        "declarer": "Anna Maria",
        "contract": "solo",
        "anna": -30,
        "balance": Decimal("12.5"),
        "date": dt.date(2026, 11, 30),
        "won": True,
        "note": "=1+2",
    }
    assert read[1]["contract"] == "three" and read[1]["won"] is False and read[1]["date"] is None
    assert read.found == frozenset({"deal", "declarer", "contract", "anna", "balance", "date", "won", "note"})
    assert read[0].where["anna"] == ("D", "Anna")


def test_it_finds_sheets_and_columns_by_their_german_or_danish_titles() -> None:
    data = hand_made([["Spil", "Spilfører", "Saldo"], [1, "Anna", "12,50"]], title="spil")
    read = read_deals(data)
    assert read.sheet == "spil"
    assert read[0].values["declarer"] == "Anna" and read[0]["balance"] == Decimal("12.50")


def test_it_finds_the_header_below_a_title_line() -> None:
    data = hand_made([["Sitting of 30 November"], [], ["Deal", "Declarer"], [1, "Anna"]])
    assert [row.number for row in read_deals(data)] == [4]


def test_it_accepts_whole_numbers_as_text_and_as_floats() -> None:
    data = hand_made([["Deal", "Declarer", "Anna"], ["12", "A", 12.0], [" -3 ", "B", "−4"]])
    read = read_deals(data)
    assert [(r["deal"], r["anna"]) for r in read] == [(12, 12), (-3, -4)]


def test_it_reads_yes_and_no_in_every_language() -> None:
    words = ["yes", "no", "JA", "nein", "nej", "x", "1", "0", "true", "False", "wahr", "falsk", 1, 0, True]
    data = hand_made([["Deal", "Declarer", "Won"], *([n, "A", w] for n, w in enumerate(words, 1))])
    won = [r["won"] for r in read_deals(data)]
    assert won == [True, False, True, False, False, True, True, False, True, False, True, False, True, False, True]


def test_it_reads_dates_and_decimals_as_treasurers_type_them() -> None:
    rows = [
        [1, "A", "30.11.2026", "1.234,50"],
        [2, "A", "2026-11-30", "1,234.50"],
        [3, "A", "30/11/2026", "-0,5"],
        [4, "A", dt.datetime(2026, 11, 30, 0, 0), 7],
    ]
    read = read_deals(hand_made([["Deal", "Declarer", "Date", "Balance"], *rows]))
    assert {r["date"] for r in read} == {dt.date(2026, 11, 30)}
    assert [r["balance"] for r in read] == [Decimal("1234.50"), Decimal("1234.50"), Decimal("-0.5"), Decimal(7)]


def test_it_names_sheet_row_and_column_of_every_problem() -> None:
    rows = [
        ["Deal", "Declarer", "Anna", "Contract", "Date", "Won", "Note", "Balance"],
        [1, "Anna", 10, "Solo", None, None, None, None],
        [2, "", "abc", "Bettler", "31.02.2026", "maybe", "far too long a note", "12 €"],
        [3, "Bo\tb", 12.5, "Solo", 45000, None, None, None],
        [None, "Carla", "=A1", "Solo", None, None, None, True],
    ]
    found = problems(lambda: read_deals(hand_made(rows)))
    assert found == [
        "Deals, row 3, column B (Declarer): this cell must not be empty",
        'Deals, row 3, column C (Anna): "abc" is not a whole number',
        'Deals, row 3, column D (Contract): "Bettler" is not one of: Solo, Dreier',
        'Deals, row 3, column E (Date): "31.02.2026" is not a date that exists',
        'Deals, row 3, column F (Won): "maybe" is not yes or no (write yes/no, ja/nein/nej, 1/0 or x)',
        'Deals, row 3, column G (Note): "far too long a note" is 19 characters long; at most 10 are allowed',
        'Deals, row 3, column H (Balance): "12 €" is not a number',
        'Deals, row 4, column B (Declarer): "Bo\\x09b" contains a control character (U+0009), which is not allowed',
        "Deals, row 4, column C (Anna): 12.5 is not a whole number",
        "Deals, row 4, column E (Date): 45000 is a number, not a date: format the cell as a date",
        "Deals, row 5, column A (Deal): this cell must not be empty",
        'Deals, row 5, column C (Anna): "=A1" is a formula; type the value itself',
        "Deals, row 5, column H (Balance): True is a yes/no value, not a number",
    ]


def test_a_problem_reads_like_a_sentence() -> None:
    reason = why("{value} is not a whole number", value='"abc"')
    problem = Problem(None, None, reason, sheet="Deals", row=4, column="C", title="Anna")
    assert str(problem) == 'Deals, row 4, column C (Anna): "abc" is not a whole number'
    assert str(Problem(None, None, why("the file is empty"))) == "the file is empty"


def test_a_cell_problem_renders_in_another_language_and_keeps_its_place() -> None:
    def shouting(template: str) -> str:
        """A translation that shouts its templates' words (not their fields), to see what is
        translated (the templates) and what is not (the values)."""
        return "".join(part if part.startswith("{") else part.upper() for part in re.split(r"(\{[^{}]*\})", template))

    with pytest.raises(Refusal) as caught:
        read_deals(hand_made([["Deal", "Declarer", "Anna"], [1, "Anna", "abc"]]))
    (problem,) = caught.value.problems
    assert (problem.sheet, problem.row, problem.column, problem.title) == ("Deals", 2, "C", "Anna")
    assert problem.reason.template == "{value} is not a whole number"
    assert problem.said(shouting) == '"abc" IS NOT A WHOLE NUMBER'
    assert problem.render(shouting) == 'Deals, ROW 2, COLUMN C (Anna): "abc" IS NOT A WHOLE NUMBER'
    assert str(problem) == 'Deals, row 2, column C (Anna): "abc" is not a whole number'


def test_it_refuses_a_formula_cell() -> None:
    data = hand_made([["Deal", "Declarer", "Anna"], [1, "A", '=HYPERLINK("http://x","y")']])
    assert problems(lambda: read_deals(data)) == [
        'Deals, row 2, column C (Anna): "=HYPERLINK("http://x","y")" is a formula; type the value itself'
    ]


def test_it_names_missing_and_doubled_columns_and_missing_sheets() -> None:
    data = hand_made([["Spiel", "Anna", "anna "], [1, 2, 3]])
    assert problems(lambda: read_deals(data)) == [
        "Deals, row 1, column C (anna): a second column Anna; the first is column B",
        "Deals, row 1: no column Declarer (also accepted: Alleinspieler, Spilfører)",
    ]
    other = hand_made([["Deal"]], title="Tabelle1")
    assert problems(lambda: read_deals(other)) == ["the workbook has no sheet Deals (it has: Tabelle1)"]
    empty = hand_made([])
    assert problems(lambda: read_deals(empty)) == [
        "Deals: no header row with the columns Deal, Declarer in the first 10 rows"
    ]


def test_it_lists_many_problems_then_counts_the_rest() -> None:
    rows = [["Deal", "Declarer"], *([f"x{n}", "A"] for n in range(1_100))]
    found = problems(lambda: read_deals(hand_made(rows)))
    assert len(found) == 1_001
    assert found[-1] == "Deals: and 100 more problems not listed"


def test_a_caller_names_its_own_problem_at_a_rows_column() -> None:
    row = read_deals(hand_made([["Deal", "Declarer"], [1, "Zoe"]]))[0]
    assert str(row.problem("declarer", why("{player} does not play at this table", player="Zoe"))) == (
        "Deals, row 2, column B (Declarer): Zoe does not play at this table"
    )


# --- CSV ------------------------------------------------------------------------------------


def test_it_reads_a_german_csv_with_bom() -> None:
    data = "\ufeffSpiel;Alleinspieler;Saldo;Datum\r\n1;Jörg;12,50;30.11.2026\r\n;;;\r\n2;'=x;-1;\r\n".encode()
    read = read_csv_rows(data, DEAL_COLUMNS, max_bytes=LIMIT)
    assert read.sheet == "CSV" and read.notes == ()
    assert [r.number for r in read] == [2, 4]
    assert read[0].values["declarer"] == "Jörg" and read[0]["balance"] == Decimal("12.50")
    assert read[1]["declarer"] == "=x"


def test_it_reads_an_english_csv_and_a_tab_separated_one() -> None:
    comma = b'Deal,Declarer,Balance\n1,"Smith, Anna",12.50\n'
    assert read_csv_rows(comma, DEAL_COLUMNS, max_bytes=LIMIT)[0]["declarer"] == "Smith, Anna"
    tabs = "Deal\tDeclarer\n1\tAnna\n".encode("utf-16")
    assert read_csv_rows(tabs, DEAL_COLUMNS, max_bytes=LIMIT)[0]["declarer"] == "Anna"


def test_it_falls_back_to_windows_1252_and_says_so() -> None:
    data = "Deal;Declarer\n1;Jörg Müßig\n".encode("cp1252")
    read = read_csv_rows(data, DEAL_COLUMNS, max_bytes=LIMIT)
    assert read[0]["declarer"] == "Jörg Müßig"
    assert "Windows-1252" in str(read.notes[0])


def test_it_names_csv_problems_like_sheet_problems() -> None:
    data = b"Deal;Declarer\n1;Anna\nabc;Bo\n"
    assert problems(lambda: read_csv_rows(data, DEAL_COLUMNS, max_bytes=LIMIT)) == [
        'CSV, row 3, column A (Deal): "abc" is not a whole number'
    ]
    huge = b"Deal;Declarer\n" + b"9" * 5000 + b";Anna\n"
    assert problems(lambda: read_csv_rows(huge, DEAL_COLUMNS, max_bytes=LIMIT)) == [
        'CSV, row 2, column A (Deal): "' + "9" * 39 + '…" is not a whole number'
    ], "a number of 5,000 digits is no number, never a server error"
    text = refused(lambda: read_csv_rows(bytes(11 * 1024 * 1024), DEAL_COLUMNS, max_bytes=LIMIT))
    assert text == "the file is 12 MB; the limit is 10 MB"
    assert problems(lambda: read_csv_rows(b"\x00\x01binary", DEAL_COLUMNS, max_bytes=LIMIT)) == [
        "the file is neither an .xlsx workbook nor a CSV text file"
    ]


# --- name lists -----------------------------------------------------------------------------


def names(data: bytes, filename: str | None = None) -> list[tuple[str, int, bool | None, bool | None]]:
    listed = read_name_list(data, filename, max_bytes=LIMIT)
    return [(n.name, n.row, n.active, n.initials_only) for n in listed.names]


def test_it_reads_names_from_a_workbook_with_a_header() -> None:
    data = xlsx(
        Sheet(
            "Players",
            ("Name", "Active", "Initials only"),
            [["Anna Müller", True, None], ["  Bernd   Brandt ", "no", "x"], [None, None, None], ["Carla", None, False]],
        )
    )
    assert names(data) == [
        ("Anna Müller", 2, True, None),
        ("Bernd Brandt", 3, False, True),
        ("Carla", 5, None, False),
    ]


def test_it_reads_names_from_a_workbook_without_a_header() -> None:
    data = hand_made([["Anna"], [None], ["Bernd", "ignored"]], title="Tabelle1")
    listed = read_name_list(data, "liste.xlsx", max_bytes=LIMIT)
    assert [(n.name, n.row) for n in listed.names] == [("Anna", 1), ("Bernd", 3)]
    assert listed.sheet == "Tabelle1"
    assert [str(note) for note in listed.notes] == [
        "The file has no header row, so only its first column was read, as names."
    ]


def test_it_reads_german_and_danish_headers_in_csv() -> None:
    german = b"Name;Aktiv;Nur Initialen\nAnna;ja;nein\nBernd;nein;ja\n"
    assert names(german) == [("Anna", 2, True, False), ("Bernd", 3, False, True)]
    danish = "Navn,Aktiv,Kun initialer\nSøren,nej,x\n".encode()
    assert names(danish) == [("Søren", 2, False, True)]


def test_it_reads_a_csv_of_names_without_a_header() -> None:
    assert names(b"Anna\r\n\r\nBernd\r\n") == [("Anna", 1, None, None), ("Bernd", 3, None, None)]
    assert names(b"Anna;x\nBo;y\n") == [("Anna", 1, None, None), ("Bo", 2, None, None)]


def test_it_chooses_by_content_not_by_name() -> None:
    listed = read_name_list(b"Name\nAnna\n", "players.xlsx", max_bytes=LIMIT)
    assert [n.name for n in listed.names] == ["Anna"]
    assert [str(note) for note in listed.notes] == [
        "The file is named players.xlsx but is a CSV text file; it was read as one."
    ]
    data = xlsx(Sheet("Players", ("Name",), [["Anna"]]))
    assert [str(note) for note in read_name_list(data, "players.csv", max_bytes=LIMIT).notes] == [
        "The file is named players.csv but is an .xlsx workbook; it was read as one."
    ]


def test_it_names_both_rows_of_a_name_given_twice() -> None:
    data = "Name\nAnna Müller\nBernd\nanna  müller\n".encode()
    assert problems(lambda: read_name_list(data, None, max_bytes=LIMIT)) == [
        'CSV, row 4, column A (Name): "anna müller" is also in row 2'
    ]


def test_it_refuses_names_too_long_empty_or_with_control_characters() -> None:
    data = hand_made([["Name", "Active"], ["x" * 61, None], [None, True], ["Anna\tBo", None]], title="Players")
    assert problems(lambda: read_name_list(data, None, max_bytes=LIMIT)) == [
        f'Players, row 2, column A (Name): "{"x" * 39}…" is 61 characters long; at most 60 are allowed',
        "Players, row 3, column A (Name): this cell must not be empty",
        'Players, row 4, column A (Name): "Anna\\x09Bo" contains a control character (U+0009), which is not allowed',
    ]


def test_it_refuses_a_password_protected_name_list() -> None:
    data = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + bytes(600)
    text = refused(lambda: read_name_list(data, "players.xlsx", max_bytes=LIMIT))
    assert "password-protected" in text


def test_it_normalises_names_to_one_spelling() -> None:
    decomposed = "Jo\u0308rg\u00a0 Mu\u0308ller"
    assert names(f"Name\n{decomposed}\n".encode()) == [("Jörg Müller", 2, None, None)]


# --- the limits fit a club's biggest sitting ------------------------------------------------


def test_a_two_thousand_deal_sitting_workbook_passes_every_limit() -> None:
    players = ("Anna", "Bernd", "Carla", "Dieter")

    def deals() -> Iterator[list[object]]:
        for deal in range(1, 2_001):
            yield [deal, players[deal % 4], "Solo", players[(deal + 1) % 4], *range(12), Decimal("1.50")]

    def items() -> Iterator[list[object]]:
        for deal in range(1, 2_001):
            for kind in ("pagat", "king", "trull", "valat", "mond"):
                yield [deal, kind, players[deal % 4], "declarer", "won", 1, None, True]

    def breakdown() -> Iterator[list[object]]:
        for deal in range(1, 2_001):
            for line in range(8):
                yield [deal, players[line % 4], line * 10 - 30, "each opponent pays {value} for the Pagat ultimo"]

    data = xlsx(
        Sheet("Deals", ("Deal", "Dealer", "Contract", "Declarer", *(f"c{n}" for n in range(12)), "Pot"), deals()),
        Sheet("Items", ("Deal", "Kind", "Player", "Side", "Result", "Count", "Suit", "Announced"), items()),
        Sheet("Breakdown", ("Deal", "Player or pot", "Points", "Reason"), breakdown()),
    )
    with open_workbook(data, max_bytes=LIMIT) as book:
        assert book.sheet_names == ("Deals", "Items", "Breakdown")
        read = read_rows(book, "Deals", DEAL_COLUMNS[:2])
        assert len(read) == 2_000


# --- counting whatever the whitespace, the prefix or the encoding ---------------------------


def sheet_of(cells: Iterable[bytes], *, prefix: bytes = b"", per_row: int = 10) -> bytes:
    """A sheet's XML of the written ``cells``, ``per_row`` to a row, its elements with ``prefix``."""
    x = prefix
    head = SHEET_HEAD.replace(b"<worksheet xmlns=", b"<%bworksheet xmlns%s=" % (x, b":" + x[:-1] if x else b""))
    rows = []
    cells = list(cells)
    for number, start in enumerate(range(0, len(cells), per_row), 1):
        rows.append(b'<%brow r="%d">%b</%brow>' % (x, number, b"".join(cells[start : start + per_row]), x))
    head = head.replace(b"<sheetData>", b"<%bsheetData>" % x)
    return head + b"".join(rows) + b"</%bsheetData></%bworksheet>" % (x, x)


@pytest.mark.parametrize(
    "written",
    [b'<c r="A1"/>', b"<c/>", b"<c></c>", b'<c\nr="A1"/>', b'<c\tq="1"/>', b'<c\r\nr="A1"/>', b"<c\n/>"],
    ids=["space", "empty", "open and close", "line break", "tab", "CR LF", "line break and end"],
)
@pytest.mark.parametrize("prefix", [b"", b"x:", b"main-ns:"], ids=["no prefix", "x:", "main-ns:"])
def test_it_counts_a_cell_however_xml_writes_its_tag(
    written: bytes, prefix: bytes, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(reader, "MAX_CELLS", 20)
    cell = written.replace(b"<c", b"<" + prefix + b"c").replace(b"</c>", b"</" + prefix + b"c>")
    with open_workbook(with_sheet_xml([sheet_of([cell] * 20, prefix=prefix)]), max_bytes=LIMIT):
        pass
    text = refused(lambda: open_workbook(with_sheet_xml([sheet_of([cell] * 21, prefix=prefix)]), max_bytes=LIMIT))
    assert text == "Deals: the sheet has more than 20 cells; the limit is 20"


def test_it_counts_only_start_tags_of_rows_and_cells() -> None:
    """Closing tags and other elements whose names begin alike (``<col>``, ``<rowBreaks>``) are
    no rows or cells: a prefixed sheet of exactly ``max_rows`` rows passes (the count used to see
    ``</x:row>`` as a row too, and refused it at half the limit)."""
    cell = b'<x:c r="A1" t="inlineStr"><x:is><x:t>Name</x:t></x:is></x:c>'
    sheet = sheet_of([cell] * 100, prefix=b"x:", per_row=1)
    extras = b"<x:cols><x:col min='1' max='1'/></x:cols>"
    sheet = sheet.replace(b"<x:sheetData>", extras + b"<x:sheetData>").replace(
        b"</x:sheetData>", b"</x:sheetData><x:rowBreaks count='1'><x:brk id='2'/></x:rowBreaks>"
    )
    with open_workbook(with_sheet_xml([sheet]), max_bytes=LIMIT, max_rows=100):
        pass
    text = refused(lambda: open_workbook(with_sheet_xml([sheet]), max_bytes=LIMIT, max_rows=99))
    assert text.startswith("Deals: the sheet has more than 99 rows")


@pytest.mark.parametrize("encoding", ["utf-8", "utf-16", "utf-16-le", "utf-16-be"])
def test_it_counts_tags_cut_by_the_chunks_it_reads_and_in_utf_16(
    encoding: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A tag split between two chunks is counted once; a UTF-16 sheet (which XML parsers read,
    with its byte order mark or without) is counted in its characters, not its bytes."""
    monkeypatch.setattr(reader, "SCAN_CHUNK", 7)
    sheet = sheet_of([b"<x:c\nq='1'/>"] * 100, prefix=b"x:", per_row=1)
    if encoding != "utf-8":
        sheet = sheet.replace(b'encoding="UTF-8"', b'encoding="UTF-16"').decode().encode(encoding)
    book = with_sheet_xml([sheet])
    with open_workbook(book, max_bytes=LIMIT, max_rows=100) as opened:
        assert len(list(opened.book.worksheets[0].iter_rows())) == 100
    text = refused(lambda: open_workbook(book, max_bytes=LIMIT, max_rows=99))
    assert text.startswith("Deals: the sheet has more than 99 rows")


def test_it_refuses_a_document_type_whose_entities_would_make_cells() -> None:
    text = refused(lambda: read_name_list(entity_flood(3, 10), "players.xlsx", max_bytes=LIMIT))
    assert text == (
        "Deals: the file's part xl/worksheets/sheet1.xml declares a document type (a DTD), which no workbook "
        "has: refused as a possible attack"
    )


def test_it_counts_a_sheet_that_only_the_declared_workbook_index_leads_to() -> None:
    """openpyxl follows ``[Content_Types].xml`` to the workbook's index, whatever its name, and
    that index to its sheets, whatever theirs: every part is counted, and named by that index."""
    text = refused(lambda: read_name_list(hidden_sheet(50_001), "players.xlsx", max_bytes=LIMIT))
    assert text.startswith("Deals: the sheet has more than 50,000 rows (empty formatted rows count too)")


def test_it_refuses_shared_strings_by_their_unpacked_size(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(reader, "MAX_SHARED_STRINGS_BYTES", 500_000)
    text = refused(lambda: read_name_list(shared_strings_flood(30_000), "players.xlsx", max_bytes=LIMIT))
    assert text == (
        "the file's shared strings (the texts of its cells, in xl/sharedStrings.xml) unpack to 0.6 MB; the "
        "limit is 0.5 MB"
    )


def test_it_refuses_shared_strings_of_more_elements_than_the_limit_and_reads_as_many(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A text is two elements (``<si><t>``), each formatted piece of one two more (``<r><t>``)."""
    monkeypatch.setattr(reader, "MAX_ELEMENTS", 2_001)
    assert len(read_name_list(shared_strings_flood(1_000), "players.xlsx", max_bytes=LIMIT).names) == 1
    text = refused(lambda: read_name_list(shared_strings_flood(1_001), "players.xlsx", max_bytes=LIMIT))
    assert text == (
        "the file's part xl/sharedStrings.xml is made of more than 2,001 XML elements (texts, formats, "
        "settings); the limit is 2,001"
    )
    text = refused(lambda: read_name_list(rich_text_flood(100, 10), "players.xlsx", max_bytes=LIMIT))
    assert text.startswith("the file's part xl/sharedStrings.xml is made of more than 2,001 XML elements")


def test_it_refuses_styles_of_more_elements_than_their_limit() -> None:
    """The styles openpyxl reads whole too, and slowly: 10,000 elements at most (5,000 formats)."""
    text = refused(lambda: read_name_list(styles_flood(5_000), "players.xlsx", max_bytes=LIMIT))
    assert text == (
        "the file's part xl/styles.xml is made of more than 10,000 XML elements (texts, formats, settings); "
        "the limit is 10,000"
    )


# --- dates a club can have played on --------------------------------------------------------


@pytest.mark.parametrize(
    ("cell", "shown"),
    [
        (dt.datetime(1899, 12, 25), "1899-12-25"),
        (dt.date(2101, 1, 1), "2101-01-01"),
        ("31.12.1899", '"31.12.1899"'),
        ("2206-11-30", '"2206-11-30"'),
    ],
)
def test_it_refuses_a_date_outside_the_years_a_club_can_have_played_in(cell: object, shown: str) -> None:
    with pytest.raises(Refusal) as caught:
        reader.date_cell(cell)
    assert str(caught.value) == f"{shown} is not a date a club can have played on (the years 1900 to 2100)"


def test_it_accepts_the_first_and_the_last_day_of_those_years() -> None:
    assert reader.date_cell(dt.datetime(1900, 1, 1)) == dt.date(1900, 1, 1)
    assert reader.date_cell("31.12.2100") == dt.date(2100, 12, 31)


def test_it_names_the_cell_of_a_date_serial_of_minus_five_in_a_date_or_a_settings_column() -> None:
    """A date serial of -5 under a date format is what openpyxl gives as 1899-12-25."""
    book = xlsx(
        Sheet("Deals", ("Deal", "Declarer", "Date", "Value"), [[1, "A", dt.date(2026, 11, 30), dt.date(2026, 11, 30)]])
    )
    with zipfile.ZipFile(io.BytesIO(book)) as archive:
        sheet = archive.read("xl/worksheets/sheet1.xml")
    assert sheet.count(b"<v>46356</v>") == 2
    dated = with_parts({"xl/worksheets/sheet1.xml": [sheet.replace(b"<v>46356</v>", b"<v>-5</v>")]}, base=book)
    columns = [*DEAL_COLUMNS[:2], Column("date", ("Date",), DATE), Column("value", ("Value",), reader.ANY)]
    assert problems(lambda: read_deals(dated, columns)) == [
        "Deals, row 2, column C (Date): 1899-12-25 is not a date a club can have played on (the years 1900 to 2100)",
        "Deals, row 2, column D (Value): 1899-12-25 is not a date a club can have played on (the years 1900 to 2100)",
    ]
