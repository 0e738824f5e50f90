"""Vocabulary, deal and result dataclasses, problems, and the payments every variant shares.

Words (the same everywhere in tarokclub):

- **card points**: what a player or side counts from the cards taken in tricks.
  **game points**: what the score sheet records after settlement (cents in ``dreiertarock``).
- **declarer**: the player who won the bidding; **defenders**: the other active players.
- **active players**: the players of a deal; at a table of four in a three-player variant one
  player sits the deal out (``sitting_out``) and takes part in nothing but pot foundings.
- **each opponent pays V**: every other active player pays V to the earner.
- **per defender**: in declarer games, an amount the declarer's side earns is paid by each
  defender; an amount the defenders earn is paid by the declarer to each of them.
- **net**: a player's own amount, not multiplied by the number of opponents.
- **pot** (Danish Tarok): an account on the table carried from deal to deal.
- **line**: one item of the breakdown, moving points to or from one player or one pot.

Everything here is pure Python: no Django, no I/O, integers only.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import cache, lru_cache, partial
from operator import attrgetter, itemgetter
from types import MappingProxyType
from typing import Any, ClassVar, NamedTuple, TypeVar, cast

from .reasons import GAME_POINTS, Reason, _, term, why, word

SUITS = ("clubs", "spades", "hearts", "diamonds")
SIDES = ("declarer", "defenders")
MOST_POINTS = 10**9
"""No amount of a sitting (a line, a score, a pot, a running total) may go beyond this either way:
far more than any real table reaches, and what every database column of the site holds."""

# --- what a deal may contain ----------------------------------------------------------------

REQUIRED = object()
"""Marks a field of a declaration or event that has no default."""


@dataclass(frozen=True)
class FieldSpec:
    """How one key of a deal, a declaration or an event is read, shown and sampled.

    ``kind`` is ``player`` (an active player), ``choice`` (one of ``choices``, compared with
    their JSON type), ``whole`` (an integer from ``low`` to ``high``), ``flag`` (a boolean) or
    ``points`` (every active player's whole number from ``low`` to ``high``, together ``high``:
    card points). ``attr`` is the :class:`Item` or :class:`Deal` attribute the value lands in.
    ``label`` names the field on a form; ``labels`` are the words for the choices, in their
    order, where the glossary has none (both marked for translation).
    """

    attr: str
    kind: str
    choices: tuple[object, ...] = ()
    low: int = 0
    high: int = 0
    default: object = REQUIRED
    label: str = ""
    labels: tuple[str, ...] = ()

    def word(self, value: object) -> str:
        """The English word for one of the choices (``announced valat``, ``doubled (×2)``)."""
        if self.labels:
            return self.labels[self.choices.index(value)]
        return word(str(value))


def player() -> FieldSpec:
    return FieldSpec("player", "player")


def results(*values: str) -> FieldSpec:
    """The ``result`` field: required unless only one result is possible."""
    return FieldSpec("result", "choice", values, default=values[0] if len(values) == 1 else REQUIRED)


def count(low: int, high: int, default: object = REQUIRED) -> FieldSpec:
    return FieldSpec("count", "whole", low=low, high=high, default=default)


def suit() -> FieldSpec:
    return FieldSpec("suit", "choice", SUITS)


def side() -> FieldSpec:
    """Which side a bonus belongs to; Droggn's ``by`` (the capturing side) reads the same way."""
    return FieldSpec("side", "choice", SIDES)


def announced() -> FieldSpec:
    return FieldSpec("announced", "flag", default=False)


MOST_PENALTY = 1000
"""The largest fine a table may impose in one penalty (game points, or cents where a variant
counts in cents)."""


def penalty(pots: Mapping[str, str] | None = None) -> dict[str, FieldSpec]:
    """The fields of a ``penalty`` event, which every variant has: the fined player and the
    points he pays each opponent; where the variant has pots, ``to`` names the pot he pays into
    instead."""
    fields = {"player": player(), "points": FieldSpec("points", "whole", low=1, high=MOST_PENALTY)}
    if pots:
        fields["to"] = FieldSpec("to", "choice", (None, *pots), default=None)
    return fields


