"""Hostile and careless input: every bad value a clear refusal with nothing stored, never a 5xx.

Each item the hardening review found broken has its test here, on SQLite and (in CI) PostgreSQL
alike; ``test_permissions`` checks the Content-Security-Policy header on every page.
"""

from __future__ import annotations

import json
from io import StringIO
from pathlib import Path
from typing import Any

import pytest
from django.core.management import call_command
from django.test import Client
from django.urls import reverse

from scoring.club.models import Membership, Player
from scoring.engine import InvalidSitting, score_sitting
from scoring.engine.base import card_points
from scoring.engine.grosstarock import Grosstarock
from scoring.limits import name_problem, normalise_name, text_problem
from scoring.sittings.models import DealRevision, Sitting
from scoring.sittings.results import sitting_document
from scoring.sittings.services import import_sitting

from .deal_posts import correct, enter
from .factories import golden, make_club, make_member, make_players, make_sitting, make_user, registered, renamed

pytestmark = pytest.mark.django_db

GROSS = {"dealer": "Anna", "card_points": {"Anna": 40, "Bernd": 20, "Carla": 18}}


@pytest.fixture
def keeper() -> tuple[Client, Any]:
    club = make_club()
    client = Client()
    client.force_login(make_member(club, "kim", Membership.Role.ADMIN))
    return client, club


def test_a_form_key_longer_than_64_characters_is_refused_and_nothing_is_stored(keeper: tuple[Client, Any]) -> None:
    client, club = keeper
    sitting = make_sitting(club, "grosstarock", "Anna", "Bernd", "Carla")
    response = enter(client, sitting, GROSS, key="k" * 100_000)
    assert response.status_code == 200
    assert "The form is damaged" in response.content.decode()
    assert not DealRevision.objects.exists()


def test_a_member_removal_with_a_damaged_key_says_so_in_the_pages_language(keeper: tuple[Client, Any]) -> None:
    client, club = keeper
    target = Membership.objects.create(user=make_user("tom"), club=club, role=Membership.Role.VIEWER)
    url = reverse("club:member_remove", kwargs={"slug": club.slug, "pk": target.pk})
    response = client.post(url, {"key": "k" * 65}, headers={"accept-language": "de"})
    assert response.status_code == 400
    assert response.content.decode() == "Das Formular ist beschädigt: Lade die Seite neu."
    assert Membership.objects.filter(pk=target.pk).exists()


@pytest.mark.parametrize("reason", ["recounted\x00", "x" * 501])
def test_a_correction_reason_with_a_nul_byte_or_too_long_is_refused(keeper: tuple[Client, Any], reason: str) -> None:
    client, club = keeper
    sitting = make_sitting(club, "grosstarock", "Anna", "Bernd", "Carla")
    enter(client, sitting, GROSS)
    response = correct(client, sitting, 1, {**GROSS, "dealer": "Bernd"}, reason=reason)
    assert response.status_code == 200
    assert "reason" in response.context["form"].errors
    assert DealRevision.objects.count() == 1


@pytest.mark.parametrize("reason", ["twice\x00", "x" * 501])
def test_a_take_back_reason_with_a_nul_byte_or_too_long_is_refused(keeper: tuple[Client, Any], reason: str) -> None:
    client, club = keeper
    sitting = make_sitting(club, "grosstarock", "Anna", "Bernd", "Carla")
    enter(client, sitting, GROSS)
    url = reverse("scorekeeping:deal_undo", kwargs={"slug": club.slug, "pk": sitting.pk})
    response = client.post(url, {"reason": reason, "number": "1"}, follow=True)
    assert response.status_code == 200
    assert sitting.live_deals().count() == 1


@pytest.mark.parametrize("saved", ["²", "\u0661", "9" * 5000, "-1", "1e3", ""])
def test_a_saved_parameter_that_is_not_a_plain_number_is_ignored(keeper: tuple[Client, Any], saved: str) -> None:
    client, club = keeper
    sitting = make_sitting(club, "grosstarock", "Anna", "Bernd", "Carla")
    response = client.get(sitting.get_absolute_url(), {"saved": saved})
    assert response.status_code == 200
    assert response.context["saved"] is None


@pytest.mark.parametrize("pk", ["9" * 30, "99999999999999999999"])
def test_an_absurd_number_in_an_address_is_a_404(keeper: tuple[Client, Any], pk: str) -> None:
    client, club = keeper
    assert client.get(f"/clubs/{club.slug}/sittings/{pk}/").status_code == 404
    assert client.get(f"/clubs/{club.slug}/players/{pk}/edit/").status_code == 404


def test_house_rule_numbers_beyond_their_range_are_refused_when_starting(keeper: tuple[Client, Any]) -> None:
    client, club = keeper
    players = make_players(club, "Anna", "Bernd", "Carla")
    data = {"variant": "danish_tarok", "date": "2026-11-30", "option_ante": "3000000000", "option_dealer_stake": "5"}
    data |= {f"seat_{i}": str(p.pk) for i, p in enumerate(players, start=1)}
    response = client.post(reverse("scorekeeping:start", kwargs={"slug": club.slug}), data)
    assert response.status_code == 200
    assert "option_ante" in response.context["form"].errors
    assert not Sitting.objects.exists()


