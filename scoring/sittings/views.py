"""The sittings' pages: the list, the sheet of one sitting, one deal with its history, and the
JSON of the scores. Plain function views; everything is read from the stored rows."""

from __future__ import annotations

from typing import Any

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

from scoring.access import Role, club_view, get_club_for_user, get_sitting_for_user, sittings_for_user
from scoring.club.models import LedgerSettings, variant_choices
from scoring.club.names import Names, names_for
from scoring.club.roles import Access
from scoring.downloads import csv_response, workbook_response
from scoring.engine import VARIANTS, Refusal
from scoring.ledger.paid import TransferList, payments_in, settled
from scoring.ledger.paid import shown as shown_transfers
from scoring.limits import whole_number
from scoring.money import KASSE
from scoring.refusals import lines
from scoring.sittings.forms import ConfirmImportForm, SittingImportForm
from scoring.sittings.imports import read_sitting_file
from scoring.sittings.models import Sitting
from scoring.sittings.results import sheet_money, stored_result
from scoring.sittings.services import NewPlayers, import_sitting
from scoring.sittings.sheet import deal_context, sheet_context
from scoring.sittings.tables import SittingTable
from scoring.sittings.workbook import blank_sheet, sitting_sheets, template_sheets
from scoring.submissions import new_key


@require_GET
@club_view
def sitting_list(request: HttpRequest, slug: str) -> HttpResponse:
    club, access = get_club_for_user(request, slug)
    # without the seats the club page prefetches: the table reads the page's names as values
    table = SittingTable(sittings_for_user(club, access).prefetch_related(None), reader=names_for(club, access))
    RequestConfig(request, paginate={"per_page": 25}).configure(table)
    return render(request, "sittings/list.html", {"club": club, "table": table, "can_import": access.scores})


