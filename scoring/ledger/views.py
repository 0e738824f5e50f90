"""The ledger's pages: the season table, its JSON and workbook, the money page, the charts, a
player's statistics, the admins' seasons, ranking rules and money settings, and the button that
marks a transfer paid.

Plain function views; clubs are fetched through ``scoring.access``; everything is read through
``scoring.ledger.results`` and written through ``scoring.ledger.services``. A season is named in
the address by ``season=ID`` (one an admin defined) or ``year=YYYY`` (a calendar year); without
either, the season that contains today. ``variant=KEY`` picks the game; without it, the game of
the season's latest sitting.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, replace
from decimal import Decimal
from functools import cached_property
from typing import Any
from urllib.parse import urlencode

from django.contrib import messages
from django.core.cache import cache
from django.db.models import Min
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseBadRequest, JsonResponse
from django.http.response import HttpResponseBase
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.safestring import mark_safe
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST
from django_tables2 import RequestConfig

from scoring.access import Access, Role, club_view, get_club_for_user
from scoring.club.changes import stamp
from scoring.club.models import Club, LedgerSettings, Player
from scoring.club.names import Names, names_for
from scoring.downloads import csv_response, workbook_response
from scoring.engine import VARIANTS
from scoring.engine.reasons import word
from scoring.engine.refusal import Refusal
from scoring.ledger import charts
from scoring.ledger import paid as payments
from scoring.ledger.forms import LedgerSettingsForm, PaidForm, RuleForm, SeasonForm
from scoring.ledger.models import MODE_NAMES, RankingRule, Season
from scoring.ledger.ranking import FIELD, Mode
from scoring.ledger.results import (
    Period,
    Seasons,
    SittingTerms,
    calendar_year,
    games_of,
    parts,
    player_statistics,
    ranking_rule,
    season_money_of,
    season_sittings,
    season_table_of,
    sittings_page,
)
from scoring.ledger.services import (
    add_season,
    change_season,
    mark_paid,
    remove_season,
    save_rule,
    save_settings,
    unmark_paid,
)
from scoring.ledger.tables import SeasonTableView, balance_rows, page_links, sitting_rows, table_rows
from scoring.ledger.workbook import season_sheets
from scoring.limits import DAMAGED, whole_number
from scoring.money import KASSE
from scoring.ratings.results import Viewer, history, rating_table
from scoring.refusals import add_to_form, line, shown, tell_refused
from scoring.submissions import KeyedForm, new_key, tell

MOST_YEARS = 50
"""Calendar years the season picker lists at most (the latest ones)."""


@dataclass(frozen=True)
class Seen:
    """What the season picker and the games' tabs show of the club's data: the games the season
    has sittings of, and the calendar years to offer."""

    played: frozenset[str]
    years: list[int]


@dataclass(frozen=True)
class SeasonPage:
    """What every ledger page of one season reads first: the club and the reader's access, the
    club's seasons, the season the address names, its sittings, and the game shown."""

    club: Club
    access: Access
    seasons: Seasons
    period: Period
    asked: str
    """The game the address names ("" for none)."""

    @cached_property
    def variant(self) -> str:
        """The game shown: the one asked for, else the game of the season's latest sitting."""
        return self.asked or self.games_played[1]

    @cached_property
    def games_played(self) -> tuple[frozenset[str], str]:
        """The games the season has sittings of, and the game of its latest sitting (the first
        game when it has none): from its sittings where the page read them, else in one query
        that reads a few index entries per game (``games_of``), for the season table reads no
        sitting one by one."""
        first = next(iter(VARIANTS))
        if "terms" in self.__dict__:
            known = [sitting.variant for sitting in self.terms.values() if sitting.variant in VARIANTS]
            return frozenset(known), known[-1] if known else first
        played, latest = games_of(self.club, self.period)
        return played, latest or first

    @cached_property
    def names(self) -> Names:
        """The players' names as the reader sees them (``scoring.club.names``; one query for a
        reader who is not a member, none for a member)."""
        return names_for(self.club, self.access)

    @cached_property
    def terms(self) -> dict[int, SittingTerms]:
        """The season's sittings with their terms (one query, made by the pages that need them)."""
        return season_sittings(self.club, self.period)

    @property
    def played(self) -> frozenset[str]:
        """The games the season has sittings of."""
        return self.games_played[0]

    @cached_property
    def years(self) -> list[int]:
        """The calendar years the season picker offers: from the club's first sitting to this
        year (one query)."""
        today = timezone.localdate()
        first = self.club.sittings.aggregate(first=Min("date"))["first"] or today
        years = set(range(max(first.year, today.year - MOST_YEARS + 1), today.year + 1))
        if self.period.year is not None:
            years.add(self.period.year)
        return sorted(years, reverse=True)

    def games(self, played: frozenset[str]) -> list[dict[str, Any]]:
        """Every game: its key, name, address parameters, and whether the season has a sitting
        of it (the others are offered too: an empty table says so)."""
        return [
            {"key": key, "name": _(rules.name), "query": self.query(variant=key), "played": key in played}
            for key, rules in VARIANTS.items()
        ]

    def season_links(self, years: list[int]) -> list[dict[str, Any]]:
        """The seasons the admins defined, then the calendar years, with address parameters."""
        periods = [*self.seasons.defined, *(calendar_year(year) for year in years)]
        return [
            {"period": period, "query": urlencode({**period.query(), "variant": self.variant})} for period in periods
        ]

    @property
    def variant_name(self) -> str:
        return _(VARIANTS[self.variant].name)

    def query(self, **more: str) -> str:
        """The address parameters of this season and game, with ``more``."""
        return urlencode({**self.period.query(), "variant": self.variant, **more})

    def context(self, seen: Seen | None = None, **more: Any) -> dict[str, Any]:
        """What every ledger page's template reads (the season picker costs one query, the
        club's currency one more where the page shows money; none where ``seen`` holds the games
        and years), with ``more``."""
        seen = seen or Seen(self.played, self.years)
        return {
            "club": self.club,
            "access": self.access,
            "ledger": self,
            "period": self.period,
            "variant": self.variant,
            "variant_name": self.variant_name,
            "games": self.games(seen.played),
            "season_links": self.season_links(seen.years),
            "one_game": True,
            "currency": LedgerSettings.of(self.club).currency if more.pop("with_currency", False) else None,
            **more,
        }


