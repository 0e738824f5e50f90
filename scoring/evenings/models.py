"""A club's regular evening: who has come tonight, and the rounds of tables proposed and started.

Words:

- **evening**: one game's evening at a club on one day, with who is checked in (present now:
  a player who leaves is unticked) and the preferred table size (3 or 4; Kosakeln sits 2).
- **round**: a seating of the evening, first proposed (its tables may still be swapped), then
  started (each table a sitting). A second round counts the first as history.
- **group**: players the club seats apart or together (a couple), set on the groups page.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from scoring.club.models import Club, Player, variant_choices
from scoring.sittings.models import Sitting


class Evening(models.Model):
    """Tonight for one game at a club: who is here, and at which table size first."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="evenings")
    variant = models.CharField(_("variant"), max_length=20, choices=variant_choices)
    # the club's day (TIME_ZONE), as the evening's page looks it up, not the server's
    date = models.DateField(_("date"), default=timezone.localdate)
    table_size = models.PositiveSmallIntegerField(_("preferred table size"), default=4)
    present = models.ManyToManyField(Player, related_name="+", blank=True, verbose_name=_("present"))
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["-date", "variant"]
        constraints = [models.UniqueConstraint(fields=["club", "variant", "date"], name="one_evening_per_game_and_day")]
        verbose_name = _("evening")
        verbose_name_plural = _("evenings")

    def __str__(self) -> str:
        return f"{self.get_variant_display()} · {self.date}"


class EveningRound(models.Model):
    """A seating of the evening: ``tables`` lists each table's player ids in seat order (seat 1
    deals first), ``byes`` who was present and had no seat. Started, each table is a sitting."""

    evening = models.ForeignKey(Evening, on_delete=models.CASCADE, related_name="rounds")
    number = models.PositiveSmallIntegerField(_("round"))
    seed = models.PositiveIntegerField(default=1, help_text=_("The seed this seating was proposed with."))
    tables = models.JSONField(default=list)
    byes = models.JSONField(default=list, blank=True)
    started_at = models.DateTimeField(null=True, blank=True)
    sittings = models.ManyToManyField(Sitting, related_name="evening_rounds", blank=True)

    class Meta:
        ordering = ["evening", "number"]
        constraints = [models.UniqueConstraint(fields=["evening", "number"], name="evening_rounds_numbered_once")]

    def __str__(self) -> str:
        return f"{self.evening}, round {self.number}"

    @property
    def started(self) -> bool:
        return self.started_at is not None


GROUP_NAME_LENGTH = 60


class PlayerGroup(models.Model):
    """Players the club seats apart (a couple who want to play apart) or at one table."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="player_groups")
    name = models.CharField(_("name"), max_length=GROUP_NAME_LENGTH)
    together = models.BooleanField(_("seated together"), default=False)
    members = models.ManyToManyField(Player, related_name="player_groups", verbose_name=_("players"))

    class Meta:
        ordering = ["name"]
        constraints = [models.UniqueConstraint(fields=["club", "name"], name="player_group_name_unique_in_club")]
        verbose_name = _("group of players")
        verbose_name_plural = _("groups of players")

    def __str__(self) -> str:
        return self.name