# deal-level fields: what a deal records besides the dealer, who sits out and its items


def card_points(pack: int) -> FieldSpec:
    """Every active player's card points, together the whole pack."""
    return FieldSpec("card_points", "points", low=0, high=pack, label=_("Card points"))


def declarer() -> FieldSpec:
    return FieldSpec("declarer", "player", label=_("Declarer"))


def contract(contracts: Mapping[str, int]) -> FieldSpec:
    return FieldSpec("contract", "choice", tuple(contracts), label=_("Contract"))


def declarer_points(pack: int) -> FieldSpec:
    return FieldSpec("declarer_points", "whole", low=0, high=pack, label=_("Declarer's card points"))


def all_tricks() -> FieldSpec:
    return FieldSpec("all_tricks", "flag", default=False, label=_("The declarer took every trick"))


def multiplier() -> FieldSpec:
    """Doubling by the defenders (×2) and redoubling by the declarer (×4)."""
    return FieldSpec(
        "multiplier",
        "choice",
        (1, 2, 4),
        default=1,
        label=_("Doubling"),
        labels=(_("none"), _("doubled (×2)"), _("redoubled (×4)")),
    )


class Item(NamedTuple):
    """One declaration or event of a deal, as read from the document.

    ``listed`` and ``index`` say where it stands (``events``, 2); attributes a type does not
    use keep their neutral value. A named tuple, as a :class:`Deal` is: immutable, and the
    reader makes one from a row of its fields in one call that runs in C (a dataclass's
    ``__init__`` stores them one by one in Python), for every item of every deal read. Its
    ``index`` and ``count`` stand for the tuple methods of those names, which nobody calls on it.
    """

    type: str
    listed: str
    index: int  # type: ignore[assignment]
    player: str | None = None
    result: str | None = None
    count: int = 1  # type: ignore[assignment]
    suit: str | None = None
    side: str | None = None
    announced: bool = False
    timing: str | None = None
    before_trick: int | None = None
    points: int = 0
    to: str | None = None

    @property
    def where(self) -> str:
        """Its path in the deal, for problems: ``events[2]``."""
        return f"{self.listed}[{self.index}]"

    @property
    def won(self) -> bool:
        return self.result == "won"


Row = TypeVar("Row", bound=tuple[Any, ...])


def maker(cls: type[Row]) -> Callable[[Iterable[object]], Row]:
    """What makes a named tuple from all its fields in order, in one call that runs in C.

    The class's own constructor and its ``_make`` are functions written in Python, and the engine
    makes a deal, its items and its result for every deal it reads and scores."""
    return cast(Callable[[Iterable[object]], Row], partial(tuple.__new__, cls))


NOTHING: Mapping[str, Any] = MappingProxyType({})
"""An empty mapping nobody can change: what a deal has for fields its variant does not record."""


