"""Every write to a club's own records: players, members and roles, settings and tariffs.

Views and commands call these, never the models. Each function is one transaction: it does all
it says or changes nothing. Writes that add or remove take the form's one-time ``key``
(``scoring.submissions``): sent again, they answer as the first time and write nothing.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from django.contrib.auth import get_user_model
from django.db import IntegrityError

from scoring.club.changes import changing
from scoring.club.models import NO_SLUG, Club, Membership, Player, Tariff, club_name_problem, name_taken, slug_from
from scoring.club.roles import Role
from scoring.engine.reasons import _, about
from scoring.engine.refusal import Problem, Refusal
from scoring.limits import name_key, name_problem, normalise_name, quoted
from scoring.spreadsheets.reader import ListedName, NameList
from scoring.submissions import Done, Submission, once


def save_player(
    club: Club,
    *,
    display_name: str,
    active: bool = True,
    initials_only: bool = False,
    player: Player | None = None,
    key: str = "",
) -> Done[Player]:
    """Add a player to the club, or rename and (de)activate one. Old deals are unaffected.

    The name is normalised as on every path (``scoring.limits``); a name the club already has,
    whatever its capitals, is refused, also when two admins add it at the same moment.
    """
    name = normalise_name(display_name)
    problem = name_problem(name)
    if problem:
        raise Refusal.because(problem, field="display_name")

    def write() -> Player:
        other = club.players.called(name)
        if other is not None and other != player:
            raise Refusal.because(name_taken(other.display_name), field="display_name")
        if player is None:
            return Player.objects.create(club=club, display_name=name, active=active, initials_only=initials_only)
        player.display_name = name
        player.active = active
        player.initials_only = initials_only
        player.save(update_fields=["display_name", "active", "initials_only"])
        return player

    try:
        return once(club, key, write)
    except IntegrityError:
        raise Refusal.because(name_taken(name), field="display_name") from None


def set_member(club: Club, *, username: str, role: str, password: str = "") -> Membership:
    """Give a user a role in the club, creating the account (with ``password``) if there is none."""
    with changing(club):
        user = get_user_model().objects.filter(username=username).first()
        if user is None:
            user = get_user_model().objects.create_user(username=username, password=password)
        if role != Role.ADMIN:
            _keep_an_admin(club, user)
        membership, _ = Membership.objects.update_or_create(user=user, club=club, defaults={"role": role})
        return membership


def set_member_player(club: Club, membership_id: int, player_id: int | None) -> Membership:
    """Say which of the club's players a member is (``None``: none), so that he sees his own
    rating; a player is one member's at most: another member who was him is no longer. A
    membership or a player the club does not have raises ``DoesNotExist``, and nothing changes."""
    with changing(club):
        membership = club.memberships.select_related("user").get(pk=membership_id)
        player = None if player_id is None else club.players.get(pk=player_id)
        if player is not None:
            club.memberships.filter(player=player).exclude(pk=membership.pk).update(player=None)
        membership.player = player
        membership.save(update_fields=["player"])
        return membership


def add_member(club: Club, *, username: str, role: str, password: str = "", key: str = "") -> Done[Membership]:
    """Make someone a member (creating his account if needed); a member already is refused."""

    def write() -> Membership:
        if club.memberships.filter(user__username=username).exists():
            said = _("{name} is already a member; change the role in the list.")
            raise Refusal.because(said, field="username", name=username)
        return set_member(club, username=username, role=role, password=password)

    return once(club, key, write)


def remove_member(club: Club, membership_id: int, *, key: str = "") -> Done[Membership]:
    """Take a member out of the club; the same form sent again finds him already gone. A
    membership the club does not have (another club's, or none) raises
    ``Membership.DoesNotExist``, and nothing is changed."""

    def write() -> None:
        membership = club.memberships.select_related("user").get(pk=membership_id)
        _keep_an_admin(club, membership.user)
        membership.delete()

    return once(club, key, write)


NEW_CLUB = "create_club"
"""The kind of the form key of a new club (``Submission.kind``), kept on the club it made."""


def create_club(
    *, name: str, slug: str = "", public: bool = False, admin: str, password: str = "", key: str = ""
) -> Done[Club]:
    """Make a club and its first club admin (creating his account, with ``password``, if there is
    none), all or nothing. The name is normalised and checked as on every path; the short name,
    if none is given, is made from the name. A short name another club has is refused. The form's
    ``key`` sent again answers with the club it made."""
    name = normalise_name(name)
    problem = club_name_problem(name)
    if problem:
        raise Refusal.because(problem, field="name")
    slug = slug or slug_from(name)
    if not slug:
        raise Refusal.because(NO_SLUG, field="slug")
    taken = Refusal.because(_("A club has the short name {slug} already: choose another."), field="slug", slug=slug)
    for attempt in range(2):
        try:
            with changing():  # a new club: nothing is cached of it, no club to count a change on yet
                sent = Submission.objects.filter(kind=NEW_CLUB, key=key) if key else Submission.objects.none()
                earlier = sent.select_related("club").first()
                if earlier is not None:
                    return Done(earlier.club, first=False)
                if Club.objects.filter(slug=slug).exists():
                    raise taken
                club = Club.objects.create(name=name, slug=slug, public=public)
                set_member(club, username=admin, role=Role.ADMIN, password=password)
                if key:
                    Submission.objects.create(club=club, kind=NEW_CLUB, key=key, answer=club)
                return Done(club, first=True)
        except IntegrityError:  # the same form, or the same short name, sent at the same moment
            if attempt:
                raise taken from None
    raise AssertionError("unreachable")


def _keep_an_admin(club: Club, leaving: Any) -> None:
    """Refuse to take away the club's last admin: nobody could manage it any more."""
    admins = club.memberships.select_for_update().filter(role=Role.ADMIN)
    if admins.exists() and not admins.exclude(user=leaving).exists():
        raise Refusal.because(_("The club needs at least one club admin: make someone else admin first."))


def update_club(
    club: Club,
    *,
    name: str,
    public: bool,
    tariffs: dict[str, Decimal],
    default_options: dict[str, Any],
    confirm_deals: bool | None = None,
    ratings_published: bool | None = None,
) -> Club:
    """Change the club's settings. Running and past sittings keep the options they started with,
    and whether their deals are confirmed; ``confirm_deals`` and ``ratings_published`` left out
    are left as they are."""
    with changing(club):
        club.name = name
        club.public = public
        if confirm_deals is not None:
            club.confirm_deals = confirm_deals
        if ratings_published is not None:
            club.ratings_published = ratings_published
        club.default_options = default_options
        club.full_clean()
        club.save()
        for variant, cents in tariffs.items():
            Tariff.objects.update_or_create(club=club, variant=variant, defaults={"cents_per_point": cents})
        return club


@dataclass(frozen=True)
class PlayersImported:
    """What a list of names did to the club: the names added and the names it knew already."""

    added: tuple[str, ...]
    known: tuple[str, ...]


def checked_names(names: NameList) -> list[tuple[str, ListedName]]:
    """Each name of a list normalised as on every path, with its row; a list holding a name that
    cannot be a player's is refused whole, each such row named."""
    listed = [(normalise_name(item.name), item) for item in names.names]
    bad = [(item, problem) for name, item in listed if (problem := name_problem(name))]
    if bad:
        raise Refusal(
            Problem(
                None,
                None,
                about(quoted(item.name), problem),
                sheet=names.sheet,
                row=item.row,
            )
            for item, problem in bad
        )
    return listed


def import_players(club: Club, names: NameList, *, key: str = "") -> PlayersImported:
    """Add every name of the list the club does not know (whatever its case), all or nothing;
    known names are left as they are. A new player is active unless the list says otherwise, and
    listed publicly by initials only where it says so. The form's ``key`` sent again adds nothing.

    Which names are known is decided inside the write's transaction, so that a name another
    import added meanwhile counts as known rather than being added twice."""
    listed = checked_names(names)
    imported = PlayersImported((), tuple(name for name, _item in listed))  # what a repeated send says

    def write() -> None:
        nonlocal imported
        known = club.players.by_name()
        new = [(name, item) for name, item in listed if name_key(name) not in known]
        Player.objects.bulk_create(
            Player(
                club=club, display_name=name, active=item.active is not False, initials_only=item.initials_only is True
            )
            for name, item in new
        )
        already = tuple(known[name_key(name)].display_name for name, _item in listed if name_key(name) in known)
        imported = PlayersImported(tuple(name for name, _item in new), already)

    once(club, key, write)
    return imported
