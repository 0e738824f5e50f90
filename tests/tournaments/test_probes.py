"""What the probes found, each sent as the page sends it: the first draw form resent after "draw
again", a list of too many entrants, seeds a database integer cannot hold, a NUL in a table's
link, "New link" tapped twice, and a big draw holding the club's write lock while it plans."""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from scoring.club.models import Membership
from scoring.engine.refusal import Refusal
from scoring.tournaments import draw as drawing
from scoring.tournaments import services
from scoring.tournaments.documents import import_tournament, tournament_document
from scoring.tournaments.models import MOST_ENTRANTS, MOST_SEED, Tournament

from ..factories import make_club, make_member
from ..pages import fill_and_send, form_on, send
from .helpers import make_tournament

pytestmark = pytest.mark.django_db


def director(club: Any) -> Client:
    """Dora, a scorekeeper of the club: she runs the tournament."""
    client = Client()
    client.force_login(make_member(club, "dora", Membership.Role.SCOREKEEPER))
    return client


def address(name: str, tournament: Tournament, **more: Any) -> str:
    return reverse(f"tournaments:{name}", kwargs={"slug": tournament.club.slug, "pk": tournament.pk, **more})


def test_the_first_draw_form_sent_again_after_draw_again_answers_with_the_round_as_drawn_now() -> None:
    tournament = make_tournament(make_club(), *"ABCDEFGH")
    dora = director(tournament.club)
    detail = address("detail", tournament)
    first = form_on(dora.get(detail), action="/draw/")
    round_page = send(dora, detail, first)["Location"]
    again = send(dora, round_page, form_on(dora.get(round_page), action="/draw/"))
    assert again.status_code == 302
    seed = tournament.rounds.get().seed

    resent = send(dora, detail, first)
    assert resent.status_code == 302 and resent["Location"] == round_page
    assert tournament.rounds.get().seed == seed, "the resent form draws nothing again"


def test_a_list_of_more_entrants_than_a_tournament_takes_enters_nobody() -> None:
    tournament = make_tournament(make_club())
    dora = director(tournament.club)
    names = "\n".join(f"Player {n}" for n in range(1, MOST_ENTRANTS + 101))
    listed = SimpleUploadedFile("entrants.csv", f"Name\n{names}\n".encode())
    answer = fill_and_send(dora, address("entrants_import", tournament), {"file": listed}, having="file")
    assert answer.status_code == 200
    assert "A tournament takes at most 500 entrants: with this list it would have 600." in answer.content.decode()
    assert tournament.entrants.count() == 0


def test_a_seed_beyond_a_database_integer_is_refused_and_round_seeds_stay_within_one() -> None:
    club = make_club()
    document = tournament_document(make_tournament(club, "Anna", "Bernd"))
    with pytest.raises(Refusal, match="seed"):
        import_tournament(club, {**document, "seed": MOST_SEED + 1}, user=None)
    with pytest.raises(Refusal, match="The seed is a whole number from 0 to 2147483647"):
        make_tournament(club, "Anna", "Bernd", seed=MOST_SEED + 1)

    tournament = import_tournament(club, json.loads(json.dumps({**document, "seed": MOST_SEED})), user=None)
    dora = director(club)
    detail = address("detail", tournament)
    round_page = send(dora, detail, form_on(dora.get(detail), action="/draw/"))["Location"]
    send(dora, round_page, form_on(dora.get(round_page), action="/draw/"))
    seeds = list(tournament.rounds.values_list("seed", flat=True))
    assert seeds and all(0 <= seed <= MOST_SEED for seed in seeds), seeds


def test_a_table_link_with_a_nul_is_not_found_without_asking_the_database() -> None:
    with CaptureQueriesContext(connection) as queries:
        assert Client().get("/t/%00/").status_code == 404
        assert Client().get("/t/%00/deals/new/").status_code == 404
    # SQLite cuts the logged query at the NUL, so look for the table rather than the NUL
    assert not any("scoring_roundtable" in query["sql"] for query in queries.captured_queries)


def test_new_link_tapped_twice_makes_one_new_link() -> None:
    tournament = make_tournament(make_club(), "Anna", "Bernd")
    services.publish_round(services.draw_round(tournament, user=None))
    table = tournament.rounds.get().tables.get()
    dora = director(tournament.club)
    round_page = address("round", tournament, number=1)
    form = form_on(dora.get(round_page), action=f"/tables/{table.pk}/link/")
    assert "key" in form.names()
    send(dora, round_page, form)
    table.refresh_from_db()
    renewed = table.token
    answer = send(dora, round_page, form, follow=True)
    table.refresh_from_db()
    assert table.token == renewed, "the second tap renews nothing"
    assert "already has its new link" in answer.content.decode()


@pytest.mark.django_db(transaction=True)
def test_a_draw_plans_before_it_takes_the_clubs_write_lock_and_plans_again_if_the_entrants_changed(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    tournament = make_tournament(make_club(), *(f"Player {n}" for n in range(1, 13)), rounds=2)
    planned = drawing.draw_plan
    locked_while_planning: list[bool] = []

    def watched(*args: Any, **kwargs: Any) -> Any:
        locked_while_planning.append(connection.in_atomic_block)
        if len(locked_while_planning) == 1:
            services.add_entrant(tournament, name="Late Lotte")  # another page, while the first plan runs
        return planned(*args, **kwargs)

    monkeypatch.setattr(drawing, "draw_plan", watched)
    dora = director(tournament.club)
    detail = address("detail", tournament)
    assert send(dora, detail, form_on(dora.get(detail), action="/draw/")).status_code == 302
    assert locked_while_planning == [False, False], "planned twice, never inside a transaction"
    seated = {p.display_name for table in tournament.rounds.get().tables.all() for p in table.sitting.seated_players()}
    assert "Late Lotte" in seated, "the draw stored is the one planned with her"
