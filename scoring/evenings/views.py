"""Tonight's pages: choose the game, check in, see and adjust the proposal, start the tables,
print the seating, and the next tables; and the club's groups of players, which every proposal
places apart or together. Every page is a scorekeeper's (club admins too): the
seating names players, and it is the scorekeeper who runs the evening.

Every write posts its one-time key and comes back to the evening's page; a refusal comes back as
an error message there, in the page's language, and changes nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from scoring.access import Access, Role, club_view, get_club_for_user
from scoring.club.models import Club, Player, variant_choices
from scoring.club.names import names_for
from scoring.engine import VARIANTS, Refusal
from scoring.evenings import services
from scoring.evenings.forms import CheckInForm, GroupForm, GuestForm, SwapForm
from scoring.evenings.models import Evening, PlayerGroup
from scoring.evenings.seating import seating
from scoring.refusals import add_to_form, tell_form_errors, tell_refused
from scoring.submissions import KeyedForm, new_key


def _club_and_game(request: HttpRequest, slug: str, variant: str) -> tuple[Club, Access]:
    """The club, if the user may run its evenings, and his access; a game it does not know is 404."""
    club, access = get_club_for_user(request, slug, Role.SCOREKEEPER)
    if variant not in VARIANTS:
        raise Http404("no such game")
    return club, access


def _tonight(club: Club, variant: str) -> Evening | None:
    return Evening.objects.filter(club=club, variant=variant, date=timezone.localdate()).first()


def _evening_or_404(club: Club, variant: str) -> Evening:
    evening = _tonight(club, variant)
    if evening is None:
        raise Http404("nobody is checked in tonight")
    return evening


@require_GET
@club_view
def choose_game(request: HttpRequest, slug: str) -> HttpResponse:
    club, _access = get_club_for_user(request, slug, Role.SCOREKEEPER)
    return render(request, "evenings/choose_game.html", {"club": club, "games": variant_choices()})


@require_GET
@club_view
def evening(request: HttpRequest, slug: str, variant: str) -> HttpResponse:
    """Check-in, and the open or started round's tables with their repeats."""
    club, access = _club_and_game(request, slug, variant)
    tonight = _tonight(club, variant)
    present = list(tonight.present.values_list("pk", flat=True)) if tonight else []
    size = tonight.table_size if tonight else services.preferred_size(club, variant)
    initial = {"players": present, "key": new_key(), "table_size": size}
    round_ = services.current_round(tonight) if tonight else None
    shown = seating(tonight, round_, names_for(club, access)) if tonight and round_ else None
    open_sittings = round_.sittings.filter(closed_at__isnull=True).count() if round_ and round_.started else 0
    return render(
        request,
        "evenings/evening.html",
        {
            "club": club,
            "variant": variant,
            "variant_name": _(VARIANTS[variant].name),
            "evening": tonight,
            # the page's forms each name their controls' ids apart (one key each, one id each)
            "check_in": CheckInForm(
                club=club, variant=variant, present=present, initial=initial, auto_id="check_in_%s"
            ),
            "guest": GuestForm(initial={"key": new_key()}, auto_id="guest_%s"),
            "seating": shown,
            "swap": SwapForm(players=shown.players, initial={"key": new_key()}, auto_id="swap_%s") if shown else None,
            "keyed": KeyedForm(initial={"key": new_key()}, auto_id=False),
            "sittings": round_.sittings.order_by("pk") if round_ and round_.started else [],
            "open_sittings": open_sittings,
            "fewest_players": services.fewest_players_of(variant),
        },
    )


def _posted(
    request: HttpRequest,
    slug: str,
    variant: str,
    form: KeyedForm,
    act: Callable[[], Any],
    done: str | Callable[[Any], str],
) -> HttpResponse:
    """Carry out a posted form's write; back to the evening's page with what it did (``done``,
    or what ``done`` says of the write's result) or why not."""
    if not form.is_valid():
        tell_form_errors(request, form)
    else:
        try:
            result = act()
        except Refusal as refusal:
            tell_refused(request, refusal)
        else:
            messages.success(request, done if isinstance(done, str) else done(result))
    return redirect("tonight:evening", slug=slug, variant=variant)


def _keyed(request: HttpRequest, slug: str, variant: str, write: Callable[..., object], done: str) -> HttpResponse:
    """A write of tonight's evening whose form posts nothing but its one-time key."""
    tonight = _evening_or_404(_club_and_game(request, slug, variant)[0], variant)
    form = KeyedForm(request.POST)
    return _posted(request, slug, variant, form, lambda: write(tonight, key=form.cleaned_data["key"]), done)


@require_POST
@club_view
def check_in(request: HttpRequest, slug: str, variant: str) -> HttpResponse:
    club, _access = _club_and_game(request, slug, variant)
    tonight = _tonight(club, variant)
    present = list(tonight.present.values_list("pk", flat=True)) if tonight else []
    form = CheckInForm(request.POST, club=club, variant=variant, present=present)
    return _posted(
        request,
        slug,
        variant,
        form,
        lambda: services.check_in(
            club,
            variant,
            list(form.cleaned_data["players"]),
            table_size=form.cleaned_data.get("table_size"),
            user=request.user,
            key=form.cleaned_data["key"],
        ),
        _("Check-in saved."),
    )