class Deal(NamedTuple):
    """One deal, checked against the sitting's players and the variant's vocabulary.

    Each-for-himself variants fill ``card_points`` and ``declarations``; declarer variants fill
    ``declarer``, ``contract`` and ``declarer_points``; the variant's ``deal_fields`` say which.
    A named tuple rather than a frozen dataclass: as immutable, and made in a third of the time,
    once for every deal read.
    """

    number: int
    players: tuple[str, ...]
    dealer: str
    sitting_out: str | None
    active: tuple[str, ...]
    card_points: Mapping[str, int] = NOTHING
    declarer: str = ""
    contract: str = ""
    declarer_points: int = 0
    all_tricks: bool = False
    multiplier: int = 1
    declarations: tuple[Item, ...] = ()
    events: tuple[Item, ...] = ()
    """The deal's events but its penalties: what the variant's rules score and check."""
    extra: Mapping[str, object] = NOTHING
    """Deal-level fields of a variant that the shared attributes above do not hold."""
    penalties: tuple[Item, ...] = ()
    """The fines of the deal (events of type ``penalty``), paid apart from every rule."""
    thrown_in: bool = False
    """Dealt but not played (a misdeal, a redeal, all passed): nothing but its penalties counts."""
    kinds: frozenset[str] | None = None
    """The types of the deal's declarations and events, as the reader found them (``None``: not
    known). The rules ask a deal for items of types it mostly does not have, a dozen times a
    deal; the answer is then known without looking through the items."""

    def next_active_after(self, name: str) -> str:
        """The first active player after ``name`` in dealing order."""
        start = self.players.index(name)
        order = self.players[start + 1 :] + self.players[: start + 1]
        return next(p for p in order if p in self.active)

    def events_of(self, *types: str) -> list[Item]:
        """The events of these types, in their order (rules ask this often, and most deals have
        few events or none)."""
        if not self.events or (self.kinds is not None and self.kinds.isdisjoint(types)):
            return []
        return [e for e in self.events if e.type in types]

    def events_by(self, groups: Mapping[str, str]) -> Mapping[str, Sequence[Item]]:
        """The events in groups, in one pass over them: each under the group that ``groups`` (a
        variant's table) names for its type, in the deal's order; types it does not name are left
        out. Rules that ask about several types ask once, and read each group with
        ``.get(group, ())``."""
        if not self.events:
            return NOTHING  # as in many deals
        found: dict[str, list[Item]] = {}
        for item in self.events:
            group = groups.get(item.type)
            if group is not None:
                found.setdefault(group, []).append(item)
        return found

    def declarations_of(self, *types: str) -> list[Item]:
        if not self.declarations or (self.kinds is not None and self.kinds.isdisjoint(types)):
            return []
        return [d for d in self.declarations if d.type in types]


# --- house-rule options ---------------------------------------------------------------------


@dataclass(frozen=True)
class OptionSpec:
    """A house-rule option: its default, its type (``bool``, ``whole`` or ``choice``) and range,
    a short ``label`` and a one-sentence ``help`` for the forms, and the words for its choices
    (``labels``, in the order of ``choices``)."""

    name: str
    kind: str
    default: bool | int | str
    help: str
    label: str = ""
    low: int = 0
    high: int = 1000
    choices: tuple[str, ...] = ()
    labels: tuple[str, ...] = ()

    def word(self, value: str) -> str:
        """The English words for one of the choices."""
        return self.labels[self.choices.index(value)] if self.labels else word(value)


class Options:
    """The options in force for a sitting, defaults filled in, read with typed accessors.

    The values are sorted by type once, as the sitting is read: rules ask for them every deal,
    and asking for an option as the wrong type is a bug (a ``KeyError``).
    """

    __slots__ = ("_values", "flag", "whole", "word")

    def __init__(self, values: Mapping[str, bool | int | str]) -> None:
        self._values = dict(values)
        flags = {name: v for name, v in values.items() if isinstance(v, bool)}
        wholes = {name: v for name, v in values.items() if isinstance(v, int) and not isinstance(v, bool)}
        words = {name: v for name, v in values.items() if isinstance(v, str)}
        self.flag: Callable[[str], bool] = flags.__getitem__
        """A yes-or-no option by name (``options.flag("stake_on_refound")``). The accessors are
        the dicts' own lookups, which run in C: the rules ask for options in every deal."""
        self.whole: Callable[[str], int] = wholes.__getitem__
        """A whole-number option by name."""
        self.word: Callable[[str], str] = words.__getitem__
        """A choice option by name."""

    def as_dict(self) -> dict[str, bool | int | str]:
        return dict(self._values)


# --- the breakdown --------------------------------------------------------------------------


class Line(NamedTuple):
    """Points moved to (positive) or from one player, or into (positive) or out of one pot."""

    points: int
    reason: Reason
    player: str | None = None
    pot: str | None = None


Entry = tuple[int, Reason, str | None, str | None]
"""A line as the payments record it, a plain tuple: points, reason, player, pot. Making a
:class:`Line` costs ten times as much, so one is made only when a line is asked for by name."""


