"""The sittings' pages: the list, the sheet of one sitting, one deal with its history, and the
JSON of the scores. Plain function views; everything is read from the stored rows."""

from __future__ import annotations

from django.conf import settings
from django.contrib import messages
from django.db.models import Q
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.http.response import HttpResponseBase
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods
from django_tables2 import RequestConfig

from scoring.access import Role, club_view, get_club_for_user, get_sitting_for_user
from scoring.club.forms import UploadForm
from scoring.downloads import csv_response, workbook_response
from scoring.engine import VARIANTS, InvalidSitting
from scoring.limits import whole_number
from scoring.models import Sitting
from scoring.sittings.documents import deal_by_name
from scoring.sittings.imports import read_sitting_file
from scoring.sittings.results import named_lines, sittings_of, stored_result
from scoring.sittings.services import import_sitting
from scoring.sittings.sheet import sheet_context
from scoring.sittings.tables import SittingTable
from scoring.sittings.workbook import blank_sheet, sitting_sheets, template_sheets
from scoring.spreadsheets.reader import UnreadableFile
from scoring.submissions import new_key


@require_GET
@club_view
def sitting_list(request: HttpRequest, slug: str) -> HttpResponse:
    club, access = get_club_for_user(request, slug)
    table = SittingTable(sittings_of(club))
    RequestConfig(request, paginate={"per_page": 25}).configure(table)
    return render(request, "sittings/list.html", {"club": club, "table": table, "can_import": access.scores})


@require_GET
@club_view
def detail(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    """Each deal with each player's score, running totals, pots, breakdowns and corrections."""
    sitting, access = get_sitting_for_user(request, slug, pk)
    can_correct = access.administers or (access.scores and not sitting.is_closed)

    def correct_url(number: int) -> str:
        return reverse("scorekeeping:deal_correct", kwargs={"slug": slug, "pk": sitting.pk, "number": number})

    sheet = sheet_context(sitting, correct_url if can_correct else None)
    changes = sitting.revisions.filter(Q(revision__gt=1) | Q(live=False)).select_related("entered_by")
    return render(
        request,
        "sittings/sitting.html",
        {
            **sheet,
            "club": sitting.club,
            "sitting": sitting,
            "changes": changes.order_by("number", "revision"),
            "can_enter": access.scores and not sitting.is_closed,
            "can_correct": can_correct,
            "saved": whole_number(request.GET.get("saved")),
            "next_number": len(sheet["rows"]) + 1,
        },
    )


@require_GET
@club_view
def deal(request: HttpRequest, slug: str, pk: int, number: int) -> HttpResponse:
    """One deal: what was entered, its breakdown, and every revision with who, when and why."""
    sitting, _access = get_sitting_for_user(request, slug, pk)
    rules = sitting.rules
    revisions = list(
        sitting.revisions.filter(number=number).select_related("entered_by", "breakdown").order_by("revision")
    )
    if not revisions:
        raise Http404("no such deal")
    names = [p.display_name for p in sitting.seated_players()]
    live = next((r for r in revisions if r.live), None)
    lines = []
    if live is not None:
        lines = [
            {
                "holder": line["player"] if "player" in line else _(rules.pot_word(str(line["pot"]))),
                "points": line["points"],
                "reason": line["reason"],
            }
            for line in named_lines(live.breakdown.lines, names, translate=_)
        ]
    return render(
        request,
        "sittings/deal.html",
        {
            "club": sitting.club,
            "sitting": sitting,
            "number": number,
            "live": live,
            "inputs": deal_by_name(live.inputs, rules, names) if live is not None else None,
            "lines": lines,
            "scores": live.scores.select_related("player").order_by("player__display_name") if live else [],
            "revisions": revisions,
        },
    )


@require_GET
@club_view
def scores_json(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    """The ``score`` output document of a sitting, from the stored rows (no rescoring)."""
    sitting, _access = get_sitting_for_user(request, slug, pk)
    return JsonResponse(stored_result(sitting), json_dumps_params={"ensure_ascii": False})


def _filename(sitting: Sitting) -> str:
    return f"{sitting.club.slug}-{sitting.date.isoformat()}-{sitting.pk}"


@require_GET
@club_view
def export_xlsx(request: HttpRequest, slug: str, pk: int) -> HttpResponseBase:
    """The sitting's workbook: Deals, Items, Breakdown, Totals, House rules."""
    sitting, _access = get_sitting_for_user(request, slug, pk)
    return workbook_response(sitting_sheets(sitting, sitting.club.tariff(sitting.variant)), _filename(sitting))


@require_GET
@club_view
def export_csv(request: HttpRequest, slug: str, pk: int) -> HttpResponseBase:
    """The Deals sheet of the sitting's workbook as a CSV."""
    sitting, _access = get_sitting_for_user(request, slug, pk)
    sheets = sitting_sheets(sitting, sitting.club.tariff(sitting.variant))
    return csv_response(sheets[0], _filename(sitting))


@require_GET
@club_view
def score_sheet(request: HttpRequest, slug: str, pk: int) -> HttpResponseBase:
    """A blank score sheet for the next deals of the sitting, to print and fill in."""
    sitting, _access = get_sitting_for_user(request, slug, pk)
    return workbook_response([blank_sheet(sitting)], _score_sheet_filename(sitting))


@require_GET
@club_view
def score_sheet_csv(request: HttpRequest, slug: str, pk: int) -> HttpResponseBase:
    """The blank score sheet as a CSV."""
    sitting, _access = get_sitting_for_user(request, slug, pk)
    return csv_response(blank_sheet(sitting), _score_sheet_filename(sitting))


def _score_sheet_filename(sitting: Sitting) -> str:
    return f"{_filename(sitting)}-{_('score-sheet')}"


@require_http_methods(["GET", "POST"])
@club_view
def sitting_import(request: HttpRequest, slug: str) -> HttpResponse:
    """A sitting from its workbook (or a sitting document), all or nothing. Only a club admin's
    import adds the players the club does not know yet."""
    club, access = get_club_for_user(request, slug, Role.SCOREKEEPER)
    form = UploadForm(request.POST or None, request.FILES or None, initial={"key": new_key()})
    problems: list[str] = []
    if request.method == "POST" and form.is_valid():
        try:
            doc = read_sitting_file(form.cleaned_data["file"].read(), max_bytes=settings.TAROKCLUB_UPLOAD_MAX_BYTES)
            key = form.cleaned_data["key"]
            sitting = import_sitting(club, doc, user=request.user, key=key, new_players=access.administers)
        except UnreadableFile as refusal:
            problems = [str(problem) for problem in refusal.problems]
        except InvalidSitting as refusal:
            problems = [str(problem) for problem in refusal.problems]
        else:
            messages.success(request, _("The sitting is imported."))
            return redirect(sitting.get_absolute_url())
    games = [(key, _(variant.name)) for key, variant in VARIANTS.items()]
    return render(request, "sittings/import.html", {"club": club, "form": form, "problems": problems, "games": games})


@require_GET
@club_view
def import_template(request: HttpRequest, slug: str, variant: str) -> HttpResponseBase:
    """An empty workbook in the import's layout, for a sitting typed in by hand."""
    club, _access = get_club_for_user(request, slug)
    if variant not in VARIANTS:
        raise Http404("no such game")
    return workbook_response(template_sheets(VARIANTS[variant]), f"{club.slug}-{variant}-{_('sitting')}")
