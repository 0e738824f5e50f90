"""Entering a table's deals from its secret link, without an account.

Each table of a published round has an unguessable link (and a QR code on its printed card). It
lets the players at that table enter and correct that table's deals and nothing else, until the
round closes; a revoked link or another table's, tournament's or round's deal is not found. A table
closed early, or one a player of which withdrew or was disqualified, is the director's to finish:
its link still shows the sheet but enters and corrects no deal (:func:`stopped`). After the round
closes, the link shows the table's result, read-only, and the way to the standings (none while
the director holds results back and the next round is played). A table's own sheet never links
to the standings, so while its round is open it shows that table only.

The links (and their QR codes) are made under the site's public address, ``TAROKCLUB_PUBLIC_URL``
when it is set (:func:`site_address`): the phones at the tables must reach it.
"""

from __future__ import annotations

import functools
import ipaddress
import re
import secrets
from collections.abc import Callable
from typing import Any
from urllib.parse import urlsplit

from django.conf import settings
from django.contrib import messages
from django.db.models import Exists, OuterRef, QuerySet
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import path, reverse
from django.views.decorators.http import require_GET, require_http_methods

from scoring.club.roles import Access
from scoring.engine.reasons import Reason, _, why
from scoring.limits import PHONE_LENGTH, whole_number
from scoring.refusals import shown
from scoring.scorekeeping.confirm_page import confirm_page
from scoring.scorekeeping.deal_page import correction_form, deal_form, deal_page, save_deal
from scoring.sittings.results import next_dealer
from scoring.sittings.services import CLOSED
from scoring.sittings.sheet import deal_context, sheet_context
from scoring.submissions import new_key
from scoring.tournaments.models import ACTIVE, DRAWN, PUBLISHED, TOKEN, WITHDRAWN, Entrant, RoundTable
from scoring.tournaments.results import held_back

BASE = "tournaments/table_base.html"
NO_ROLE = Access(None)


def site_address(request: HttpRequest) -> str:
    """Where the phones at the tables reach the site, ``scheme://host[:port]``: the public address
    when it is set, else the host this request came to."""
    return settings.TAROKCLUB_PUBLIC_URL or request.build_absolute_uri("/").removesuffix("/")


def link_of(table: RoundTable, address: str) -> str:
    """The table's link under the site's address (:func:`site_address`), as its QR code carries it."""
    return address + _home(table)


def unreachable(address: str) -> bool:
    """Whether no phone at a table can open ``address``: it names this computer only (127.0.0.1,
    ::1, localhost) or no computer at all (0.0.0.0)."""
    host = (urlsplit(address).hostname or "").lower()
    if host == "localhost" or host.endswith(".localhost"):
        return True
    try:
        found = ipaddress.ip_address(host)
    except ValueError:
        return False
    return found.is_loopback or found.is_unspecified


def table_of(token: str) -> RoundTable:
    """The table whose link this is, once its round is published (after the round closes too)."""
    if not TOKEN.fullmatch(token):
        raise Http404("no table has this link")
    table = get_object_or_404(_tables(), token=token)
    if table.round.state == DRAWN:
        raise Http404("the round of this table is not published")
    table.sitting.club = table.round.tournament.club  # a tournament's tables are sittings of its club
    return table


@functools.cache
def _tables() -> QuerySet[RoundTable]:
    """The tables, each read with its sitting, round, tournament and club, and whether a player of
    it is gone (``anyone_gone``), in one query: built once, and each link filters a copy. Building
    it (its joins, the subquery of the players gone) cost more than running it, on every deal sent."""
    gone = Exists(_gone(OuterRef("round__tournament"), OuterRef("sitting")))
    return RoundTable.objects.select_related("sitting", "round__tournament__club").annotate(anyone_gone=gone)


def _gone(tournament: Any, sitting: Any) -> QuerySet[Entrant]:
    """The entrants of ``tournament`` seated at ``sitting`` who withdrew or were disqualified."""
    return Entrant.objects.filter(tournament=tournament, player__seats__sitting=sitting).exclude(state=ACTIVE)


def over(table: RoundTable) -> bool:
    """Whether the table's round is no longer being played: it closed, or its tournament did."""
    return table.round.state != PUBLISHED or table.round.tournament.is_closed


