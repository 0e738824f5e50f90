"""Money for a sitting and a season at the club's tariff, who pays whom, and the currencies.

Words:

- **tariff**: cents per game point, kept with the sitting (a ``Decimal``, may be fractional: 0.25).
- **exact balance**: a player's game points × tariff, in cents, not rounded.
- **balance**: what a player wins (positive) or pays (negative) for a sitting, in whole cents.
- **Kasse**: the club's till. It receives what Danish pots still hold when the sitting ends
  (unless the club shares that among the players) and the sheet fees.
- **transfer**: one payment from a payer to a payee that, with the others, settles every balance.

The rule every function here keeps: **Σ player balances + Kasse = 0 cents, exactly.**

Everything here is pure Python: no Django, no floats. Amounts are whole cents (``int``); exact
intermediate values are ``Fraction`` inside and ``Decimal`` where a caller sees them.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction

KASSE = "Kasse"
"""The name the Kasse goes by among the parties of ``transfers`` unless the caller picks another."""

CURRENCY_SYMBOLS = {"EUR": "€", "DKK": "kr.", "CHF": "CHF", "HUF": "Ft", "CZK": "Kč", "SEK": "kr", "NOK": "kr"}
"""The currencies a club may keep its money in, by their codes, with the symbol written beside an
amount (in the pages and the workbooks alike)."""


# --- rounding -------------------------------------------------------------------------------


def round_half_away(value: Decimal | Fraction) -> int:
    """``value`` rounded to a whole number (of cents), halves away from zero: 2.5 → 3, −2.5 → −3.

    Exact whatever the size of ``value``: no ``Decimal`` context precision is involved.
    """
    if isinstance(value, Decimal):
        if not value.is_finite():
            raise ValueError(f"{value} is not an amount of cents")
        value = Fraction(value)
    magnitude = (2 * abs(value.numerator) + value.denominator) // (2 * value.denominator)
    return magnitude if value >= 0 else -magnitude


def _as_decimal(value: Fraction) -> Decimal:
    """``value`` as an exact ``Decimal``; its denominator divides a power of ten (a tariff's)."""
    places = 0
    while (10**places) % value.denominator:
        places += 1
    digits = value.numerator * (10**places // value.denominator)
    return Decimal(f"{digits}E-{places}")


def largest_remainder(exact: Sequence[Fraction], total: int) -> list[int]:
    """Whole numbers, one per exact value in the same order, adding up to ``total``.

    Every value starts at the whole number at or below it (its floor: −3.75 starts at −4) and
    its **remainder** is how far it lies above that floor (−3.75 → 0.25, 3.75 → 0.75), so a
    remainder is never negative, whatever the sign. The ``total − Σ floors`` values with the
    largest remainders are raised by one. Equal remainders: a credit (positive value) is raised
    before a debt, so that a half cent is rounded away from zero as everywhere else and the same
    game gives the same money whichever seat the winner sat in; then the earlier seat first.

    So every result is its value's floor or ceiling (less than one away), and a value that is
    already whole is never moved. ``total`` must lie between Σ floors and Σ ceilings.
    """
    floors = [math.floor(value) for value in exact]
    raise_by_one = total - sum(floors)
    fractional = sum(1 for value, floor in zip(exact, floors, strict=True) if value != floor)
    if not 0 <= raise_by_one <= fractional:
        raise ValueError(f"{total} cannot be shared out by rounding {len(exact)} values up or down")
    order = sorted(range(len(exact)), key=lambda seat: (floors[seat] - exact[seat], exact[seat] <= 0, seat))
    raised = set(order[:raise_by_one])
    return [floor + (1 if seat in raised else 0) for seat, floor in enumerate(floors)]


def share_equally(amount: int, count: int) -> list[int]:
    """``amount`` cents shared among ``count`` seats: equal shares, the leftover cents one each to
    the first seats (−5 among 4 → −2, −1, −1, −1)."""
    if count < 1:
        raise ValueError("nobody to share with")
    each, left = divmod(abs(amount), count)
    sign = 1 if amount >= 0 else -1
    return [sign * (each + (1 if seat < left else 0)) for seat in range(count)]


# --- a sitting --------------------------------------------------------------------------------


def _parties(balances: Mapping[str, int], kasse: int, kasse_name: str) -> dict[str, int]:
    if kasse_name in balances:
        raise ValueError(f"a player is called {kasse_name!r}: choose another name for the Kasse")
    return {**balances, kasse_name: kasse}


@dataclass(frozen=True)
class SittingMoney:
    """The money of one sitting, in cents, with the parts it is made of.

    ``balances`` (seat order) = ``game`` + ``pot_share`` − ``sheet_fee`` per player;
    ``kasse`` = ``kasse_from_pots`` + ``kasse_from_fees``; and Σ ``balances`` + ``kasse`` = 0.

    - ``exact``: game points × tariff per player, not rounded.
    - ``game``: ``exact`` rounded to whole cents (their sum is the rounded sum of ``exact``).
    - ``pot_share``: each player's share of what the pots held, when the club shares it, else 0.
    - ``kasse_from_pots``: what the pots held, when the club does not share it, else 0.
    - ``sheet_fee``: the fee each player paid into the Kasse; ``kasse_from_fees`` their sum.
    """

    balances: dict[str, int]
    kasse: int
    exact: dict[str, Decimal]
    game: dict[str, int]
    pot_share: dict[str, int]
    sheet_fee: int
    kasse_from_pots: int
    kasse_from_fees: int

    def __post_init__(self) -> None:
        if sum(self.balances.values()) + self.kasse != 0:
            raise ValueError(f"the balances ({self.balances}) and the Kasse ({self.kasse}) do not sum to 0")

    def parties(self, kasse_name: str = KASSE) -> dict[str, int]:
        """Every balance with the Kasse's under ``kasse_name``: what ``transfers`` settles."""
        return _parties(self.balances, self.kasse, kasse_name)


def sitting_money(
    scores: Sequence[tuple[str, int]],
    cents_per_point: Decimal,
    *,
    pots_left: int = 0,
    share_pots: bool = False,
    sheet_fee_cents: int = 0,
) -> SittingMoney:
    """The money of a sitting from each player's game points (in seat order) at the tariff.

    The game points sum to −``pots_left``: they are zero-sum except for what Danish pots still
    hold when the sitting ends. The players' exact balances are summed and that sum rounded half
    away from zero; each balance is rounded so that they add up to exactly that
    (``largest_remainder``). What they leave, the rounded value of the pots, goes to the Kasse,
    or with ``share_pots`` to the players in equal shares (``share_equally``). Each player then
    pays ``sheet_fee_cents`` into the Kasse.
    """
    if isinstance(cents_per_point, bool) or not isinstance(cents_per_point, Decimal | int):
        raise TypeError(f"the tariff must be a Decimal (or int), not {type(cents_per_point).__name__}")
    tariff = Decimal(cents_per_point)
    if not tariff.is_finite() or tariff < 0:
        raise ValueError(f"a tariff of {tariff} cents per game point is not allowed")
    names = [name for name, _ in scores]
    if not names:
        raise ValueError("a sitting has at least one player")
    if len(set(names)) != len(names):
        raise ValueError(f"a player sits twice: {names}")
    if pots_left < 0:
        raise ValueError(f"pots cannot hold less than nothing ({pots_left})")
    if sheet_fee_cents < 0:
        raise ValueError(f"a sheet fee of {sheet_fee_cents} cents is not allowed")
    points_sum = sum(points for _, points in scores)
    if points_sum != -pots_left:
        raise ValueError(f"the game points sum to {points_sum}, not to {-pots_left} ({pots_left} left in the pots)")

    exact = [points * Fraction(tariff) for _, points in scores]
    total = round_half_away(sum(exact, Fraction(0)))
    game = dict(zip(names, largest_remainder(exact, total), strict=True))
    pots = -total
    shares = share_equally(pots, len(names)) if share_pots else [0] * len(names)
    pot_share = dict(zip(names, shares, strict=True))
    return SittingMoney(
        balances={name: game[name] + pot_share[name] - sheet_fee_cents for name in names},
        kasse=(0 if share_pots else pots) + sheet_fee_cents * len(names),
        exact={name: _as_decimal(value) for name, value in zip(names, exact, strict=True)},
        game=game,
        pot_share=pot_share,
        sheet_fee=sheet_fee_cents,
        kasse_from_pots=0 if share_pots else pots,
        kasse_from_fees=sheet_fee_cents * len(names),
    )


# --- a season ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class SeasonMoney:
    """The money of a season: each player's balances summed over its sittings (players in the
    order they first appear), and the Kasse's likewise."""

    balances: dict[str, int]
    kasse: int

    def __post_init__(self) -> None:
        if sum(self.balances.values()) + self.kasse != 0:
            raise ValueError(f"the balances ({self.balances}) and the Kasse ({self.kasse}) do not sum to 0")

    def parties(self, kasse_name: str = KASSE) -> dict[str, int]:
        """Every balance with the Kasse's under ``kasse_name``: what ``transfers`` settles."""
        return _parties(self.balances, self.kasse, kasse_name)


def season_balances(sittings: Iterable[SittingMoney]) -> SeasonMoney:
    """Sums the money of a season's sittings (every variant: money compares where points do not).

    Each sitting keeps Σ = 0, so the season does too; nothing is rounded here.
    """
    balances: dict[str, int] = {}
    kasse = 0
    for sitting in sittings:
        for name, cents in sitting.balances.items():
            balances[name] = balances.get(name, 0) + cents
        kasse += sitting.kasse
    return SeasonMoney(balances, kasse)


# --- who pays whom ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Transfer:
    """``payer`` pays ``payee`` ``cents`` (always more than 0)."""

    payer: str
    payee: str
    cents: int

    def __post_init__(self) -> None:
        if self.cents <= 0 or self.payer == self.payee:
            raise ValueError(f"not a transfer: {self.payer} → {self.payee}, {self.cents} cents")


def transfers(balances: Mapping[str, int], among_equals: Mapping[str, int] | None = None) -> list[Transfer]:
    """The payments that settle every balance (negative: the party pays), in the order made.

    Over and over, the party that owes most pays the party that is owed most as much as the
    smaller of the two amounts; equal amounts go by ``among_equals`` (each party's place, e.g.
    the player's id and the Kasse's 0: the site's pages pass it, so that the list is the same
    whatever the language or the names a reader sees, and a transfer marked paid is found in it
    again), else by name (case-insensitive, then exact), so the list never depends on the order
    of ``balances``. Each payment settles at least one party
    and the last settles two, so there are at most (parties with a balance − 1) payments. The
    Kasse is a party like any other (``SittingMoney.parties()``). Balances that do not sum to 0
    cannot be settled and are refused.
    """
    total = sum(balances.values())
    if total != 0:
        raise ValueError(f"the balances sum to {total} cents, not 0, so they cannot be settled")
    owes = {name: -cents for name, cents in balances.items() if cents < 0}
    owed = {name: cents for name, cents in balances.items() if cents > 0}
    made: list[Transfer] = []

    def place(name: str) -> tuple[int, str, str]:
        return (among_equals[name], "", "") if among_equals is not None else (0, name.casefold(), name)

    while owes:
        payer = min(owes, key=lambda name: (-owes[name], *place(name)))
        payee = min(owed, key=lambda name: (-owed[name], *place(name)))
        cents = min(owes[payer], owed[payee])
        made.append(Transfer(payer, payee, cents))
        for side, name in ((owes, payer), (owed, payee)):
            side[name] -= cents
            if side[name] == 0:
                del side[name]
    return made


def kasse_name(names: Iterable[str], word: str = KASSE) -> str:
    """The Kasse's name among the parties: ``word``, or ``word (2)`` … if a player is called so."""
    taken = set(names)
    name, number = word, 1
    while name in taken:
        number += 1
        name = f"{word} ({number})"
    return name


def places_among_equals(player_ids: Mapping[str, int], kasse: str) -> dict[str, int]:
    """Each party's place among equal amounts for :func:`transfers`: a player by his id, the
    Kasse first (0): the same for every reader, whatever names he sees."""
    return {**player_ids, kasse: 0}