FLOWS = {
    ("opponent", True): _("{what}: {value} from each opponent"),
    ("opponent", False): _("{what}: {value} to each opponent"),
    ("defender", True): _("{what}: {value} from each defender"),
    ("defender", False): _("{what}: {value} to each defender"),
    ("other player", True): _("{what}: {value} from the other player"),
    ("other player", False): _("{what}: {value} to the other player"),
}
"""Who pays whom, said after what is paid for."""


What = str | Reason | Callable[..., Reason]
"""What a payment is paid for: the template of its reason (its values given as keywords), a reason
already made, or what makes the reason from the values, called only when the payments explain
(the scores path makes no reason at all)."""


def reason_of(what: What, values: dict[str, object]) -> Reason:
    """The reason of an explained payment. The payments most made (``each_opponent_pays``,
    ``into_pot``) make the reason of a template themselves, without this call."""
    if isinstance(what, str):
        return Reason(what, values)
    return what if isinstance(what, Reason) else what(**values)


class Payments:
    """The payments of one deal, as a variant's rules make them.

    Every payment adds its points to the players' ``scores`` and to the ``pots``, which start as
    the pots stood before the deal: a rule that needs what a pot holds now reads it here. Each
    payment says what it is paid for, as the template of its reason with the values as keywords
    (``_("{player} wins the {ultimo}"), player=who, ultimo=term("pagat_ultimo")``), as a
    reason already made when one reason explains several payments, or as what makes the reason
    from the values where making it takes more than a template (``doubled, game=..., times=2``).

    Only payments that explain keep the breakdown: its ``lines``, each with its reason (whose
    text is written when the lines are stored or shown). On the scores path ``lines`` is
    ``None`` and a payment is a few additions: no line, reason or text is made.
    """

    __slots__ = ("declarer", "first", "lines", "moved", "others", "pots", "scores")

    def __init__(
        self, deal: Deal, scores: dict[str, int], pots: dict[str, int], lines: list[Entry] | None, first: bool
    ) -> None:
        """The payments of ``deal`` into ``scores`` (every player at 0, in the order of the
        sitting's players) and ``pots`` (as they stood before the deal), which they then own:
        the sitting makes them, for every deal it scores, by copying what it keeps."""
        self.others = opponents_at(deal.active)
        """Each active player's opponents: nearly every payment asks."""
        self.declarer = deal.declarer
        self.first = first
        """Whether no deal of the sitting was played before this one (thrown-in deals are not
        played): the Danish pots are founded in the first deal played."""
        self.scores = scores
        """Each player's game points in the deal so far, in the order of the sitting's players."""
        self.pots = pots
        """What each pot holds after the payments so far."""
        self.lines = lines
        """The breakdown so far, when the payments explain (``None`` when they do not)."""
        self.moved = 0
        """The largest amount of each payment so far, added up, explained or not. No player's
        score and no pot moves by more in the deal, and no line is larger: the sitting holds
        every amount to ``MOST_POINTS`` by these sums alone while they are far within it, and
        the scores path must refuse what the explained path refuses."""

    def net(self, player: str, points: int, what: What, /, **values: object) -> None:
        """The player's own amount (card points against par, a band): one line."""
        self.scores[player] += points
        self.moved += points if points >= 0 else -points
        if self.lines is not None:
            self.lines.append((points, reason_of(what, values), player, None))

    def each_net(self, card_points: Mapping[str, int], settle: Callable[[int], tuple[int, Reason]], /) -> int:
        """Each player's own amount for his card points, and why, as ``settle`` says for a count
        (a table worked out once for each count): one line each. Returns what they add up to."""
        scores, lines = self.scores, self.lines
        together = moved = 0
        for name, points in card_points.items():
            value, said = settle(points)
            scores[name] += value
            together += value
            moved += value if value >= 0 else -value
            if lines is not None:
                lines.append((value, said, name, None))
        self.moved += moved
        return together

    def each_opponent_pays(
        self, earner: str, value: int, what: What, /, *, payer: str | None = None, **values: object
    ) -> None:
        """Every other active player pays ``value`` to ``earner``; a negative value is a penalty to each.

        The reason of every line is ``what`` followed by who pays whom: ``payer`` names them
        (``defender``); by default ``other player`` at a table of two, else ``opponent``.
        """
        self._each_pays(earner, value, what, payer, values)

    def per_defender(self, value: int, what: What, /, **values: object) -> None:
        """Each defender pays ``value`` to the declarer; a negative value goes the other way."""
        self._each_pays(self.declarer, value, what, "defender", values)

    def _each_pays(self, earner: str, value: int, what: What, payer: str | None, values: dict[str, object]) -> None:
        """What ``each_opponent_pays`` and ``per_defender`` do, the values of the reason as one
        dict: each of the two hands its own on, not unpacked into keywords again."""
        others = self.others[earner]
        scores = self.scores
        for name in others:
            scores[name] -= value
        earned = value * len(others)
        scores[earner] += earned
        self.moved += earned if earned >= 0 else -earned
        lines = self.lines
        if lines is not None:
            said = Reason(what, values) if what.__class__ is str else reason_of(what, values)
            payer = payer or ("other player" if len(others) == 1 else "opponent")
            paid = Reason(FLOWS[payer, value >= 0], {"what": said, "value": abs(value)})
            lines.append((earned, paid, earner, None))
            for name in others:
                lines.append((-value, paid, name, None))

    def into_pot(self, players: Sequence[str], pot: str, amount: int, what: What, /, **values: object) -> None:
        """Each of the players pays ``amount`` into the pot (a negative amount takes it out)."""
        scores = self.scores
        for name in players:
            scores[name] -= amount
        paid = amount * len(players)
        self.pots[pot] += paid
        self.moved += paid if paid >= 0 else -paid
        lines = self.lines
        if lines is not None:
            why_paid = Reason(what, values) if what.__class__ is str else reason_of(what, values)
            for name in players:
                lines.append((-amount, why_paid, name, None))
            lines.append((amount * len(players), why_paid, None, pot))

    def into_each_pot(self, player: str, amount: int, reasons: Mapping[str, Reason], /) -> None:
        """The player pays ``amount`` into each of the pots ``reasons`` names, each with its own
        reason, made once (a dealer's stakes): the same lines as an ``into_pot`` for each, in one
        call."""
        paid = amount * len(reasons)
        self.scores[player] -= paid
        pots = self.pots
        for pot in reasons:
            pots[pot] += amount
        self.moved += paid if paid >= 0 else -paid
        lines = self.lines
        if lines is not None:
            for pot, why_paid in reasons.items():
                lines.append((-amount, why_paid, player, None))
                lines.append((amount, why_paid, None, pot))


