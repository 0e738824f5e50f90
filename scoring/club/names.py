"""How a reader sees the club's players' names: the one place that applies *initials only*.

A player may ask to be listed publicly by his initials only (``Player.initials_only``). Every
page, JSON document and export that anyone but the club's members can reach (a public club's
pages and exports, a public tournament's) names him by his initials, ``Anna Maria Huber`` as
``A. M. H.``; the club's members always see names. The pages ask :func:`names_for` once and name
every player through what it returns.

Pages and exports use a sitting's or a season's names as keys (the totals by player, who pays
whom), so a reader's names are told apart: a second player of the same initials (by the order
the players were added) is ``A. H. 2``, and initials never take a name another player is shown
by.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Protocol

from scoring.club.models import Club
from scoring.club.roles import Access


class Named(Protocol):
    """A player, or anything read with a player's id and name."""

    @property
    def pk(self) -> int | None: ...

    @property
    def display_name(self) -> str: ...


def initials(name: str) -> str:
    """``Anna Maria Huber`` as ``A. M. H.``"""
    return " ".join(f"{word[0]}." for word in name.split() if word)


@dataclass(frozen=True)
class Names:
    """Each player's name as one reader sees it. ``hidden`` holds, by player id, the names shown
    instead of a display name (``{}`` for a member: every name as the club writes it), and
    ``renamed`` the same by display name, for documents that name players by name."""

    hidden: Mapping[int, str] = field(default_factory=dict)
    renamed: Mapping[str, str] = field(default_factory=dict)

    def of(self, player_id: int | None, name: str) -> str:
        """The name this reader sees for the player ``player_id`` called ``name``."""
        return self.hidden.get(player_id, name) if player_id is not None else name

    def __call__(self, player: Named) -> str:
        return self.of(player.pk, player.display_name)

    def listed(self, players: Sequence[Named]) -> list[str]:
        """The names of these players (a sitting's, in seat order) as this reader sees them."""
        return [self(player) for player in players]

    def by_name(self, name: str) -> str:
        """The name this reader sees for the club's player called ``name``."""
        return self.renamed.get(name, name)

    @property
    def key(self) -> tuple[tuple[int, str], ...]:
        """What a cached page holding these names is keyed on."""
        return tuple(sorted(self.hidden.items()))


EVERY_NAME = Names()
"""The names as the club writes them: a member's, the commands'."""


def names_for(club: Club, access: Access) -> Names:
    """The club's players' names as this reader sees them: a member every name, anyone else the
    initials of those listed publicly by initials only (one query, none for a member)."""
    if access.role is not None:
        return EVERY_NAME
    rows = list(club.players.order_by("pk").values_list("pk", "display_name", "initials_only"))
    if not any(hidden for _pk, _name, hidden in rows):
        return EVERY_NAME
    taken = {name for _pk, name, hidden in rows if not hidden}
    hidden_names: dict[int, str] = {}
    renamed: dict[str, str] = {}
    for pk, name, hidden in rows:
        if not hidden:
            continue
        base = initials(name) or "?"
        shown, count = base, 1
        while shown in taken:
            count += 1
            shown = f"{base} {count}"
        taken.add(shown)
        hidden_names[pk] = renamed[name] = shown
    return Names(hidden_names, renamed)
