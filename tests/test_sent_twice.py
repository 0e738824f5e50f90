"""Every write form sent twice stores once: twice in a row (a resend after a slow answer) and
twice at once (a double tap, two threads released together), and the second send gets the first
one's answer."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

import pytest
from django.db import connection
from django.test import Client
from django.urls import reverse

from scoring.club.models import Membership, Player
from scoring.club.services import add_member, remove_member, save_player
from scoring.sittings.models import DealRevision, Sitting
from scoring.sittings.services import correct_deal, record_deal, remove_last_deal, start_sitting
from scoring.submissions import Submission, new_key

from .deal_posts import post_data
from .factories import make_club, make_member, make_players, make_sitting
from .pages import form_on

GROSS = {"dealer": "Anna", "card_points": {"Anna": 40, "Bernd": 20, "Carla": 18}}
PLAYERS = ["Anna", "Bernd", "Carla"]


def twice(client: Client, url: str, data: dict[str, str]) -> tuple[Any, Any]:
    """The same form posted twice in a row; both answers, following the redirects."""
    return client.post(url, data, follow=True), client.post(url, data, follow=True)


def said(response: Any) -> list[str]:
    return [str(message) for message in response.context["messages"]]


@pytest.mark.django_db
def test_starting_a_sitting_twice_starts_one(admin: tuple[Client, Any]) -> None:
    client, club = admin
    players = make_players(club, *PLAYERS)
    url = reverse("scorekeeping:start", kwargs={"slug": club.slug}) + "?variant=grosstarock"
    form = form_on(client.get(url), having="seat_1")
    data = form.data({f"seat_{i}": str(p.pk) for i, p in enumerate(players, start=1)})
    first, second = twice(client, url, data)
    assert Sitting.objects.count() == 1
    assert first.redirect_chain == second.redirect_chain


@pytest.mark.django_db
def test_adding_a_player_twice_adds_one(admin: tuple[Client, Any]) -> None:
    client, club = admin
    data = {"display_name": "Zoe", "active": "on", "key": new_key()}
    first, second = twice(client, reverse("club:player_add", kwargs={"slug": club.slug}), data)
    assert list(club.players.values_list("display_name", flat=True)) == ["Zoe"]
    assert (said(first), said(second)) == (["Zoe added."], ["Zoe was already added."])


@pytest.mark.django_db
def test_adding_a_member_twice_adds_one(admin: tuple[Client, Any]) -> None:
    client, club = admin
    data = {"username": "newbie", "role": "viewer", "password": "a-long-enough-secret-1754", "key": new_key()}
    _first, second = twice(client, reverse("club:members", kwargs={"slug": club.slug}), data)
    assert club.memberships.filter(user__username="newbie").count() == 1
    assert said(second) == ["newbie was already added."]


@pytest.mark.django_db
def test_removing_a_member_twice_gives_the_first_answer(admin: tuple[Client, Any]) -> None:
    client, club = admin
    make_member(club, "vera", Membership.Role.VIEWER)
    vera = club.memberships.get(user__username="vera")
    url = reverse("club:member_remove", kwargs={"slug": club.slug, "pk": vera.pk})
    first, second = twice(client, url, {"key": new_key()})
    assert not club.memberships.filter(user__username="vera").exists()
    assert (said(first), said(second)) == (["vera removed."], ["That member was already removed."])


@pytest.mark.django_db
def test_a_correction_sent_twice_adds_one_revision(admin: tuple[Client, Any]) -> None:
    client, club = admin
    sitting = make_sitting(club, "grosstarock", *PLAYERS)
    record_deal(sitting, GROSS, user=None)
    url = reverse("scorekeeping:deal_correct", kwargs={"slug": club.slug, "pk": sitting.pk, "number": 1})
    data = post_data("grosstarock", {**GROSS, "dealer": "Bernd"}, PLAYERS, reason="dealer mixed up")
    _first, second = twice(client, url, data)
    assert DealRevision.objects.filter(sitting=sitting).count() == 2
    assert said(second) == ["Deal 1 was already entered."]


@pytest.mark.django_db
def test_taking_back_twice_takes_back_one_deal(admin: tuple[Client, Any]) -> None:
    client, club = admin
    sitting = make_sitting(club, "grosstarock", *PLAYERS)
    for dealer in PLAYERS:
        record_deal(sitting, {**GROSS, "dealer": dealer}, user=None)
    url = reverse("scorekeeping:deal_undo", kwargs={"slug": club.slug, "pk": sitting.pk})
    first, second = twice(client, url, {"reason": "dealt twice", "number": "3", "key": new_key()})
    assert sitting.live_deals().count() == 2
    assert (said(first), said(second)) == (["Deal 3 taken back."], ["Deal 3 was already taken back."])


@pytest.mark.django_db
def test_a_take_back_offered_for_a_deal_no_longer_last_takes_back_nothing(admin: tuple[Client, Any]) -> None:
    client, club = admin
    sitting = make_sitting(club, "grosstarock", *PLAYERS)
    record_deal(sitting, GROSS, user=None)
    url = reverse("scorekeeping:deal_undo", kwargs={"slug": club.slug, "pk": sitting.pk})
    record_deal(sitting, {**GROSS, "dealer": "Bernd"}, user=None)
    response = client.post(url, {"reason": "dealt twice", "number": "1", "key": new_key()}, follow=True)
    assert sitting.live_deals().count() == 2
    assert said(response) == ["deal 1 is no longer the last deal: nothing was taken back"]


@pytest.mark.django_db
def test_a_key_sent_to_another_form_is_a_new_key_there() -> None:
    club = make_club()
    key = new_key()
    zoe = save_player(club, display_name="Zoe", key=key)
    newbie = add_member(club, username="newbie", role="viewer", password="a-long-secret-1754", key=key)
    assert zoe.first and newbie.first, "both forms wrote"
    assert isinstance(newbie.result, Membership) and Membership.objects.filter(user__username="newbie").exists()
    assert Submission.objects.filter(key=key).count() == 2


@pytest.mark.django_db
def test_closing_twice_closes_once(admin: tuple[Client, Any]) -> None:
    client, club = admin
    sitting = make_sitting(club, "grosstarock", *PLAYERS)
    url = reverse("scorekeeping:close", kwargs={"slug": club.slug, "pk": sitting.pk})
    client.post(url)
    closed_at = Sitting.objects.get().closed_at
    client.post(url)
    assert Sitting.objects.get().closed_at == closed_at


def at_once(write: Callable[[], Any], times: int = 2) -> list[Any]:
    """Run ``write`` from several threads released together; what each returned or raised."""
    barrier = threading.Barrier(times)
    results: list[Any] = []

    def run() -> None:
        barrier.wait()
        try:
            results.append(write())
        except Exception as error:
            results.append(error)
        finally:
            connection.close()

    threads = [threading.Thread(target=run) for _ in range(times)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return results


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("attempt", range(3))
def test_the_keyed_writes_sent_at_once_store_once(attempt: int) -> None:
    club = make_club()
    anna, bernd, carla = make_players(club, *PLAYERS)

    key = new_key()
    started = at_once(lambda: start_sitting(club, "grosstarock", [anna, bernd, carla], user=None, key=key))
    assert Sitting.objects.count() == 1 and started[0] == started[1]

    key = new_key()
    added = at_once(lambda: save_player(club, display_name="Zoe", key=key))
    assert Player.objects.filter(display_name="Zoe").count() == 1
    assert sorted(done.first for done in added) == [False, True]

    key = new_key()
    at_once(lambda: add_member(club, username="newbie", role="viewer", password="a-long-secret-1754", key=key))
    assert Membership.objects.filter(user__username="newbie").count() == 1
    member = Membership.objects.get(user__username="newbie").pk
    key = new_key()
    removed = at_once(lambda: remove_member(club, member, key=key))
    assert sorted(done.first for done in removed) == [False, True]

    sitting = Sitting.objects.get()
    for dealer in PLAYERS:
        record_deal(sitting, {**GROSS, "dealer": dealer}, user=None)
    key = new_key()
    corrected = at_once(lambda: correct_deal(sitting, 1, {**GROSS, "dealer": "Carla"}, user=None, reason="x", key=key))
    assert corrected[0].deal == corrected[1].deal
    key = new_key()
    taken = at_once(lambda: remove_last_deal(sitting, user=None, reason="twice", number=3, key=key))
    assert taken[0].deal == taken[1].deal
    assert sitting.live_deals().count() == 2
    assert Submission.objects.count() == 4


@pytest.mark.django_db(transaction=True)
def test_the_same_deal_form_posted_at_once_from_many_threads_never_fails(live_server: Any) -> None:
    """The threaded server's case: pairs of identical posts of the deal form, several pairs at
    once, each pair's second post answered with the first's deal and no server error."""
    import urllib.error
    import urllib.parse
    import urllib.request

    club = make_club("race")
    keeper = make_member(club, "kim", Membership.Role.SCOREKEEPER)
    sitting = make_sitting(club, "grosstarock", *PLAYERS)
    client = Client()
    client.force_login(keeper)
    url = f"{live_server.url}{reverse('scorekeeping:deal_new', kwargs={'slug': club.slug, 'pk': sitting.pk})}"
    token = "tarock" * 5 + "ab"  # a CSRF secret: 32 letters
    cookies = {name: morsel.value for name, morsel in client.cookies.items()} | {"csrftoken": token}
    cookie = "; ".join(f"{name}={value}" for name, value in cookies.items())
    statuses: list[int] = []

    class Keep(urllib.request.HTTPRedirectHandler):
        def redirect_request(self, *args: Any) -> None:
            return None

    opener = urllib.request.build_opener(Keep)

    def post(data: dict[str, str]) -> None:
        request = urllib.request.Request(url, urllib.parse.urlencode(data).encode(), headers={"Cookie": cookie})
        try:
            statuses.append(opener.open(request, timeout=60).status)
        except urllib.error.HTTPError as answer:
            statuses.append(answer.code)

    pairs = [
        post_data("grosstarock", {**GROSS, "dealer": PLAYERS[n % 3]}, PLAYERS, confirm="1", csrfmiddlewaretoken=token)
        for n in range(8)
    ]
    barrier = threading.Barrier(2 * len(pairs))

    def sender(data: dict[str, str]) -> None:
        barrier.wait()
        post(data)

    threads = [threading.Thread(target=sender, args=(data,)) for data in pairs for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert statuses == [302] * 16
    assert sitting.live_deals().count() == 8