TABLES_KEPT = 512
"""How many tables (players in dealing order) the caches below keep, the most recent: a document's
names are anyone's, so a server that reads many must not keep them all. A bounded cache costs
no more a call than one without bound."""


@lru_cache(maxsize=16 * TABLES_KEPT)  # a table of four asks for 4 + 4 × 3: its sitters and their opponents
def opponents(active: tuple[str, ...], player: str) -> tuple[str, ...]:
    """The active players but ``player``, in dealing order: worked out once for each table, as
    nearly every payment asks."""
    return tuple(p for p in active if p != player)


@lru_cache(maxsize=TABLES_KEPT)
def opponents_at(active: tuple[str, ...]) -> dict[str, tuple[str, ...]]:
    """Each active player's opponents, by player: worked out once for each table, and looked up
    by name in every payment (a dict lookup by a name costs less than a cached call by the table)."""
    return {player: opponents(active, player) for player in active}


def pay_penalties(payments: Payments, deal: Deal) -> None:
    """The deal's fines, apart from every rule of its game: the fined player pays ``points`` to
    every other active player (his partner too in the declarer games), or into the pot ``to``
    names. Each penalty has its lines of its own."""
    for item in deal.penalties:
        who = item.player or ""
        if item.to is not None:
            payments.into_pot((who,), item.to, item.points, FINED_INTO, player=who, pot=term(f"{item.to}_pot"))
        else:
            payments.each_opponent_pays(who, -item.points, FINED, player=who)