def test_house_rule_numbers_beyond_their_range_are_refused_in_the_club_settings(keeper: tuple[Client, Any]) -> None:
    from scoring.club.forms import ClubSettingsForm

    client, club = keeper
    form = ClubSettingsForm(club=club)
    data = {name: field.initial for name, field in form.fields.items() if field.initial not in (None, False)}
    data["option_danish_tarok_ante"] = "3000000000"
    response = client.post(reverse("club:settings", kwargs={"slug": club.slug}), data)
    assert response.status_code == 200
    assert "option_danish_tarok_ante" in response.context["form"].errors
    club.refresh_from_db()
    assert club.default_options == {}


def run_import(tmp_path: Path, text: str, club: str = "stammtisch") -> tuple[int, str, str]:
    document = tmp_path / "sitting.json"
    document.write_text(text)
    out, err = StringIO(), StringIO()
    try:
        call_command("import_sitting", str(document), "--club", club, "--add-players", stdout=out, stderr=err)
    except SystemExit as stop:
        return int(stop.code or 0), out.getvalue(), err.getvalue()
    return 0, out.getvalue(), err.getvalue()


def test_import_refuses_an_option_beyond_its_range_with_one_line(tmp_path: Path) -> None:
    make_club()
    doc = {**golden("danish_tarok", "three-deals-pots"), "options": {"ante": 10**20}}
    status, out, err = run_import(tmp_path, json.dumps(doc))
    assert (status, out) == (1, "")
    assert err.splitlines() == [f"options.ante: must be a whole number from 0 to 1000, not {10**20}"]


def test_import_refuses_a_number_of_5000_digits_with_one_line(tmp_path: Path) -> None:
    make_club()
    text = json.dumps(golden("grosstarock", "readme-example")).replace('"Anna": 40', '"Anna": ' + "4" * 5000)
    status, out, err = run_import(tmp_path, text)
    assert (status, out) == (1, "")
    assert err.splitlines() == ["a number in the document has more digits than any score can have"]
    assert not Sitting.objects.exists()


def test_import_normalises_names_as_the_form_does() -> None:
    club = make_club()
    (anna,) = make_players(club, "Anna")
    doc = renamed(golden("grosstarock", "readme-example"), "Anna", "  Anna  ")
    sitting = import_sitting(club, doc, user=None)
    assert sitting.seated_players()[0] == anna
    assert sorted(club.players.values_list("display_name", flat=True)) == ["Anna", "Bernd", "Carla"]


class Augen(Grosstarock):
    """Made up: Grosstarock with its card points kept under a key of their own."""

    key = "augen"
    deal_fields = {"augen": card_points(78)}


def test_import_normalises_names_in_whatever_field_a_variant_counts_points_in() -> None:
    club = make_club()
    (anna,) = make_players(club, "Anna")
    doc = renamed({**golden("grosstarock", "readme-example"), "variant": "augen"}, "Anna", "  Anna  ")
    doc["deals"] = [{"augen" if k == "card_points" else k: v for k, v in deal.items()} for deal in doc["deals"]]
    with registered(Augen()):
        sitting = import_sitting(club, doc, user=None)
        assert sitting.seated_players()[0] == anna
        assert sitting_document(sitting)["deals"][0]["augen"]["Anna"] == 40


@pytest.mark.parametrize("name", ["A" * 61, "An\x00na", "Ann\x1ba"])
def test_import_refuses_a_name_the_club_could_not_keep(name: str) -> None:
    club = make_club()
    doc = renamed(golden("grosstarock", "readme-example"), "Anna", name)
    with pytest.raises(InvalidSitting) as refusal:
        import_sitting(club, doc, user=None)
    assert [(p.deal, p.field) for p in refusal.value.problems] == [(None, "players")]
    assert not Player.objects.exists()


@pytest.mark.parametrize("typed", ["An\tna", "An\nna", "An\r\nna"])
def test_a_tab_or_a_line_break_in_a_name_becomes_a_space_not_a_refusal(typed: str) -> None:
    name = normalise_name(typed)
    assert (name, name_problem(name)) == ("An na", None)


def test_the_refusal_of_control_characters_names_only_characters_it_refuses() -> None:
    said = text_problem("An\x00na", 60)
    assert str(said) == "Control characters (such as NUL) cannot be kept: type plain text."
    assert text_problem("An\tna", 60) is None, "what the paths keep is normalised first: a tab is white space"


def test_a_player_name_is_normalised_on_the_form_and_refused_when_it_cannot_be_kept(
    keeper: tuple[Client, Any],
) -> None:
    client, club = keeper
    url = reverse("club:player_add", kwargs={"slug": club.slug})
    assert client.post(url, {"display_name": "  Anna   Maria  ", "active": "on"}).status_code == 302
    assert list(club.players.values_list("display_name", flat=True)) == ["Anna Maria"]
    for bad in ["A" * 61, "Zo\x1be", "   "]:
        response = client.post(url, {"display_name": bad, "active": "on"})
        assert response.status_code == 200, bad
        assert "display_name" in response.context["form"].errors
    assert club.players.count() == 1


def test_pots_that_would_outgrow_any_score_sheet_are_refused() -> None:
    deal = {
        "card_points": {"A": 26, "B": 26, "C": 26},
        "events": [{"type": "pagat_ultimo", "player": "A", "result": "lost"}],
    }
    doc = {"variant": "danish_tarok", "players": ["A", "B", "C"], "deals": [{"dealer": "A", **deal}] * 40}
    with pytest.raises(InvalidSitting) as refusal:
        score_sitting(doc)
    (problem,) = refusal.value.problems
    assert problem.field is None and problem.deal is not None and problem.deal < 40
    assert "beyond 1,000,000,000 game points" in problem.message
