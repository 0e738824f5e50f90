"""Everything that writes a club's evening: check-in, a guest, another proposal, a swap, starting
the tables and the next tables, and the club's groups of players. Views call these, never the
models.

Each function is one transaction behind the form's one-time key (``scoring.submissions.once``):
the same form sent twice does its work once. Bad input raises a
:class:`~scoring.engine.refusal.Refusal` and changes nothing.

The open round (proposed, not started) is proposed again whenever who is present changes, with
its seed; a started round never changes, and late arrivals sit down at the next tables.
"""

from __future__ import annotations

import datetime
from collections.abc import Sequence

from django.db import IntegrityError
from django.utils import timezone

from scoring.club.models import Club, Player
from scoring.club.services import save_player
from scoring.engine.reasons import _, by_count
from scoring.engine.refusal import Refusal
from scoring.engine.registry import VARIANTS
from scoring.evenings.models import GROUP_NAME_LENGTH, Evening, EveningRound, PlayerGroup
from scoring.evenings.proposal import fewest_players, propose, swapped, table_sizes, too_few
from scoring.evenings.season import byes_of, groups_of, season_of
from scoring.limits import name_problem, normalise_name
from scoring.sittings.services import User, acting, start_sitting
from scoring.submissions import once

NOT_SEATED = _("{name} is not at tonight's proposed tables")
NOT_A_PLAYER = _("Choose two players of tonight's proposed tables.")
STARTED = _("Tonight's tables have started already.")
STILL_PLAYING = _("The tables of this round are still playing: close their sittings first.")
NOT_STARTED = _("Start tonight's tables first.")
SAME_PLAYER = _("Choose two different players to swap.")
GROUP_TOO_SMALL = _("A group needs at least two players.")
GROUP_TOO_BIG = _("Players seated together must fit at one table: choose at most {most}.")
GROUP_NAME_TAKEN = _("The club has a group called {name} already.")
GROUP_GONE = _("The group {name} has been deleted meanwhile.")

# The largest table of any game: a group seated together can never be larger.
LARGEST_TABLE = max(size for variant in VARIANTS.values() for size in variant.table_sizes)


def sizes_of(evening: Evening) -> tuple[int, ...]:
    """The evening's table sizes, the preferred one first."""
    return table_sizes(VARIANTS[evening.variant].table_sizes, evening.table_size)


def fewest_players_of(variant: str) -> int:
    """The fewest players the game's tables seat."""
    return fewest_players(VARIANTS[variant].table_sizes)


def current_round(evening: Evening) -> EveningRound | None:
    return evening.rounds.order_by("-number").first()


def check_in(
    club: Club,
    variant: str,
    players: Sequence[Player],
    *,
    table_size: int | None = None,
    user: User,
    day: datetime.date | None = None,
    key: str = "",
) -> Evening:
    """Tonight's evening of ``variant`` with exactly ``players`` present (made if it is the
    first check-in); the open round is proposed again for them."""
    strangers = [p.display_name for p in players if p.club_id != club.pk]
    if strangers:
        said = by_count(len(strangers), _("{names} is not of this club"), _("{names} are not of this club"))
        raise Refusal.because(said, field="players", names=", ".join(strangers))

    def write() -> Evening:
        evening = _evening(club, variant, day, user)
        if table_size in VARIANTS[variant].table_sizes and table_size != evening.table_size:
            evening.table_size = table_size
            evening.save(update_fields=["table_size"])
        evening.present.set(players)
        _propose_open_round(evening)
        return evening

    done = once(club, key, write).result
    assert done is not None
    return done