@require_POST
@club_view
def guest(request: HttpRequest, slug: str, variant: str) -> HttpResponse:
    club, _access = _club_and_game(request, slug, variant)
    form = GuestForm(request.POST)
    return _posted(
        request,
        slug,
        variant,
        form,
        lambda: services.add_guest(
            club, variant, form.cleaned_data["display_name"], user=request.user, key=form.cleaned_data["key"]
        ),
        _checked_in_guest,
    )


def _checked_in_guest(guest: Player) -> str:
    """What the guest form did, by name: a new player checked in, or one back after a break."""
    return _("{name} is checked in.").format(name=guest.display_name)


@require_POST
@club_view
def again(request: HttpRequest, slug: str, variant: str) -> HttpResponse:
    return _keyed(request, slug, variant, services.propose_again, _("Here is another proposal."))


@require_POST
@club_view
def swap(request: HttpRequest, slug: str, variant: str) -> HttpResponse:
    tonight = _evening_or_404(_club_and_game(request, slug, variant)[0], variant)
    form = SwapForm(request.POST, players=[])

    def act() -> object:
        data = form.cleaned_data
        return services.swap(tonight, data["a"], data["b"], key=data["key"])

    return _posted(request, slug, variant, form, act, _("The two players have changed places."))


@require_POST
@club_view
def start(request: HttpRequest, slug: str, variant: str) -> HttpResponse:
    def write(tonight: Evening, key: str) -> object:
        return services.start_tables(tonight, user=request.user, key=key)

    return _keyed(request, slug, variant, write, _("Tonight's tables have started."))


@require_POST
@club_view
def next_tables(request: HttpRequest, slug: str, variant: str) -> HttpResponse:
    return _keyed(request, slug, variant, services.next_tables, _("Here are the next tables."))


@require_GET
@club_view
def print_seating(request: HttpRequest, slug: str, variant: str) -> HttpResponse:
    """The round's seating on A4, names large: one card per table."""
    club, access = _club_and_game(request, slug, variant)
    tonight = _evening_or_404(club, variant)
    round_ = services.current_round(tonight)
    if round_ is None:
        raise Http404("no tables tonight")
    return render(
        request,
        "evenings/print.html",
        {
            "club": club,
            "variant": variant,
            "variant_name": _(VARIANTS[variant].name),
            "evening": tonight,
            "seating": seating(tonight, round_, names_for(club, access)),
        },
    )


@require_http_methods(["GET", "POST"])
@club_view
def groups(request: HttpRequest, slug: str) -> HttpResponse:
    """The club's groups of players, and a form to add one."""
    club, access = get_club_for_user(request, slug, Role.SCOREKEEPER)
    form = _group_form(request, club, None)
    if isinstance(form, HttpResponse):
        return form
    names = names_for(club, access)
    listed = [
        (group, ", ".join(sorted((names(p) for p in group.members.all()), key=str.casefold)))
        for group in PlayerGroup.objects.filter(club=club).prefetch_related("members")
    ]
    return render(request, "evenings/groups.html", {"club": club, "groups": listed, "form": form})


@require_http_methods(["GET", "POST"])
@club_view
def group_edit(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    club, _access = get_club_for_user(request, slug, Role.SCOREKEEPER)
    group = get_object_or_404(PlayerGroup, pk=pk, club=club)
    form = _group_form(request, club, group)
    if isinstance(form, HttpResponse):
        return form
    deleting = KeyedForm(initial={"key": new_key()}, auto_id=False)
    return render(request, "evenings/group_form.html", {"club": club, "group": group, "form": form, "delete": deleting})


@require_POST
@club_view
def group_delete(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    """Delete the group; sent again (a double tap, a reload), the group is gone already and the
    page says so rather than answering "not found"."""
    club, _access = get_club_for_user(request, slug, Role.SCOREKEEPER)
    group = PlayerGroup.objects.filter(pk=pk, club=club).first()
    form = KeyedForm(request.POST)
    if group is None:
        messages.info(request, _("The group is gone already."))
    elif form.is_valid():
        services.delete_group(group, key=form.cleaned_data["key"])
        messages.success(request, _("The group %(name)s is gone.") % {"name": group.name})
    else:
        tell_form_errors(request, form)
    return redirect("tonight:groups", slug=slug)


def _group_form(request: HttpRequest, club: Club, group: PlayerGroup | None) -> GroupForm | HttpResponse:
    """The group's form, or, once a posted one is saved, the way back to the groups page."""
    members = [p.pk for p in group.members.all()] if group else []
    initial: dict[str, object] = {"key": new_key(), "members": members}
    if group is not None:
        initial |= {"name": group.name, "together": group.together}
    form = GroupForm(request.POST or None, club=club, members=members, initial=initial)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            saved = services.save_group(
                club,
                name=data["name"],
                together=data["together"],
                members=list(data["members"]),
                group=group,
                key=data["key"],
            )
        except Refusal as refusal:
            add_to_form(form, refusal, "name")
        else:
            messages.success(request, _("The group %(name)s is saved.") % {"name": saved.name})
            return redirect("tonight:groups", slug=club.slug)
    return form
