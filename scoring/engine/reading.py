"""Reading a sitting document (parsed JSON) into checked dataclasses.

Every problem of the document is collected before anything is refused, so a scorekeeper sees all
that is wrong at once. The rules applied here are the format's own (shape, types, ranges, known
names, card-point sums); each variant's consistency rules run afterwards, on deals that read
cleanly, so one typo does not produce a cascade of follow-on complaints.

A variant's deal format (its deal-level fields, declarations and events, as field specs) is
compiled once, on first use, into a :class:`DealFormat`: the keys a deal and each item may have,
and for every field the quick test of a well-formed value; and into the one-pass read of a deal
as nearly every deal is written, a function written for the variant (``quick_deal``). A deal
the one pass does not take, or a value the quick test refuses, is read in full, which accepts
it converted (``40.0`` as 40) or reports why not; so every message comes from one place, in the
same order, however the checks are compiled.
"""

from __future__ import annotations

import datetime
import functools
import weakref
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple, cast

from .base import (
    ITEM_TYPE,
    NOTHING,
    REQUIRED,
    TABLES_KEPT,
    Deal,
    FieldSpec,
    Item,
    Options,
    OptionSpec,
    Variant,
    maker,
    opponents,
)
from .reasons import Label, Reason, _, alternatives, why
from .refusal import Problem, Refusal
from .registry import VARIANTS

DOCUMENT_KEYS = frozenset({"variant", "players", "options", "date", "deals", "export"})
"""The keys a sitting document may have. ``export`` (optional) is what the site writes about the
sitting beyond its deals (which club's sitting it is, whether closed, its corrections); the
scoring ignores it, and the site reads it when it imports the document."""
MISSING = object()

FIRST_YEAR = 1900
LAST_YEAR = 2100
"""The years a club can have played in. A date outside them is a slip, a year typed 2206 for 2026,
or a spreadsheet's (a date serial of -5 shows as 1899-12-25): a sitting document and the date
cells of every import refuse it alike (:func:`in_club_years`, :data:`OUTSIDE_CLUB_YEARS`)."""

OUTSIDE_CLUB_YEARS = _("{value} is not a date a club can have played on (the years {first} to {last})")
"""Why a date is refused by :func:`in_club_years`; give it ``first=FIRST_YEAR, last=LAST_YEAR``."""


class Sitting(NamedTuple):
    """A valid sitting: its variant, players in dealing order, options in force and deals.

    A named tuple, as a :class:`~.base.Deal` is: one is made for every document read."""

    variant: Variant
    players: tuple[str, ...]
    options: Options
    deals: tuple[Deal, ...]


def is_whole(value: object) -> bool:
    """JSON whole numbers: ints (not booleans) and floats with no fraction, such as ``40.0``."""
    if isinstance(value, bool):
        return False
    return isinstance(value, int) or (isinstance(value, float) and value.is_integer())


def show(value: object) -> str:
    """A value as the scorekeeper typed it, for messages."""
    if isinstance(value, str):
        return f'"{value}"'
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def one_of(values: Sequence[object]) -> str:
    return ", ".join(show(v) for v in values)


def not_one_of(value: object, values: Sequence[object]) -> Reason:
    return why(_("{value} is not one of {values}"), value=show(value), values=one_of(values))


def from_to(low: int, high: int, value: object) -> Reason:
    """A value outside its range: ``must be a whole number from 0 to 20, not 30``."""
    return why(_("must be a whole number from {low} to {high}, not {value}"), low=low, high=high, value=show(value))


class Reader:
    """Collects the problems of one document."""

    def __init__(self) -> None:
        self.problems: list[Problem] = []

    def add(self, deal: int | None, field: str | None, reason: Reason) -> None:
        self.problems.append(Problem(deal, field, reason))


def read_sitting(doc: object, *, first: int = 1) -> Sitting:
    """Check a whole document; raise :class:`~.refusal.Refusal` listing every problem.

    ``first`` is the number of the document's first deal: a document may hold the deals of a
    sitting from deal ``first`` on (the next deal, or a corrected one and those after it), and
    its problems then name the deals by their numbers in the sitting.
    """
    reader = Reader()
    if not isinstance(doc, dict):
        raise Refusal.because(_("a sitting document must be a JSON object"))
    for key in doc:
        if key not in DOCUMENT_KEYS:
            reader.add(None, str(key), why(_("unknown key")))
    variant = read_variant(doc.get("variant"), reader)
    players = read_players(doc.get("players"), variant, reader)
    options = read_options(doc.get("options", {}), variant, reader)
    date = doc.get("date")
    if date is not None and not is_date(date):
        reader.add(None, "date", why(_("{value} is not a date written YYYY-MM-DD"), value=show(date)))
    elif date is not None and not in_club_years(datetime.date.fromisoformat(date)):
        outside = why(OUTSIDE_CLUB_YEARS, value=show(date), first=FIRST_YEAR, last=LAST_YEAR)
        reader.add(None, "date", outside)
    raw_deals = doc.get("deals")
    deals: list[Deal] = []
    if not isinstance(raw_deals, list):
        reader.add(None, "deals", why(_("must be a list of deals")))
    elif variant is not None and players is not None and options is not None:
        shape = deal_format(variant)
        quick, seats = shape.quick, seating(variant, players)
        for number, raw in enumerate(raw_deals, start=first):
            deal = quick(raw, number, players, seats) or read_deal(raw, number, variant, players, reader, shape)
            if deal is not None:
                if may_break_rules(variant, deal):
                    for field, reason in variant.check(deal, options):
                        reader.add(number, field, reason)
                deals.append(deal)
    if reader.problems:
        raise Refusal(reader.problems)
    assert variant is not None and players is not None and options is not None
    return new_sitting((variant, players, options, tuple(deals)))


