"""Reading a sitting document (parsed JSON) into checked dataclasses.

Every problem of the document is collected before anything is refused, so a scorekeeper sees all
that is wrong at once. The rules applied here are the format's own (shape, types, ranges, known
names, card-point sums); each variant's consistency rules run afterwards, on deals that read
cleanly, so one typo does not produce a cascade of follow-on complaints.

A variant's deal format (its deal-level fields, declarations and events, as field specs) is
compiled once, on first use, into a :class:`DealForm`: the keys a deal and each item may have,
and for every field the quick test of a well-formed value. A value the quick test refuses is
read in full, which accepts it converted (``40.0`` as 40) or reports why not; so every message
comes from one place, in the same order, however the checks are compiled.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

from .base import REQUIRED, Deal, FieldSpec, InvalidSitting, Item, Options, Problem, Variant
from .registry import VARIANTS

DOCUMENT_KEYS = frozenset({"variant", "players", "options", "date", "deals"})
MISSING = object()


@dataclass(frozen=True)
class Sitting:
    """A valid sitting: its variant, players in dealing order, options in force and deals."""

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


class Reader:
    """Collects the problems of one document."""

    def __init__(self) -> None:
        self.problems: list[Problem] = []

    def add(self, deal: int | None, field: str | None, message: str) -> None:
        self.problems.append(Problem(deal, field, message))


def read_sitting(doc: object, *, first: int = 1) -> Sitting:
    """Check a whole document; raise :class:`InvalidSitting` listing every problem.

    ``first`` is the number of the document's first deal: a document may hold the deals of a
    sitting from deal ``first`` on (the next deal, or a corrected one and those after it), and
    its problems then name the deals by their numbers in the sitting.
    """
    reader = Reader()
    if not isinstance(doc, dict):
        raise InvalidSitting([Problem(None, None, "a sitting document must be a JSON object")])
    for key in doc:
        if key not in DOCUMENT_KEYS:
            reader.add(None, str(key), "unknown key")
    variant = read_variant(doc.get("variant"), reader)
    players = read_players(doc.get("players"), variant, reader)
    options = read_options(doc.get("options", {}), variant, reader)
    date = doc.get("date")
    if date is not None and not is_date(date):
        reader.add(None, "date", f"{show(date)} is not a date written YYYY-MM-DD")
    raw_deals = doc.get("deals")
    deals: list[Deal] = []
    if not isinstance(raw_deals, list):
        reader.add(None, "deals", "must be a list of deals")
    elif variant is not None and players is not None and options is not None:
        form = deal_form(variant)
        for number, raw in enumerate(raw_deals, start=first):
            deal = read_deal(raw, number, variant, players, reader, form)
            if deal is not None:
                if deal.events or deal.declarations or variant.plain_deal_rules:
                    for field, message in variant.check(deal, options):
                        reader.add(number, field, message)
                deals.append(deal)
    if reader.problems:
        raise InvalidSitting(reader.problems)
    assert variant is not None and players is not None and options is not None
    return Sitting(variant, players, options, tuple(deals))


def is_date(value: object) -> bool:
    import datetime

    if not isinstance(value, str) or len(value) != 10:
        return False
    try:
        datetime.date.fromisoformat(value)
    except ValueError:
        return False
    return True


def read_variant(value: object, reader: Reader) -> Variant | None:
    if value is None:
        reader.add(None, "variant", "missing")
        return None
    if not isinstance(value, str) or value not in VARIANTS:
        reader.add(None, "variant", f"{show(value)} is not one of {one_of(list(VARIANTS))}")
        return None
    return VARIANTS[value]


def read_players(value: object, variant: Variant | None, reader: Reader) -> tuple[str, ...] | None:
    if not isinstance(value, list):
        reader.add(None, "players", "must be a list of player names")
        return None
    ok = True
    seen: set[str] = set()
    for name in value:
        if not isinstance(name, str) or not name.strip():
            reader.add(None, "players", f"{show(name)} is not a player name")
            ok = False
        elif name in seen:
            reader.add(None, "players", f"{show(name)} appears twice")
            ok = False
        else:
            seen.add(name)
    if variant is not None and len(value) not in variant.table_sizes:
        allowed = " or ".join(str(n) for n in variant.table_sizes)
        reader.add(None, "players", f"{variant.key} needs {allowed} players, not {len(value)}")
        ok = False
    return tuple(value) if ok else None


def read_options(value: object, variant: Variant | None, reader: Reader) -> Options | None:
    if not isinstance(value, dict):
        reader.add(None, "options", "must be an object of house-rule options")
        return None
    if variant is None:
        return None
    specs = {spec.name: spec for spec in variant.options}
    values: dict[str, bool | int | str] = {spec.name: spec.default for spec in variant.options}
    ok = True
    for name, raw in value.items():
        spec = specs.get(name)
        where = f"options.{name}"
        if spec is None:
            known = f" (it has: {', '.join(specs)})" if specs else " (it has none)"
            reader.add(None, where, f"unknown option of {variant.key}{known}")
            ok = False
        elif spec.kind == "bool":
            if isinstance(raw, bool):
                values[name] = raw
            else:
                reader.add(None, where, f"must be true or false, not {show(raw)}")
                ok = False
        elif spec.kind == "whole":
            if is_whole(raw) and spec.low <= raw <= spec.high:
                values[name] = int(raw)
            else:
                reader.add(None, where, f"must be a whole number from {spec.low} to {spec.high}, not {show(raw)}")
                ok = False
        elif isinstance(raw, str) and raw in spec.choices:
            values[name] = raw
        else:
            reader.add(None, where, f"must be one of {one_of(spec.choices)}, not {show(raw)}")
            ok = False
    return Options(values) if ok else None


# --- a variant's deal format, compiled once ------------------------------------------------

Fits = Callable[[object, tuple[str, ...]], bool]
"""The quick test of a well-formed value of one field, given the deal's active players."""


