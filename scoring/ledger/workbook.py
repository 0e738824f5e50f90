"""A season's workbook of one game, on the one spreadsheet writer (``scoring.spreadsheets``).

Four sheets, in the page's language:

- **Table**: rank, player, sittings, deals played, the ranking mode's figure, game points, as
  the season table shows them (an unranked player has no rank; in ``total``, where the figure
  is the game points, that column comes once).
- **Sittings**: a row per player (in the table's order), a column per sitting (titled by its
  date; a second sitting on the same day gets `` (2)``) holding his game points, and his total.
- **Money**: the same rows and columns with each player's balance, and a last row for the
  Kasse: every column sums to 0, as every sitting's money does.
- **Transfers**: who pays whom to settle the season's balances, the Kasse a party, and what of
  it is marked paid (``scoring.ledger.paid``): *paid*, or *changed* with the amount paid where a
  correction changed the list since (a payment whose pair the list no longer holds gets a row of
  its own with no amount owed), who marked it and when.
- **Ratings**, where the club publishes its ratings to the member downloading it: each rated
  player's rating of the game at the season's end (``scoring.ratings``), as its table shows it.

Rows are generators; the money is ``Decimal`` currency units, as the writer wants it.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from decimal import Decimal

from django.utils.translation import gettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from scoring.club.models import Club
from scoring.club.names import EVERY_NAME, Names
from scoring.ledger.amounts import amount
from scoring.ledger.models import FIGURE_TITLES
from scoring.ledger.paid import Settled, TransferList, marked_by, payments_in, settled
from scoring.ledger.results import (
    Period,
    SeasonLedger,
    SeasonTable,
    SittingLedger,
    SittingTerms,
    money_of,
    parts,
    season_money_of,
    season_table_of,
)
from scoring.money import KASSE
from scoring.ratings.results import TableRow
from scoring.sittings.workbook import distinct
from scoring.spreadsheets.writer import Money, Number, Sheet

TABLE = pgettext_lazy("the sheet of a workbook holding the season's ranking", "Table")
SITTINGS, MONEY, TRANSFERS = _("Sittings"), _("Money"), _("Transfers")
RANK, PLAYER, DEALS, GAME_POINTS, TOTAL = _("Rank"), _("Player"), _("Deals"), _("Game points"), _("Total")
FROM, TO, AMOUNT = _("From"), _("To"), _("Amount")
PAID, AMOUNT_PAID, MARKED_BY, MARKED_AT = _("Paid"), _("Amount paid"), _("Marked by"), _("Marked on")
PAID_STATE, CHANGED_STATE = _("paid"), _("changed")
RATINGS, RATING, RATED, PROVISIONAL = _("Ratings"), _("Rating"), _("Rated sittings"), _("Provisional")


def season_sheets(
    club: Club,
    period: Period,
    variant: str,
    terms: Mapping[int, SittingTerms],
    currency: str = "EUR",
    *,
    table_only: bool = False,
    reader: Names = EVERY_NAME,
    ratings: Sequence[TableRow] | None = None,
    member: bool = False,
) -> list[Sheet]:
    """The season's workbook of ``variant`` (the Table sheet alone with ``table_only``), players
    named as ``reader`` sees them; with ``ratings`` (for a reader who may see them), a Ratings
    sheet last; who marked a transfer paid for a ``member`` only."""
    found = parts(club, period, terms, variant, reader=reader)
    table = season_table_of(club, period, variant, found, reader=reader)
    sheets = [table_sheet(table)]
    if table_only:
        return sheets
    money = season_money_of(club, period, variant, kasse=gettext(KASSE), reader=reader)
    sittings = money_of(found)
    players = [row.player for row in table.rows]
    listed = TransferList.of_season(period, variant)
    players += [name for name in money.money.balances if name not in set(players)]
    return [
        *sheets,
        sittings_sheet(sittings, players),
        money_sheet(money, sittings, players, currency),
        transfers_sheet(
            settled(money.transfers, money.player_ids, payments_in(club, listed), reader, money.kasse),
            currency,
            member,
        ),
        *([] if ratings is None else [ratings_sheet(ratings)]),
    ]


def table_sheet(table: SeasonTable) -> Sheet:
    """The season table as the page shows it: in ``total`` the figure is the game points, so
    that column comes once; in the other modes the figure (titled by the mode) comes before the
    game points. Every title is the page's own, so each is distinct in every language."""
    total = table.mode.mode == "total"
    figure = str(FIGURE_TITLES[table.mode.mode])
    header = [str(RANK), str(PLAYER), str(SITTINGS), str(DEALS), figure, *([] if total else [str(GAME_POINTS)])]
    decimals = table.mode.mode in ("per_deal", "scaled")

    def rows() -> Iterator[list[object]]:
        for row in table.rows:
            yield [row.rank, row.player, row.sittings, row.deals, row.figure, *([] if total else [row.points])]

    return Sheet(str(TABLE), header, rows(), formats={figure: Number(2)} if decimals else {})