def _number(request: HttpRequest, name: str) -> int | None:
    """A number from the address; present but not a number (of at most 15 digits) is a 404."""
    text = request.GET.get(name)
    if text is None or text == "":
        return None
    number = whole_number(text)
    if number is None:
        raise Http404(f"no such {name}")
    return number


def _season_page(request: HttpRequest, slug: str, needed: str | None = None) -> SeasonPage:
    club, access = get_club_for_user(request, slug, needed)
    seasons = Seasons(club)
    period = seasons.chosen(_number(request, "season"), _number(request, "year"), timezone.localdate())
    if period is None:
        raise Http404("no such season")
    variant = request.GET.get("variant") or ""
    if variant and variant not in VARIANTS:
        raise Http404("no such game")
    return SeasonPage(club, access, seasons, period, variant)


def describe_mode(mode: Mode) -> list[str]:
    """The ranking rule in words, one phrase each, for the page to show above the table."""
    said = [str(MODE_NAMES[mode.mode])]
    if mode.mode == "scaled":
        said.append(_("list length %(length)s") % {"length": mode.list_length})
    if mode.mode == "best_n" or (mode.mode == "cup" and mode.best):
        said.append(_("the best %(count)s count") % {"count": mode.best})
    if mode.mode == "cup":
        if mode.cup_table == FIELD:
            said.append(_("cup points by the size of the field"))
        else:
            said.append(_("cup points %(table)s") % {"table": ", ".join(str(p) for p in mode.cup_table)})
    if mode.minimum_attendance:
        said.append(_("ranked from %(count)s sittings on") % {"count": mode.minimum_attendance})
        if mode.fill_missing:
            said.append(_("missing sittings count as 0"))
    return said


# --- the season table, its JSON and its workbook -----------------------------------------------


@dataclass(frozen=True)
class ShownTable:
    """The season table page as far as it depends on the club's data: the table's HTML (empty
    without rows), its rule (``None``: the default) and mode, why the rule makes no table, whether
    a figure is provisional, the game shown, and the games and years the page offers."""

    variant: str
    html: str
    rule: RankingRule | None
    mode: Mode
    problems: tuple[str, ...]
    provisional: bool
    seen: Seen


