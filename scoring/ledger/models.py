"""What the ledger stores: a club's seasons, and the ranking rule of each season's table per
variant. (The club's money settings, which every sitting takes its money terms from, are the
club's own: ``scoring.club.models``.)

Words:

- **season**: a named date range of one club ("Winter 2026/27"). Admins define seasons, and they
  may overlap; besides them every **calendar year** is a season without a row of its own.
- **paid transfer**: a transfer of a who-pays-whom list that a club admin marked paid (see
  ``PaidTransfer``).
- **ranking rule**: how a season's table of one variant is ranked (the mode of
  ``scoring.ledger.ranking`` and its settings). A rule belongs to an admin-defined season or to
  a calendar year, so changing the rule for next year changes no table of last year. A calendar
  year without a rule of its own follows the latest earlier year that has one; a season defined
  by an admin gets a copy of the rules in force for the year it starts in, when it is made.
Writes go through ``scoring.ledger.services``; pages read through ``scoring.ledger.results``.
"""

from __future__ import annotations

from typing import Any, Literal

from django.conf import settings
from django.db import models
from django.db.models import F, Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from scoring.club.models import Club, Player, variant_choices
from scoring.engine.reasons import Reason, gettext_noop, why
from scoring.ledger.ranking import DEFAULT_CUP_TABLE, FIELD, MODES, Mode
from scoring.limits import MOST_RANKING_SETTING, SEASON_NAME_LENGTH, text_problem
from scoring.sittings.models import Sitting

MODE_NAMES = {
    "total": _("total: the sum of game points"),
    "per_deal": _("per deal: game points per deal played"),
    "scaled": _("scaled: game points per deal × the list length"),
    "best_n": _("best sittings: the sum of the best K sitting results"),
    "cup": _("cup: cup points by place in the season's tournaments"),
}
"""Each ranking mode as the forms and tables name it."""

FIGURE_TITLES = {
    "total": _("Game points"),
    "per_deal": _("Per deal"),
    "scaled": _("Scaled"),
    "best_n": _("Best sittings"),
    "cup": _("Cup points"),
}
"""What the figure column is called in each ranking mode."""


def season_name_problem(name: str) -> Reason | None:
    """Why a (normalised) season name cannot be kept, or ``None``."""
    return text_problem(name, SEASON_NAME_LENGTH) if name else why(gettext_noop("Give the season a name."))


SEASON_ENDS_FIRST = why(gettext_noop("A season ends on or after its first day."))
"""Why a season's dates are refused: its last day before its first."""