def may_break_rules(variant: Variant, deal: Deal) -> bool:
    """Whether the variant's consistency rules can find anything wrong with a deal read cleanly:
    not in a thrown-in deal, not in a deal without items or with one of each unless the variant
    has rules for those (``plain_deal_rules``, ``lone_item_rules``)."""
    if deal.thrown_in:
        return False
    if len(deal.events) > 1 or len(deal.declarations) > 1:
        return True
    return variant.lone_item_rules if deal.events or deal.declarations else variant.plain_deal_rules


def is_date(value: object) -> bool:
    """Whether ``value`` is a date written ``YYYY-MM-DD`` (of any year: see :func:`in_club_years`)."""
    if not isinstance(value, str) or len(value) != 10:
        return False
    try:
        datetime.date.fromisoformat(value)
    except ValueError:
        return False
    return True


def in_club_years(day: datetime.date) -> bool:
    """Whether ``day`` lies in the years a club can have played in, :data:`FIRST_YEAR` to
    :data:`LAST_YEAR`."""
    return FIRST_YEAR <= day.year <= LAST_YEAR


def read_variant(value: object, reader: Reader) -> Variant | None:
    if value is None:
        reader.add(None, "variant", why(_("missing")))
        return None
    if not isinstance(value, str) or value not in VARIANTS:
        reader.add(None, "variant", not_one_of(value, list(VARIANTS)))
        return None
    return VARIANTS[value]


def read_players(value: object, variant: Variant | None, reader: Reader) -> tuple[str, ...] | None:
    if not isinstance(value, list):
        reader.add(None, "players", why(_("must be a list of player names")))
        return None
    ok = True
    seen: set[str] = set()
    for name in value:
        if not isinstance(name, str) or not name.strip():
            reader.add(None, "players", why(_("{name} is not a player name"), name=show(name)))
            ok = False
        elif name in seen:
            reader.add(None, "players", why(_("{name} appears twice"), name=show(name)))
            ok = False
        else:
            seen.add(name)
    if variant is not None and len(value) not in variant.table_sizes:
        needs = why(
            _("{variant} needs {allowed} players, not {count}"),
            variant=variant.key,
            allowed=alternatives(variant.table_sizes),
            count=len(value),
        )
        reader.add(None, "players", needs)
        ok = False
    return tuple(value) if ok else None


def read_options(value: object, variant: Variant | None, reader: Reader) -> Options | None:
    if not isinstance(value, dict):
        reader.add(None, "options", why(_("must be an object of house-rule options")))
        return None
    if variant is None:
        return None
    if not value:
        return house_rules(variant).defaults  # as in many sittings
    specs = house_rules(variant).specs
    values: dict[str, bool | int | str] = {spec.name: spec.default for spec in variant.options}
    ok = True
    for name, raw in value.items():
        spec = specs.get(name)
        where = f"options.{name}"
        if spec is None:
            unknown = (
                why(_("unknown option of {variant} (it has: {options})"), variant=variant.key, options=", ".join(specs))
                if specs
                else why(_("unknown option of {variant} (it has none)"), variant=variant.key)
            )
            reader.add(None, where, unknown)
            ok = False
        elif spec.kind == "bool":
            if isinstance(raw, bool):
                values[name] = raw
            else:
                reader.add(None, where, why(_("must be true or false, not {value}"), value=show(raw)))
                ok = False
        elif spec.kind == "whole":
            if is_whole(raw) and spec.low <= raw <= spec.high:
                values[name] = int(raw)
            else:
                reader.add(None, where, from_to(spec.low, spec.high, raw))
                ok = False
        elif isinstance(raw, str) and raw in spec.choices:
            values[name] = raw
        else:
            reader.add(
                None,
                where,
                why(_("must be one of {values}, not {value}"), values=one_of(spec.choices), value=show(raw)),
            )
            ok = False
    return options_in_force(variant, tuple(values.items())) if ok else None


@functools.lru_cache(maxsize=TABLES_KEPT)
def options_in_force(variant: Variant, values: tuple[tuple[str, bool | int | str], ...]) -> Options:
    """The options of a sitting that sets some, from its checked values (every option's, in the
    variant's order): made once for each set of house rules, as a club's sittings mostly play by
    the same ones (for the most recent only, ``TABLES_KEPT``). Sorting the values by type took a
    third of a sitting's own cost."""
    return Options(dict(values))


