"""The tarokclub scoring engine: pure Python, no Django.

``score_sitting(doc)`` scores a sitting document (see ``docs/engine.md``) and raises
``InvalidSitting`` for bad input; ``count_cards`` counts the card points of a pile.
"""

from .base import Doubt, FieldSpec, OptionSpec, Variant
from .cards import PileCount, count_cards, count_pile
from .reading import Sitting, read_sitting
from .refusal import Problem, Refusal
from .registry import VARIANTS, register, unregister
from .sitting import Carried, DealResult, SittingResult, score, score_sitting

InvalidSitting = Refusal
"""The engine's refusal of a sitting document, by the name the API has always given it: the one
refusal type of tarokclub (``refusal.Refusal``)."""

__all__ = [
    "VARIANTS",
    "Carried",
    "DealResult",
    "Doubt",
    "FieldSpec",
    "InvalidSitting",
    "OptionSpec",
    "PileCount",
    "Problem",
    "Refusal",
    "Sitting",
    "SittingResult",
    "Variant",
    "count_cards",
    "count_pile",
    "read_sitting",
    "register",
    "score",
    "score_sitting",
    "unregister",
]
