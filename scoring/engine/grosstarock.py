"""Grosstarock after Dummett: three players each for himself, over/under 26.

Card points are settled net (``points − 26``) unless a valat or nolo replaces them (option
``valat_replaces_card_points``); declarations, bonuses and penalties are paid by each opponent.
The last trick scores only as an ultimo: a Pagat or King that wins it is not also brought home.
"""

from __future__ import annotations

from .base import (
    TAROCKS_AND_MATADORS,
    Check,
    Deal,
    Doubts,
    FieldSpec,
    Item,
    Options,
    OptionSpec,
    Payments,
    Variant,
    at_most_one,
    card_points,
    count,
    declaration_rules,
    later,
    one_pagat,
    one_winner_of_last_trick,
    over_under,
    pay_declarations,
    player,
    results,
    suit,
    twice,
)
from .plausibility import every_trick_without_the_pack, kings_in_play, points_without_a_trick, too_many_tarocks
from .reasons import gettext_noop, term, why
from .reasons import gettext_noop as _

SKUS = _("Sküs")
A_VALAT = _("a valat")
A_NOLO = _("a nolo")
"""Phrases of the refusals, made once (a check runs for every deal read)."""


PAR = 26

DECLARATIONS = {
    "tarocks": {"player": player(), "count": count(10, 22)},
    "matadors": {"player": player(), "count": count(3, 22)},
    "kings": {"player": player(), "count": count(3, 7)},
    "cavalry": {"player": player(), "suit": suit()},
    "half_cavalry": {"player": player(), "suit": suit()},
    "four_queens": {"player": player()},
    "four_cavaliers": {"player": player()},
    "four_jacks": {"player": player()},
    "ladons": {"player": player(), "count": count(16, 28)},
}

FIXED_DECLARATIONS = {
    "cavalry": 10,
    "half_cavalry": 5,
    "four_queens": 5,
    "four_cavaliers": 5,
    "four_jacks": 5,
}
LADDERS = {**TAROCKS_AND_MATADORS, "kings": (5, 3), "ladons": (15, 16)}
"""Declarations worth ``base`` for ``start`` cards and 5 more per card beyond: (base, start)."""

FOUR_OF_A_RANK = {
    "four_queens": _("declaring four queens"),
    "four_cavaliers": _("declaring four cavaliers"),
    "four_jacks": _("declaring four jacks"),
}
"""The declarations of four cards of one rank, each with how a refusal says declaring it."""
NEEDS_THE_SKUS = ("matadors", "half_cavalry")


def before_trick(*tricks: int) -> FieldSpec:
    return FieldSpec("before_trick", "choice", tricks)


EVENTS = {
    "pagat": {"player": player(), "result": results("home", "lost")},
    "pagat_ultimo": {"player": player(), "result": results("won", "lost")},
    "king": {"player": player(), "result": results("home", "lost"), "count": count(1, 4, default=1)},
    "king_ultimo": {"player": player(), "result": results("won", "lost")},
    "valat": {"player": player()},
    "nolo": {"player": player()},
    "announced_valat": {
        "player": player(),
        "before_trick": before_trick(1, 13, 20),
        "result": results("won", "lost"),
    },
    "announced_nolo": {
        "player": player(),
        "before_trick": before_trick(1, 13),
        "result": results("won", "lost"),
    },
}

BONUSES = {"pagat": 5, "pagat_ultimo": 15, "king": 5, "king_ultimo": 10}
"""Won or brought home: from each opponent; lost: to each opponent (per King for ``king``)."""
SILENT_VALAT = 26
ANNOUNCED_VALAT = {1: 52, 13: 38, 20: 31}
ANNOUNCED_NOLO = {1: 36, 13: 31}
FAILED_NOLO = {1: 10, 13: 5}


def valats(deal: Deal) -> list[Item]:
    return deal.events_of("valat", "announced_valat")


def nolos(deal: Deal) -> list[Item]:
    return deal.events_of("nolo", "announced_nolo")