@dataclass(frozen=True)
class HouseRules:
    """A variant's house-rule options by name, and the options in force where a sitting sets none:
    worked out once for each variant rather than for every sitting read."""

    specs: Mapping[str, OptionSpec]
    defaults: Options


@functools.cache
def house_rules(variant: Variant) -> HouseRules:
    specs = {spec.name: spec for spec in variant.options}
    return HouseRules(specs, Options({spec.name: spec.default for spec in variant.options}))


# --- a variant's deal format, compiled once ------------------------------------------------

Fits = Callable[[object, tuple[str, ...]], bool]
"""The quick test of a well-formed value of one field, given the deal's active players."""


def always_in_full(raw: object, active: tuple[str, ...]) -> bool:
    """The quick test of card points, which are always read in full: they are checked together."""
    return False


ALWAYS_IN_FULL: Fits = always_in_full


def quick_test(spec: FieldSpec) -> Fits:
    """The test most values pass: the right type in range, nothing to convert or report.

    Card points (``points``) are always read in full: they are checked together.
    """
    if spec.kind == "points":
        return ALWAYS_IN_FULL
    if spec.kind == "player":
        return lambda raw, active: raw.__class__ is str and raw in active
    if spec.kind == "whole":
        low, high = spec.low, spec.high
        return lambda raw, active: isinstance(raw, int) and raw.__class__ is not bool and low <= raw <= high
    if spec.kind == "flag":
        return lambda raw, active: raw is True or raw is False
    choices = spec.choices
    return lambda raw, active: (raw is None or raw.__class__ is str or raw.__class__ is int) and raw in choices


class FieldCheck(NamedTuple):
    """One field of a deal, a declaration or an event, compiled from its spec."""

    key: str
    attr: str
    default: object
    fits: Fits
    spec: FieldSpec
    what: Label
    """How a message names a deal-level field: its label (``declarer's card points``)."""
    slot: int | None
    """Where its value stands in the row a :class:`Deal` or an :class:`Item` is made from
    (``None``: a deal-level field that goes to ``Deal.extra``)."""


def field_check(key: str, spec: FieldSpec, slots: Mapping[str, int]) -> FieldCheck:
    return FieldCheck(key, spec.attr, spec.default, quick_test(spec), spec, Label(spec.label), slots.get(spec.attr))


QuickRead = Callable[[dict[str, Any], int, tuple[str, ...]], "Item | None"]
"""The one-pass read of an item of one type (its entry, its index, the deal's active players):
the item, or ``None`` when anything in it is not as nearly every item is written."""


@dataclass(frozen=True)
class ItemFormat:
    """A declaration or event type: its fields, every key an item of it may have, and its
    one-pass read."""

    type: str
    fields: Mapping[str, FieldSpec]
    checks: tuple[FieldCheck, ...]
    keys: frozenset[str]
    blank: tuple[object, ...]
    """An item's fields after its ``index``, as an item of this type has them when it gives none:
    its fields' defaults, the neutral value of the others."""
    read: QuickRead


ITEM_FIELDS = list(Item._fields[3:])
"""The fields of an :class:`Item` after its type, list and index, in the order of the row an
item is made from (``new_item``)."""
new_item = maker(Item)
new_deal = maker(Deal)
new_sitting = maker(Sitting)
ITEM_SLOT = {name: slot for slot, name in enumerate(ITEM_FIELDS, start=3)}
NEUTRAL_ITEM = Item("", "", 0)


def item_format(kind: str, listed: str, spec: Mapping[str, FieldSpec]) -> ItemFormat:
    blank = [getattr(NEUTRAL_ITEM, name) for name in ITEM_FIELDS]
    for field in spec.values():
        if field.default is not REQUIRED:
            blank[ITEM_SLOT[field.attr] - 3] = field.default
    checks = tuple(field_check(key, f, ITEM_SLOT) for key, f in spec.items())
    keys = frozenset({"type", *spec})
    read = quick_read(kind, listed, keys, tuple(blank), checks)
    return ItemFormat(kind, spec, checks, keys, tuple(blank), read)


def item_formats(listed: str, types: Mapping[str, Mapping[str, FieldSpec]]) -> dict[str, ItemFormat]:
    return {kind: item_format(kind, listed, spec) for kind, spec in types.items()}


def quick_read(
    kind: str, listed: str, keys: frozenset[str], blank: Sequence[object], checks: Sequence[FieldCheck]
) -> QuickRead:
    """The one-pass read of an item of type ``kind`` in ``listed``: the item, made from one tuple."""
    row = [repr(kind), repr(listed), "index"]
    values: dict[str, object] = {"KEYS": keys, "new_item": new_item}
    for slot, neutral in enumerate(blank, start=3):
        values[f"blank_{slot}"] = neutral
        row.append(f"blank_{slot}")
    for n, check in enumerate(checks):
        row[check.slot] = f"value_{n}"  # type: ignore[index]  # every field of an item has its slot
    lines = [
        "def read(entry, index, active):",
        "    if not entry.keys() <= KEYS:",
        "        return None",
        "    get = entry.get",
        *field_lines(checks, values, "    "),
        f"    return new_item(({', '.join(row)}))",
    ]
    return cast(QuickRead, written(lines, values))


