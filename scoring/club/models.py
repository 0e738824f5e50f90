"""A club: its players, its members with their roles, its default house rules, and its money:
the tariffs and the money settings (currency, sheet fee, pot rule).

**Money terms** are what a sitting's money is worked out with: its tariff, the sheet fee, whether
Danish pots are shared. They are copied into the sitting when it starts (``money_terms``), like
its house rules, so that changing them later changes no evening already played."""

from __future__ import annotations

from decimal import Decimal
from typing import TYPE_CHECKING, Any

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models
from django.db.models import Q
from django.db.models.functions import Length, Lower
from django.utils.text import slugify
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from scoring.engine import VARIANTS
from scoring.engine.reasons import CENTS, Reason, gettext_noop, why
from scoring.limits import (
    CLUB_NAME_LENGTH,
    MOST_CENTS_PER_POINT,
    MOST_SHEET_FEE_CENTS,
    NAME_LENGTH,
    name_key,
    name_problem,
    normalise_name,
)
from scoring.money import CURRENCY_SYMBOLS

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise

# ``field__length`` in the check constraints below and in the other areas' models.
models.CharField.register_lookup(Length)
models.TextField.register_lookup(Length)


def variant_choices() -> list[tuple[str, StrOrPromise]]:
    """Every registered variant with its name, read when a form or page asks, so that adding or
    renaming a variant needs no schema migration."""
    return [(key, _(variant.name)) for key, variant in VARIANTS.items()]


def default_tariff(variant: str) -> Decimal:
    """Cents per game point unless the club sets its own: 1 where scores are cents, else 10."""
    return Decimal(1) if VARIANTS[variant].unit == CENTS else Decimal(10)


SLUG_LENGTH = 50


def club_name_problem(name: str) -> Reason | None:
    """Why a (normalised) club name cannot be kept, or ``None``."""
    return name_problem(name, CLUB_NAME_LENGTH) if name else why(gettext_noop("Give the club a name."))


NO_SLUG = gettext_noop("Give the club a short name: letters, digits and hyphens.")


def slug_from(name: str) -> str:
    """The short name a club's name makes, for its web addresses: "Stammtisch zum Öchsen" is
    stammtisch-zum-ochsen (empty for a name without a Latin letter or digit)."""
    return slugify(name)[:SLUG_LENGTH].strip("-")


class CountsChanges(models.Model):
    """A row whose ``changes`` only the write transactions of ``scoring.club.changes`` count up."""

    changes = models.PositiveBigIntegerField(_("changes"), default=0, editable=False)
    """Write transactions on the row's data so far: cached pages key on it (``changes.py``)."""

    class Meta:
        abstract = True

    def save(self, *args: Any, **kwargs: Any) -> None:
        """Update every field but ``changes``, which only ``changing`` counts up: an instance read
        before another write would otherwise put its older count back. A new row is inserted
        whole."""
        inserting = self._state.adding or self.pk is None or kwargs.get("force_insert")
        if not inserting:
            named = kwargs.get("update_fields")
            fields = [f.name for f in self._meta.concrete_fields if not f.primary_key] if named is None else named
            kwargs["update_fields"] = [name for name in fields if name != "changes"]
        super().save(*args, **kwargs)


