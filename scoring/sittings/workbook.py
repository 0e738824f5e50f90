"""A sitting as a workbook: what its export writes, its blank score sheet, and its import.

The export (``docs/spreadsheets.md`` shows the layout) has five sheets: **Deals** (a row per deal:
its number, dealer, who sat out, whether it was thrown in, the variant's deal-level fields, each
player's game points and running total, the pots after it), **Items** (a row per declaration or
event, penalties included, a column per item field), **Breakdown** (a row per line), **Totals** (a
row per player, and the Kasse where it gets something) and **House rules** (the variant, the date,
the seats and every option). An export of a stored sitting also says which sitting it is on House
rules (its club, number and revision, when it was closed) and has a sixth sheet, **History**: its
corrections and removals (``scoring.sittings.exports``). Sheet names, column titles and the words
in the cells are in the page's language.

A **thrown-in deal** (dealt, not played) keeps its row, marked in *Thrown in*, with its dealer and
who sat out and no deal-level field: it has no card points, no contract. Its penalties are rows of
the Items sheet like any other event; it is no deal played on the Totals sheet.

The import reads **House rules**, **Deals**, **Items** and **History** (where there is one) back,
in any of the site's languages, from an export or from a sheet filled in by hand in the same
layout, into a sitting document; the engine then checks it as it checks any document. Every
problem of the file is named by sheet, row and column; every problem of the scoring by deal and
field.
"""

from __future__ import annotations

import datetime
import json
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from decimal import Decimal
from typing import Any, TypeVar

from django.conf import settings
from django.utils import translation
from django.utils.functional import Promise
from django.utils.text import capfirst
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from scoring.club.names import EVERY_NAME, Names
from scoring.engine import VARIANTS, FieldSpec, Variant
from scoring.engine.base import REQUIRED
from scoring.engine.reasons import Reason, alternatives, gettext_noop, why, word
from scoring.engine.refusal import Problem, Refusal
from scoring.limits import REASON_LENGTH
from scoring.money import sitting_money
from scoring.sittings.exports import EXPORT, exported_document
from scoring.sittings.models import Sitting
from scoring.sittings.results import deals_ahead, stored_result
from scoring.spreadsheets.reader import (
    ANY,
    BOOL,
    NAME,
    TEXT,
    WHOLE,
    Column,
    Row,
    Workbook,
    date_cell,
    read_rows,
    title_key,
    whole_cell,
    yes_or_no_cell,
)
from scoring.spreadsheets.writer import Money, Printing, Sheet

T = TypeVar("T")

DEALS, ITEMS, BREAKDOWN, TOTALS, HOUSE_RULES = _("Deals"), _("Items"), _("Breakdown"), _("Totals"), _("House rules")
HISTORY, REVISION, COUNTS, REMOVED = _("History"), _("Revision"), _("Counts"), _("Removed")
ENTERED, INPUTS = _("Entered"), _("Inputs")
DEAL, DEALER, SITS_OUT, THROWN_IN = _("Deal"), _("Dealer"), _("Sits out"), _("Thrown in")
LIST, TYPE = _("List"), _("Type")
PLAYER_OR_POT, POINTS, REASON = _("Player or pot"), _("Points"), _("Reason")
PLAYER, DEALS_PLAYED, GAME_POINTS, BALANCE = _("Player"), _("Deals played"), _("Game points"), _("Balance")
OPTION, VALUE, MEANING = _("Option"), _("Value"), _("Meaning")
KASSE = _("Kasse")
LISTS = {"declarations": _("declaration"), "events": _("event")}
ITEM_FIELDS = {
    "player": _("Player"),
    "side": _("Side"),
    "by": _("Captured by"),
    "result": _("Result"),
    "count": _("How many"),
    "suit": _("Suit"),
    "announced": _("Announced"),
    "before_trick": _("Before trick"),
    "points": POINTS,
    "to": _("Pot"),
}
SETTINGS = {"variant": _("The game."), "date": _("The day of the sitting.")}
IDENTITY = {
    "club": _("The club whose sitting this is (its short name)."),
    "sitting": _("The sitting's number in its club."),
    "revision": _("How many revisions of deals the sitting had when it was exported."),
    "closed": _("When the sitting was closed; empty while it is open."),
}
"""The rows of House rules that say which sitting an export is (``scoring.sittings.exports``)."""
SEAT = "seat_%d"
SEAT_WORD = _("seat %(seat)s")
BLANK_ROWS = 30
"""Rows of a blank score sheet: the deals of an evening, on one A4 page."""