def written(lines: list[str], values: dict[str, object]) -> object:
    """The function ``read`` whose source is ``lines``, with ``values`` for the names it uses.

    Nearly every deal read takes a one-pass read, and a loop over the fields that dispatched on
    each one's kind of test took most of the time of reading a deal; as ``dataclasses`` writes an
    ``__init__`` for each class, the reader writes a read for each format. The source is made
    from the variant's field specs alone, never from a document."""
    exec("\n".join(lines), values)  # the source is written here, from the format's own fields
    return values["read"]


def field_lines(checks: Sequence[FieldCheck], values: dict[str, object], indent: str) -> list[str]:
    """The source that reads each field of ``checks`` from ``get`` into ``value_<n>`` (its place in
    ``checks``) and tests it inline, returning ``None`` at the first that is not as nearly every
    deal writes it. Its tests may refuse more than the full read would (a refused value is read
    again in full, which converts ``40.0`` or reports it), never less: a required choice is never
    ``null`` here. What the source names goes into ``values``."""
    lines = []
    values["MISSING"] = MISSING
    for n, check in enumerate(checks):
        value, spec = f"value_{n}", check.spec
        lines.append(f"{value} = get({check.key!r}, MISSING)")
        if spec.kind == "points":
            values["quick_card_points"], values[f"pack_{n}"] = quick_card_points, spec.high
            lines += [f"{value} = quick_card_points({value}, active, pack_{n})", f"if {value} is None:"]
            lines.append("    return None")
            continue
        refused = refusal(check, value, n, values)
        if check.default is REQUIRED:
            lines += [f"if {value} is MISSING or {refused}:", "    return None"]
        else:
            values[f"default_{n}"] = check.default
            lines += [f"if {value} is MISSING:", f"    {value} = default_{n}", f"elif {refused}:", "    return None"]
    return [indent + line for line in lines]


def refusal(check: FieldCheck, value: str, n: int, values: dict[str, object]) -> str:
    """The source of the test that refuses ``value`` (the ``n``-th field) where its field's quick
    test would, without a call: an active player, a whole number in range (a JSON ``true`` is no
    number), a flag, a word among the choices (no JSON value of another type equals one); else the
    quick test. What the source names (the choices, the test) goes into ``values``."""
    spec = check.spec
    if spec.kind == "player":
        return f"{value} not in active"
    if spec.kind == "whole":
        return f"({value}.__class__ is not int or not {spec.low} <= {value} <= {spec.high})"
    if spec.kind == "flag":
        return f"({value} is not True and {value} is not False)"
    if spec.kind == "choice" and all(choice is None or choice.__class__ is str for choice in spec.choices):
        allowed = spec.choices if check.default is not REQUIRED else tuple(c for c in spec.choices if c is not None)
        values[f"choices_{n}"] = allowed
        return f"{value} not in choices_{n}"
    values[f"fits_{n}"] = check.fits
    if check.default is REQUIRED and None in spec.choices:
        return f"({value} is None or not fits_{n}({value}, active))"  # as the full read says: missing
    return f"not fits_{n}({value}, active)"


QuickDeal = Callable[[object, int, tuple[str, ...], "Seats"], "Deal | None"]
"""The one-pass read of a whole deal (the deal, its number, the sitting's players, who may sit
out at the table: :func:`seating`): the deal, or ``None`` when anything in it is not as nearly
every deal is written."""


@dataclass(frozen=True)
class DealFormat:
    """A variant's deal format, compiled from its field specs: what ``read_deal`` checks, and the
    one-pass read that nearly every deal takes instead."""

    fields: tuple[FieldCheck, ...]
    declarations: Mapping[str, ItemFormat]
    events: Mapping[str, ItemFormat]
    quick: QuickDeal
    """The one-pass read of a deal: see :func:`quick_deal`."""


_FORMATS: weakref.WeakKeyDictionary[Variant, DealFormat] = weakref.WeakKeyDictionary()


def deal_format(variant: Variant) -> DealFormat:
    """The variant's deal format, compiled on first use."""
    shape = _FORMATS.get(variant)
    if shape is None:
        fields = tuple(field_check(key, spec, SLOT) for key, spec in variant.deal_fields.items())
        declarations = item_formats("declarations", variant.declaration_types)
        events = item_formats("events", variant.event_types)
        quick = quick_deal(variant, fields, declarations, events)
        shape = _FORMATS[variant] = DealFormat(fields, declarations, events, quick)
    return shape


Seats = Mapping[str, Any] | None
"""Who may sit out at a table, as :func:`seating` tells it."""


@functools.lru_cache(maxsize=TABLES_KEPT)
def seating(variant: Variant, players: tuple[str, ...]) -> Seats:
    """Who may sit out at a table and who then plays: ``None`` where nobody sits out (fewer than
    four players); where the rules fix who sits out, each dealer's sitter and the active players;
    otherwise each player's active players if he sits out. Worked out once for each table, as
    every deal at it asks (for the most recent tables only, ``TABLES_KEPT``)."""
    if len(players) != 4:
        return None
    if variant.sitting_out_fixed:
        sitters = {dealer: variant.who_sits_out(players, dealer) for dealer in players}
        return {dealer: (out, opponents(players, out or "")) for dealer, out in sitters.items()}
    return {out: opponents(players, out) for out in players}


