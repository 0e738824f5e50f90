"""Everything that writes a club's sittings. Views and commands call these, never the models.

Each function is one transaction: it either does all it says or changes nothing. Bad input
raises :class:`~scoring.engine.refusal.Refusal`, whose problems carry the deal and the field
they concern, exactly as the engine's own; the services add their own refusals (a closed
sitting, a missing reason) in the same form. What pages read is in ``scoring.sittings.results``.

A sitting's stored result rows are a cache of the engine's result (see ``models``), and so are
the seats' totals and the sitting's deal count. A new deal is checked and scored alone, from
what the deals before carry (the pots stored after the last deal, the seats' totals), so entering
deal 2,000 costs what entering deal 5 does. A correction rescores the corrected deal and then
the deals after it only while the pots after a deal differ from those stored (Danish pots carry
over; the other games carry nothing, so only the corrected deal is rewritten). Import and
``recompute`` score the whole sitting.

Whatever changes a seat's totals or a sitting's deal count, date or closed state sums its
players' months again (``scoring.sittings.months``), in the same transaction.

Whatever changes a closed sitting's results (closing it, a deal a club admin adds to it, a
correction, a taken-back deal, a rebuild that found rows wrong) re-rates its game from its date
on, in the same transaction (``scoring.ratings.stored.rerate_sitting``).
"""

from __future__ import annotations

import datetime
from collections.abc import Callable, Collection, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from functools import wraps
from typing import Any, Concatenate, ParamSpec, TypeVar

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db import IntegrityError, connection
from django.db.models import F, Q
from django.utils import timezone

from scoring.club.changes import adding, changing, changing_one
from scoring.club.models import Club, Player, money_terms
from scoring.club.roles import Role, has_role, role_of
from scoring.engine import Carried, DealResult, Doubt, SittingResult, read_sitting, score
from scoring.engine.base import MOST_POINTS
from scoring.engine.plausibility import doubts
from scoring.engine.reading import show
from scoring.engine.reasons import Reason, _, about, by_count, why
from scoring.engine.refusal import Problem, Refusal
from scoring.limits import (
    DAMAGED,
    NO_REASON,
    REASON_LENGTH,
    damaged_key,
    name_key,
    name_problem,
    quoted,
    text_problem,
)
from scoring.ratings.stored import rerate_sitting
from scoring.sittings import months, stored
from scoring.sittings.confirmation import figure_of
from scoring.sittings.documents import deal_by_index, deal_by_name, with_normalised_names
from scoring.sittings.exports import Exported, already_here
from scoring.sittings.models import Breakdown, DealRevision, ScoreRow, Seat, Sitting
from scoring.sittings.results import out_of_turn, sitting_document
from scoring.submissions import once

User = AbstractBaseUser | AnonymousUser | None
T = TypeVar("T")
P = ParamSpec("P")

CLOSED = why(_("the sitting is closed: only a club admin can change it"))
TOURNAMENT_TABLE = why(_("A tournament's table closes with its tournament, not from its sheet."))
HELD_TAKE_BACK = why(_("this table's deals count as they are: correct a deal instead of taking it back"))
HELD_THROWN_IN = why(_("this table's deals count as they are: a correction neither throws a deal in nor plays one"))
HELD_CONFIRM = why(_("this table's deals count as they stand: they are confirmed no more"))
"""Refusals of a held sitting (``Sitting.held``): whoever holds it counts its deals as they stand
(a tournament's closed round, a table closed early), so no deal is taken back and no correction
changes how many were played; a correction of what was played is fine."""


def acting(user: User) -> Any:
    """The user a record names as having done it: nobody for an anonymous or missing one."""
    return user if user is not None and user.is_authenticated else None


class ClosedMeanwhile(Exception):
    """The sitting was closed while a write of its deals waited for its lock (see ``_writing``)."""


