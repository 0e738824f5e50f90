"""Scorekeeping at the table: start a sitting, enter, correct, confirm and take back deals, close
the sitting.

Every write needs the scorekeeper role (club admins have it too); a closed sitting takes
corrections from club admins only, which the services enforce. A rejected deal is not stored
and the form comes back with everything typed and each problem next to its control.
"""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from scoring.access import Role, club_view, get_club_for_user, get_sitting_for_user
from scoring.club.models import variant_choices
from scoring.engine import VARIANTS, Refusal
from scoring.refusals import said, tell_refused
from scoring.scorekeeping.confirm_page import confirm_page
from scoring.scorekeeping.deal_page import correction_form, deal_form, deal_page, save_deal
from scoring.scorekeeping.forms import StartSittingForm, TakeBackForm
from scoring.sittings.results import next_dealer
from scoring.sittings.services import close_sitting, remove_last_deal, start_sitting
from scoring.submissions import new_key


@require_http_methods(["GET", "POST"])
@club_view
def start(request: HttpRequest, slug: str) -> HttpResponse:
    """First the game, then the players in dealing order, the date and the house rules."""
    club, _access = get_club_for_user(request, slug, Role.SCOREKEEPER)
    variant = request.GET.get("variant") or request.POST.get("variant")
    if variant not in VARIANTS:
        return render(request, "scorekeeping/choose_game.html", {"club": club, "games": variant_choices()})
    initial = {"date": timezone.localdate(), "key": new_key()}
    form = StartSittingForm(request.POST or None, club=club, variant=variant, initial=initial)
    if request.method == "POST" and form.is_valid():
        try:
            sitting = start_sitting(
                club,
                variant,
                form.players(),
                user=request.user,
                date=form.cleaned_data["date"],
                options=form.options(),
                key=form.cleaned_data["key"],
            )
        except Refusal as refusal:
            for problem in refusal.problems:
                form.add_error("seat_1" if problem.field == "players" else None, said(problem))
        else:
            messages.success(request, _("The sitting has started. Enter the first deal."))
            return redirect("scorekeeping:deal_new", slug=club.slug, pk=sitting.pk)
    return render(
        request,
        "scorekeeping/start.html",
        {"club": club, "form": form, "variant": variant, "variant_name": _(VARIANTS[variant].name)},
    )


@require_http_methods(["GET", "POST"])
@club_view
def deal_new(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    sitting, access = get_sitting_for_user(request, slug, pk, Role.SCOREKEEPER)
    number = sitting.deal_count + 1
    if request.method == "GET":
        dealer, out = next_dealer(sitting)
        initial = {"dealer": dealer, "sitting_out": out, "key": new_key()}
        return deal_page(request, sitting, access, deal_form(sitting, initial=initial), number)
    return save_deal(request, sitting, access, number, correcting=False)


@require_http_methods(["GET", "POST"])
@club_view
def deal_correct(request: HttpRequest, slug: str, pk: int, number: int) -> HttpResponse:
    sitting, access = get_sitting_for_user(request, slug, pk, Role.SCOREKEEPER)
    live = sitting.live_deals().filter(number=number).first()
    if live is None:
        messages.error(request, _("There is no deal %(number)s to correct.") % {"number": number})
        return redirect(sitting.get_absolute_url())
    if request.method == "GET":
        return deal_page(request, sitting, access, correction_form(sitting, live.inputs), number, correcting=True)
    return save_deal(request, sitting, access, number, correcting=True)


@require_http_methods(["GET", "POST"])
@club_view
def deal_confirm(request: HttpRequest, slug: str, pk: int, number: int) -> HttpResponse:
    """Another player confirms a deal entered at a sitting that confirms its deals, on the phone
    passed across: he needs what entering a deal needs."""
    sitting, _access = get_sitting_for_user(request, slug, pk, Role.SCOREKEEPER)
    correct = reverse("scorekeeping:deal_correct", kwargs={"slug": slug, "pk": pk, "number": number})
    return confirm_page(
        request, sitting, number, user=request.user, back=sitting.get_absolute_url(), correct_url=correct
    )


@require_POST
@club_view
def deal_undo(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    sitting, _access = get_sitting_for_user(request, slug, pk, Role.SCOREKEEPER)
    form = TakeBackForm(request.POST)
    if not form.is_valid():
        for error in form.errors.values():
            messages.error(request, " ".join(str(message) for message in error))
        return redirect(sitting.get_absolute_url())
    try:
        removal = remove_last_deal(
            sitting,
            user=request.user,
            reason=form.cleaned_data["reason"],
            number=form.cleaned_data["number"],
            key=form.cleaned_data["key"],
        )
    except Refusal as refusal:
        tell_refused(request, refusal)
    else:
        number = removal.deal.number
        if removal.created:
            messages.success(request, _("Deal %(number)s taken back.") % {"number": number})
        else:
            messages.info(request, _("Deal %(number)s was already taken back.") % {"number": number})
    return redirect(sitting.get_absolute_url())


@require_POST
@club_view
def close(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    sitting, _access = get_sitting_for_user(request, slug, pk, Role.SCOREKEEPER)
    try:
        close_sitting(sitting, user=request.user)
    except Refusal as refusal:
        tell_refused(request, refusal)
    else:
        messages.success(request, _("The sitting is closed. Only a club admin can still correct it."))
    return redirect(sitting.get_absolute_url())