def quick_deal(
    variant: Variant,
    fields: Sequence[FieldCheck],
    declarations: Mapping[str, ItemFormat],
    events: Mapping[str, ItemFormat],
) -> QuickDeal:
    """The one-pass read of a deal of the variant as nearly every deal is written, in one function
    written for the variant: its seats, its fields, each declaration and event by its type's
    one-pass read, and the :class:`Deal` made from one tuple. It returns ``None`` when anything
    in the deal is not so (a key, a type, a range, a missing field), and ``read_deal`` then reads
    it in full, which finds every problem in its order, or converts what it may (``40.0``). It
    makes no reader and reports nothing: a deal read cleanly has nothing to report.
    """
    values: dict[str, object] = {
        "KEYS": variant.deal_keys,
        "THROWN_IN_KEYS": THROWN_IN_KEYS,
        "NO_ITEMS": NO_ITEMS,
        "NOTHING": NOTHING,
        "NO_KINDS": NO_KINDS,
        "PENALTY": PENALTY,
        "ITEM_TYPE": ITEM_TYPE,
        "new_deal": new_deal,
    }
    row = [f"blank_{slot}" for slot in range(len(BLANK_DEAL))]
    values.update(zip(row, BLANK_DEAL, strict=True))
    for name in (*SEATING, "declarations", "events", "extra", "penalties", "thrown_in", "kinds"):
        row[SLOT[name]] = name  # what the source below names as the deal's field
    extras = [f"{check.attr!r}: value_{n}" for n, check in enumerate(fields) if check.slot is None]
    blanks = []
    for n, check in enumerate(fields):
        if check.slot is not None:
            row[check.slot] = f"value_{n}"
            blanks.append(f"        value_{n} = blank_{check.slot}")
    if variant.sitting_out_fixed:
        seats = [
            "        sitting_out, active = seats[dealer]",
            '        if get("sitting_out") != sitting_out:',
            "            return None",
        ]
    else:
        seats = [
            '        sitting_out = get("sitting_out")',
            "        active = seats.get(sitting_out) if sitting_out.__class__ is str else None",
            "        if active is None:",
            "            return None",
        ]
    lines = [
        "def read(raw, number, players, seats):",
        "    if raw.__class__ is not dict:",
        "        return None",
        "    get = raw.get",
        '    dealer = get("dealer")',
        "    if dealer.__class__ is not str or dealer not in players:",
        "        return None",
        "    if seats is None:",
        '        if "sitting_out" in raw:',
        "            return None",
        "        sitting_out, active = None, players",
        "    else:",
        *seats,
        '    thrown_in = get("thrown_in", False)',
        "    if thrown_in is False:",
        "        if not raw.keys() <= KEYS:",
        "            return None",
        *field_lines(fields, values, "        "),
        f"        extra = {{{', '.join(extras)}}}" if extras else "        extra = NOTHING",
        *(items_lines("declarations", declarations, values, "        ") if declarations else []),
    ]
    lines += ["    elif thrown_in is True and raw.keys() <= THROWN_IN_KEYS:", *blanks, "        extra = NOTHING"]
    if declarations:
        lines.append("        declarations = NO_ITEMS")
    lines += ["    else:", "        return None", *items_lines("events", events, values, "    ")]
    if not declarations:
        lines.append("    declarations = NO_ITEMS")
    lines += [
        "    if events or declarations:",
        "        kinds = frozenset(map(ITEM_TYPE, (*events, *declarations)))",
        "        penalties = NO_ITEMS",
        "        if PENALTY in kinds:",
        "            penalties = tuple([item for item in events if item.type == PENALTY])",
        "            events = tuple([item for item in events if item.type != PENALTY])",
        "        if thrown_in and events:",
        "            return None  # a thrown-in deal records only its penalties",
        "    else:",
        "        kinds, penalties = NO_KINDS, NO_ITEMS  # as in many deals",
        f"    return new_deal(({', '.join(row)}))",
    ]
    return cast(QuickDeal, written(lines, values))


def items_lines(listed: str, shapes: Mapping[str, ItemFormat], values: dict[str, object], indent: str) -> list[str]:
    """The source that reads a deal's ``declarations`` or ``events`` (``listed``) into the name
    ``listed``, each item by its type's one-pass read, returning ``None`` at the first item that
    is not as nearly every item is written."""
    reads = f"reads_{listed}"
    values[reads] = {kind: shape.read for kind, shape in shapes.items()}
    lines = [
        f"{listed} = get({listed!r}, NO_ITEMS)",
        f"if {listed}.__class__ is not list:",
        f"    if {listed} is not NO_ITEMS:",
        "        return None",
        f"elif {listed}:",
        "    items = []",
        f"    for index, entry in enumerate({listed}):",
        '        kind = entry.get("type") if entry.__class__ is dict else None',
        f"        item_read = {reads}.get(kind) if kind.__class__ is str else None",
        "        item = None if item_read is None else item_read(entry, index, active)",
        "        if item is None:",
        "            return None",
        "        items.append(item)",
        f"    {listed} = tuple(items)",
        "else:",
        f"    {listed} = NO_ITEMS",
    ]
    return [indent + line for line in lines]