@contextmanager
def _writing(sitting: Sitting) -> Iterator[Sitting]:
    """The transaction of a write of one sitting's deals, yielding the sitting locked and read
    again (its club's row stays unlocked).

    An open sitting is locked alone and counts the change (``changing_one``), so the tables of a
    club never wait for each other. A closed one re-rates the club's game with its deals, a write
    of the club's data, so the club is counted and locked first (``changing``), then the sitting.
    A sitting closed while the write waited for its lock raises :class:`ClosedMeanwhile` (taking
    the club's lock now, after the sitting's, could deadlock): nothing is written, and
    :func:`_again_if_closed` writes it again, club first."""
    if sitting.closed_at is None:
        with changing_one(Sitting, sitting.pk) as locked:
            if locked.closed_at is not None:
                raise ClosedMeanwhile
            yield _with_club_of(locked, sitting)
    else:
        with changing(sitting.club_id), changing_one(Sitting, sitting.pk) as locked:
            yield _with_club_of(locked, sitting)


def _with_club_of(locked: Sitting, sitting: Sitting) -> Sitting:
    """The locked sitting with the club ``sitting`` was read with, if it was (the same club: a
    sitting never moves); else its club is read when first asked for, as few writes ask."""
    if Sitting.club.is_cached(sitting):
        locked.club = sitting.club
    return locked


def _again_if_closed(write: Callable[Concatenate[Sitting, P], T]) -> Callable[Concatenate[Sitting, P], T]:
    """A write of a sitting's deals, written again as the closed sitting's when the sitting was
    closed while it waited for its lock (``_writing``)."""

    @wraps(write)
    def again(sitting: Sitting, /, *args: P.args, **kwargs: P.kwargs) -> T:
        try:
            return write(sitting, *args, **kwargs)
        except ClosedMeanwhile:
            return write(Sitting.objects.get(pk=sitting.pk), *args, **kwargs)

    return again


# --- starting, importing, closing -------------------------------------------------------


def start_sitting(
    club: Club,
    variant: str,
    players: Sequence[Player],
    *,
    user: User,
    date: datetime.date | None = None,
    options: dict[str, Any] | None = None,
    key: str = "",
    deals_due: int | None = None,
    held: dict[str, Any] | None = None,
    confirms: bool | None = None,
) -> Sitting:
    """Seat the players in dealing order; the options in force are the club's defaults updated
    with ``options``, every one written out so later changes to the defaults change nothing.
    The club's tariff, sheet fee and pot rule in force are kept with the sitting the same way.

    ``held`` is why it takes no deal yet, if it does not (``Sitting.held``); ``confirms``
    whether its deals wait for another player's confirmation, as the club says unless given.
    The form's ``key`` sent again returns the sitting the first send started."""
    strangers = [p.display_name for p in players if p.club_id != club.pk]
    if strangers:
        said = by_count(len(strangers), _("{names} is not of this club"), _("{names} are not of this club"))
        raise Refusal.because(said, field="players", names=", ".join(strangers))
    chosen = {**club.options_for(variant), **(options or {})}
    checked = read_sitting(
        {"variant": variant, "players": [p.display_name for p in players], "options": chosen, "deals": []}
    )

    def write() -> Sitting:
        sitting = Sitting.objects.create(
            club=club,
            variant=variant,
            options=checked.options.as_dict(),
            date=date or timezone.localdate(),
            created_by=acting(user),
            deals_due=deals_due,
            held=held,
            confirms=club.confirm_deals if confirms is None else confirms,
            **money_terms(club, variant),
        )
        _seat(sitting, players)
        return sitting

    started = once(club, _checked_key(key), write).result
    assert started is not None
    return started


class NewPlayers(Exception):
    """The import would add players the club does not have yet, and nobody confirmed them:
    nothing was stored; ``names`` lists them as the document writes them. Sent again with these
    names confirmed, the same import adds them."""

    def __init__(self, names: Sequence[str]) -> None:
        super().__init__(", ".join(names))
        self.names = list(names)


