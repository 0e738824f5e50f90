"""Admin: clubs, players, memberships, tariffs and ledger settings are edited here; sittings, deal
revisions, result rows, seasons and ranking rules are shown read-only, because every write to
them goes through the services (``scoring.sittings.services``, ``scoring.ledger.services``)."""

from typing import Any, TypeVar

from django.contrib import admin
from django.db import models
from django.db.models import QuerySet
from django.forms import ModelForm
from django.http import HttpRequest

from scoring.club.changes import changing
from scoring.club.models import Club, LedgerSettings, Membership, Player, Tariff
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
    list_display = ["name", "slug", "public"]
    prepopulated_fields = {"slug": ["name"]}
    inlines = [TariffInline, LedgerSettingsInline]


@admin.register(Player)
class PlayerAdmin(ClubRowsAdmin[Player]):
    list_display = ["display_name", "club", "active"]
    list_filter = ["club", "active"]
    search_fields = ["display_name"]


@admin.register(Membership)
class MembershipAdmin(ClubRowsAdmin[Membership]):
    list_display = ["user", "club", "role"]
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
