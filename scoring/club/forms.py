"""Forms of the club's pages, and the house-rule controls that starting a sitting shares.

They check input and say what is wrong; the services write."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from django import forms
from django.conf import settings
from django.contrib.auth.models import User
from django.contrib.auth.password_validation import validate_password
from django.contrib.auth.validators import UnicodeUsernameValidator
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from scoring.club.models import Club, Membership, Player
from scoring.engine import VARIANTS, OptionSpec
from scoring.engine.reasons import gettext_noop, why
from scoring.limits import (
    CLUB_NAME_LENGTH,
    MOST_CENTS_PER_POINT,
    NAME_LENGTH,
    name_problem,
    normalise_name,
    text_problem,
)
from scoring.refusals import shown
from scoring.spreadsheets.reader import NameList, read_name_list
from scoring.submissions import KeyedForm


class PlayerForm(KeyedForm):
    """A player's name and whether he is offered for new sittings. The name is kept normalised:
    trimmed, one space between words; whether the club has it already, the service says (after
    the form's key, so that the form sent again gets its first answer)."""

    # A typed name may carry extra spaces; what is kept is checked after normalising.
    display_name = forms.CharField(label=_("Display name"), max_length=4 * NAME_LENGTH, strip=False)
    active = forms.BooleanField(label=_("Active"), required=False, initial=True)
    initials_only = forms.BooleanField(
        label=_("Initials only in public"),
        required=False,
        help_text=Player._meta.get_field("initials_only").help_text,
    )

    def __init__(self, *args: Any, club: Club, player: Player | None = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.club = club
        self.player = player

    def clean_display_name(self) -> str:
        name = normalise_name(self.cleaned_data["display_name"])
        problem = name_problem(name)
        if problem:
            raise forms.ValidationError(shown(problem))
        return name


class MembershipForm(KeyedForm):
    username = forms.CharField(label=_("User name"), max_length=150, validators=[UnicodeUsernameValidator()])
    role = forms.ChoiceField(label=_("Role"), choices=Membership.Role.choices, initial=Membership.Role.VIEWER)
    password = forms.CharField(
        label=_("First password"),
        required=False,
        widget=forms.PasswordInput(render_value=False),
        help_text=_("Only for someone who has no account yet: the account is created with this password."),
    )

    def __init__(self, *args: Any, club: Club, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.club = club

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        username = data.get("username", "").strip()
        if not username:
            return data
        user = User.objects.filter(username=username).first()
        if user is None:
            password = data.get("password") or ""
            if not password:
                self.add_error(
                    "password", _("%(name)s has no account yet: give a first password.") % {"name": username}
                )
            else:
                try:
                    validate_password(password, User(username=username))
                except forms.ValidationError as error:
                    self.add_error("password", error)
        data["username"] = username
        return data


class RoleForm(forms.Form):
    role = forms.ChoiceField(label=_("Role"), choices=Membership.Role.choices)


def option_field(spec: OptionSpec, initial: Any) -> forms.Field:
    """A form field for one house-rule option, explained in one sentence."""
    label, help_text = gettext(spec.label), gettext(spec.help)
    if spec.kind == "bool":
        return forms.BooleanField(label=label, required=False, initial=initial, help_text=help_text)
    if spec.kind == "whole":
        return forms.IntegerField(
            label=label, min_value=spec.low, max_value=spec.high, initial=initial, help_text=help_text
        )
    choices = [(c, gettext(spec.word(c))) for c in spec.choices]
    return forms.ChoiceField(label=label, choices=choices, initial=initial, help_text=help_text)


class ClubSettingsForm(forms.Form):
    """The club's name, public read access, tariff per variant and default house rules."""

    name = forms.CharField(label=_("Name"), max_length=CLUB_NAME_LENGTH)
    public = forms.BooleanField(
        label=_("Public"),
        required=False,
        help_text=_("Anyone may read the club's pages; only members may write."),
    )

    def __init__(self, *args: Any, club: Club, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.club = club
        self.fields["name"].initial = club.name
        self.fields["public"].initial = club.public
        for key, variant in VARIANTS.items():
            self.fields[f"tariff_{key}"] = forms.DecimalField(
                label=gettext(variant.name),
                min_value=Decimal(0),
                max_value=MOST_CENTS_PER_POINT,
                max_digits=8,
                decimal_places=2,
                initial=club.tariff(key),
                help_text=_("Cents per game point."),
            )
            chosen = club.options_for(key)
            for spec in variant.options:
                self.fields[f"option_{key}_{spec.name}"] = option_field(spec, chosen.get(spec.name, spec.default))

    def clean_name(self) -> str:
        name = normalise_name(self.cleaned_data["name"])
        problem = text_problem(name, CLUB_NAME_LENGTH) if name else why(gettext_noop("Give the club a name."))
        if problem:
            raise forms.ValidationError(shown(problem))
        return name

    def tariff_fields(self) -> list[forms.BoundField]:
        return [self[f"tariff_{key}"] for key in VARIANTS]

    def option_groups(self) -> list[tuple[str, list[forms.BoundField]]]:
        """Per variant with options: its name and its option fields, for the template."""
        return [
            (gettext(variant.name), [self[f"option_{key}_{spec.name}"] for spec in variant.options])
            for key, variant in VARIANTS.items()
            if variant.options
        ]

    def tariffs(self) -> dict[str, Decimal]:
        return {key: self.cleaned_data[f"tariff_{key}"] for key in VARIANTS}

    def default_options(self) -> dict[str, dict[str, Any]]:
        return {
            key: {spec.name: self.cleaned_data[f"option_{key}_{spec.name}"] for spec in variant.options}
            for key, variant in VARIANTS.items()
            if variant.options
        }


class UploadForm(KeyedForm):
    """A file to import (a workbook, a CSV or a sitting document); the size limit is checked
    before the file is read."""

    file = forms.FileField(label=_("File"))

    def name_list(self) -> NameList:
        """The uploaded list of names (players, entrants), read within the upload limit; a file
        that is no such list raises :class:`~scoring.engine.refusal.Refusal`."""
        upload = self.cleaned_data["file"]
        return read_name_list(upload, upload.name, max_bytes=settings.TAROKCLUB_UPLOAD_MAX_BYTES)
