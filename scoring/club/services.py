"""Every write to a club's own records: players, members and roles, settings and tariffs.

Views and commands call these, never the models. Each function is one transaction: it does all
it says or changes nothing.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from django.contrib.auth import get_user_model
from django.db import transaction

from scoring.access import Role
from scoring.models import Club, Membership, Player, Tariff


class Refused(ValueError):
    """A club change that would leave the club unmanageable; the message says why."""


def save_player(club: Club, *, display_name: str, active: bool = True, player: Player | None = None) -> Player:
    """Add a player to the club, or rename and (de)activate one. Old deals are unaffected."""
    with transaction.atomic():
        if player is None:
            return Player.objects.create(club=club, display_name=display_name, active=active)
        player.display_name = display_name
        player.active = active
        player.save(update_fields=["display_name", "active"])
        return player


def set_member(club: Club, *, username: str, role: str, password: str = "") -> Membership:
    """Give a user a role in the club, creating the account (with ``password``) if there is none."""
    with transaction.atomic():
        user = get_user_model().objects.filter(username=username).first()
        if user is None:
            user = get_user_model().objects.create_user(username=username, password=password)
        if role != Role.ADMIN:
            _keep_an_admin(club, user)
        membership, _ = Membership.objects.update_or_create(user=user, club=club, defaults={"role": role})
        return membership


def remove_member(membership: Membership) -> None:
    with transaction.atomic():
        _keep_an_admin(membership.club, membership.user)
        membership.delete()


def _keep_an_admin(club: Club, leaving: Any) -> None:
    """Refuse to take away the club's last admin: nobody could manage it any more."""
    admins = club.memberships.select_for_update().filter(role=Role.ADMIN)
    if admins.exists() and not admins.exclude(user=leaving).exists():
        raise Refused("the club needs at least one club admin: make someone else admin first")


def update_club(
    club: Club, *, name: str, public: bool, tariffs: dict[str, Decimal], default_options: dict[str, Any]
) -> Club:
    """Change the club's settings. Running and past sittings keep the options they started with."""
    with transaction.atomic():
        club.name = name
        club.public = public
        club.default_options = default_options
        club.full_clean()
        club.save()
        for variant, cents in tariffs.items():
            Tariff.objects.update_or_create(club=club, variant=variant, defaults={"cents_per_point": cents})
        return club