def stopped(table: RoundTable) -> Reason | None:
    """Why the table's link enters and corrects no deal, or ``None`` while it does: the round is
    closed, the table closed early, its sheet is closed, or one of its players withdrew or was
    disqualified (the director finishes the table, or closes it early)."""
    if over(table):
        said = _("Round {number} is closed: the table's link enters and corrects no more deals.")
        return why(said, number=table.round.number)
    if table.closed_early:
        return why(_("The table is closed early: its link enters and corrects no more deals."))
    if table.sitting.is_closed:
        return CLOSED
    if not getattr(table, "anyone_gone", True):  # as read with the table (table_of): nobody, nearly always
        return None
    gone = (
        _gone(table.round.tournament, table.sitting)
        .order_by("start_number")
        .values_list("state", "player__display_name")
        .first()
    )
    if gone is None:
        return None
    state, name = gone
    if state == WITHDRAWN:
        said = _("{name} has withdrawn: the table's link enters and corrects no more deals.")
    else:
        said = _("{name} is disqualified: the table's link enters and corrects no more deals.")
    return why(said, name=name)


PHONE_COOKIE = "tarokclub_phone"
PHONE_MARK = re.compile(rf"[A-Za-z0-9_-]{{{PHONE_LENGTH}}}")
"""What a phone's mark can be (``secrets.token_urlsafe`` writes these characters)."""


def phone_of(request: HttpRequest) -> str:
    """The mark of the phone this request came from, given it by an earlier page of a table's
    link (:func:`marked`), or empty: a phone that refuses cookies is still served, only not
    told apart from others."""
    mark = request.COOKIES.get(PHONE_COOKIE, "")
    return mark if PHONE_MARK.fullmatch(mark) else ""


def marked(request: HttpRequest, response: HttpResponse) -> HttpResponse:
    """The page with the phone's mark, a new one for a phone without: deals it enters then say
    which phone entered them, so that the director sees two phones entering at one table."""
    if not phone_of(request):
        mark = secrets.token_urlsafe(PHONE_LENGTH)[:PHONE_LENGTH]
        response.set_cookie(  # the table links' pages only, for a tournament's day or two
            PHONE_COOKIE,
            mark,
            max_age=2 * 24 * 3600,
            path=reverse("table_link:home", kwargs={"token": "x"}).removesuffix("x/"),
            httponly=True,
            samesite="Lax",
            secure=request.is_secure(),
        )
    return response


def _refused(request: HttpRequest, table: RoundTable, reason: Reason) -> HttpResponse:
    """Back to the table's sheet, saying why nothing was entered."""
    messages.error(request, shown(reason))
    return redirect(_home(table))


def _around(table: RoundTable) -> dict[str, Any]:
    return {"table": table, "tournament": table.round.tournament}


def _home(table: RoundTable) -> str:
    return reverse("table_link:home", kwargs={"token": table.token})


def _deal_url(table: RoundTable) -> Callable[[int], str]:
    return lambda number: reverse("table_link:deal", kwargs={"token": table.token, "number": number})


def _correct_url(table: RoundTable) -> Callable[[int], str]:
    return lambda number: reverse("table_link:deal_correct", kwargs={"token": table.token, "number": number})


def _confirm_url(table: RoundTable) -> Callable[[int], str]:
    return lambda number: reverse("table_link:deal_confirm", kwargs={"token": table.token, "number": number})


@require_GET
def home(request: HttpRequest, token: str) -> HttpResponse:
    """The table's sheet: the totals, the button for the next deal while deals are due, each
    deal's scores and running totals, deals entered of deals due. After the round closes: the
    table's result (:func:`result`)."""
    table = table_of(token)
    if over(table):
        return result(request, table)
    sitting = table.sitting
    halt = stopped(table)
    correct_url = _correct_url(table) if halt is None else None
    confirm_url = _confirm_url(table) if not sitting.is_closed and sitting.held is None else None
    sheet = sheet_context(
        sitting, deal_url=_deal_url(table), correct_url=correct_url, page=None, confirm_url=confirm_url
    )
    saved = whole_number(request.GET.get("saved"))
    due = sitting.deals_due or 0
    page = render(
        request,
        "tournaments/table.html",
        {
            **sheet,
            **_around(table),
            "sitting": sitting,
            "due": due,
            "saved": saved,
            "saved_url": _deal_url(table)(saved) if saved and saved <= sitting.deal_count else None,
            "next_deal_url": reverse("table_link:deal_new", kwargs={"token": token})
            if sitting.played_count < due and halt is None
            else None,
            "stopped": shown(halt) if halt is not None else None,
        },
    )
    return marked(request, page)


