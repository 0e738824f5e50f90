"""Everything that writes the club's records. Views and commands call these, never the models.

Each function is one transaction: it either does all it says or changes nothing. Bad input
raises :class:`~scoring.engine.InvalidSitting`, whose problems carry the deal and the field
they concern, exactly as the engine's own; the services add their own refusals (a closed
sitting, a missing reason) in the same form.

A sitting's stored result rows are a cache of the engine's result (see ``models``); every
function that changes a sitting's live deals rewrites the rows of the deals whose result may
have changed, from the first changed deal to the end, because Danish pots carry over.
"""

from __future__ import annotations

import datetime
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db import IntegrityError, transaction
from django.db.models import Max
from django.utils import timezone

from scoring.access import Role, has_role, role_of
from scoring.documents import deal_by_name, deal_by_seat
from scoring.engine import VARIANTS, DealResult, InvalidSitting, Problem, SittingResult, read_sitting, score
from scoring.engine.plausibility import warnings
from scoring.models import (
    Breakdown,
    Club,
    Deal,
    Membership,
    Player,
    ScoreRow,
    Seat,
    Sitting,
    Tariff,
)

User = AbstractBaseUser | AnonymousUser | None


def refuse(message: str, field: str | None = None, deal: int | None = None) -> InvalidSitting:
    return InvalidSitting([Problem(deal, field, message)])


class Refused(ValueError):
    """A club change that would leave the club unmanageable; the message says why."""


def _user(user: User) -> Any:
    return user if user is not None and user.is_authenticated else None


# --- sitting documents ------------------------------------------------------------------


def sitting_document(
    sitting: Sitting, deals: Sequence[dict[str, Any]] | None = None, names: Sequence[str] | None = None
) -> dict[str, Any]:
    """The sitting in the sitting format (players by name); its live deals unless given."""
    names = names or [p.display_name for p in sitting.seated_players()]
    if deals is None:
        deals = [deal_by_name(d.data, names) for d in sitting.live_deals()]
    return {
        "variant": sitting.variant,
        "players": list(names),
        "options": dict(sitting.options),
        "date": sitting.date.isoformat(),
        "deals": list(deals),
    }


def export_sitting(sitting: Sitting) -> dict[str, Any]:
    """The sitting document of a sitting, as ``import_sitting`` reads it back."""
    return sitting_document(sitting)


# --- the club -----------------------------------------------------------------------------


def save_player(club: Club, *, display_name: str, active: bool = True, player: Player | None = None) -> Player:
    """Add a player to the club, or rename and (de)activate one. Old deals are unaffected."""
    with transaction.atomic():
        if player is None:
            return Player.objects.create(club=club, display_name=display_name, active=active)
        player.display_name = display_name
        player.active = active
        player.save(update_fields=["display_name", "active"])
        return player


def set_member(club: Club, *, username: str, role: str, password: str = "") -> Membership:
    """Give a user a role in the club, creating the account (with ``password``) if there is none."""
    with transaction.atomic():
        user = get_user_model().objects.filter(username=username).first()
        if user is None:
            user = get_user_model().objects.create_user(username=username, password=password)
        if role != Role.ADMIN:
            _keep_an_admin(club, user)
        membership, _ = Membership.objects.update_or_create(user=user, club=club, defaults={"role": role})
        return membership


def remove_member(membership: Membership) -> None:
    with transaction.atomic():
        _keep_an_admin(membership.club, membership.user)
        membership.delete()


def _keep_an_admin(club: Club, leaving: Any) -> None:
    """Refuse to take away the club's last admin: nobody could manage it any more."""
    admins = club.memberships.select_for_update().filter(role=Role.ADMIN)
    if admins.exists() and not admins.exclude(user=leaving).exists():
        raise Refused("the club needs at least one club admin: make someone else admin first")


def update_club(
    club: Club, *, name: str, public: bool, tariffs: dict[str, Decimal], default_options: dict[str, Any]
) -> Club:
    """Change the club's settings. Running and past sittings keep the options they started with."""
    with transaction.atomic():
        club.name = name
        club.public = public
        club.default_options = default_options
        club.full_clean()
        club.save()
        for variant, cents in tariffs.items():
            Tariff.objects.update_or_create(club=club, variant=variant, defaults={"cents_per_point": cents})
        return club


