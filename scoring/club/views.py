"""The club's pages: its home, players, members and settings. Plain function views; clubs are
fetched through ``scoring.access``. Every page works without JavaScript; reads are GET, writes
are POST with a redirect after."""

from __future__ import annotations

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseBadRequest
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from scoring.access import Role, check_superuser, club_view, clubs_for_user, get_club_for_user, sittings_for_user
from scoring.accounts.passwords import may_reset, reset_link, resettable
from scoring.club.forms import ClubSettingsForm, MembershipForm, NewClubForm, PlayerForm, RoleForm, UploadForm
from scoring.club.models import Club, Membership, Player
from scoring.club.names import names_for
from scoring.club.services import (
    add_member,
    create_club,
    import_players,
    remove_member,
    save_player,
    set_member,
    set_member_player,
    update_club,
)
from scoring.engine.refusal import Refusal
from scoring.limits import DAMAGED, whole_number
from scoring.refusals import add_to_form, line, shown, tell_refused
from scoring.submissions import KeyedForm, new_key, tell


@require_GET
def home(request: HttpRequest) -> HttpResponse:
    """The user's clubs, and the public ones."""
    mine = clubs_for_user(request.user).order_by("name")
    public = Club.objects.filter(public=True).exclude(pk__in=mine.values("pk")).order_by("name")
    return render(request, "club/home.html", {"clubs": mine, "public_clubs": public})


@require_GET
@club_view
def detail(request: HttpRequest, slug: str) -> HttpResponse:
    club, access = get_club_for_user(request, slug)
    names = names_for(club, access)
    recent = [
        (sitting, ", ".join(names(seat.player) for seat in sitting.seats.all()))
        for sitting in sittings_for_user(club, access)[:5]
    ]
    return render(
        request,
        "club/club.html",
        {
            "club": club,
            "access": access,
            "recent": recent,
            "player_count": club.players.filter(active=True).count(),
        },
    )


@require_GET
@club_view
def players(request: HttpRequest, slug: str) -> HttpResponse:
    club, access = get_club_for_user(request, slug)
    names = names_for(club, access)
    listed = [(player, names(player)) for player in club.players.order_by("-active", "display_name")]
    if names.hidden:  # in the order of the names shown, not of the names behind the initials
        listed.sort(key=lambda entry: (not entry[0].active, entry[1].casefold()))
    return render(request, "club/players.html", {"club": club, "access": access, "players": listed})


@require_http_methods(["GET", "POST"])
@club_view
def player_add(request: HttpRequest, slug: str) -> HttpResponse:
    club, _access = get_club_for_user(request, slug, Role.ADMIN)
    form = PlayerForm(request.POST or None, club=club, initial={"key": new_key()})
    if request.method == "POST" and form.is_valid():
        try:
            done = save_player(club, **form.cleaned_data)
        except Refusal as refusal:
            add_to_form(form, refusal, "display_name")
        else:
            name = done.result.display_name if done.result else ""
            tell(
                request, done, _("%(name)s added.") % {"name": name}, _("%(name)s was already added.") % {"name": name}
            )
            return redirect("club:players", slug=club.slug)
    return render(request, "club/player_form.html", {"club": club, "form": form, "player": None})


