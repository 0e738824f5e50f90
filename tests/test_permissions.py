"""Who may open which page: every named URL, every persona, a private and a public club.

A new URL without a row here fails ``test_every_named_url_has_a_row``. Refused writes must
change nothing.
"""

from __future__ import annotations

import datetime
import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest
from django.apps import apps
from django.contrib.auth.models import User
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import get_resolver, reverse

from scoring.club.models import Club, Membership
from scoring.evenings.services import check_in, save_group
from scoring.ledger.services import add_season
from scoring.sittings.services import import_sitting, record_deal
from scoring.tournaments.services import draw_round, publish_round

from .deal_posts import post_data
from .factories import golden, make_club, make_member, make_user
from .tournaments.helpers import make_tournament

PERSONAS = ["anonymous", "outsider", "viewer", "scorekeeper", "admin"]


@dataclass(frozen=True)
class Row:
    """A URL: how to call it, and who it is for (``anyone``, ``signed_in``, ``superuser``,
    ``read`` or a role to write); ``answers`` what it answers those it is for, where that is not
    200 for a read and 302 after a write."""

    name: str
    method: str
    access: str
    kwargs: Callable[[dict[str, Any]], dict[str, Any]] = lambda world: {}
    data: Callable[[dict[str, Any]], dict[str, Any]] = lambda world: {}
    answers: int | None = None


def club_kwargs(world: dict[str, Any]) -> dict[str, Any]:
    return {"slug": world["club"].slug}


def sitting_kwargs(world: dict[str, Any]) -> dict[str, Any]:
    return {"slug": world["club"].slug, "pk": world["sitting"].pk}


PLAYERS = ["Anna", "Bernd", "Carla"]
NEW_PASSWORD = "Pagat-ultimo-1754"
NEXT_DEAL = {"dealer": "Anna", "card_points": {"Anna": 30, "Bernd": 30, "Carla": 18}}


def start_data(world: dict[str, Any]) -> dict[str, Any]:
    players = world["club"].players.order_by("display_name")
    seats = {f"seat_{i}": p.pk for i, p in enumerate(players[:2], start=1)}
    return {"variant": "kosakeln", "date": "2026-11-29", **seats}


def settings_data(world: dict[str, Any]) -> dict[str, Any]:
    from scoring.club.forms import ClubSettingsForm

    form = ClubSettingsForm(club=world["club"])
    data = {name: field.initial for name, field in form.fields.items()}
    data.update(name="Renamed club", public="")
    return {k: v for k, v in data.items() if v is not False and v is not None}  # 0 is sent, an unticked box is not


NEW_TOURNAMENT = {
    "variant": "kosakeln",
    "name": "Herbstturnier",
    "date": "2026-11-14",
    "rounds": "3",
    "deals_per_dealer": "2",
    "preferred_size": "2",
    "scoring": "game_points",
    "tiebreak_0": "table_wins",
    "tiebreak_1": "lot",
    "bye_points": "0",
    "missed_round_points": "0",
}


def tonight_kwargs(world: dict[str, Any]) -> dict[str, Any]:
    return {"slug": world["club"].slug, "variant": "kosakeln"}


def group_kwargs(world: dict[str, Any]) -> dict[str, Any]:
    return {"slug": world["club"].slug, "pk": world["group"].pk}


def group_data(world: dict[str, Any]) -> dict[str, Any]:
    return {"name": "Familie", "together": "False", "members": [p.pk for p in world["club"].players.all()[:2]]}


def swap_data(world: dict[str, Any]) -> dict[str, Any]:
    first, second = world["evening"].rounds.get().tables[0]
    return {"a": first, "b": second}


def tournament_kwargs(world: dict[str, Any]) -> dict[str, Any]:
    return {"slug": world["club"].slug, "pk": world["tournament"].pk}


def round_kwargs(world: dict[str, Any]) -> dict[str, Any]:
    return {**tournament_kwargs(world), "number": 1}


def table_kwargs(world: dict[str, Any]) -> dict[str, Any]:
    return {**tournament_kwargs(world), "table": world["table"].pk}


