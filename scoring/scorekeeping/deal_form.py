"""The deal form: one screen to enter or correct a deal of any variant, built from its vocabulary.

The deal-level controls come from the variant's ``deal_fields`` (card points, declarer,
contract, … with their kinds and ranges); declarations and events are rows of selects (what,
who, result, count, points, into which pot, suit, announced, before which trick); a row left on
"—" is ignored. Nothing typed is parsed as JSON. The form turns itself into a deal of the sitting
format (players by name), and puts each problem the engine reports next to the control it names.

A deal *thrown in* (dealt but not played) has only its dealer, who sits out and its penalties:
with the box ticked the form reads nothing else, whatever the other controls still hold (the
script hides them; without it they stay on the page, left as they were).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator, Sequence
from functools import partial
from typing import Any

from django import forms
from django.forms.utils import ErrorDict
from django.forms.widgets import CheckboxInput
from django.utils.choices import BaseChoiceIterator
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from scoring.engine import Doubt, Problem, Variant, count_pile
from scoring.engine.base import REQUIRED, SIDES, FieldSpec
from scoring.engine.reading import ITEM
from scoring.engine.reasons import CENTS, Reason, word
from scoring.limits import NO_REASON, REASON_LENGTH
from scoring.refusals import shown
from scoring.submissions import KeyedForm, new_key

ROWS = 4
"""Empty rows offered for declarations and for events; "More rows" adds more without JavaScript."""
MORE_ROWS = 3
LISTS = {"declarations": "dc", "events": "ev"}
"""Each item list and the prefix of its rows' controls."""
ROW_FIELDS = ("type", "who", "points", "to", "result", "count", "suit", "announced", "before_trick")
WHO_KEYS = ("player", "side", "by")
SIDE_KEYS = ("side", "by")
"""The keys whose *who* is a side (declarer or defenders) rather than a player."""
COUNTING = {"kings": 4, "queens": 4, "cavaliers": 4, "jacks": 4, "trull": 3}
MOST_CARDS = 78
"""The most cards of a pile: a whole pack."""
PATH = re.compile(r"^(declarations|events)\[(\d+)\](?:\.(\w+))?$")
ROW_KEY = re.compile(r"(dc|ev)-\d+")


class Offered(BaseChoiceIterator):
    """The choices of a control, as (value, label) pairs or groups of them, taken by Django as
    they are: a plain list is walked again, pair by pair, by every control that offers it, which
    was half the time of building a deal form of four rows."""

    def __init__(self, pairs: Iterable[tuple[Any, Any]]) -> None:
        self.pairs = list(pairs)

    def __iter__(self) -> Iterator[tuple[Any, Any]]:
        return iter(self.pairs)


def whole_field(what: str, spec: FieldSpec, **kwargs: Any) -> forms.IntegerField:
    """A whole-number control whose refusals say what the number is and its range, as the
    rules put it ("Declarer's card points: from 0 to 70"), not Django's generic words."""
    limits = gettext("%(what)s: from %(low)s to %(high)s") % {"what": what, "low": spec.low, "high": spec.high}
    messages = {
        "min_value": limits,
        "max_value": limits,
        "invalid": gettext("%(what)s: a whole number") % {"what": what},
    }
    return forms.IntegerField(min_value=spec.low, max_value=spec.high, error_messages=messages, **kwargs)


def group_anchor(key: str) -> str:
    """The id of a group of controls on the page: a row of a list (``ev-2``) is its own, a list
    (``events``) and a points field (``card_points``) have ``list-`` and ``points-`` before."""
    if ROW_KEY.fullmatch(key):
        return key
    return f"list-{key}" if key in LISTS else f"points-{key}"


def said(key: object) -> str:
    """A word of the rules in the page's language: ``pagat_ultimo`` as ``Pagat ultimo``."""
    return gettext(word(str(key)))


