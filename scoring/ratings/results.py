"""The ratings' read side: who may see them, the rating table and a player's history.

Ratings are private by default: a player sees his own (the member whose ``Membership.player`` he
is), a club admin sees every one, and the club's members see the table once the admin publishes
it (``Club.ratings_published``); a visitor who is no member never sees any, not even in a public
club. Wherever anyone but the player himself sees a rating, a player listed by initials only
(``Player.initials_only``) is named by his initials, as on the club's public pages; his rating is
not shown to another member on his ledger page, which names him in full.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass

from django.db.models import Count

from scoring.club.models import Club, Player
from scoring.club.names import Names, names_for
from scoring.club.roles import Access
from scoring.ratings.models import Rating
from scoring.ratings.stored import latest


@dataclass(frozen=True)
class Viewer:
    """Who reads ratings: his access to the club, which names the club's player he is (if any)."""

    access: Access

    @property
    def player_id(self) -> int | None:
        return self.access.player_id

    def sees_table(self, club: Club) -> bool:
        """The whole table: a club admin always, a member once it is published."""
        return self.access.administers or (club.ratings_published and self.access.role is not None)

    def sees_rating_of(self, club: Club, player: Player) -> bool:
        """One player's rating, beside his name (his ledger page names him in full to a member):
        his own, any for a club admin, and once published, a member's of a player not listed by
        initials only (whose rating beside his name would tell who his initials in the table are)."""
        if self.player_id == player.pk or self.access.administers:
            return True
        return self.sees_table(club) and not player.initials_only

    def names(self, club: Club) -> Names:
        """The players' names as this reader sees them next to ratings: initials for those listed
        by initials only, but his own name (one query)."""
        public = names_for(club, Access(None))
        if self.player_id is None or self.player_id not in public.hidden:
            return public
        own = {pk: name for pk, name in public.hidden.items() if pk != self.player_id}
        return Names(
            own, {name: shown for name, shown in public.renamed.items() if shown != public.hidden[self.player_id]}
        )


@dataclass(frozen=True)
class TableRow:
    """A player's line in the rating table."""

    rank: int
    player_id: int
    player: str
    rating: int
    provisional: bool
    sittings: int
    mine: bool


def rated_games(club: Club) -> list[str]:
    """The games the club has ratings of, the most rated first (one query)."""
    rows = Rating.objects.filter(club=club).values("variant").annotate(count=Count("pk")).order_by("-count", "variant")
    return [row["variant"] for row in rows]


def rating_table(
    club: Club, variant: str, names: Names, *, mine: int | None = None, until: datetime.date | None = None
) -> list[TableRow]:
    """Every rated player's latest rating of the game (up to ``until``), best first; equal
    ratings share a rank and the next rank skips (1, 2, 2, 4). One query, whatever the size."""
    rows = [(row.player, row.skill) for row in latest(club.pk, variant, until)]
    rows.sort(key=lambda pair: (-pair[1].shown, names(pair[0]).casefold()))
    out: list[TableRow] = []
    for index, (player, skill) in enumerate(rows):
        rank = out[-1].rank if out and out[-1].rating == skill.shown else index + 1
        out.append(
            TableRow(rank, player.pk, names(player), skill.shown, skill.provisional, skill.sittings, player.pk == mine)
        )
    return out


@dataclass(frozen=True)
class Step:
    """A player's rating after one rated sitting."""

    date: datetime.date
    sitting_id: int
    place: int
    rating: int
    provisional: bool


def history(player: Player, variant: str) -> list[Step]:
    """The player's rating of the game after each of his rated sittings, in order (one query)."""
    rows = Rating.objects.filter(player=player, variant=variant).order_by("sittings")
    return [
        Step(row.date, row.sitting_id, row.place, row.skill.shown, row.skill.provisional)
        for row in rows.only("date", "sitting_id", "place", "mu", "sigma", "sittings")
    ]
