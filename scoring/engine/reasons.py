"""The words tarokclub speaks in: the glossary of the rules, and reasons made of templates.

A **reason** says why something happened, or why something is refused, as an English template
with named fields and the values that fill them (player names and numbers, which are never
translated; :class:`Term`, a word of the rules; or another reason). The engine and the other pure
parts build reasons and never translate: the site renders a reason in the page's language when it
shows it (:meth:`Reason.render` with Django's ``gettext``), the command line in English
(``str``). Every template is marked with :func:`gettext_noop` (``_``), so that ``makemessages``
collects it into the catalogues.

Pure Python: no Django, no I/O.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

gettext_noop: Callable[[str], str] = str
"""Marks a template for translation without translating it: the engine knows no languages,
but ``makemessages`` collects these strings and the site translates them when it shows them.

It is ``str``, which gives a string back as it is, in C: the rules mark the template of every
payment and every problem as they make it, and a Python function that returned its argument cost
a call frame each time."""


_ = gettext_noop

GAME_POINTS = "game_points"
CENTS = "cents"
"""The units a variant's scores are kept in."""

GLOSSARY = {
    # contracts
    "ansager": _("Ansager"), "solo": _("Solo"), "super": _("Super"), "super_mord": _("Super Mord"),
    "dreiblatt": _("Dreiblatt"), "zweiblatt": _("Zweiblatt"), "einblatt": _("Einblatt"),
    "einser": _("Einser"), "zweier": _("Zweier"), "dreier": _("Dreier"), "vierer": _("Vierer"),
    "fuenfer": _("Fünfer"), "solo_valat": _("Solo Valat"),
    # declarations
    "tarocks": _("Tarocks"), "matadors": _("matadors"), "kings": _("honours"), "cavalry": _("cavalry"),
    "half_cavalry": _("half cavalry"), "overfull_cavalry": _("overfull cavalry"), "four_kings": _("four Kings"),
    "three_kings": _("three Kings and the Excuse"), "half_kings": _("half Kings"),
    "overfull_kings": _("overfull Kings"), "four_queens": _("four Queens"), "four_cavaliers": _("four Cavaliers"),
    "four_jacks": _("four Jacks"), "ladons": _("ladons"),
    # events and bonuses
    "pagat": _("Pagat"), "pagat_ultimo": _("Pagat ultimo"), "king": _("King"), "king_ultimo": _("King ultimo"),
    "king_lost": _("King lost"), "valat": _("valat"), "nolo": _("nolo"), "tout": _("tout"),
    "announced_valat": _("announced valat"), "announced_nolo": _("announced nolo"), "last_trick": _("last trick"),
    "penalty": _("penalty"),
    "excuse_no_tricks": _("the Excuse without a trick"), "pagat_captured": _("Pagat captured"),
    "gstiess_ultimo": _("Gstieß ultimo"), "uhu": _("Uhu"), "pelikan": _("Pelikan"), "quapil": _("Quapil"),
    "kakadu": _("Kakadu"), "absolut": _("Absolut"), "panzer": _("Panzer"), "without_trull": _("without Trull"),
    "without_kings": _("without Kings"), "trull": _("Trull"), "four_birds": _("four birds"),
    "tarock_trull": _("Tarock-Trull"), "king_trull": _("King-Trull"), "mondfang": _("Mondfang"),
    # results, sides, timings, suits
    "won": _("won"), "lost": _("lost"), "home": _("brought home"), "lost_last_trick": _("lost in the last trick"),
    "ultimo": _("ultimo"), "declarer": _("declarer"), "defenders": _("defenders"),
    "after": _("after the talon"), "before": _("before the talon"),
    "clubs": _("clubs"), "spades": _("spades"), "hearts": _("hearts"), "diamonds": _("diamonds"),
    # units
    GAME_POINTS: _("game points"), CENTS: _("cents"),
}  # fmt: skip
"""The rules' words as a breakdown says them, by the key the sitting format uses.

Words shared by several variants are here; a variant brings its own in ``Variant.words``, which
the registry adds when it registers the variant.
"""


def word(key: str) -> str:
    """The English word for a key of the rules (``pagat_ultimo``: ``Pagat ultimo``)."""
    return GLOSSARY.get(key) or key.replace("_", " ")


