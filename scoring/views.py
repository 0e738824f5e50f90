"""The club's pages. Plain function views; permissions are checked where objects are fetched."""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404
from django.views.decorators.http import require_GET

from scoring.access import LoginRequired, get_club_for_user, login_redirect
from scoring.models import Sitting
from scoring.services import stored_result


def club_view(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """Turn a refused anonymous read into a redirect to the login page."""

    @wraps(view)
    def wrapper(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        try:
            return view(request, *args, **kwargs)
        except LoginRequired:
            return login_redirect(request)

    return wrapper


def _get_sitting_for_user(request: HttpRequest, slug: str, pk: int, needed: str | None = None) -> Sitting:
    club = get_club_for_user(request, slug, needed)
    return get_object_or_404(Sitting.objects.select_related("club"), pk=pk, club=club)


@require_GET
@club_view
def sitting_scores_json(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    """The ``score`` output document of a sitting, from the stored rows."""
    sitting = _get_sitting_for_user(request, slug, pk)
    return JsonResponse(stored_result(sitting), json_dumps_params={"ensure_ascii": False})