ROWS = [
    Row("home", "get", "anyone"),
    Row("login", "get", "anyone"),
    Row("manifest", "get", "anyone"),
    Row("logout", "post", "anyone"),
    Row("set_language", "post", "anyone", data=lambda w: {"language": "de", "next": "/"}),
    Row("password_change", "get", "signed_in"),
    Row(
        "password_change",
        "post",
        "signed_in",
        data=lambda w: {"old_password": "tarock-1754", "new_password1": NEW_PASSWORD, "new_password2": NEW_PASSWORD},
    ),
    Row("password_change_done", "get", "signed_in"),
    Row("password_reset_confirm", "get", "anyone", lambda w: {"uidb64": "MQ", "token": "not-a-token"}),
    Row("password_reset_complete", "get", "anyone"),
    Row("club_new", "get", "superuser"),
    Row("club_new", "post", "superuser", data=lambda w: {"name": "Neuer Klub", "admin": "admin"}),
    Row("club:detail", "get", "read", club_kwargs),
    Row("club:players", "get", "read", club_kwargs),
    Row("sittings:list", "get", "read", club_kwargs),
    Row("sittings:detail", "get", "read", sitting_kwargs),
    Row("sittings:deal", "get", "read", lambda w: {**sitting_kwargs(w), "number": 1}),
    Row("sittings:scores_json", "get", "read", sitting_kwargs),
    Row("club:player_add", "get", "admin", club_kwargs),
    Row("club:player_add", "post", "admin", club_kwargs, lambda w: {"display_name": "Zoe", "active": "on"}),
    Row("club:player_edit", "get", "admin", lambda w: {**club_kwargs(w), "pk": w["player"].pk}),
    Row(
        "club:player_edit",
        "post",
        "admin",
        lambda w: {**club_kwargs(w), "pk": w["player"].pk},
        lambda w: {"display_name": "Annerl"},
    ),
    Row("club:player_deactivate", "post", "admin", lambda w: {**club_kwargs(w), "pk": w["player"].pk}),
    Row("club:members", "get", "admin", club_kwargs),
    Row(
        "club:members",
        "post",
        "admin",
        club_kwargs,
        lambda w: {"username": "newbie", "role": "viewer", "password": "a-long-enough-secret-1754"},
    ),
    Row(
        "club:member_role",
        "post",
        "admin",
        lambda w: {**club_kwargs(w), "pk": w["target"].pk},
        lambda w: {"role": "admin"},
    ),
    Row(
        "club:member_player",
        "post",
        "admin",
        lambda w: {**club_kwargs(w), "pk": w["target"].pk},
        lambda w: {"player": w["player"].pk},
    ),
    Row("club:member_remove", "post", "admin", lambda w: {**club_kwargs(w), "pk": w["target"].pk}),
    Row(
        "club:member_reset_password",
        "post",
        "admin",
        lambda w: {**club_kwargs(w), "pk": w["target"].pk},
        answers=200,  # the page with the one-time link
    ),
    Row("club:settings", "get", "admin", club_kwargs),
    Row("club:settings", "post", "admin", club_kwargs, settings_data),
    Row("scorekeeping:start", "get", "scorekeeper", club_kwargs),
    Row("scorekeeping:start", "post", "scorekeeper", club_kwargs, lambda w: start_data(w)),
    Row("scorekeeping:deal_new", "get", "scorekeeper", sitting_kwargs),
    Row(
        "scorekeeping:deal_new",
        "post",
        "scorekeeper",
        sitting_kwargs,
        lambda w: post_data("danish_tarok", NEXT_DEAL, PLAYERS),
    ),
    Row("scorekeeping:deal_correct", "get", "scorekeeper", lambda w: {**sitting_kwargs(w), "number": 1}),
    Row(
        "scorekeeping:deal_correct",
        "post",
        "scorekeeper",
        lambda w: {**sitting_kwargs(w), "number": 1},
        lambda w: post_data("danish_tarok", NEXT_DEAL, PLAYERS, reason="recounted"),
    ),
    # a deal of a sitting that does not confirm its deals is confirmed already: back to the sheet
    Row("scorekeeping:deal_confirm", "get", "scorekeeper", lambda w: {**sitting_kwargs(w), "number": 1}, answers=302),
    Row(
        "scorekeeping:deal_confirm",
        "post",
        "scorekeeper",
        lambda w: {**sitting_kwargs(w), "number": 1},
        lambda w: {"revision": "1", "figure": "40"},
    ),
    Row("scorekeeping:deal_undo", "post", "scorekeeper", sitting_kwargs, lambda w: {"reason": "dealt twice"}),
    Row("sittings:export_xlsx", "get", "read", sitting_kwargs),
    Row("sittings:export_csv", "get", "read", sitting_kwargs),
    Row("sittings:score_sheet", "get", "read", sitting_kwargs),
    Row("sittings:score_sheet_csv", "get", "read", sitting_kwargs),
    Row("sittings:import_template", "get", "read", lambda w: {**club_kwargs(w), "variant": "kosakeln"}),
    Row("sittings:import", "get", "scorekeeper", club_kwargs),
    Row("sittings:import", "post", "scorekeeper", club_kwargs, lambda w: {"file": upload("sitting.json", SITTING)}),
    Row("club:players_import", "get", "admin", club_kwargs),
    Row("club:players_import", "post", "admin", club_kwargs, lambda w: {"file": upload("players.csv", "Name\nZoe\n")}),
    Row("scorekeeping:close", "post", "scorekeeper", sitting_kwargs),
    Row("tournaments:list", "get", "read", club_kwargs),
    Row("tournaments:new", "get", "scorekeeper", club_kwargs),
    Row("tournaments:new", "post", "scorekeeper", club_kwargs, lambda w: NEW_TOURNAMENT),
    Row("tournaments:detail", "get", "read", tournament_kwargs),
    Row("tournaments:standings", "get", "read", tournament_kwargs),
    Row("tournaments:standings_json", "get", "read", tournament_kwargs),
    Row("tournaments:screen", "get", "read", tournament_kwargs),
    Row("tournaments:screen_json", "get", "read", tournament_kwargs),
    Row("tournaments:export_xlsx", "get", "read", tournament_kwargs),
    Row("tournaments:export_csv", "get", "read", tournament_kwargs),
    Row("tournaments:export_json", "get", "scorekeeper", tournament_kwargs),
    Row("tournaments:entrant_add", "post", "scorekeeper", tournament_kwargs, lambda w: {"name": "Zita"}),
    Row("tournaments:entrants_import", "get", "scorekeeper", tournament_kwargs),
    Row(
        "tournaments:entrants_import",
        "post",
        "scorekeeper",
        tournament_kwargs,
        lambda w: {"file": upload("entrants.csv", "Name\nZita\n")},
    ),
    Row(
        "tournaments:entrant_state",
        "post",
        "scorekeeper",
        lambda w: {**tournament_kwargs(w), "entrant": w["entrant"].pk},
        lambda w: {"state": "withdrawn"},
    ),
    Row("tournaments:entrants_all", "get", "scorekeeper", tournament_kwargs),
    Row("tournaments:entrants_all", "post", "scorekeeper", tournament_kwargs, lambda w: {"players": []}, answers=200),
    Row(
        "tournaments:entrant_remove",
        "post",
        "scorekeeper",
        lambda w: {**tournament_kwargs(w), "entrant": w["entrant"].pk},
    ),
    Row("tournaments:settings", "get", "scorekeeper", tournament_kwargs),
    Row("tournaments:import", "get", "admin", club_kwargs),
    Row(
        "tournaments:import",
        "post",
        "admin",
        club_kwargs,
        lambda w: {"file": upload("tournament.json", "{}")},
        answers=200,
    ),
    Row("tournaments:draw", "post", "scorekeeper", tournament_kwargs),
    Row("tournaments:close", "post", "scorekeeper", tournament_kwargs),
    Row("tournaments:round", "get", "read", round_kwargs),
    Row("tournaments:publish", "post", "scorekeeper", round_kwargs),
    Row("tournaments:close_round", "post", "scorekeeper", round_kwargs),
    Row("tournaments:clock", "post", "scorekeeper", round_kwargs, lambda w: {"clock": "set", "minutes": "45"}),
    Row("tournaments:reopen_round", "post", "scorekeeper", round_kwargs),
    Row("tournaments:seating", "get", "read", round_kwargs),
    Row("tournaments:sheets", "get", "read", round_kwargs),
    Row("tournaments:cards", "get", "scorekeeper", round_kwargs),
    Row("tournaments:close_table", "post", "scorekeeper", table_kwargs, lambda w: {"reason": "time is up"}),
    Row("tournaments:new_link", "post", "scorekeeper", table_kwargs),
    Row("tournaments:reopen_table", "post", "scorekeeper", table_kwargs),
    Row("table_link:home", "get", "anyone", lambda w: {"token": w["table"].token}),
    Row("table_link:deal_new", "get", "anyone", lambda w: {"token": w["table"].token}),
    Row("table_link:deal", "get", "anyone", lambda w: {"token": w["table"].token, "number": 1}),
    Row(
        "table_link:deal_new",
        "post",
        "anyone",
        lambda w: {"token": w["table"].token},
        lambda w: post_data("kosakeln", w["table_deal"], w["table_players"]),
    ),
    Row("table_link:deal_correct", "get", "anyone", lambda w: {"token": w["table"].token, "number": 1}),
    Row("table_link:deal_confirm", "get", "anyone", lambda w: {"token": w["table"].token, "number": 1}, answers=302),
    Row(
        "table_link:deal_correct",
        "post",
        "anyone",
        lambda w: {"token": w["table"].token, "number": 1},
        lambda w: post_data("kosakeln", w["table_deal"], w["table_players"], reason="recounted"),
    ),
    Row("tonight:choose_game", "get", "scorekeeper", club_kwargs),
    Row("tonight:evening", "get", "scorekeeper", tonight_kwargs),
    Row("tonight:print", "get", "scorekeeper", tonight_kwargs),
    Row(
        "tonight:check_in",
        "post",
        "scorekeeper",
        tonight_kwargs,
        lambda w: {"players": [p.pk for p in w["club"].players.all()]},
    ),
    Row("tonight:guest", "post", "scorekeeper", tonight_kwargs, lambda w: {"display_name": "Gast"}),
    Row("tonight:again", "post", "scorekeeper", tonight_kwargs),
    Row("tonight:swap", "post", "scorekeeper", tonight_kwargs, swap_data),
    Row("tonight:start", "post", "scorekeeper", tonight_kwargs),
    Row("tonight:next", "post", "scorekeeper", tonight_kwargs),
    Row("tonight:groups", "get", "scorekeeper", club_kwargs),
    Row("tonight:groups", "post", "scorekeeper", club_kwargs, group_data),
    Row("tonight:group_edit", "get", "scorekeeper", group_kwargs),
    Row("tonight:group_edit", "post", "scorekeeper", group_kwargs, group_data),
    Row("tonight:group_delete", "post", "scorekeeper", group_kwargs),
    Row("ledger:table", "get", "read", club_kwargs),
    Row("ledger:json", "get", "read", club_kwargs),
    Row("ledger:export_xlsx", "get", "read", club_kwargs),
    Row("ledger:export_csv", "get", "read", club_kwargs),
    Row("ledger:money", "get", "read", club_kwargs),
    Row("ledger:charts", "get", "read", club_kwargs),
    Row("ledger:player", "get", "read", lambda w: {**club_kwargs(w), "pk": w["player"].pk}),
    # the club has not published its ratings: its admin alone sees the table
    Row("ratings:table", "get", "admin", club_kwargs),
    Row("ledger:rule", "get", "admin", club_kwargs),
    Row("ledger:rule", "post", "admin", club_kwargs, lambda w: {"mode": "per_deal", "minimum_attendance": "2"}),
    Row("ledger:seasons", "get", "admin", club_kwargs),
    Row(
        "ledger:seasons",
        "post",
        "admin",
        club_kwargs,
        lambda w: {"name": "Winter 2026/27", "start": "2026-10-01", "end": "2027-03-31"},
    ),
    Row("ledger:season_edit", "get", "admin", lambda w: {**club_kwargs(w), "pk": w["season"].pk}),
    Row(
        "ledger:season_edit",
        "post",
        "admin",
        lambda w: {**club_kwargs(w), "pk": w["season"].pk},
        lambda w: {"name": "Autumn", "start": "2026-09-01", "end": "2026-12-31"},
    ),
    Row("ledger:season_remove", "post", "admin", lambda w: {**club_kwargs(w), "pk": w["season"].pk}),
    Row(
        "ledger:paid",
        "post",
        "admin",
        club_kwargs,
        lambda w: {"sitting": w["sitting"].pk, "payee": w["player"].pk, "cents": "100", "paid": "on"},
    ),
    Row("ledger:settings", "get", "admin", club_kwargs),
    Row(
        "ledger:settings",
        "post",
        "admin",
        club_kwargs,
        lambda w: {"currency": "CHF", "sheet_fee_cents": "50", "share_pots": "on"},
    ),
]


