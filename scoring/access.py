"""Who may read and write what in a club. Views fetch clubs only through ``get_club_for_user``.

A superuser may do everything. Any member may read his club; what he may write depends on his
role (viewer < scorekeeper < admin). A public club's read-only pages are open to everyone;
writes always need membership with the role.

Refusals: an anonymous visitor is sent to log in; a logged-in user who may not even read a
private club is told it does not exist (404), so private clubs stay invisible; a user who may
read but lacks the role is refused (403).
"""

from __future__ import annotations

from typing import Any

from django.core.exceptions import PermissionDenied
from django.db.models import QuerySet
from django.http import Http404, HttpRequest

from scoring.models import Club, Membership

Role = Membership.Role
ROLE_RANK = {Role.VIEWER: 1, Role.SCOREKEEPER: 2, Role.ADMIN: 3}


class LoginRequired(Exception):
    """The page needs a logged-in user; ``club_view`` answers with a redirect to the login page."""


def role_of(user: Any, club: Club) -> str | None:
    """The user's role in the club (superusers count as admins), or ``None``."""
    if not user.is_authenticated:
        return None
    if user.is_superuser:
        return Role.ADMIN
    membership = Membership.objects.filter(user=user, club=club).only("role").first()
    return membership.role if membership else None


def has_role(role: str | None, needed: str) -> bool:
    return role is not None and ROLE_RANK[Role(role)] >= ROLE_RANK[Role(needed)]


def get_club_for_user(request: HttpRequest, slug: str, needed: str | None = None) -> Club:
    """The club, if the user may read it, and act in it with role ``needed`` when one is given.

    The user's role is left on the club as ``club.role`` for the templates' links.
    """
    club = Club.objects.filter(slug=slug).first()
    if club is None:
        raise Http404("no such club")
    role = role_of(request.user, club)
    readable = club.public or role is not None
    if needed is None and readable:
        club.role = role  # type: ignore[attr-defined]
        return club
    if needed is not None and has_role(role, needed):
        club.role = role  # type: ignore[attr-defined]
        return club
    if not request.user.is_authenticated:
        raise LoginRequired
    if not readable:
        raise Http404("no such club")
    raise PermissionDenied("your role in this club does not allow this")


def clubs_for_user(user: Any) -> QuerySet[Club]:
    """The clubs a user belongs to (every club for a superuser)."""
    if user.is_superuser:
        return Club.objects.all()
    if not user.is_authenticated:
        return Club.objects.none()
    return Club.objects.filter(memberships__user=user)
