"""The round's clock, as the room's screen shows it: the director sets the round's length, starts
and pauses it, and the screen counts down the time left.

A round keeps three things for it (``Round.clock_*``): its length in minutes, when the clock was
last started (``None`` while it is paused or was never started) and the seconds it had run
before that. A pause loses nothing, and the time left at any moment is plain arithmetic on those
three and the moment (:class:`Clock`, given the moment), which the screen's page, its JSON and
the tests all ask. Only the round being played has a clock; setting a longer length after time
is up lets the clock run again.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass

from django.utils import timezone

from scoring.club.changes import changing
from scoring.engine.reasons import _
from scoring.engine.refusal import Refusal
from scoring.tournaments.models import MOST_MINUTES, PUBLISHED, Round


@dataclass(frozen=True)
class Clock:
    """A round's clock as stored: its length (``None`` until the director sets one), when it was
    last started (``None`` while paused) and the seconds it had run before then."""

    minutes: int | None
    started_at: datetime.datetime | None
    run_before: int = 0

    @property
    def running(self) -> bool:
        return self.started_at is not None

    def run(self, now: datetime.datetime) -> int:
        """The whole seconds the clock has run by ``now``."""
        if self.started_at is None:
            return self.run_before
        return self.run_before + max(0, int((now - self.started_at).total_seconds()))

    def left(self, now: datetime.datetime) -> int | None:
        """The seconds left at ``now``, 0 once time is up; ``None`` without a length."""
        if self.minutes is None:
            return None
        return max(0, 60 * self.minutes - self.run(now))

    def read(self, now: datetime.datetime) -> Reading | None:
        """The clock as it stands at ``now``; ``None`` without a length."""
        left = self.left(now)
        if self.minutes is None or left is None:
            return None
        stopped = not self.running and self.run_before > 0
        return Reading(self.minutes, left, running=self.running and left > 0, paused=stopped and left > 0)


@dataclass(frozen=True)
class Reading:
    """The clock read at one moment, as the screen and the round page show it: the round's length,
    the seconds left, whether it runs (never once time is up) and whether it was paused (stopped
    with time run and time left)."""

    minutes: int
    left: int
    running: bool
    paused: bool

    @property
    def shown(self) -> str:
        return minutes_seconds(self.left)


def clock_of(round_: Round) -> Clock:
    return Clock(round_.clock_minutes, round_.clock_started_at, round_.clock_run_seconds)


def _locked(round_: Round) -> Round:
    """The round, locked for the write (the caller is inside ``changing``), if it is being played."""
    locked = Round.objects.select_for_update().get(pk=round_.pk)
    if locked.state != PUBLISHED:
        raise Refusal.because(_("Only the round being played has a clock."))
    return locked


def set_length(round_: Round, minutes: int | None) -> Round:
    """Set the round's length; the time run so far stays run, so a running clock runs on."""
    if minutes is None or not 1 <= minutes <= MOST_MINUTES:
        said = _("The round's length is a whole number of minutes from 1 to {most}.")
        raise Refusal.because(said, field="minutes", most=MOST_MINUTES)
    with changing(round_.tournament.club_id):
        locked = _locked(round_)
        locked.clock_minutes = minutes
        locked.save(update_fields=["clock_minutes"])
    return locked


def start_clock(round_: Round) -> Round:
    """Start the round's clock, or let it run on (a start sent twice starts it once)."""
    with changing(round_.tournament.club_id):
        locked = _locked(round_)
        clock = clock_of(locked)
        if clock.running:
            return locked
        if clock.minutes is None:
            raise Refusal.because(_("Set the round's length before starting its clock."))
        now = timezone.now()
        if not clock.left(now):
            raise Refusal.because(_("Time is up: set a longer round to start the clock again."))
        locked.clock_started_at = now
        locked.save(update_fields=["clock_started_at"])
    return locked


def pause_clock(round_: Round) -> Round:
    """Pause the round's clock, keeping the time it has run (a pause sent twice pauses it once)."""
    with changing(round_.tournament.club_id):
        locked = _locked(round_)
        clock = clock_of(locked)
        if clock.running:
            locked.clock_run_seconds = clock.run(timezone.now())
            locked.clock_started_at = None
            locked.save(update_fields=["clock_run_seconds", "clock_started_at"])
    return locked


def minutes_seconds(seconds: int) -> str:
    """Seconds as the clock shows them, ``mm:ss`` (``90:00`` for a round of an hour and a half)."""
    return f"{seconds // 60:02d}:{seconds % 60:02d}"