def import_sitting(
    club: Club,
    doc: object,
    *,
    user: User,
    key: str = "",
    new_players: bool = True,
    confirmed: Collection[str] | None = None,
    as_new: bool = False,
) -> Sitting:
    """Store a whole sitting document, all or nothing; the form's ``key`` sent again returns the
    sitting the first send imported.

    Players are matched by name within the club whatever the capitals ("anna" is the club's Anna,
    and the sitting names her Anna), and created when missing (with ``new_players``: a
    scorekeeper's import, who may not add players, is refused instead; with ``confirmed``, only
    the names confirmed are added, and any other missing one raises :class:`NewPlayers`, so that
    the page and the command ask first); names are normalised first, as on every path ("  Anna  "
    is Anna), and a name the club could not keep, or two names the club would take for one
    player, are refused. Options the document leaves out take the engine's defaults (not the
    club's), so the stored sitting scores exactly as the document does. Which players the club
    has is read inside the write, beside the players it adds. Its money terms (tariff, sheet fee,
    pot rule) are the club's at the moment of the import.

    A document whose ``export`` (``scoring.sittings.exports``) says it is a sitting that is here
    already (one of this club's own, or one imported before from the same club and sitting) is
    refused naming that sitting, unless imported ``as_new``. The export's closed state and its
    history (corrections and removals, with their reasons and times) are restored, and where the
    sitting came from is kept (``Sitting.origin_club`` …), so that the next import of the same
    export is recognised.
    """
    doc = with_normalised_names(doc)
    checked = read_sitting(doc)
    assert isinstance(doc, dict)
    exported = Exported.read(doc)
    bad: list[tuple[str, Reason]] = [(name, problem) for name in checked.players if (problem := name_problem(name))]
    first: dict[str, str] = {}
    for name in checked.players:
        if first.setdefault(name_key(name), name) != name:
            same = _("the same name as {name}: a club tells names apart whatever their capitals")
            bad.append((name, why(same, name=quoted(first[name_key(name)]))))
    if bad:
        raise Refusal(Problem(None, "players", about(quoted(name), problem)) for name, problem in bad)
    if exported is not None:
        _check_retired(doc, exported)
    date = datetime.date.fromisoformat(doc["date"]) if doc.get("date") else timezone.localdate()
    scored = score(checked)

    def write() -> Sitting:
        here = None if exported is None or as_new else already_here(club, exported)
        if here is not None:
            raise Refusal.because(here)
        known = club.players.by_name()
        missing = [name for name in checked.players if name_key(name) not in known]
        if missing and not new_players:
            unknown = why(_("not a player of the club: a club admin adds players first"))
            raise Refusal(Problem(None, "players", about(show(name), unknown)) for name in missing)
        allowed = None if confirmed is None else {name_key(name) for name in confirmed}
        if allowed is not None and any(name_key(name) not in allowed for name in missing):
            raise NewPlayers(missing)
        players = [
            known.get(name_key(name)) or Player.objects.create(club=club, display_name=name) for name in checked.players
        ]
        kept = [player.display_name for player in players]
        variant, deals, result = checked.variant, doc["deals"], scored
        if kept != list(checked.players):  # the club writes some of the names with other capitals
            deals = [deal_by_name(deal_by_index(raw, variant, checked.players), variant, kept) for raw in deals]
            result = score(read_sitting({**doc, "players": kept, "deals": deals}))
        now = timezone.now()
        sitting = Sitting.objects.create(
            club=club,
            variant=variant.key,
            options=checked.options.as_dict(),
            date=date,
            created_by=acting(user),
            deal_count=len(checked.deals),
            thrown_in_count=sum(deal.thrown_in for deal in checked.deals),
            closed_at=exported.closed_at if exported else None,
            origin_club=exported.club if exported else "",
            origin_number=exported.sitting if exported else None,
            origin_revision=exported.revision if exported else None,
            imported_at=now,
            **money_terms(club, checked.variant.key),
        )
        _seat(sitting, players)
        live = {change.deal: change for change in exported.history if change.live} if exported else {}
        revisions = DealRevision.objects.bulk_create(
            DealRevision(
                sitting=sitting,
                number=number,
                revision=live[number].revision if number in live else 1,
                reason=live[number].reason if number in live else "",
                data=deal_by_index(raw, variant, kept),
                entered_by=acting(user),
                entered_at=live[number].entered_at if number in live else now,
                confirmed_at=now,
            )
            for number, raw in enumerate(deals, start=1)
        )
        if exported is not None:
            _restore_history(sitting, exported, variant, checked.players, user, now)
        stored.add(sitting, revisions, result.deals, players)
        months.refresh_sitting(sitting)
        rerate_sitting(sitting)
        return sitting

    imported = once(club, _checked_key(key), write).result
    assert imported is not None
    return imported


