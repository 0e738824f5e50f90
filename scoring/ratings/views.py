"""The rating table's page, under ``/clubs/<slug>/ratings/``; names ``ratings:…``.

Who sees it is ``scoring.ratings.results.Viewer``'s to say: a club admin always, the club's
members once the admin publishes it, a visitor who is no member never (sent to log in when
anonymous). ``variant=KEY`` picks the game; without it, the game with the most ratings. The page
costs a constant number of queries, whatever the club's size: the session and the user, the club,
the reader's membership (his role and his player), the names, the games, the table.
"""

from __future__ import annotations

from urllib.parse import urlencode

from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from scoring.access import LoginRequired, club_view, get_club_for_user
from scoring.engine import VARIANTS
from scoring.ratings.model import PROVISIONAL_UNTIL
from scoring.ratings.results import Viewer, rated_games, rating_table


@require_GET
@club_view
def table(request: HttpRequest, slug: str) -> HttpResponse:
    """Every rated player's rating of one game, best first, provisional ones marked."""
    club, access = get_club_for_user(request, slug)
    viewer = Viewer(access)
    if not viewer.sees_table(club):
        if not request.user.is_authenticated:
            raise LoginRequired
        raise PermissionDenied("the club has not published its ratings")
    asked = request.GET.get("variant") or ""
    if asked and asked not in VARIANTS:
        raise Http404("no such game")
    games = rated_games(club)
    variant = asked or (games[0] if games else next(iter(VARIANTS)))
    rows = rating_table(club, variant, viewer.names(club), mine=viewer.player_id)
    return render(
        request,
        "ratings/table.html",
        {
            "club": club,
            "access": access,
            "variant": variant,
            "variant_name": _(VARIANTS[variant].name),
            "games": [
                {"key": key, "name": _(VARIANTS[key].name), "query": urlencode({"variant": key})}
                for key in games
                if key in VARIANTS
            ],
            "rows": rows,
            "provisional_until": PROVISIONAL_UNTIL,
        },
    )