TABLE_KEPT_SECONDS = 24 * 3600
TABLE_FORMAT = 1
"""Part of the key: count it up when ``ShownTable`` or the table's HTML changes, so that a cache
shared across a deploy never hands the new code what the old one kept."""
TABLE_PARAMETERS = ("season", "year", "variant", "sort")
"""The address parameters the page reads: the key holds these and no others, so that made-up
ones cannot fill the cache."""


def _shown_table(request: HttpRequest, ledger: SeasonPage) -> ShownTable:
    """The season table, from the cache while the club has not changed (``scoring.club.changes``).

    The key holds the club's stamp (its count of changes and its sittings'), read with the club
    before anything else, so a write anywhere in the club makes a new key and no reader sees an
    older table; with it the season, the game asked for, the sorting, the language, this year
    (the years offered end with it) and whether the reader is a member (who sees every name:
    anyone else sees initials where a player asked for them; the players' settings count as
    changes too). A hit costs no query; building the table costs its five (the games played, the
    rule, the players' sums, the tournaments, the years), and the club's names for a reader who is
    no member."""
    address = [(name, request.GET.getlist(name)) for name in TABLE_PARAMETERS]
    today = timezone.localdate()
    club = ledger.club
    public = ledger.access.role is None  # names as a member or as anyone else sees them
    said = repr((TABLE_FORMAT, club.pk, stamp(club), ledger.period, address, get_language(), today.year, public))
    key = "season-table:" + hashlib.sha256(said.encode()).hexdigest()
    shown: ShownTable | None = cache.get(key)
    if shown is None:
        season = season_table_of(club, ledger.period, ledger.variant, reader=ledger.names)
        view = SeasonTableView(table_rows(season, club.slug, ledger.query()), season.mode.mode)
        RequestConfig(request, paginate=False).configure(view)
        shown = ShownTable(
            variant=ledger.variant,
            html=view.as_html(request) if season.rows else "",
            rule=season.rule,
            mode=season.mode,
            problems=tuple(line(problem) for problem in season.problems),
            provisional=season.provisional,
            seen=Seen(ledger.played, ledger.years),
        )
        cache.set(key, shown, TABLE_KEPT_SECONDS)
    return shown


@require_GET
@club_view
def table(request: HttpRequest, slug: str) -> HttpResponse:
    """The season table of one game, sortable, in the rule in force."""
    ledger = _season_page(request, slug)
    shown = _shown_table(request, ledger)
    ledger = replace(ledger, asked=shown.variant)  # the game shown, without reading the sittings
    return render(
        request,
        "ledger/table.html",
        ledger.context(shown.seen, shown=shown, table_html=mark_safe(shown.html), mode_said=describe_mode(shown.mode)),
    )


def _json_figure(value: int | Decimal) -> int | float:
    """A figure as a JSON number: a whole number, or one with at most two decimals (its text,
    ``3.33``, is the decimal's own: a float of two places prints back exactly)."""
    if isinstance(value, Decimal):
        number = float(value)
        assert Decimal(repr(number)) == value, value
        return number
    return value


@require_GET
@club_view
def table_json(request: HttpRequest, slug: str) -> HttpResponse:
    """The season table with each player's money and who pays whom, as JSON (``docs/ledger.md``)."""
    ledger = _season_page(request, slug)
    found = parts(ledger.club, ledger.period, ledger.terms, ledger.variant, reader=ledger.names)
    season = season_table_of(ledger.club, ledger.period, ledger.variant, found, reader=ledger.names)
    money = season_money_of(ledger.club, ledger.period, ledger.variant, reader=ledger.names)
    document = {
        "season": ledger.period.as_json(),
        "variant": ledger.variant,
        "mode": season.mode.mode,
        "players": [
            {
                "rank": row.rank,
                "player": row.player,
                "sittings": row.sittings,
                "deals": row.deals,
                "points": row.points,
                "figure": _json_figure(row.figure),
                "balance_cents": money.money.balances.get(row.player, 0),
            }
            for row in season.rows
        ],
        "kasse_cents": money.money.kasse,
        "transfers": [
            {"from": transfer.payer, "to": transfer.payee, "cents": transfer.cents} for transfer in money.transfers
        ],
    }
    return JsonResponse(document, json_dumps_params={"ensure_ascii": False})


