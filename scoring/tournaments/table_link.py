"""Entering a table's deals from its secret link, without an account.

Each table of a published round has an unguessable link (and a QR code on its printed card). It
lets the players at that table enter and correct that table's deals and nothing else, until the
round closes; a revoked link or another table's, tournament's or round's deal is not found.
"""

from __future__ import annotations

from typing import Any

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.urls import path, reverse
from django.views.decorators.http import require_GET, require_http_methods

from scoring.access import Access
from scoring.limits import whole_number
from scoring.scorekeeping.views import correction_form, deal_form, deal_page, save_deal
from scoring.sittings.results import next_dealer
from scoring.sittings.sheet import sheet_context
from scoring.submissions import new_key
from scoring.tournaments.models import PUBLISHED, RoundTable

BASE = "tournaments/table_base.html"
NO_ROLE = Access(None)


def table_of(token: str) -> RoundTable:
    """The table whose link this is, while its round is published."""
    table = get_object_or_404(RoundTable.objects.select_related("sitting__club", "round__tournament"), token=token)
    if table.round.state != PUBLISHED or table.round.tournament.is_closed:
        raise Http404("the round of this table is not being played")
    return table


def _around(table: RoundTable) -> dict[str, Any]:
    return {"table": table, "tournament": table.round.tournament}


def _home(table: RoundTable) -> str:
    return reverse("table_link:home", kwargs={"token": table.token})


@require_GET
def home(request: HttpRequest, token: str) -> HttpResponse:
    """The table's sheet: each deal's scores, running totals and breakdown, deals entered of
    deals due, and the button for the next deal."""
    table = table_of(token)
    sitting = table.sitting

    def correct_url(number: int) -> str:
        return reverse("table_link:deal_correct", kwargs={"token": table.token, "number": number})

    sheet = sheet_context(sitting, correct_url)
    return render(
        request,
        "tournaments/table.html",
        {
            **sheet,
            **_around(table),
            "sitting": sitting,
            "entered": len(sheet["rows"]),
            "due": sitting.deals_due or 0,
            "saved": whole_number(request.GET.get("saved")),
        },
    )


@require_http_methods(["GET", "POST"])
def deal_new(request: HttpRequest, token: str) -> HttpResponse:
    table = table_of(token)
    sitting = table.sitting
    number = sitting.live_deals().count() + 1
    if request.method == "GET":
        dealer, out = next_dealer(sitting)
        form = deal_form(sitting, initial={"dealer": dealer, "sitting_out": out, "key": new_key()})
        return deal_page(request, sitting, NO_ROLE, form, number, back=_home(table), base=BASE, around=_around(table))
    return save_deal(
        request, sitting, NO_ROLE, number, correcting=False, back=_home(table), base=BASE, around=_around(table)
    )


@require_http_methods(["GET", "POST"])
def deal_correct(request: HttpRequest, token: str, number: int) -> HttpResponse:
    table = table_of(token)
    sitting = table.sitting
    live = sitting.live_deals().filter(number=number).first()
    if live is None:
        raise Http404("no such deal at this table")
    if request.method == "GET":
        form = correction_form(sitting, live.inputs)
        return deal_page(
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
    return save_deal(
        request, sitting, NO_ROLE, number, correcting=True, back=_home(table), base=BASE, around=_around(table)
    )


app_name = "table_link"
urlpatterns = [
    path("", home, name="home"),
    path("deals/new/", deal_new, name="deal_new"),
    path("deals/<id:number>/correct/", deal_correct, name="deal_correct"),
]