class Season(models.Model):
    """A season an admin defined: a name and a date range (both days included). Seasons may
    overlap; the calendar years are seasons too, without a row."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="seasons")
    name = models.CharField(_("name"), max_length=SEASON_NAME_LENGTH)
    start = models.DateField(_("first day"))
    end = models.DateField(_("last day"))

    class Meta:
        ordering = ["-start", "-id"]
        constraints = [
            models.UniqueConstraint(fields=["club", "name"], name="season_name_unique_in_club"),
            models.CheckConstraint(condition=Q(end__gte=F("start")), name="season_ends_after_it_starts"),
            models.CheckConstraint(
                condition=Q(name__length__gte=1, name__length__lte=SEASON_NAME_LENGTH)
                & ~Q(name__startswith=" ")
                & ~Q(name__endswith=" "),
                name="season_name_in_range",
            ),
        ]
        verbose_name = _("season")
        verbose_name_plural = _("seasons")

    def __str__(self) -> str:
        return f"{self.name} ({self.start} – {self.end})"


class RankingRule(models.Model):
    """How the table of one variant in one season is ranked: an admin-defined season's own rule,
    or a calendar year's (``year``), which later years without a rule follow.

    The settings are those of ``scoring.ledger.ranking.Mode``: ``list_length`` L (``scaled``),
    ``best`` K (``best_n``; ``cup``: empty for every tournament), ``cup_table`` (points for places
    1, 2, … as a list, or ``"field"``), ``minimum_attendance`` M and ``fill_missing``.
    ``with_tournaments``: the tables of the club's tournaments in the season count as sittings.
    """

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="ranking_rules")
    variant = models.CharField(_("variant"), max_length=20, choices=variant_choices)
    season = models.ForeignKey(Season, on_delete=models.CASCADE, null=True, blank=True, related_name="rules")
    year = models.PositiveIntegerField(_("year"), null=True, blank=True)
    mode = models.CharField(_("ranking mode"), max_length=10, default="total", choices=list(MODE_NAMES.items()))
    list_length = models.PositiveIntegerField(_("list length"), null=True, blank=True)
    best = models.PositiveIntegerField(_("best K"), null=True, blank=True)
    cup_table = models.JSONField(_("cup table"), default=list)
    minimum_attendance = models.PositiveIntegerField(_("minimum attendance"), default=0)
    fill_missing = models.BooleanField(_("count missing sittings as 0"), default=False)
    with_tournaments = models.BooleanField(_("count the tables of tournaments"), default=False)

    class Meta:
        constraints = [
            models.CheckConstraint(
                condition=Q(season__isnull=False, year__isnull=True) | Q(season__isnull=True, year__isnull=False),
                name="rule_of_a_season_or_a_year",
            ),
            models.UniqueConstraint(
                fields=["club", "variant", "season"], condition=Q(season__isnull=False), name="one_rule_per_season"
            ),
            models.UniqueConstraint(
                fields=["club", "variant", "year"], condition=Q(year__isnull=False), name="one_rule_per_year"
            ),
            models.CheckConstraint(condition=Q(mode__in=MODES), name="rule_mode_known"),
            models.CheckConstraint(condition=Q(year__gte=1, year__lte=9999), name="rule_year_in_range"),
            models.CheckConstraint(
                condition=Q(list_length__gte=1, list_length__lte=MOST_RANKING_SETTING), name="rule_list_length_in_range"
            ),
            models.CheckConstraint(condition=Q(best__gte=1, best__lte=MOST_RANKING_SETTING), name="rule_best_in_range"),
            models.CheckConstraint(
                condition=Q(minimum_attendance__lte=MOST_RANKING_SETTING), name="rule_attendance_in_range"
            ),
        ]
        verbose_name = _("ranking rule")
        verbose_name_plural = _("ranking rules")

    def __str__(self) -> str:
        return f"{self.club}: {self.variant} {self.season or self.year}: {self.mode}"

    def as_mode(self) -> Mode:
        """The rule as the ranking reads it."""
        table = self.cup_table
        cup: tuple[int, ...] | Literal["field"] = FIELD if table == FIELD else tuple(table or DEFAULT_CUP_TABLE)
        return Mode(
            mode=self.mode,
            list_length=self.list_length,
            best=self.best,
            cup_table=cup,
            minimum_attendance=self.minimum_attendance,
            fill_missing=self.fill_missing,
        )

    def settings(self) -> dict[str, Any]:
        """The rule's settings, to copy into another season's rule."""
        return {
            "mode": self.mode,
            "list_length": self.list_length,
            "best": self.best,
            "cup_table": self.cup_table,
            "minimum_attendance": self.minimum_attendance,
            "fill_missing": self.fill_missing,
            "with_tournaments": self.with_tournaments,
        }


class PaidTransfer(models.Model):
    """A transfer of a who-pays-whom list that a club admin marked paid: who paid whom how much,
    who marked it and when.

    The list is a sitting's (``sitting``) or a season's (an admin-defined ``season`` or a calendar
    ``year``) of one game (``variant``) or of every game (``variant`` empty). A party is a player,
    or the Kasse (no player). The list itself is never stored: it is worked out from the scores
    each time, so a payment is kept by its payer, payee and amount, never by its place in the
    list. A list holds each pair of payer and payee once at most, so each list keeps one payment
    per pair (``scoring.ledger.services.mark_paid`` replaces it); when a correction changes the
    list, the pages match each payment to the transfer of the same pair and show it as changed
    where the amount differs or the pair is gone (``scoring.ledger.paid``)."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="paid_transfers")
    sitting = models.ForeignKey(Sitting, on_delete=models.CASCADE, null=True, blank=True, related_name="+")
    season = models.ForeignKey(Season, on_delete=models.CASCADE, null=True, blank=True, related_name="+")
    year = models.PositiveIntegerField(_("year"), null=True, blank=True)
    variant = models.CharField(_("variant"), max_length=20, blank=True, default="")
    payer = models.ForeignKey(Player, on_delete=models.PROTECT, null=True, blank=True, related_name="+")
    payee = models.ForeignKey(Player, on_delete=models.PROTECT, null=True, blank=True, related_name="+")
    cents = models.PositiveIntegerField(_("amount in cents"))
    marked_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    marked_at = models.DateTimeField(_("marked paid at"), default=timezone.now)

    class Meta:
        constraints = [
            models.CheckConstraint(
                condition=Q(sitting__isnull=False, season__isnull=True, year__isnull=True)
                | Q(sitting__isnull=True, season__isnull=False, year__isnull=True)
                | Q(sitting__isnull=True, season__isnull=True, year__isnull=False),
                name="paid_transfer_in_one_list",
            ),
            models.CheckConstraint(condition=Q(cents__gte=1), name="paid_transfer_moves_money"),
            models.CheckConstraint(
                condition=Q(payer__isnull=False) | Q(payee__isnull=False), name="paid_transfer_has_a_player"
            ),
            models.CheckConstraint(condition=~Q(payer=F("payee")), name="paid_transfer_between_two"),
        ]
        verbose_name = _("paid transfer")
        verbose_name_plural = _("paid transfers")

    def __str__(self) -> str:
        return f"{self.club}: {self.payer or 'Kasse'} → {self.payee or 'Kasse'}, {self.cents} cents"