def titles(text: str | Promise) -> list[str]:
    """A title in every language of the site, as the import accepts it: a lazy text of the site,
    or a word of the rules (English, marked in the engine)."""
    found = []
    for code, _name in settings.LANGUAGES:
        with translation.override(code):
            found.append(str(text) if isinstance(text, Promise) else gettext(text))
    return list(dict.fromkeys(found))


def points_title(spec: FieldSpec, name: str) -> str:
    """The column of one player's points (card points): ``Card points Anna``."""
    return f"{gettext(spec.label)} {name}"


def choice_text(spec: FieldSpec, value: object) -> object:
    """A choice as a cell shows it: numbers as numbers, words in the page's language."""
    if value is None:
        return None
    return value if isinstance(value, int) else gettext(spec.word(value))


# --- the export -----------------------------------------------------------------------------


def sitting_sheets(sitting: Sitting, currency: str = "EUR", reader: Names = EVERY_NAME) -> list[Sheet]:
    """The five sheets of a stored sitting's workbook, in the active language, its money at the
    terms the sitting keeps (tariff, sheet fee, pot rule), players named as ``reader`` sees them."""
    result = stored_result(sitting, translate=gettext, reader=reader)
    names = reader.listed(sitting.seated_players())
    return document_sheets(
        exported_document(sitting, names),
        result,
        sitting.cents_per_point,
        currency,
        sheet_fee_cents=sitting.sheet_fee_cents,
        share_pots=sitting.share_pots,
    )


def document_sheets(
    doc: Mapping[str, Any],
    result: Mapping[str, Any],
    cents_per_point: Decimal,
    currency: str = "EUR",
    *,
    sheet_fee_cents: int = 0,
    share_pots: bool = False,
) -> list[Sheet]:
    """The five sheets of a sitting's workbook from its document and its ``score`` output (the
    reasons in the language they are given in), and History where the document says what its
    export does; rows are generators."""
    variant = VARIANTS[doc["variant"]]
    sheets = [
        deals_sheet(variant, doc, result),
        items_sheet(variant, doc),
        breakdown_sheet(variant, result),
        totals_sheet(variant, doc, result, cents_per_point, currency, sheet_fee_cents, share_pots),
        house_rules_sheet(variant, doc),
    ]
    return sheets + ([history_sheet(doc[EXPORT])] if EXPORT in doc else [])


def deal_columns(variant: Variant, players: Sequence[str]) -> list[str]:
    """The Deals sheet's columns that the import reads: number, dealer, who sits out, whether the
    deal was thrown in, fields."""
    header = [str(DEAL), str(DEALER), str(SITS_OUT), str(THROWN_IN)]
    for spec in variant.deal_fields.values():
        if spec.kind == "points":
            header += [points_title(spec, name) for name in players]
        else:
            header.append(gettext(spec.label))
    return header


def deal_values(variant: Variant, deal: Mapping[str, Any], players: Sequence[str]) -> list[object]:
    """A deal's cells under ``deal_columns`` after its number; a thrown-in deal's fields are empty
    (it has none: not even a field's default is shown, so the row says nothing was played)."""
    thrown_in = bool(deal.get("thrown_in"))
    values: list[object] = [deal["dealer"], deal.get("sitting_out"), thrown_in]
    for key, spec in variant.deal_fields.items():
        if thrown_in:
            values += [None] * (len(players) if spec.kind == "points" else 1)
        elif spec.kind == "points":
            values += [deal.get(key, {}).get(name) for name in players]
        elif spec.kind == "choice":
            values.append(choice_text(spec, deal.get(key, spec.default)))
        elif spec.kind == "flag":
            values.append(bool(deal.get(key, spec.default)))
        else:
            values.append(deal.get(key))
    return values


