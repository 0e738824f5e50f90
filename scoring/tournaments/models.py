"""A tournament's records: the tournament, its entrants, its rounds and their tables.

A table is a sitting like any other: its deals are entered and corrected with the ordinary deal
form and its scores are the ordinary stored rows, so the engine and the services of sittings
serve tournaments unchanged. What is kept here is only what a tournament adds: who entered and
with which start number, how the rounds were drawn, published and closed, and the secret link of
each table.
"""

from __future__ import annotations

import datetime
import re
import secrets
from typing import Any

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from scoring.club.models import Club, Player, variant_choices
from scoring.engine import VARIANTS, Variant
from scoring.engine.reasons import gettext_noop, why
from scoring.sittings.models import Sitting
from scoring.tournaments.ranking import SCORINGS, STATES

GAME_POINTS, PLACEMENT = SCORINGS
ACTIVE, WITHDRAWN, DISQUALIFIED = STATES
DRAWN, PUBLISHED, CLOSED = "drawn", "published", "closed"
MOST_ROUNDS = 50
MOST_ENTRANTS = 500
MOST_SEED = 2**31 - 1
"""The largest seed of a tournament or a round: the largest integer every database keeps."""
MOST_MINUTES = 600
"""The longest round the room's clock counts down (ten hours)."""


def new_token() -> str:
    """An unguessable secret for a table's link (192 bits)."""
    return secrets.token_urlsafe(24)


TOKEN = re.compile(r"[A-Za-z0-9_-]{1,64}")
"""What a table link's secret can be (``new_token`` writes 32 of these characters): an address
with anything else is no table's, and is not looked up (PostgreSQL cannot even read a NUL)."""


TIEBREAK_WORDS = {
    "game_points": _("more game points"),
    "placement_points": _("more placement points"),
    "table_wins": _("more table wins"),
    "best_round": _("the better best round"),
    "round_results": _("the better round results, best first"),
    "fewest_declarer_losses": _("fewer deals lost as declarer"),
    "lot": _("the lot"),
}
"""Each tiebreak as the standings' legend says it."""


def held(number: int, state: str, closed_early: bool = False) -> dict[str, Any] | None:
    """Why a table of round ``number`` in ``state`` takes no new deal (``Sitting.held``), or
    ``None`` while the round is being played: a drawn round is not public yet and may be drawn
    again; a closed round's results count, and its deals are only corrected; a table closed early
    keeps the deals it played, no more."""
    if state == DRAWN:
        return why(gettext_noop("round {number} is not published yet: no deals are entered"), number=number).as_data()
    if state == CLOSED:
        return why(gettext_noop("round {number} is closed: no deals are entered"), number=number).as_data()
    if closed_early:
        return why(gettext_noop("the table is closed early: no deals are entered")).as_data()
    return None


class Tournament(models.Model):
    """One event of one club in one variant, under one set of house rules (copied in when it is
    created, like a sitting's), with a planned number of rounds."""

    class Scoring(models.TextChoices):
        GAME_POINTS = GAME_POINTS, _("game points")
        PLACEMENT = PLACEMENT, _("points by place at the table")

    club = models.ForeignKey(Club, on_delete=models.PROTECT, related_name="tournaments")
    name = models.CharField(_("name"), max_length=100)
    variant = models.CharField(_("variant"), max_length=20, choices=variant_choices)
    date = models.DateField(_("date"), default=datetime.date.today)
    options = models.JSONField(_("house rules"), default=dict)
    scoring = models.CharField(_("scoring"), max_length=20, choices=Scoring.choices, default=GAME_POINTS)
    tiebreaks = models.JSONField(_("tiebreaks"), default=list)
    table_sizes = models.JSONField(_("table sizes"), default=list, help_text=_("The allowed sizes, preferred first."))
    deals_per_dealer = models.PositiveSmallIntegerField(_("deals per dealer"), default=4)
    rounds_planned = models.PositiveSmallIntegerField(_("rounds"), default=4)
    bye_points = models.IntegerField(_("points for a bye"), default=0)
    bye_average = models.BooleanField(
        _("a bye scores the entrant's average"), default=False, help_text=_("Instead of the points for a bye.")
    )
    byes_at_tables = models.BooleanField(
        _("byes at tables of 3 or 4"),
        default=False,
        help_text=_("Entrants the tables cannot seat have a bye, nobody a second before everyone had one."),
    )
    missed_round_points = models.IntegerField(_("points for a missed round"), default=0)
    public = models.BooleanField(_("public"), default=False, help_text=_("Anyone may read the standings and seating."))
    live_standings = models.BooleanField(
        _("live standings"), default=False, help_text=_("The public page shows the standings before a round closes.")
    )
    hold_results = models.BooleanField(
        _("Results held back"),
        default=False,
        help_text=_(
            "While a round is open, the room's screen and the table links show no standings; they appear when the"
            " round closes."
        ),
    )
    confirm_deals = models.BooleanField(
        _("deals confirmed by another player"),
        default=True,
        help_text=_("A deal entered at a table counts once another player of the table has confirmed it."),
    )
    seeded_from_round = models.PositiveSmallIntegerField(
        _("seeded from round"),
        null=True,
        blank=True,
        help_text=_("From this round on the best entrants sit together, table 1 first."),
    )
    seed = models.PositiveIntegerField(default=0, help_text=_("Seeds the draws and the lot."))
    numbers_given = models.PositiveIntegerField(default=0, editable=False)
    """The highest start number given so far: the next entrant gets the one after it, even when
    the entrant who had it was removed (start numbers are never given twice)."""
    plan = models.JSONField(default=list, blank=True)
    """The rounds drawn at once at the first draw, as start numbers by table and seat, for the
    entrants then: later rounds use it while nobody entered, withdrew or was seated otherwise."""
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    created_at = models.DateTimeField(default=timezone.now)
    closed_at = models.DateTimeField(_("closed"), null=True, blank=True)

    class Meta:
        ordering = ["-date", "-id"]
        constraints = [
            models.CheckConstraint(
                condition=Q(name__length__gte=1, name__length__lte=100), name="tournament_name_in_range"
            ),
            models.CheckConstraint(
                condition=Q(rounds_planned__gte=1, rounds_planned__lte=MOST_ROUNDS), name="tournament_rounds_in_range"
            ),
            models.CheckConstraint(
                condition=Q(deals_per_dealer__gte=1, deals_per_dealer__lte=20), name="tournament_deals_in_range"
            ),
        ]
        verbose_name = _("tournament")
        verbose_name_plural = _("tournaments")

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("tournaments:detail", kwargs={"slug": self.club.slug, "pk": self.pk})

    @property
    def rules(self) -> Variant:
        return VARIANTS[self.variant]

    @property
    def is_closed(self) -> bool:
        return self.closed_at is not None

    def deals_due(self, table_size: int) -> int:
        """Deals a table of this size plays in a round: each player deals ``deals_per_dealer`` times."""
        return table_size * self.deals_per_dealer