def _check_retired(doc: dict[str, Any], exported: Exported) -> None:
    """Refuse an export whose revisions that no longer count are not deals the sitting's rules
    allow (they were, when they were entered), each named by its deal."""
    problems: list[Problem] = []
    for change in exported.history:
        if change.inputs is not None:
            try:
                read_sitting({**doc, "deals": [change.inputs]}, first=change.deal)
            except Refusal as refusal:
                problems += refusal.problems
    if problems:
        raise Refusal(problems)


def _restore_history(
    sitting: Sitting, exported: Exported, variant: Any, names: Sequence[str], user: User, now: datetime.datetime
) -> None:
    """Store the revisions of an export's history that no longer count (corrected, or removed),
    each with its reason and time; ``names``: the players as the document names them."""
    DealRevision.objects.bulk_create(
        DealRevision(
            sitting=sitting,
            number=change.deal,
            revision=change.revision,
            data=None if change.inputs is None else deal_by_index(change.inputs, variant, names),
            live=False,
            removed=change.removed,
            reason=change.reason,
            entered_by=acting(user),
            entered_at=change.entered_at,
            confirmed_at=now,
        )
        for change in exported.history
        if not change.live
    )


def _seat(sitting: Sitting, players: Sequence[Player]) -> None:
    """Seat the players in dealing order: seat 1 deals first. Each one's balance before a deal
    is what the sheet fee takes (``stored.with_cents``)."""
    seats = [Seat(sitting=sitting, number=n, player=p) for n, p in enumerate(players, start=1)]
    Seat.objects.bulk_create(stored.with_cents(sitting, seats))


def close_sitting(sitting: Sitting, *, user: User) -> Sitting:
    """Close the sitting: afterwards only a club admin corrects it. A tournament's table is closed
    with its tournament only (``Sitting.in_tournament``); a sitting whose deals wait for
    confirmation closes once they are confirmed (else nobody could confirm them)."""
    if sitting.in_tournament:
        raise Refusal.because(TOURNAMENT_TABLE)
    with changing(sitting.club_id):
        sitting = Sitting.objects.select_for_update().get(pk=sitting.pk)
        waiting = sitting.live_deals().filter(confirmed_at__isnull=True).count()
        if sitting.closed_at is None and waiting:
            said = by_count(
                waiting,
                _("{count} deal waits for another player to confirm it: confirm it before closing the sitting"),
                _("{count} deals wait for another player to confirm them: confirm them before closing the sitting"),
            )
            raise Refusal.because(said, count=waiting)
        if sitting.closed_at is None:
            sitting.closed_at = timezone.now()
            sitting.save(update_fields=["closed_at"])
            months.refresh_sitting(sitting)
            rerate_sitting(sitting)
    return sitting


# --- deals ------------------------------------------------------------------------------


class Unconfirmed(Exception):
    """The deal is allowed but looks unlikely: nothing was stored; ``doubts`` say why.

    Sent again with ``confirmed=True``, the same deal is stored.
    """

    def __init__(self, doubts: list[Doubt]) -> None:
        super().__init__("; ".join(d.message for d in doubts))
        self.doubts = doubts


def _checked(
    doc: dict[str, Any], first: int, confirmed: bool, before: Carried | None = None, also: Sequence[Doubt] = ()
) -> SittingResult:
    """Validate and score a document of the deals from deal ``first`` on, holding deal ``first``
    back if it looks unlikely (``also``: doubts the sheet adds, such as a dealer out of turn);
    ``before`` is what the earlier deals carry into it."""
    checked = read_sitting(doc, first=first)
    if not confirmed:
        found = [*doubts(checked.variant, checked.options, checked.deals[0]), *also]
        if found:
            raise Unconfirmed(found)
    return score(checked, before=before)


@dataclass(frozen=True)
class Recorded:
    """What ``record_deal`` did: the deal's revision, and whether this call created it."""

    deal: DealRevision
    created: bool


