"""Dreiertarock (Austrian three-handed Tarock): 54 cards, 70 card points, values in cents.

One declarer against two defenders who count their tricks together; every amount is paid per
defender. The declarer wins with 36 ("35 and two cards"); a Solo Valat is won exactly when he
takes every trick and counts no bonus.

**Kontra** (a deal field: 1, or 2 for Kontra, 4 for Rekontra) multiplies the contract's value
only. House rules: a **silent valat** (every trick taken in another contract) may earn an amount
per defender, and a valat may **void the bonuses** of its deal.
"""

from __future__ import annotations

from .base import (
    ITEM_TYPE,
    Broken,
    Deal,
    Doubts,
    FieldSpec,
    Item,
    Options,
    OptionSpec,
    Payments,
    Variant,
    all_tricks,
    announced,
    contract,
    declarer,
    declarer_points,
    penalty,
    results,
    side,
    twice,
)
from .plausibility import all_tricks_with_few_points
from .reasons import CENTS, Reason, gettext_noop, term, why
from .reasons import gettext_noop as _

CONTRACTS = {
    "einser": 30,
    "zweier": 40,
    "dreier": 50,
    "vierer": 60,
    "fuenfer": 70,
    "solo": 120,
    "solo_valat": 960,
}
NEEDED = 36

SILENT_ONLY = {"tarock_trull": 10, "king_trull": 10, "mondfang": 10}
BIRDS = {"pagat_ultimo": (40, 80), "uhu": (60, 120), "kakadu": (80, 160)}
"""Each bird: (silent, announced)."""

EVENTS = {
    **{kind: {"side": side(), "announced": announced(), "result": results("won")} for kind in SILENT_ONLY},
    **{kind: {"side": side(), "announced": announced(), "result": results("won", "lost")} for kind in BIRDS},
    "penalty": penalty(),
}


def kontra() -> FieldSpec:
    """Kontra by a defender (×2) and Rekontra by the declarer (×4): the contract's value only."""
    return FieldSpec(
        "kontra",
        "choice",
        (1, 2, 4),
        default=1,
        label=_("Kontra"),
        labels=(_("none"), _("Kontra (×2)"), _("Rekontra (×4)")),
    )


KONTRAS = {2: _("{what} × 2 (Kontra)"), 4: _("{what} × 4 (Rekontra)")}
VOIDED = {
    True: _("announced {what} of the {side} {result}: not paid, the declarer took every trick"),
    False: _("silent {what} of the {side} {result}: not paid, the declarer took every trick"),
}


class Dreiertarock(Variant):
    key = "dreiertarock"
    name = gettext_noop("Dreiertarock")
    pack_points = 70
    unit = CENTS
    contracts = CONTRACTS
    deal_fields = {
        "declarer": declarer(),
        "contract": contract(CONTRACTS),
        "declarer_points": declarer_points(70),
        "all_tricks": all_tricks(),
        "kontra": kontra(),
    }
    event_types = EVENTS
    contract_events = {"solo_valat": ()}
    options = (
        OptionSpec(
            "silent_valat",
            "whole",
            0,
            gettext_noop("What each defender pays the declarer who takes every trick without having bid Solo Valat."),
            label=gettext_noop("Silent valat"),
            high=10000,
        ),
        OptionSpec(
            "valat_voids_bonuses",
            "bool",
            False,
            gettext_noop("In a deal where the declarer took every trick, no bonus is paid."),
            label=gettext_noop("Valat voids bonuses"),
        ),
    )

    def check(self, deal: Deal, options: Options) -> Broken:
        broken: Broken = []
        allowed = self.events_for(deal.contract)
        for item in deal.events:
            if item.type in SILENT_ONLY and item.announced:
                broken.append((item.where, why(_("{type} cannot be announced"), type=item.type)))
            if item.type not in allowed:
                broken.append((item.where, why(_("a Solo Valat counts no bonus"))))
            if deal.all_tricks and item.side == "defenders" and item.won:
                broken.append((item.where, why(_("the declarer took every trick, so the defenders win no bonus"))))
        if len(deal.events) < 2:
            return broken  # the rules below are about two events
        if len(set(map(ITEM_TYPE, deal.events))) < len(deal.events):
            for item in twice(deal.events, ITEM_TYPE):
                broken.append((item.where, why(_("{type} can happen only once in a deal"), type=item.type)))
        trull = {e.side for e in deal.events_of("tarock_trull")}
        if trull:
            for item in deal.events_of("mondfang"):
                if item.side not in trull:
                    broken.append((item.where, why(_("the side with all three Trull cards holds the Mond"))))
        return broken

    def doubts(self, deal: Deal, options: Options) -> Doubts:
        yield from all_tricks_with_few_points(deal, self.pack_points)

    def score(self, deal: Deal, options: Options, payments: Payments) -> None:
        value = CONTRACTS[deal.contract]
        won = deal.all_tricks if deal.contract == "solo_valat" else deal.declarer_points >= NEEDED
        payments.per_defender((value if won else -value) * kontra_of(deal), game_played, deal=deal, won=won)
        silent_valat = options.whole("silent_valat")
        if deal.all_tricks and deal.contract != "solo_valat" and silent_valat:
            payments.per_defender(silent_valat, _("silent valat: {value}"), value=silent_valat)
        voided = deal.all_tricks and options.flag("valat_voids_bonuses")
        for item in deal.events:
            silent, loud = BIRDS.get(item.type, (SILENT_ONLY.get(item.type, 0), 0))
            bonus = loud if item.announced else silent
            if voided:
                void = why(VOIDED[item.announced], **bonus_words(item))
                for name in deal.active:
                    payments.net(name, 0, void)
                continue
            earns = item.won == (item.side == "declarer")
            payments.per_defender(bonus if earns else -bonus, bonus_paid, item=item, bonus=bonus)


def game_played(deal: Deal, won: bool) -> Reason:
    """Why the contract is paid, won or lost, times ``kontra``: made only where the payments explain."""
    value = CONTRACTS[deal.contract]
    if deal.contract == "solo_valat":
        said = why(_("Solo Valat made: {value}") if won else _("Solo Valat failed: {value}"), value=value)
    else:
        said = why(
            _("{contract} {result} with {points} card points: {value}"),
            contract=term(deal.contract),
            result=term("won" if won else "lost"),
            points=deal.declarer_points,
            value=value,
        )
    times = kontra_of(deal)
    return why(KONTRAS[times], what=said) if times in KONTRAS else said


def bonus_paid(item: Item, bonus: int) -> Reason:
    """Why a bonus of the play is paid: made only where the payments explain."""
    template = (
        _("announced {what} of the {side} {result}: {bonus}")
        if item.announced
        else _("silent {what} of the {side} {result}: {bonus}")
    )
    return why(template, bonus=bonus, **bonus_words(item))


def bonus_words(item: Item) -> dict[str, object]:
    """The words that say which bonus of the play an item is, and how it went."""
    return {"what": term(item.type), "side": term(item.side or ""), "result": term(item.result or "")}


def kontra_of(deal: Deal) -> int:
    """The deal's ``kontra``: 1, 2 or 4 (the reader allows nothing else)."""
    times = deal.extra.get("kontra", 1)
    assert isinstance(times, int)
    return times
