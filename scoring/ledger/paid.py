"""Which transfers of a who-pays-whom list are paid: the stored payments (``PaidTransfer``)
matched to the list as it is worked out now.

Words:

- **list**: one who-pays-whom list, a sitting's or a season's of one game or of every game
  (``TransferList`` names it, as the forms and the stored payments do).
- **party id**: a player's id, or ``None`` for the Kasse.

The list is recomputed from the scores on every page, so a payment cannot point at a row of it.
It is matched by its pair instead: a list holds each pair of payer and payee at most once (each
transfer settles one of the two, so they never meet again). A payment of the same pair and
amount as a transfer marks it **paid**; of the same pair and another amount (a deal corrected
since) it is shown **changed**, with both amounts; a payment whose pair is no longer in the list
is shown changed too, on its own. Nothing is ever taken as paid silently.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from scoring.club.models import Club, Player
from scoring.club.names import EVERY_NAME, Names
from scoring.ledger.models import PaidTransfer, Season
from scoring.ledger.results import (
    Period,
    calendar_year,
    period_of,
    season_money_of,
)
from scoring.money import KASSE, Transfer
from scoring.sittings.models import Sitting
from scoring.sittings.results import sheet_money, stored_result
from scoring.submissions import new_key

PartyId = int | None
Pair = tuple[PartyId, PartyId]


@dataclass(frozen=True)
class TransferList:
    """Which who-pays-whom list: a sitting's (``sitting_id``), or a season's, an admin-defined
    one (``season_id``) or a calendar ``year``, of one game (``variant``) or of every game ("")."""

    sitting_id: int | None = None
    season_id: int | None = None
    year: int | None = None
    variant: str = ""

    @classmethod
    def of_season(cls, period: Period, variant: str | None) -> TransferList:
        season_id = period.season.pk if period.season else None
        return cls(season_id=season_id, year=period.year, variant=variant or "")

    def lookup(self) -> dict[str, Any]:
        """The list's fields as the stored payments hold them."""
        return {"sitting_id": self.sitting_id, "season_id": self.season_id, "year": self.year, "variant": self.variant}

    def hidden(self) -> dict[str, str]:
        """The list's fields as the mark-paid form sends them (the empty ones left out)."""
        fields = {"sitting": self.sitting_id, "season": self.season_id, "year": self.year}
        return {name: str(value) for name, value in fields.items() if value is not None} | {"variant": self.variant}


@dataclass(frozen=True)
class Settled:
    """One line of a who-pays-whom list with what was paid of it: a transfer of the list now
    (``transfer``) and its payment if any, or a payment whose pair the list no longer holds
    (``transfer`` is then ``None``). ``payer`` and ``payee`` are the parties' names."""

    payer: str
    payee: str
    pair: Pair
    transfer: Transfer | None
    payment: PaidTransfer | None

    @property
    def paid(self) -> bool:
        """Paid as it stands: a payment of this pair and of this amount."""
        return self.transfer is not None and self.payment is not None and self.payment.cents == self.transfer.cents

    @property
    def changed(self) -> bool:
        """Paid, but the list changed since: another amount now, or the pair no longer in it."""
        return self.payment is not None and not self.paid


def settled(
    made: Sequence[Transfer],
    ids: Mapping[str, int],
    payments: Sequence[PaidTransfer],
    reader: Names = EVERY_NAME,
    kasse: str = KASSE,
) -> list[Settled]:
    """The list ``made`` (parties named, ``ids`` each player's id; any other name is the
    Kasse's) with its payments matched by pair, then the payments whose pair it no longer holds,
    their players named as ``reader`` sees them and the Kasse ``kasse``."""
    by_pair = {(payment.payer_id, payment.payee_id): payment for payment in payments}
    lines = []
    for transfer in made:
        pair = (ids.get(transfer.payer), ids.get(transfer.payee))
        lines.append(Settled(transfer.payer, transfer.payee, pair, transfer, by_pair.pop(pair, None)))
    names = {pk: name for name, pk in ids.items()}

    def named(player: Player | None) -> str:
        return kasse if player is None else names.get(player.pk) or reader(player)

    for pair, payment in by_pair.items():
        lines.append(Settled(named(payment.payer), named(payment.payee), pair, None, payment))
    return lines


def payments_in(club: Club, listed: TransferList) -> list[PaidTransfer]:
    """The payments marked in one list, with who marked them and their players (one query)."""
    payments = PaidTransfer.objects.filter(club=club, **listed.lookup())
    return list(payments.select_related("marked_by", "payer", "payee").order_by("pk"))


def sitting_transfers(sitting: Sitting, kasse: str = KASSE) -> tuple[list[Transfer], dict[str, int]]:
    """A sitting's who-pays-whom list as its sheet works it out (``sheet_money``, from the stored
    totals and pots at the sitting's own terms, a tournament's table too), with each player's id."""
    ids = {player.display_name: player.pk for player in sitting.seated_players()}
    return sheet_money(sitting, stored_result(sitting), ids, kasse).transfers, ids


def transfers_of(club: Club, listed: TransferList, kasse: str = KASSE) -> tuple[list[Transfer], dict[str, int]]:
    """The list as it is worked out now, with each player's id (every name as a member sees it)."""
    if listed.sitting_id is not None:
        sitting = Sitting.objects.filter(club=club, pk=listed.sitting_id).first()
        return sitting_transfers(sitting, kasse) if sitting is not None else ([], {})
    if listed.season_id is not None:
        season = Season.objects.filter(club=club, pk=listed.season_id).first()
        if season is None:
            return [], {}
        period = period_of(season)
    else:
        assert listed.year is not None
        period = calendar_year(listed.year)
    money = season_money_of(club, period, listed.variant or None, kasse)
    return money.transfers, money.player_ids


def marked_by(payment: PaidTransfer | None, member: bool) -> str:
    """Who marked a payment, as a reader sees it: the admin's user name for the club's members,
    "—" for anyone else (a public club's visitors never learn its admins' user names)."""
    if payment is None or payment.marked_by is None or not member:
        return "—"
    return str(payment.marked_by.get_username())


def shown(listed: TransferList, lines: Sequence[Settled], admin: bool, member: bool) -> list[dict[str, Any]]:
    """What ``ledger/_transfers.html`` shows of each line: the line, who marked its payment (for
    a ``member``), and for an admin the fields of its button (a fresh one-time key each:
    ``scoring.submissions``), which marks the transfer paid at today's amount or, once paid,
    takes that back."""
    rows = []
    for line in lines:
        form = None
        if admin:
            cents = line.transfer.cents if line.transfer else line.payment.cents if line.payment else 0
            parties = {"payer": line.pair[0], "payee": line.pair[1]}
            form = {
                **listed.hidden(),
                **{side: "" if pk is None else str(pk) for side, pk in parties.items()},
                "cents": str(cents),
                "key": new_key(),
            }
        rows.append({"line": line, "by": marked_by(line.payment, member), "form": form})
    return rows
