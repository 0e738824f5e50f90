"""The groups page as a scorekeeper uses it: add a couple kept apart or friends seated together,
change and delete a group; tonight's open proposal follows at once; bad input is refused in the
page's language and changes nothing; nobody else reads it."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from django.utils import timezone

from scoring.club.models import Club, Membership, Player
from scoring.evenings.models import Evening, PlayerGroup

from ..factories import make_club
from ..pages import form_on, send
from .helpers import NAMES, asking, check_in, signed_in, tables, url_of

pytestmark = pytest.mark.django_db

GROUPS = "/clubs/stammtisch/tonight/groups/"


def ids(club: Club, *names: str) -> list[str]:
    return [str(p.pk) for p in club.players.filter(display_name__in=names)]


def add_group(client: Client, club: Club, name: str, members: list[str], together: bool, language: str = "en") -> Any:
    form = form_on(client.get(GROUPS, **asking(language)), having="name")
    typed = {"name": name, "members": ids(club, *members), "together": str(together)}
    return send(client, GROUPS, form, typed, follow=True, **asking(language))


def told(answer: Any) -> str:
    return answer.content.decode()


def test_a_couple_added_on_the_page_is_kept_apart_in_tonights_open_proposal(club: Club, keeper: Client) -> None:
    check_in(keeper, club, NAMES)
    # whatever the proposal did before, the couple is apart once the group is saved
    add_group(keeper, club, "Huber", ["Emil", "Fritz"], together=False)
    assert not any({"Emil", "Fritz"} <= set(table) for table in tables(club))
    page = told(keeper.get(GROUPS))
    assert "Huber" in page and "Emil, Fritz" in page and "at different tables" in page


def test_friends_seated_together_share_a_table(club: Club, keeper: Client) -> None:
    add_group(keeper, club, "Stammgäste", ["Anna", "Hans"], together=True)
    check_in(keeper, club, NAMES)
    assert any({"Anna", "Hans"} <= set(table) for table in tables(club))


def test_the_same_form_sent_twice_adds_one_group(club: Club, keeper: Client) -> None:
    form = form_on(keeper.get(GROUPS), having="name")
    typed = {"name": "Huber", "members": ids(club, "Emil", "Fritz"), "together": "False"}
    for _send in range(2):
        send(keeper, GROUPS, form, typed, follow=True)
    assert PlayerGroup.objects.filter(club=club).count() == 1


def test_a_group_is_changed_and_deleted_on_its_page(club: Club, keeper: Client) -> None:
    add_group(keeper, club, "Huber", ["Emil", "Fritz"], together=False)
    group = PlayerGroup.objects.get(club=club)
    page_url = f"{GROUPS}{group.pk}/"
    form = form_on(keeper.get(page_url), having="name")
    send(keeper, page_url, form, {"name": "Familie Huber", "together": "True"}, follow=True)
    group.refresh_from_db()
    assert (group.name, group.together) == ("Familie Huber", True)
    assert sorted(p.display_name for p in group.members.all()) == ["Emil", "Fritz"]
    send(keeper, page_url, form_on(keeper.get(page_url), action="delete/"), follow=True)
    assert not PlayerGroup.objects.filter(club=club).exists()


@pytest.mark.parametrize(
    ("members", "together", "words"),
    [
        (["Emil"], False, {"de": "mindestens zwei", "da": "mindst to"}),
        (NAMES[:5], True, {"de": "höchstens 4", "da": "højst 4"}),
    ],
)
@pytest.mark.parametrize("language", ["de", "da"])
def test_a_group_that_cannot_be_placed_is_refused_in_the_pages_language_and_nothing_is_saved(
    club: Club, keeper: Client, members: list[str], together: bool, words: dict[str, str], language: str
) -> None:
    answer = add_group(keeper, club, "Huber", members, together, language)
    assert words[language] in told(answer)
    assert not PlayerGroup.objects.exists()


def test_a_name_the_club_has_already_is_refused_whatever_its_capitals(club: Club, keeper: Client) -> None:
    add_group(keeper, club, "Huber", ["Emil", "Fritz"], together=False)
    answer = add_group(keeper, club, "HUBER", ["Anna", "Bernd"], together=False, language="de")
    assert "Der Verein hat schon eine Gruppe namens HUBER." in told(answer)
    assert PlayerGroup.objects.filter(club=club).count() == 1


def test_a_delete_sent_twice_says_the_group_is_gone_already(club: Club, keeper: Client) -> None:
    add_group(keeper, club, "Huber", ["Emil", "Fritz"], together=False)
    page_url = f"{GROUPS}{PlayerGroup.objects.get(club=club).pk}/"
    form = form_on(keeper.get(page_url), action="delete/")
    send(keeper, page_url, form, follow=True)
    again = send(keeper, page_url, form, follow=True)
    assert again.status_code == 200 and "The group is gone already." in told(again)
    assert not PlayerGroup.objects.exists()


def test_a_group_of_players_not_here_tonight_keeps_tonights_swaps(club: Club, keeper: Client) -> None:
    check_in(keeper, club, NAMES[:6])
    round_ = Evening.objects.get(club=club).rounds.get()
    first, second = round_.tables[0][0], round_.tables[1][0]
    page = keeper.get(url_of(club))
    send(keeper, url_of(club), form_on(page, action="swap/"), {"a": str(first), "b": str(second)}, follow=True)
    swapped = tables(club)
    add_group(keeper, club, "Hofer", ["Gerda", "Hans"], together=False)  # neither is here tonight
    assert tables(club) == swapped
    add_group(keeper, club, "Huber", ["Emil", "Fritz"], together=False)  # both are
    assert not any({"Emil", "Fritz"} <= set(table) for table in tables(club))


def test_a_name_is_kept_as_every_name_is_and_a_direction_control_refused(club: Club, keeper: Client) -> None:
    add_group(keeper, club, "  Familie   Huber ", ["Emil", "Fritz"], together=False)
    assert PlayerGroup.objects.get(club=club).name == "Familie Huber"
    answer = add_group(keeper, club, "Hu\u202eber", ["Anna", "Bernd"], together=False, language="de")
    assert "U+202E" in told(answer)
    assert PlayerGroup.objects.filter(club=club).count() == 1


def test_another_clubs_player_posted_into_the_form_is_refused(club: Club, keeper: Client) -> None:
    other = Player.objects.create(club=make_club("nachbarn"), display_name="Sepp")
    form = form_on(keeper.get(GROUPS), having="name")
    data = {**form.data({"name": "Huber"}), "members": [*ids(club, "Emil"), str(other.pk)]}
    keeper.post(GROUPS, data)
    assert not PlayerGroup.objects.exists()


def test_only_the_clubs_scorekeepers_and_admins_reach_its_groups(club: Club, keeper: Client) -> None:
    add_group(keeper, club, "Huber", ["Emil", "Fritz"], together=False)
    group = PlayerGroup.objects.get(club=club)
    stranger = signed_in(make_club("nachbarn", public=True), "sepp", Membership.Role.ADMIN)
    viewer = signed_in(club, "vera", Membership.Role.VIEWER)
    for client, status in ((Client(), 302), (stranger, 404), (viewer, 403)):
        for url in (GROUPS, f"{GROUPS}{group.pk}/"):
            answer = client.get(url)
            assert answer.status_code == status
            assert "Emil" not in answer.content.decode()
        assert client.post(f"{GROUPS}{group.pk}/delete/").status_code == status
    assert PlayerGroup.objects.filter(club=club).exists()


def test_an_evening_made_without_a_day_is_dated_on_the_clubs_day(club: Club) -> None:
    evening = Evening.objects.create(club=club, variant="grosstarock")
    assert evening.date == timezone.localdate()