class DealForm(KeyedForm):
    """A deal of one sitting. ``players`` are the sitting's names in dealing order; a correction
    (``correcting``) also asks why."""

    def __init__(
        self, *args: Any, variant: Variant, players: Sequence[str], correcting: bool = False, **kwargs: Any
    ) -> None:
        super().__init__(*args, **kwargs)
        if correcting:
            self.fields["reason"] = forms.CharField(
                label=_("Reason"),
                max_length=REASON_LENGTH,
                error_messages={"required": shown(NO_REASON)},
            )
        self.variant = variant
        self.players = list(players)
        self.thrown_in = self.is_bound and bool(
            CheckboxInput().value_from_datadict(self.data, self.files, self.add_prefix("thrown_in"))
        )
        """Whether the deal was sent as thrown in: then only the dealer, who sits out and the
        events are read, and nothing else is required."""
        self.group_errors: dict[str, list[str]] = {}
        self.doubts: list[Doubt] = []
        self.row_count = self._row_count()
        seats = Offered((p, p) for p in self.players)
        self.fields["dealer"] = forms.ChoiceField(label=_("Dealer"), choices=seats)
        if self.sits_out_field:
            self.fields["sitting_out"] = forms.ChoiceField(label=_("Sits out"), choices=seats)
        self.fields["thrown_in"] = forms.BooleanField(
            label=_("Thrown in: dealt but not played (misdeal, redeal, all passed)"), required=False
        )
        for key, spec in variant.deal_fields.items():
            for name, field in self._deal_field(key, spec):
                self.fields[name] = field
        for listed, prefix in LISTS.items():
            types = variant.declaration_types if listed == "declarations" else variant.event_types
            if types:
                self._row_fields(prefix, types)
        self._counting_fields()
        if self.thrown_in:
            for name in self.played_only:
                self.fields[name].required = False

    # --- building -----------------------------------------------------------------------

    @property
    def sits_out_field(self) -> bool:
        """Four at a three-player table: who sits out, unless the rules fix it (Droggn: the dealer)."""
        return len(self.players) == 4 and not self.variant.sitting_out_fixed

    def _row_count(self) -> int:
        if not self.is_bound:
            return max(ROWS, int(self.initial.get("rows") or ROWS))
        try:
            asked = int(self.data.get("rows") or ROWS)
        except ValueError:
            asked = ROWS
        more = MORE_ROWS if "more_rows" in self.data else 0
        return max(ROWS, min(asked, 30)) + more

    def _deal_field(self, key: str, spec: FieldSpec) -> list[tuple[str, forms.Field]]:
        """The control (or, for card points, one control per player) of a deal-level field."""
        label = gettext(spec.label)
        required = spec.default is REQUIRED
        if spec.kind == "points":
            return [
                (points_control(key, index), whole_field(label, spec, label=name, required=False))
                for index, name in enumerate(self.players)
            ]
        if spec.kind == "player":
            players = Offered([("", "—"), *((p, p) for p in self.players)])
            return [(key, forms.ChoiceField(label=label, choices=players, required=required))]
        if spec.kind == "whole":
            return [(key, whole_field(label, spec, label=label, required=required))]
        if spec.kind == "flag":
            return [(key, forms.BooleanField(label=label, required=False))]
        choices = Offered((value, self._choice_label(spec, value)) for value in spec.choices)
        if all(isinstance(value, int) for value in spec.choices):
            field: forms.Field = forms.TypedChoiceField(
                label=label, choices=choices, coerce=int, required=required, widget=forms.RadioSelect
            )
        else:
            field = forms.ChoiceField(label=label, choices=choices, required=required, widget=forms.RadioSelect)
        if not required:
            field.initial = spec.default
        return [(key, field)]

    def _choice_label(self, spec: FieldSpec, value: object) -> str:
        """A choice in the page's language; a contract with its value, as players say it."""
        label = gettext(spec.word(value))
        if spec.attr == "contract" and value in self.variant.contracts:
            return f"{label} ({self.variant.contracts[str(value)]})"
        return label

    def _row_fields(self, prefix: str, types: dict[str, dict[str, FieldSpec]] | Any) -> None:
        """The controls of every row of a list (``ev-0-type``, ``ev-0-who``, …): what a row
        offers is worked out once for the list, then each row gets controls of its own."""
        specs = [spec for fields in types.values() for spec in fields.values()]
        keys = {key for fields in types.values() for key in fields}
        kinds = Offered([("", "—"), *((t, said(t)) for t in types)])
        made: dict[str, Callable[[], forms.Field]] = {
            "type": partial(forms.ChoiceField, label=_("What"), required=False, choices=kinds),
        }
        if keys & set(WHO_KEYS):
            made["who"] = partial(forms.ChoiceField, label=_("Who"), required=False, choices=Offered(self._who(keys)))
        if "points" in keys:
            spec = next(s for s in specs if s.attr == "points")
            what = _("Cents") if self.variant.unit == CENTS else _("Points")
            numeric = forms.NumberInput(attrs={"inputmode": "numeric"})  # each field copies it
            made["points"] = partial(whole_field, str(what), spec, label=what, required=False, widget=numeric)
        if "to" in keys:
            pots = unique(c for s in specs if s.attr == "to" for c in s.choices if c is not None)
            into = Offered([("", _("each opponent")), *((pot, gettext(self.variant.pot_word(pot))) for pot in pots)])
            made["to"] = partial(forms.ChoiceField, label=_("Into"), required=False, choices=into)
        results = unique(c for s in specs if s.attr == "result" for c in s.choices)
        if results:
            outcomes = Offered([("", "—"), *((r, said(r)) for r in results)])
            made["result"] = partial(forms.ChoiceField, label=_("Result"), required=False, choices=outcomes)
        if "count" in keys:
            most = max(s.high for s in specs if s.attr == "count")
            made["count"] = partial(
                forms.IntegerField, label=_("How many"), required=False, min_value=0, max_value=most
            )
        if "suit" in keys:
            suits = unique(c for s in specs if s.attr == "suit" for c in s.choices)
            named = Offered([("", "—"), *((s, said(s)) for s in suits)])
            made["suit"] = partial(forms.ChoiceField, label=_("Suit"), required=False, choices=named)
        if "announced" in keys:
            timed = any(s.attr == "timing" for s in specs)
            timings = [(timing, said(timing)) for timing in ("after", "before")] if timed else []
            said_when = Offered([("", _("silent")), ("yes", _("announced")), *timings])
            made["announced"] = partial(forms.ChoiceField, label=_("Announced"), required=False, choices=said_when)
        if "before_trick" in keys:
            tricks = unique(c for s in specs if s.attr == "before_trick" for c in s.choices)
            trick_choices = Offered([("", "—"), *((str(t), str(t)) for t in tricks)])
            made["before_trick"] = partial(
                forms.ChoiceField, label=_("Before trick"), required=False, choices=trick_choices
            )
        for row in range(self.row_count):
            for control, field in made.items():
                self.fields[f"{prefix}-{row}-{control}"] = field()

    def _who(self, keys: set[str]) -> list[tuple[Any, Any]]:
        """The choices of a row's *who*: the players, the sides, or both in two groups where some
        types name a side and others a player (a penalty is always a player's); the script offers
        only what the chosen type allows, and the engine refuses a wrong one anyway."""
        players = [(p, p) for p in self.players]
        sides = [(side, said(side)) for side in SIDES]
        if not keys & set(SIDE_KEYS):
            return [("", "—"), *players]
        if "player" not in keys:
            return [("", "—"), *sides]
        return [("", "—"), (_("Side"), sides), (_("Player"), players)]

    def _counting_fields(self) -> None:
        targets = []
        for key, spec in self.variant.deal_fields.items():
            if spec.kind == "points":
                targets += [(points_control(key, index), name) for index, name in enumerate(self.players)]
            elif key == "declarer_points":
                targets.append((key, gettext(spec.label)))
        counted = Offered(targets)
        self.fields["count_for"] = forms.ChoiceField(label=_("Card points of"), required=False, choices=counted)
        for name, most in COUNTING.items():
            self.fields[f"count_{name}"] = forms.IntegerField(required=False, min_value=0, max_value=most)
        self.fields["count_others"] = forms.IntegerField(
            label=_("Other cards"), required=False, min_value=0, max_value=MOST_CARDS
        )

    @property
    def played_only(self) -> list[str]:
        """The controls only a played deal has (cards, bids, declarations, the counting
        helper): a thrown-in deal reads none of them."""
        events = f"{LISTS['events']}-"
        return [
            name
            for name in self.fields
            if name not in ("key", "reason", "dealer", "sitting_out", "thrown_in") and not name.startswith(events)
        ]

    def clean(self) -> dict[str, Any]:
        """A thrown-in deal takes the controls it does not read as they are, even if unfinished."""
        data = super().clean()
        if self.thrown_in:
            for name in self.played_only:
                self.errors.pop(name, None)
        return data

    # --- reading ------------------------------------------------------------------------

    def rows_of(self, listed: str) -> list[dict[str, Any]]:
        """Each row of a list for the template: its key, its own problems, its named controls."""
        prefix = LISTS[listed]
        if f"{prefix}-0-type" not in self.fields:
            return []
        rows = []
        for row in range(self.row_count):
            key = f"{prefix}-{row}"
            controls = [(name, self[f"{key}-{name}"]) for name in ROW_FIELDS if f"{key}-{name}" in self.fields]
            rows.append({"key": key, "errors": self.group_errors.get(key, []), "controls": controls})
        return rows

    @property
    def points_controls(self) -> list[dict[str, Any]]:
        """The deal's points fields (card points) for the template: each with its spec, its
        problems and one bound control per player."""
        return [
            {
                "key": key,
                "spec": spec,
                "errors": self.group_errors.get(key, []),
                "fields": [self[points_control(key, index)] for index in range(len(self.players))],
            }
            for key, spec in self.variant.deal_fields.items()
            if spec.kind == "points"
        ]

    @property
    def game_controls(self) -> list[dict[str, Any]]:
        """The other deal-level controls (declarer, contract, …) in the variant's order, with their kind."""
        return [
            {"kind": spec.kind, "field": self[key]}
            for key, spec in self.variant.deal_fields.items()
            if spec.kind != "points"
        ]

    def count_cards(self) -> bool:
        """The counting helper without JavaScript: fill the chosen field from the cards counted.

        Returns whether the form was sent for counting; then nothing is saved, and the rest of
        the form may still be unfinished, so only the counting controls report problems.
        """
        if "count" not in self.data:
            return False
        self.full_clean()
        if self.thrown_in:
            self._errors = ErrorDict()
            self.add_error("count_for", gettext("a thrown-in deal has no cards to count"))
            return True
        counting = [f"count_{name}" for name in [*COUNTING, "others"]]
        if not any(name in self.errors for name in [*counting, "count_for"]):
            pile = count_pile(**{name[6:]: self.cleaned_data.get(name) or 0 for name in counting})
            data = dict(self.data.items())
            data[self.cleaned_data["count_for"]] = str(pile.points)
            self.data = data
            self.counted = pile
            self.full_clean()
        self._errors = ErrorDict({k: v for k, v in self.errors.items() if k in [*counting, "count_for"]})
        return True

    def deal(self) -> dict[str, Any]:
        """The deal in the sitting format (players by name); call after ``is_valid``."""
        data = self.cleaned_data
        deal: dict[str, Any] = {"dealer": data["dealer"]}
        if self.sits_out_field:
            deal["sitting_out"] = data["sitting_out"]
        elif len(self.players) == 4:  # fixed by the rules
            deal["sitting_out"] = self.variant.who_sits_out(self.players, data["dealer"])
        self.row_of: dict[tuple[str, int], int] = {}
        if self.thrown_in:
            deal["thrown_in"] = True
            deal["events"] = self._items("events", LISTS["events"])
            return deal
        out = deal.get("sitting_out")
        for key, spec in self.variant.deal_fields.items():
            if spec.kind == "points":
                deal[key] = self._card_points(key, spec, out)
            elif data.get(key) not in (None, "") and (spec.default is REQUIRED or data[key] != spec.default):
                deal[key] = data[key]
        for listed, prefix in LISTS.items():
            items = self._items(listed, prefix)
            if items or listed == "events":
                deal[listed] = items
        return deal

    def _card_points(self, key: str, spec: FieldSpec, out: str | None) -> dict[str, int]:
        """Every active player's card points; one left blank is what the pack leaves for him."""
        typed = {name: self.cleaned_data.get(points_control(key, index)) for index, name in enumerate(self.players)}
        given = {name: points for name, points in typed.items() if name != out or points is not None}
        blank = [name for name, points in given.items() if points is None]
        if len(blank) == 1:
            given[blank[0]] = spec.high - sum(p for p in given.values() if p is not None)
        return {name: points for name, points in given.items() if points is not None}

    def _items(self, listed: str, prefix: str) -> list[dict[str, Any]]:
        types = self.variant.declaration_types if listed == "declarations" else self.variant.event_types
        items: list[dict[str, Any]] = []
        for row in range(self.row_count):
            get = self.cleaned_data.get
            kind = get(f"{prefix}-{row}-type")
            if not kind:
                continue
            item: dict[str, Any] = {"type": kind}
            for key, spec in types[kind].items():
                value = self._row_value(prefix, row, key, spec)
                if value is not None:
                    item[key] = value
            self.row_of[(listed, len(items))] = row
            items.append(item)
        return items

    def _row_value(self, prefix: str, row: int, key: str, spec: FieldSpec) -> Any:
        get = self.cleaned_data.get
        if key in WHO_KEYS:
            return get(f"{prefix}-{row}-who") or None
        if key == "announced":
            said = get(f"{prefix}-{row}-announced") or ""
            if spec.kind == "flag":
                return True if said else None  # not announced is the default: left out
            return said or None
        if key == "before_trick":
            trick = get(f"{prefix}-{row}-before_trick")
            return int(trick) if trick else None
        value = get(f"{prefix}-{row}-{key}")
        return None if value in ("", None) else value

    def script_data(self) -> dict[str, Any]:
        """What the page's script needs to show only what applies: for each declaration and
        event type, its row controls and the values each allows (``None``: any); for each
        contract that limits them, the event types it admits."""
        lists = {}
        for listed in LISTS:
            types = self.variant.declaration_types if listed == "declarations" else self.variant.event_types
            lists[listed] = {
                kind: {control_of_key(k): self._allowed(spec) for k, spec in f.items()} for kind, f in types.items()
            }
        events = {contract: list(self.variant.events_for(contract)) for contract in self.variant.contract_events}
        return {"items": lists, "contract_events": events, "sits_out": self.sits_out_by_dealer}

    def _allowed(self, spec: FieldSpec) -> list[str] | None:
        """The control values a field accepts; a player field any player (the *who* select may
        also hold the sides)."""
        return list(self.players) if spec.kind == "player" else allowed(spec)

    @property
    def sits_out_by_dealer(self) -> dict[str, str]:
        """Who sits out when each player deals, at a table of four where the rules fix it (in
        Droggn the dealer): the form says so, since it does not ask."""
        if len(self.players) != 4 or not self.variant.sitting_out_fixed:
            return {}
        seats = {dealer: self.variant.who_sits_out(self.players, dealer) for dealer in self.players}
        return {dealer: out for dealer, out in seats.items() if out}

    @property
    def sits_out_now(self) -> str | None:
        """Who sits this deal out by the rules, for the dealer the form holds."""
        return self.sits_out_by_dealer.get(str(self["dealer"].value()))

    # --- problems -----------------------------------------------------------------------

    def problem_links(self) -> list[tuple[str, str | None]]:
        """Every problem of the form in its order on the page, each with the address of its
        control or group (``#id_dealer``, ``#points-card_points``, ``#ev-2``), for the summary
        above the form; a problem of the whole deal has none."""
        links: list[tuple[str, str | None]] = [(str(m), None) for m in self.non_field_errors()]
        for name, field in self.fields.items():
            label = str(field.label or "")
            for message in self.errors.get(name, []) if name != "__all__" else []:
                said = str(message) if not label or str(message).startswith(label) else f"{label}: {message}"
                links.append((said, f"#{self.anchor_of(name)}"))
        for key, messages in self.group_errors.items():
            links += [(message, f"#{group_anchor(key)}") for message in messages]
        return links

    def anchor_of(self, name: str) -> str:
        """The id a problem of control ``name`` links to: the control's, or for a group of radio
        buttons (which has no control of that id) its first button's."""
        bound = self[name]
        if bound.field.widget.use_fieldset and bound.subwidgets:
            return str(bound.subwidgets[0].id_for_label)
        return str(bound.auto_id)

    def add_problems(self, problems: Iterable[Problem]) -> None:
        """Show each problem next to the control its field names."""
        for problem in problems:
            self._place(problem.field, message_of(problem))

    def _place(self, field: str | None, message: str) -> None:
        target = self.control_of(field)
        if target in self.fields:
            self.add_error(target, message)
        elif target is None:
            self.add_error(None, message)
        else:
            self.group_errors.setdefault(target, []).append(message)
            if ROW_KEY.fullmatch(target) and f"{target}-type" in self.fields:
                # A problem of a whole row (an event the rules refuse) belongs to what the row
                # names: its "what" control is marked invalid and described by the row's problems.
                attrs = self.fields[f"{target}-type"].widget.attrs
                attrs.update({"aria-invalid": "true", "aria-describedby": f"{target}-error"})

    def control_of(self, field: str | None) -> str | None:
        """The form control (or group: ``card_points``, ``events``, ``ev-2``) a problem belongs to."""
        if field is None:
            return None
        head, _dot, name = field.partition(".")
        spec = self.variant.deal_fields.get(head)
        if spec is not None and spec.kind == "points" and name:
            return points_control(head, self.players.index(name)) if name in self.players else head
        match = PATH.match(field)
        if match:
            listed, index, key = match.group(1), int(match.group(2)), match.group(3)
            row = getattr(self, "row_of", {}).get((listed, index), index)
            name = f"{LISTS[listed]}-{row}"
            if key is None:
                return name
            control = control_of_key(key)
            return f"{name}-{control}" if f"{name}-{control}" in self.fields else name
        return field


