"""Droggn (Stubai valley): one declarer against two defenders, 66 cards, 74 card points.

Every payment is per defender. The declarer wins with 37; the game is worth its contract's base
value plus the winning side's overshoot over 37. The defenders may double and the declarer
redouble (``multiplier`` 2 or 4), which multiplies everything in the deal.

The Pagat's holder's side is the ``side`` of a Pagat ultimo; a captured Pagat names its captors
(``by``): the declarer, the defenders, or ``own_side`` when a defender takes his partner's Pagat,
which pays nothing. An announced Pagat ultimo whose Pagat is captured before the last trick is
recorded as both, and both are paid.
"""

from __future__ import annotations

from .base import (
    PAGATS_FATE,
    WINNING_THE_LAST_TRICK,
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
    at_most_one,
    contract,
    declarer,
    declarer_points,
    multiplier,
    penalty,
    results,
    side,
)
from .plausibility import all_tricks_with_few_points
from .reasons import Reason, gettext_noop, term, why
from .reasons import gettext_noop as _

THE_GSTIESS_ULTIMO = _("the Gstieß ultimo")
"""Phrases of the refusals, made once (a check runs for every deal read)."""

OWN_SIDE = "own_side"
"""The captors of a defender's Pagat taken by his partner: nobody, as the defenders share their tricks."""
CAPTORS = {"declarer": ("defenders",), "defenders": ("declarer", OWN_SIDE)}
"""Who may capture the Pagat of a failed announced ultimo, by the announcer's side."""
WRONG_CAPTORS = {
    "declarer": _("the declarer's Pagat can be captured only by the defenders"),
    "defenders": _("a defender's Pagat can be captured only by the declarer or by his partner"),
}


CONTRACTS = {"ansager": 20, "solo": 40, "super": 80, "super_mord": 130}
NEEDED = 37
MATCH = 37
"""All tricks ("Match") is worth the base plus 37, whatever the card points."""
SUPER_MORD_WITH_ULTIMO = 187

EVENTS = {
    "pagat_ultimo": {"side": side(), "announced": announced(), "result": results("won", "lost")},
    "pagat_captured": {
        "by": FieldSpec(
            "side",
            "choice",
            ("declarer", "defenders", OWN_SIDE),
            labels=(_("declarer"), _("defenders"), _("the holder's partner")),
        )
    },
    "gstiess_ultimo": {"result": results("won")},
    "penalty": penalty(),
}
PAGAT_ULTIMO = {False: 10, True: 20}
PAGAT_CAPTURED = 5


def other(side_name: str | None) -> str:
    return "defenders" if side_name == "declarer" else "declarer"


def signed(value: int, side_name: str | None) -> int:
    """An amount the ``side_name`` side earns, as the declarer's amount per defender."""
    return value if side_name == "declarer" else -value


def counts_in_super_mord(item: Item) -> bool:
    """Only the Gstieß ultimo and the declarer's announced Pagat ultimo exist in a Super Mord."""
    if item.type == "gstiess_ultimo":
        return True
    return item.type == "pagat_ultimo" and item.side == "declarer" and item.announced


def captured_after_announcing(first: Item, second: Item) -> Item | None:
    """The announced Pagat ultimo, if the two items are one that failed and a capture of its Pagat
    (whoever the capture names as captors)."""
    pair = {first.type: first, second.type: second}
    ultimo, captured = pair.get("pagat_ultimo"), pair.get("pagat_captured")
    if ultimo is None or captured is None or not ultimo.announced or ultimo.won:
        return None
    return ultimo


def may_stand_together(first: Item, second: Item) -> bool:
    """Whether two events about the Pagat may both stand: a failed announced Pagat ultimo, and the
    capture of its Pagat by the announcer's opponents (or, a defender's Pagat, by his partner)."""
    ultimo = captured_after_announcing(first, second)
    if ultimo is None:
        return False
    captured = second if ultimo is first else first
    return captured.side in CAPTORS[ultimo.side or ""]


def pagat_fates(deal: Deal) -> Broken:
    """Shared rule 3 with Droggn's exception: one event about the Pagat's fate, or a failed
    announced Pagat ultimo and the capture of its Pagat before the last trick."""
    fates = deal.events_of("pagat_ultimo", "pagat_captured")
    broken: Broken = []
    if len(fates) < 2:
        return broken
    first = fates[0]
    beside = next((item for item in fates[1:] if may_stand_together(first, item)), None)
    for item in fates[1:]:
        if item is beside:
            continue
        ultimo = captured_after_announcing(first, item)
        if ultimo is not None and beside is None:
            broken.append((item.where, why(WRONG_CAPTORS[ultimo.side or ""])))
        else:
            broken += at_most_one([first, item], PAGATS_FATE)
    return broken


def super_mord_ultimo(deal: Deal) -> Item | None:
    """The announced ultimo that lifts a made Super Mord to 187, if the declarer made one."""
    for item in deal.events:
        if item.won and (item.type == "gstiess_ultimo" or item.side == "declarer"):
            return item
    return None


