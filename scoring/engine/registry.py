"""Every scoring system tarokclub knows, by its key.

A variant is registered once: its key becomes known to the reader, the site and the commands,
and its own words join the glossary. Adding a variant is a module of its own and one line here.
"""

from __future__ import annotations

from .base import Variant
from .danish_tarok import DanishTarok
from .dreiertarock import Dreiertarock
from .droggn import Droggn
from .german_taroc import GermanTaroc
from .grosstarock import Grosstarock
from .kosakeln import Kosakeln
from .reasons import GLOSSARY

VARIANTS: dict[str, Variant] = {}


def register(variant: Variant) -> Variant:
    """Make a variant known by its key; its words may not redefine a word already known."""
    if variant.key in VARIANTS:
        raise ValueError(f"a variant {variant.key!r} is already registered")
    clashes = [key for key, word in variant.words.items() if GLOSSARY.get(key, word) != word]
    if clashes:
        raise ValueError(f"{variant.key} redefines the words {', '.join(clashes)}")
    GLOSSARY.update(variant.words)
    VARIANTS[variant.key] = variant
    return variant


def unregister(key: str) -> None:
    """Forget a variant and its own words (for a variant registered by a test)."""
    variant = VARIANTS.pop(key)
    others = {k for v in VARIANTS.values() for k in v.words}
    for word_key in set(variant.words) - others:
        del GLOSSARY[word_key]


for known in (GermanTaroc(), Grosstarock(), DanishTarok(), Droggn(), Kosakeln(), Dreiertarock()):
    register(known)
