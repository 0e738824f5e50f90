"""Reading a sitting document (parsed JSON) into checked dataclasses.

Every problem of the document is collected before anything is refused, so a scorekeeper sees all
that is wrong at once. The rules applied here are the format's own (shape, types, ranges, known
names, card-point sums); each variant's consistency rules run afterwards, on deals that read
cleanly, so one typo does not produce a cascade of follow-on complaints.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, fields
from typing import Any

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


def read_sitting(doc: object) -> Sitting:
    """Check a whole document; raise :class:`InvalidSitting` listing every problem."""
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
        for number, raw in enumerate(raw_deals, start=1):
            deal = read_deal(raw, number, variant, players, reader)
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


class DealReader:
    """Reads one deal, reporting its problems under its number."""

    def __init__(self, number: int, variant: Variant, players: tuple[str, ...], reader: Reader):
        self.number = number
        self.variant = variant
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


DEAL_ATTRIBUTES = frozenset(f.name for f in fields(Deal))


def read_deal(raw: object, number: int, variant: Variant, players: tuple[str, ...], reader: Reader) -> Deal | None:
    """Read one deal; ``None`` (with its problems reported) when it cannot be read."""
    d = DealReader(number, variant, players, reader)
    if not isinstance(raw, dict):
        d.problem(None, "a deal must be a JSON object")
        return None
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
    for key, spec in variant.deal_fields.items():
        value = read_deal_field(raw, key, spec, d)
        (values if spec.attr in DEAL_ATTRIBUTES else extra)[spec.attr] = value
    if variant.declaration_types:
        values["declarations"] = read_items(raw, "declarations", variant.declaration_types, d)
    values["events"] = read_items(raw, "events", variant.event_types, d)
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


def read_deal_field(raw: Mapping[str, object], key: str, spec: FieldSpec, d: DealReader) -> object:
    """One deal-level field, read by its spec: the same kinds as an item's fields, plus card points."""
    if spec.kind == "points":
        return read_card_points(raw.get(key), spec.high, d)
    value = raw.get(key, MISSING)
    what = spec.label[:1].lower() + spec.label[1:]
    if value is MISSING or (value is None and spec.default is REQUIRED):
        if spec.default is REQUIRED:
            d.problem(key, f"{what} missing")
        return spec.default
    if fits(spec, value, d):
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


def read_items(
    raw: Mapping[str, object],
    kind: str,
    types: Mapping[str, Mapping[str, FieldSpec]],
    d: DealReader,
) -> tuple[Item, ...]:
    """Read the deal's ``declarations`` or ``events``; each item's fields follow its type's spec."""
    value = raw.get(kind, [])
    if not isinstance(value, list):
        d.problem(kind, f"{kind} must be a list")
        return ()
    items = []
    for index, entry in enumerate(value):
        item = read_item(entry, kind, index, types, d)
        if item is not None:
            items.append(item)
    return tuple(items)


def fits(field: FieldSpec, raw: object, d: DealReader) -> bool:
    """The quick test of a well-formed value; anything else goes to :func:`read_value`."""
    kind = field.kind
    if kind == "player":
        return raw.__class__ is str and raw in d.active
    if kind == "whole":
        return isinstance(raw, int) and raw.__class__ is not bool and field.low <= raw <= field.high
    if kind == "flag":
        return raw is True or raw is False
    return (raw is None or raw.__class__ is str or raw.__class__ is int) and raw in field.choices


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


def read_item(
    entry: object, kind_list: str, index: int, types: Mapping[str, Mapping[str, FieldSpec]], d: DealReader
) -> Item | None:
    where = f"{kind_list}[{index}]"
    if not isinstance(entry, dict):
        d.problem(where, f"{where} must be a JSON object")
        return None
    kind = entry.get("type")
    spec = types.get(kind) if isinstance(kind, str) else None
    if spec is None:
        d.problem(f"{where}.type", f"{where}: {show(kind)} is not one of {one_of(list(types))}")
        return None
    values: dict[str, Any] = {}
    ok = True
    for key in entry:
        if key != "type" and key not in spec:
            d.problem(f"{where}.{key}", f"{where} ({kind}): {show(key)} is not a field of {kind}")
            ok = False
    for key, field in spec.items():
        raw = entry.get(key, MISSING)
        if raw is MISSING:
            if field.default is REQUIRED:
                d.problem(f"{where}.{key}", f"{where} ({kind}): {key} is missing")
                ok = False
            else:
                values[field.attr] = field.default
        elif fits(field, raw, d):
            values[field.attr] = raw
        else:
            good, values[field.attr] = read_value(field, raw, f"{where}.{key}", f"{where} ({kind})", d)
            ok = ok and good
    return Item(str(kind), kind_list, index, **values) if ok else None