# --- starting, importing, closing -------------------------------------------------------


def start_sitting(
    club: Club,
    variant: str,
    players: Sequence[Player],
    *,
    user: User,
    date: datetime.date | None = None,
    options: dict[str, Any] | None = None,
) -> Sitting:
    """Seat the players in dealing order; the options in force are the club's defaults updated
    with ``options``, every one written out so later changes to the defaults change nothing."""
    strangers = [p.display_name for p in players if p.club_id != club.pk]
    if strangers:
        raise refuse(f"{', '.join(strangers)} {'is' if len(strangers) == 1 else 'are'} not of this club", "players")
    chosen = {**club.options_for(variant), **(options or {})}
    checked = read_sitting(
        {"variant": variant, "players": [p.display_name for p in players], "options": chosen, "deals": []}
    )
    with transaction.atomic():
        sitting = Sitting.objects.create(
            club=club,
            variant=variant,
            options=checked.options.as_dict(),
            date=date or timezone.localdate(),
            created_by=_user(user),
        )
        Seat.objects.bulk_create(Seat(sitting=sitting, number=i, player=p) for i, p in enumerate(players))
    return sitting


def import_sitting(club: Club, doc: object, *, user: User) -> Sitting:
    """Store a whole sitting document, all or nothing.

    Players are matched by display name within the club and created when missing. Options
    the document leaves out take the engine's defaults (not the club's), so the stored sitting
    scores exactly as the document does.
    """
    checked = read_sitting(doc)
    assert isinstance(doc, dict)
    date = datetime.date.fromisoformat(doc["date"]) if doc.get("date") else timezone.localdate()
    with transaction.atomic():
        players = [Player.objects.get_or_create(club=club, display_name=name)[0] for name in checked.players]
        sitting = Sitting.objects.create(
            club=club,
            variant=checked.variant.key,
            options=checked.options.as_dict(),
            date=date,
            created_by=_user(user),
        )
        Seat.objects.bulk_create(Seat(sitting=sitting, number=i, player=p) for i, p in enumerate(players))
        now = timezone.now()
        deals = Deal.objects.bulk_create(
            Deal(
                sitting=sitting,
                number=number,
                data=deal_by_seat(raw, checked.players),
                entered_by=_user(user),
                entered_at=now,
            )
            for number, raw in enumerate(doc["deals"], start=1)
        )
        _write_rows(sitting, deals, score(checked).deals, players)
    return sitting


def close_sitting(sitting: Sitting, *, user: User) -> Sitting:
    with transaction.atomic():
        sitting = Sitting.objects.select_for_update().get(pk=sitting.pk)
        if sitting.closed_at is None:
            sitting.closed_at = timezone.now()
            sitting.save(update_fields=["closed_at"])
    return sitting


# --- deals ------------------------------------------------------------------------------


class Unconfirmed(Exception):
    """The deal is allowed but looks unlikely: nothing was stored; ``warnings`` say why.

    Sent again with ``confirmed=True``, the same deal is stored.
    """

    def __init__(self, warnings: list[Problem]) -> None:
        super().__init__("; ".join(w.message for w in warnings))
        self.warnings = warnings


def _checked(doc: dict[str, Any], number: int, confirmed: bool) -> SittingResult:
    """Validate and score a sitting document, holding deal ``number`` back if it looks unlikely."""
    checked = read_sitting(doc)
    if not confirmed:
        doubts = warnings(checked, checked.deals[number - 1])
        if doubts:
            raise Unconfirmed(doubts)
    return score(checked)


@dataclass(frozen=True)
class Recorded:
    """What ``record_deal`` did: the deal, and whether this call created it."""

    deal: Deal
    created: bool


def record_deal(
    sitting: Sitting, deal: dict[str, Any], *, user: User, idempotency_key: str = "", confirmed: bool = True
) -> Recorded:
    """Add the next deal (players by name). A key already used in this sitting returns that deal.

    With ``confirmed=False`` a deal that looks unlikely raises :class:`Unconfirmed` instead.

    Two concurrent calls get numbers N and N+1: the sitting row is locked (PostgreSQL) or the
    transaction holds the write lock from its start (SQLite, IMMEDIATE); the unique
    constraints are the last guard.
    """
    for attempt in range(3):
        try:
            return _record_deal(sitting, deal, user, idempotency_key, confirmed)
        except IntegrityError:
            if attempt == 2:
                raise
    raise AssertionError("unreachable")