def _export_name(ledger: SeasonPage) -> str:
    return f"{ledger.club.slug}-{_('season')}-{ledger.period.start.isoformat()}-{ledger.variant}"


@require_GET
@club_view
def export_xlsx(request: HttpRequest, slug: str) -> HttpResponseBase:
    """The season's workbook: Table, Sittings, Money, Transfers, and Ratings (at the season's end)
    where the club publishes its ratings to this reader."""
    ledger = _season_page(request, slug)
    club = ledger.club
    currency = LedgerSettings.of(club).currency
    viewer = Viewer(ledger.access)
    ratings = None
    if club.ratings_published and viewer.sees_table(club):
        ratings = rating_table(club, ledger.variant, viewer.names(club), mine=viewer.player_id, until=ledger.period.end)
    sheets = season_sheets(
        club,
        ledger.period,
        ledger.variant,
        ledger.terms,
        currency,
        reader=ledger.names,
        ratings=ratings,
        member=ledger.access.role is not None,
    )
    game = _(VARIANTS[ledger.variant].name)
    return workbook_response(sheets, _export_name(ledger), heading=f"{ledger.club} · {ledger.period.name} · {game}")


@require_GET
@club_view
def export_csv(request: HttpRequest, slug: str) -> HttpResponseBase:
    """The Table sheet of the season's workbook as a CSV."""
    ledger = _season_page(request, slug)
    sheets = season_sheets(
        ledger.club, ledger.period, ledger.variant, ledger.terms, "EUR", table_only=True, reader=ledger.names
    )
    return csv_response(sheets[0], _export_name(ledger))


# --- money, charts, a player's statistics ------------------------------------------------------


@require_GET
@club_view
def money(request: HttpRequest, slug: str) -> HttpResponse:
    """The season's money: each player's balance, the Kasse, who pays whom, and the balances of
    its sittings ``SITTINGS_PAGE`` at a time; of every game, or of one (``variant``)."""
    ledger = _season_page(request, slug)
    one_game = bool(request.GET.get("variant"))
    game = ledger.variant if one_game else None
    season = season_money_of(ledger.club, ledger.period, game, kasse=_(KASSE), reader=ledger.names)
    balances = sorted(season.money.balances.items(), key=lambda item: (-item[1], item[0].casefold(), item[0]))
    page = sittings_page(ledger.club, ledger.period, game, SITTINGS_PAGE, _number(request, "page"), ledger.names)
    listed = payments.TransferList.of_season(ledger.period, game)
    currency = LedgerSettings.of(ledger.club).currency
    lines = payments.settled(
        season.transfers, season.player_ids, payments.payments_in(ledger.club, listed), ledger.names, season.kasse
    )
    return render(
        request,
        "ledger/money.html",
        ledger.context(
            currency=currency,
            season=season,
            one_game=one_game,
            balance_rows=balance_rows(
                [((name, season.player_ids.get(name), season.sittings_of(name)), cents) for name, cents in balances],
                slug,
                ledger.query(),
                currency,
            ),
            sitting_rows=sitting_rows(
                [(sitting, _game_name(sitting.terms.variant)) for sitting in page.sittings], slug, currency
            ),
            pages=page_links(page, request.GET.dict()),
            all_games_query=urlencode(ledger.period.query()),
            transfers=payments.shown(listed, lines, ledger.access.administers, member=ledger.access.role is not None),
        ),
    )


def _game_name(variant: str) -> str:
    """The name of a sitting's game in the page's language (its key, for a game the site no
    longer knows)."""
    return str(_(VARIANTS[variant].name)) if variant in VARIANTS else variant


SITTINGS_PAGE = 50
"""Sittings the money page lists at once: a club that meets every evening has hundreds a season."""


