"""The director's buttons say what they did, and a refusal lands where the director can act on
it: withdrawing, disqualifying and reinstating an entrant each say so on the tournament's page;
a round that cannot close yet says why on the round's page, where its tables are."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from scoring.club.models import Membership
from scoring.tournaments import services
from scoring.tournaments.models import Entrant, Tournament

from ..factories import make_club, make_member
from ..pages import Form, form_on, send
from .helpers import make_tournament

pytestmark = pytest.mark.django_db


def director(club: Any) -> Client:
    """Dora, a scorekeeper of the club: she runs the tournament."""
    client = Client()
    client.force_login(make_member(club, "dora", Membership.Role.SCOREKEEPER))
    return client


def page_of(tournament: Tournament) -> str:
    return tournament.get_absolute_url()


def round_page(tournament: Tournament, number: int = 1) -> str:
    return reverse("tournaments:round", kwargs={"slug": tournament.club.slug, "pk": tournament.pk, "number": number})


def press(client: Client, form: Form, name: str, value: str) -> Any:
    """Send the form by its button ``name`` of ``value`` (one of several of one name), following
    the redirect."""
    assert (name, value) in form.buttons, f"the form has no button {name}={value}: {form.buttons}"
    return client.post(form.action, {**form.data(), name: value}, follow=True)


def state_form(client: Client, tournament: Tournament, name: str) -> Form:
    entrant = Entrant.objects.get(tournament=tournament, player__display_name=name)
    action = reverse(
        "tournaments:entrant_state", kwargs={"slug": tournament.club.slug, "pk": tournament.pk, "entrant": entrant.pk}
    )
    return form_on(client.get(page_of(tournament)), action=action)


@pytest.mark.parametrize(
    ("state", "said"),
    [
        ("withdrawn", "Anna is withdrawn; the tables played keep their results."),
        ("disqualified", "Anna is disqualified; the tables played keep their results."),
    ],
)
def test_setting_an_entrants_state_says_what_happened(state: str, said: str) -> None:
    tournament = make_tournament(make_club(), "Anna", "Bernd", "Carla")
    dora = director(tournament.club)
    answer = press(dora, state_form(dora, tournament, "Anna"), "state", state)
    assert answer.redirect_chain[-1][0] == page_of(tournament)
    assert said in answer.content.decode()
    back = press(dora, state_form(dora, tournament, "Anna"), "state", "active")
    assert "Anna is reinstated and is seated in the next draw." in back.content.decode()
    assert Entrant.objects.get(tournament=tournament, player__display_name="Anna").state == "active"


def test_a_refused_close_of_the_round_lands_on_the_round_with_the_refusal() -> None:
    tournament = make_tournament(make_club(), "Anna", "Bernd")
    services.publish_round(services.draw_round(tournament, user=None))
    dora = director(tournament.club)
    close = reverse("tournaments:close_round", kwargs={"slug": tournament.club.slug, "pk": tournament.pk, "number": 1})
    answer = send(dora, round_page(tournament), form_on(dora.get(round_page(tournament)), action=close), follow=True)
    assert answer.redirect_chain[-1][0] == round_page(tournament)
    assert "Table 1 has not played all its deals: enter them or close the table early." in answer.content.decode()
