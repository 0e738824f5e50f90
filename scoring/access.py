"""Who may read and write what in a club. Views fetch clubs and sittings only through the
``get_…_for_user`` helpers here, which check while they fetch and return what they learned.

A superuser may do everything, and only he makes clubs. Any member may read his club; what he
may write depends on his role (viewer < scorekeeper < admin). A public club's read-only pages
are open to everyone; writes always need membership with the role.

Refusals: an anonymous visitor is sent to log in; a logged-in user who may not even read a
private club is told it does not exist (404), so private clubs stay invisible; a user who may
read but lacks the role is refused (403).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache, wraps
from typing import Any, TypeVar

from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.db.models import QuerySet
from django.http import Http404, HttpRequest, HttpResponseRedirect
from django.http.response import HttpResponseBase
from django.shortcuts import get_object_or_404

from scoring.club.changes import sittings_changes, stamped
from scoring.club.models import Club
from scoring.club.roles import Access, Role, access_of, has_role, role_of
from scoring.sittings.models import Sitting
from scoring.sittings.results import sittings_of
from scoring.tournaments.models import DRAWN, Tournament

__all__ = [
    "Access",
    "LoginRequired",
    "Role",
    "check_superuser",
    "club_view",
    "clubs_for_user",
    "get_club_for_user",
    "get_sitting_for_user",
    "get_tournament_for_user",
    "sittings_for_user",
]

R = TypeVar("R", bound=HttpResponseBase)


class LoginRequired(Exception):
    """The page needs a logged-in user; ``club_view`` answers with a redirect to the login page."""


def get_club_for_user(request: HttpRequest, slug: str, needed: str | None = None) -> tuple[Club, Access]:
    """The club and the user's access to it, if he may read it (or act with role ``needed``)."""
    club = _clubs().filter(slug=slug).first()
    if club is None:
        raise Http404("no such club")
    access = access_of(request.user, club)
    role = access.role
    readable = club.public or role is not None
    if (needed is None and readable) or (needed is not None and has_role(role, needed)):
        return club, access
    if not request.user.is_authenticated:
        raise LoginRequired
    if not readable:
        raise Http404("no such club")
    raise PermissionDenied("your role in this club does not allow this")


@cache
def _clubs() -> QuerySet[Club]:
    """The clubs, each read with its stamp: built once, and each request filters a copy. Building
    the stamp's subquery cost more than running it, on every page and every deal sent."""
    return stamped(Club.objects.all())


@cache
def _sittings() -> QuerySet[Sitting]:
    """The sittings, each read with its creator and its tournament table and round: built once,
    as the clubs are (:func:`_clubs`)."""
    return Sitting.objects.select_related("created_by", "round_table__round")


def check_superuser(request: HttpRequest) -> None:
    """Let only a superuser through (the pages that make clubs): an anonymous visitor is sent to
    log in, anyone else refused (403)."""
    if not request.user.is_authenticated:
        raise LoginRequired
    if not request.user.is_superuser:
        raise PermissionDenied("only a superuser may do this")


def get_sitting_for_user(request: HttpRequest, slug: str, pk: int, needed: str | None = None) -> tuple[Sitting, Access]:
    """The club's sitting and the user's access, as ``get_club_for_user`` decides it. A table of a
    tournament's round that is drawn but not published is the director's alone, as the round is:
    anyone else is told it does not exist (404)."""
    club, access = get_club_for_user(request, slug, needed)
    sitting = get_object_or_404(_sittings(), pk=pk, club=club)
    table = getattr(sitting, "round_table", None)
    if table is not None and table.round.state == DRAWN and not access.scores:
        raise Http404("the round of this table is not published")
    sitting.club = club
    return sitting, access


def sittings_for_user(club: Club, access: Access) -> QuerySet[Sitting]:
    """The club's sittings this reader may list (``sittings_of``), as ``get_sitting_for_user``
    decides for one: the tables of a round drawn but not published are the director's alone."""
    found = sittings_of(club)
    return found if access.scores else found.exclude(round_table__round__state=DRAWN)


def get_tournament_for_user(
    request: HttpRequest, slug: str, pk: int, needed: str | None = None
) -> tuple[Tournament, Access]:
    """The club's tournament and the user's access. A public tournament is read by anyone, even
    in a private club; everything else is decided as for the club."""
    found = Tournament.objects.select_related("club").annotate(sittings_changes=sittings_changes("club_id"))
    tournament = get_object_or_404(found, pk=pk, club__slug=slug)
    if needed is None and tournament.public:
        tournament.club.sittings_changes = tournament.sittings_changes  # type: ignore[attr-defined]  # its stamp
        return tournament, Access(role_of(request.user, tournament.club))
    club, access = get_club_for_user(request, slug, needed)
    tournament.club = club
    return tournament, access


def club_view(view: Callable[..., R]) -> Callable[..., R | HttpResponseRedirect]:
    """Send an anonymous visitor who was refused to the login page, then back."""

    @wraps(view)
    def wrapper(request: HttpRequest, *args: Any, **kwargs: Any) -> R | HttpResponseRedirect:
        try:
            return view(request, *args, **kwargs)
        except LoginRequired:
            return redirect_to_login(request.get_full_path())

    return wrapper


def clubs_for_user(user: Any) -> QuerySet[Club]:
    """The clubs a user belongs to (every club for a superuser)."""
    if user.is_superuser:
        return Club.objects.all()
    if not user.is_authenticated:
        return Club.objects.none()
    return Club.objects.filter(memberships__user=user)