def made(item: Item) -> bool:
    """A silent valat or nolo always happened; an announced one only when won."""
    return item.type in ("valat", "nolo") or item.won


class Grosstarock(Variant):
    key = "grosstarock"
    name = gettext_noop("Grosstarock")
    pack_points = 78
    deal_fields = {"card_points": card_points(78)}
    declaration_types = DECLARATIONS
    event_types = EVENTS
    options = (
        OptionSpec(
            "valat_replaces_card_points",
            "bool",
            True,
            gettext_noop("In a deal with a valat or nolo made, nobody's card points are settled."),
            label=gettext_noop("Valat replaces card points"),
        ),
    )

    def check(self, deal: Deal, options: Options) -> Check:
        yield from declaration_rules(deal, ("cavalry", "half_cavalry"), NEEDS_THE_SKUS, SKUS)
        for item in twice(deal.declarations_of(*FOUR_OF_A_RANK), lambda d: d.type):
            yield item.where, why(_("{what} can happen only once in a deal"), what=why(FOUR_OF_A_RANK[item.type]))
        valat, nolo = valats(deal), nolos(deal)
        if valat and nolo:
            yield later(valat[0], nolo[0]).where, why(_("a valat and a nolo cannot happen in the same deal"))
        yield from at_most_one(valat, A_VALAT)
        yield from at_most_one(nolo, A_NOLO)
        yield from one_pagat(deal, "pagat", "pagat_ultimo")
        won = [e for e in deal.events_of("pagat_ultimo", "king_ultimo") if e.won]
        every_trick = next((e.player for e in valat if made(e)), None)
        no_tricks = {e.player for e in nolo if made(e) and e.player is not None}
        yield from one_winner_of_last_trick(won, every_trick, no_tricks)

    def doubts(self, deal: Deal, options: Options) -> Doubts:
        yield from kings_in_play(deal)
        yield from points_without_a_trick(deal, "nolo", "announced_nolo")
        yield from every_trick_without_the_pack(deal, self.pack_points, "valat", "announced_valat")
        yield from too_many_tarocks(deal)

    def score(self, deal: Deal, options: Options, payments: Payments) -> None:
        replaced = any(made(e) for e in valats(deal) + nolos(deal))
        if replaced and options.flag("valat_replaces_card_points"):
            for name in deal.active:
                payments.net(name, 0, _("card points not settled: valat or nolo"))
        else:
            over_under(payments, deal, PAR)
        pay_declarations(payments, deal, LADDERS, FIXED_DECLARATIONS)
        for item in deal.events:
            pay_event(payments, item)


def pay_event(payments: Payments, item: Item) -> None:
    """Each opponent pays the event's player its value (a negative value: he pays each)."""
    who = item.player
    assert who is not None
    if item.type in BONUSES:
        good = item.result in ("won", "home")
        value = BONUSES[item.type] * item.count
        paid = value if good else -value
        result = term(item.result or "")
        if item.type == "king":
            payments.each_opponent_pays(
                who, paid, _("{player}: {count} × King {result}"), player=who, count=item.count, result=result
            )
        else:
            what = term(item.type)
            payments.each_opponent_pays(who, paid, _("{player}: {what} {result}"), player=who, what=what, result=result)
    elif item.type == "valat":
        payments.each_opponent_pays(who, SILENT_VALAT, _("{player} took every trick (valat)"), player=who)
    elif item.type == "nolo":
        payments.each_opponent_pays(who, SILENT_VALAT, _("{player} took no trick (nolo)"), player=who)
    else:
        assert item.before_trick is not None
        if item.type == "announced_valat":
            value = ANNOUNCED_VALAT[item.before_trick]
            paid = value if item.won else -value
        else:
            paid = ANNOUNCED_NOLO[item.before_trick] if item.won else -FAILED_NOLO[item.before_trick]
        payments.each_opponent_pays(
            who,
            paid,
            _("{player}: {what} before trick {trick}, {result}"),
            player=who,
            what=term(item.type),
            trick=item.before_trick,
            result=term(item.result or ""),
        )