FINED = _("{player} is fined")
FINED_INTO = _("{player} is fined into the {pot}")


# --- variants -------------------------------------------------------------------------------


Check = Iterable[tuple[str | None, Reason]]
"""What a consistency check gives: (field path, why) for each rule the deal breaks, in order; a
generator that yields them, or a list (:data:`Broken`) where the check runs for many deals."""

Doubts = Iterator[tuple[str | None, Reason]]
"""What a plausibility check yields: (field path, why the deal looks unlikely)."""


@dataclass(frozen=True)
class Doubt:
    """A deal the rules allow but that looks unlikely at a real table; the scorekeeper may confirm it."""

    deal: int
    field: str | None
    reason: Reason

    @property
    def message(self) -> str:
        return str(self.reason)


class Variant:
    """A scoring system, and every fact about it that the rest of tarokclub needs.

    Subclasses set the class attributes and override ``check`` and ``score`` (the rules), and where
    they differ from the defaults ``doubts`` (plausibility warnings) and ``sits_out``. Code outside
    the engine never asks which variant it has; it asks the variant.
    """

    key: ClassVar[str]
    name: ClassVar[str]
    table_sizes: ClassVar[tuple[int, ...]] = (3, 4)
    """How many players a table may have; at a table of four one of them sits out each deal."""
    sitting_out_fixed: ClassVar[bool] = False
    """Whether the rules fix who sits out (``sits_out``); otherwise it is only the usual choice."""
    pack_points: ClassVar[int]
    unit: ClassVar[str] = GAME_POINTS
    """What a score counts: ``game_points``, or ``cents`` where the rules give values in money."""
    deal_fields: ClassVar[Mapping[str, FieldSpec]]
    """What a deal records besides the dealer, who sits out, declarations and events."""
    contracts: ClassVar[Mapping[str, int]] = {}
    """Each contract and its value, for declarer games."""
    declaration_types: ClassVar[Mapping[str, Mapping[str, FieldSpec]]] = {}
    event_types: ClassVar[Mapping[str, Mapping[str, FieldSpec]]]
    options: ClassVar[tuple[OptionSpec, ...]] = ()
    pots: ClassVar[Mapping[str, str]] = {}
    """Each pot carried from deal to deal, and the glossary key of its name."""
    words: ClassVar[Mapping[str, str]] = {}
    """The variant's own words of the rules, by key, added to the glossary when it is registered."""
    plain_deal_rules: ClassVar[bool] = False
    """Whether ``check`` has rules for a deal with no declarations and no events."""
    lone_item_rules: ClassVar[bool] = True
    """Whether ``check`` has rules for a deal with at most one declaration and at most one event
    (besides its penalties). Where every rule is about two items together, the reader skips
    ``check`` for such deals, as for plain ones: it runs for every deal read. (A variant with
    ``plain_deal_rules`` has lone-item rules too.)"""
    contract_events: ClassVar[Mapping[str, tuple[str, ...]]] = {}
    """Where a contract limits the events it admits: the event types it admits."""

    def __init__(self) -> None:
        lists = {"events", "declarations"} if self.declaration_types else {"events"}
        self.deal_keys = frozenset({"dealer", "sitting_out", "thrown_in", *self.deal_fields, *lists})
        """Every field a deal of this variant may have."""

    @property
    def declarer_game(self) -> bool:
        """One declarer against the others, rather than each player for himself."""
        return "declarer" in self.deal_fields

    def events_for(self, contract: str) -> tuple[str, ...]:
        """The event types a deal of this contract may record (a penalty in every contract)."""
        if contract not in self.contract_events:
            return tuple(self.event_types)
        return (*self.contract_events[contract], "penalty")

    def sits_out(self, dealer_seat: int, table_size: int) -> int | None:
        """The seat that sits out when ``dealer_seat`` deals (seat 1 deals first): at a table of
        four the dealer, unless a variant says otherwise; nobody at a smaller table."""
        return dealer_seat if table_size == 4 else None

    def who_sits_out(self, players: Sequence[str], dealer: str) -> str | None:
        """Who sits out of ``players`` (in dealing order) when ``dealer`` deals, by ``sits_out``:
        the one place where a seat, counted from 1, becomes a player."""
        seat = self.sits_out(players.index(dealer) + 1, len(players))
        return players[seat - 1] if seat else None

    def pot_word(self, pot: str) -> str:
        """The English name of a pot (``King pot``), for the site to translate."""
        return word(self.pots[pot])

    def check(self, deal: Deal, options: Options) -> Check:
        """Yield every consistency rule of the variant that the deal breaks."""
        return iter(())

    def doubts(self, deal: Deal, options: Options) -> Doubts:
        """Yield what makes a valid deal look unlikely at a real table (never a refusal)."""
        return iter(())

    def score(self, deal: Deal, options: Options, payments: Payments) -> None:
        """Make the payments of one valid deal, into ``payments``, which hold the pots as they stand."""
        raise NotImplementedError


