"""Forms of the club's pages, and the house-rule controls that starting a sitting shares.

They check input and say what is wrong; the services write."""

from __future__ import annotations

from decimal import Decimal
from typing import TYPE_CHECKING, Any

from django import forms
from django.conf import settings
from django.contrib.auth.models import User
from django.contrib.auth.password_validation import validate_password
from django.contrib.auth.validators import UnicodeUsernameValidator
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from scoring.club.models import SLUG_LENGTH, Club, Membership, Player, club_name_problem
from scoring.engine import VARIANTS, OptionSpec
from scoring.limits import CLUB_NAME_LENGTH, MOST_CENTS_PER_POINT, NAME_LENGTH, name_problem
from scoring.refusals import kept_name
from scoring.spreadsheets.reader import NameList, read_name_list
from scoring.submissions import KeyedForm

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise


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
        return kept_name(self.cleaned_data["display_name"], name_problem)


def username_field(label: StrOrPromise) -> forms.CharField:
    return forms.CharField(label=label, max_length=150, validators=[UnicodeUsernameValidator()])


def first_password_field() -> forms.CharField:
    return forms.CharField(
        label=_("First password"),
        required=False,
        strip=False,
        widget=forms.PasswordInput(render_value=False, attrs={"autocomplete": "new-password"}),
        help_text=_("Only for someone who has no account yet: the account is created with this password."),
    )


def check_account(form: forms.Form, data: dict[str, Any], username_field: str = "username") -> None:
    """An existing user by that name, or a new one: then his first password is given and passes
    the password validators (``AUTH_PASSWORD_VALIDATORS``), whose messages go beside it."""
    username = data.get(username_field, "").strip()
    if not username:
        return
    data[username_field] = username
    if User.objects.filter(username=username).exists():
        return
    password = data.get("password") or ""
    if not password:
        form.add_error("password", _("%(name)s has no account yet: give a first password.") % {"name": username})
        return
    try:
        validate_password(password, User(username=username))
    except forms.ValidationError as error:
        form.add_error("password", error)


class MembershipForm(KeyedForm):
    username = username_field(_("User name"))
    role = forms.ChoiceField(label=_("Role"), choices=Membership.Role.choices, initial=Membership.Role.VIEWER)
    password = first_password_field()

    def __init__(self, *args: Any, club: Club, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.club = club

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        check_account(self, data)
        return data


class NewClubForm(KeyedForm):
    """A new club (for a superuser): its name, short name and public reading, and its first club
    admin, an existing user or a new one with his first password."""

    name = forms.CharField(label=_("Name"), max_length=4 * CLUB_NAME_LENGTH, strip=False)
    slug = forms.SlugField(
        label=_("Short name"),
        max_length=SLUG_LENGTH,
        required=False,
        help_text=_("Used in the club's web addresses, such as ochsen; made from the name when left empty."),
    )
    public = forms.BooleanField(
        label=_("Public"), required=False, help_text=_("Anyone may read the club's pages; only members may write.")
    )
    admin = username_field(_("First club admin"))
    password = first_password_field()

    def clean_name(self) -> str:
        return kept_name(self.cleaned_data["name"], club_name_problem)

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        check_account(self, data, "admin")
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
    """The club's name, public read access, whether deals are confirmed and ratings published,
    tariff per variant and default house rules."""

    name = forms.CharField(label=_("Name"), max_length=CLUB_NAME_LENGTH)
    public = forms.BooleanField(
        label=_("Public"),
        required=False,
        help_text=_("Anyone may read the club's pages; only members may write."),
    )
    confirm_deals = forms.BooleanField(
        label=_("Deals confirmed by another player"),
        required=False,
        help_text=_(
            "At the club's own sittings, a deal entered waits until another player of the table has typed one"
            " of its figures again. Sittings already started keep what they started with."
        ),
    )

    ratings_published = forms.BooleanField(
        label=_("Ratings published to the members"),
        required=False,
        help_text=_(
            "The club's members see the rating table and each other's ratings. Otherwise each player sees only"
            " his own; visitors who are not members never see any."
        ),
    )

    def __init__(self, *args: Any, club: Club, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.club = club
        self.fields["name"].initial = club.name
        self.fields["public"].initial = club.public
        self.fields["confirm_deals"].initial = club.confirm_deals
        self.fields["ratings_published"].initial = club.ratings_published
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
        return kept_name(self.cleaned_data["name"], club_name_problem)

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