# --- reading a deal -------------------------------------------------------------------------


class DealReader:
    """Reads one deal, reporting its problems under its number."""

    def __init__(self, number: int, players: tuple[str, ...], reader: Reader):
        self.number = number
        self.players = players
        self.reader = reader
        self.failed = False
        self.active: tuple[str, ...] = players
        self.sitting_out: str | None = None
        self.seated = True

    def problem(self, field: str | None, reason: Reason) -> None:
        self.failed = True
        self.reader.add(self.number, field, reason)

    def active_player(self, value: object, field: str, what: Reason, item: str | None = None) -> str | None:
        """The value as an active player of the deal, or ``None`` with the problem reported (in
        the ``item`` it belongs to, if any)."""
        if not isinstance(value, str) or value not in self.players:
            said = why(_("{what} {value} is not a player of this sitting"), what=what, value=show(value))
        elif value == self.sitting_out:
            said = why(_("{what} {value} sits this deal out"), what=what, value=show(value))
        else:
            return value
        self.problem(field, said if item is None else in_item(item, said))
        return None

    def whole(
        self, value: object, field: str, what: Reason | str, low: int, high: int, item: str | None = None
    ) -> int | None:
        """The value as a whole number from ``low`` to ``high``, or ``None`` with the problem
        reported (in the ``item`` it belongs to, if any)."""
        if not is_whole(value):
            said = why(_("{what} must be a whole number, not {value}"), what=what, value=show(value))
        else:
            assert isinstance(value, (int, float))
            if low <= value <= high:
                return int(value)
            said = why(
                _("{what} must be from {low} to {high}, not {value}"), what=what, low=low, high=high, value=show(value)
            )
        self.problem(field, said if item is None else in_item(item, said))
        return None


def read_deal(
    raw: object, number: int, variant: Variant, players: tuple[str, ...], reader: Reader, shape: DealFormat
) -> Deal | None:
    """Read one deal; ``None`` (with its problems reported) when it cannot be read."""
    d = DealReader(number, players, reader)
    if not isinstance(raw, dict):
        d.problem(None, why(_("a deal must be a JSON object")))
        return None
    if not raw.keys() <= variant.deal_keys:
        for key in raw:
            if key not in variant.deal_keys:
                d.problem(
                    str(key), why(_("{key} is not a field of a {variant} deal"), key=show(key), variant=variant.key)
                )
    read_seats(raw, d)
    dealer = raw.get("dealer")
    if dealer is None:
        d.problem("dealer", why(_("the dealer is missing")))
    elif not isinstance(dealer, str) or dealer not in players:
        d.problem("dealer", why(_("dealer {value} is not a player of this sitting"), value=show(dealer)))
    elif variant.sitting_out_fixed and d.sitting_out is not None:
        out = variant.who_sits_out(players, dealer)
        if d.sitting_out != out:
            said = why(
                _("when {dealer} deals, {out} sits out, not {given}"), dealer=dealer, out=out, given=d.sitting_out
            )
            d.problem("sitting_out", said)
    thrown_in = raw.get("thrown_in", False)
    if thrown_in is not True and thrown_in is not False:
        d.problem(
            "thrown_in", why(_("{key} must be true or false, not {value}"), key="thrown_in", value=show(thrown_in))
        )
    row: list[Any] = list(BLANK_DEAL)
    extra: dict[str, object] = {}
    if thrown_in is True:
        read_thrown_in(raw, variant, d)
    else:
        active = d.active
        for field in shape.fields:
            key, attr, _default, fits, spec, _what, slot = field
            value = raw.get(key)
            if fits is ALWAYS_IN_FULL:
                value = read_card_points(value, spec.high, d)
            elif value is None or not fits(value, active):
                value = read_deal_field(raw, field, d)
            if slot is None:
                extra[attr] = value
            else:
                row[slot] = value
        if shape.declarations:
            row[DECLARATIONS] = read_items(raw, "declarations", shape.declarations, d)
    events = read_items(raw, "events", shape.events, d)
    if d.failed:
        return None
    row[: len(SEATING)] = number, players, str(dealer), d.sitting_out, d.active
    row[EXTRA], row[THROWN_IN] = extra, thrown_in is True
    return made_deal(row, events)


def made_deal(row: list[Any], events: tuple[Item, ...]) -> Deal:
    """The deal of a row filled but for its events: its penalties apart from its other events,
    and the types of its items."""
    declarations = row[DECLARATIONS]
    if events or declarations:
        kinds = frozenset(map(ITEM_TYPE, (*events, *declarations)))
        if PENALTY in kinds:
            row[PENALTIES] = tuple([item for item in events if item.type == PENALTY])
            events = tuple([item for item in events if item.type != PENALTY])
    else:
        kinds = NO_KINDS  # as in many deals
    row[EVENTS], row[KINDS] = events, kinds
    return new_deal(row)


