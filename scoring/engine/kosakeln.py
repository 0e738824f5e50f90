"""Kosakeln: two-handed Illustrated Tarock, 54 cards, 70 card points.

One declarer against one defender; every payment goes from one player to the other. The
contract says how much of the six-card Cossack talon the declarer used and sets the game value
G; a valat replaces the game; bonuses are worth more the earlier they were announced.

A valat is **made** when it is silent (always won) or announced and won. A deal has at most one
made valat; a failed announced valat of the declarer may stand beside the defender's silent one,
and then both are paid.
"""

from __future__ import annotations

from collections.abc import Sequence

from .base import (
    ITEM_TYPE,
    Broken,
    Deal,
    FieldSpec,
    Item,
    Options,
    OptionSpec,
    Payments,
    Variant,
    contract,
    declarer,
    declarer_points,
    later,
    penalty,
    player,
    results,
    twice,
)
from .reasons import Reason, gettext_noop, term, why
from .reasons import gettext_noop as _

CONTRACTS = {"dreiblatt": 3, "zweiblatt": 6, "einblatt": 9, "solo": 12}
NEEDED = 36
"""35⅔ rounded: "35 and two cards"; 35:35 is a loss."""
SILENT_VALAT = 4
ANNOUNCED_VALAT = 8

BIRDS = ("pagat_ultimo", "uhu", "pelikan", "quapil")
DECLARER_ONLY = ("absolut", "panzer", "without_trull", "without_kings")
BONUS_VALUES: dict[str, tuple[int | None, dict[str, tuple[int, int]], int]] = {
    # type: (silent, {contract: (after, before)}, solo)
    "pagat_ultimo": (3, {"dreiblatt": (6, 12), "zweiblatt": (8, 16), "einblatt": (10, 20)}, 24),
    "uhu": (3, {"dreiblatt": (7, 14), "zweiblatt": (10, 20), "einblatt": (12, 24)}, 28),
    "pelikan": (3, {"dreiblatt": (8, 16), "zweiblatt": (12, 24), "einblatt": (14, 28)}, 32),
    "quapil": (3, {"dreiblatt": (9, 18), "zweiblatt": (14, 28), "einblatt": (16, 32)}, 36),
    "absolut": (None, {"dreiblatt": (1, 2), "zweiblatt": (2, 4), "einblatt": (3, 6)}, 9),
    "panzer": (None, {"dreiblatt": (3, 6), "zweiblatt": (6, 12), "einblatt": (12, 24)}, 28),
    "without_trull": (None, {"dreiblatt": (1, 2), "zweiblatt": (2, 4), "einblatt": (3, 6)}, 9),
    "without_kings": (None, {"dreiblatt": (1, 2), "zweiblatt": (2, 4), "einblatt": (3, 6)}, 9),
}
THRESHOLDS = {"absolut": 40, "panzer": 50}
HELD = {"trull": 1, "four_kings": 1, "four_birds": 3}
"""Bonuses for cards held at the start, paid by the other player; never announced."""
NEED_THE_PAGAT = ("trull", "four_birds")
"""The cards held that both need the Pagat: one player only can hold them."""

TIMING = FieldSpec("timing", "choice", (None, "after", "before"), default=None)
BONUS = {"player": player(), "announced": TIMING, "result": results("won", "lost")}
EVENTS = {
    "valat": {
        "player": player(),
        "announced": FieldSpec("announced", "flag", default=False),
        "result": FieldSpec("result", "choice", ("won", "lost"), default="won"),
    },
    **dict.fromkeys(BONUS_VALUES, BONUS),
    **{kind: {"player": player(), "result": results("won")} for kind in HELD},
    "penalty": penalty(),
}


def bonus_value(item: Item, contract: str) -> int | None:
    """The bonus's value for its announcement in this contract; ``None`` if it has none silent."""
    silent, announced_values, solo = BONUS_VALUES[item.type]
    if item.timing is None:
        return silent
    if contract == "solo":
        return solo
    after, before = announced_values[contract]
    return before if item.timing == "before" else after


