"""Members' roles in a club, and what each lets a member do: viewer < scorekeeper < admin.

A superuser counts as an admin of every club. The pages fetch with these through
``scoring.access``; the services ask them before a write only a role may make.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from scoring.club.models import Club, Membership

Role = Membership.Role
ROLE_RANK = {Role.VIEWER: 1, Role.SCOREKEEPER: 2, Role.ADMIN: 3}


@dataclass(frozen=True)
class Access:
    """What the user may do in the club he fetched: his role, or ``None`` for a reader of a
    public club who is not a member; and the club's player he is, if his membership names one
    (``Membership.player``: he sees his own rating)."""

    role: str | None
    player_id: int | None = None

    @property
    def scores(self) -> bool:
        """Starts sittings, enters and corrects deals (scorekeepers and admins)."""
        return has_role(self.role, Role.SCOREKEEPER)

    @property
    def administers(self) -> bool:
        """Manages players, members and settings; corrects closed sittings (admins)."""
        return has_role(self.role, Role.ADMIN)


def role_of(user: Any, club: Club) -> str | None:
    """The user's role in the club (superusers count as admins), or ``None``."""
    if not user.is_authenticated:
        return None
    if user.is_superuser:
        return Role.ADMIN
    membership = Membership.objects.filter(user=user, club=club).only("role").first()
    return membership.role if membership else None


def access_of(user: Any, club: Club) -> Access:
    """The user's role in the club and the player he is (one query; none for a superuser, who is
    an admin of every club and no club's player, or an anonymous visitor)."""
    if not user.is_authenticated:
        return Access(None)
    if user.is_superuser:
        return Access(Role.ADMIN)
    membership = Membership.objects.filter(user=user, club=club).values_list("role", "player_id").first()
    return Access(*membership) if membership else Access(None)


def has_role(role: str | None, needed: str) -> bool:
    return role is not None and ROLE_RANK[Role(role)] >= ROLE_RANK[Role(needed)]
