"""Danish Tarok (Dansk Tarokforbund rules, 2011): three players each for himself, two pots.

The King pot and the Pagat pot are carried from deal to deal. A deal is settled in a fixed
order, because what a pot holds depends on it: (1) empty pots are founded again and the dealer
pays his stake, (2) Pagat and Kings lost or brought home, (3) won ultimos take their pot, then a
tout takes what both hold, (4) lost ultimos pay into their pot what it held when step 4 began,
(5) last trick, nolo, declarations and the per-5 card-point bands. Penalties, step (6), are
paid after all of these by the sitting, as in every variant.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from .base import (
    TAROCKS_AND_MATADORS,
    Broken,
    Deal,
    Doubts,
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
    pay_declarations,
    penalty,
    player,
    results,
    suit,
)
from .plausibility import every_trick_without_the_pack, kings_in_play, points_without_a_trick, too_many_tarocks
from .reasons import Reason, gettext_noop, term, why
from .reasons import gettext_noop as _

SCIES = _("Scies")
A_KINGS_DECLARATION = _("a kings declaration")
A_NOLO = _("a nolo")
A_TOUT = _("a tout")
TAKING_THE_LAST_TRICK = _("taking the last trick")
"""Phrases of the refusals, made once (a check runs for every deal read)."""


POTS = {"king": "king_pot", "pagat": "pagat_pot"}
"""Each pot and the glossary key of its name."""
POT_NAMES = {pot: term(key) for pot, key in POTS.items()}
"""Each pot's name as a reason says it."""
STAKES = {pot: why(_("dealer's stake into the {pot}"), pot=name) for pot, name in POT_NAMES.items()}
"""The reason of the dealer's stake into each pot, the same every deal: made (and written) once."""
WORDS = {"king_pot": _("King pot"), "pagat_pot": _("Pagat pot")}

DECLARATIONS = {
    "tarocks": {"player": player(), "count": count(10, 22)},
    "matadors": {"player": player(), "count": count(3, 22)},
    "four_kings": {"player": player()},
    "half_kings": {"player": player()},
    "overfull_kings": {"player": player()},
    "cavalry": {"player": player(), "suit": suit()},
    "half_cavalry": {"player": player(), "suit": suit()},
    "overfull_cavalry": {"player": player(), "suit": suit()},
}
FIXED_DECLARATIONS = {
    "four_kings": 10,
    "half_kings": 5,
    "overfull_kings": 15,
    "cavalry": 10,
    "half_cavalry": 5,
    "overfull_cavalry": 15,
}
KINGS = ("four_kings", "half_kings", "overfull_kings")
CAVALRIES = ("cavalry", "half_cavalry", "overfull_cavalry")
NEEDS_THE_SCIES = ("matadors", "half_kings", "overfull_kings", "half_cavalry", "overfull_cavalry")

EVENTS = {
    "pagat": {"player": player(), "result": results("home", "lost")},
    "king_lost": {"player": player(), "count": count(1, 4, default=1)},
    "pagat_ultimo": {"player": player(), "result": results("won", "lost")},
    "king_ultimo": {"player": player(), "result": results("won", "lost")},
    "last_trick": {"player": player()},
    "nolo": {"player": player()},
    "tout": {"player": player()},
    "penalty": penalty(POTS),
}
ULTIMOS = {"pagat_ultimo": ("pagat", 45, term("pagat_ultimo")), "king_ultimo": ("king", 40, term("king_ultimo"))}
"""Each ultimo: its pot, what each opponent pays, its name."""
GROUPS = {
    "pagat": "pagat_and_kings",
    "king_lost": "pagat_and_kings",
    "pagat_ultimo": "ultimos",
    "king_ultimo": "ultimos",
    "last_trick": "last_trick",
    "nolo": "nolo",
    "tout": "tout",
}
"""The events the rules and the settlement ask about, by the group they ask for
(``Deal.events_by``): the Pagat and Kings lost or brought home are settled together, in their
order, and so are the ultimos."""
PAGAT_OR_KING = 5
LAST_TRICK = 20
NOLO = 25
TOUT = 80
MAX_KINGS_LOST = 4

BAND = 5
GAIN_ABOVE = 24
PAY_BELOW = 28


def band_points(points: int) -> int:
    """5 game points per full 5 card points above 24, minus 5 per full 5 below 28."""
    gain = max(0, points - GAIN_ABOVE) // BAND
    pay = max(0, PAY_BELOW - points) // BAND
    return BAND * (gain - pay)


@cache
def band(points: int) -> tuple[int, Reason]:
    """A player's band for his card points, and why: worked out once for each count."""
    value = band_points(points)
    return value, why(_("card points {points}, band {band:+d}"), points=points, band=value)


