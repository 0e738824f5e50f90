"""The club's records: clubs, players, memberships, sittings and their deals.

Inputs are kept exactly as entered and never changed: a deal is a row per **revision**, and a
correction or a removal adds a revision (who, when, why) instead of changing one. Deals refer to
players by their **seat** (place in the sitting's dealing order), so renaming a player changes
no deal.

The engine's results are stored too, beside the live revisions: ``ScoreRow`` (each player's game
points per deal, a row each so that standings are SQL sums) and ``Breakdown`` (the itemized
breakdown and the Danish pots after the deal, read whole). These rows are **redundant**: a
cache of what the engine computes from the live deals, kept so that pages need no rescoring. The services replace
them whenever a deal changes, in the same transaction; ``manage.py recompute_scores`` rebuilds
them all and reports any row that differed.
"""

from __future__ import annotations

import datetime
from collections.abc import Callable
from decimal import Decimal
from typing import Any

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from scoring.engine import VARIANTS
from scoring.engine.base import Reason

VARIANT_CHOICES = [(key, _(variant.name)) for key, variant in VARIANTS.items()]
"""Variant names come from the engine, marked there for translation and translated here."""
CENTS_VARIANTS = frozenset({"dreiertarock"})
"""Variants whose game points are already cents: one cent per point by default."""


def default_tariff(variant: str) -> Decimal:
    """Cents per game point unless the club sets its own: 1 where scores are cents, else 10."""
    return Decimal(1) if variant in CENTS_VARIANTS else Decimal(10)


class Club(models.Model):
    name = models.CharField(_("name"), max_length=100)
    slug = models.SlugField(_("short name"), unique=True, help_text=_("Used in the club's web addresses."))
    public = models.BooleanField(
        _("public"), default=False, help_text=_("Anyone may read the club's pages; only members may write.")
    )
    default_options = models.JSONField(
        _("default house rules"),
        default=dict,
        blank=True,
        help_text=_("House-rule options per variant, copied into each new sitting."),
    )

    class Meta:
        ordering = ["name"]
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
        from scoring.engine.reading import Reader, read_options

        if not isinstance(self.default_options, dict):
            raise ValidationError({"default_options": _("Give an object of options per variant.")})
        for variant, options in self.default_options.items():
            if variant not in VARIANTS:
                raise ValidationError({"default_options": _("%(v)s is not a variant.") % {"v": variant}})
            reader = Reader()
            read_options(options, VARIANTS[variant], reader)
            if reader.problems:
                raise ValidationError({"default_options": [f"{variant}: {p}" for p in reader.problems]})


