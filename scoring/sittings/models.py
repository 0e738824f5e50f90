"""Sittings and their deals: what the scorekeeper entered, kept forever, and the stored results.

Words:

- **seat**: a player's place at the table, numbered from 1; seat 1 deals first and the deal
  passes to the next seat. Stored deals name players by their **index** in the dealing order
  (seat − 1), the position of the name in a sitting document's ``players`` list.
- **revision**: inputs are kept exactly as entered and never changed: a deal is a row per
  revision, and a correction or a removal adds a revision (who, when, why) instead of changing one.
  The revision that counts is the deal's **live** one.

The engine's results are stored too, beside the live revisions: ``ScoreRow`` (each player's game
points per deal, a row each so that standings are SQL sums) and ``Breakdown`` (the itemized
breakdown and the Danish pots after the deal, read whole). These rows are **redundant**: a cache
of what the engine computes from the live deals, kept so that pages need no rescoring. The
services replace them whenever a deal changes, in the same transaction; ``manage.py
recompute_scores`` rebuilds them all and reports any row that differed.
"""

from __future__ import annotations

import datetime
from typing import Any

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.urls import reverse
from django.utils import timezone
from django.utils.formats import date_format
from django.utils.translation import gettext_lazy as _

from scoring.club.models import SLUG_LENGTH, Club, CountsChanges, Player, variant_choices
from scoring.engine import VARIANTS, Variant
from scoring.engine.base import MOST_POINTS
from scoring.limits import (
    FORM_KEY_LENGTH,
    MOST_CENTS_PER_POINT,
    MOST_SEATS,
    MOST_SHEET_FEE_CENTS,
    PHONE_LENGTH,
    REASON_LENGTH,
)


class Sitting(CountsChanges):
    """Players at one table playing deals of one variant, with the house rules in force then."""

    club = models.ForeignKey(Club, on_delete=models.PROTECT, related_name="sittings")
    variant = models.CharField(_("variant"), max_length=20, choices=variant_choices)
    options = models.JSONField(
        _("house rules"), default=dict, help_text=_("Every option in force, copied when the sitting started.")
    )
    date = models.DateField(_("date"), default=datetime.date.today)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    created_at = models.DateTimeField(_("started"), default=timezone.now)
    closed_at = models.DateTimeField(_("closed"), null=True, blank=True)
    deals_due = models.PositiveIntegerField(
        _("deals to play"), null=True, blank=True, help_text=_("A tournament's table plays this many deals.")
    )
    held = models.JSONField(_("held"), null=True, blank=True, default=None, editable=False)
    """Why the sitting takes no new deal now, as a reason (``Reason.as_data``), or null while it
    takes them. Whoever holds a sitting says why: a tournament's services, while its table's round
    is not published yet or is closed (the sittings know no tournaments). Corrections are
    another matter."""
    deal_count = models.PositiveIntegerField(_("deals"), default=0)
    """Redundant: how many live deals the sitting has, kept by the services with the deals, so
    that lists of sittings need not count every club's deals."""
    confirms = models.BooleanField(_("deals confirmed by another player"), default=False)
    """Whether a deal entered waits for another player of the table to confirm it (a tournament's
    tables by default, a club's sittings where the club says so), kept with the sitting like its
    house rules: changing the setting later changes no sitting already started."""
    thrown_in_count = models.PositiveIntegerField(_("deals thrown in"), default=0)
    """Redundant: how many of the live deals were thrown in (dealt, not played), kept with
    ``deal_count``: a thrown-in deal is no deal played (``played_count``)."""
    # The money terms in force when the sitting started (``scoring.ledger.models.money_terms``),
    # kept like the house rules: changing the club's tariff or fee later changes no evening.
    cents_per_point = models.DecimalField(
        _("tariff"), max_digits=8, decimal_places=2, help_text=_("Cents per game point, as the club's tariff was.")
    )
    sheet_fee_cents = models.PositiveIntegerField(
        _("sheet fee"), default=0, help_text=_("Cents each player pays into the Kasse for the sitting.")
    )
    share_pots = models.BooleanField(
        _("pots shared"), default=False, help_text=_("What the pots hold at the end is shared among the players.")
    )

    # Where an imported sitting came from, as its export said (``scoring.sittings.exports``): the
    # club's short name and the sitting's number there, by which the same sitting imported again
    # is recognised (whatever its revision), and for the record how many revisions its deals had.
    # Empty for a sitting started here, or imported from a document that did not say.
    origin_club = models.CharField(_("imported from club"), max_length=SLUG_LENGTH, blank=True, default="")
    origin_number = models.PositiveIntegerField(_("imported from sitting"), null=True, blank=True)
    origin_revision = models.PositiveIntegerField(_("revisions when exported"), null=True, blank=True)
    imported_at = models.DateTimeField(_("imported"), null=True, blank=True)

    class Meta:
        ordering = ["-date", "-id"]
        indexes = [
            models.Index(fields=["club", "-date"]),
            models.Index(fields=["club", "variant", "date"], name="sittings_of_a_game"),
            models.Index(fields=["club", "origin_club", "origin_number"], name="sitting_origin"),
        ]
        constraints = [
            models.CheckConstraint(
                condition=Q(cents_per_point__gte=0, cents_per_point__lte=MOST_CENTS_PER_POINT),
                name="sitting_tariff_in_range",
            ),
            models.CheckConstraint(condition=Q(sheet_fee_cents__lte=MOST_SHEET_FEE_CENTS), name="sitting_fee_in_range"),
        ]
        verbose_name = _("sitting")
        verbose_name_plural = _("sittings")

    def __str__(self) -> str:
        """The game and the day, the day as the page's language writes dates (as everywhere)."""
        return f"{self.get_variant_display()} · {date_format(self.date)}"

    def get_absolute_url(self) -> str:
        return reverse("sittings:detail", kwargs={"slug": self.club.slug, "pk": self.pk})

    @property
    def rules(self) -> Variant:
        """The variant's rules and facts (table sizes, unit, pots, fields)."""
        return VARIANTS[self.variant]

    @property
    def is_closed(self) -> bool:
        return self.closed_at is not None

    @property
    def played_count(self) -> int:
        """The live deals that were played, not thrown in: what a table's deals due count."""
        return self.deal_count - self.thrown_in_count

    @property
    def takes_deals(self) -> bool:
        """Whether a new deal would be taken now (``record_deal`` refuses it otherwise): the
        sitting is open, not held, and a table's deals due are not all played yet."""
        due = self.deals_due is None or self.played_count < self.deals_due
        return not self.is_closed and self.held is None and due

    @property
    def in_tournament(self) -> bool:
        """Whether the sitting is a tournament's table (a ``RoundTable``'s, by its reverse name,
        as ``sittings_of`` reads it): such a sitting closes with its tournament, never from its
        sheet, so that the tournament's rounds decide who enters and corrects its deals."""
        return hasattr(self, "round_table")

    def seated_players(self) -> list[Player]:
        """The players in dealing order."""
        return [seat.player for seat in self.seats.select_related("player").order_by("number")]

    def seated_names(self) -> list[str]:
        """The players' names in dealing order, read as values: most pages need no more."""
        return list(self.seats.order_by("number").values_list("player__display_name", flat=True))

    def live_deals(self) -> models.QuerySet[DealRevision]:
        """The deals as they stand: each one's live revision, in order."""
        return self.revisions.filter(live=True).order_by("number")