# --- consistency rules shared by several variants -------------------------------------------


def twice(items: Iterable[Item], key: Callable[[Item], object]) -> Iterator[Item]:
    """Yield every item whose ``key(item)`` was already seen earlier in ``items``."""
    seen: set[object] = set()
    for item in items:
        k = key(item)
        if k in seen:
            yield item
        seen.add(k)


def by_different_players(items: Sequence[Item]) -> Item | None:
    """The first item whose player differs from the first item's, if any (shared-card rules)."""
    for item in items[1:]:
        if item.player != items[0].player:
            return item
    return None


def describe(item: Item) -> Reason:
    """A declaration in words: ``12 Tarocks``, ``cavalry in hearts``, ``four Kings``."""
    return declaration_words(item.type, item.count, item.suit)


@cache
def declaration_words(kind: str, count: int, suit: str | None) -> Reason:
    """The words for a declaration, made once for each kind, count and suit."""
    if suit is not None:
        return why(_("{what} in {suit}"), what=term(kind), suit=term(suit))
    if kind in ("tarocks", "matadors", "kings", "ladons"):
        return why(_("{count} {what}"), count=count, what=term(kind))
    return why(_("{what}"), what=term(kind))


ITEM_TYPE = itemgetter(0)
"""An item's type (its first field), read in C."""
SAME_DECLARATION = attrgetter("player", "type", "suit")
SUIT = attrgetter("suit")
"""What makes two declarations the same, and a cavalry declaration's suit: read in C."""


def declaration_rules(deal: Deal, cavalries: Sequence[str], shared: Sequence[str], card: str) -> Broken:
    """The declaration rules of the each-for-himself games.

    Nobody declares the same thing twice; one cavalry declaration per suit; declarations that
    need the one ``card`` (the Excuse, Sküs or Scies) come from one player only. Each rule is
    looked into only where it can be broken: a repeat where the declarations are not all
    different, and so on, as in nearly every deal they are.
    """
    declarations = deal.declarations
    broken: Broken = []
    if len(declarations) < 2:
        return broken  # one declaration clashes with none
    if len(set(map(SAME_DECLARATION, declarations))) < len(declarations):
        for item in twice(declarations, SAME_DECLARATION):
            said = why(_("{player} declares {what} twice"), player=item.player, what=describe(item))
            broken.append((item.where, said))
    in_suits, needing = [], []
    for item in declarations:  # one pass for both rules, without a call
        if item.type in cavalries:
            in_suits.append(item)
        if item.type in shared:
            needing.append(item)
    if len(in_suits) > 1:
        for item in twice(in_suits, SUIT):
            broken.append((item.where, why(_("a second cavalry declaration in {suit}"), suit=term(item.suit or ""))))
    second = by_different_players(needing) if len(needing) > 1 else None
    if second is not None:
        said = why(_("{what} needs the {card}, which another player declared"), what=describe(second), card=why(card))
        broken.append((second.where, said))
    return broken


def later(*items: Item) -> Item:
    """Of items that break a rule together, the one listed last: the one a problem names."""
    return max(items, key=lambda item: (item.listed == "events", item.index))