def distinct(titles: Sequence[str], taken: Iterable[str] = ()) -> list[str]:
    """Titles of the columns named after players, made distinct as the import compares titles
    (``title_key``: ignoring case) from ``taken`` and from each other: a player called like a
    column, in any language, gets ``Geber (2)``."""
    seen = {title_key(title) for title in taken}
    out = []
    for title in titles:
        candidate, number = title, 1
        while title_key(candidate) in seen:
            number += 1
            candidate = f"{title} ({number})"
        seen.add(title_key(candidate))
        out.append(candidate)
    return out


def deals_sheet(variant: Variant, doc: Mapping[str, Any], result: Mapping[str, Any]) -> Sheet:
    """The Deals sheet. The import reads its first columns (``deal_columns``); each player's game
    points and running total are titled so that no title the import reads, in any language, is
    taken for them (they are not read back)."""
    players = doc["players"]
    columns = deal_columns(variant, players)
    pots = [capfirst(gettext(variant.pot_word(pot))) for pot in variant.pots]
    totals_of = [gettext("Total %(name)s") % {"name": name} for name in players]
    read = [title for column in deal_field_columns(variant, players) for title in column.titles]
    header = [*columns, *distinct([*players, *totals_of], taken=[*read, *columns, *pots]), *pots]

    def rows() -> Iterator[list[object]]:
        running = dict.fromkeys(players, 0)
        for deal, scored in zip(doc["deals"], result["deals"], strict=True):
            for name in players:
                running[name] += scored["scores"][name]
            yield [
                scored["number"],
                *deal_values(variant, deal, players),
                *(scored["scores"][name] for name in players),
                *(running[name] for name in players),
                *(scored["pots"][pot] for pot in variant.pots),
            ]

    return Sheet(str(DEALS), header, rows())


def item_fields(variant: Variant) -> dict[str, list[FieldSpec]]:
    """The item fields the variant's declarations and events use, in the Items sheet's order (the
    known ones first, then any other in the variant's order), each with its specs by type."""
    used: dict[str, list[FieldSpec]] = {}
    for types in (variant.declaration_types, variant.event_types):
        for fields in types.values():
            for key, spec in fields.items():
                used.setdefault(key, []).append(spec)
    order = [key for key in ITEM_FIELDS if key in used] + [key for key in used if key not in ITEM_FIELDS]
    return {key: used[key] for key in order}


def item_title(key: str) -> str | Promise:
    """An item field's column title: its word, or its key where the site knows no word for it (a
    new variant's field), so that nothing an item holds is left out of the sheet."""
    return ITEM_FIELDS.get(key, key)


def counts(spec: FieldSpec) -> bool:
    """Whether a field holds whole numbers: a count, or a choice of numbers (a doubling, a trick)."""
    return spec.kind == "whole" or (spec.kind == "choice" and all(isinstance(c, int) for c in spec.choices))


def items_sheet(variant: Variant, doc: Mapping[str, Any]) -> Sheet:
    """A row per declaration or event (a penalty is an event: its player, points and, in Danish
    Tarok, the pot it went into)."""
    keys = list(item_fields(variant))
    header = [str(DEAL), str(LIST), str(TYPE), *(str(item_title(key)) for key in keys)]

    def rows() -> Iterator[list[object]]:
        for number, deal in enumerate(doc["deals"], start=1):
            for listed, types in (("declarations", variant.declaration_types), ("events", variant.event_types)):
                for item in deal.get(listed, []):
                    spec = types[item["type"]]
                    values = [item_text(variant, spec[key], item.get(key)) if key in spec else None for key in keys]
                    yield [number, str(LISTS[listed]), gettext(word(item["type"])), *values]

    return Sheet(str(ITEMS), header, rows())


def names_a_pot(variant: Variant, spec: FieldSpec) -> bool:
    """Whether an item field chooses one of the variant's pots (a penalty's ``to``): its cells
    then name the pot as the Deals and Breakdown sheets do (``King pot``)."""
    pots = [choice for choice in spec.choices if choice is not None]
    return spec.kind == "choice" and bool(pots) and all(choice in variant.pots for choice in pots)


