"""Random and hostile values sent to every write form and to the document readers.

Whatever arrives (huge, negative, unicode digits, NUL, 100 KB, missing, extra), the answer is a
4xx or the form again with nothing stored, or a clean success: never a server error, never a
traceback, on SQLite and PostgreSQL alike.
"""

from __future__ import annotations

import itertools
import json
from collections.abc import Callable
from io import StringIO
from pathlib import Path
from typing import Any

import pytest
from django.apps import apps
from django.contrib.auth.models import User
from django.core.management import call_command
from django.test import Client
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scoring.club.models import Membership
from scoring.engine import InvalidSitting
from scoring.sittings.models import Sitting
from scoring.sittings.services import import_sitting

from .deal_posts import post_data
from .factories import golden, make_club, make_member

pytestmark = pytest.mark.django_db

HOSTILE = (
    st.sampled_from(
        [
            "",
            " ",
            "9" * 5000,
            "3000000000",
            "-1",
            "-0",
            "1e309",
            "NaN",
            "²",
            "\u0661\u0662",
            "\x00",
            "An\x00na",
            "x" * 100_000,
            "<script>alert(1)</script>",
            '=HYPERLINK("http://x","y")',
            "🂡",
            "k" * 65,
        ]
    )
    | st.text(max_size=12)
    | st.integers(min_value=-(10**20), max_value=10**20).map(str)
)

FORMS: dict[str, tuple[Callable[[dict[str, Any]], str], Callable[[dict[str, Any]], dict[str, str]]]] = {
    "add a player": (
        lambda w: reverse("club:player_add", kwargs={"slug": w["club"].slug}),
        lambda w: {"display_name": "Zoe", "active": "on", "key": "k1"},
    ),
    "edit a player": (
        lambda w: reverse("club:player_edit", kwargs={"slug": w["club"].slug, "pk": w["player"]}),
        lambda w: {"display_name": "Annerl", "active": "on"},
    ),
    "add a member": (
        lambda w: reverse("club:members", kwargs={"slug": w["club"].slug}),
        lambda w: {"username": "newbie", "role": "viewer", "password": "a-long-secret-1754", "key": "k2"},
    ),
    "change a role": (
        lambda w: reverse("club:member_role", kwargs={"slug": w["club"].slug, "pk": w["member"]}),
        lambda w: {"role": "scorekeeper"},
    ),
    "club settings": (
        lambda w: reverse("club:settings", kwargs={"slug": w["club"].slug}),
        lambda w: {"name": "Runde", "tariff_danish_tarok": "10", "option_danish_tarok_ante": "20"},
    ),
    "start a sitting": (
        lambda w: reverse("scorekeeping:start", kwargs={"slug": w["club"].slug}),
        lambda w: {"variant": "danish_tarok", "date": "2026-11-30", **w["seats"], "key": "k3"},
    ),
    "enter a deal": (
        lambda w: reverse("scorekeeping:deal_new", kwargs={"slug": w["club"].slug, "pk": w["sitting"].pk}),
        lambda w: w["deal"],
    ),
    "correct a deal": (
        lambda w: reverse(
            "scorekeeping:deal_correct", kwargs={"slug": w["club"].slug, "pk": w["sitting"].pk, "number": 1}
        ),
        lambda w: {**w["deal"], "reason": "recounted"},
    ),
    "take back": (
        lambda w: reverse("scorekeeping:deal_undo", kwargs={"slug": w["club"].slug, "pk": w["sitting"].pk}),
        lambda w: {"reason": "dealt twice", "number": "3", "key": "k4"},
    ),
    "remove a member": (
        lambda w: reverse("club:member_remove", kwargs={"slug": w["club"].slug, "pk": w["member"]}),
        lambda w: {"key": "k5"},
    ),
    "log in": (lambda w: reverse("login"), lambda w: {"username": "ada", "password": "wrong"}),
}


@pytest.fixture
def world() -> dict[str, Any]:
    club = make_club()
    admin = make_member(club, "ada", Membership.Role.ADMIN)
    make_member(club, "vera", Membership.Role.VIEWER)
    sitting = import_sitting(club, golden("danish_tarok", "three-deals-pots"), user=None)
    names = [p.display_name for p in sitting.seated_players()]
    deal = {"dealer": names[0], "card_points": {names[0]: 30, names[1]: 30, names[2]: 18}}
    client = Client()
    client.force_login(admin)
    return {
        "club": club,
        "client": client,
        "sitting": sitting,
        "player": club.players.order_by("pk").first().pk,  # type: ignore[union-attr]
        "member": Membership.objects.get(user__username="vera").pk,
        "seats": {f"seat_{i}": str(p.pk) for i, p in enumerate(sitting.seated_players(), start=1)},
        "deal": post_data("danish_tarok", deal, names),
    }


