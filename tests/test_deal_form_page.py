"""What the deal form's page says: after a refusal a summary at the top that links to every
control in trouble, controls marked for screen readers; who sits out where the rules fix it;
limits in the rules' words."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from .deal_posts import enter
from .factories import make_sitting

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("deal", "anchor"),
    [
        ({"dealer": "A", "card_points": {"A": 26, "B": 26, "C": 25}}, "#points-card_points"),
        (
            {
                "dealer": "A",
                "card_points": {"A": 26, "B": 26, "C": 26},
                "events": [
                    {"type": "pagat_ultimo", "player": "A", "result": "won"},
                    {"type": "king_ultimo", "player": "B", "result": "won"},
                ],
            },
            "#ev-1",
        ),
    ],
    ids=["card points", "an event row"],
)
def test_a_refused_deal_opens_with_a_summary_linking_to_each_control_in_trouble(
    keeper: tuple[Client, Any], deal: dict[str, Any], anchor: str
) -> None:
    client, club = keeper
    sitting = make_sitting(club, "grosstarock", "A", "B", "C")
    page = enter(client, sitting, deal)
    assert page.status_code == 200
    problems = page.context["problems"]
    assert [where for _message, where in problems] == [anchor], problems
    html = page.content.decode()
    summary = html.index('id="problems" role="alert" tabindex="-1" autofocus')
    assert summary < html.index(f'id="{anchor[1:]}"'), "the summary comes before the control it leads to"


def test_a_control_in_trouble_says_so_to_a_screen_reader(keeper: tuple[Client, Any]) -> None:
    client, club = keeper
    sitting = make_sitting(club, "droggn", "A", "B", "C")
    page = enter(client, sitting, {"dealer": "A", "declarer": "B", "contract": "solo", "declarer_points": 75})
    html = page.content.decode()
    assert 'aria-invalid="true" aria-describedby="id_declarer_points_error"' in html
    assert 'id="id_declarer_points_error"' in html
    assert "Declarer&#x27;s card points: from 0 to 74" in html, "the limit in the rules' words"


def test_at_a_droggn_table_of_four_the_form_says_the_dealer_sits_out(keeper: tuple[Client, Any]) -> None:
    client, club = keeper
    sitting = make_sitting(club, "droggn", "A", "B", "C", "D")
    url = reverse("scorekeeping:deal_new", kwargs={"slug": club.slug, "pk": sitting.pk})
    page = client.get(url)
    assert page.context["form"].sits_out_now == "A"
    assert '<strong id="sits-out-name">A</strong>' in page.content.decode()
    assert page.context["script_data"]["sits_out"] == {"A": "A", "B": "B", "C": "C", "D": "D"}


def test_a_danish_table_of_four_asks_who_sits_out_instead(keeper: tuple[Client, Any]) -> None:
    client, club = keeper
    sitting = make_sitting(club, "danish_tarok", "A", "B", "C", "D")
    page = client.get(reverse("scorekeeping:deal_new", kwargs={"slug": club.slug, "pk": sitting.pk}))
    assert "sitting_out" in page.context["form"].fields
    assert 'id="sits-out-name"' not in page.content.decode()
