"""The deal form's page, shared by a club's sittings and a tournament table's link: the form
of the next deal or of a correction, and what sending it does (check, warn, store).

A rejected deal is not stored and the form comes back with everything typed and each problem
next to its control, in the page's language; a deal that looks unlikely comes back with the
doubts for a second look.
"""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from scoring.club.roles import Access
from scoring.engine import Refusal
from scoring.limits import whole_number
from scoring.scorekeeping.deal_form import DealForm, initial_from_deal
from scoring.sittings.documents import deal_by_name
from scoring.sittings.models import Sitting
from scoring.sittings.services import Unconfirmed, correct_deal, record_deal

CONFIRM_NEXT = gettext_lazy("Another player of the table confirms it: pass the phone across, or open the sheet on his.")


def deal_form(sitting: Sitting, correcting: bool = False, **kwargs: Any) -> DealForm:
    names = sitting.seated_names()
    return DealForm(variant=sitting.rules, players=names, correcting=correcting, **kwargs)


def correction_form(sitting: Sitting, stored: dict[str, Any]) -> DealForm:
    """The deal form filled with a stored deal, to correct it."""
    names = sitting.seated_names()
    deal = deal_by_name(stored, sitting.rules, names)
    return deal_form(sitting, correcting=True, initial=initial_from_deal(deal, sitting.rules, names))


def save_deal(
    request: HttpRequest,
    sitting: Sitting,
    access: Access,
    number: int,
    correcting: bool,
    back: str | None = None,
    base: str = "club_base.html",
    around: dict[str, Any] | None = None,
    phone: str = "",
) -> HttpResponse:
    """Check, warn, then store; anything refused comes back on the form with nothing stored.

    After saving, the answer goes to ``back`` (the sitting's sheet unless given), showing the deal.
    ``phone`` marks the phone that sent it through a table's link.
    """
    back = back or sitting.get_absolute_url()
    form = deal_form(sitting, correcting, data=request.POST)
    if form.count_cards() or "more_rows" in request.POST or not form.is_valid():
        return deal_page(request, sitting, access, form, number, correcting, back, base, around)
    deal = form.deal()
    confirmed = "confirm" in request.POST
    key = form.cleaned_data["key"]
    try:
        if correcting:
            reason = form.cleaned_data["reason"]
            recorded = correct_deal(
                sitting, number, deal, user=request.user, reason=reason, confirmed=confirmed, key=key, phone=phone
            )
            said = _("Deal %(number)s corrected; later deals rescored.")
        else:
            offered = whole_number(request.POST.get("number"))
            recorded = record_deal(
                sitting,
                deal,
                user=request.user,
                idempotency_key=key,
                confirmed=confirmed,
                number=offered,
                phone=phone,
            )
            number = recorded.deal.number
            said = _("Deal %(number)s saved.")
    except Unconfirmed as held:
        form.doubts = held.doubts
        return deal_page(request, sitting, access, form, number, correcting, back, base, around)
    except Refusal as refusal:
        form.add_problems(refusal.problems)
        return deal_page(request, sitting, access, form, number, correcting, back, base, around)
    if recorded.created:
        messages.success(request, said % {"number": number})
        if recorded.deal.waiting:
            messages.info(request, CONFIRM_NEXT)
    else:
        messages.info(request, _("Deal %(number)s was already entered.") % {"number": number})
    return redirect(f"{back}?saved={number}")


def deal_page(
    request: HttpRequest,
    sitting: Sitting,
    access: Access,
    form: DealForm,
    number: int,
    correcting: bool = False,
    back: str | None = None,
    base: str = "club_base.html",
    around: dict[str, Any] | None = None,
) -> HttpResponse:
    """The deal form of a sitting; ``back`` is where *Cancel* and the crumbs lead (the sheet unless
    given), ``base`` the page it sits in (a table's link has no club pages around it) and
    ``around`` what that page needs besides."""
    lists = [
        {"name": listed, "errors": form.group_errors.get(listed, []), "rows": form.rows_of(listed)}
        for listed in ("declarations", "events")
    ]
    return render(
        request,
        "scorekeeping/deal_form.html",
        {
            "club": sitting.club,
            "sitting": sitting,
            "form": form,
            "number": number,
            "correcting": correcting,
            "variant": sitting.rules,
            "lists": [item_list for item_list in lists if item_list["rows"]],
            "doubts": [doubt.reason.render(_) for doubt in form.doubts],
            "problems": form.problem_links() if form.is_bound else [],
            "script_data": form.script_data(),
            "closed": sitting.is_closed,
            "is_admin": access.administers,
            "back": back or sitting.get_absolute_url(),
            "base": base,
            **(around or {}),
        },
    )
