"""The confirming screen, shared by a club's sittings and a tournament table's link: the deal as
entered, without the figure the player confirming types again, and what sending it does.

A figure that matches confirms the deal; one that does not is refused on this screen and shown
on the sheet to everyone at the table (``services.confirm_deal``); a deal corrected meanwhile is
refused, and the screen shows the correction to read instead.
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from scoring.engine import Refusal
from scoring.engine.base import MOST_POINTS
from scoring.refusals import said, tell_refused
from scoring.sittings.confirmation import Figure, deal_in_words, figure_of
from scoring.sittings.documents import deal_by_name
from scoring.sittings.models import DealRevision, Sitting
from scoring.sittings.services import User, confirm_deal


class ConfirmForm(forms.Form):
    """The figure typed again, and the revision the player read (a correction meanwhile is
    refused rather than confirmed unseen)."""

    revision = forms.IntegerField(min_value=1, max_value=10**9, widget=forms.HiddenInput)

    def __init__(self, *args: Any, figure: Figure, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        label = figure.asked.render(_)
        if figure.players:
            choices = [("", "—"), *((name, name) for name in figure.players)]
            self.fields["figure"] = forms.ChoiceField(label=label, choices=choices)
        else:
            numeric = forms.TextInput(attrs={"inputmode": "numeric", "autocomplete": "off", "pattern": "[0-9]*"})
            self.fields["figure"] = forms.CharField(label=label, max_length=len(str(MOST_POINTS)), widget=numeric)
        self.fields["figure"].error_messages["required"] = gettext_lazy("Type the figure to confirm the deal.")


def confirm_page(
    request: HttpRequest,
    sitting: Sitting,
    number: int,
    *,
    user: User,
    back: str,
    correct_url: str | None,
    base: str = "club_base.html",
    around: dict[str, Any] | None = None,
) -> HttpResponse:
    """Show deal ``number`` to confirm (GET) or confirm it with the figure typed (POST); a deal
    confirmed already, or one no more to confirm, goes back to the sheet saying so."""
    live = sitting.live_deals().filter(number=number).first()
    if live is None or live.confirmed_at is not None:
        if live is not None:
            messages.info(request, _("Deal %(number)s is confirmed.") % {"number": number})
        return redirect(back)
    figure = _figure(sitting, live)
    form = ConfirmForm(request.POST or None, figure=figure, initial={"revision": live.revision})
    if request.method == "POST" and form.is_valid():
        try:
            done = confirm_deal(
                sitting, number, revision=form.cleaned_data["revision"], typed=form.cleaned_data["figure"], user=user
            )
        except Refusal as refusal:
            if refusal.problems[0].field != "figure":  # corrected, taken back or held meanwhile
                tell_refused(request, refusal)
                return redirect(request.path if sitting.live_deals().filter(number=number).exists() else back)
            form.add_error("figure", said(refusal.problems[0]))
            live.refresh_from_db(fields=["mismatches"])  # the refusal counted this one
        else:
            if done.created:
                messages.success(request, _("Deal %(number)s confirmed.") % {"number": number})
            else:
                messages.info(request, _("Deal %(number)s was already confirmed.") % {"number": number})
            return redirect(f"{back}?saved={number}")
    names = sitting.seated_names()
    deal = deal_by_name(live.inputs, sitting.rules, names)
    return render(
        request,
        "scorekeeping/confirm.html",
        {
            "club": sitting.club,
            "sitting": sitting,
            "number": number,
            "live": live,
            "lines": deal_in_words(sitting.rules, deal, figure.hidden, _),
            "form": form,
            "back": back,
            "correct_url": correct_url,
            "base": base,
            **(around or {}),
        },
    )


def _figure(sitting: Sitting, live: DealRevision) -> Figure:
    names = sitting.seated_names()
    deal = deal_by_name(live.inputs, sitting.rules, names)
    return figure_of(sitting.rules, deal, names, live.number, live.revision)
