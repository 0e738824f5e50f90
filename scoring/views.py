"""The club's pages: plain function views; clubs are fetched through ``scoring.access``.

Every page works without JavaScript. Reads are GET; writes are POST with a redirect after.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from itertools import accumulate
from typing import Any

from django.contrib import messages
from django.contrib.auth.views import redirect_to_login
from django.db.models import Count, Prefetch, Q, QuerySet
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST
from django_tables2 import RequestConfig

from scoring.access import LoginRequired, Role, clubs_for_user, get_club_for_user, has_role
from scoring.documents import deal_by_name
from scoring.forms import ClubSettingsForm, MembershipForm, PlayerForm, RoleForm
from scoring.models import Club, Deal, Membership, Player, Seat, Sitting
from scoring.services import Refused, remove_member, save_player, set_member, stored_result, update_club
from scoring.tables import SittingTable


def club_view(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """Send an anonymous visitor who was refused to the login page, then back."""

    @wraps(view)
    def wrapper(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        try:
            return view(request, *args, **kwargs)
        except LoginRequired:
            return redirect_to_login(request.get_full_path())

    return wrapper


def get_sitting_for_user(request: HttpRequest, slug: str, pk: int, needed: str | None = None) -> Sitting:
    """The club's sitting, if the user may read the club (or act in it with role ``needed``)."""
    club = get_club_for_user(request, slug, needed)
    sitting = get_object_or_404(Sitting.objects.select_related("club", "created_by"), pk=pk, club=club)
    sitting.club = club  # keeps the role found while fetching
    return sitting


def sittings_of(club: Club) -> QuerySet[Sitting]:
    """The club's sittings with their live deal count and players, newest first, in few queries."""
    return (
        club.sittings.select_related("club", "created_by")
        .annotate(deal_count=Count("deals", filter=Q(deals__live=True)))
        .prefetch_related(Prefetch("seats", queryset=Seat.objects.select_related("player").order_by("number")))
    )


# --- reading ----------------------------------------------------------------------------


@require_GET
def home(request: HttpRequest) -> HttpResponse:
    """The user's clubs, and the public ones."""
    mine = clubs_for_user(request.user).order_by("name")
    public = Club.objects.filter(public=True).exclude(pk__in=mine.values("pk")).order_by("name")
    return render(request, "scoring/home.html", {"clubs": mine, "public_clubs": public})


@require_GET
@club_view
def club(request: HttpRequest, slug: str) -> HttpResponse:
    club = get_club_for_user(request, slug)
    recent = sittings_of(club)[:5]
    return render(
        request,
        "scoring/club.html",
        {
            "club": club,
            "recent": recent,
            "player_count": club.players.filter(active=True).count(),
            "is_admin": has_role(club.role, Role.ADMIN),  # type: ignore[attr-defined]
            "can_score": has_role(club.role, Role.SCOREKEEPER),  # type: ignore[attr-defined]
        },
    )


@require_GET
@club_view
def players(request: HttpRequest, slug: str) -> HttpResponse:
    club = get_club_for_user(request, slug)
    return render(
        request,
        "scoring/players.html",
        {
            "club": club,
            "players": club.players.order_by("-active", "display_name"),
            "is_admin": has_role(club.role, Role.ADMIN),  # type: ignore[attr-defined]
        },
    )


@require_GET
@club_view
def sittings(request: HttpRequest, slug: str) -> HttpResponse:
    club = get_club_for_user(request, slug)
    table = SittingTable(sittings_of(club))
    RequestConfig(request, paginate={"per_page": 25}).configure(table)
    return render(request, "scoring/sittings.html", {"club": club, "table": table})