def points_control(key: str, index: int) -> str:
    """The control of one player's points: ``cp_0`` … for card points (the form's names since
    its first day), ``<key>_<index>`` for any other points field."""
    return f"cp_{index}" if key == "card_points" else f"{key}_{index}"


def control_of_key(key: str) -> str:
    """The row control that shows an item's key (``player``, ``side`` and ``by`` share *who*)."""
    return "who" if key in WHO_KEYS else key


def allowed(spec: FieldSpec) -> list[str] | None:
    """The control values a field accepts, as the form writes them; ``None`` for any."""
    if spec.kind == "choice":
        return [str(c) if c is not None else "" for c in spec.choices]
    if spec.kind == "flag":
        return ["", "yes"]
    return None


def message_of(problem: Problem) -> str:
    """The problem's reason in the page's language, without the item the row already shows."""
    reason = problem.reason
    if reason.template == ITEM:
        inner = reason.args["problem"]
        assert isinstance(inner, Reason)
        reason = inner
    return shown(reason)


def unique(values: Iterable[Any]) -> list[Any]:
    return list(dict.fromkeys(values))


def initial_from_deal(deal: dict[str, Any], variant: Variant, players: Sequence[str]) -> dict[str, Any]:
    """A stored deal (players by name) as the form's initial values, for a correction."""
    initial: dict[str, Any] = {"dealer": deal["dealer"], "key": new_key()}
    if "sitting_out" in deal:
        initial["sitting_out"] = deal["sitting_out"]
    if deal.get("thrown_in"):
        initial["thrown_in"] = True
    for key, spec in variant.deal_fields.items():
        if spec.kind == "points":
            for name, points in deal.get(key, {}).items():
                initial[points_control(key, list(players).index(name))] = points
        elif key in deal:
            initial[key] = deal[key]
    for listed, prefix in LISTS.items():
        for row, item in enumerate(deal.get(listed, [])):
            name = f"{prefix}-{row}-"
            initial[name + "type"] = item["type"]
            for key, value in item.items():
                if key in WHO_KEYS:
                    initial[name + "who"] = value
                elif key == "announced":
                    initial[name + "announced"] = value if isinstance(value, str) else ("yes" if value else "")
                elif key != "type":
                    initial[name + key] = value
    rows = max([ROWS, *(len(deal.get(listed, [])) for listed in LISTS)])
    initial["rows"] = rows
    return initial


def form_data(deal: dict[str, Any], variant: Variant, players: Sequence[str]) -> dict[str, str]:
    """What the form sends for a deal, as a phone would post it (for tests, benchmarks and imports)."""
    data: dict[str, str] = {}
    for key, value in initial_from_deal(deal, variant, players).items():
        if value is True:
            data[key] = "on"
        elif value is not False and value is not None:
            data[key] = str(value)
    return data