class Entrant(models.Model):
    """A club player taking part, with a start number (1, 2, … in order of entry, never reused)."""

    class State(models.TextChoices):
        ACTIVE = ACTIVE, _("active")
        WITHDRAWN = WITHDRAWN, _("withdrawn")
        DISQUALIFIED = DISQUALIFIED, _("disqualified")

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="entrants")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="entries")
    start_number = models.PositiveIntegerField(_("start number"))
    state = models.CharField(_("state"), max_length=20, choices=State.choices, default=ACTIVE)
    group = models.CharField(
        _("group"), max_length=40, blank=True, help_text=_("Entrants of one group (a family, a team) are kept apart.")
    )
    entered_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["tournament", "start_number"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "start_number"], name="start_numbers_once"),
            models.UniqueConstraint(fields=["tournament", "player"], name="one_entry_per_player"),
            models.CheckConstraint(condition=Q(state__in=list(STATES)), name="entrant_state_known"),
        ]
        verbose_name = _("entrant")
        verbose_name_plural = _("entrants")

    def __str__(self) -> str:
        return f"{self.start_number}. {self.player}"


class Round(models.Model):
    """Every active entrant seated once at a table: ``drawn`` (not public, may be drawn again),
    ``published`` (tables play and enter deals) or ``closed`` (its results count)."""

    class State(models.TextChoices):
        DRAWN = DRAWN, _("drawn")
        PUBLISHED = PUBLISHED, _("published")
        CLOSED = CLOSED, _("closed")

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="rounds")
    number = models.PositiveSmallIntegerField(_("round"))
    state = models.CharField(_("state"), max_length=20, choices=State.choices, default=DRAWN)
    seed = models.PositiveIntegerField(default=0, help_text=_("The seed this round was drawn with."))
    byes = models.JSONField(default=list, blank=True)
    """Start numbers of the entrants the draw gave a bye (Kosakeln with an odd count, or whoever
    the tables of 3 or 4 could not seat where the tournament allows byes there)."""
    drawn_at = models.DateTimeField(default=timezone.now)
    closed_at = models.DateTimeField(null=True, blank=True)
    closed_unconfirmed = models.CharField(_("closed with deals unconfirmed because"), max_length=200, blank=True)
    """The director's reason for closing the round while deals still waited for confirmation,
    shown on the round's pages and sheet."""
    clock_minutes = models.PositiveSmallIntegerField(_("length of the round in minutes"), null=True, blank=True)
    clock_started_at = models.DateTimeField(null=True, blank=True)
    """When the round's clock was last started; ``None`` while it is paused or not started."""
    clock_run_seconds = models.PositiveIntegerField(default=0)
    """The seconds the clock had run before it was last started (``scoring.tournaments.clock``)."""

    class Meta:
        ordering = ["tournament", "number"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "number"], name="rounds_numbered_once"),
            models.CheckConstraint(condition=Q(state__in=[DRAWN, PUBLISHED, CLOSED]), name="round_state_known"),
            models.CheckConstraint(
                condition=Q(clock_minutes__isnull=True) | Q(clock_minutes__gte=1, clock_minutes__lte=MOST_MINUTES),
                name="round_clock_in_range",
            ),
        ]
        verbose_name = _("round")
        verbose_name_plural = _("rounds")

    def __str__(self) -> str:
        return f"{self.tournament}, round {self.number}"


class RoundTable(models.Model):
    """A table of a round: a sitting, with its number in the round and its secret link.

    Called a round's table so that it is never confused with the card table of scorekeeping.
    """

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="tables")
    number = models.PositiveSmallIntegerField(_("table"))
    sitting = models.OneToOneField(Sitting, on_delete=models.PROTECT, related_name="round_table")
    token = models.CharField(max_length=64, default=new_token, unique=True)
    closed_early = models.CharField(_("closed early because"), max_length=200, blank=True)

    class Meta:
        ordering = ["round", "number"]
        constraints = [models.UniqueConstraint(fields=["round", "number"], name="tables_numbered_once")]
        verbose_name = _("table of a round")
        verbose_name_plural = _("tables of rounds")

    def __str__(self) -> str:
        return f"{self.round}, table {self.number}"