@require_GET
@club_view
def detail(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    """The totals and pots now, a page of deals with scores and running totals, corrections."""
    sitting, access = get_sitting_for_user(request, slug, pk)
    can_correct = access.administers or (access.scores and not sitting.is_closed)
    can_enter = access.scores and not sitting.is_closed

    def deal_url(number: int) -> str:
        return reverse("sittings:deal", kwargs={"slug": slug, "pk": sitting.pk, "number": number})

    def correct_url(number: int) -> str:
        return reverse("scorekeeping:deal_correct", kwargs={"slug": slug, "pk": sitting.pk, "number": number})

    def confirm_url(number: int) -> str:
        return reverse("scorekeeping:deal_confirm", kwargs={"slug": slug, "pk": sitting.pk, "number": number})

    saved = whole_number(request.GET.get("saved"))
    reader = names_for(sitting.club, access)
    sheet = sheet_context(
        sitting,
        reader=reader,
        deal_url=deal_url,
        correct_url=correct_url if can_correct else None,
        page=whole_number(request.GET.get("page")),
        confirm_url=confirm_url if can_enter and sitting.held is None else None,
    )
    money = _money(sitting, sheet) if sitting.is_closed and sitting.deal_count else None
    shown = [row["number"] for row in sheet["rows"]]
    changes = sitting.revisions.filter(Q(revision__gt=1) | Q(live=False), number__in=shown)
    return render(
        request,
        "sittings/sitting.html",
        {
            **sheet,
            "club": sitting.club,
            "sitting": sitting,
            "changes": changes.select_related("entered_by").order_by("number", "revision"),
            "can_enter": can_enter,
            "can_close": can_enter and not sitting.in_tournament,
            "can_correct": can_correct,
            # a held sitting's deals count as they stand: corrected, never taken back
            "can_take_back": can_correct and sitting.held is None,
            "saved": saved,
            "saved_url": deal_url(saved) if saved and saved <= sitting.deal_count else None,
            # a finished table's sheet offers no deal its form would refuse once filled in
            "next_deal_url": reverse("scorekeeping:deal_new", kwargs={"slug": slug, "pk": sitting.pk})
            if can_enter and sitting.takes_deals
            else None,
            # once closed, the sheet shows the evening's money (templates/ledger/_sitting_money.html)
            "money": money,
            "transfers": _transfers(sitting, sheet, money, reader, access) if money else None,
        },
    )


def _transfers(sitting: Sitting, sheet: dict[str, Any], money: Any, reader: Names, access: Access) -> Any:
    """The evening's who-pays-whom with what of it is marked paid (``scoring.ledger.paid``), and
    for an admin the buttons that mark it."""
    listed = TransferList(sitting_id=sitting.pk)
    ids = dict(zip(sheet["players"], sheet["player_ids"], strict=True))
    lines = settled(money.transfers, ids, payments_in(sitting.club, listed), reader, money.kasse)
    return shown_transfers(listed, lines, access.administers, member=access.role is not None)


def _money(sitting: Sitting, sheet: dict[str, Any]) -> Any:
    """The evening's money, from the totals and pots the sheet read."""
    names = sheet["players"]
    result = {"players": names, "totals": dict(zip(names, sheet["totals"], strict=True)), "pots": dict(sheet["pots"])}
    return sheet_money(sitting, result, dict(zip(names, sheet["player_ids"], strict=True)), kasse=_(KASSE))


@require_GET
@club_view
def deal(request: HttpRequest, slug: str, pk: int, number: int) -> HttpResponse:
    """One deal: its scores, its breakdown (why), and every revision with who, when and why."""
    sitting, access = get_sitting_for_user(request, slug, pk)
    can_correct = access.administers or (access.scores and not sitting.is_closed)

    def correct_url(n: int) -> str:
        return reverse("scorekeeping:deal_correct", kwargs={"slug": slug, "pk": sitting.pk, "number": n})

    context = deal_context(sitting, number, correct_url if can_correct else None, names_for(sitting.club, access))
    if context is None:
        raise Http404("no such deal")
    return render(
        request,
        "sittings/deal.html",
        {**context, "club": sitting.club, "back": sitting.get_absolute_url(), "base": "club_base.html"},
    )


@require_GET
@club_view
def scores_json(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    """The ``score`` output document of a sitting, from the stored rows (no rescoring)."""
    sitting, access = get_sitting_for_user(request, slug, pk)
    document = stored_result(sitting, reader=names_for(sitting.club, access))
    return JsonResponse(document, json_dumps_params={"ensure_ascii": False})


def _filename(sitting: Sitting) -> str:
    return f"{sitting.club.slug}-{sitting.date.isoformat()}-{sitting.pk}"


@require_GET
@club_view
def export_xlsx(request: HttpRequest, slug: str, pk: int) -> HttpResponseBase:
    """The sitting's workbook: Deals, Items, Breakdown, Totals, House rules."""
    sitting, access = get_sitting_for_user(request, slug, pk)
    currency = LedgerSettings.of(sitting.club).currency
    sheets = sitting_sheets(sitting, currency, names_for(sitting.club, access))
    return workbook_response(sheets, _filename(sitting), heading=f"{sitting.club} · {sitting}")


@require_GET
@club_view
def export_csv(request: HttpRequest, slug: str, pk: int) -> HttpResponseBase:
    """The Deals sheet of the sitting's workbook as a CSV."""
    sitting, access = get_sitting_for_user(request, slug, pk)
    sheets = sitting_sheets(sitting, LedgerSettings.of(sitting.club).currency, names_for(sitting.club, access))
    return csv_response(sheets[0], _filename(sitting))


@require_GET
@club_view
def score_sheet(request: HttpRequest, slug: str, pk: int) -> HttpResponseBase:
    """A blank score sheet for the next deals of the sitting, to print and fill in."""
    sitting, access = get_sitting_for_user(request, slug, pk)
    sheet = blank_sheet(sitting, reader=names_for(sitting.club, access))
    return workbook_response([sheet], _score_sheet_filename(sitting))


@require_GET
@club_view
def score_sheet_csv(request: HttpRequest, slug: str, pk: int) -> HttpResponseBase:
    """The blank score sheet as a CSV."""
    sitting, access = get_sitting_for_user(request, slug, pk)
    return csv_response(blank_sheet(sitting, reader=names_for(sitting.club, access)), _score_sheet_filename(sitting))


def _score_sheet_filename(sitting: Sitting) -> str:
    return f"{_filename(sitting)}-{_('score-sheet')}"


@require_http_methods(["GET", "POST"])
@club_view
def sitting_import(request: HttpRequest, slug: str) -> HttpResponse:
    """A sitting from its workbook (or a sitting document), all or nothing. Only a club admin's
    import adds the players the club does not know yet, and only once he has confirmed them: the
    upload lists them with a button that finishes the import (``ConfirmImportForm``), and nothing
    is stored before. A sitting the site has already is refused unless imported as a new one."""
    club, access = get_club_for_user(request, slug, Role.SCOREKEEPER)
    confirming = request.method == "POST" and "document" in request.POST
    user = request.user.pk
    form: SittingImportForm | ConfirmImportForm = (
        ConfirmImportForm(request.POST, initial={"key": new_key()}, club=club.pk, user=user)
        if confirming
        else SittingImportForm(request.POST or None, request.FILES or None, initial={"key": new_key()})
    )
    problems: list[str] = []
    adding: ConfirmImportForm | None = None
    names: list[str] = []
    if request.method == "POST" and form.is_valid():
        key, as_new = form.cleaned_data["key"], form.cleaned_data["as_new"]
        doc: object = None
        try:
            doc, confirmed = _document_of(form)
            sitting = import_sitting(
                club,
                doc,
                user=request.user,
                key=key,
                new_players=access.administers,
                confirmed=confirmed,
                as_new=as_new,
            )
        except Refusal as refusal:
            problems = lines(refusal)
        except NewPlayers as new:
            names, adding = new.names, ConfirmImportForm.of(key, doc, new.names, as_new, club=club.pk, user=user)
        else:
            messages.success(request, _("The sitting is imported."))
            return redirect(sitting.get_absolute_url())
    elif confirming:
        problems = [str(error) for errors in form.errors.values() for error in errors]
    if confirming or adding:  # the next try is a new upload, with a key of its own
        form = SittingImportForm(initial={"key": new_key()})
    games = variant_choices()
    context = {"club": club, "form": form, "problems": problems, "games": games, "adding": adding, "names": names}
    return render(request, "sittings/import.html", context)


def _document_of(form: SittingImportForm | ConfirmImportForm) -> tuple[object, list[str]]:
    """The document to import and the new players confirmed for it: read from the upload (nobody
    confirmed yet), or as the confirmation carries them."""
    if isinstance(form, ConfirmImportForm):
        document: tuple[object, list[str]] = form.cleaned_data["document"]
        return document
    return read_sitting_file(form.cleaned_data["file"].read(), max_bytes=settings.TAROKCLUB_UPLOAD_MAX_BYTES), []


@require_GET
@club_view
def import_template(request: HttpRequest, slug: str, variant: str) -> HttpResponseBase:
    """An empty workbook in the import's layout, for a sitting typed in by hand."""
    club, _access = get_club_for_user(request, slug)
    if variant not in VARIANTS:
        raise Http404("no such game")
    return workbook_response(template_sheets(VARIANTS[variant]), f"{club.slug}-{variant}-{_('sitting')}")