def record_deal(
    sitting: Sitting,
    deal: dict[str, Any],
    *,
    user: User,
    idempotency_key: str = "",
    confirmed: bool = True,
    number: int | None = None,
    phone: str = "",
) -> Recorded:
    """Add the next deal (players by name). A key already used in this sitting returns that deal.

    With ``confirmed=False`` a deal that looks unlikely raises :class:`Unconfirmed` instead.
    ``number`` is the deal the form offered to enter: when another phone entered that deal
    meanwhile (a deal kept on a phone without a connection arrives late), nothing is stored and
    the refusal says which deal this one would be. ``phone`` marks the phone that entered it
    through a table's link.

    Two concurrent calls get numbers N and N+1: the sitting row is locked (PostgreSQL) or the
    transaction holds the write lock from its start (SQLite, IMMEDIATE); the unique
    constraints are the last guard.
    """
    for attempt in range(3):
        try:
            return _record_deal(sitting, deal, user, idempotency_key, confirmed, number, phone)
        except IntegrityError:
            if attempt == 2:
                raise
    raise AssertionError("unreachable")


@_again_if_closed
def _record_deal(
    sitting: Sitting, deal: dict[str, Any], user: User, key: str, confirmed: bool, offered: int | None, phone: str
) -> Recorded:
    with _writing(sitting) as sitting:
        number = sitting.deal_count + 1
        earlier, revision = _open(sitting, key, user, number)
        if earlier is not None:
            return Recorded(earlier, created=False)
        if offered is not None and offered != number:
            said = _(
                "the sheet changed meanwhile, on another phone or page: this deal would be deal {number},"
                " not deal {offered}; look at the sheet, and save again if it is another deal"
            )
            raise Refusal.because(said, offered=offered, number=number)
        if sitting.deals_due is not None and sitting.played_count >= sitting.deals_due:
            raise Refusal.because(_("all {due} deals of this table are entered"), due=sitting.deals_due)
        if sitting.held is not None:
            raise Refusal.because(Reason.from_data(sitting.held))
        seats = _seats(sitting)
        players = [seat.player for seat in seats]
        names = [p.display_name for p in players]
        totals = {seat.player.display_name: seat.points for seat in seats}
        carried = Carried(_pots_after(sitting, number - 1), totals, played=sitting.played_count > 0)
        rotation = [] if confirmed else out_of_turn(sitting, deal)
        result = _checked(sitting_document(sitting, [deal], names), number, confirmed, carried, also=rotation)
        new = DealRevision.objects.create(
            sitting=sitting,
            number=number,
            revision=revision,
            data=deal_by_index(deal, sitting.rules, names),
            entered_by=acting(user),
            idempotency_key=key,
            confirmed_at=_confirmed_at_once(sitting),
            phone=phone,
        )
        stored.add(sitting, [new], result.deals, players, seats)
        _count_deals(sitting, +1, thrown_in=+result.deals[0].thrown_in)
        months.refresh_sitting(sitting)
        rerate_sitting(sitting)
    return Recorded(new, created=True)