def quick_test(spec: FieldSpec) -> Fits:
    """The test most values pass: the right type in range, nothing to convert or report.

    Card points (``points``) are always read in full: they are checked together.
    """
    if spec.kind == "points":
        return lambda raw, active: False
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
    what: str
    """How a message names a deal-level field: its label, in lower case (``declarer's card points``)."""


def field_check(key: str, spec: FieldSpec) -> FieldCheck:
    what = spec.label[:1].lower() + spec.label[1:]
    return FieldCheck(key, spec.attr, spec.default, quick_test(spec), spec, what)


@dataclass(frozen=True)
class ItemForm:
    """A declaration or event type: its fields, and every key an item of it may have."""

    type: str
    fields: Mapping[str, FieldSpec]
    checks: tuple[FieldCheck, ...]
    keys: frozenset[str]


def item_forms(types: Mapping[str, Mapping[str, FieldSpec]]) -> dict[str, ItemForm]:
    return {
        kind: ItemForm(kind, spec, tuple(field_check(key, f) for key, f in spec.items()), frozenset({"type", *spec}))
        for kind, spec in types.items()
    }


DEAL_ATTRIBUTES = frozenset(Deal._fields)


@dataclass(frozen=True)
class DealForm:
    """A variant's deal format, compiled from its field specs: what ``read_deal`` checks."""

    fields: tuple[FieldCheck, ...]
    extra: frozenset[str]
    """The deal-level fields a :class:`Deal` has no attribute for; they go to ``Deal.extra``."""
    declarations: Mapping[str, ItemForm]
    events: Mapping[str, ItemForm]


_FORMS: weakref.WeakKeyDictionary[Variant, DealForm] = weakref.WeakKeyDictionary()