def item_text(variant: Variant, spec: FieldSpec, value: object) -> object:
    """An item's value as a cell shows it (its default where the item leaves it out)."""
    value = spec.default if value is None and spec.default is not REQUIRED else value
    if spec.kind == "flag":
        return bool(value)
    if spec.kind == "choice" and isinstance(value, str) and names_a_pot(variant, spec):
        return capfirst(gettext(variant.pot_word(value)))
    if spec.kind == "choice":
        return choice_text(spec, value)
    return value


def breakdown_sheet(variant: Variant, result: Mapping[str, Any]) -> Sheet:
    def rows() -> Iterator[list[object]]:
        for deal in result["deals"]:
            for line in deal["lines"]:
                holder = line["player"] if "player" in line else capfirst(gettext(variant.pot_word(line["pot"])))
                yield [deal["number"], holder, line["points"], line["reason"]]

    return Sheet(str(BREAKDOWN), [str(DEAL), str(PLAYER_OR_POT), str(POINTS), str(REASON)], rows())


def totals_sheet(
    variant: Variant,
    doc: Mapping[str, Any],
    result: Mapping[str, Any],
    cents_per_point: Decimal,
    currency: str,
    sheet_fee_cents: int = 0,
    share_pots: bool = False,
) -> Sheet:
    """Each player's deals played (neither sat out nor thrown in), game points and balance at the
    tariff; the Kasse gets what the pots hold at the end (or the players share it) and the sheet
    fees (the money rules: ``scoring.money``)."""
    players = doc["players"]
    totals = result["totals"]
    money = sitting_money(
        [(name, totals[name]) for name in players],
        cents_per_point,
        pots_left=sum(result.get("pots", {}).values()),
        share_pots=share_pots,
        sheet_fee_cents=sheet_fee_cents,
    )
    played = dict.fromkeys(players, 0)
    for deal in doc["deals"]:
        for name in players:
            played[name] += not deal.get("thrown_in") and name != deal.get("sitting_out")
    balance = str(BALANCE)
    rows: list[list[object]] = [
        [name, played[name], totals[name], Decimal(money.balances[name]) / 100] for name in players
    ]
    if money.kasse:
        rows.append([str(KASSE), None, None, Decimal(money.kasse) / 100])
    header = [str(PLAYER), str(DEALS_PLAYED), str(GAME_POINTS), balance]
    return Sheet(str(TOTALS), header, rows, formats={balance: Money(currency)})


def house_rules_sheet(variant: Variant, doc: Mapping[str, Any]) -> Sheet:
    chosen = doc["options"]
    rows: list[list[object]] = [
        ["variant", gettext(variant.name), str(SETTINGS["variant"])],
        ["date", datetime.date.fromisoformat(doc["date"]) if doc.get("date") else None, str(SETTINGS["date"])],
    ]
    rows += [[key, doc[EXPORT][key], str(meaning)] for key, meaning in IDENTITY.items() if EXPORT in doc]
    for seat, name in enumerate(doc["players"], start=1):
        rows.append([SEAT % seat, name, gettext("Seat %(seat)s") % {"seat": seat}])
    for option in variant.options:
        value = chosen.get(option.name, option.default)
        shown = gettext(option.word(value)) if option.kind == "choice" and isinstance(value, str) else value
        rows.append([option.name, shown, f"{gettext(option.label)}: {gettext(option.help)}"])
    return Sheet(str(HOUSE_RULES), [str(OPTION), str(VALUE), str(MEANING)], rows)


HISTORY_COLUMNS = [
    Column("deal", titles(DEAL), WHOLE, required=True),
    Column("revision", titles(REVISION), WHOLE, required=True),
    Column("live", titles(COUNTS), BOOL, required=True),
    Column("removed", titles(REMOVED), BOOL, required=True),
    Column("entered_at", titles(ENTERED), TEXT, required=True),
    Column("reason", titles(REASON), TEXT, max_length=REASON_LENGTH, default=""),
    Column("inputs", titles(INPUTS), TEXT, max_length=32767),
]
"""The History sheet: a row per change (``scoring.sittings.exports.Change``), the inputs of a
revision that no longer counts as its sitting document writes them (JSON), the time as written
in ISO 8601 with its offset, so that it comes back to the second."""


