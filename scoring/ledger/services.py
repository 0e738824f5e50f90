"""Every write of the ledger: the club's ledger settings, its seasons and their ranking rules,
and the transfers marked paid.

Views call these, never the models. Each function is one transaction and takes the form's
one-time ``key`` (``scoring.submissions``): sent again, it answers as the first time and writes
nothing. Refusals are :class:`~scoring.engine.refusal.Refusal`, as everywhere.
"""

from __future__ import annotations

import datetime
from typing import Any

from django.db import IntegrityError

from scoring.club.models import Club, LedgerSettings
from scoring.engine.reasons import _
from scoring.engine.refusal import Refusal
from scoring.ledger.models import SEASON_ENDS_FIRST, PaidTransfer, RankingRule, Season, season_name_problem
from scoring.ledger.paid import PartyId, TransferList, transfers_of
from scoring.ledger.ranking import FIELD, Mode
from scoring.ledger.results import Period
from scoring.limits import normalise_name
from scoring.submissions import Done, once


def save_settings(
    club: Club, *, currency: str, sheet_fee_cents: int, share_pots: bool, key: str = ""
) -> Done[LedgerSettings]:
    """The club's currency, and the sheet fee and pot rule of the sittings it starts from now on
    (sittings already started keep theirs)."""

    def write() -> LedgerSettings:
        settings, _made = LedgerSettings.objects.update_or_create(
            club=club,
            defaults={"currency": currency, "sheet_fee_cents": sheet_fee_cents, "share_pots": share_pots},
        )
        return settings

    return once(club, key, write)


def _season_name(name: str) -> str:
    name = normalise_name(name)
    problem = season_name_problem(name)
    if problem:
        raise Refusal.because(problem, field="name")
    return name


def _check_dates(start: datetime.date, end: datetime.date) -> None:
    if end < start:
        raise Refusal.because(SEASON_ENDS_FIRST, field="end")


def _name_taken(name: str) -> Refusal:
    return Refusal.because(_("This club already has a season called {name}."), field="name", name=name)


def add_season(club: Club, *, name: str, start: datetime.date, end: datetime.date, key: str = "") -> Done[Season]:
    """Define a season. It takes a copy of the ranking rules in force for the calendar year it
    starts in, so that changing a year's rule later does not change this season's tables."""
    name = _season_name(name)
    _check_dates(start, end)

    def write() -> Season:
        if Season.objects.filter(club=club).filter(name=name).exists():
            raise _name_taken(name)
        season = Season.objects.create(club=club, name=name, start=start, end=end)
        in_force: dict[str, RankingRule] = {}
        for rule in RankingRule.objects.filter(club=club, season__isnull=True, year__lte=start.year).order_by("year"):
            in_force[rule.variant] = rule
        RankingRule.objects.bulk_create(
            RankingRule(club=club, variant=variant, season=season, **rule.settings())
            for variant, rule in in_force.items()
        )
        return season

    try:
        return once(club, key, write)
    except IntegrityError:
        raise _name_taken(name) from None


def change_season(
    club: Club, season: Season, *, name: str, start: datetime.date, end: datetime.date, key: str = ""
) -> Done[Season]:
    """Rename a season or move its dates; its ranking rules stay as they are."""
    name = _season_name(name)
    _check_dates(start, end)

    def write() -> Season:
        if Season.objects.filter(club=club).filter(name=name).exclude(pk=season.pk).exists():
            raise _name_taken(name)
        season.name, season.start, season.end = name, start, end
        season.save(update_fields=["name", "start", "end"])
        return season

    try:
        return once(club, key, write)
    except IntegrityError:
        raise _name_taken(name) from None


def remove_season(club: Club, season_id: int, *, key: str = "") -> Done[Season]:
    """Remove a season and its ranking rules; its sittings stay, in the calendar year and in any
    other season that covers them."""

    def write() -> None:
        season = Season.objects.filter(club=club).filter(pk=season_id).first()
        if season is None:
            raise Refusal.because(_("This season was already removed."))
        season.delete()

    return once(club, key, write)


def save_rule(
    club: Club, variant: str, period: Period, *, mode: Mode, with_tournaments: bool = False, key: str = ""
) -> Done[RankingRule]:
    """The ranking rule of ``variant`` in one season: an admin-defined season's own, or a calendar
    year's (which later years without a rule of their own follow). Raises a :class:`~scoring.engine.refusal.Refusal`
    for settings that make no table."""
    mode.check()
    settings = {
        "mode": mode.mode,
        "list_length": mode.list_length,
        "best": mode.best,
        "cup_table": FIELD if mode.cup_table == FIELD else list(mode.cup_table),
        "minimum_attendance": mode.minimum_attendance,
        "fill_missing": mode.fill_missing,
        "with_tournaments": with_tournaments,
    }

    def write() -> RankingRule:
        rule, _made = RankingRule.objects.update_or_create(
            club=club, variant=variant, season=period.season, year=period.year, defaults=settings
        )
        return rule

    return once(club, key, write)


NOT_LISTED = _("This transfer is no longer in the list: the money changed since the page was shown.")


def mark_paid(
    club: Club,
    listed: TransferList,
    *,
    payer: PartyId,
    payee: PartyId,
    cents: int,
    user: Any = None,
    key: str = "",
) -> Done[PaidTransfer]:
    """Mark the transfer of ``payer`` to ``payee`` of ``cents`` paid in one list (a party id is a
    player's, ``None`` the Kasse's), by ``user`` now. The list is worked out again first: a
    transfer it does not hold as sent (the page was older than a correction) is refused. A
    payment of the same pair marked before, of another amount, is replaced."""

    def write() -> PaidTransfer:
        made, ids = transfers_of(club, listed)
        now = {(ids.get(t.payer), ids.get(t.payee), t.cents) for t in made}
        if (payer, payee, cents) not in now:
            raise Refusal.because(NOT_LISTED)
        PaidTransfer.objects.filter(club=club, **listed.lookup(), payer_id=payer, payee_id=payee).delete()
        return PaidTransfer.objects.create(
            club=club, **listed.lookup(), payer_id=payer, payee_id=payee, cents=cents, marked_by=user
        )

    return once(club, key, write)


def unmark_paid(club: Club, listed: TransferList, *, payer: PartyId, payee: PartyId, key: str = "") -> Done[Any]:
    """Take back the payment of ``payer`` to ``payee`` in one list, whatever its amount (nothing
    to take back is no error: a second send finds it gone)."""

    def write() -> None:
        PaidTransfer.objects.filter(club=club, **listed.lookup(), payer_id=payer, payee_id=payee).delete()

    return once(club, key, write)