@_again_if_closed
def correct_deal(
    sitting: Sitting,
    number: int,
    deal: dict[str, Any],
    *,
    user: User,
    reason: str,
    confirmed: bool = True,
    key: str = "",
    phone: str = "",
) -> Recorded:
    """Replace deal ``number`` by a new revision, rescore it, and rescore the deals after it while
    the pots it leaves differ from those stored (only Danish pots carry over).

    With ``confirmed=False`` a correction that looks unlikely raises :class:`Unconfirmed` instead.
    At a sitting that confirms its deals the correction waits for confirmation in turn.
    The form's ``key`` sent again returns the revision the first send made.
    """
    with _writing(sitting) as sitting:
        earlier, revision = _open(sitting, key, user, number)
        if earlier is not None:
            return Recorded(earlier, created=False)
        reason = _require_reason(reason)
        old = sitting.live_deals().filter(number=number).select_related("breakdown").first()
        if old is None:
            raise Refusal.because(_("there is no deal {number} to correct"), field="number", number=number)
        seats = _seats(sitting)
        players = [seat.player for seat in seats]
        names = [p.display_name for p in players]
        played = _played_before(sitting, number)
        carried = Carried(_pots_after(sitting, number - 1), dict.fromkeys(names, 0), played)
        result = _checked(sitting_document(sitting, [deal], names), number, confirmed, carried)
        was_thrown_in, thrown_in = thrown(old), result.deals[0].thrown_in
        if sitting.held is not None and bool(was_thrown_in) != bool(thrown_in):
            raise Refusal.because(HELD_THROWN_IN, deal=number)
        DealRevision.objects.filter(pk=old.pk).update(live=False)
        new = DealRevision.objects.create(
            sitting=sitting,
            number=number,
            revision=revision,
            data=deal_by_index(deal, sitting.rules, names),
            reason=reason,
            entered_by=acting(user),
            idempotency_key=key,
            confirmed_at=_confirmed_at_once(sitting),
            phone=phone,
        )
        changed, results = [old], [(new, result.deals[0])]
        after = (played or not thrown_in, played or not was_thrown_in)  # played after it, now and before
        if result.pots != old.breakdown.pots or after[0] != after[1]:
            later, rescored = _rescore_after(sitting, number, result.pots, names, after)
            changed += later
            results += list(zip(later, rescored, strict=True))
        _refuse_beyond_the_limit(seats, changed, results, number)
        stored.add(sitting, [r for r, _ in results], [d for _, d in results], players, seats, instead_of=changed)
        _count_deals(sitting, 0, thrown_in=thrown_in - was_thrown_in)
        months.refresh_sitting(sitting)
        rerate_sitting(sitting)
    return Recorded(new, created=True)


def _confirmed_at_once(sitting: Sitting) -> datetime.datetime | None:
    """When a new revision is confirmed: at once where nobody needs to (a sitting that does not
    confirm its deals, or one that takes no more deals from its table, corrected by the director
    after the round), otherwise never yet: it waits for another player (``confirm_deal``)."""
    if not sitting.confirms or sitting.is_closed or sitting.held is not None:
        return timezone.now()
    return None


@dataclass(frozen=True)
class Confirmed:
    """What ``confirm_deal`` did: the deal's revision, and whether this call confirmed it."""

    deal: DealRevision
    created: bool


@_again_if_closed
def confirm_deal(sitting: Sitting, number: int, *, revision: int, typed: object, user: User) -> Confirmed:
    """Confirm deal ``number`` as it stands in ``revision`` with the figure another player typed
    again (``confirmation.figure_of``). A figure that does not match confirms nothing and is
    refused, but counted on the deal, so that the sheet shows both sides to look at it again;
    a deal corrected meanwhile is refused (the player confirming read another revision); a deal
    confirmed already is left as it is, so that a second send is harmless."""
    mismatch = None
    with _writing(sitting) as sitting:
        live = sitting.live_deals().filter(number=number).first()
        if live is None:
            raise Refusal.because(_("there is no deal {number} to confirm"), number=number)
        if live.revision != revision:
            said = _("deal {number} was corrected meanwhile: read it again before confirming it")
            raise Refusal.because(said, number=number)
        if live.confirmed_at is not None:
            return Confirmed(live, created=False)
        _refuse_if_closed(sitting, user)
        if sitting.held is not None:
            raise Refusal.because(HELD_CONFIRM, deal=number)
        names = sitting.seated_names()
        figure = figure_of(sitting.rules, deal_by_name(live.inputs, sitting.rules, names), names, number, revision)
        if figure.matches(typed):
            live.confirmed_at, live.confirmed_by = timezone.now(), acting(user)
            live.save(update_fields=["confirmed_at", "confirmed_by"])
            return Confirmed(live, created=True)
        DealRevision.objects.filter(pk=live.pk).update(mismatches=F("mismatches") + 1)
        mismatch = why(
            _("{asked}: not {typed}. Deal {number} is not confirmed: look at it together, correct it if it is wrong"),
            asked=figure.asked,
            typed=str(typed).strip() or "—",
            number=number,
        )
    # outside the transaction: the mismatch is counted, the refusal changes nothing else
    assert mismatch is not None
    raise Refusal.because(mismatch, field="figure")