@require_http_methods(["GET", "POST"])
@club_view
def player_edit(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    club, _access = get_club_for_user(request, slug, Role.ADMIN)
    player = get_object_or_404(Player, pk=pk, club=club)
    initial = {"display_name": player.display_name, "active": player.active, "initials_only": player.initials_only}
    form = PlayerForm(request.POST or None, initial=initial, club=club, player=player)
    if request.method == "POST" and form.is_valid():
        try:
            save_player(club, player=player, **form.cleaned_data)
        except Refusal as refusal:
            add_to_form(form, refusal, "display_name")
        else:
            messages.success(request, _("%(name)s saved.") % {"name": player.display_name})
            return redirect("club:players", slug=club.slug)
    return render(request, "club/player_form.html", {"club": club, "form": form, "player": player})


@require_POST
@club_view
def player_deactivate(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    """An inactive player keeps every score but is no longer offered for new sittings."""
    club, _access = get_club_for_user(request, slug, Role.ADMIN)
    player = get_object_or_404(Player, pk=pk, club=club)
    save_player(club, player=player, display_name=player.display_name, active=False, initials_only=player.initials_only)
    messages.success(request, _("%(name)s is no longer active.") % {"name": player.display_name})
    return redirect("club:players", slug=club.slug)


@require_http_methods(["GET", "POST"])
@club_view
def members(request: HttpRequest, slug: str) -> HttpResponse:
    club, _access = get_club_for_user(request, slug, Role.ADMIN)
    form = MembershipForm(request.POST or None, club=club, initial={"key": new_key()})
    if request.method == "POST" and form.is_valid():
        try:
            done = add_member(club, **form.cleaned_data)
        except Refusal as refusal:
            add_to_form(form, refusal, "username")
        else:
            name = done.result.user.get_username() if done.result else ""
            said = _("%(name)s is now a member.") % {"name": name}
            tell(request, done, said, _("%(name)s was already added.") % {"name": name})
            return redirect("club:members", slug=club.slug)
    memberships = club.memberships.select_related("user").order_by("user__username")
    players = list(club.players.order_by("display_name").values_list("pk", "display_name"))
    others = resettable(request.user, club) - {request.user.pk}
    return render(
        request,
        "club/members.html",
        {
            "club": club,
            "form": form,
            "members": [(m, RoleForm(initial={"role": m.role})) for m in memberships],
            "resettable": others,
            "players": players,
        },
    )


@require_POST
@club_view
def member_role(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    club, _access = get_club_for_user(request, slug, Role.ADMIN)
    membership = get_object_or_404(Membership.objects.select_related("user"), pk=pk, club=club)
    form = RoleForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("Choose one of the roles."))
        return redirect("club:members", slug=club.slug)
    try:
        set_member(club, username=membership.user.get_username(), role=form.cleaned_data["role"])
    except Refusal as refusal:
        tell_refused(request, refusal)
    else:
        messages.success(request, _("Role of %(name)s changed.") % {"name": membership.user.get_username()})
    return redirect("club:members", slug=club.slug)


@require_POST
@club_view
def member_player(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    """Say which of the club's players a member is (he sees his own rating), or none."""
    club, _access = get_club_for_user(request, slug, Role.ADMIN)
    membership = get_object_or_404(Membership.objects.select_related("user"), pk=pk, club=club)
    text = request.POST.get("player", "")
    chosen = whole_number(text) if text else None
    if text and (chosen is None or not club.players.filter(pk=chosen).exists()):
        messages.error(request, _("Choose one of the club's players."))
        return redirect("club:members", slug=club.slug)
    done = set_member_player(club, membership.pk, chosen)
    name = membership.user.get_username()
    if done.player is None:
        messages.success(request, _("%(name)s is no player of the club now.") % {"name": name})
    else:
        said = _("%(name)s is the player %(player)s now.")
        messages.success(request, said % {"name": name, "player": done.player.display_name})
    return redirect("club:members", slug=club.slug)


@require_POST
@club_view
def member_remove(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    club, _access = get_club_for_user(request, slug, Role.ADMIN)
    form = KeyedForm(request.POST)
    if not form.is_valid():
        return HttpResponseBadRequest(shown(DAMAGED))
    membership = club.memberships.select_related("user").filter(pk=pk).first()
    if membership is not None and membership.user == request.user:
        messages.error(request, _("You cannot remove yourself; ask another club admin."))
        return redirect("club:members", slug=club.slug)
    try:
        done = remove_member(club, pk, key=form.cleaned_data["key"])
    except Membership.DoesNotExist:
        raise Http404("no such member of this club") from None
    except Refusal as refusal:
        tell_refused(request, refusal)
    else:
        name = membership.user.get_username() if membership else ""
        tell(request, done, _("%(name)s removed.") % {"name": name}, _("That member was already removed."))
    return redirect("club:members", slug=club.slug)


@require_POST
@club_view
def member_reset_password(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    """A one-time link at which the member chooses a new password, for the admin to hand him (the
    site sends no e-mail). The old password holds until the new one is chosen."""
    club, _access = get_club_for_user(request, slug, Role.ADMIN)
    membership = get_object_or_404(Membership.objects.select_related("user"), pk=pk, club=club)
    if not KeyedForm(request.POST).is_valid():
        return HttpResponseBadRequest(shown(DAMAGED))
    member = membership.user
    if not may_reset(request.user, member, club):
        said = _("%(name)s is a member of other clubs too: ask a superuser to reset his password.")
        messages.error(request, said % {"name": member.get_username()})
        return redirect("club:members", slug=club.slug)
    link = reset_link(request, member)
    return render(request, "club/reset_link.html", {"club": club, "member": member, "link": link})


@require_http_methods(["GET", "POST"])
@club_view
def club_new(request: HttpRequest) -> HttpResponse:
    """A new club and its first club admin, made by a superuser."""
    check_superuser(request)
    form = NewClubForm(request.POST or None, initial={"key": new_key()})
    if request.method == "POST" and form.is_valid():
        try:
            done = create_club(**form.cleaned_data)
        except Refusal as refusal:
            add_to_form(form, refusal)
        else:
            assert done.result is not None
            club = done.result
            said = _("%(club)s made; %(name)s is its club admin. Add its members here.")
            names = {"club": club.name, "name": form.cleaned_data["admin"]}
            tell(request, done, said % names, _("%(club)s was made already.") % names)
            return redirect("club:members", slug=club.slug)
    return render(request, "club/new.html", {"form": form})


@require_http_methods(["GET", "POST"])
@club_view
def club_settings(request: HttpRequest, slug: str) -> HttpResponse:
    club, _access = get_club_for_user(request, slug, Role.ADMIN)
    form = ClubSettingsForm(request.POST or None, club=club)
    if request.method == "POST" and form.is_valid():
        update_club(
            club,
            name=form.cleaned_data["name"],
            public=form.cleaned_data["public"],
            tariffs=form.tariffs(),
            default_options=form.default_options(),
            confirm_deals=form.cleaned_data["confirm_deals"],
            ratings_published=form.cleaned_data["ratings_published"],
        )
        messages.success(request, _("Settings saved."))
        return redirect("club:detail", slug=club.slug)
    return render(request, "club/settings.html", {"club": club, "form": form})


@require_http_methods(["GET", "POST"])
@club_view
def players_import(request: HttpRequest, slug: str) -> HttpResponse:
    """A list of names (a workbook or a CSV, one name a row): new ones are added, known ones left."""
    club, _access = get_club_for_user(request, slug, Role.ADMIN)
    form = UploadForm(request.POST or None, request.FILES or None, initial={"key": new_key()})
    problems: list[str] = []
    if request.method == "POST" and form.is_valid():
        try:
            names = form.name_list()
            done = import_players(club, names, key=form.cleaned_data["key"])
        except Refusal as refusal:
            problems = [line(problem) for problem in refusal.problems]
        else:
            messages.success(
                request,
                _("%(added)s players added, %(known)s already known.")
                % {"added": len(done.added), "known": len(done.known)},
            )
            return redirect("club:players", slug=club.slug)
    return render(request, "club/players_import.html", {"club": club, "form": form, "problems": problems})
