"""The forms of the table besides the deal form (``deal_form``): starting a sitting (the players
in dealing order, the date, the house rules) and taking back the last deal."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from scoring.club.forms import option_field
from scoring.club.models import Club, Player
from scoring.engine import VARIANTS
from scoring.limits import REASON_LENGTH
from scoring.submissions import KeyedForm


class StartSittingForm(KeyedForm):
    """Who plays, in dealing order, when, and the house rules (the club's defaults prefilled)."""

    # a date control holds its value as YYYY-MM-DD in every language (the phone shows it its own way)
    date = forms.DateField(label=_("Date"), widget=forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"))

    def __init__(self, *args: Any, club: Club, variant: str, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.club = club
        self.variant = VARIANTS[variant]
        players = [("", "—"), *((p.pk, p.display_name) for p in club.players.filter(active=True))]
        fewest, most = min(self.variant.table_sizes), max(self.variant.table_sizes)
        for seat in range(1, most + 1):
            label = _("Seat 1 (deals first)") if seat == 1 else _("Seat %(seat)s") % {"seat": seat}
            self.fields[f"seat_{seat}"] = forms.TypedChoiceField(
                label=label, choices=players, coerce=int, required=seat <= fewest, empty_value=None
            )
        chosen = club.options_for(variant)
        for spec in self.variant.options:
            self.fields[f"option_{spec.name}"] = option_field(spec, chosen.get(spec.name, spec.default))

    def seat_fields(self) -> list[forms.BoundField]:
        return [self[name] for name in self.fields if name.startswith("seat_")]

    def option_fields(self) -> list[forms.BoundField]:
        return [self[name] for name in self.fields if name.startswith("option_")]

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        chosen = [data.get(name) for name in self.fields if name.startswith("seat_")]
        seen: set[int] = set()
        for number, pk in enumerate(chosen, start=1):
            if pk is not None and pk in seen:
                self.add_error(f"seat_{number}", _("This player already has a seat."))
            if pk is not None:
                seen.add(pk)
        return data

    def players(self) -> list[Player]:
        """The seated players in dealing order."""
        by_pk = {p.pk: p for p in self.club.players.all()}
        seats = [self.cleaned_data.get(name) for name in self.fields if name.startswith("seat_")]
        return [by_pk[pk] for pk in seats if pk is not None]

    def options(self) -> dict[str, Any]:
        return {spec.name: self.cleaned_data[f"option_{spec.name}"] for spec in self.variant.options}


class TakeBackForm(KeyedForm):
    """Taking back the last deal: why, and which deal the scorekeeper saw as the last one (without
    it, whichever deal is last)."""

    number = forms.IntegerField(min_value=1, max_value=10**9, widget=forms.HiddenInput, required=False)
    reason = forms.CharField(
        label=_("Reason"),
        max_length=REASON_LENGTH,
        error_messages={"required": _("Say why the deal is taken back.")},
    )