def deal_form(variant: Variant) -> DealForm:
    """The variant's deal format, compiled on first use."""
    form = _FORMS.get(variant)
    if form is None:
        form = _FORMS[variant] = DealForm(
            fields=tuple(field_check(key, spec) for key, spec in variant.deal_fields.items()),
            extra=frozenset(spec.attr for spec in variant.deal_fields.values()) - DEAL_ATTRIBUTES,
            declarations=item_forms(variant.declaration_types),
            events=item_forms(variant.event_types),
        )
    return form


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

    def problem(self, field: str | None, message: str) -> None:
        self.failed = True
        self.reader.add(self.number, field, message)

    def active_player(self, value: object, field: str, what: str) -> str | None:
        if not isinstance(value, str) or value not in self.players:
            self.problem(field, f"{what} {show(value)} is not a player of this sitting")
            return None
        if value == self.sitting_out:
            self.problem(field, f"{what} {show(value)} sits this deal out")
            return None
        return value

    def whole(self, value: object, field: str, what: str, low: int, high: int) -> int | None:
        if not is_whole(value):
            self.problem(field, f"{what} must be a whole number, not {show(value)}")
            return None
        assert isinstance(value, (int, float))
        if not low <= value <= high:
            self.problem(field, f"{what} must be from {low} to {high}, not {show(value)}")
            return None
        return int(value)


def read_deal(
    raw: object, number: int, variant: Variant, players: tuple[str, ...], reader: Reader, form: DealForm
) -> Deal | None:
    """Read one deal; ``None`` (with its problems reported) when it cannot be read."""
    d = DealReader(number, players, reader)
    if not isinstance(raw, dict):
        d.problem(None, "a deal must be a JSON object")
        return None
    if not raw.keys() <= variant.deal_keys:
        for key in raw:
            if key not in variant.deal_keys:
                d.problem(str(key), f"{show(key)} is not a field of a {variant.key} deal")
    read_seats(raw, d)
    dealer = raw.get("dealer")
    if dealer is None:
        d.problem("dealer", "the dealer is missing")
    elif not isinstance(dealer, str) or dealer not in players:
        d.problem("dealer", f"dealer {show(dealer)} is not a player of this sitting")
    elif variant.sitting_out_fixed and d.sitting_out is not None:
        seat = variant.sits_out(players.index(dealer) + 1, len(players))
        out = players[seat - 1] if seat else None
        if d.sitting_out != out:
            d.problem("sitting_out", f"when {dealer} deals, {out} sits out, not {d.sitting_out}")
    values: dict[str, Any] = {}
    extra: dict[str, object] = {}
    active = d.active
    for field in form.fields:
        key, attr, _default, fits, _spec, _what = field
        value = raw.get(key)
        if value is None or not fits(value, active):
            value = read_deal_field(raw, field, d)
        (extra if attr in form.extra else values)[attr] = value
    if form.declarations:
        values["declarations"] = read_items(raw, "declarations", form.declarations, d)
    values["events"] = read_items(raw, "events", form.events, d)
    if d.failed:
        return None
    return Deal(
        number=number,
        players=players,
        dealer=str(dealer),
        sitting_out=d.sitting_out,
        active=d.active,
        extra=extra,
        **values,
    )


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
            d.problem(key, f"{what} missing")
        return spec.default
    if field.fits(value, d.active):
        return value
    if spec.kind == "player":
        return d.active_player(value, key, what)
    if spec.kind == "whole":
        return d.whole(value, key, what, spec.low, spec.high)
    if spec.kind == "flag":
        d.problem(key, f"{key} must be true or false, not {show(value)}")
    else:
        d.problem(key, f"{what} {show(value)} is not one of {one_of(spec.choices)}")
    return None


def read_seats(raw: Mapping[str, object], d: DealReader) -> None:
    """Who sits out: required with four players at a three-player variant, forbidden otherwise."""
    value = raw.get("sitting_out")
    four = len(d.players) == 4
    if not four:
        if "sitting_out" in raw:
            d.problem("sitting_out", f"nobody sits out with {len(d.players)} players")
        return
    if value is None:
        d.problem("sitting_out", "with four players, say who sits this deal out")
        d.seated = False
    elif not isinstance(value, str) or value not in d.players:
        d.problem("sitting_out", f"{show(value)} is not a player of this sitting")
        d.seated = False
    else:
        d.sitting_out = value
        d.active = tuple(p for p in d.players if p != value)


