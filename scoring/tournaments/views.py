"""The tournament's pages: the director's (club admins and scorekeepers), the readers', the public
page of a public tournament, the standings and their JSON, exports and printouts.

A reader who is not a member sees a public tournament: standings after each closed round (or live,
if the director chose so; none while a round is open, if he holds results back), the seating of
published rounds and each table's result, the room's screen, entrants who asked for it by
initials only. A drawn round that is not yet published is the director's alone.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.http.response import HttpResponseBase
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop, ngettext
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from scoring.access import Access, Role, club_view, get_club_for_user, get_tournament_for_user
from scoring.club.forms import UploadForm
from scoring.club.models import variant_choices
from scoring.club.names import names_for
from scoring.downloads import csv_response, workbook_response
from scoring.engine import VARIANTS, Refusal
from scoring.limits import whole_number
from scoring.refusals import add_to_form, lines, tell_refused
from scoring.sittings.imports import read_json
from scoring.sittings.results import deals_ahead
from scoring.spreadsheets.reader import read_upload
from scoring.submissions import KeyedForm, new_key, tell
from scoring.tournaments import clock, services
from scoring.tournaments.documents import import_tournament, tournament_document
from scoring.tournaments.forms import EntrantForm, PlayersForm, ReasonForm, TournamentForm, initial_of
from scoring.tournaments.models import (
    ACTIVE,
    CLOSED,
    DISQUALIFIED,
    DRAWN,
    PUBLISHED,
    TIEBREAK_WORDS,
    WITHDRAWN,
    Entrant,
    Round,
    RoundTable,
    Tournament,
)
from scoring.tournaments.qr import qr_data_uri
from scoring.tournaments.ranking import Standing
from scoring.tournaments.results import (
    Field,
    field_of,
    held_back,
    removable_entrants,
    repeats,
    round_tables,
    standings,
    standings_document,
    unconfirmed_in,
)
from scoring.tournaments.screen import Screen, screen_of
from scoring.tournaments.standings_table import standings_rows
from scoring.tournaments.table_link import link_of, site_address, unreachable
from scoring.tournaments.workbook import standings_sheet, tournament_sheets


def _visible_rounds(rounds: list[Round], access: Access) -> list[Round]:
    """The rounds this reader may see: a drawn round is the director's alone."""
    return [r for r in rounds if access.scores or r.state != DRAWN]


def _names(tournament: Tournament, field: Field, access: Access) -> dict[int, str]:
    """Each entrant's name for this reader, by start number (``scoring.club.names``)."""
    names = names_for(tournament.club, access)
    return field.names(lambda entrant: names.of(entrant.player_id, entrant.display_name))


def _live(tournament: Tournament, access: Access, field: Field) -> bool:
    """Whether this reader's standings count the published round: the director's always, the
    others' when he chose live standings, unless he holds results back (that wins)."""
    return access.scores or (tournament.live_standings and held_back(tournament, field.rounds) is None)


def _standings_for(tournament: Tournament, access: Access, field: Field) -> list[Standing]:
    return standings(tournament, live=_live(tournament, access, field), field=field)


@require_GET
@club_view
def tournament_list(request: HttpRequest, slug: str) -> HttpResponse:
    club, access = get_club_for_user(request, slug)
    tournaments = club.tournaments.order_by("-date", "-id")
    return render(request, "tournaments/list.html", {"club": club, "access": access, "tournaments": tournaments})


@require_http_methods(["GET", "POST"])
@club_view
def tournament_new(request: HttpRequest, slug: str) -> HttpResponse:
    """First the game, then the tournament's settings and house rules."""
    club, _access = get_club_for_user(request, slug, Role.SCOREKEEPER)
    variant = request.GET.get("variant") or request.POST.get("variant")
    if variant not in VARIANTS:
        return render(request, "tournaments/choose_game.html", {"club": club, "games": variant_choices()})
    form = TournamentForm(request.POST or None, club=club, variant=variant, initial={"key": new_key()})
    if request.method == "POST" and form.is_valid():
        try:
            tournament = services.create_tournament(
                club, form.settings(), user=request.user, key=form.cleaned_data["key"]
            )
        except Refusal as refusal:
            for line in lines(refusal):  # above the form, each with the setting it concerns
                form.add_error(None, line)
        else:
            messages.success(request, _("The tournament is created. Enter the entrants."))
            return redirect(tournament.get_absolute_url())
    return render(
        request,
        "tournaments/new.html",
        {"club": club, "form": form, "variant": variant, "variant_name": _(VARIANTS[variant].name)},
    )