class DanishTarok(Variant):
    key = "danish_tarok"
    name = gettext_noop("Danish Tarok")
    pack_points = 78
    lone_item_rules = False  # every rule is about two declarations or two events (one loses 4 Kings at most)
    deal_fields = {"card_points": card_points(78)}
    declaration_types = DECLARATIONS
    event_types = EVENTS
    pots = POTS
    words = WORDS
    options = (
        OptionSpec(
            "ante",
            "whole",
            20,
            gettext_noop("What every player pays into an empty pot to found it again."),
            label=gettext_noop("Ante"),
        ),
        OptionSpec(
            "dealer_stake",
            "whole",
            5,
            gettext_noop("What the dealer pays into each pot before every deal."),
            label=gettext_noop("Dealer's stake"),
        ),
        OptionSpec(
            "stake_on_refound",
            "bool",
            True,
            gettext_noop("The dealer's stake also goes into a pot that is founded again in the same deal."),
            label=gettext_noop("Stake also on refounding"),
        ),
        OptionSpec(
            "band_balance",
            "choice",
            "next_dealer",
            gettext_noop("Who absorbs the difference when the card-point bands do not add up to zero."),
            choices=("next_dealer", "dealer"),
            labels=(gettext_noop("the next active player"), gettext_noop("the dealer")),
            label=gettext_noop("Band balance"),
        ),
        OptionSpec(
            "tout_collects_ultimo",
            "bool",
            True,
            gettext_noop(
                "A tout player who wins the last trick with the Pagat or a King also receives that ultimo"
                " and its pot; otherwise the tout is the whole reward."
            ),
            label=gettext_noop("Tout collects the ultimo"),
        ),
    )

    def sits_out(self, dealer_seat: int, table_size: int) -> int | None:
        """At a table of four the player opposite the dealer sits out."""
        return (dealer_seat + 1) % 4 + 1 if table_size == 4 else None

    def check(self, deal: Deal, options: Options) -> Broken:
        # Every rule is about two declarations or two events (see lone_item_rules), and each
        # reads only one of the two lists: a list of one item breaks nothing.
        broken: Broken = []
        if len(deal.declarations) > 1:
            broken += declaration_rules(deal, CAVALRIES, NEEDS_THE_SCIES, SCIES)
            broken += at_most_one(deal.declarations_of(*KINGS), A_KINGS_DECLARATION)
        if len(deal.events) < 2:
            return broken
        events = deal.events_by(GROUPS)
        nolo, tout, last_trick = events.get("nolo", ()), events.get("tout", ()), events.get("last_trick", ())
        ultimos = events.get("ultimos", ())
        if last_trick and (ultimos or nolo or tout):
            said = why(_("last_trick cannot go with an ultimo, a nolo or a tout"))
            broken += [(item.where, said) for item in last_trick]
        if nolo and tout:
            broken.append((later(nolo[0], tout[0]).where, why(_("a nolo and a tout cannot happen in the same deal"))))
        broken += at_most_one(nolo, A_NOLO)
        broken += at_most_one(tout, A_TOUT)
        broken += at_most_one(last_trick, TAKING_THE_LAST_TRICK)
        kings_lost = [e for e in events.get("pagat_and_kings", ()) if e.type == "king_lost"]
        if len(kings_lost) > 1 and sum(e.count for e in kings_lost) > MAX_KINGS_LOST:  # one loses 4 at most
            broken.append(
                (kings_lost[-1].where, why(_("more than {most} Kings lost in one deal"), most=MAX_KINGS_LOST))
            )
        broken += one_pagat(deal, "pagat", "pagat_ultimo")
        won = [e for e in ultimos if e.won]
        if won:
            every_trick = tout[0].player if tout else None
            broken += one_winner_of_last_trick(won, every_trick, {e.player or "" for e in nolo})
        return broken

    def doubts(self, deal: Deal, options: Options) -> Doubts:
        yield from kings_in_play(deal)
        yield from points_without_a_trick(deal, "nolo")
        yield from every_trick_without_the_pack(deal, self.pack_points, "tout")
        yield from too_many_tarocks(deal)

    def score(self, deal: Deal, options: Options, payments: Payments) -> None:
        """The deal settled in the order of the module's steps, into the payments, which keep the
        pots as they change; a step with nothing to settle (as most are in most deals) is skipped."""
        events = deal.events_by(GROUPS)
        found_and_stake(deal, options, payments)
        pagat_and_kings = events.get("pagat_and_kings")
        if pagat_and_kings:
            lose_or_bring_home(payments, pagat_and_kings)
        ultimos, nolo, tout = events.get("ultimos", ()), events.get("nolo", ()), events.get("tout", ())
        if ultimos or tout:
            won_ultimos_and_tout(payments, ultimos, nolo, tout, options.flag("tout_collects_ultimo"))
            lost_ultimos(payments, ultimos)
        for item in events.get("last_trick", ()):
            who = item.player or ""
            payments.each_opponent_pays(who, LAST_TRICK, _("{player} takes the last trick"), player=who)
        for item in nolo:
            who = item.player or ""
            payments.each_opponent_pays(who, NOLO, _("{player} takes no trick (nolo)"), player=who)
        if deal.declarations:
            pay_declarations(payments, deal, TAROCKS_AND_MATADORS, FIXED_DECLARATIONS)
        if not nolo and not tout:
            bands(payments, deal, options.word("band_balance"))