class Seat(models.Model):
    """A player's place at the table: seat 1 deals first.

    ``points``, ``declarer_losses`` and ``deals_played`` are redundant, like the score rows: the
    player's game points over the live deals, the deals he lost as declarer and the deals he
    played (not sat out), kept by the services with the rows so that totals, standings and season
    tables need not add up every deal. ``cents`` is his balance at the sitting's own money terms
    (``scoring.money.sitting_money`` of every seat's points), kept with them so that the season's
    money sums a column instead of working out every sitting again.
    """

    sitting = models.ForeignKey(Sitting, on_delete=models.CASCADE, related_name="seats")
    number = models.PositiveSmallIntegerField(_("seat"))
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="seats")
    points = models.BigIntegerField(_("game points"), default=0)
    declarer_losses = models.PositiveIntegerField(_("deals lost as declarer"), default=0)
    deals_played = models.PositiveIntegerField(_("deals played"), default=0)
    cents = models.BigIntegerField(_("balance in cents"), default=0)

    class Meta:
        ordering = ["sitting", "number"]
        constraints = [
            models.UniqueConstraint(fields=["sitting", "number"], name="one_player_per_seat"),
            models.UniqueConstraint(fields=["sitting", "player"], name="one_seat_per_player"),
            models.CheckConstraint(condition=Q(number__gte=1, number__lte=MOST_SEATS), name="seat_in_range"),
        ]

    def __str__(self) -> str:
        return f"{self.player} in seat {self.number}"

    @property
    def index(self) -> int:
        """The player's place in the dealing order as stored deals and the engine name it (from 0):
        the one conversion between the two ways of counting."""
        return self.number - 1


