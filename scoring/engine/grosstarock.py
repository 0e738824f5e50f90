"""Grosstarock after Dummett: three players each for himself, over/under 26.

Card points are settled net (``points − 26``) unless a made valat or nolo replaces them (option
``valat_replaces_card_points``); declarations, bonuses and penalties are paid by each opponent.
The last trick scores only as an ultimo: a Pagat or King that wins it is not also brought home.

A **made** valat is a ``valat`` or a won ``announced_valat``, a made nolo a ``nolo`` or a won
``announced_nolo``; a failed announcement is neither. The rules of a deal count only what was made,
and each item is paid as it stands: a failed announcer pays his penalty beside another player's
made valat or nolo.
"""

from __future__ import annotations

from functools import cache

from .base import (
    ITEM_TYPE,
    TAROCKS_AND_MATADORS,
    Broken,
    Deal,
    Doubts,
    FieldSpec,
    Item,
    Options,
    OptionSpec,
    Payments,
    Variant,
    at_most_one,
    by_different_players,
    card_points,
    count,
    declaration_rules,
    declaration_words,
    declared,
    describe,
    later,
    one_pagat,
    one_winner_of_last_trick,
    over_under,
    penalty,
    player,
    results,
    suit,
    twice,
)
from .plausibility import every_trick_without_the_pack, kings_in_play, points_without_a_trick, too_many_tarocks
from .reasons import Reason, gettext_noop, term, why
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
CAVALRIES = ("cavalry", "half_cavalry")
NEEDS_THE_SKUS = ("matadors", "half_cavalry")
"""The declarations that need the Sküs under every house rule; with ``kings: skus_wildcard`` a
``kings`` of ``MOST_WILD_KINGS`` needs it too."""

HONOURS = "honours"
SKUS_WILDCARD = "skus_wildcard"
"""The readings of ``kings`` (option ``kings``): how many of the seven honours (Pagat, Sküs, XXI,
the four Kings), or the Kings held plus one for the Sküs as a wild card."""
MOST_WILD_KINGS = 5
"""With the Sküs as a wild card a ``kings`` count is 3 to 5, and 5 (four Kings and the Sküs) is
the one that needs the Sküs; the reader checks the honours' range, 3 to 7."""
PIPS = "pips"
ALL_LOW = "all_low"
"""The readings of ``ladons`` (option ``ladons``): the 40 pip cards, or those and Tarocks II to
XX. Both score the same; the breakdown says which were counted."""


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
    "penalty": penalty(),
}

BONUSES = {"pagat": 5, "pagat_ultimo": 15, "king": 5, "king_ultimo": 10}
"""Won or brought home: from each opponent; lost: to each opponent (per King for ``king``)."""
SILENT_VALAT = 26
ANNOUNCED_VALAT = {1: 52, 13: 38, 20: 31}
ANNOUNCED_NOLO = {1: 36, 13: 31}
FAILED_NOLO = {1: 10, 13: 5}


GROUPS = {
    "valat": "valats",
    "announced_valat": "valats",
    "nolo": "nolos",
    "announced_nolo": "nolos",
    "pagat_ultimo": "ultimos",
    "king_ultimo": "ultimos",
}
"""The events the rules ask about together, by their group (``Deal.events_by``): the valats,
silent or announced, the nolos likewise, and the ultimos."""


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
        OptionSpec(
            "kings",
            "choice",
            HONOURS,
            gettext_noop(
                "What a kings declaration counts: the seven honours, or the Kings with the Sküs as a wild card."
            ),
            label=gettext_noop("Kings"),
            choices=(HONOURS, SKUS_WILDCARD),
            labels=(
                gettext_noop("seven honours"),
                gettext_noop("Kings, Sküs wild"),
            ),
        ),
        OptionSpec(
            "ladons",
            "choice",
            PIPS,
            gettext_noop("Which cards a ladons declaration counts; a count scores the same either way."),
            label=gettext_noop("Ladons"),
            choices=(PIPS, ALL_LOW),
            labels=(gettext_noop("pip cards"), gettext_noop("pips and Tarocks II–XX")),
        ),
    )

    def check(self, deal: Deal, options: Options) -> Broken:
        wild = options.word("kings") == SKUS_WILDCARD
        broken = wild_kings_in_range(deal) if wild else []
        # Every other rule is about two declarations or two events, and reads only one of the
        # two lists: a list of one item breaks none of them (as in many deals).
        if len(deal.declarations) > 1:
            broken += declaration_rules(deal, CAVALRIES, (), SKUS)
            broken += one_skus(deal, wild)
            ranks = deal.declarations_of(*FOUR_OF_A_RANK)
            for item in twice(ranks, ITEM_TYPE) if len(ranks) > 1 else ():
                what = why(FOUR_OF_A_RANK[item.type])
                broken.append((item.where, why(_("{what} can happen only once in a deal"), what=what)))
        if len(deal.events) < 2:
            return broken
        events = deal.events_by(GROUPS)
        valat = [e for e in events.get("valats", ()) if made(e)]
        nolo = [e for e in events.get("nolos", ()) if made(e)]
        if valat and nolo:
            broken.append((later(valat[0], nolo[0]).where, why(_("a valat and a nolo cannot happen in the same deal"))))
        if valat or nolo:
            broken += at_most_one(valat, A_VALAT)
            broken += at_most_one(nolo, A_NOLO)
            broken += failed_beside_made(deal, valat, nolo)
        broken += one_pagat(deal, "pagat", "pagat_ultimo")
        won = [e for e in events.get("ultimos", ()) if e.won]
        if won:
            every_trick = valat[0].player if valat else None
            no_tricks = {e.player for e in nolo if e.player is not None}
            broken += one_winner_of_last_trick(won, every_trick, no_tricks)
        return broken

    def doubts(self, deal: Deal, options: Options) -> Doubts:
        yield from kings_in_play(deal)
        yield from points_without_a_trick(deal, "nolo", "announced_nolo")
        yield from every_trick_without_the_pack(deal, self.pack_points, "valat", "announced_valat")
        yield from too_many_tarocks(deal)

    def score(self, deal: Deal, options: Options, payments: Payments) -> None:
        events = deal.events_by(GROUPS)
        replaced = any(made(e) for group in ("valats", "nolos") for e in events.get(group, ()))
        if replaced and options.flag("valat_replaces_card_points"):
            for name in deal.active:
                payments.net(name, 0, _("card points not settled: valat or nolo"))
        else:
            over_under(payments, deal, PAR)
        kings, ladons = options.word("kings"), options.word("ladons")
        for item in deal.declarations:
            assert item.player is not None
            value = declared(item, LADDERS, FIXED_DECLARATIONS)
            payments.each_opponent_pays(item.player, value, declares, item=item, kings=kings, ladons=ladons)
        for item in deal.events:
            pay_event(payments, item)