SITTING = json.dumps(golden("kosakeln", "solo-silent-valat"))


def upload(name: str, text: str) -> SimpleUploadedFile:
    return SimpleUploadedFile(name, text.encode())


def expected(row: Row, persona: str, public: bool) -> int:
    """The status a persona gets: 200 to read, 302 after a write or to the login page."""
    done = row.answers or (200 if row.method == "get" else 302)
    if row.access == "anyone":
        return done
    if row.access in ("signed_in", "superuser"):
        if persona == "anonymous":
            return 302
        return done if row.access == "signed_in" else 403  # no persona of the matrix is a superuser
    member = persona in ("viewer", "scorekeeper", "admin")
    readable = public or member
    if row.access == "read":
        if readable:
            return done
        return 302 if persona == "anonymous" else 404
    allowed = persona == "admin" or (row.access == "scorekeeper" and persona == "scorekeeper")
    if allowed:
        return done
    if persona == "anonymous":
        return 302
    return 403 if readable else 404


def named_urls(resolver: Any = None, prefix: str = "") -> set[str]:
    """Every URL name of ours, with its namespace (``club:detail``); Django's admin has its own checks."""
    resolver = resolver or get_resolver()
    names = {prefix + key for key in resolver.reverse_dict if isinstance(key, str)}
    for namespace, (_pattern, inner) in resolver.namespace_dict.items():
        if namespace != "admin":
            names |= named_urls(inner, f"{prefix}{namespace}:")
    return names