class Club(CountsChanges):
    """A Tarock club. Its short name is typed, or made from its name where it is left empty
    (:func:`slug_from`), on the server, whichever page adds the club: the site's or the admin's."""

    name = models.CharField(_("name"), max_length=CLUB_NAME_LENGTH)
    slug = models.SlugField(
        _("short name"),
        max_length=SLUG_LENGTH,
        unique=True,
        blank=True,
        help_text=_("Used in the club's web addresses; made from the name when left empty."),
    )
    public = models.BooleanField(
        _("public"), default=False, help_text=_("Anyone may read the club's pages; only members may write.")
    )
    default_options = models.JSONField(
        _("default house rules"),
        default=dict,
        blank=True,
        help_text=_("House-rule options per variant, copied into each new sitting."),
    )
    confirm_deals = models.BooleanField(
        _("deals confirmed by another player"),
        default=False,
        help_text=_(
            "At the club's own sittings, a deal entered counts only once another player of the table has"
            " confirmed it by typing one of its figures again."
        ),
    )
    ratings_published = models.BooleanField(
        _("ratings published"),
        default=False,
        help_text=_("The club's members see the rating table; otherwise each player sees only his own rating."),
    )

    class Meta:
        ordering = ["name"]
        constraints = [
            models.CheckConstraint(
                condition=Q(name__length__gte=1, name__length__lte=CLUB_NAME_LENGTH), name="club_name_in_range"
            ),
            models.CheckConstraint(
                condition=Q(slug__length__gte=1, slug__length__lte=SLUG_LENGTH), name="club_slug_in_range"
            ),
        ]
        verbose_name = _("Tarock club")
        verbose_name_plural = _("Tarock clubs")

    def __str__(self) -> str:
        return self.name

    def tariff(self, variant: str) -> Decimal:
        """Cents per game point for this variant."""
        row = self.tariffs.filter(variant=variant).first()
        return row.cents_per_point if row else default_tariff(variant)

    def options_for(self, variant: str) -> dict[str, Any]:
        options: dict[str, Any] = self.default_options.get(variant, {})
        return dict(options)

    def clean(self) -> None:
        """The admin's path to a club: its name normalised and checked as on every other path,
        its short name made from the name where none was typed; and its house rules checked."""
        from scoring.engine.reading import Reader, read_options

        self.name = normalise_name(self.name)
        problem = club_name_problem(self.name)
        if problem:
            raise ValidationError({"name": problem.render(gettext)})
        if not self.slug:
            self.slug = slug_from(self.name)
        if not self.slug:
            raise ValidationError({"slug": why(NO_SLUG).render(gettext)})
        if not isinstance(self.default_options, dict):
            raise ValidationError({"default_options": _("Give an object of options per variant.")})
        for variant, options in self.default_options.items():
            if variant not in VARIANTS:
                raise ValidationError({"default_options": _("%(v)s is not a variant.") % {"v": variant}})
            reader = Reader()
            read_options(options, VARIANTS[variant], reader)
            if reader.problems:
                raise ValidationError({"default_options": [f"{variant}: {p.render(gettext)}" for p in reader.problems]})


CURRENCIES = tuple(CURRENCY_SYMBOLS)
"""The currencies a club may keep its money in: those the spreadsheets can show with a symbol."""


class Tariff(models.Model):
    """A club's own money value of a game point in one variant, in cents."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="tariffs")
    variant = models.CharField(_("variant"), max_length=20, choices=variant_choices)
    cents_per_point = models.DecimalField(_("cents per game point"), max_digits=8, decimal_places=2)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["club", "variant"], name="one_tariff_per_variant"),
            models.CheckConstraint(condition=Q(cents_per_point__gte=0), name="tariff_not_negative"),
            models.CheckConstraint(condition=Q(cents_per_point__lte=MOST_CENTS_PER_POINT), name="tariff_in_range"),
        ]
        verbose_name = _("tariff")
        verbose_name_plural = _("tariffs")

    def __str__(self) -> str:
        return f"{self.club}: {self.variant} {self.cents_per_point} ct"


class LedgerSettings(models.Model):
    """A club's money settings: its currency, and the sheet fee and pot rule that new sittings
    take with them. A club without a row has the defaults (EUR, no fee, pots to the Kasse)."""

    club = models.OneToOneField(Club, on_delete=models.CASCADE, related_name="ledger_settings")
    currency = models.CharField(
        _("currency"), max_length=3, default="EUR", choices=[(code, code) for code in CURRENCIES]
    )
    sheet_fee_cents = models.PositiveIntegerField(
        _("sheet fee"), default=0, help_text=_("Cents each player pays into the Kasse per sitting.")
    )
    share_pots = models.BooleanField(
        _("share the pots"),
        default=False,
        help_text=_(
            "What the Danish pots hold at the end of a sitting is shared among its players, not paid to the Kasse."
        ),
    )

    class Meta:
        constraints = [
            models.CheckConstraint(condition=Q(currency__in=CURRENCIES), name="ledger_currency_known"),
            models.CheckConstraint(condition=Q(sheet_fee_cents__lte=MOST_SHEET_FEE_CENTS), name="sheet_fee_in_range"),
        ]
        verbose_name = _("ledger settings")
        verbose_name_plural = _("ledger settings")

    def __str__(self) -> str:
        return f"{self.club}: {self.currency}, fee {self.sheet_fee_cents} ct"

    @classmethod
    def of(cls, club: Club) -> LedgerSettings:
        """The club's settings, or the defaults (not saved) if it has none."""
        return cls.objects.filter(club=club).first() or cls(club=club)