def add_guest(
    club: Club, variant: str, name: str, *, user: User, day: datetime.date | None = None, key: str = ""
) -> Player:
    """A new player of the club (as the players page adds one), checked in tonight at once; a
    player the club has but no longer lists as active (back after a break) is active again
    instead, under his own name, and checked in. An active player's name is refused: he is ticked
    in the list."""

    def write() -> Player:
        returning = club.players.called(normalise_name(name))
        if returning is not None and not returning.active:
            kept = returning.display_name
            guest = save_player(club, display_name=kept, initials_only=returning.initials_only, player=returning).result
        else:
            guest = save_player(club, display_name=name).result
        assert guest is not None
        evening = _evening(club, variant, day, user)
        evening.present.add(guest)
        _propose_open_round(evening)
        return guest

    done = once(club, key, write).result
    assert done is not None
    return done


def propose_again(evening: Evening, *, key: str = "") -> Evening:
    """Another proposal for the open round: the next seed."""

    def write() -> Evening:
        round_ = _open_round(evening)
        _propose(evening, round_, round_.seed + 1)
        return evening

    once(evening.club, key, write)
    return evening


def swap(evening: Evening, a: int, b: int, *, key: str = "") -> Evening:
    """Players ``a`` and ``b`` (ids) change places in the open round's proposal (a seat or a bye)."""

    def write() -> Evening:
        round_ = _open_round(evening)
        where = [*[p for table in round_.tables for p in table], *round_.byes]
        for field, p in (("a", a), ("b", b)):
            if p not in where:
                # a player of the club gone from the proposal (a stale page) is named; any other
                # id (another club's player, none at all) is a tampered form and names nobody
                player = Player.objects.filter(pk=p, club=evening.club).first()
                if player is None:
                    raise Refusal.because(NOT_A_PLAYER, field=field)
                raise Refusal.because(NOT_SEATED, field=field, name=player.display_name)
        if a == b:
            raise Refusal.because(SAME_PLAYER, field="a")
        round_.tables = [list(table) for table in swapped(round_.tables, a, b)]
        round_.byes = list(swapped([round_.byes], a, b)[0])
        round_.save(update_fields=["tables", "byes"])
        return evening

    once(evening.club, key, write)
    return evening


def start_tables(evening: Evening, *, user: User, key: str = "") -> EveningRound:
    """Every table of the open round a sitting, seats in the proposed order, with the club's
    house rules and tariff as any sitting: all or nothing, once per form."""

    def write() -> EveningRound:
        round_ = _open_round(evening)
        if not round_.tables:
            raise too_few(evening.present.count(), sizes_of(evening))
        seated = [p for table in round_.tables for p in table]
        players = {p.pk: p for p in Player.objects.filter(club=evening.club, pk__in=seated)}
        sittings = [
            start_sitting(evening.club, evening.variant, [players[p] for p in table], user=user, date=evening.date)
            for table in round_.tables
        ]
        round_.sittings.set(sittings)
        round_.started_at = timezone.now()
        round_.save(update_fields=["started_at"])
        return round_

    done = once(evening.club, key, write).result
    assert done is not None
    return done


def next_tables(evening: Evening, *, key: str = "") -> EveningRound:
    """A new round for those present, once every table of the last round has closed; the rounds
    played tonight count as history."""

    def write() -> EveningRound:
        last = current_round(evening)
        if last is None or not last.started:
            raise Refusal.because(NOT_STARTED)
        if last.sittings.filter(closed_at__isnull=True).exists():
            raise Refusal.because(STILL_PLAYING)
        round_ = EveningRound.objects.create(evening=evening, number=last.number + 1, seed=last.seed)
        _propose(evening, round_, round_.seed)
        return round_

    done = once(evening.club, key, write).result
    assert done is not None
    return done