def test_every_named_url_has_a_row() -> None:
    assert named_urls() == {row.name for row in ROWS}


def snapshot() -> dict[str, list[dict[str, Any]]]:
    """Every row the club pages could change."""
    models = [*apps.get_app_config("scoring").get_models(), User]
    return {m.__name__: list(m.objects.order_by("pk").values()) for m in models}


@pytest.fixture
def world(db: Any, request: pytest.FixtureRequest) -> dict[str, Any]:
    public = request.param
    club = make_club("privat" if not public else "offen", public=public)
    users = {role: make_member(club, role, role) for role in ("viewer", "scorekeeper", "admin")}
    users["outsider"] = make_user("outsider")
    target = make_member(club, "target", Membership.Role.VIEWER)
    sitting = import_sitting(club, golden("danish_tarok", "three-deals-pots"), user=None)
    tournament = make_tournament(club, "Tara", "Theo", rounds=2)
    round_ = draw_round(tournament, user=None)
    publish_round(round_)
    table = round_.tables.get()
    players = [p.display_name for p in table.sitting.seated_players()]
    deal = {"dealer": players[0], "declarer": players[0], "contract": "solo", "declarer_points": 40}
    record_deal(table.sitting, deal, user=None)
    evening = check_in(club, "kosakeln", list(club.players.all()), user=None)
    group = save_group(club, name="Huber", together=False, members=list(club.players.all()[:2]))
    season = add_season(club, name="Autumn 2026", start=datetime.date(2026, 9, 1), end=datetime.date(2026, 11, 30))
    return {
        "club": Club.objects.get(pk=club.pk),
        "users": users,
        "sitting": sitting,
        "player": club.players.order_by("display_name").first(),
        "target": Membership.objects.get(user=target, club=club),
        "tournament": tournament,
        "entrant": tournament.entrants.first(),
        "table": table,
        "table_players": players,
        "table_deal": {**deal, "dealer": players[1], "declarer": players[1]},
        "season": season.result,
        "evening": evening,
        "group": group,
    }


@pytest.mark.parametrize("world", [False, True], ids=["private", "public"], indirect=True)
@pytest.mark.parametrize("persona", PERSONAS)
@pytest.mark.parametrize("row", ROWS, ids=lambda r: f"{r.method} {r.name}")
def test_each_persona_gets_what_its_role_allows(world: dict[str, Any], persona: str, row: Row) -> None:
    client = Client()
    if persona != "anonymous":
        client.force_login(world["users"][persona])
    url = reverse(row.name, kwargs=row.kwargs(world))
    before = snapshot()
    response = getattr(client, row.method)(url, row.data(world))
    want = expected(row, persona, world["club"].public)
    assert response.status_code == want, response.content[:300]
    assert response["Content-Security-Policy"].startswith("default-src 'self'"), "every answer carries the policy"
    sent_to_log_in = want == 302 and persona == "anonymous" and row.access != "anyone"
    if row.method == "post" and (want in (403, 404) or sent_to_log_in):
        assert snapshot() == before, "a refused write changed something"
    if sent_to_log_in:
        assert response["Location"].startswith(reverse("login"))