class Term(str):
    """A word of the rules inside a reason, by its key (``pagat_ultimo``); read through the glossary."""

    __slots__ = ()

    def __format__(self, spec: str) -> str:
        """In a reason's English text, the word: ``Pagat ultimo`` (``word``, inlined: a breakdown
        writes a word in most of its lines)."""
        said = GLOSSARY.get(self) or self.replace("_", " ")
        return format(said, spec) if spec else said


term = Term
"""A word of the rules by its key: ``term("pagat_ultimo")``. The class itself, made in C: the
rules name a word in many payments, and a function around it cost a call frame each time."""


class Reason:
    """Why a line moves points: an English template with named fields, and their values.

    Values are player names and numbers (never translated), :class:`Term` (a word of the rules)
    or another reason. ``str()`` gives the English text (rendered once: the lines of one payment
    share their reason), and ``english`` keeps it once written (``None`` before), so whoever
    writes the texts of many lines reads it first; the site renders it in its own language with
    :meth:`render`.
    """

    __slots__ = ("args", "english", "template")

    def __init__(self, template: str, args: Mapping[str, object]) -> None:
        self.template = template
        self.args = args
        self.english: str | None = None

    def render(self, translate: Callable[[str], str] = str) -> str:
        return translate(self.template).format_map({key: _render(value, translate) for key, value in self.args.items()})

    def __str__(self) -> str:
        """The English text, written once: terms and reasons among the values format themselves
        in English (``__format__``), so the template is filled in one call."""
        if self.english is None:
            self.english = self.template.format_map(self.args)
        return self.english

    def __format__(self, spec: str) -> str:
        """Inside another reason's English text: this one's."""
        return format(self.__str__(), spec) if spec else self.__str__()

    def __repr__(self) -> str:
        return f"Reason({self.template!r}, {dict(self.args)!r})"

    def __eq__(self, other: object) -> bool:
        """Equal template and values; a class that defines equality alone is not hashable."""
        return isinstance(other, Reason) and (self.template, dict(self.args)) == (other.template, dict(other.args))

    def as_data(self) -> dict[str, object]:
        """A JSON-ready form, to store and render later in any language."""
        return {"t": self.template, "a": {key: _data(value) for key, value in self.args.items()}}

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> Reason:
        return cls(data["t"], {key: _undata(value) for key, value in data["a"].items()})


def why(template: str, **args: object) -> Reason:
    return Reason(template, args)


def _render(value: object, translate: Callable[[str], str]) -> object:
    if isinstance(value, Reason):
        return value.render(translate)
    if isinstance(value, Term):
        return translate(word(value))
    return value


def _data(value: object) -> object:
    if isinstance(value, Reason):
        return value.as_data()
    if isinstance(value, Term):
        return {"term": str(value)}
    return value


def _undata(value: Any) -> object:
    if isinstance(value, dict):
        return Term(value["term"]) if "term" in value else Reason.from_data(value)
    return value


def by_count(count: int, one: str, more: str) -> str:
    """The template for ``count`` things: ``one`` for exactly one, ``more`` otherwise. English,
    German and Danish all count this way, so the choice made here holds in every language."""
    return one if count == 1 else more


def alternatives(values: Sequence[object]) -> object:
    """Values as a choice between them: ``3``, ``3 or 4``, ``2, 3 or 4`` (the "or" translated)."""
    if len(values) < 2:
        return values[0] if values else ""
    return why(_("{some} or {last}"), some=", ".join(str(v) for v in values[:-1]), last=values[-1])


class Label(Reason):
    """A form's label (``Declarer's card points``) as the subject of a sentence: in English with
    a small first letter (``declarer's card points must be …``), in another language as its
    translation writes it (a German noun keeps its capital)."""

    __slots__ = ()

    def __init__(self, label: str) -> None:
        super().__init__(label, {})

    def render(self, translate: Callable[[str], str] = str) -> str:
        said = translate(self.template)
        return str(self) if said == self.template else said

    def __str__(self) -> str:
        return self.template[:1].lower() + self.template[1:]


def about(name: object, problem: Reason) -> Reason:
    """A problem of one value of a list, after the value as it was given: ``"Anna": …``."""
    return why(_("{name}: {problem}"), name=name, problem=problem)