def history_sheet(export: Mapping[str, Any]) -> Sheet:
    keys = [column.key for column in HISTORY_COLUMNS]
    rows = (
        [
            json.dumps(change[key], ensure_ascii=False) if key == "inputs" and key in change else change.get(key)
            for key in keys
        ]
        for change in export["history"]
    )
    return Sheet(str(HISTORY), [column.titles[0] for column in HISTORY_COLUMNS], rows)


def read_export(workbook: Workbook, settings_of: Mapping[str, Row]) -> dict[str, Any] | None:
    """What an export's House rules and History say of the sitting (``scoring.sittings.exports``
    checks it), or ``None`` for a workbook that does not say (typed in by hand, or older)."""
    if "club" not in settings_of:
        return None
    given = {key: settings_of[key]["value"] if key in settings_of else None for key in IDENTITY}
    export = {**given, "sitting": _whole_or_as_is(given["sitting"]), "revision": _whole_or_as_is(given["revision"])}
    history = []
    if any(name.casefold() in (title.casefold() for title in titles(HISTORY)) for name in workbook.sheet_names):
        for row in read_rows(workbook, titles(HISTORY), HISTORY_COLUMNS):
            change = {column.key: row[column.key] for column in HISTORY_COLUMNS if row[column.key] is not None}
            if "inputs" in change:
                change["inputs"] = _json_or_as_is(change["inputs"])
            history.append(change)
    return {**export, "history": history}


def _whole_or_as_is(value: object) -> object:
    whole = _or_none(whole_cell, value)
    return value if whole is None else whole


def _json_or_as_is(text: Any) -> object:
    try:
        return json.loads(text)
    except ValueError:
        return text


def blank_sheet(sitting: Sitting, deals: int = BLANK_ROWS, reader: Names = EVERY_NAME) -> Sheet:
    """A score sheet to print and fill in at the table: a row per deal to play (a tournament
    table's deals still due, else the next ``deals``), the dealer and who sits out by the
    rotation, an empty column for every field and each player's score (players named as
    ``reader`` sees them)."""
    variant = sitting.rules
    players = reader.listed(sitting.seated_players())
    if sitting.deals_due is not None:
        deals = max(sitting.deals_due - sitting.deal_count, 0)
    fields = [*deal_columns(variant, players), str(_("Declarations and events"))]
    header = [*fields, *distinct(players, taken=fields)]
    rows = ([number, dealer, out] for number, dealer, out in deals_ahead(sitting, deals, reader))
    return Sheet(str(_("Score sheet")), header, rows, printing=Printing(landscape=len(header) > 8))


def template_sheets(variant: Variant) -> list[Sheet]:
    """An empty workbook in the import's layout, for a sitting typed in by hand: House rules with
    the variant and its options' defaults, seats to fill in, and the Deals and Items headers
    (card points by seat: ``Card points seat 1`` …)."""
    seats = [str(SEAT_WORD) % {"seat": seat} for seat in range(1, max(variant.table_sizes) + 1)]
    doc: dict[str, Any] = {"players": ["" for _seat in seats], "options": {}, "deals": [], "date": None}
    house = house_rules_sheet(variant, doc)
    deals = Sheet(str(DEALS), deal_columns(variant, seats), iter(()))
    return [house, deals, items_sheet(variant, doc)]


# --- the import -----------------------------------------------------------------------------


class Problems:
    """Collects the problems of one file, each with its sheet, row and column.

    Their templates are marked with ``gettext_noop`` (the reasons' ``_``: here ``_`` is Django's
    ``gettext_lazy``, for the titles) and rendered in the page's language when they are shown.
    """

    def __init__(self) -> None:
        self.found: list[Problem] = []

    def add(self, row: Row | None, key: str | None, reason: Reason, sheet: str | None = None) -> None:
        if row is None:
            self.found.append(Problem(None, None, reason, sheet=sheet))
        else:
            self.found.append(row.problem(key, reason))


def listed_words(words: Iterable[str]) -> Reason | str:
    """Words of the rules (each already marked for translation) with commas between them, every
    one rendered in the page's language when the reason is shown."""
    said = [why(each) for each in words]
    if not said:
        return ""
    found = said[0]
    for each in said[1:]:
        found = why(gettext_noop("{earlier}, {next}"), earlier=found, next=each)
    return found


