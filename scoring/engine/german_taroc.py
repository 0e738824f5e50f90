"""Early German Taroc (rules of 1754): three players each for himself, over/under 26.

Card points are settled net (``points − 26``); declarations and events are paid by each
opponent. The Excuse is not a Tarock here, so at most 21 Tarocks can be declared in a deal.
"""

from __future__ import annotations

from .base import (
    PAGATS_FATE,
    TAROCKS_AND_MATADORS,
    Broken,
    Deal,
    Doubts,
    Options,
    Payments,
    Variant,
    at_most_one,
    card_points,
    count,
    declaration_rules,
    one_winner_of_last_trick,
    over_under,
    pay_declarations,
    penalty,
    player,
    results,
    suit,
)
from .cards import count_pile
from .plausibility import points_without_a_trick
from .reasons import gettext_noop, term, why
from .reasons import gettext_noop as _

EXCUSE = _("Excuse")
KEEPING_THE_EXCUSE = _("keeping the Excuse with no trick")
"""Phrases of the refusals, made once (a check runs for every deal read)."""


PAR = 26

DECLARATIONS = {
    "tarocks": {"player": player(), "count": count(10, 21)},
    "matadors": {"player": player(), "count": count(3, 22)},
    "cavalry": {"player": player(), "suit": suit()},
    "half_cavalry": {"player": player(), "suit": suit()},
    "four_kings": {"player": player()},
    "three_kings": {"player": player()},
}

EVENTS = {
    "pagat": {"player": player(), "result": results("lost", "lost_last_trick", "ultimo")},
    "excuse_no_tricks": {"player": player()},
    "penalty": penalty(),
}

PAGAT_VALUES = {"lost": -5, "lost_last_trick": -10, "ultimo": 10}
EXCUSE_NO_TRICKS = 4
EXCUSE_ALONE = count_pile(trull=1).points
"""The card points of the Excuse kept alone (4⅓, so 4): a player who took no trick has them."""
MAX_TAROCKS = 21
NEEDS_THE_EXCUSE = ("matadors", "half_cavalry", "three_kings")


FIXED_DECLARATIONS = {"cavalry": 10, "half_cavalry": 5, "four_kings": 10, "three_kings": 5}


class GermanTaroc(Variant):
    key = "german_taroc"
    name = gettext_noop("German Taroc (1754)")
    pack_points = 78
    lone_item_rules = False  # every rule is about two declarations or two events (10 to 21 Tarocks: one is fine)
    deal_fields = {"card_points": card_points(78)}
    declaration_types = DECLARATIONS
    event_types = EVENTS

    def check(self, deal: Deal, options: Options) -> Broken:
        # Every rule is about two declarations or two events (see lone_item_rules), and each
        # reads only one of the two lists: a list of one item breaks nothing.
        broken: Broken = []
        if len(deal.declarations) > 1:
            tarocks = deal.declarations_of("tarocks")
            if len(tarocks) > 1 and sum(d.count for d in tarocks) > MAX_TAROCKS:  # one is at most 21
                broken.append(
                    ("declarations", why(_("more than {most} Tarocks declared in one deal"), most=MAX_TAROCKS))
                )
            broken += declaration_rules(deal, ("cavalry", "half_cavalry"), NEEDS_THE_EXCUSE, EXCUSE)
            kings = deal.declarations_of("four_kings", "three_kings")
            if len(kings) > 1 and any(item.type == "four_kings" for item in kings):
                broken.append(
                    (kings[-1].where, why(_("four kings cannot be declared beside another kings declaration")))
                )
        if len(deal.events) > 1:
            pagats, kept = deal.events_of("pagat"), deal.events_of("excuse_no_tricks")
            broken += at_most_one(pagats, PAGATS_FATE)
            broken += at_most_one(kept, KEEPING_THE_EXCUSE)
            won = [e for e in pagats if e.result == "ultimo"]
            if won:
                broken += one_winner_of_last_trick(won, None, {e.player or "" for e in kept})
        return broken

    def doubts(self, deal: Deal, options: Options) -> Doubts:
        yield from points_without_a_trick(deal, "excuse_no_tricks", kept=EXCUSE_ALONE)

    def score(self, deal: Deal, options: Options, payments: Payments) -> None:
        over_under(payments, deal, PAR)
        pay_declarations(payments, deal, TAROCKS_AND_MATADORS, FIXED_DECLARATIONS)
        for item in deal.events:
            who = item.player
            assert who is not None
            if item.type == "pagat":
                assert item.result is not None
                value = PAGAT_VALUES[item.result]
                payments.each_opponent_pays(
                    who, value, _("{player}: Pagat {result}"), player=who, result=term(item.result)
                )
            else:
                payments.each_opponent_pays(
                    who, EXCUSE_NO_TRICKS, _("{player} took no trick and keeps the Excuse"), player=who
                )