def save_group(
    club: Club,
    *,
    name: str,
    together: bool,
    members: Sequence[Player],
    group: PlayerGroup | None = None,
    key: str = "",
) -> PlayerGroup:
    """Add a group of players (``group`` ``None``) or change one; tonight's open proposals where
    any of its players (as it was or is now) is checked in are made again at once, so they place
    the group as now chosen. The name is kept as every name is (``scoring.limits``)."""
    name = normalise_name(name)
    problem = name_problem(name, GROUP_NAME_LENGTH)
    if problem:
        raise Refusal.because(problem, field="name")
    strangers = [p.display_name for p in members if p.club_id != club.pk]
    if strangers:
        said = by_count(len(strangers), _("{names} is not of this club"), _("{names} are not of this club"))
        raise Refusal.because(said, field="members", names=", ".join(strangers))
    if len(members) < 2:
        raise Refusal.because(GROUP_TOO_SMALL, field="members")
    if together and len(members) > LARGEST_TABLE:
        raise Refusal.because(GROUP_TOO_BIG, field="members", most=LARGEST_TABLE)

    def write() -> PlayerGroup:
        taken = PlayerGroup.objects.filter(club=club, name__iexact=name)
        if group is not None:
            if not PlayerGroup.objects.filter(pk=group.pk).exists():  # deleted while it was edited
                raise Refusal.because(GROUP_GONE, field="name", name=group.name)
            taken = taken.exclude(pk=group.pk)
        if taken.exists():
            raise Refusal.because(GROUP_NAME_TAKEN, field="name", name=name)
        placed = {p.pk for p in group.members.all()} if group is not None else set()
        saved = group or PlayerGroup(club=club)
        saved.name, saved.together = name, together
        saved.save()
        saved.members.set(members)
        _propose_tonight(club, placed | {p.pk for p in members})
        return saved

    try:
        done = once(club, key, write).result
    except IntegrityError:  # the same name added at the same moment (the name is unique per club)
        raise Refusal.because(GROUP_NAME_TAKEN, field="name", name=name) from None
    assert done is not None
    return done


def delete_group(group: PlayerGroup, *, key: str = "") -> None:
    """The group is gone; tonight's open proposals where its players are checked in no longer
    place them."""

    def write() -> None:
        placed = set(group.members.values_list("pk", flat=True))
        PlayerGroup.objects.filter(pk=group.pk).delete()
        _propose_tonight(group.club, placed)

    once(group.club, key, write)


def _propose_tonight(club: Club, players: set[int]) -> None:
    """Propose again tonight's open rounds where any of ``players`` is checked in (the others
    keep their proposal and its swaps)."""
    for evening in Evening.objects.filter(club=club, date=timezone.localdate(), present__in=players).distinct():
        _propose_open_round(evening)


def _evening(club: Club, variant: str, day: datetime.date | None, user: User) -> Evening:
    evening, _made = Evening.objects.get_or_create(
        club=club,
        variant=variant,
        date=day or timezone.localdate(),
        defaults={"created_by": acting(user), "table_size": preferred_size(club, variant)},
    )
    return evening


def preferred_size(club: Club, variant: str) -> int:
    """The size the club chose at its last evening of the game, else the game's first."""
    last = Evening.objects.filter(club=club, variant=variant).order_by("-date").first()
    return last.table_size if last is not None else VARIANTS[variant].table_sizes[-1]


def _open_round(evening: Evening) -> EveningRound:
    round_ = current_round(evening)
    if round_ is None:
        raise too_few(evening.present.count(), sizes_of(evening))
    if round_.started:
        raise Refusal.because(STARTED)
    return round_


def _propose_open_round(evening: Evening) -> None:
    round_ = current_round(evening)
    if round_ is None:
        round_ = EveningRound.objects.create(evening=evening, number=1, seed=1)
    if not round_.started:
        _propose(evening, round_, round_.seed)


def _propose(evening: Evening, round_: EveningRound, seed: int) -> None:
    """The round's tables proposed with ``seed`` for those present (none when too few are)."""
    present = list(evening.present.values_list("pk", flat=True))
    round_.seed = seed
    try:
        proposal = propose(
            present,
            sizes_of(evening),
            seed=seed,
            season=season_of(evening),
            groups=groups_of(evening.club),
            byes=byes_of(evening),
        )
    except Refusal:
        round_.tables, round_.byes = [], sorted(present)
    else:
        round_.tables = [list(table) for table in proposal.tables]
        round_.byes = list(proposal.byes)
    round_.save(update_fields=["seed", "tables", "byes"])