class DealRevision(models.Model):
    """One revision of one deal. Rows are only ever added, never changed in their inputs.

    ``data`` is the deal in the sitting format with every player given by his index in the
    dealing order. The revision that counts is ``live``; a correction adds a revision and
    retires the old one, a removal adds a revision with ``removed`` set and no data. ``reason``
    is required for both.
    """

    sitting = models.ForeignKey(Sitting, on_delete=models.CASCADE, related_name="revisions")
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
    idempotency_key = models.CharField(max_length=FORM_KEY_LENGTH, blank=True, default="")
    confirmed_at = models.DateTimeField(_("confirmed"), null=True, blank=True)
    """When another player of the table confirmed the revision (``scoring.sittings.confirmation``);
    set at once where nobody needs to: a sitting that does not confirm, an import, a correction of
    a sitting that takes no more deals (the director's, after the round)."""
    confirmed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    mismatches = models.PositiveSmallIntegerField(_("figures that did not match"), default=0)
    """How often a player confirming typed a figure that did not match: the sheet shows both
    sides that the deal needs another look."""
    phone = models.CharField(max_length=PHONE_LENGTH, blank=True, default="")
    """Which phone entered the revision through a table's link (``scoring.tournaments.phones``),
    so that the director sees when two phones enter at one table; empty elsewhere."""

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
            models.CheckConstraint(condition=Q(number__gte=1, revision__gte=1), name="deal_numbers_from_one"),
            models.CheckConstraint(condition=Q(reason__length__lte=REASON_LENGTH), name="reason_in_range"),
            models.CheckConstraint(
                condition=Q(idempotency_key__length__lte=FORM_KEY_LENGTH), name="revision_key_in_range"
            ),
        ]
        verbose_name = _("deal revision")
        verbose_name_plural = _("deal revisions")

    def __str__(self) -> str:
        return f"deal {self.number} (revision {self.revision})"

    @property
    def corrected(self) -> bool:
        return self.revision > 1

    @property
    def waiting(self) -> bool:
        """Whether the revision counts but waits for another player's confirmation."""
        return self.live and self.confirmed_at is None

    @property
    def inputs(self) -> dict[str, Any]:
        """The stored deal (players by index); a removal has none."""
        assert self.data is not None, "a removal has no inputs"
        data: dict[str, Any] = self.data
        return data


class ScoreRow(models.Model):
    """Redundant: a player's game points in a live deal, as the engine computed them, and whether
    he played it (``played`` is false for the player who sat the deal out at a table of four).

    Season tables sum these rows per sitting and player; the index holds every column the sum
    reads, so the sum never touches the table itself.
    """

    revision = models.ForeignKey(DealRevision, on_delete=models.CASCADE, related_name="scores")
    sitting = models.ForeignKey(Sitting, on_delete=models.CASCADE, related_name="score_rows")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="score_rows")
    points = models.IntegerField(_("game points"))
    played = models.BooleanField(_("played"), default=True)

    class Meta:
        indexes = [models.Index(fields=["sitting", "player", "played", "points"], name="score_rows_summed")]
        constraints = [
            models.UniqueConstraint(fields=["revision", "player"], name="one_score_per_player_and_deal"),
            models.CheckConstraint(
                condition=Q(points__gte=-MOST_POINTS, points__lte=MOST_POINTS), name="score_in_range"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.player}: {self.points:+d}"


class Breakdown(models.Model):
    """Redundant: a live deal's breakdown and the pots after it, as the engine computed them.

    ``lines`` lists the lines in the engine's order, each a record with the player's index in
    the dealing order (null for a pot's line), the pot (empty for a player's), the points, the
    English reason the ``score`` output gives and the same reason as template and values, for
    pages in other languages (``scoring.sittings.stored.StoredLine``). ``pots`` maps each pot to what it holds
    after the deal (Danish Tarok; empty elsewhere). Read whole, so kept as one row per deal.
    """

    revision = models.OneToOneField(DealRevision, on_delete=models.CASCADE, related_name="breakdown")
    lines = models.JSONField(default=list)
    pots = models.JSONField(default=dict)

    def __str__(self) -> str:
        return f"breakdown of {self.revision}"


class PlayerMonth(models.Model):
    """Redundant: a player's sittings of one variant in one calendar month, summed from his seats,
    so that a season table sums a dozen rows per player instead of every seat of the season
    (``scoring.sittings.months`` keeps them, ``recompute_scores`` rebuilds them).

    ``month`` is the month's first day; ``in_tournament`` tells a tournament's tables apart from
    the club's evenings (a ranking rule counts them or not). Only sittings with a deal count, as
    in the ledger: ``sittings`` of them, ``deals_played``, ``points`` and ``cents`` (his balances)
    summed over his seats, ``open_sittings`` those not closed yet, ``best`` his best single
    sitting's game points.
    """

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="+")
    variant = models.CharField(_("variant"), max_length=20, choices=variant_choices)
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="+")
    month = models.DateField(_("month"))
    in_tournament = models.BooleanField(_("tournament tables"), default=False)
    sittings = models.PositiveIntegerField(_("sittings"))
    deals_played = models.PositiveIntegerField(_("deals played"))
    points = models.BigIntegerField(_("game points"))
    open_sittings = models.PositiveIntegerField(_("open sittings"))
    best = models.BigIntegerField(_("best sitting"))
    cents = models.BigIntegerField(_("balance in cents"), default=0)

    class Meta:
        indexes = [models.Index(fields=["club", "variant", "month"], name="player_months_of_season")]
        constraints = [
            models.UniqueConstraint(
                fields=["player", "variant", "month", "in_tournament"], name="one_row_per_player_and_month"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.player} in {self.month:%Y-%m}: {self.points:+d}"