@require_GET
@club_view
def sitting(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    """Each deal with each player's score, running totals, pots, breakdowns and corrections."""
    sitting = get_sitting_for_user(request, slug, pk)
    result = stored_result(sitting, translate=_)
    names = result["players"]
    live = {d.number: d for d in sitting.live_deals().select_related("entered_by")}
    running = list(accumulate(([d["scores"][n] for n in names] for d in result["deals"]), _add))
    rows = [
        {
            "number": deal["number"],
            "dealer": _dealer_of(live[deal["number"]], names),
            "cells": list(zip(names, [deal["scores"][n] for n in names], totals, strict=True)),
            "pots": deal.get("pots"),
            "lines": deal["lines"],
            "corrected": live[deal["number"]].corrected,
        }
        for deal, totals in zip(result["deals"], running, strict=True)
    ]
    changes = sitting.deals.filter(Q(revision__gt=1) | Q(live=False)).select_related("entered_by")
    role = sitting.club.role  # type: ignore[attr-defined]
    saved = request.GET.get("saved", "")
    return render(
        request,
        "scoring/sitting.html",
        {
            "club": sitting.club,
            "sitting": sitting,
            "players": names,
            "rows": rows,
            "totals": [result["totals"][n] for n in names],
            "pots": result.get("pots"),
            "changes": changes.order_by("number", "revision"),
            "can_enter": has_role(role, Role.SCOREKEEPER) and not sitting.is_closed,
            "can_correct": has_role(role, Role.ADMIN) or (has_role(role, Role.SCOREKEEPER) and not sitting.is_closed),
            "saved": int(saved) if saved.isdigit() else None,
            "next_number": len(rows) + 1,
        },
    )


@require_GET
@club_view
def deal(request: HttpRequest, slug: str, pk: int, number: int) -> HttpResponse:
    """One deal: what was entered, its breakdown, and every revision with who, when and why."""
    sitting = get_sitting_for_user(request, slug, pk)
    revisions = list(sitting.deals.filter(number=number).select_related("entered_by").order_by("revision"))
    if not revisions:
        raise Http404("no such deal")
    names = [p.display_name for p in sitting.seated_players()]
    live = next((r for r in revisions if r.live), None)
    lines = []
    if live is not None:
        lines = [
            {
                "holder": line["player"] if "player" in line else _("%(pot)s pot") % {"pot": line["pot"]},
                "points": line["points"],
                "reason": line["reason"],
            }
            for line in live.breakdown.named_lines(names, translate=_)
        ]
    return render(
        request,
        "scoring/deal.html",
        {
            "club": sitting.club,
            "sitting": sitting,
            "number": number,
            "live": live,
            "inputs": deal_by_name(live.data, names) if live is not None else None,
            "lines": lines,
            "scores": live.scores.select_related("player").order_by("player__display_name") if live else [],
            "revisions": revisions,
        },
    )


def _add(a: list[int], b: list[int]) -> list[int]:
    return [x + y for x, y in zip(a, b, strict=True)]


def _dealer_of(deal: Deal, names: list[str]) -> str:
    return names[deal.data["dealer"]]


@require_GET
@club_view
def sitting_scores_json(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    """The ``score`` output document of a sitting, from the stored rows (no rescoring)."""
    sitting = get_sitting_for_user(request, slug, pk)
    return JsonResponse(stored_result(sitting), json_dumps_params={"ensure_ascii": False})


# --- the club admin's pages -------------------------------------------------------------


@require_http_methods(["GET", "POST"])
@club_view
def player_add(request: HttpRequest, slug: str) -> HttpResponse:
    club = get_club_for_user(request, slug, Role.ADMIN)
    form = PlayerForm(request.POST or None, club=club)
    if request.method == "POST" and form.is_valid():
        player = save_player(club, **form.cleaned_data)
        messages.success(request, _("%(name)s added.") % {"name": player.display_name})
        return redirect("players", slug=club.slug)
    return render(request, "scoring/player_form.html", {"club": club, "form": form, "player": None})


@require_http_methods(["GET", "POST"])
@club_view
def player_edit(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    club = get_club_for_user(request, slug, Role.ADMIN)
    player = get_object_or_404(Player, pk=pk, club=club)
    initial = {"display_name": player.display_name, "active": player.active}
    form = PlayerForm(request.POST or None, initial=initial, club=club, player=player)
    if request.method == "POST" and form.is_valid():
        save_player(club, player=player, **form.cleaned_data)
        messages.success(request, _("%(name)s saved.") % {"name": player.display_name})
        return redirect("players", slug=club.slug)
    return render(request, "scoring/player_form.html", {"club": club, "form": form, "player": player})


@require_POST
@club_view
def player_deactivate(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    """An inactive player keeps every score but is no longer offered for new sittings."""
    club = get_club_for_user(request, slug, Role.ADMIN)
    player = get_object_or_404(Player, pk=pk, club=club)
    save_player(club, player=player, display_name=player.display_name, active=False)
    messages.success(request, _("%(name)s is no longer active.") % {"name": player.display_name})
    return redirect("players", slug=club.slug)


@require_http_methods(["GET", "POST"])
@club_view
def memberships(request: HttpRequest, slug: str) -> HttpResponse:
    club = get_club_for_user(request, slug, Role.ADMIN)
    form = MembershipForm(request.POST or None, club=club)
    if request.method == "POST" and form.is_valid():
        membership = set_member(club, **form.cleaned_data)
        messages.success(request, _("%(name)s is now a member.") % {"name": membership.user.get_username()})
        return redirect("memberships", slug=club.slug)
    members = club.memberships.select_related("user").order_by("user__username")
    return render(
        request,
        "scoring/memberships.html",
        {"club": club, "form": form, "members": [(m, RoleForm(initial={"role": m.role})) for m in members]},
    )


@require_POST
@club_view
def membership_role(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    club = get_club_for_user(request, slug, Role.ADMIN)
    membership = get_object_or_404(Membership.objects.select_related("user"), pk=pk, club=club)
    form = RoleForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("Choose one of the roles."))
        return redirect("memberships", slug=club.slug)
    try:
        set_member(club, username=membership.user.get_username(), role=form.cleaned_data["role"])
    except Refused:
        messages.error(request, _("The club needs at least one club admin: make someone else admin first."))
    else:
        messages.success(request, _("Role of %(name)s changed.") % {"name": membership.user.get_username()})
    return redirect("memberships", slug=club.slug)


@require_POST
@club_view
def membership_remove(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    club = get_club_for_user(request, slug, Role.ADMIN)
    membership = get_object_or_404(Membership.objects.select_related("user"), pk=pk, club=club)
    if membership.user == request.user:
        messages.error(request, _("You cannot remove yourself; ask another club admin."))
        return redirect("memberships", slug=club.slug)
    try:
        remove_member(membership)
    except Refused:
        messages.error(request, _("The club needs at least one club admin: make someone else admin first."))
    else:
        messages.success(request, _("%(name)s removed.") % {"name": membership.user.get_username()})
    return redirect("memberships", slug=club.slug)


@require_http_methods(["GET", "POST"])
@club_view
def club_settings(request: HttpRequest, slug: str) -> HttpResponse:
    club = get_club_for_user(request, slug, Role.ADMIN)
    form = ClubSettingsForm(request.POST or None, club=club)
    if request.method == "POST" and form.is_valid():
        update_club(
            club,
            name=form.cleaned_data["name"],
            public=form.cleaned_data["public"],
            tariffs=form.tariffs(),
            default_options=form.default_options(),
        )
        messages.success(request, _("Settings saved."))
        return redirect("club", slug=club.slug)
    return render(request, "scoring/club_settings.html", {"club": club, "form": form})