def result(request: HttpRequest, table: RoundTable) -> HttpResponse:
    """The table's result once its round is closed: its sheet, read-only (each deal's page still
    says why), and the link to the tournament's standings, unless the director holds results back
    while the next round is played (``held_back``)."""
    tournament = table.round.tournament
    sheet = sheet_context(table.sitting, deal_url=_deal_url(table), correct_url=None, page=None)
    standings = None
    if held_back(tournament) is None:
        standings = reverse("tournaments:standings", kwargs={"slug": tournament.club.slug, "pk": tournament.pk})
    return render(
        request,
        "tournaments/table_result.html",
        {**sheet, **_around(table), "due": table.sitting.deals_due or 0, "standings_url": standings},
    )


@require_GET
def deal(request: HttpRequest, token: str, number: int) -> HttpResponse:
    """One deal of the table: its scores, its breakdown (why) and its history."""
    table = table_of(token)
    context = deal_context(table.sitting, number, _correct_url(table) if stopped(table) is None else None)
    if context is None:
        raise Http404("no such deal at this table")
    return render(request, "sittings/deal.html", {**context, **_around(table), "back": _home(table), "base": BASE})


@require_http_methods(["GET", "POST"])
def deal_new(request: HttpRequest, token: str) -> HttpResponse:
    table = table_of(token)
    halt = stopped(table)
    if halt is not None:
        return _refused(request, table, halt)
    sitting = table.sitting
    number = sitting.deal_count + 1
    if request.method == "GET":
        dealer, out = next_dealer(sitting)
        form = deal_form(sitting, initial={"dealer": dealer, "sitting_out": out, "key": new_key()})
        page = deal_page(request, sitting, NO_ROLE, form, number, back=_home(table), base=BASE, around=_around(table))
        return marked(request, page)
    return _save(request, table, number, correcting=False)


@require_http_methods(["GET", "POST"])
def deal_correct(request: HttpRequest, token: str, number: int) -> HttpResponse:
    table = table_of(token)
    halt = stopped(table)
    if halt is not None:
        return _refused(request, table, halt)
    sitting = table.sitting
    live = sitting.live_deals().filter(number=number).first()
    if live is None:
        raise Http404("no such deal at this table")
    if request.method == "GET":
        form = correction_form(sitting, live.inputs)
        page = deal_page(
            request,
            sitting,
            NO_ROLE,
            form,
            number,
            correcting=True,
            back=_home(table),
            base=BASE,
            around=_around(table),
        )
        return marked(request, page)
    return _save(request, table, number, correcting=True)


def _save(request: HttpRequest, table: RoundTable, number: int, correcting: bool) -> HttpResponse:
    """Store the deal sent through the table's link (``save_deal``), marked with its phone."""
    back, around = _home(table), _around(table)
    phone = phone_of(request)
    return save_deal(request, table.sitting, NO_ROLE, number, correcting, back, BASE, around, phone=phone)


@require_http_methods(["GET", "POST"])
def deal_confirm(request: HttpRequest, token: str, number: int) -> HttpResponse:
    """Another player of the table confirms a deal, on his phone or on the one passed across,
    until the round closes or the table is closed early (the director confirms nothing he
    closes: the round's close says why deals went unconfirmed)."""
    table = table_of(token)
    if over(table) or table.sitting.is_closed or table.sitting.held is not None:
        return _refused(request, table, stopped(table) or CLOSED)
    correct = _correct_url(table)(number) if stopped(table) is None else None
    return confirm_page(
        request,
        table.sitting,
        number,
        user=None,
        back=_home(table),
        correct_url=correct,
        base=BASE,
        around=_around(table),
    )


app_name = "table_link"
urlpatterns = [
    path("", home, name="home"),
    path("deals/new/", deal_new, name="deal_new"),
    path("deals/<id:number>/", deal, name="deal"),
    path("deals/<id:number>/correct/", deal_correct, name="deal_correct"),
    path("deals/<id:number>/confirm/", deal_confirm, name="deal_confirm"),
]