class Kosakeln(Variant):
    key = "kosakeln"
    name = gettext_noop("Kosakeln")
    table_sizes = (2,)
    pack_points = 70
    contracts = CONTRACTS
    deal_fields = {"declarer": declarer(), "contract": contract(CONTRACTS), "declarer_points": declarer_points(70)}
    event_types = EVENTS
    options = (
        OptionSpec(
            "valat_voids_bonuses",
            "bool",
            False,
            gettext_noop("In a deal with a made valat no bonus is paid, neither of the play nor for cards held."),
            label=gettext_noop("Valat voids bonuses"),
        ),
    )

    def check(self, deal: Deal, options: Options) -> Broken:
        broken: Broken = []
        valats = deal.events_of("valat")
        for item in valats:
            if not item.announced and item.result == "lost":
                broken.append((item.where, why(_("a silent valat cannot be lost"))))
            if item.announced and item.player != deal.declarer:
                broken.append((item.where, why(_("only the declarer can announce a valat"))))
        made = made_valats(valats) if valats else []
        for item in made[1:]:
            broken.append((item.where, why(_("a second valat"))))
        own = next((e for e in made if not e.announced and e.player == deal.declarer), None) if made else None
        for item in valats:
            if own is not None and item.announced and not item.won:
                refused = _("{player} took every trick, so the announced valat cannot be lost")
                broken.append((later(item, own).where, why(refused, player=deal.declarer)))
        winner = made[0].player if made else None
        paid = []
        """The bonuses of the play and the cards held, which a deal pays once at most."""
        for item in deal.events:
            kind = item.type
            if kind not in BONUS_VALUES:
                if kind in HELD:
                    paid.append(item)
                continue
            paid.append(item)
            if bonus_value(item, deal.contract) is None:
                broken.append((item.where, why(_("{type} counts only when announced"), type=kind)))
            if kind in DECLARER_ONLY and item.player != deal.declarer:
                broken.append((item.where, why(_("only the declarer can play for {type}"), type=kind)))
            if kind in THRESHOLDS and (deal.declarer_points >= THRESHOLDS[kind]) != item.won:
                template = (
                    _("{type} won contradicts {points} declarer points (won needs at least {needed})")
                    if item.won
                    else _("{type} lost contradicts {points} declarer points (won needs at least {needed})")
                )
                said = why(template, type=kind, points=deal.declarer_points, needed=THRESHOLDS[kind])
                broken.append((item.where, said))
            if kind in ("without_trull", "without_kings") and item.won and not game_won(deal, valats):
                broken.append((item.where, why(_("{type} cannot be won when the declarer loses the game"), type=kind)))
            if kind in BIRDS and item.won and winner is not None and winner != item.player:
                said = why(_("{winner} took every trick, so {player} wins no bird"), winner=winner, player=item.player)
                broken.append((item.where, said))
        if len(paid) < 2:
            return broken  # as in most deals: the rules below are about two bonuses
        if len(set(map(ITEM_TYPE, paid))) < len(paid):
            for item in twice(paid, ITEM_TYPE):
                repeated = _("{type} claimed by both players") if item.type in HELD else _("{type} counted twice")
                broken.append((item.where, why(repeated, type=item.type)))
        pagat_holders = [item for item in paid if item.type in NEED_THE_PAGAT]
        if len(pagat_holders) > 1 and len({e.player for e in pagat_holders}) > 1:
            said = why(_("trull and four_birds both need the Pagat: one player only"))
            broken.append((pagat_holders[-1].where, said))
        return broken

    def score(self, deal: Deal, options: Options, payments: Payments) -> None:
        g = CONTRACTS[deal.contract]
        pays = payments.each_opponent_pays  # the other player pays: every payment of the game
        valats = deal.events_of("valat")
        for valat in valats:
            times = ANNOUNCED_VALAT if valat.announced else SILENT_VALAT
            template = (
                _("announced valat of {player} {result}: {times} × {g}")
                if valat.announced
                else _("silent valat of {player} {result}: {times} × {g}")
            )
            earner = (valat.player if valat.won else deal.declarer) or ""
            value = g * times if valat.won else -g * times
            result = term(valat.result or "won")
            pays(earner, value, template, player=valat.player, result=result, times=times, g=g)
        if not valats:
            won = deal.declarer_points >= NEEDED
            pays(
                deal.declarer or "",
                g if won else -g,
                _("{contract} {result} with {points}"),
                contract=term(deal.contract),
                result=term("won" if won else "lost"),
                points=deal.declarer_points,
            )
        voided = options.flag("valat_voids_bonuses") and bool(made_valats(valats))
        for item in deal.events:
            if item.type not in HELD and item.type not in BONUS_VALUES:
                continue
            if voided:
                not_paid = why(_("{bonus}: not paid, a valat voids every bonus"), bonus=bonus_paid(item))
                for name in deal.active:
                    payments.net(name, 0, not_paid)
            else:
                value = HELD[item.type] if item.type in HELD else bonus_value(item, deal.contract) or 0
                pays(item.player or "", value if item.won else -value, bonus_paid, item=item)


def bonus_paid(item: Item) -> Reason:
    """Why a bonus is paid, made only where the payments explain."""
    what, args = paid_for(item)
    return Reason(what, args)


def paid_for(item: Item) -> tuple[str, dict[str, object]]:
    """What a bonus is paid for, as a template and its values: who holds it, or who won or lost
    it, announced when."""
    if item.type in HELD:
        return _("{player} holds {what}"), {"player": item.player, "what": term(item.type)}
    args: dict[str, object] = {"player": item.player, "what": term(item.type), "result": term(item.result or "")}
    if item.timing:
        return _("{player}'s {what} announced {timing}, {result}"), {"timing": term(item.timing), **args}
    return _("{player}'s silent {what}, {result}"), args


def made_valats(valats: Sequence[Item]) -> list[Item]:
    """The valats made of a deal's valats (silent, or announced and won); a valid deal has one at most."""
    return [e for e in valats if e.won]


def game_won(deal: Deal, valats: Sequence[Item]) -> bool:
    """Whether the declarer won the game, a valat deciding it where there is one: a made valat
    is won by the player who made it; a failed announced valat (alone, or beside the defender's
    made one) is a lost game."""
    if valats:
        made = made_valats(valats)
        return bool(made) and made[0].player == deal.declarer
    return deal.declarer_points >= NEEDED