@require_http_methods(["GET", "POST"])
@club_view
def tournament_import(request: HttpRequest, slug: str) -> HttpResponse:
    """A tournament from its document (``tournament.json``, as the export and ``export_tournament``
    write it), all or nothing, every problem listed as ``import_tournament`` prints it, in the
    page's language. A club admin's: the document may add players to the club."""
    club, _access = get_club_for_user(request, slug, Role.ADMIN)
    form = UploadForm(request.POST or None, request.FILES or None, initial={"key": new_key()})
    problems: list[str] = []
    if request.method == "POST" and form.is_valid():
        try:
            raw = read_upload(form.cleaned_data["file"], settings.TAROKCLUB_UPLOAD_MAX_BYTES)
            tournament = import_tournament(club, read_json(raw), user=request.user, key=form.cleaned_data["key"])
        except Refusal as refusal:
            problems = lines(refusal)
        else:
            messages.success(request, _("The tournament is imported."))
            return redirect(tournament.get_absolute_url())
    return render(request, "tournaments/import.html", {"club": club, "form": form, "problems": problems})


@require_http_methods(["GET", "POST"])
@club_view
def tournament_settings(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    """The tournament's settings, changed until round 1 is published (the game stays)."""
    tournament, _access = get_tournament_for_user(request, slug, pk, Role.SCOREKEEPER)
    variant = tournament.variant
    form = TournamentForm(request.POST or None, club=tournament.club, variant=variant, initial=initial_of(tournament))
    if request.method == "POST" and form.is_valid():
        try:
            redrawn = services.change_settings(tournament, form.settings())
        except Refusal as refusal:
            for line in lines(refusal):
                form.add_error(None, line)
        else:
            messages.success(request, _("The settings are saved."))
            if redrawn:
                messages.info(request, _("Round 1 was drawn with the old settings: draw it again."))
            return _back(tournament)
    return render(
        request,
        "tournaments/new.html",
        {
            "club": tournament.club,
            "form": form,
            "variant": variant,
            "variant_name": _(VARIANTS[variant].name),
            "tournament": tournament,
        },
    )


@require_GET
@club_view
def detail(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    tournament, access = get_tournament_for_user(request, slug, pk)
    entrants = tournament.entrants.select_related("player").order_by("start_number")
    names = names_for(tournament.club, access)
    rounds = _visible_rounds(list(tournament.rounds.order_by("number")), access)
    last = rounds[-1] if rounds else None
    context = {
        "club": tournament.club,
        "tournament": tournament,
        "access": access,
        "entrants": [(e, names(e.player)) for e in entrants],
        "rounds": rounds,
        "tiebreaks": [TIEBREAK_WORDS[key] for key in tournament.tiebreaks],
        "can_draw": access.scores
        and not tournament.is_closed
        and (
            last is None or last.state == DRAWN or (last.state != PUBLISHED and last.number < tournament.rounds_planned)
        ),
        "last": last,
        "can_change_settings": access.scores and not tournament.is_closed and all(r.state == DRAWN for r in rounds),
    }
    if access.scores and not tournament.is_closed:
        context["entrant_form"] = EntrantForm(tournament=tournament, initial={"key": new_key()})
        context["removable"] = removable_entrants(tournament)
        context["upload_form"] = UploadForm(initial={"key": new_key()})
    return render(request, "tournaments/detail.html", context)


def _back(tournament: Tournament) -> HttpResponse:
    return redirect(tournament.get_absolute_url())


@require_POST
@club_view
def entrant_add(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    tournament, _access = get_tournament_for_user(request, slug, pk, Role.SCOREKEEPER)
    form = EntrantForm(request.POST, tournament=tournament)
    if not form.is_valid():
        for errors in form.errors.values():
            messages.error(request, " ".join(str(message) for message in errors))
        return _back(tournament)
    try:
        entrant = services.add_entrant(
            tournament,
            player=form.chosen_player(),
            name=form.cleaned_data["name"],
            group=form.cleaned_data["group"],
            key=form.cleaned_data["key"],
        )
    except Refusal as refusal:
        tell_refused(request, refusal)
    else:
        messages.success(
            request,
            _("%(name)s entered with number %(number)s.") % {"name": entrant.player, "number": entrant.start_number},
        )
    return _back(tournament)


@require_http_methods(["GET", "POST"])
@club_view
def entrants_import(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    tournament, _access = get_tournament_for_user(request, slug, pk, Role.SCOREKEEPER)
    form = UploadForm(request.POST or None, request.FILES or None, initial={"key": new_key()})
    problems: list[str] = []
    if request.method == "POST" and form.is_valid():
        try:
            names = form.name_list()
            added, known = services.import_entrants(tournament, names, key=form.cleaned_data["key"])
        except Refusal as refusal:
            problems = lines(refusal)
        else:
            messages.success(
                request, _("%(added)s entered, %(known)s had entered already.") % {"added": added, "known": known}
            )
            return _back(tournament)
    return render(
        request,
        "tournaments/entrants_import.html",
        {"club": tournament.club, "tournament": tournament, "form": form, "problems": problems},
    )


@require_POST
@club_view
def entrant_state(request: HttpRequest, slug: str, pk: int, entrant: int) -> HttpResponse:
    tournament, _access = get_tournament_for_user(request, slug, pk, Role.SCOREKEEPER)
    who = get_object_or_404(Entrant.objects.select_related("player"), pk=entrant, tournament=tournament)
    state = request.POST.get("state", "")
    said = _(STATE_SAID[state]) % {"name": who.player} if state in STATE_SAID else ""  # else refused
    return _act(request, tournament, lambda: services.set_state(who, state), said)


@require_POST
@club_view
def entrant_remove(request: HttpRequest, slug: str, pk: int, entrant: int) -> HttpResponse:
    """Remove an entrant entered by mistake (none of his rounds drawn yet)."""
    tournament, _access = get_tournament_for_user(request, slug, pk, Role.SCOREKEEPER)
    who = get_object_or_404(Entrant.objects.select_related("player"), pk=entrant, tournament=tournament)
    said = _("%(name)s is removed from the entrants.") % {"name": who.player}
    return _act(request, tournament, lambda: services.remove_entrant(who), said)


@require_http_methods(["GET", "POST"])
@club_view
def entrants_all(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    """Every active club player who has not entered, ticked: the director unticks who is absent
    and enters the rest in one step."""
    tournament, _access = get_tournament_for_user(request, slug, pk, Role.SCOREKEEPER)
    form = PlayersForm(request.POST or None, tournament=tournament, initial={"key": new_key()})
    if request.method == "POST" and form.is_valid():
        try:
            added = services.enter_players(tournament, form.cleaned_data["players"], key=form.cleaned_data["key"])
        except Refusal as refusal:
            add_to_form(form, refusal, otherwise="players")
        else:
            said = ngettext("%(count)s player entered.", "%(count)s players entered.", added) % {"count": added}
            messages.success(request, said)
            return _back(tournament)
    return render(
        request, "tournaments/entrants_all.html", {"club": tournament.club, "tournament": tournament, "form": form}
    )


STATE_SAID = {
    ACTIVE: gettext_noop("%(name)s is reinstated and is seated in the next draw."),
    WITHDRAWN: gettext_noop("%(name)s is withdrawn; the tables played keep their results."),
    DISQUALIFIED: gettext_noop("%(name)s is disqualified; the tables played keep their results."),
}
"""What the director is told when an entrant's state is set (the service refuses any other)."""


def _act(request: HttpRequest, tournament: Tournament, act: Any, said: str, then: str | None = None) -> HttpResponse:
    """Carry out one of the director's buttons; its refusal becomes a message."""
    try:
        act()
    except Refusal as refusal:
        tell_refused(request, refusal)
    else:
        messages.success(request, said)
    return redirect(then or tournament.get_absolute_url())


@require_POST
@club_view
def draw(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    tournament, _access = get_tournament_for_user(request, slug, pk, Role.SCOREKEEPER)
    form = KeyedForm(request.POST)
    key = form.cleaned_data["key"] if form.is_valid() else ""
    try:
        drawn = services.draw_round(tournament, user=request.user, key=key)
    except Refusal as refusal:
        tell_refused(request, refusal)
        return _back(tournament)
    messages.success(
        request, _("Round %(number)s is drawn. Publish it when the seating is right.") % {"number": drawn.number}
    )
    return redirect(_round_url(drawn))


def _round_url(round_: Round) -> str:
    tournament = round_.tournament
    return reverse(
        "tournaments:round", kwargs={"slug": tournament.club.slug, "pk": tournament.pk, "number": round_.number}
    )


def _round_for(
    request: HttpRequest, slug: str, pk: int, number: int, needed: str | None = None
) -> tuple[Round, Access]:
    tournament, access = get_tournament_for_user(request, slug, pk, needed)
    round_ = get_object_or_404(Round, tournament=tournament, number=number)
    if round_.state == DRAWN and not access.scores:
        raise Http404("the round is not published")
    round_.tournament = tournament
    return round_, access


@require_GET
@club_view
def round_page(request: HttpRequest, slug: str, pk: int, number: int) -> HttpResponse:
    round_, access = _round_for(request, slug, pk, number)
    tournament = round_.tournament
    tables = round_tables(round_)
    found, bound = repeats(tournament, round_)
    shown = names_for(tournament.club, access)
    names = _names(tournament, field_of(tournament), access)
    address = site_address(request)
    links = {}
    if access.scores and round_.state == PUBLISHED:
        links = {view.table.pk: link_of(view.table, address) for view in tables}
    return render(
        request,
        "tournaments/round.html",
        {
            "club": tournament.club,
            "tournament": tournament,
            "round": round_,
            "access": access,
            "tables": [
                (
                    view,
                    [(shown(p), points) for p, points in zip(view.players, view.points, strict=True)],
                    links.get(view.table.pk),
                )
                for view in tables
            ],
            "repeats": [(names[r.a], names[r.b], r.before + 1) for r in found if r.round == number - 1],
            "lower_bound": bound,
            "byes": [names[n] for n in round_.byes],
            "waiting": sum(view.waiting for view in tables),
            # results held back: while the round is played, only the director sees its points
            "held": not access.scores and held_back(tournament) == round_.number,
            "reopenable": round_.state == CLOSED and not tournament.rounds.filter(number__gt=number).exists(),
            # the table cards are printed from here, while the round is drawn too
            "unreachable": access.scores and round_.state != CLOSED and unreachable(address),
            "clock": clock.clock_of(round_).read(timezone.now()),
        },
    )


@require_POST
@club_view
def publish(request: HttpRequest, slug: str, pk: int, number: int) -> HttpResponse:
    round_, _access = _round_for(request, slug, pk, number, Role.SCOREKEEPER)
    said = _("Round %(number)s is published: the tables play.") % {"number": number}
    return _act(request, round_.tournament, lambda: services.publish_round(round_), said, _round_url(round_))


@require_POST
@club_view
def close_round(request: HttpRequest, slug: str, pk: int, number: int) -> HttpResponse:
    round_, _access = _round_for(request, slug, pk, number, Role.SCOREKEEPER)
    try:
        services.close_round(round_, unconfirmed_because=request.POST.get("unconfirmed_because", ""))
    except Refusal as refusal:
        # the refusal names the round's tables still playing: the round's page is where they are
        tell_refused(request, refusal)
        return redirect(_round_url(round_))
    messages.success(request, _("Round %(number)s is closed; its results count.") % {"number": number})
    return _back(round_.tournament)


def _table_for(request: HttpRequest, slug: str, pk: int, table: int) -> RoundTable:
    tournament, _access = get_tournament_for_user(request, slug, pk, Role.SCOREKEEPER)
    found = get_object_or_404(
        RoundTable.objects.select_related("round__tournament"), pk=table, round__tournament=tournament
    )
    return found


@require_POST
@club_view
def close_table(request: HttpRequest, slug: str, pk: int, table: int) -> HttpResponse:
    found = _table_for(request, slug, pk, table)
    form = ReasonForm(request.POST)
    reason = form.cleaned_data["reason"] if form.is_valid() else ""
    said = _("Table %(number)s is closed early.") % {"number": found.number}
    return _act(
        request,
        found.round.tournament,
        lambda: services.close_table_early(found, reason),
        said,
        _round_url(found.round),
    )


@require_POST
@club_view
def reopen_table(request: HttpRequest, slug: str, pk: int, table: int) -> HttpResponse:
    found = _table_for(request, slug, pk, table)
    said = _("Table %(number)s is open again: it enters its deals.") % {"number": found.number}
    return _act(request, found.round.tournament, lambda: services.reopen_table(found), said, _round_url(found.round))


@require_POST
@club_view
def reopen_round(request: HttpRequest, slug: str, pk: int, number: int) -> HttpResponse:
    round_, _access = _round_for(request, slug, pk, number, Role.SCOREKEEPER)
    said = _("Round %(number)s is open again: its tables enter and correct their deals.") % {"number": number}
    return _act(request, round_.tournament, lambda: services.reopen_round(round_), said, _round_url(round_))


@require_POST
@club_view
def new_link(request: HttpRequest, slug: str, pk: int, table: int) -> HttpResponse:
    found = _table_for(request, slug, pk, table)
    form = KeyedForm(request.POST)
    done = services.new_link(found, key=form.cleaned_data["key"] if form.is_valid() else "")
    number = {"number": found.number}
    first = _("Table %(number)s has a new link; the old one no longer works.") % number
    tell(request, done, first, _("Table %(number)s already has its new link; the old one no longer works.") % number)
    return redirect(_round_url(found.round))


@require_POST
@club_view
def close(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    tournament, _access = get_tournament_for_user(request, slug, pk, Role.SCOREKEEPER)
    said = _("The tournament is closed. Only a club admin can still correct its deals.")
    return _act(request, tournament, lambda: services.close_tournament(tournament), said)


# --- the round clock and the room's screen -------------------------------------------------


@require_POST
@club_view
def round_clock(request: HttpRequest, slug: str, pk: int, number: int) -> HttpResponse:
    """The round clock's buttons on the round page: set the length (``minutes``), start, pause."""
    round_, _access = _round_for(request, slug, pk, number, Role.SCOREKEEPER)
    minutes = whole_number(request.POST.get("minutes"))
    lasts = ngettext("The round lasts %(minutes)s minute.", "The round lasts %(minutes)s minutes.", minutes or 0)
    buttons = {
        "set": (lambda: clock.set_length(round_, minutes), lasts % {"minutes": minutes}),
        "start": (lambda: clock.start_clock(round_), _("The round's clock runs.")),
        "pause": (lambda: clock.pause_clock(round_), _("The round's clock is paused.")),
    }
    pressed = request.POST.get("clock", "")
    if pressed not in buttons:
        raise Http404("the round clock has no such button")
    act, said = buttons[pressed]
    return _act(request, round_.tournament, act, said, _round_url(round_))


def _screen(request: HttpRequest, slug: str, pk: int) -> Screen:
    tournament, access = get_tournament_for_user(request, slug, pk)
    field = field_of(tournament)
    return screen_of(tournament, field, _names(tournament, field, access))


@require_GET
@club_view
def screen_page(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    """The room's screen (``scoring.tournaments.screen``): a page for a projector, which keeps
    itself up to date from ``screen.json`` (``tarokclub/screen.js``)."""
    screen = _screen(request, slug, pk)
    context = {"screen": screen, "tournament": screen.tournament, "clock": screen.clock(timezone.now())}
    return render(request, "tournaments/screen.html", context)


@require_GET
@club_view
def screen_json(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    document = _screen(request, slug, pk).document(timezone.now())
    return JsonResponse(document, json_dumps_params={"ensure_ascii": False})


# --- standings, exports, printouts ---------------------------------------------------------


@require_GET
@club_view
def standings_page(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    """The standings; while results are held back, only the director's (the others are told when
    they come)."""
    tournament, access = get_tournament_for_user(request, slug, pk)
    field = field_of(tournament)
    context = {
        "club": tournament.club,
        "tournament": tournament,
        "access": access,
        "tiebreaks": [TIEBREAK_WORDS[key] for key in tournament.tiebreaks],
    }
    held = None if access.scores else held_back(tournament, field.rounds)
    if held is not None:
        return render(request, "tournaments/standings.html", {**context, "held": held})
    live = _live(tournament, access, field)
    counted = [r for r in field.rounds if r.state == CLOSED or (r.state == PUBLISHED and live)]
    return render(
        request,
        "tournaments/standings.html",
        {
            **context,
            "rows": standings_rows(tournament, field, _names(tournament, field, access), live=live),
            "rounds": counted,
            "unconfirmed": unconfirmed_in(tournament) if any(r.state == PUBLISHED for r in counted) else 0,
        },
    )


@require_GET
@club_view
def standings_json(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    tournament, access = get_tournament_for_user(request, slug, pk)
    field = field_of(tournament)
    document = standings_document(tournament, _standings_for(tournament, access, field))
    names = _names(tournament, field, access)
    for line in document["standings"]:
        line["name"] = names[line["start_number"]]
    return JsonResponse(document, json_dumps_params={"ensure_ascii": False})


def _filename(tournament: Tournament) -> str:
    return f"{tournament.club.slug}-{tournament.date.isoformat()}-{tournament.pk}"


@require_GET
@club_view
def export_xlsx(request: HttpRequest, slug: str, pk: int) -> HttpResponseBase:
    tournament, access = get_tournament_for_user(request, slug, pk)
    field = field_of(tournament)
    return workbook_response(
        tournament_sheets(tournament, field, _names(tournament, field, access), live=_live(tournament, access, field)),
        _filename(tournament),
        heading=f"{tournament.club} · {tournament.name}",
    )


@require_GET
@club_view
def export_csv(request: HttpRequest, slug: str, pk: int) -> HttpResponseBase:
    tournament, access = get_tournament_for_user(request, slug, pk)
    field = field_of(tournament)
    return csv_response(
        standings_sheet(tournament, field, _names(tournament, field, access), live=_live(tournament, access, field)),
        _filename(tournament),
    )


@require_GET
@club_view
def export_json(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    """The tournament document, as ``export_tournament`` prints it."""
    tournament, _access = get_tournament_for_user(request, slug, pk, Role.SCOREKEEPER)
    return JsonResponse(tournament_document(tournament), json_dumps_params={"ensure_ascii": False, "indent": 1})


@require_GET
@club_view
def seating(request: HttpRequest, slug: str, pk: int, number: int) -> HttpResponse:
    """The seating list to print: by table, and by name."""
    round_, access = _round_for(request, slug, pk, number)
    names = names_for(round_.tournament.club, access)
    tables = [(view, names.listed(view.players)) for view in round_tables(round_)]
    by_name = sorted(
        ((name, view.table.number, seat) for view, names in tables for seat, name in enumerate(names, start=1)),
        key=lambda entry: entry[0].casefold(),
    )
    return render(
        request,
        "tournaments/print_seating.html",
        {
            "club": round_.tournament.club,
            "tournament": round_.tournament,
            "round": round_,
            "tables": tables,
            "by_name": by_name,
        },
    )


@require_GET
@club_view
def table_cards(request: HttpRequest, slug: str, pk: int, number: int) -> HttpResponse:
    """A card per table to print, four to an A4 page: the table number large, names by seat, the
    first dealer, the deals to play and the QR code of the table's link, large enough to scan
    from a seat."""
    round_, _access = _round_for(request, slug, pk, number, Role.SCOREKEEPER)
    address = site_address(request)
    cards = []
    for view in round_tables(round_):
        url = link_of(view.table, address)
        cards.append((view, url, qr_data_uri(url)))
    pages = [cards[start : start + CARDS_A_PAGE] for start in range(0, len(cards), CARDS_A_PAGE)]
    return render(
        request,
        "tournaments/print_cards.html",
        {"club": round_.tournament.club, "tournament": round_.tournament, "round": round_, "pages": pages},
    )


CARDS_A_PAGE = 4
"""Table cards on one A4 page: a quarter each, the QR code 6 cm wide."""


@require_GET
@club_view
def score_sheets(request: HttpRequest, slug: str, pk: int, number: int) -> HttpResponse:
    """A blank score sheet per table to print: a row for every deal still due, with its dealer and,
    at a table of four, who sits out."""
    round_, access = _round_for(request, slug, pk, number)
    tournament = round_.tournament
    names = names_for(tournament.club, access)
    sheets = []
    for view in round_tables(round_):
        shown = {p.display_name: names(p) for p in view.players}
        deals = [
            (number, shown[dealer], shown[out] if out else "")
            for number, dealer, out in deals_ahead(view.table.sitting, view.due - view.deals)
        ]
        sheets.append((view, list(shown.values()), deals, len(view.players) == 4))
    return render(
        request,
        "tournaments/print_sheets.html",
        {"club": tournament.club, "tournament": tournament, "round": round_, "sheets": sheets},
    )
