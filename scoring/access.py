"""Who may read and write what in a club. Views fetch objects through these checks.

A superuser may do everything. A member's role decides what he may write; any member may read.
A public club's read-only pages are open to everyone; writes always need membership.
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth.views import redirect_to_login
from django.http import Http404, HttpRequest

from scoring.models import Club, Membership

ROLE_RANK = {Membership.Role.VIEWER: 1, Membership.Role.SCOREKEEPER: 2, Membership.Role.ADMIN: 3}


class LoginRequired(Exception):
    """The page needs a logged-in user; the view answers with a redirect to the login page."""


def role_of(user: Any, club: Club) -> str | None:
    """The user's role in the club (superusers count as admins), or ``None``."""
    if not user.is_authenticated:
        return None
    if user.is_superuser:
        return Membership.Role.ADMIN
    membership = Membership.objects.filter(user=user, club=club).only("role").first()
    return membership.role if membership else None


def can(user: Any, club: Club, needed: str | None) -> bool:
    """Whether the user may act in the club with at least role ``needed`` (``None``: read)."""
    role = role_of(user, club)
    if needed is None:
        return club.public or role is not None
    return role is not None and ROLE_RANK[role] >= ROLE_RANK[needed]


def get_club_for_user(request: HttpRequest, slug: str, needed: str | None = None) -> Club:
    """The club, if the user may read it (or act with role ``needed``).

    An anonymous visitor is sent to log in; a logged-in outsider is told the club does not
    exist, so private clubs stay invisible.
    """
    club = Club.objects.filter(slug=slug).first()
    if club is None:
        raise Http404("no such club")
    if not can(request.user, club, needed):
        if not request.user.is_authenticated:
            raise LoginRequired
        raise Http404("no such club")
    return club


def login_redirect(request: HttpRequest) -> Any:
    return redirect_to_login(request.get_full_path())