def snapshot() -> dict[str, list[dict[str, Any]]]:
    models = [m for m in apps.get_app_config("scoring").get_models() if m.__name__ != "LoginFailure"]
    return {m.__name__: list(m.objects.order_by("pk").values()) for m in [*models, User]}


@st.composite
def damaged(draw: st.DrawFn, base: dict[str, str]) -> dict[str, str]:
    """The form's data with some values hostile, some missing and perhaps one extra."""
    data = dict(base)
    for name in list(data):
        choice = draw(st.sampled_from(["keep", "keep", "hostile", "missing"]))
        if choice == "hostile":
            data[name] = draw(HOSTILE)
        elif choice == "missing":
            del data[name]
    if draw(st.booleans()):
        data[draw(st.sampled_from(["extra", "cp_9", "ev-99-type", "option_x", "rows", "count"]))] = draw(HOSTILE)
    return data


@settings(max_examples=150, suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(st.data())
def test_no_form_answers_hostile_values_with_a_server_error(world: dict[str, Any], data: st.DataObject) -> None:
    name = data.draw(st.sampled_from(sorted(FORMS)))
    url, base = FORMS[name]
    sent = data.draw(damaged(base(world)))
    client = Client() if name == "log in" else world["client"]
    before = snapshot()
    response = client.post(url(world), sent)
    assert response.status_code < 500, (name, sent)
    if response.status_code != 302:
        assert snapshot() == before, (name, "a refused form changed something")


@settings(max_examples=60, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.data())
def test_no_page_answers_hostile_parameters_with_a_server_error(world: dict[str, Any], data: st.DataObject) -> None:
    sitting = world["sitting"]
    url = data.draw(
        st.sampled_from(
            [
                sitting.get_absolute_url(),
                reverse("sittings:list", kwargs={"slug": world["club"].slug}),
                reverse("scorekeeping:start", kwargs={"slug": world["club"].slug}),
            ]
        )
    )
    parameters = {data.draw(st.sampled_from(["saved", "page", "sort", "variant", "per_page"])): data.draw(HOSTILE)}
    assert world["client"].get(url, parameters).status_code < 500


def paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    found = [prefix]
    if isinstance(value, dict):
        for key, inner in value.items():
            found += paths(inner, (*prefix, key))
    elif isinstance(value, list):
        for index, inner in enumerate(value):
            found += paths(inner, (*prefix, index))
    return found


CLUBS = itertools.count()
HOSTILE_JSON = st.none() | st.booleans() | st.integers(min_value=-(10**30), max_value=10**30) | HOSTILE


@settings(max_examples=120, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.data())
def test_the_import_stores_a_damaged_document_whole_or_refuses_it_with_problems(data: st.DataObject) -> None:
    club = make_club(f"club-{next(CLUBS)}")
    doc = golden(*data.draw(st.sampled_from([("danish_tarok", "three-deals-pots"), ("droggn", "solo-doubled")])))
    path = data.draw(st.sampled_from(paths(doc)[1:]))
    target = doc
    for step in path[:-1]:
        target = target[step]
    target[path[-1]] = data.draw(HOSTILE_JSON)
    before = Sitting.objects.count()
    try:
        import_sitting(club, doc, user=None)
    except InvalidSitting as refusal:
        assert refusal.problems and all(str(problem) for problem in refusal.problems)
        assert Sitting.objects.count() == before


@pytest.mark.parametrize(
    "text",
    [
        "",
        "[]",
        '{"variant": "danish_tarok"}',
        "{" * 100_000,
        '{"variant": "kosakeln", "players": ["A", "B"], "deals": [], "options": {"x": ' + "9" * 5000 + "}}",
        '{"variant": "kosakeln", "players": ["A\\u0000", "B"], "deals": []}',
        '{"variant": "kosakeln", "players": ["' + "A" * 100_000 + '", "B"], "deals": []}',
        '{"variant": "danish_tarok", "players": ["A", "B", "C"], "options": {"ante": 1e400}, "deals": []}',
    ],
)
def test_the_import_command_answers_a_hostile_document_with_lines_not_a_traceback(tmp_path: Path, text: str) -> None:
    make_club("runde")
    document = tmp_path / "sitting.json"
    document.write_text(text)
    err = StringIO()
    with pytest.raises(SystemExit) as stop:
        call_command("import_sitting", str(document), "--club", "runde", "--add-players", stdout=StringIO(), stderr=err)
    assert stop.value.code == 1
    assert err.getvalue().strip() and "Traceback" not in err.getvalue()
    assert not Sitting.objects.exists()
    json.dumps(err.getvalue())
