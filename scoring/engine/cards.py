"""Counting card points from the cards of a pile.

Values: King 5, Queen 4, Cavalier 3, Jack 2, the three Trull cards (Tarock I = Pagat,
Tarock XXI = Mond, the Fool) 5, every other card 1. Cards count in groups of three, each group
worth its values minus 2, which is ``F − 2n/3`` for a pile of n cards worth F. We keep thirds
(``3F − 2n``) and round only at the end: x⅓ down, x⅔ up.

Card notation (case does not matter):

- Tarocks: Roman numerals ``I`` to ``XXI``.
- The Fool: ``Fool``; also ``Sküs``, ``Skus``, ``Excuse``, ``Scies``, ``Gstieß``, ``Gstiess``.
- Suit cards: rank then suit letter. Ranks ``K`` King, ``Q`` Queen, ``C`` Cavalier (Rider),
  ``J`` Jack, or a pip number ``1`` to ``10``; suits ``c`` clubs, ``s`` spades, ``h`` hearts,
  ``d`` diamonds. ``Kh`` is the King of hearts, ``10s`` the ten of spades.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from .reasons import _, why
from .refusal import Refusal

COURT_VALUES = {"k": 5, "q": 4, "c": 3, "j": 2}
TRULL_VALUE = 5
PLAIN_VALUE = 1
SUIT_LETTERS = "cshd"
FOOL_NAMES = frozenset({"fool", "sküs", "skus", "excuse", "scies", "gstieß", "gstiess"})
ROMAN = [
    "I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X", "XI",
    "XII", "XIII", "XIV", "XV", "XVI", "XVII", "XVIII", "XIX", "XX", "XXI",
]  # fmt: skip
TAROCKS = {numeral.lower(): number for number, numeral in enumerate(ROMAN, start=1)}
FRACTIONS = {0: "", 1: "⅓", 2: "⅔"}
LIMITS = {"kings": 4, "queens": 4, "cavaliers": 4, "jacks": 4, "trull": 3}
"""How many of each counting card a pack holds."""
COUNTED = {
    "kings": _("kings"),
    "queens": _("queens"),
    "cavaliers": _("cavaliers"),
    "jacks": _("jacks"),
    "trull": _("trull"),
}
"""Each counting card's count as a refusal names it."""


@dataclass(frozen=True)
class PileCount:
    """The card points of a pile: exactly, in thirds, and rounded as a score sheet writes them."""

    thirds: int

    @classmethod
    def of(cls, value: int, cards: int) -> PileCount:
        """A pile of ``cards`` cards whose values add up to ``value``."""
        return cls(3 * value - 2 * cards)

    @property
    def points(self) -> int:
        """Rounded to the nearest whole point: x⅓ down, x⅔ up."""
        return (self.thirds + 1) // 3

    def __str__(self) -> str:
        whole, rest = divmod(self.thirds, 3)
        return f"{whole}{FRACTIONS[rest]}" if whole or not rest else FRACTIONS[rest]


def card_value(card: str) -> int:
    """The counting value of one card in the notation above; a :class:`~.refusal.Refusal` (a
    ``ValueError``) of the field ``cards`` if unknown."""
    name = card.strip().lower()
    if name in FOOL_NAMES:
        return TRULL_VALUE
    if name in TAROCKS:
        return TRULL_VALUE if TAROCKS[name] in (1, 21) else PLAIN_VALUE
    rank, suit_letter = name[:-1], name[-1:]
    if suit_letter and suit_letter in SUIT_LETTERS:
        if rank in COURT_VALUES:
            return COURT_VALUES[rank]
        if rank.isdigit() and 1 <= int(rank) <= 10:
            return PLAIN_VALUE
    raise Refusal.because(
        _("{card} is not a card (try Kh, Qs, Cd, Jc, 7h, I–XXI or Fool)"), field="cards", card=repr(card)
    )


def count_cards(cards: Iterable[str]) -> PileCount:
    """The card points of a pile given card by card; a :class:`~.refusal.Refusal` (a ``ValueError``)
    of the field ``cards`` for an unknown or doubled card."""
    seen: set[str] = set()
    value = 0
    total = 0
    for card in cards:
        key = card.strip().lower()
        key = "fool" if key in FOOL_NAMES else key
        worth = card_value(card)
        if key in seen:
            raise Refusal.because(_("{card} appears twice in the pile"), field="cards", card=repr(card))
        seen.add(key)
        value += worth
        total += 1
    return PileCount.of(value, total)


def count_pile(
    kings: int = 0, queens: int = 0, cavaliers: int = 0, jacks: int = 0, trull: int = 0, others: int = 0
) -> PileCount:
    """The card points of a pile given how many of each counting card it holds, and how many others.

    A count the pack cannot hold is a :class:`~.refusal.Refusal` (a ``ValueError``) of the field
    named as the argument (``kings``, ``others``).
    """
    counts = {"kings": kings, "queens": queens, "cavaliers": cavaliers, "jacks": jacks, "trull": trull}
    for name, number in counts.items():
        if not 0 <= number <= LIMITS[name]:
            raise Refusal.because(
                _("{counted} must be from 0 to {most}, not {number}"),
                field=name,
                counted=why(COUNTED[name]),
                most=LIMITS[name],
                number=number,
            )
    if others < 0:
        raise Refusal.because(_("others must not be negative, not {number}"), field="others", number=others)
    value = (
        COURT_VALUES["k"] * kings
        + COURT_VALUES["q"] * queens
        + COURT_VALUES["c"] * cavaliers
        + COURT_VALUES["j"] * jacks
        + TRULL_VALUE * trull
        + PLAIN_VALUE * others
    )
    return PileCount.of(value, sum(counts.values()) + others)