class Tariff(models.Model):
    """A club's own money value of a game point in one variant, in cents."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="tariffs")
    variant = models.CharField(_("variant"), max_length=20, choices=VARIANT_CHOICES)
    cents_per_point = models.DecimalField(_("cents per game point"), max_digits=8, decimal_places=2)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["club", "variant"], name="one_tariff_per_variant"),
            models.CheckConstraint(condition=Q(cents_per_point__gte=0), name="tariff_not_negative"),
        ]
        verbose_name = _("tariff")
        verbose_name_plural = _("tariffs")

    def __str__(self) -> str:
        return f"{self.club}: {self.variant} {self.cents_per_point} ct"


class Player(models.Model):
    club = models.ForeignKey(Club, on_delete=models.PROTECT, related_name="players")
    display_name = models.CharField(_("display name"), max_length=60)
    active = models.BooleanField(_("active"), default=True)

    class Meta:
        ordering = ["display_name"]
        constraints = [models.UniqueConstraint(fields=["club", "display_name"], name="player_name_unique_in_club")]
        verbose_name = _("player")
        verbose_name_plural = _("players")

    def __str__(self) -> str:
        return self.display_name


class Membership(models.Model):
    class Role(models.TextChoices):
        ADMIN = "admin", _("club admin")
        SCOREKEEPER = "scorekeeper", _("scorekeeper")
        VIEWER = "viewer", _("viewer")

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="memberships")
    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="memberships")
    role = models.CharField(_("role"), max_length=20, choices=Role.choices, default=Role.VIEWER)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["user", "club"], name="one_membership_per_club")]
        verbose_name = _("membership")
        verbose_name_plural = _("memberships")

    def __str__(self) -> str:
        return f"{self.user} in {self.club}: {self.role}"


class Sitting(models.Model):
    """Players at one table playing deals of one variant, with the house rules in force then."""

    club = models.ForeignKey(Club, on_delete=models.PROTECT, related_name="sittings")
    variant = models.CharField(_("variant"), max_length=20, choices=VARIANT_CHOICES)
    options = models.JSONField(
        _("house rules"), default=dict, help_text=_("Every option in force, copied when the sitting started.")
    )
    date = models.DateField(_("date"), default=datetime.date.today)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    created_at = models.DateTimeField(_("started"), default=timezone.now)
    closed_at = models.DateTimeField(_("closed"), null=True, blank=True)

    class Meta:
        ordering = ["-date", "-id"]
        indexes = [models.Index(fields=["club", "-date"])]
        verbose_name = _("sitting")
        verbose_name_plural = _("sittings")

    def __str__(self) -> str:
        return f"{self.get_variant_display()}, {self.date}"

    def get_absolute_url(self) -> str:
        return f"/clubs/{self.club.slug}/sittings/{self.pk}/"

    @property
    def is_closed(self) -> bool:
        return self.closed_at is not None

    def seated_players(self) -> list[Player]:
        """The players in dealing order."""
        return [seat.player for seat in self.seats.select_related("player").order_by("number")]

    def live_deals(self) -> models.QuerySet[Deal]:
        return self.deals.filter(live=True).order_by("number")


class Seat(models.Model):
    """A player's place in a sitting's dealing order (0 deals first)."""

    sitting = models.ForeignKey(Sitting, on_delete=models.CASCADE, related_name="seats")
    number = models.PositiveSmallIntegerField(_("seat"))
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="seats")

    class Meta:
        ordering = ["sitting", "number"]
        constraints = [
            models.UniqueConstraint(fields=["sitting", "number"], name="one_player_per_seat"),
            models.UniqueConstraint(fields=["sitting", "player"], name="one_seat_per_player"),
        ]

    def __str__(self) -> str:
        return f"{self.player} in seat {self.number}"


class Deal(models.Model):
    """One revision of one deal. Rows are only ever added, never changed in their inputs.

    ``data`` is the deal in the sitting format with every player given by seat number. The
    revision that counts is ``live``; a correction adds a revision and retires the old one, a
    removal adds a revision with ``removed`` set and no data. ``reason`` is required for both.
    """

    sitting = models.ForeignKey(Sitting, on_delete=models.CASCADE, related_name="deals")
    number = models.PositiveIntegerField(_("deal"))
    revision = models.PositiveIntegerField(_("revision"), default=1)
    data = models.JSONField(_("deal"), null=True, blank=True)
    live = models.BooleanField(_("counts"), default=True)
    removed = models.BooleanField(_("removed"), default=False)
    reason = models.TextField(_("reason for the change"), blank=True)
    entered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    entered_at = models.DateTimeField(_("entered"), default=timezone.now)
    idempotency_key = models.CharField(max_length=64, blank=True, default="")

    class Meta:
        ordering = ["sitting", "number", "revision"]
        constraints = [
            models.UniqueConstraint(
                fields=["sitting", "number"], condition=Q(live=True), name="one_live_revision_per_deal"
            ),
            models.UniqueConstraint(fields=["sitting", "number", "revision"], name="revisions_numbered_once"),
            models.UniqueConstraint(
                fields=["sitting", "idempotency_key"],
                condition=~Q(idempotency_key=""),
                name="one_deal_per_form",
            ),
            models.CheckConstraint(condition=Q(removed=False) | Q(live=False), name="removal_never_live"),
        ]
        verbose_name = _("deal")
        verbose_name_plural = _("deals")

    def __str__(self) -> str:
        return f"deal {self.number} (revision {self.revision})"

    @property
    def corrected(self) -> bool:
        return self.revision > 1


class ScoreRow(models.Model):
    """Redundant: a player's game points in a live deal, as the engine computed them."""

    deal = models.ForeignKey(Deal, on_delete=models.CASCADE, related_name="scores")
    sitting = models.ForeignKey(Sitting, on_delete=models.CASCADE, related_name="score_rows")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="score_rows")
    points = models.IntegerField(_("game points"))

    class Meta:
        constraints = [models.UniqueConstraint(fields=["deal", "player"], name="one_score_per_player_and_deal")]

    def __str__(self) -> str:
        return f"{self.player}: {self.points:+d}"


class Breakdown(models.Model):
    """Redundant: a live deal's breakdown and the pots after it, as the engine computed them.

    ``lines`` lists ``[seat, pot, points, reason, why]`` in the engine's order: ``seat`` is null
    for a pot's line, ``pot`` empty for a player's; ``reason`` is the English text the ``score``
    output gives, ``why`` the same reason as template and values, for pages in other languages.
    ``pots`` maps each pot to what it holds after the deal (Danish Tarok; empty elsewhere).
    Read whole, so kept as one row per deal.
    """

    deal = models.OneToOneField(Deal, on_delete=models.CASCADE, related_name="breakdown")
    lines = models.JSONField(default=list)
    pots = models.JSONField(default=dict)

    def __str__(self) -> str:
        return f"breakdown of {self.deal}"

    def named_lines(self, names: list[str], translate: Callable[[str], str] | None = None) -> list[dict[str, object]]:
        """The lines as the ``score`` output writes them, players by name; with ``translate``,
        each reason in the language it gives."""
        return [
            {
                **({"player": names[seat]} if seat is not None else {"pot": pot}),
                "points": points,
                "reason": reason if translate is None else Reason.from_data(data).render(translate),
            }
            for seat, pot, points, reason, data in self.lines
        ]