def _columns(sittings: list[SittingLedger]) -> list[str]:
    return distinct([sitting.terms.date.isoformat() for sitting in sittings])


def sittings_sheet(sittings: list[SittingLedger], players: list[str]) -> Sheet:
    columns = _columns(sittings)
    header = distinct([str(PLAYER), *columns, str(TOTAL)])

    def rows() -> Iterator[list[object]]:
        for name in players:
            points = [sitting.points.get(name) for sitting in sittings]
            yield [name, *points, sum(p for p in points if p is not None)]

    return Sheet(str(SITTINGS), header, rows())


def money_sheet(money: SeasonLedger, sittings: list[SittingLedger], players: list[str], currency: str) -> Sheet:
    """A row per player and one for the Kasse, a column per sitting (``sittings``, the season's
    every one) and the season's sums: every column sums to 0."""
    columns = _columns(sittings)
    header = distinct([str(PLAYER), *columns, str(TOTAL)])
    formats = {title: Money(currency) for title in header[1:]}

    def cents(value: int | None) -> Decimal | None:
        return None if value is None else amount(value)

    def rows() -> Iterator[list[object]]:
        for name in players:
            balances = [sitting.balances.get(name) for sitting in sittings]
            yield [name, *map(cents, balances), amount(money.money.balances.get(name, 0))]
        kasse = [sitting.kasse for sitting in sittings]
        yield [money.kasse, *map(cents, kasse), amount(money.money.kasse)]

    return Sheet(str(MONEY), header, rows(), formats=formats)


def transfers_sheet(lines: list[Settled], currency: str, member: bool) -> Sheet:
    """From, to, amount owed now; then whether it is paid (or changed since), the amount paid,
    who marked it (for a ``member``: ``marked_by``) and when (in the site's time zone)."""
    owed, paid = str(AMOUNT), str(AMOUNT_PAID)
    header = [str(FROM), str(TO), owed, str(PAID), paid, str(MARKED_BY), str(MARKED_AT)]

    def rows() -> Iterator[list[object]]:
        for line in lines:
            row: list[object] = [line.payer, line.payee, amount(line.transfer.cents) if line.transfer else None]
            payment = line.payment
            if payment is None:
                yield [*row, "", None, "", ""]
                continue
            state = PAID_STATE if line.paid else CHANGED_STATE
            by = marked_by(payment, member)
            yield [*row, str(state), amount(payment.cents), by, payment.marked_at.replace(second=0, microsecond=0)]

    return Sheet(str(TRANSFERS), header, rows(), formats={owed: Money(currency), paid: Money(currency)})


def ratings_sheet(ratings: Sequence[TableRow]) -> Sheet:
    """The rating table: rank, player, rating, whether it is provisional, rated sittings."""
    header = [str(RANK), str(PLAYER), str(RATING), str(PROVISIONAL), str(RATED)]
    rows = [
        [row.rank, row.player, row.rating, str(PROVISIONAL) if row.provisional else "", row.sittings] for row in ratings
    ]
    return Sheet(str(RATINGS), header, rows)