@require_POST
@club_view
def paid(request: HttpRequest, slug: str) -> HttpResponse:
    """Mark one transfer of a who-pays-whom list paid, or take that back (club admins), then show
    the list again: the sitting's sheet or the season's money page."""
    club, _access = get_club_for_user(request, slug, Role.ADMIN)
    form = PaidForm(request.POST)
    if not form.is_valid():
        return HttpResponseBadRequest(shown(DAMAGED))
    listed, data = form.listed(), form.cleaned_data
    parties = {"payer": data["payer"], "payee": data["payee"]}
    try:
        if data["paid"]:
            done = mark_paid(club, listed, **parties, cents=data["cents"], user=request.user, key=data["key"])
            tell(request, done, _("The transfer is marked paid."), _("The transfer was already marked paid."))
        else:
            done = unmark_paid(club, listed, **parties, key=data["key"])
            tell(request, done, _("The transfer is no longer marked paid."), _("This was already taken back."))
    except Refusal as refusal:
        tell_refused(request, refusal)
    if listed.sitting_id is not None:
        return redirect("sittings:detail", slug=club.slug, pk=listed.sitting_id)
    query = {"season": listed.season_id} if listed.season_id else {"year": listed.year}
    more = {"variant": listed.variant} if listed.variant else {}
    return redirect(f"{reverse('ledger:money', kwargs={'slug': club.slug})}?{urlencode({**query, **more})}")


@require_GET
@club_view
def season_charts(request: HttpRequest, slug: str) -> HttpResponse:
    """The season's charts of one game: the leading players' totals by date and the attendance."""
    ledger = _season_page(request, slug)
    found = parts(ledger.club, ledger.period, ledger.terms, ledger.variant, reader=ledger.names)
    season = season_table_of(ledger.club, ledger.period, ledger.variant, found, reader=ledger.names)
    leaders = [row.player for row in season.rows[: charts.MOST_LINES]]
    totals = charts.totals_by_date(found, leaders)
    attendance = charts.attendance_by_date(found)
    return render(
        request,
        "ledger/charts.html",
        ledger.context(
            totals=totals,
            totals_chart=charts.line_chart(totals, _("Cumulative game points by date")),
            attendance=attendance,
            attendance_chart=charts.bar_chart(attendance, _("Players per date")),
        ),
    )


