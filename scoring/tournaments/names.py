"""How an entrant is named on a page: by name, or by initials on a public page when he asked so."""

from __future__ import annotations

from typing import Protocol

from scoring.club.roles import Access


class Named(Protocol):
    """A player, or an entrant read with his player's name."""

    @property
    def display_name(self) -> str: ...

    @property
    def initials_only(self) -> bool: ...


def initials(name: str) -> str:
    """``Anna Maria Huber`` as ``A. M. H.``"""
    return " ".join(f"{word[0]}." for word in name.split() if word)


def shown_name(player: Named, access: Access) -> str:
    """The player's name for this reader: members always see names; anyone else sees the
    initials of a player listed publicly by initials only."""
    if player.initials_only and access.role is None:
        return initials(player.display_name)
    return player.display_name
