"""Admin: clubs, players, memberships, tariffs and ledger settings are edited here; sittings, deal
revisions, result rows, seasons and ranking rules are shown read-only, because every write to
them goes through the services (``scoring.sittings.services``, ``scoring.ledger.services``).
Failed sign-ins are listed so that a member can be unlocked before the cool-off ends."""

from typing import Any, TypeVar

from django.contrib import admin, messages
from django.db import models
from django.db.models import Q, QuerySet
from django.forms import ModelForm
from django.http import HttpRequest
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from scoring.accounts.throttle import LoginFailure
from scoring.club.changes import changing
from scoring.club.models import Club, LedgerSettings, Membership, Player, Tariff
from scoring.evenings.models import PlayerGroup
from scoring.ledger.models import RankingRule, Season
from scoring.sittings.models import Breakdown, DealRevision, ScoreRow, Seat, Sitting


class ReadOnly:
    """Admin options that show rows but never add, change or delete them."""

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


Row = TypeVar("Row", bound=models.Model)


class ClubRowsAdmin(admin.ModelAdmin[Row]):
    """Admin options for a club or its rows: each write counts a change on the club first, as the
    services' writes do (``scoring.club.changes``), so cached pages follow admin edits too."""

    @staticmethod
    def club_of(row: Row) -> int | None:
        """The club's id: the row's own for a club (none yet for a new one), else its ``club_id``."""
        club: int | None = getattr(row, "club_id", row.pk)
        return club

    def save_model(self, request: HttpRequest, obj: Row, form: ModelForm[Row], change: bool) -> None:
        moved_from = form.initial.get("club") if change else None  # a player moved to another club
        with changing(*filter(None, {self.club_of(obj), moved_from})):
            super().save_model(request, obj, form, change)

    def delete_model(self, request: HttpRequest, obj: Row) -> None:
        with changing(*filter(None, [self.club_of(obj)])):
            super().delete_model(request, obj)

    def delete_queryset(self, request: HttpRequest, queryset: QuerySet[Row]) -> None:
        with changing(*filter(None, {self.club_of(row) for row in queryset})):
            super().delete_queryset(request, queryset)


class TariffInline(admin.TabularInline[Tariff, Club]):
    model = Tariff
    extra = 0


class LedgerSettingsInline(admin.StackedInline[LedgerSettings, Club]):
    model = LedgerSettings
    extra = 0


@admin.register(Club)
class ClubAdmin(ClubRowsAdmin[Club]):
    """A club's short name is not filled in by the browser as its name is typed: typed into
    afterwards, the filled-in field kept what it had and grew by what was typed
    (``stammtisch-zum-ochsenochsen``). Left empty, the server makes it from the name
    (``Club.clean``), as the site's page does."""

    list_display = ["name", "slug", "public"]
    inlines = [TariffInline, LedgerSettingsInline]


@admin.register(Player)
class PlayerAdmin(ClubRowsAdmin[Player]):
    list_display = ["display_name", "club", "active"]
    list_filter = ["club", "active"]
    search_fields = ["display_name"]


@admin.register(PlayerGroup)
class PlayerGroupAdmin(ClubRowsAdmin[PlayerGroup]):
    """Players tonight's tables seat apart (a couple who want to play apart) or together."""

    list_display = ["name", "club", "together"]
    list_filter = ["club"]
    filter_horizontal = ["members"]


@admin.register(Membership)
class MembershipAdmin(ClubRowsAdmin[Membership]):
    list_display = ["user", "club", "role", "player"]
    list_filter = ["club", "role"]
    list_select_related = ["user", "club"]


class SeatInline(ReadOnly, admin.TabularInline[Seat, Sitting]):
    model = Seat
    extra = 0


@admin.register(Sitting)
class SittingAdmin(ReadOnly, admin.ModelAdmin[Sitting]):
    list_display = ["__str__", "club", "variant", "date", "closed_at"]
    list_filter = ["club", "variant"]
    list_select_related = ["club"]
    inlines = [SeatInline]


class ScoreRowInline(ReadOnly, admin.TabularInline[ScoreRow, DealRevision]):
    model = ScoreRow
    extra = 0
    fields = ["player", "points"]


class BreakdownInline(ReadOnly, admin.StackedInline[Breakdown, DealRevision]):
    model = Breakdown
    extra = 0


@admin.register(DealRevision)
class DealRevisionAdmin(ReadOnly, admin.ModelAdmin[DealRevision]):
    list_display = ["sitting", "number", "revision", "live", "removed", "entered_by", "entered_at"]
    list_filter = ["live", "removed", "sitting__club"]
    list_select_related = ["sitting__club", "entered_by"]
    inlines = [ScoreRowInline, BreakdownInline]


class RankingRuleInline(ReadOnly, admin.TabularInline[RankingRule, Season]):
    model = RankingRule
    extra = 0


@admin.register(Season)
class SeasonAdmin(ReadOnly, admin.ModelAdmin[Season]):
    list_display = ["name", "club", "start", "end"]
    list_filter = ["club"]
    list_select_related = ["club"]
    inlines = [RankingRuleInline]


@admin.register(RankingRule)
class RankingRuleAdmin(ReadOnly, admin.ModelAdmin[RankingRule]):
    list_display = ["club", "variant", "season", "year", "mode", "minimum_attendance"]
    list_filter = ["club", "variant", "mode"]
    list_select_related = ["club", "season"]


@admin.register(LoginFailure)
class LoginFailureAdmin(admin.ModelAdmin[LoginFailure]):
    """Failed sign-ins of the cool-off (``scoring.accounts.throttle``): read-only, but they can be
    forgotten, which unlocks whom they lock out."""

    list_display = ["username", "address", "device", "at"]
    list_filter = ["address"]
    search_fields = ["username", "address"]
    ordering = ["-at"]
    actions = ["unlock"]

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    @admin.action(
        permissions=["delete"],
        description=_("Unlock: forget every failed sign-in of the chosen names, addresses and devices"),
    )
    def unlock(self, request: HttpRequest, queryset: QuerySet[LoginFailure]) -> None:
        """Forget every failure that shares a name, an address or a device (a known one) with a
        chosen failure: whatever lock they made (the name's at that address, the address's for
        unknown devices, the device's) is lifted at once."""
        chosen = list(queryset.values_list("username", "address", "device"))
        names, addresses = {row[0] for row in chosen}, {row[1] for row in chosen}
        devices = {row[2] for row in chosen if row[2]}
        related = Q(username__in=names) | Q(address__in=addresses) | Q(device__in=devices)
        forgotten, _counts = LoginFailure.objects.filter(related).delete()
        said = ngettext(
            "%(count)d failed sign-in forgotten: %(names)s may sign in again.",
            "%(count)d failed sign-ins forgotten: %(names)s may sign in again.",
            forgotten,
        ) % {"count": forgotten, "names": ", ".join(sorted(names))}
        self.message_user(request, said, messages.SUCCESS)