def money_terms(club: Club, variant: str) -> dict[str, Any]:
    """What a sitting of ``variant`` starting now keeps for its money: the club's tariff, sheet
    fee and pot rule in force (``Sitting`` fields, by name)."""
    settings = LedgerSettings.of(club)
    return {
        "cents_per_point": club.tariff(variant),
        "sheet_fee_cents": settings.sheet_fee_cents,
        "share_pots": settings.share_pots,
    }


def name_taken(name: str) -> Reason:
    """The refusal of a name the club has already (``name`` as the club writes it)."""
    return why(gettext_noop("This club already has a player called {name}."), name=name)


class PlayerQuerySet(models.QuerySet["Player"]):
    def by_name(self) -> dict[str, Player]:
        """These players by :func:`~scoring.limits.name_key` of their names: where every "find
        or create" looks, so that "anna" finds the club's Anna."""
        return {name_key(player.display_name): player for player in self}

    def called(self, name: str) -> Player | None:
        """The one of these players called ``name``, whatever the capitals, if there is one."""
        return self.by_name().get(name_key(name))


class Player(models.Model):
    """A club's player. Two players of a club never share a name, whatever its capitals: the
    services and the admin compare :func:`~scoring.limits.name_key` (every letter's case), and
    the database refuses two names alike in lower case (on SQLite, whose ``lower()`` knows only
    A to Z, that backs up the services for those letters)."""

    club = models.ForeignKey(Club, on_delete=models.PROTECT, related_name="players")
    display_name = models.CharField(_("display name"), max_length=60)
    active = models.BooleanField(_("active"), default=True)
    initials_only = models.BooleanField(
        _("initials only in public"),
        default=False,
        help_text=_(
            "Visitors who are not members of the club see only the initials, on every page and export "
            "they can reach (a public club's, a public tournament's)."
        ),
    )

    objects = PlayerQuerySet.as_manager()

    class Meta:
        ordering = ["display_name"]
        constraints = [
            models.UniqueConstraint("club", Lower("display_name"), name="player_name_unique_in_club_ignoring_case"),
            models.CheckConstraint(
                condition=Q(display_name__length__gte=1, display_name__length__lte=NAME_LENGTH)
                & ~Q(display_name__startswith=" ")
                & ~Q(display_name__endswith=" ")
                & ~Q(display_name__contains="  "),
                name="player_name_normalised",
            ),
        ]
        verbose_name = _("player")
        verbose_name_plural = _("players")

    def __str__(self) -> str:
        return self.display_name

    def clean(self) -> None:
        """The admin's path to a name: normalised and checked as on every other path, also
        against the club's other players' names, whatever the capitals."""
        self.display_name = normalise_name(self.display_name)
        problem = name_problem(self.display_name)
        if problem:
            raise ValidationError({"display_name": problem.render(gettext)})
        other = Player.objects.filter(club_id=self.club_id).exclude(pk=self.pk).called(self.display_name)
        if other is not None:
            raise ValidationError({"display_name": name_taken(other.display_name).render(gettext)})


class Membership(models.Model):
    class Role(models.TextChoices):
        ADMIN = "admin", _("club admin")
        SCOREKEEPER = "scorekeeper", _("scorekeeper")
        VIEWER = "viewer", _("viewer")

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="memberships")
    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="memberships")
    role = models.CharField(_("role"), max_length=20, choices=Role.choices, default=Role.VIEWER)
    player = models.OneToOneField(
        Player,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="membership",
        verbose_name=_("player"),
        help_text=_("The club's player this member is: he sees his own rating."),
    )

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["user", "club"], name="one_membership_per_club"),
            models.CheckConstraint(condition=Q(role__in=["admin", "scorekeeper", "viewer"]), name="role_known"),
        ]
        verbose_name = _("membership")
        verbose_name_plural = _("memberships")

    def __str__(self) -> str:
        return f"{self.user} in {self.club}: {self.role}"

    def clean(self) -> None:
        """The admin's path to a member's player: one of the member's club."""
        if self.player is not None and self.player.club_id != self.club_id:
            raise ValidationError({"player": _("Choose a player of the member's club.")})
