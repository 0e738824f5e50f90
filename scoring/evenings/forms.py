"""The forms of tonight's page; each carries its one-time key (``KeyedForm``)."""

from __future__ import annotations

from typing import Any

from django import forms
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from scoring.club.models import Club
from scoring.engine import VARIANTS
from scoring.evenings.models import GROUP_NAME_LENGTH
from scoring.evenings.seating import Named
from scoring.limits import NAME_LENGTH
from scoring.submissions import KeyedForm


class CheckInForm(KeyedForm):
    """Who has come: the club's active players (and any checked in already), ticked."""

    def __init__(self, *args: Any, club: Club, variant: str, present: list[int], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["players"] = forms.ModelMultipleChoiceField(
            label=_("Who is here"),
            queryset=club.players.filter(Q(active=True) | Q(pk__in=present)),
            widget=forms.CheckboxSelectMultiple,
            required=False,
        )
        sizes = VARIANTS[variant].table_sizes
        if len(sizes) > 1:
            choices = [(s, _("Tables of %(size)s first") % {"size": s}) for s in reversed(sizes)]
            self.fields["table_size"] = forms.TypedChoiceField(
                label=_("Table size"), choices=choices, coerce=int, widget=forms.RadioSelect, required=False
            )


class GuestForm(KeyedForm):
    """A guest, added to the club's players and checked in at once."""

    display_name = forms.CharField(label=_("Guest's name"), max_length=NAME_LENGTH)


class GroupForm(KeyedForm):
    """A group of players: its name, apart or together, and who is in it (the club's active
    players, and any member already in it); the service refuses a group it cannot place."""

    name = forms.CharField(label=_("Name of the group"), max_length=GROUP_NAME_LENGTH)
    together = forms.TypedChoiceField(
        label=_("Seat them"),
        choices=[(False, _("at different tables")), (True, _("at one table"))],
        coerce=lambda value: value == "True",
        widget=forms.RadioSelect,
        initial=False,
    )

    def __init__(self, *args: Any, club: Club, members: list[int], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["members"] = forms.ModelMultipleChoiceField(
            label=_("Players"),
            queryset=club.players.filter(Q(active=True) | Q(pk__in=members)),
            widget=forms.CheckboxSelectMultiple,
        )


class SwapForm(KeyedForm):
    """Two players of the proposal who change places; the service refuses anyone else."""

    a = forms.IntegerField(label=_("Swap"))
    b = forms.IntegerField(label=_("with"))

    def __init__(self, *args: Any, players: list[Named], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        choices = [(p.pk, p.name) for p in players]
        for name in ("a", "b"):
            self.fields[name].widget = forms.Select(choices=choices)
        if len(players) > 1:
            self.fields["b"].initial = players[1].pk