def wild_kings_in_range(deal: Deal) -> Broken:
    """With the Sküs as a wild card, at most four Kings and the Sküs: the reader allowed 3 to 7."""
    broken: Broken = []
    for item in deal.declarations_of("kings"):
        if item.count > MOST_WILD_KINGS:
            said = why(
                _("must be a whole number from {low} to {high} with the Sküs as a wild card, not {value}"),
                low=DECLARATIONS["kings"]["count"].low,
                high=MOST_WILD_KINGS,
                value=item.count,
            )
            broken.append((f"{item.where}.count", said))
    return broken


def one_skus(deal: Deal, wild: bool) -> Broken:
    """Declarations that need the one Sküs come from one player only: matadors and half cavalry,
    and with the Sküs as a wild card a kings count that only the Sküs completes."""
    needing = [
        d
        for d in deal.declarations_of(*NEEDS_THE_SKUS, "kings")
        if d.type != "kings" or (wild and d.count == MOST_WILD_KINGS)
    ]
    second = by_different_players(needing) if len(needing) > 1 else None
    if second is None:
        return []
    said = why(_("{what} needs the {card}, which another player declared"), what=describe(second), card=why(SKUS))
    return [(second.where, said)]


def failed_beside_made(deal: Deal, valat: list[Item], nolo: list[Item]) -> Broken:
    """A failed announcement that the made valat or nolo contradicts: the player who took every
    trick did not fail his valat; the player who took no trick, or whose opponent took every
    trick, did not fail his nolo (a failed nolo means he took a trick)."""
    every_trick = {e.player: e for e in valat}
    no_tricks = {e.player: e for e in nolo}
    broken: Broken = []
    for item in deal.events_of("announced_valat", "announced_nolo"):
        if item.won:
            continue
        who = item.player
        if item.type == "announced_valat" and who in every_trick:
            said = why(_("{player} took every trick, so cannot lose an announced valat"), player=who)
            broken.append((later(item, every_trick[who]).where, said))
        elif item.type == "announced_nolo" and who in no_tricks:
            said = why(_("{player} took no trick, so cannot lose an announced nolo"), player=who)
            broken.append((later(item, no_tricks[who]).where, said))
        elif item.type == "announced_nolo" and valat and valat[0].player != who:
            said = why(
                _("{winner} took every trick, so {player} cannot lose an announced nolo"),
                winner=valat[0].player,
                player=who,
            )
            broken.append((later(item, valat[0]).where, said))
    return broken


def declares(item: Item, kings: str, ladons: str) -> Reason:
    """Why each opponent pays for a declaration, made only when the payments explain."""
    return why(_("{player} declares {what}"), player=item.player, what=declaration(item, kings, ladons))


def declaration(item: Item, kings: str, ladons: str) -> Reason:
    """A declaration in words, saying which cards were counted where a house rule counts others
    than the default's: ``18 ladons (Tarocks II–XX counted)``."""
    if item.type == "kings" and kings == SKUS_WILDCARD:
        return counted(item.type, item.count, _("{what} (Kings and the Sküs counted)"))
    if item.type == "ladons" and ladons == ALL_LOW:
        return counted(item.type, item.count, _("{what} (Tarocks II–XX counted)"))
    return describe(item)


@cache
def counted(kind: str, number: int, template: str) -> Reason:
    """The words for a declaration with what its house rule counts, made once for each count."""
    return why(template, what=declaration_words(kind, number, None))


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
