"""The stored ratings: a row per player and rated sitting, his skill after it.

These rows are **redundant**, like the score rows: what ``scoring.ratings.model`` computes from
the closed sittings' stored results, kept so that the rating table and a player's history need
no re-rating. ``scoring.ratings.stored`` writes them, inside the transaction of every service
that changes a closed sitting's results (closing, a correction, a taken-back deal), re-rating
the game from that sitting's date on; ``manage.py rate --club SLUG`` re-rates from scratch and
reports any row that differed.

``club``, ``variant`` and ``date`` repeat the sitting's, so that re-rating from a date and the
table's "latest row per player" read one table through its indexes.
"""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _

from scoring.club.models import Club, Player, variant_choices
from scoring.ratings.model import Skill
from scoring.sittings.models import Sitting


class Rating(models.Model):
    """A player's skill after one rated sitting of a game, his place in it, and how many sittings
    of the game had rated him by then (this one included)."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="+")
    variant = models.CharField(_("variant"), max_length=20, choices=variant_choices)
    sitting = models.ForeignKey(Sitting, on_delete=models.CASCADE, related_name="ratings")
    date = models.DateField(_("date"))
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="ratings")
    place = models.PositiveSmallIntegerField(_("place"))
    mu = models.FloatField()
    sigma = models.FloatField()
    sittings = models.PositiveIntegerField(_("rated sittings"))

    class Meta:
        ordering = ["club", "variant", "date", "sitting"]
        indexes = [
            models.Index(fields=["club", "variant", "date"], name="ratings_by_date"),
            models.Index(fields=["player", "variant", "sittings"], name="ratings_latest"),
        ]
        constraints = [
            models.UniqueConstraint(fields=["sitting", "player"], name="one_rating_per_player_and_sitting"),
        ]
        verbose_name = _("rating")
        verbose_name_plural = _("ratings")

    def __str__(self) -> str:
        return f"{self.player_id} after sitting {self.sitting_id}: {self.skill.shown}"

    @property
    def skill(self) -> Skill:
        return Skill(self.mu, self.sigma, self.sittings)