SLOT = {name: slot for slot, name in enumerate(Deal._fields)}
"""Where each field of a :class:`Deal` stands. ``read_deal`` fills a row of them in order and
makes the deal from it: a named tuple made by keyword takes three times as long, and one is made
for every deal read."""
BLANK_DEAL = tuple(Deal._field_defaults.get(name) for name in Deal._fields)
SEATING = ("number", "players", "dealer", "sitting_out", "active")
"""The fields a deal has no default for, which come first."""
assert Deal._fields[: len(SEATING)] == SEATING
DECLARATIONS, EVENTS, PENALTIES = SLOT["declarations"], SLOT["events"], SLOT["penalties"]
EXTRA, THROWN_IN, KINDS = SLOT["extra"], SLOT["thrown_in"], SLOT["kinds"]


NO_KINDS: frozenset[str] = frozenset()
NO_ITEMS: tuple[Item, ...] = ()
"""What a deal has for a list it does not give, or gives empty."""
PENALTY = "penalty"
"""The event every variant has: a fine the table imposes, paid apart from the game's rules."""
THROWN_IN_KEYS = frozenset({"dealer", "sitting_out", "thrown_in", "events"})
"""What a thrown-in deal may record: who dealt, who sat out, and its penalties."""


def read_thrown_in(raw: Mapping[str, object], variant: Variant, d: DealReader) -> None:
    """A deal dealt but not played has no cards, no bids and no bonuses: any such field is
    refused, whatever its value, and its events may only be penalties."""
    for key in raw:
        if key in variant.deal_keys and key not in THROWN_IN_KEYS:
            d.problem(str(key), why(_("a thrown-in deal has no {what}"), what=str(key).replace("_", " ")))
    events = raw.get("events")
    if isinstance(events, list):
        for index, item in enumerate(events):
            if isinstance(item, dict) and item.get("type") != PENALTY:
                d.problem(f"events[{index}]", why(_("a thrown-in deal has only penalties as events")))


def read_deal_field(raw: Mapping[str, object], field: FieldCheck, d: DealReader) -> object:
    """One deal-level field, read by its spec: the same kinds as an item's fields, plus card points.

    ``read_deal`` takes a value that passes the quick test itself; this reads the rest: card
    points, defaults, values to convert, and the problems.
    """
    key, spec, what = field.key, field.spec, field.what
    if spec.kind == "points":
        return read_card_points(raw.get(key), spec.high, d)
    value = raw.get(key, MISSING)
    if value is MISSING or (value is None and spec.default is REQUIRED):
        if spec.default is REQUIRED:
            d.problem(key, why(_("{what} missing"), what=what))
        return spec.default
    if field.fits(value, d.active):
        return value
    if spec.kind == "player":
        return d.active_player(value, key, what)
    if spec.kind == "whole":
        return d.whole(value, key, what, spec.low, spec.high)
    if spec.kind == "flag":
        d.problem(key, why(_("{key} must be true or false, not {value}"), key=key, value=show(value)))
    else:
        said = why(
            _("{what} {value} is not one of {values}"), what=what, value=show(value), values=one_of(spec.choices)
        )
        d.problem(key, said)
    return None


def read_seats(raw: Mapping[str, object], d: DealReader) -> None:
    """Who sits out: required with four players at a three-player variant, forbidden otherwise."""
    value = raw.get("sitting_out")
    four = len(d.players) == 4
    if not four:
        if "sitting_out" in raw:
            d.problem("sitting_out", why(_("nobody sits out with {count} players"), count=len(d.players)))
        return
    if value is None:
        d.problem("sitting_out", why(_("with four players, say who sits this deal out")))
        d.seated = False
    elif not isinstance(value, str) or value not in d.players:
        d.problem("sitting_out", why(_("{value} is not a player of this sitting"), value=show(value)))
        d.seated = False
    else:
        d.sitting_out = value
        d.active = opponents(d.players, value)


def quick_card_points(value: object, active: tuple[str, ...], pack: int) -> dict[str, int] | None:
    """Card points as nearly every deal gives them: every active player's whole number, not
    below 0, adding up to the pack (so none above it); ``None`` when they are not, and
    ``read_card_points`` then reads them in full, which finds the same and reports the rest.

    A plain loop: over three or four players it takes a third of the time of the same tests
    as calls that run in C (``zip``, ``map``, ``min``, ``max``, ``sum``), each with its setup."""
    if value.__class__ is not dict or len(value) != len(active):
        return None
    get = value.get
    quick = {}
    together = 0
    for name in active:
        points = get(name)
        if points.__class__ is not int or points < 0:
            return None
        quick[name] = points
        together += points
    return quick if together == pack else None