def read_card_points(value: object, pack: int, d: DealReader) -> dict[str, int]:
    if not isinstance(value, dict):
        d.problem("card_points", "card points must give every active player's points")
        return {}
    points: dict[str, int] = {}
    for name, raw in value.items():
        if name in d.active and raw.__class__ is int and 0 <= raw <= pack:
            points[name] = raw
            continue
        field = f"card_points.{name}"
        who = d.active_player(name, field, "card points of")
        amount = d.whole(raw, field, f"card points of {name}", 0, pack)
        if who is not None and amount is not None:
            points[who] = amount
    if d.seated:
        for name in d.active:
            if name not in value:
                d.problem(f"card_points.{name}", f"card points of {name} are missing")
    if not d.failed and sum(points.values()) != pack:
        d.problem("card_points", f"card points add up to {sum(points.values())}, not {pack}")
    return {p: points[p] for p in d.active if p in points}


def read_items(raw: Mapping[str, object], kind: str, forms: Mapping[str, ItemForm], d: DealReader) -> tuple[Item, ...]:
    """Read the deal's ``declarations`` or ``events``; each item's fields follow its type's form."""
    value = raw.get(kind, MISSING)
    if value is MISSING:
        return ()
    if not isinstance(value, list):
        d.problem(kind, f"{kind} must be a list")
        return ()
    items = []
    for index, entry in enumerate(value):
        item = read_item(entry, kind, index, forms, d)
        if item is not None:
            items.append(item)
    return tuple(items)


def read_value(field: FieldSpec, raw: object, path: str, label: str, d: DealReader) -> tuple[bool, object]:
    """Read a value that failed the quick test: accept it converted, or report why not."""
    key = path.rsplit(".", 1)[1]
    if field.kind == "player":
        name = d.active_player(raw, path, f"{label}: player")
        return name is not None, name
    if field.kind == "whole":
        number = d.whole(raw, path, f"{label}: {key}", field.low, field.high)
        return number is not None, number
    if field.kind == "flag":
        d.problem(path, f"{label}: {key} must be true or false, not {show(raw)}")
        return False, None
    d.problem(path, f"{label}: {key} {show(raw)} is not one of {one_of(field.choices)}")
    return False, None


def read_item(entry: object, listed: str, index: int, forms: Mapping[str, ItemForm], d: DealReader) -> Item | None:
    where = f"{listed}[{index}]"
    if not isinstance(entry, dict):
        d.problem(where, f"{where} must be a JSON object")
        return None
    kind = entry.get("type")
    form = forms.get(kind) if isinstance(kind, str) else None
    if form is None:
        d.problem(f"{where}.type", f"{where}: {show(kind)} is not one of {one_of(list(forms))}")
        return None
    values: dict[str, Any] = {}
    ok = True
    if not entry.keys() <= form.keys:
        for key in entry:
            if key != "type" and key not in form.fields:
                d.problem(f"{where}.{key}", f"{where} ({kind}): {show(key)} is not a field of {kind}")
                ok = False
    active = d.active
    for key, attr, default, fits, spec, _what in form.checks:
        raw = entry.get(key, MISSING)
        if raw is MISSING:
            if default is REQUIRED:
                d.problem(f"{where}.{key}", f"{where} ({kind}): {key} is missing")
                ok = False
            else:
                values[attr] = default
        elif fits(raw, active):
            values[attr] = raw
        else:
            good, values[attr] = read_value(spec, raw, f"{where}.{key}", f"{where} ({kind})", d)
            ok = ok and good
    return Item(form.type, listed, index, **values) if ok else None