PAGATS_FATE = _("the Pagat's fate")
WINNING_THE_LAST_TRICK = _("winning the last trick")
"""Phrases of the refusals, made once (a check runs for every deal read)."""


Broken = list[tuple[str | None, Reason]]
"""The rules a deal breaks, as the shared rules below return them: a list, most often empty,
which a variant's ``check`` yields from. Checks run for every deal read and nearly all find
nothing, and an empty list costs half what a generator that yields nothing does."""


def at_most_one(items: Sequence[Item], what: str) -> Broken:
    """Every item after the first is a problem: ``what`` (a phrase marked for translation) can
    happen once per deal."""
    if len(items) < 2:
        return []  # as in nearly every deal, without the list comprehension's call
    return [(item.where, why(_("{what} can happen only once in a deal"), what=why(what))) for item in items[1:]]


def one_pagat(deal: Deal, *types: str) -> Broken:
    """Shared rule 3 (docs/engine.md): at most one event about the Pagat's fate in play."""
    return at_most_one(deal.events_of(*types), PAGATS_FATE)


def one_winner_of_last_trick(won: Sequence[Item], all_tricks: str | None, no_tricks: set[str]) -> Broken:
    """Shared rules 1 and 2 (docs/engine.md) for ultimos won by a player.

    At most one ultimo is won; none by someone other than ``all_tricks`` (a player who took
    every trick); none by a player in ``no_tricks``.
    """
    broken = at_most_one(won, WINNING_THE_LAST_TRICK)
    for item in won:
        if all_tricks is not None and item.player != all_tricks:
            said = why(
                _("{winner} took every trick, so {player} cannot win the last one"),
                winner=all_tricks,
                player=item.player,
            )
            broken.append((item.where, said))
        if item.player in no_tricks:
            broken.append(
                (item.where, why(_("{player} took no trick, so cannot win the last one"), player=item.player))
            )
    return broken


def over_under(payments: Payments, deal: Deal, par: int) -> None:
    """Each active player's net card-point result against ``par`` (26 of a 78-point pack)."""
    payments.each_net(deal.card_points, against(par))


@cache
def against(par: int) -> Callable[[int], tuple[int, Reason]]:
    """Card points against ``par``, and why, as a table: one result for each count, made once."""
    return cache(partial(against_par, par))


def against_par(par: int, points: int) -> tuple[int, Reason]:
    said = why(_("card points {points}, {result:+d} against {par}"), points=points, result=points - par, par=par)
    return points - par, said


TAROCKS_AND_MATADORS = {"tarocks": (10, 10), "matadors": (10, 3)}
"""10 for ten Tarocks or three matadors, 5 more per card beyond, in every game that has them."""


def pay_declarations(
    payments: Payments, deal: Deal, ladders: Mapping[str, tuple[int, int]], fixed: Mapping[str, int]
) -> None:
    """Each opponent pays every declaration its value.

    ``ladders`` holds the declarations worth ``base`` for ``start`` cards and 5 more per card
    beyond, as ``(base, start)``; ``fixed`` the ones with one value.
    """
    for item in deal.declarations:
        who = item.player
        assert who is not None
        value = declared(item, ladders, fixed)
        payments.each_opponent_pays(who, value, declaring(who, item.type, item.count, item.suit))


@lru_cache(maxsize=16 * TABLES_KEPT)  # a table's players and the declarations each of them makes
def declaring(player: str, kind: str, count: int, suit: str | None) -> Reason:
    """Why each opponent pays a player's declaration (``Anna declares 12 Tarocks``): made, and
    written, once for each player and declaration, as a club's players declare the same things
    deal after deal (for the most recent only, as the tables are kept: ``TABLES_KEPT``)."""
    return why(_("{player} declares {what}"), player=player, what=declaration_words(kind, count, suit))


def declared(item: Item, ladders: Mapping[str, tuple[int, int]], fixed: Mapping[str, int]) -> int:
    """What each opponent pays for one declaration."""
    if item.type in ladders:
        base, start = ladders[item.type]
        return base + 5 * (item.count - start)
    return fixed[item.type]