CHUNK = 50
"""Deals read at a time when a correction rescores the deals after it."""


def _rescore_after(
    sitting: Sitting, number: int, pots: dict[str, int], names: Sequence[str], played: tuple[bool, bool]
) -> tuple[list[DealRevision], list[DealResult]]:
    """The live deals after deal ``number`` whose results change when deal ``number`` leaves
    ``pots`` and ``played`` (whether a deal was played by then, with the correction and as
    stored): up to the first after which the pots are those stored and whether a deal was played
    is as it was (the Danish pots are founded in the first deal played), with their new results."""
    later: list[DealRevision] = []
    results: list[DealResult] = []
    start = number + 1
    now, before = played
    while True:
        chunk = list(
            sitting.live_deals().filter(number__gte=start, number__lt=start + CHUNK).select_related("breakdown")
        )
        if not chunk:
            return later, results
        docs = [deal_by_name(d.inputs, sitting.rules, names) for d in chunk]
        checked = read_sitting(sitting_document(sitting, docs, names), first=start)
        scored = score(checked, before=Carried(pots, dict.fromkeys(names, 0), now))
        for revision, result in zip(chunk, scored.deals, strict=True):
            later.append(revision)
            results.append(result)
            now, before = now or not result.thrown_in, before or not result.thrown_in
            if result.pots == revision.breakdown.pots and now == before:
                return later, results
        pots = scored.pots
        start += CHUNK


def _refuse_beyond_the_limit(
    seats: Sequence[Seat], old: Sequence[DealRevision], new: Sequence[tuple[DealRevision, DealResult]], number: int
) -> None:
    """A correction is refused when a player's total would end beyond ``MOST_POINTS``."""
    totals = {seat.player_id: seat.points for seat in seats}
    for row in ScoreRow.objects.filter(revision__in=old).values("player_id", "points"):
        totals[row["player_id"]] -= row["points"]
    by_name = {seat.player.display_name: seat.player_id for seat in seats}
    for _revision, result in new:
        for name, points in result.scores.items():
            totals[by_name[name]] += points
    if any(abs(total) > MOST_POINTS for total in totals.values()):
        raise Refusal.because(_("a total goes beyond {most:,} game points"), deal=number, most=MOST_POINTS)


@_again_if_closed
def remove_last_deal(
    sitting: Sitting, *, user: User, reason: str, number: int | None = None, key: str = ""
) -> Recorded:
    """Take back the last deal; the removal is recorded as a revision with who, when and why.

    ``number`` is the deal the form offered to take back: when another deal has become the last
    one meanwhile, nothing is taken back. The form's ``key`` sent again returns the first
    send's removal instead of taking back another deal.
    """
    with _writing(sitting) as sitting:
        earlier, revision = _open(sitting, key, user, sitting.deal_count)  # live deals are 1 … deal_count
        if earlier is not None:
            return Recorded(earlier, created=False)
        reason = _require_reason(reason)
        last = sitting.live_deals().last()
        if last is None:
            raise Refusal.because(_("there is no deal to take back"))
        if sitting.held is not None:
            raise Refusal.because(HELD_TAKE_BACK)
        if number is not None and last.number != number:
            said = _("deal {number} is no longer the last deal: nothing was taken back")
            raise Refusal.because(said, field="number", number=number)
        DealRevision.objects.filter(pk=last.pk).update(live=False)
        stored.remove(sitting, [last])
        _count_deals(sitting, -1, thrown_in=-thrown(last))
        months.refresh_sitting(sitting)
        removal = DealRevision.objects.create(
            sitting=sitting,
            number=last.number,
            revision=revision,
            removed=True,
            live=False,
            reason=reason,
            entered_by=acting(user),
            idempotency_key=key,
        )
        rerate_sitting(sitting)
    return Recorded(removal, created=True)


def _seats(sitting: Sitting) -> list[Seat]:
    """The seats in dealing order, with their players and totals."""
    return list(sitting.seats.select_related("player").order_by("number"))


