"""Form fields as the pages render them (``templates/parts/field.html``, Django's field template
in the site's classes): every description a control names is on the page, a group of radio
buttons is a fieldset named by its legend, a checkbox's label takes the tap, and a problem is tied
to the control it concerns, also where the rules refuse a whole row of the deal form."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.conf import settings
from django.test import Client
from django.urls import reverse

from scoring.club.models import Club, Membership

from .factories import make_club, make_member, make_sitting
from .pages import dangling, fill_and_send
from .tournaments.helpers import make_tournament

pytestmark = pytest.mark.django_db


@pytest.fixture
def club() -> Club:
    return make_club("offen")


@pytest.fixture
def admin(club: Club) -> Client:
    client = Client()
    client.force_login(make_member(club, "ada", Membership.Role.ADMIN))
    return client


def form_pages(club: Club) -> list[str]:
    tournament = make_tournament(club, "Tara", "Theo")
    return [
        reverse("club:settings", kwargs={"slug": club.slug}),
        reverse("club:player_add", kwargs={"slug": club.slug}),
        reverse("ledger:rule", kwargs={"slug": club.slug}),
        reverse("ledger:settings", kwargs={"slug": club.slug}),
        reverse("tournaments:new", kwargs={"slug": club.slug}) + "?variant=kosakeln",
        reverse("tournaments:detail", kwargs={"slug": club.slug, "pk": tournament.pk}),
        reverse("scorekeeping:start", kwargs={"slug": club.slug}) + "?variant=danish_tarok",
    ]


def test_it_describes_each_control_only_by_what_the_page_has(club: Club, admin: Client) -> None:
    for url in form_pages(club):
        html = admin.get(url).content.decode()
        assert "_helptext" in html or url.endswith("/players/add/"), url
        assert dangling(html) == [], url


def test_it_names_a_group_of_radio_buttons_by_its_legend(club: Club, admin: Client) -> None:
    html = admin.get(reverse("ledger:rule", kwargs={"slug": club.slug})).content.decode()
    assert 'for=""' not in html
    group = re.search(r"<fieldset[^>]*>(.*?)</fieldset>", html, re.S)
    assert group is not None
    assert "<legend>Ranking mode</legend>" in group.group(1)
    assert group.group(1).count('type="radio" name="mode"') >= 2


def test_a_checkbox_stands_before_its_label_with_its_help_text_named(club: Club, admin: Client) -> None:
    html = admin.get(reverse("scorekeeping:start", kwargs={"slug": club.slug}) + "?variant=danish_tarok").content
    box = re.search(
        r'<div class="check"><input type="checkbox" name="option_stake_on_refound"[^>]*'
        r'aria-describedby="id_option_stake_on_refound_helptext"[^>]*> <label for="id_option_stake_on_refound">',
        html.decode(),
    )
    assert box is not None
    assert b'<div class="helptext" id="id_option_stake_on_refound_helptext">' in html


def test_a_refused_field_is_invalid_and_described_by_its_problem(club: Club, admin: Client) -> None:
    url = reverse("ledger:rule", kwargs={"slug": club.slug})
    answer = fill_and_send(admin, url, {"mode": "scaled", "list_length": "0"}, having="list_length")
    html = answer.content.decode()
    control = re.search(r'<input type="number"[^>]*name="list_length"[^>]*>', html)
    assert control is not None
    assert 'aria-invalid="true"' in control.group(0)
    assert 'aria-describedby="id_list_length_helptext id_list_length_error"' in control.group(0)
    assert '<ul class="errorlist" id="id_list_length_error">' in html
    assert dangling(html) == []


def deal_form_answer(club: Club, variant: str, players: list[str], typed: dict[str, Any]) -> str:
    client = Client()
    client.force_login(make_member(club, "kim", Membership.Role.SCOREKEEPER))
    sitting = make_sitting(club, variant, *players)
    url = reverse("scorekeeping:deal_new", kwargs={"slug": club.slug, "pk": sitting.pk})
    answer = fill_and_send(client, url, typed, having="dealer", button="save")
    assert answer.status_code == 200
    return str(answer.content.decode())


def test_a_kosakeln_event_row_the_rules_refuse_marks_what_the_row_names_invalid(club: Club) -> None:
    typed = {"declarer": "Anna", "contract": "einblatt", "declarer_points": "55"}
    silent_panzer = {"ev-0-type": "panzer", "ev-0-who": "Anna", "ev-0-result": "won"}
    html = deal_form_answer(club, "kosakeln", ["Anna", "Bernd"], typed | silent_panzer)
    row = re.search(r'<div class="item-row has-error" id="ev-0"[^>]*aria-describedby="ev-0-error"', html)
    assert row is not None
    problem = re.search(r'<ul class="errorlist" id="ev-0-error"><li>([^<]+)</li>', html)
    assert problem is not None and "announced" in problem.group(1)
    what = re.search(r'<select name="ev-0-type"[^>]*>', html)
    assert what is not None
    assert 'aria-invalid="true"' in what.group(0) and 'aria-describedby="ev-0-error"' in what.group(0)
    other = re.search(r'<select name="ev-1-type"[^>]*>', html)
    assert other is not None and 'aria-invalid="true"' not in other.group(0), "only the refused row"
    assert dangling(html) == []


def test_the_dreiertarock_contract_left_out_is_tied_to_its_radio_buttons(club: Club) -> None:
    html = deal_form_answer(club, "dreiertarock", ["Anna", "Bernd", "Carla"], {"declarer": "Anna"})
    fieldset = r'<fieldset class="field choices" aria-describedby="id_contract_error">(.*?)</fieldset>'
    group = re.search(fieldset, html, re.S)
    assert group is not None
    assert '<ul class="errorlist" id="id_contract_error"><li>This field is required.</li></ul>' in group.group(1)
    radios = re.findall(r'<input type="radio" name="contract"[^>]*>', group.group(1))
    assert len(radios) >= 5 and all('aria-invalid="true"' in radio for radio in radios)
    assert '<a href="#id_contract_0">Contract: This field is required.</a>' in html, "the summary leads to them"
    assert 'id="id_contract_0"' in html
    assert dangling(html) == []


@pytest.mark.parametrize("language", ["en", "de", "da"])
def test_a_date_control_holds_its_day_in_every_language(club: Club, admin: Client, language: str) -> None:
    admin.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    for url in [
        reverse("scorekeeping:start", kwargs={"slug": club.slug}) + "?variant=kosakeln",
        reverse("tournaments:new", kwargs={"slug": club.slug}) + "?variant=kosakeln",
    ]:
        html = admin.get(url).content.decode()
        control = re.search(r'<input type="date" name="date" value="([^"]*)"', html)
        assert control is not None and re.fullmatch(r"\d{4}-\d\d-\d\d", control.group(1)), (url, control)