def _record_deal(sitting: Sitting, deal: dict[str, Any], user: User, key: str, confirmed: bool) -> Recorded:
    with transaction.atomic():
        sitting = _lock(sitting)
        if key:
            earlier = sitting.deals.filter(idempotency_key=key).first()
            if earlier is not None:
                return Recorded(earlier, created=False)
        _refuse_if_closed(sitting, user)
        live = list(sitting.live_deals())
        number = len(live) + 1
        players = sitting.seated_players()
        names = [p.display_name for p in players]
        doc = sitting_document(sitting, [*(deal_by_name(d.data, names) for d in live), deal], names)
        result = _checked(doc, number, confirmed)
        new = Deal.objects.create(
            sitting=sitting,
            number=number,
            revision=_next_revision(sitting, number),
            data=deal_by_seat(deal, names),
            entered_by=_user(user),
            idempotency_key=key,
        )
        _write_rows(sitting, [new], result.deals[-1:], players)
    return Recorded(new, created=True)


def correct_deal(
    sitting: Sitting, number: int, deal: dict[str, Any], *, user: User, reason: str, confirmed: bool = True
) -> Deal:
    """Replace deal ``number`` by a new revision and rescore it and every later deal.

    With ``confirmed=False`` a correction that looks unlikely raises :class:`Unconfirmed` instead.
    """
    with transaction.atomic():
        sitting = _lock(sitting)
        _refuse_if_closed(sitting, user)
        reason = _require_reason(reason)
        live = list(sitting.live_deals())
        if not 1 <= number <= len(live):
            raise refuse(f"there is no deal {number} to correct", "number")
        players = sitting.seated_players()
        names = [p.display_name for p in players]
        docs = [deal_by_name(d.data, names) for d in live]
        docs[number - 1] = deal
        result = _checked(sitting_document(sitting, docs, names), number, confirmed)
        old = live[number - 1]
        Deal.objects.filter(pk=old.pk).update(live=False)
        new = Deal.objects.create(
            sitting=sitting,
            number=number,
            revision=_next_revision(sitting, number),
            data=deal_by_seat(deal, names),
            reason=reason,
            entered_by=_user(user),
        )
        later = [new, *live[number:]]
        _clear_rows([old, *later])
        _write_rows(sitting, later, result.deals[number - 1 :], players)
    return new


def remove_last_deal(sitting: Sitting, *, user: User, reason: str) -> Deal:
    """Take back the last deal; the removal is recorded as a revision with who, when and why."""
    with transaction.atomic():
        sitting = _lock(sitting)
        _refuse_if_closed(sitting, user)
        reason = _require_reason(reason)
        last = sitting.live_deals().last()
        if last is None:
            raise refuse("there is no deal to remove")
        Deal.objects.filter(pk=last.pk).update(live=False)
        _clear_rows([last])
        return Deal.objects.create(
            sitting=sitting,
            number=last.number,
            revision=_next_revision(sitting, last.number),
            removed=True,
            live=False,
            reason=reason,
            entered_by=_user(user),
        )


def next_dealer(sitting: Sitting) -> tuple[str, str | None]:
    """Who deals next and who then sits out, by the rotation of the dealing order.

    The deal passes to the player after the last dealer. At a table of four in a three-player
    game the dealer sits out, except in Danish Tarok, where the player opposite him does.
    """
    names = [p.display_name for p in sitting.seated_players()]
    last = sitting.live_deals().last()
    seat = 0 if last is None else (last.data["dealer"] + 1) % len(names)
    if len(names) != 4:
        return names[seat], None
    out = (seat + 2) % 4 if sitting.variant == "danish_tarok" else seat
    return names[seat], names[out]


def _lock(sitting: Sitting) -> Sitting:
    return Sitting.objects.select_for_update().select_related("club").get(pk=sitting.pk)


def _refuse_if_closed(sitting: Sitting, user: User) -> None:
    if sitting.closed_at is not None and (user is None or not has_role(role_of(user, sitting.club), Role.ADMIN)):
        raise refuse("the sitting is closed: only a club admin can change it")


def _require_reason(reason: str) -> str:
    reason = (reason or "").strip()
    if not reason:
        raise refuse("say why the deal is changed", "reason")
    return reason