def choices_by_word(spec: FieldSpec, variant: Variant | None = None) -> dict[str, object]:
    """Every way a cell may write one of the choices: its key and its word in each language (and
    for a choice of the variant's pots, the pot's name)."""
    found: dict[str, object] = {}
    for value in spec.choices:
        if value is None:
            continue
        found[str(value).casefold()] = value
        words = titles(spec.word(value))
        if variant is not None and names_a_pot(variant, spec):
            words += titles(variant.pot_word(str(value)))
        for said in words:
            found[said.casefold()] = value
    return found


def read_sitting_workbook(workbook: Workbook) -> dict[str, Any]:
    """The sitting document a workbook in the export's layout holds (players by name).

    Raises :class:`~scoring.engine.refusal.Refusal` with every problem of the file; what the
    engine then finds wrong with the deals is for ``import_sitting`` to say, by deal and field.
    """
    problems = Problems()
    house = read_rows(
        workbook,
        titles(HOUSE_RULES),
        [Column("option", titles(OPTION), TEXT, required=True), Column("value", titles(VALUE), ANY)],
    )
    settings_of = {str(row["option"]).strip().casefold(): row for row in house}
    variant = read_variant(settings_of, problems)
    if variant is None:
        raise Refusal(problems.found)
    players = read_players(settings_of, variant, problems)
    doc: dict[str, Any] = {
        "variant": variant.key,
        "players": players,
        "options": read_options(settings_of, variant, problems),
        "deals": [],
    }
    date = settings_of.get("date")
    if date is not None and date["value"]:
        doc["date"] = read_date(date, problems)
    export = read_export(workbook, settings_of)
    if export is not None:
        doc[EXPORT] = export
    if players:
        doc["deals"] = read_deals(workbook, variant, players, problems)
        if problems.found == []:
            read_items(workbook, variant, doc["deals"], problems)
    if problems.found:
        raise Refusal(problems.found)
    return doc


def read_variant(settings_of: Mapping[str, Row], problems: Problems) -> Variant | None:
    row = settings_of.get("variant")
    if row is None or not row["value"]:
        problems.add(
            None, None, why(gettext_noop('the sheet needs a row "variant" with the game')), sheet=str(HOUSE_RULES)
        )
        return None
    said = str(row["value"]).strip().casefold()
    for variant in VARIANTS.values():
        if said == variant.key or said in (name.casefold() for name in titles(variant.name)):
            return variant
    games = ", ".join(VARIANTS)
    problems.add(
        row, "value", why(gettext_noop("{value!r} is not one of the games: {games}"), value=row["value"], games=games)
    )
    return None


def read_players(settings_of: Mapping[str, Row], variant: Variant, problems: Problems) -> list[str]:
    players = []
    for seat in range(1, max(variant.table_sizes) + 1):
        row = settings_of.get(SEAT % seat)
        if row is not None and row["value"]:
            players.append(" ".join(str(row["value"]).split()))
    if len(players) not in variant.table_sizes:
        reason = why(
            gettext_noop("{variant} is played by {sizes} players; the rows seat_1 … name {count}"),
            variant=variant.key,
            sizes=alternatives(variant.table_sizes),
            count=len(players),
        )
        problems.add(None, None, reason, sheet=str(HOUSE_RULES))
    return players


def read_options(settings_of: Mapping[str, Row], variant: Variant, problems: Problems) -> dict[str, Any]:
    """The options the sheet sets, as the document writes them (the engine checks their ranges)."""
    chosen: dict[str, Any] = {}
    for option in variant.options:
        row = settings_of.get(option.name.casefold())
        if row is None or row["value"] in (None, ""):
            continue
        text = str(row["value"]).strip()
        value: bool | int | str | None
        if option.kind == "bool":
            value = _or_none(yes_or_no_cell, row["value"])
        elif option.kind == "whole":
            value = _or_none(whole_cell, row["value"])
        else:
            words = {w.casefold(): c for c in option.choices for w in [c, *titles(option.word(c))]}
            value = words.get(text.casefold())
        if value is None:
            problems.add(
                row, "value", why(gettext_noop("{value!r} is not a value of {option}"), value=text, option=option.name)
            )
        else:
            chosen[option.name] = value
    return chosen


