"""Danish Tarok (Dansk Tarokforbund rules, 2011): three players each for himself, two pots.

The King pot and the Pagat pot are carried from deal to deal. A deal is settled in a fixed
order, because what a pot holds depends on it: (1) empty pots are founded again and the dealer
pays his stake, (2) Pagat and Kings lost or brought home, (3) won ultimos take their pot, then a
tout takes what both hold, (4) lost ultimos pay into their pot what it held when step 4 began,
(5) last trick, nolo, declarations and the per-5 card-point bands. Penalties, step (6), are
paid after all of these by the sitting, as in every variant.
"""

from __future__ import annotations

from functools import cache

from .base import (
    TAROCKS_AND_MATADORS,
    Check,
    Deal,
    Doubts,
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

    def check(self, deal: Deal, options: Options) -> Check:
        yield from declaration_rules(deal, CAVALRIES, NEEDS_THE_SCIES, SCIES)
        yield from at_most_one(deal.declarations_of(*KINGS), A_KINGS_DECLARATION)
        events = deal.events_by(GROUPS)
        nolo, tout, last_trick = events.get("nolo", ()), events.get("tout", ()), events.get("last_trick", ())
        ultimos = events.get("ultimos", ())
        for item in last_trick:
            if ultimos or nolo or tout:
                yield item.where, why(_("last_trick cannot go with an ultimo, a nolo or a tout"))
        if nolo and tout:
            yield later(nolo[0], tout[0]).where, why(_("a nolo and a tout cannot happen in the same deal"))
        yield from at_most_one(nolo, A_NOLO)
        yield from at_most_one(tout, A_TOUT)
        yield from at_most_one(last_trick, TAKING_THE_LAST_TRICK)
        kings_lost = [e for e in events.get("pagat_and_kings", ()) if e.type == "king_lost"]
        if sum(e.count for e in kings_lost) > MAX_KINGS_LOST:
            yield kings_lost[-1].where, why(_("more than {most} Kings lost in one deal"), most=MAX_KINGS_LOST)
        yield from one_pagat(deal, "pagat", "pagat_ultimo")
        won = [e for e in ultimos if e.won]
        every_trick = tout[0].player if tout else None
        yield from one_winner_of_last_trick(won, every_trick, {e.player or "" for e in nolo})

    def doubts(self, deal: Deal, options: Options) -> Doubts:
        yield from kings_in_play(deal)
        yield from points_without_a_trick(deal, "nolo")
        yield from every_trick_without_the_pack(deal, self.pack_points, "tout")
        yield from too_many_tarocks(deal)

    def score(self, deal: Deal, options: Options, payments: Payments) -> None:
        Settlement(deal, options, payments)


class Settlement:
    """Settles one Danish deal step by step into the payments, which keep the pots as they change."""

    def __init__(self, deal: Deal, options: Options, payments: Payments) -> None:
        self.deal = deal
        self.payments = payments
        self.pot = payments.pots
        self.events = deal.events_by(GROUPS)
        # the events several steps consult
        self.ultimos = self.events.get("ultimos", ())
        self.nolo = self.events.get("nolo", ())
        self.tout = self.events.get("tout", ())
        self.tout_collects = options.flag("tout_collects_ultimo")
        self.found_and_stake(options)
        self.pagat_and_kings()
        if self.ultimos or self.tout:  # steps 3 and 4 have nothing to settle in most deals
            self.won_ultimos_and_tout()
            self.lost_ultimos()
        self.last_trick_nolo_declarations()
        if not self.nolo and not self.tout:
            self.bands(options.word("band_balance"))

    def found_and_stake(self, options: Options) -> None:
        """The sitting's first played deal founds both pots (whatever a penalty put into one
        before); a later deal founds again a pot that is empty. The dealer's stake goes into each,
        but, with ``stake_on_refound`` off, into a pot founded again."""
        ante, stake = options.whole("ante"), options.whole("dealer_stake")
        first = self.payments.first
        if first:
            founded = list(POTS)
        elif 0 in self.pot.values():
            founded = [pot for pot in POTS if self.pot[pot] == 0]
        else:
            founded = []  # as in most deals: both pots hold something
        for pot in founded:
            founding = _("founding the {pot}: {ante} from every player")
            self.payments.into_pot(self.deal.players, pot, ante, founding, pot=POT_NAMES[pot], ante=ante)
        for pot in POTS:
            if first or pot not in founded or options.flag("stake_on_refound"):
                self.payments.into_pot((self.deal.dealer,), pot, stake, STAKES[pot])

    def pagat_and_kings(self) -> None:
        for item in self.events.get("pagat_and_kings", ()):
            who = item.player or ""
            if item.type == "pagat" and item.result == "home":
                self.payments.each_opponent_pays(who, PAGAT_OR_KING, _("{player} brings the Pagat home"), player=who)
            elif item.type == "pagat":
                lost = why(_("{player} loses the Pagat"), player=who)
                self.payments.each_opponent_pays(who, -PAGAT_OR_KING, lost)
                self.payments.into_pot((who,), "pagat", PAGAT_OR_KING, lost)
            else:
                kings = why(_("{player} loses {count} × King"), player=who, count=item.count)
                self.payments.each_opponent_pays(who, -PAGAT_OR_KING * item.count, kings)
                self.payments.into_pot((who,), "king", PAGAT_OR_KING * item.count, kings)

    def won_ultimos_and_tout(self) -> None:
        """Each won ultimo takes its pot, unless a nolo annuls it or, with ``tout_collects_ultimo``
        off, it is the tout player's own (then the tout takes its pot with the other); then the
        tout takes what both pots hold."""
        nolo = {e.player for e in self.nolo}
        tout = {e.player for e in self.tout}
        for item in self.ultimos:
            if not item.won:
                continue
            pot, value, ultimo = ULTIMOS[item.type]
            who = item.player or ""
            if nolo and who not in nolo:
                self.payments.net(who, 0, _("{player}'s {ultimo} annulled by the nolo"), player=who, ultimo=ultimo)
                continue
            if who in tout and not self.tout_collects:
                uncollected = _("{player}'s {ultimo} pays nothing: the tout is the whole reward")
                self.payments.net(who, 0, uncollected, player=who, ultimo=ultimo)
                continue
            self.payments.each_opponent_pays(who, value, _("{player} wins the {ultimo}"), player=who, ultimo=ultimo)
            takes = _("{player} wins the {ultimo} and takes the {pot}")
            self.payments.into_pot((who,), pot, -self.pot[pot], takes, player=who, ultimo=ultimo, pot=POT_NAMES[pot])
        for item in self.tout:
            who = item.player or ""
            self.payments.each_opponent_pays(who, TOUT, _("{player} takes every trick (tout)"), player=who)
            for pot in POTS:
                takes = _("{player}'s tout takes the {pot}")
                self.payments.into_pot((who,), pot, -self.pot[pot], takes, player=who, pot=POT_NAMES[pot])

    def lost_ultimos(self) -> None:
        held = dict(self.pot)
        for item in self.ultimos:
            if item.won:
                continue
            pot, value, ultimo = ULTIMOS[item.type]
            who = item.player or ""
            self.payments.each_opponent_pays(who, -value, _("{player} loses the {ultimo}"), player=who, ultimo=ultimo)
            doubles = _("{player} loses the {ultimo} and doubles the {pot}")
            self.payments.into_pot((who,), pot, held[pot], doubles, player=who, ultimo=ultimo, pot=POT_NAMES[pot])

    def last_trick_nolo_declarations(self) -> None:
        for item in self.events.get("last_trick", ()):
            who = item.player or ""
            self.payments.each_opponent_pays(who, LAST_TRICK, _("{player} takes the last trick"), player=who)
        for item in self.nolo:
            who = item.player or ""
            self.payments.each_opponent_pays(who, NOLO, _("{player} takes no trick (nolo)"), player=who)
        pay_declarations(self.payments, self.deal, TAROCKS_AND_MATADORS, FIXED_DECLARATIONS)

    def bands(self, balance: str) -> None:
        difference = self.payments.each_net(self.deal.card_points, band)
        if difference:
            dealer = self.deal.dealer
            absorber = dealer if balance == "dealer" and dealer in self.deal.active else None
            absorber = absorber or self.deal.next_active_after(dealer)
            evened = _("band balance: the bands add up to {sum:+d}")
            self.payments.net(absorber, -difference, evened, sum=difference)