def read_card_points(value: object, pack: int, d: DealReader) -> dict[str, int]:
    quick = quick_card_points(value, d.active, pack)
    if quick is not None:
        return quick
    if not isinstance(value, dict):
        d.problem("card_points", why(_("card points must give every active player's points")))
        return {}
    points: dict[str, int] = {}
    for name, raw in value.items():
        if name in d.active and raw.__class__ is int and 0 <= raw <= pack:
            points[name] = raw
            continue
        field = f"card_points.{name}"
        who = d.active_player(name, field, why(_("card points of")))
        amount = d.whole(raw, field, why(_("card points of {player}"), player=name), 0, pack)
        if who is not None and amount is not None:
            points[who] = amount
    if d.seated:
        for name in d.active:
            if name not in value:
                d.problem(f"card_points.{name}", why(_("card points of {player} are missing"), player=name))
    if not d.failed and sum(points.values()) != pack:
        d.problem("card_points", why(_("card points add up to {sum}, not {pack}"), sum=sum(points.values()), pack=pack))
    return {p: points[p] for p in d.active if p in points}


def read_items(
    raw: Mapping[str, object], kind: str, shapes: Mapping[str, ItemFormat], d: DealReader
) -> tuple[Item, ...]:
    """Read the deal's ``declarations`` or ``events``; each item's fields follow its type's shape."""
    value = raw.get(kind, MISSING)
    if value is MISSING:
        return ()
    if not isinstance(value, list):
        d.problem(kind, why(_("{listed} must be a list"), listed=kind))
        return ()
    if not value:
        return ()
    items = []
    for index, entry in enumerate(value):
        item = read_item(entry, kind, index, shapes, d)
        if item is not None:
            items.append(item)
    return tuple(items)


ITEM = _("{item}: {problem}")
"""A problem of one declaration or event, after the item it concerns (``events[2] (pagat)``):
a form that shows the problem beside the item's row shows only the ``problem``."""


def in_item(item: str, problem: Reason) -> Reason:
    return why(ITEM, item=item, problem=problem)


def read_value(field: FieldSpec, raw: object, path: str, label: str, d: DealReader) -> tuple[bool, object]:
    """Read a value that failed the quick test: accept it converted, or report why not."""
    key = path.rsplit(".", 1)[1]
    if field.kind == "player":
        name = d.active_player(raw, path, why(_("player")), item=label)
        return name is not None, name
    if field.kind == "whole":
        number = d.whole(raw, path, key, field.low, field.high, item=label)
        return number is not None, number
    if field.kind == "flag":
        said = why(_("{key} must be true or false, not {value}"), key=key, value=show(raw))
        d.problem(path, in_item(label, said))
        return False, None
    said = why(_("{what} {value} is not one of {values}"), what=key, value=show(raw), values=one_of(field.choices))
    d.problem(path, in_item(label, said))
    return False, None


def read_item(entry: object, listed: str, index: int, shapes: Mapping[str, ItemFormat], d: DealReader) -> Item | None:
    """One declaration or event. Most items are well formed, so their fields are taken as they
    pass their quick tests; the item's path and label for messages are written only when one
    does not (``read_value``, ``item_problems``)."""
    if not isinstance(entry, dict):
        where = f"{listed}[{index}]"
        d.problem(where, why(_("{item} must be a JSON object"), item=where))
        return None
    kind = entry.get("type")
    shape = shapes.get(kind) if isinstance(kind, str) else None
    if shape is None:
        said = why(_("{value} is not one of {values}"), value=show(kind), values=one_of(list(shapes)))
        where = f"{listed}[{index}]"
        d.problem(f"{where}.type", in_item(where, said))
        return None
    row: list[Any] = [shape.type, listed, index, *shape.blank]
    active = d.active
    ok = entry.keys() <= shape.keys
    for key, _attr, default, fits, _spec, _what, slot in shape.checks:
        raw = entry.get(key, MISSING)
        if raw is MISSING:
            ok = ok and default is not REQUIRED
        elif fits(raw, active):
            row[slot] = raw  # type: ignore[index]  # every field of an item has its slot
        else:
            ok = False
    if ok:
        return new_item(row)
    return item_problems(entry, listed, index, shape, d)


def item_problems(entry: dict[str, Any], listed: str, index: int, shape: ItemFormat, d: DealReader) -> Item | None:
    """An item with a field to report or to convert, read in full: its unknown keys, its missing
    fields and every value that failed its quick test, in the order of its type's fields."""
    where = f"{listed}[{index}]"
    label = f"{where} ({shape.type})"
    values: dict[str, Any] = {}
    ok = True
    for key in entry:
        if key != "type" and key not in shape.fields:
            said = why(_("{key} is not a field of {type}"), type=shape.type, key=show(key))
            d.problem(f"{where}.{key}", in_item(label, said))
            ok = False
    active = d.active
    for key, attr, default, fits, spec, _what, _slot in shape.checks:
        raw = entry.get(key, MISSING)
        if raw is MISSING:
            if default is REQUIRED:
                d.problem(f"{where}.{key}", in_item(label, why(_("{key} is missing"), key=key)))
                ok = False
            else:
                values[attr] = default
        elif fits(raw, active):
            values[attr] = raw
        else:
            good, values[attr] = read_value(spec, raw, f"{where}.{key}", label, d)
            ok = ok and good
    return Item(shape.type, listed, index, **values) if ok else None