def _or_none(convert: Callable[[object], T], value: object) -> T | None:
    """The cell converted by one of the reader's converters, or ``None`` if it cannot be."""
    try:
        return convert(value)
    except Refusal:
        return None


def read_date(row: Row, problems: Problems) -> str | None:
    date = _or_none(date_cell, row["value"])
    if date is None:
        problems.add(row, "value", why(gettext_noop("{value!r} is not a date written YYYY-MM-DD"), value=row["value"]))
        return None
    return date.isoformat()


def deal_field_columns(variant: Variant, players: Sequence[str]) -> list[Column]:
    """The Deals sheet's columns as the import reads them. A thrown-in deal leaves the variant's
    fields empty, so none of them is required by the reader: ``read_deals`` says which cells a
    played deal must fill, and converts the numbers and yes/no cells itself (*Thrown in* too), so
    that their problems are listed together with the empty cells."""
    columns = [
        Column("number", titles(DEAL), WHOLE, required=True),
        Column("dealer", titles(DEALER), NAME, required=True),
        Column("sitting_out", titles(SITS_OUT), NAME),
        Column("thrown_in", titles(THROWN_IN), ANY),
    ]
    for key, spec in variant.deal_fields.items():
        if spec.kind == "points":
            by_name = [[f"{label} {name}" for label in titles(spec.label)] for name in players]
            named = {title_key(title) for mine in by_name for title in mine}
            for seat, mine in enumerate(by_name, start=1):
                # A player called "seat 2" takes that title: the seat's own title gives way.
                by_seat = [f"{label} {seat_word}" for label in titles(spec.label) for seat_word in seat_words(seat)]
                columns.append(Column(f"{key}.{seat}", mine + [t for t in by_seat if title_key(t) not in named], ANY))
        elif spec.kind == "flag" or counts(spec):
            columns.append(Column(key, titles(spec.label), ANY))
        else:
            columns.append(Column(key, titles(spec.label), NAME))
    return columns


def seat_words(seat: int) -> list[str]:
    """``seat 1`` in every language, as the template's card-point columns name the players."""
    return [text % {"seat": seat} for text in titles(SEAT_WORD)]


def read_deals(
    workbook: Workbook, variant: Variant, players: Sequence[str], problems: Problems
) -> list[dict[str, Any]]:
    rows = read_rows(workbook, titles(DEALS), deal_field_columns(variant, players))
    needed = [key for key, spec in variant.deal_fields.items() if spec.kind != "points" and spec.default is REQUIRED]
    missing = [key for key in needed if key not in rows.found]
    for key in missing:
        first, *also = titles(variant.deal_fields[key].label)
        no_column = (
            why(gettext_noop("no column {title} (also accepted: {titles})"), title=first, titles=", ".join(also))
            if also
            else why(gettext_noop("no column {title}"), title=first)
        )
        problems.add(None, None, no_column, sheet=rows.sheet)
    deals: list[dict[str, Any]] = []
    for expected, row in enumerate(rows, start=1):
        if row["number"] != expected:
            numbered = gettext_noop("deals are numbered 1, 2, 3 … in order: this row should be deal {number}")
            problems.add(row, "number", why(numbered, number=expected))
        deal: dict[str, Any] = {"dealer": row["dealer"]}
        if row["sitting_out"]:
            deal["sitting_out"] = row["sitting_out"]
        thrown_in = converted(row, "thrown_in", yes_or_no_cell, problems)
        if thrown_in:
            deal["thrown_in"] = True
        played = thrown_in is False or row["thrown_in"] is None  # neither thrown in nor unreadable
        for key, spec in variant.deal_fields.items():
            value = read_deal_value(row, key, spec, players, problems)
            if value is None and key in needed and key not in missing and played:
                problems.add(row, key, why(gettext_noop("this cell must not be empty")))
            # A thrown-in deal's empty cells say nothing; whatever else it holds, the engine
            # refuses by deal and field ("a thrown-in deal has no card points").
            if value is not None and not (thrown_in and value == {}):
                deal[key] = value
        deals.append(deal)
    return deals