def found_and_stake(deal: Deal, options: Options, payments: Payments) -> None:
    """Step 1. The sitting's first played deal founds both pots (whatever a penalty put into one
    before); a later deal founds again a pot that is empty. The dealer's stake goes into each,
    but, with ``stake_on_refound`` off, into a pot founded again."""
    stake, pots, first = options.whole("dealer_stake"), payments.pots, payments.first
    if not first and 0 not in pots.values():  # as in most deals: both pots hold something
        payments.into_each_pot(deal.dealer, stake, STAKES)
        return
    founded = list(POTS) if first else [pot for pot in POTS if pots[pot] == 0]
    ante = options.whole("ante")
    for pot in founded:
        payments.into_pot(deal.players, pot, ante, founding(pot, ante))
    if first or options.flag("stake_on_refound"):
        stakes = STAKES
    else:
        stakes = {pot: reason for pot, reason in STAKES.items() if pot not in founded}
    payments.into_each_pot(deal.dealer, stake, stakes)


@cache
def founding(pot: str, ante: int) -> Reason:
    """Why every player pays ``ante`` into ``pot`` to found it: made (and written) once for each,
    as the stakes are: every sitting founds both pots, and a tout founds them again."""
    return why(_("founding the {pot}: {ante} from every player"), pot=POT_NAMES[pot], ante=ante)


def lose_or_bring_home(payments: Payments, pagat_and_kings: Sequence[Item]) -> None:
    """Step 2. The Pagat brought home or lost, and Kings lost: each opponent pays or is paid, and
    what is lost goes into its pot as well."""
    for item in pagat_and_kings:
        who = item.player or ""
        if item.type == "pagat" and item.result == "home":
            payments.each_opponent_pays(who, PAGAT_OR_KING, _("{player} brings the Pagat home"), player=who)
        elif item.type == "pagat":
            lost = why(_("{player} loses the Pagat"), player=who)
            payments.each_opponent_pays(who, -PAGAT_OR_KING, lost)
            payments.into_pot((who,), "pagat", PAGAT_OR_KING, lost)
        else:
            kings = why(_("{player} loses {count} × King"), player=who, count=item.count)
            payments.each_opponent_pays(who, -PAGAT_OR_KING * item.count, kings)
            payments.into_pot((who,), "king", PAGAT_OR_KING * item.count, kings)


def won_ultimos_and_tout(
    payments: Payments, ultimos: Sequence[Item], nolo: Sequence[Item], tout: Sequence[Item], tout_collects: bool
) -> None:
    """Step 3. Each won ultimo takes its pot, unless a nolo annuls it or, with
    ``tout_collects_ultimo`` off, it is the tout player's own (then the tout takes its pot with
    the other); then the tout takes what both pots hold."""
    pots = payments.pots
    nolo_players = {e.player for e in nolo}
    tout_players = {e.player for e in tout}
    for item in ultimos:
        if not item.won:
            continue
        pot, value, ultimo = ULTIMOS[item.type]
        who = item.player or ""
        if nolo_players and who not in nolo_players:
            payments.net(who, 0, _("{player}'s {ultimo} annulled by the nolo"), player=who, ultimo=ultimo)
            continue
        if who in tout_players and not tout_collects:
            uncollected = _("{player}'s {ultimo} pays nothing: the tout is the whole reward")
            payments.net(who, 0, uncollected, player=who, ultimo=ultimo)
            continue
        payments.each_opponent_pays(who, value, _("{player} wins the {ultimo}"), player=who, ultimo=ultimo)
        takes = _("{player} wins the {ultimo} and takes the {pot}")
        payments.into_pot((who,), pot, -pots[pot], takes, player=who, ultimo=ultimo, pot=POT_NAMES[pot])
    for item in tout:
        who = item.player or ""
        payments.each_opponent_pays(who, TOUT, _("{player} takes every trick (tout)"), player=who)
        for pot in POTS:
            takes = _("{player}'s tout takes the {pot}")
            payments.into_pot((who,), pot, -pots[pot], takes, player=who, pot=POT_NAMES[pot])


def lost_ultimos(payments: Payments, ultimos: Sequence[Item]) -> None:
    """Step 4. Each lost ultimo pays into its pot what the pot held when this step began."""
    held = dict(payments.pots)
    for item in ultimos:
        if item.won:
            continue
        pot, value, ultimo = ULTIMOS[item.type]
        who = item.player or ""
        payments.each_opponent_pays(who, -value, _("{player} loses the {ultimo}"), player=who, ultimo=ultimo)
        doubles = _("{player} loses the {ultimo} and doubles the {pot}")
        payments.into_pot((who,), pot, held[pot], doubles, player=who, ultimo=ultimo, pot=POT_NAMES[pot])


def bands(payments: Payments, deal: Deal, balance: str) -> None:
    """Step 5's card points: each player's per-5 band; what the bands do not add up to is evened
    by the dealer (``band_balance`` "dealer", when he plays) or the next active player after him."""
    difference = payments.each_net(deal.card_points, band)
    if difference:
        dealer = deal.dealer
        absorber = dealer if balance == "dealer" and dealer in deal.active else None
        absorber = absorber or deal.next_active_after(dealer)
        evened = _("band balance: the bands add up to {sum:+d}")
        payments.net(absorber, -difference, evened, sum=difference)