class Droggn(Variant):
    key = "droggn"
    name = gettext_noop("Droggn")
    pack_points = 74
    contracts = CONTRACTS
    deal_fields = {
        "declarer": declarer(),
        "contract": contract(CONTRACTS),
        "declarer_points": declarer_points(74),
        "all_tricks": all_tricks(),
        "multiplier": multiplier(),
    }
    event_types = EVENTS
    sitting_out_fixed = True
    plain_deal_rules = True
    contract_events = {
        "ansager": ("pagat_ultimo", "pagat_captured"),
        "solo": ("pagat_ultimo", "pagat_captured"),
        "super": ("pagat_ultimo", "pagat_captured"),
        "super_mord": ("gstiess_ultimo", "pagat_ultimo"),
    }
    options = (
        OptionSpec(
            "super_mord_loss",
            "whole",
            167,
            gettext_noop("What the declarer pays each defender when a Super Mord fails."),
            label=gettext_noop("Failed Super Mord"),
            high=10000,
        ),
    )

    def check(self, deal: Deal, options: Options) -> Broken:
        broken: Broken = []
        if deal.all_tricks and deal.declarer_points < NEEDED:
            too_few = _("all tricks with only {points} card points (at least {needed})")
            broken.append(("all_tricks", why(too_few, points=deal.declarer_points, needed=NEEDED)))
        if not deal.events:
            return broken  # as in most deals: the other rules are about events
        allowed = self.events_for(deal.contract)
        for item in deal.events:
            if deal.contract == "super_mord":
                if not counts_in_super_mord(item):
                    said = why(_("a Super Mord counts no bonus but the declarer's announced ultimo"))
                    broken.append((item.where, said))
            elif item.type not in allowed:
                broken.append((item.where, why(_("the Gstieß ultimo exists only in a Super Mord"))))
            defenders_win = item.side == "defenders" and (item.won or item.type == "pagat_captured")
            if deal.all_tricks and defenders_win:
                said = why(_("the declarer took every trick, so the defenders win no Pagat bonus"))
                broken.append((item.where, said))
            if deal.all_tricks and item.side == OWN_SIDE:
                said = why(_("the declarer took every trick, so no defender took his partner's Pagat"))
                broken.append((item.where, said))
        if len(deal.events) < 2:
            return broken  # the rules below are about two events
        broken += pagat_fates(deal)
        broken += at_most_one(deal.events_of("gstiess_ultimo"), THE_GSTIESS_ULTIMO)
        won = [e for e in deal.events_of("pagat_ultimo", "gstiess_ultimo") if e.won]
        broken += at_most_one(won, WINNING_THE_LAST_TRICK)
        return broken

    def doubts(self, deal: Deal, options: Options) -> Doubts:
        yield from all_tricks_with_few_points(deal, self.pack_points)

    def score(self, deal: Deal, options: Options, payments: Payments) -> None:
        times = deal.multiplier
        if deal.contract == "super_mord":
            self.super_mord(deal, options, payments, times)
            return
        base = CONTRACTS[deal.contract]
        if deal.all_tricks:
            value = base + MATCH
        else:
            points = deal.declarer_points
            value = signed(base + abs(points - NEEDED), "declarer" if points >= NEEDED else "defenders")
        payments.per_defender(value * times, contract_paid, deal=deal, times=times)
        for item in deal.events:
            if item.side == OWN_SIDE:
                for name in deal.active:
                    payments.net(name, 0, CAPTURED_BY_PARTNER)
                continue
            if item.type == "pagat_captured":
                bonus = signed(PAGAT_CAPTURED, item.side)
            else:
                bonus = signed(PAGAT_ULTIMO[item.announced], item.side if item.won else other(item.side))
            payments.per_defender(bonus * times, pagat_paid, item=item, times=times)

    def super_mord(self, deal: Deal, options: Options, payments: Payments, times: int) -> None:
        """Super Mord is settled as a fixed total: made, made with an ultimo, or failed."""
        if not deal.all_tricks:
            loss = options.whole("super_mord_loss")
            payments.per_defender(-loss * times, doubling(why(_("Super Mord failed: {loss}"), loss=loss), times))
            return
        base = CONTRACTS["super_mord"]
        made = why(_("Super Mord made: {base} + {match}"), base=base, match=MATCH)
        payments.per_defender((base + MATCH) * times, doubling(made, times))
        ultimo = super_mord_ultimo(deal)
        if ultimo is not None:
            extra = SUPER_MORD_WITH_ULTIMO - base - MATCH
            with_ultimo = why(_("Super Mord with the announced {ultimo}"), ultimo=term(ultimo.type))
            payments.per_defender(extra * times, doubling(with_ultimo, times))


CAPTURED_BY_PARTNER = why(_("Pagat captured by the holder's partner: nothing paid"))


def contract_paid(deal: Deal, times: int) -> Reason:
    """Why the contract is paid, doubled or not: made only where the payments explain."""
    base, game = CONTRACTS[deal.contract], term(deal.contract)
    if deal.all_tricks:
        made = why(_("{contract} with all tricks: {base} + {match}"), contract=game, base=base, match=MATCH)
        return doubling(made, times)
    points = deal.declarer_points
    said = why(
        _("{contract} {result} with {points} card points: {base} + {overshoot}"),
        contract=game,
        result=term("won" if points >= NEEDED else "lost"),
        points=points,
        base=base,
        overshoot=abs(points - NEEDED),
    )
    return doubling(said, times)


def pagat_paid(item: Item, times: int) -> Reason:
    """Why a Pagat captured or a Pagat ultimo is paid, doubled or not: made only where the
    payments explain."""
    side = term(item.side or "")
    if item.type == "pagat_captured":
        return doubling(why(_("Pagat captured by the {side}"), side=side), times)
    template = (
        _("announced Pagat ultimo of the {side} {result}")
        if item.announced
        else _("silent Pagat ultimo of the {side} {result}")
    )
    return doubling(why(template, side=side, result=term(item.result or "")), times)


DOUBLINGS = {2: _("{what}, doubled"), 4: _("{what}, redoubled")}


def doubling(what: Reason, times: int) -> Reason:
    """The reason, saying whether the deal was doubled or redoubled."""
    return why(DOUBLINGS[times], what=what) if times in DOUBLINGS else what