def read_deal_value(row: Row, key: str, spec: FieldSpec, players: Sequence[str], problems: Problems) -> object:
    if spec.kind == "points":
        given = {name: converted(row, f"{key}.{seat}", whole_cell, problems) for seat, name in enumerate(players, 1)}
        return {name: points for name, points in given.items() if points is not None}
    if spec.kind == "flag":
        return True if converted(row, key, yes_or_no_cell, problems) else None
    if counts(spec):
        return converted(row, key, whole_cell, problems)
    value = row[key]
    if value in (None, ""):
        return None
    if spec.kind == "choice":
        chosen = choices_by_word(spec).get(str(value).casefold())
        if chosen is None:
            words = listed_words(spec.word(c) for c in spec.choices)
            problems.add(row, key, why(gettext_noop("{value!r} is not one of {choices}"), value=value, choices=words))
        return chosen
    return value


def converted(row: Row, key: str, convert: Callable[[object], T], problems: Problems) -> T | None:
    """A cell read as ``any``, converted by one of the reader's converters; what it refuses is a
    problem of the cell (``None`` for an empty cell, or one refused)."""
    value = row[key] if key in row.values else None
    if value is None:
        return None
    try:
        return convert(value)
    except Refusal as refused:
        for problem in refused.problems:
            problems.add(row, key, problem.reason)
        return None


def read_items(workbook: Workbook, variant: Variant, deals: list[dict[str, Any]], problems: Problems) -> None:
    """Each row of the Items sheet into its deal's declarations or events (the sheet may be
    missing or empty: deals without items)."""
    if not any(name.casefold() in (t.casefold() for t in titles(ITEMS)) for name in workbook.sheet_names):
        return
    columns = [
        Column("number", titles(DEAL), WHOLE, required=True),
        Column("list", titles(LIST), TEXT, required=True),
        Column("type", titles(TYPE), TEXT, required=True),
        *(
            Column(key, titles(item_title(key)), WHOLE if all(counts(spec) for spec in specs) else ANY)
            for key, specs in item_fields(variant).items()
        ),
    ]
    lists = {said.casefold(): listed for listed, title in LISTS.items() for said in [listed, *titles(title)]}
    for row in read_rows(workbook, titles(ITEMS), columns):
        listed = lists.get(str(row["list"]).strip().casefold())
        if listed is None:
            neither = gettext_noop("{value!r} is neither a declaration nor an event")
            problems.add(row, "list", why(neither, value=row["list"]))
            continue
        types = variant.declaration_types if listed == "declarations" else variant.event_types
        kinds = {said.casefold(): kind for kind in types for said in [kind, *titles(word(kind))]}
        kind = kinds.get(str(row["type"]).strip().casefold())
        number = row["number"]
        if kind is None:
            unknown = (
                gettext_noop("{value!r} is not one of the declarations of {variant}")
                if listed == "declarations"
                else gettext_noop("{value!r} is not one of the events of {variant}")
            )
            problems.add(row, "type", why(unknown, value=row["type"], variant=variant.key))
            continue
        if not isinstance(number, int) or not 1 <= number <= len(deals):
            problems.add(
                row, "number", why(gettext_noop("there is no deal {number} in the Deals sheet"), number=number)
            )
            continue
        item: dict[str, Any] = {"type": kind}
        for key, spec in types[kind].items():
            value = read_item_value(row, key, spec, problems, variant)
            if value is not None:
                item[key] = value
        deals[number - 1].setdefault(listed, []).append(item)


def read_item_value(row: Row, key: str, spec: FieldSpec, problems: Problems, variant: Variant) -> object:
    value = row[key] if key in row.values else None
    if value in (None, ""):
        return None
    if spec.kind == "flag":
        said = _or_none(yes_or_no_cell, value)
        if said is None:
            problems.add(row, key, why(gettext_noop("{value!r} is neither yes nor no"), value=value))
        return said or None
    if spec.kind == "player":
        return " ".join(str(value).split())
    if spec.kind == "choice":
        chosen = choices_by_word(spec, variant).get(str(value).strip().casefold())
        if chosen is None:
            if names_a_pot(variant, spec):
                words = listed_words(variant.pot_word(str(c)) for c in spec.choices if c is not None)
            else:
                words = listed_words(spec.word(c) for c in spec.choices if c is not None)
            problems.add(row, key, why(gettext_noop("{value!r} is not one of {choices}"), value=value, choices=words))
        return chosen
    return value