def _pots_after(sitting: Sitting, number: int) -> dict[str, int]:
    """The pots stored after deal ``number`` (empty before the first deal, and in a game without
    pots, where the scoring reads none and nothing needs reading)."""
    if number < 1 or not sitting.rules.pots:
        return {}
    after = Breakdown.objects.filter(revision__sitting=sitting, revision__live=True, revision__number=number)
    pots: dict[str, int] = after.values_list("pots", flat=True).get()
    return pots


def _count_deals(sitting: Sitting, change: int, thrown_in: int = 0) -> None:
    """Count the live deals on, and those of them thrown in (the sitting is locked: the counts
    read with it are current), in a statement written once as SQL (``adding``): built by the
    ORM, it cost as much as the engine's scoring of the deal, at every deal entered."""
    if change or thrown_in:
        with connection.cursor() as cursor:
            cursor.execute(adding(Sitting, ("deal_count", "thrown_in_count")), [change, thrown_in, sitting.pk])
    sitting.deal_count += change
    sitting.thrown_in_count += thrown_in


def thrown(deal: DealRevision) -> int:
    """1 for a deal thrown in, 0 for one played (to count them)."""
    return int(bool((deal.data or {}).get("thrown_in")))


def _played_before(sitting: Sitting, number: int) -> bool:
    """Whether a live deal before deal ``number`` was played (not thrown in)."""
    before = sitting.live_deals().filter(number__lt=number)
    return before.count() > before.filter(data__thrown_in=True).count()


def _open(sitting: Sitting, key: str, user: User, number: int) -> tuple[DealRevision | None, int]:
    """How every keyed write of a sitting's deals begins, inside its transaction (``_writing``):
    the revision an earlier send of the same form made, and the number the next revision of deal
    ``number`` takes, in one query; without an earlier send, a closed sitting is refused to all but
    a club admin. A damaged key is refused, never stored."""
    key = _checked_key(key)
    wanted = Q(number=number) | Q(idempotency_key=key) if key else Q(number=number)
    found = list(sitting.revisions.filter(wanted).values_list("pk", "number", "revision", "idempotency_key"))
    sent = next((pk for pk, _number, _revision, sent_with in found if key and sent_with == key), None)
    if sent is not None:
        return DealRevision.objects.get(pk=sent), 0  # a form sent again: rare, read whole only then
    _refuse_if_closed(sitting, user)
    return None, max((revision for _pk, of, revision, _key in found if of == number), default=0) + 1


def _lock(sitting: Sitting) -> Sitting:
    """The sitting locked for a write that has counted a change on its club (``changing``)."""
    return Sitting.objects.select_for_update(of=("self",)).select_related("club").get(pk=sitting.pk)


def _refuse_if_closed(sitting: Sitting, user: User) -> None:
    if sitting.closed_at is not None and (user is None or not has_role(role_of(user, sitting.club), Role.ADMIN)):
        raise Refusal.because(CLOSED)


def _require_reason(reason: str) -> str:
    reason = " ".join((reason or "").split())
    if not reason:
        raise Refusal.because(NO_REASON, field="reason")
    problem = text_problem(reason, REASON_LENGTH)
    if problem:
        raise Refusal.because(problem, field="reason")
    return reason


def _checked_key(key: str) -> str:
    """A form's one-time key as sent; a damaged one is refused, never stored."""
    if damaged_key(key):
        raise Refusal.because(DAMAGED, field="key")
    return key


def recompute(sitting: Sitting, *, rerating: bool = True) -> list[str]:
    """Rebuild a sitting's stored rows from its live deals; describe every row that differed
    (``scoring.sittings.stored.rebuild``) and, when any did, re-rate its game from its date on.
    ``rerating=False`` leaves that to a caller that rebuilds many sittings of the club in its own
    transaction and re-rates each game once, from the first of them (``recompute_scores``)."""
    with changing(sitting.club_id):
        sitting = _lock(sitting)
        result = score(read_sitting(sitting_document(sitting)))
        live = list(sitting.live_deals().select_related("breakdown").prefetch_related("scores__player"))
        differences = stored.rebuild(sitting, live, result.deals)
        if differences:
            months.refresh_sitting(sitting)
        if differences and rerating:
            rerate_sitting(sitting)
        return differences
