"""Every scoring system tarokclub knows, by its key."""

from __future__ import annotations

from .base import Variant
from .danish_tarok import DanishTarok
from .dreiertarock import Dreiertarock
from .droggn import Droggn
from .german_taroc import GermanTaroc
from .grosstarock import Grosstarock
from .kosakeln import Kosakeln

VARIANTS: dict[str, Variant] = {
    v.key: v for v in (GermanTaroc(), Grosstarock(), DanishTarok(), Droggn(), Kosakeln(), Dreiertarock())
}


def find_variant(key: str) -> Variant:
    """The variant with this key; ``KeyError`` naming the known keys otherwise."""
    try:
        return VARIANTS[key]
    except KeyError:
        raise KeyError(f"unknown variant {key!r}; known: {', '.join(VARIANTS)}") from None