def _next_revision(sitting: Sitting, number: int) -> int:
    top = sitting.deals.filter(number=number).aggregate(top=Max("revision"))["top"]
    return (top or 0) + 1


# --- stored results ---------------------------------------------------------------------


def _clear_rows(deals: Sequence[Deal]) -> None:
    ids = [d.pk for d in deals]
    ScoreRow.objects.filter(deal_id__in=ids).delete()
    Breakdown.objects.filter(deal_id__in=ids).delete()


def _write_rows(
    sitting: Sitting, deals: Sequence[Deal], results: Sequence[DealResult], players: Sequence[Player]
) -> None:
    """Store the engine's result of each live deal: score rows, breakdown and pots."""
    by_name = {p.display_name: p for p in players}
    seat_of = {p.display_name: seat for seat, p in enumerate(players)}
    scores, stored = [], []
    for deal, result in zip(deals, results, strict=True):
        scores += [ScoreRow(deal=deal, sitting=sitting, player=by_name[n], points=v) for n, v in result.scores.items()]
        lines = [
            [
                None if line.player is None else seat_of[line.player],
                line.pot or "",
                line.points,
                str(line.reason),
                line.reason.as_data(),
            ]
            for line in result.lines
        ]
        stored.append(Breakdown(deal=deal, lines=lines, pots=result.pots))
    ScoreRow.objects.bulk_create(scores)
    Breakdown.objects.bulk_create(stored)


def stored_result(sitting: Sitting, translate: Callable[[str], str] | None = None) -> dict[str, Any]:
    """The ``score`` output document of a sitting, built from the stored rows (no rescoring).

    With ``translate`` (``gettext``), the breakdown's reasons are in the page's language.
    """
    names = [p.display_name for p in sitting.seated_players()]
    deals = list(sitting.live_deals().only("id", "number"))
    ids = [d.pk for d in deals]
    scores: dict[int, dict[str, int]] = {d.pk: dict.fromkeys(names, 0) for d in deals}
    for row in (
        ScoreRow.objects.filter(deal_id__in=ids)
        .select_related("player")
        .only("deal_id", "points", "player__display_name")
    ):
        scores[row.deal_id][row.player.display_name] = row.points
    breakdowns = {b.deal_id: b for b in Breakdown.objects.filter(deal_id__in=ids)}
    pot_names = VARIANTS[sitting.variant].pots
    out_deals = []
    for deal in deals:
        breakdown = breakdowns[deal.pk]
        entry: dict[str, Any] = {
            "number": deal.number,
            "scores": scores[deal.pk],
            "lines": breakdown.named_lines(names, translate),
        }
        if pot_names:
            entry["pots"] = {p: breakdown.pots.get(p, 0) for p in pot_names}
        out_deals.append(entry)
    doc: dict[str, Any] = {
        "variant": sitting.variant,
        "players": names,
        "deals": out_deals,
        "totals": {n: sum(d["scores"][n] for d in out_deals) for n in names},
    }
    if pot_names:
        doc["pots"] = out_deals[-1]["pots"] if out_deals else dict.fromkeys(pot_names, 0)
    return doc


def recompute(sitting: Sitting) -> list[str]:
    """Rebuild a sitting's stored rows from its live deals; describe every row that differed."""
    with transaction.atomic():
        sitting = _lock(sitting)
        result = score(read_sitting(sitting_document(sitting)))
        differences = describe_differences(sitting, stored_result(sitting), result.as_dict())
        if differences:
            live = list(sitting.live_deals())
            _clear_rows(live)
            _write_rows(sitting, live, result.deals, sitting.seated_players())
    return differences


def describe_differences(sitting: Sitting, stored: dict[str, Any], computed: dict[str, Any]) -> list[str]:
    found = []
    for have, want in zip(stored["deals"], computed["deals"], strict=True):
        where = f"sitting {sitting.pk} deal {want['number']}"
        for name, points in want["scores"].items():
            if have["scores"].get(name) != points:
                found.append(f"{where}: {name} stored {have['scores'].get(name)}, computed {points}")
        if have.get("pots") != want.get("pots"):
            found.append(f"{where}: pots stored {have.get('pots')}, computed {want.get('pots')}")
        if have["lines"] != want["lines"]:
            found.append(f"{where}: breakdown differs")
    return found