@require_GET
@club_view
def player(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    """One player's season in one game: sittings, deals, declarer games, bonuses, best and worst
    sitting, average per deal, money, and a chart of his total by date; and his rating of the
    game with its history, for himself, a club admin, and the members once the club publishes
    its ratings."""
    ledger = _season_page(request, slug)
    who = get_object_or_404(Player, pk=pk, club=ledger.club)
    stats = player_statistics(ledger.club, ledger.period, ledger.variant, ledger.terms, who, ledger.names)
    totals = charts.Series.of_player(stats)
    viewer = Viewer(ledger.access)
    return render(
        request,
        "ledger/player.html",
        ledger.context(
            with_currency=True,
            player=who,
            player_name=ledger.names(who),
            stats=stats,
            contracts=[{"name": _(word(tally.key)), "tally": tally} for tally in stats.contracts],
            bonuses=[{"name": _(word(tally.key)), "tally": tally} for tally in stats.bonuses],
            chart=charts.line_chart(totals, _("Cumulative game points by date")),
            declarer_game=VARIANTS[ledger.variant].declarer_game,
            rating=_rating_of(ledger, viewer, who) if viewer.sees_rating_of(ledger.club, who) else None,
        ),
    )


def _rating_of(ledger: SeasonPage, viewer: Viewer, who: Player) -> dict[str, Any]:
    """The player's rating of the page's game, its history and chart (``scoring.ratings``), for
    a reader who may see it, the player named as the page names him; with a link to the table
    for a reader who may see that too."""
    steps = history(who, ledger.variant)
    series = charts.Series.of_ratings(ledger.names(who), steps)
    return {
        "steps": steps,
        "chart": charts.line_chart(series, _("Rating by date"), from_zero=False),
        "table": viewer.sees_table(ledger.club),
    }


# --- the admins' pages -------------------------------------------------------------------------


@require_http_methods(["GET", "POST"])
@club_view
def seasons(request: HttpRequest, slug: str) -> HttpResponse:
    """The club's seasons, and a form to define one."""
    club, _access = get_club_for_user(request, slug, Role.ADMIN)
    form = SeasonForm(request.POST or None, initial={"key": new_key()})
    if request.method == "POST" and form.is_valid():
        try:
            done = add_season(club, **form.cleaned_data)
        except Refusal as refusal:
            add_to_form(form, refusal, "name")
        else:
            name = done.result.name if done.result else ""
            said = _("The season %(name)s is defined.") % {"name": name}
            tell(request, done, said, _("The season %(name)s was already defined.") % {"name": name})
            return redirect("ledger:seasons", slug=club.slug)
    current = Seasons(club).current(timezone.localdate())
    return render(
        request,
        "ledger/seasons.html",
        {
            "club": club,
            "form": form,
            "seasons": Season.objects.filter(club=club).order_by("-start", "-pk"),
            "current": current,
        },
    )


@require_http_methods(["GET", "POST"])
@club_view
def season_edit(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    club, _access = get_club_for_user(request, slug, Role.ADMIN)
    season = get_object_or_404(Season, club=club, pk=pk)
    initial = {"name": season.name, "start": season.start, "end": season.end, "key": new_key()}
    form = SeasonForm(request.POST or None, initial=initial)
    if request.method == "POST" and form.is_valid():
        try:
            change_season(club, season, **form.cleaned_data)
        except Refusal as refusal:
            add_to_form(form, refusal, "name")
        else:
            messages.success(request, _("The season %(name)s is saved.") % {"name": season.name})
            return redirect("ledger:seasons", slug=club.slug)
    return render(request, "ledger/season_form.html", {"club": club, "form": form, "season": season})


@require_POST
@club_view
def season_remove(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    club, _access = get_club_for_user(request, slug, Role.ADMIN)
    form = KeyedForm(request.POST)
    if not form.is_valid():
        return HttpResponseBadRequest(shown(DAMAGED))
    name = Season.objects.filter(club=club).filter(pk=pk).values_list("name", flat=True).first()
    try:
        done = remove_season(club, pk, key=form.cleaned_data["key"])
    except Refusal as refusal:
        tell_refused(request, refusal)
    else:
        tell(
            request, done, _("The season %(name)s is removed.") % {"name": name}, _("This season was already removed.")
        )
    return redirect("ledger:seasons", slug=club.slug)


@require_http_methods(["GET", "POST"])
@club_view
def rule(request: HttpRequest, slug: str) -> HttpResponse:
    """The ranking rule of one game's table in one season."""
    ledger = _season_page(request, slug, Role.ADMIN)
    in_force = ranking_rule(ledger.club, ledger.variant, ledger.period)
    own = in_force is not None and (
        in_force.season_id == (ledger.period.season.pk if ledger.period.season else None)
        and in_force.year == ledger.period.year
    )
    form = RuleForm(request.POST or None, initial={**RuleForm.initial_of(in_force), "key": new_key()})
    if request.method == "POST" and form.is_valid():
        try:
            save_rule(
                ledger.club,
                ledger.variant,
                ledger.period,
                mode=form.chosen_mode(),
                with_tournaments=form.cleaned_data["with_tournaments"],
                key=form.cleaned_data["key"],
            )
        except Refusal as refusal:
            add_to_form(form, refusal)
        else:
            messages.success(
                request,
                _("The ranking rule of %(game)s in %(season)s is saved.")
                % {"game": ledger.variant_name, "season": ledger.period.name},
            )
            return redirect(f"{reverse('ledger:table', kwargs={'slug': ledger.club.slug})}?{ledger.query()}")
    return render(request, "ledger/rule.html", ledger.context(form=form, in_force=in_force, own=own))


@require_http_methods(["GET", "POST"])
@club_view
def ledger_settings(request: HttpRequest, slug: str) -> HttpResponse:
    """The club's currency, and the sheet fee and pot rule of the sittings it starts from now on."""
    club, _access = get_club_for_user(request, slug, Role.ADMIN)
    current = LedgerSettings.of(club)
    form = LedgerSettingsForm(
        request.POST or None, initial={**LedgerSettingsForm.initial_of(current), "key": new_key()}
    )
    if request.method == "POST" and form.is_valid():
        save_settings(club, **form.cleaned_data)
        messages.success(request, _("The ledger settings are saved. Sittings already started keep theirs."))
        return redirect("ledger:table", slug=club.slug)
    return render(request, "ledger/settings.html", {"club": club, "form": form})
