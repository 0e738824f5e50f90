"""Running a tournament: entrants, draws, tables, standings, late entry, withdrawal,
disqualification, byes, tables closed early and corrections."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from scoring.club.models import Membership
from scoring.engine.refusal import Refusal
from scoring.sittings.services import correct_deal, record_deal
from scoring.tournaments import services
from scoring.tournaments.draw import count_repeats
from scoring.tournaments.results import round_tables, seating, standings, standings_document

from ..factories import make_club, make_member, make_players
from .helpers import draw_and_play, kosakeln_win, make_tournament, play

pytestmark = pytest.mark.django_db

FIRST_SEAT_WINS = kosakeln_win(lambda players: players[0])
ALPHABET_WINS = kosakeln_win(min)


def places(tournament: Any, **kwargs: Any) -> list[tuple[int | None, str, int]]:
    return [(line.place, line.entrant.name, line.points) for line in standings(tournament, **kwargs)]


def test_a_round_seats_every_active_entrant_once_with_the_deals_each_table_plays() -> None:
    tournament = make_tournament(make_club(), *"ABCDEFGHIJKLM", variant="droggn", sizes=(4, 3), deals_per_dealer=2)
    round_ = services.draw_round(tournament, user=None)
    tables = round_tables(round_)
    assert sorted(len(view.players) for view in tables) == [3, 3, 3, 4]
    assert sorted(p.display_name for view in tables for p in view.players) == list("ABCDEFGHIJKLM")
    assert {len(view.players): view.due for view in tables} == {3: 6, 4: 8}


def test_a_table_takes_no_deal_before_publishing_and_none_beyond_its_due() -> None:
    from scoring.engine import InvalidSitting
    from scoring.sittings.services import record_deal

    tournament = make_tournament(make_club(), "Anna", "Bernd")
    round_ = services.draw_round(tournament, user=None)
    sitting = round_.tables.get().sitting
    players = [p.display_name for p in sitting.seated_players()]
    deal = FIRST_SEAT_WINS(players, players[0], None)
    with pytest.raises(InvalidSitting, match=r"^round 1 is not published yet: no deals are entered$"):
        record_deal(sitting, deal, user=None)
    services.publish_round(round_)
    play(round_, FIRST_SEAT_WINS)
    with pytest.raises(InvalidSitting, match="all 2 deals of this table are entered"):
        record_deal(sitting, deal, user=None)


def test_a_round_closes_only_when_every_table_finished_or_closed_early() -> None:
    tournament = make_tournament(make_club(), *"ABCD")
    round_ = services.draw_round(tournament, user=None)
    services.publish_round(round_)
    play(round_, FIRST_SEAT_WINS, tables=[1])
    with pytest.raises(Refusal, match="Table 2 has not played all its deals"):
        services.close_round(round_)
    table = round_.tables.get(number=2)
    services.close_table_early(table, "time is up")
    assert services.close_round(round_).state == "closed"
    assert [view.deals for view in round_tables(round_)] == [2, 0]
    names = [p.display_name for p in table.sitting.seated_players()]
    with pytest.raises(Refusal, match=r"^round 1 is closed: no deals are entered$"):
        record_deal(table.sitting, FIRST_SEAT_WINS(names, names[0], None), user=None)


def test_standings_count_game_points_and_break_ties_by_table_wins_then_the_lot() -> None:
    tournament = make_tournament(make_club(), "Anna", "Bernd", "Carla", "Dora", rounds=1)
    draw_and_play(tournament, ALPHABET_WINS)
    lines = standings(tournament)
    # at each table of two the alphabetically first won both deals: +24 and -24
    assert [line.points for line in lines] == [24, 24, -24, -24]
    assert [line.table_wins for line in lines] == [1, 1, 0, 0]
    assert [line.place for line in lines] == [1, 2, 3, 4], "the lot breaks what table wins do not"
    assert places(tournament) == places(tournament), "the lot stays the same on every reading"


def test_placement_scoring_gives_places_at_the_table_and_shares_a_tie() -> None:
    tournament = make_tournament(make_club(), *"ABCDEF", variant="droggn", sizes=(3,), scoring="placement", rounds=1)
    round_ = services.draw_round(tournament, user=None)
    services.publish_round(round_)

    def tie(players: list[str], dealer: str, out: str | None) -> dict[str, Any]:
        # the declarer rotates, each makes a plain Ansager once: everyone ends level at the table
        declarer = players[(players.index(dealer) + 1) % 3]
        return {
            "dealer": dealer,
            "sitting_out": out,
            "declarer": declarer,
            "contract": "ansager",
            "declarer_points": 37,
        }

    play(round_, lambda p, d, o: {k: v for k, v in tie(p, d, o).items() if v is not None})
    services.close_round(round_)
    assert {line.points for line in standings(tournament)} == {0}, "three tied at a table of 3 share +2, 0, -2"


def test_a_late_entrant_joins_the_next_round_and_scores_the_missed_round_points() -> None:
    tournament = make_tournament(make_club(), "Anna", "Bernd", "Carla", "Dora", missed_round_points=-5)
    draw_and_play(tournament, ALPHABET_WINS)
    services.add_entrant(tournament, name="Emil")
    services.add_entrant(tournament, name="Fritz")
    second = draw_and_play(tournament, ALPHABET_WINS)
    assert {n for table in seating(second) for n in table} == {1, 2, 3, 4, 5, 6}
    emil = next(line for line in standings(tournament) if line.entrant.name == "Emil")
    assert [score.kind for score in emil.rounds] == ["missed", "seated"]
    assert emil.rounds[0].points == -5


def test_a_withdrawn_entrant_keeps_his_place_and_a_disqualified_one_has_none() -> None:
    tournament = make_tournament(make_club(), "Anna", "Bernd", "Carla", "Dora", "Emil", "Fritz", rounds=2)
    draw_and_play(tournament, ALPHABET_WINS)
    entrants = {e.player.display_name: e for e in tournament.entrants.select_related("player")}
    services.set_state(entrants["Bernd"], "withdrawn")
    services.set_state(entrants["Carla"], "disqualified")
    second = services.draw_round(tournament, user=None)
    seated = {p.display_name for view in round_tables(second) for p in view.players}
    assert seated == {"Anna", "Dora", "Emil", "Fritz"}
    lines = {line.entrant.name: line for line in standings(tournament)}
    assert lines["Bernd"].place is not None and lines["Bernd"].state == "withdrawn"
    assert lines["Carla"].place is None
    assert standings(tournament)[-1].entrant.name == "Carla", "the disqualified are listed last"


def test_an_odd_kosakeln_field_gives_one_bye_a_round_and_nobody_a_second_before_all_had_one() -> None:
    tournament = make_tournament(make_club(), *"ABCDE", rounds=5, bye_points=6)
    byes = []
    for _round in range(5):
        round_ = draw_and_play(tournament, ALPHABET_WINS)
        assert len(round_.byes) == 1
        byes += round_.byes
    assert sorted(byes) == [1, 2, 3, 4, 5]
    bye = next(score for score in standings(tournament)[0].rounds if score.kind == "bye")
    assert bye.points == 6


def test_a_correction_of_round_one_after_round_three_changes_the_standings_and_no_draw() -> None:
    tournament = make_tournament(make_club(), *"ABCDEF", rounds=3)
    first = draw_and_play(tournament, ALPHABET_WINS)
    draw_and_play(tournament, ALPHABET_WINS)
    draw_and_play(tournament, ALPHABET_WINS)
    seatings = [seating(r) for r in tournament.rounds.order_by("number")]
    before = standings_document(tournament, standings(tournament))
    table = first.tables.get(number=1)
    players = [p.display_name for p in table.sitting.seated_players()]
    loser = max(players)
    correct_deal(
        table.sitting,
        1,
        {"dealer": players[0], "declarer": loser, "contract": "solo", "declarer_points": 40},
        user=None,
        reason="the other one made the Solo",
    )
    after = standings_document(tournament, standings(tournament))
    assert before != after
    assert [seating(r) for r in tournament.rounds.order_by("number")] == seatings


def test_the_whole_plan_is_drawn_at_once_and_later_rounds_follow_it() -> None:
    names = [f"Player {n}" for n in range(1, 17)]
    tournament = make_tournament(make_club(), *names, variant="grosstarock", sizes=(4,), rounds=5)
    for _round in range(5):
        round_ = services.draw_round(tournament, user=None)
        services.publish_round(round_)
        for table in round_.tables.all():
            services.close_table_early(table, "a test of the seating only")
        services.close_round(round_)
    assert count_repeats([tuple(seating(r)) for r in tournament.rounds.order_by("number")]) == 0


def test_drawing_again_uses_the_next_seed_and_records_it() -> None:
    tournament = make_tournament(make_club(), *"ABCDEFGH", rounds=2)
    first = services.draw_round(tournament, user=None)
    again = services.draw_round(tournament, user=None)
    assert again.number == 1 and again.seed == first.seed + 1
    assert tournament.rounds.count() == 1


def test_the_director_cannot_draw_while_a_round_is_played() -> None:
    tournament = make_tournament(make_club(), *"ABCD")
    services.publish_round(services.draw_round(tournament, user=None))
    with pytest.raises(Refusal, match="Close round 1"):
        services.draw_round(tournament, user=None)


def test_five_entrants_at_tables_of_three_or_four_are_refused_with_what_to_do() -> None:
    tournament = make_tournament(make_club(), *"ABCDE", variant="droggn", sizes=(4, 3))
    with pytest.raises(Refusal, match="add 1 or withdraw 1"):
        services.draw_round(tournament, user=None)


def test_fewest_declarer_losses_is_refused_for_a_game_without_one_declarer() -> None:
    with pytest.raises(Refusal, match="fewest_declarer_losses"):
        make_tournament(make_club(), variant="grosstarock", sizes=(3,), tiebreaks=["fewest_declarer_losses", "lot"])


# --- the table's link -----------------------------------------------------------------------


def link(table: Any, path: str = "") -> str:
    return reverse("table_link:home", kwargs={"token": table.token}) + path


def test_a_tables_link_enters_its_deals_without_an_account() -> None:
    tournament = make_tournament(make_club(), "Anna", "Bernd")
    round_ = services.draw_round(tournament, user=None)
    services.publish_round(round_)
    table = round_.tables.get()
    players = [p.display_name for p in table.sitting.seated_players()]
    from ..deal_posts import post_data

    phone = Client()
    assert phone.get(link(table)).status_code == 200
    data = post_data("kosakeln", FIRST_SEAT_WINS(players, players[0], None), players)
    response = phone.post(link(table, "deals/new/"), data)
    assert response.status_code == 302 and response["Location"].startswith(link(table))
    assert table.sitting.live_deals().count() == 1


def test_a_tables_link_refuses_other_tables_other_tournaments_closed_rounds_and_a_revoked_link() -> None:
    club = make_club()
    tournament = make_tournament(club, *"ABCD")
    round_ = services.draw_round(tournament, user=None)
    services.publish_round(round_)
    mine, theirs = round_.tables.order_by("number")
    play(round_, FIRST_SEAT_WINS, tables=[2])
    phone = Client()
    deal_of_other_table = link(mine, f"deals/{1}/correct/")
    assert phone.get(deal_of_other_table).status_code == 404, "table 1 has no deal 1: table 2's is not reachable"
    other = make_tournament(club, "Eva", "Fritz", name="Frühling")
    other_round = services.draw_round(other, user=None)
    services.publish_round(other_round)
    play(other_round, FIRST_SEAT_WINS)
    assert "Eva" not in phone.get(link(mine)).content.decode(), "a link shows its own table only"
    assert phone.post(deal_of_other_table, {"reason": "x"}).status_code == 404
    old = mine.token
    services.new_link(mine)
    assert phone.get(reverse("table_link:home", kwargs={"token": old})).status_code == 404
    play(round_, FIRST_SEAT_WINS, tables=[1])
    services.close_round(round_)
    mine.refresh_from_db()
    assert phone.get(link(mine, "deals/new/")).status_code == 302, "refused after the round closes"
    assert "Enter deal" not in phone.get(link(theirs)).content.decode(), "the result, read-only"


def test_an_anonymous_visitor_gets_404_for_a_drawn_round_of_a_public_tournament() -> None:
    club = make_club()
    tournament = make_tournament(club, *"ABCD", public=True)
    services.draw_round(tournament, user=None)
    visitor = Client()
    url = reverse("tournaments:round", kwargs={"slug": club.slug, "pk": tournament.pk, "number": 1})
    assert visitor.get(url).status_code == 404
    assert visitor.get(tournament.get_absolute_url()).status_code == 200
    director = Client()
    director.force_login(make_member(club, "dora", Membership.Role.SCOREKEEPER))
    assert director.get(url).status_code == 200


def test_the_public_page_shows_initials_for_who_asked_and_full_names_to_members() -> None:
    club = make_club()
    tournament = make_tournament(club, "Anna Maria Huber", "Bernd", public=True)
    player = club.players.get(display_name="Anna Maria Huber")
    player.initials_only = True
    player.save()
    url = reverse("tournaments:standings_json", kwargs={"slug": club.slug, "pk": tournament.pk})
    public = Client().get(url).json()
    assert sorted(line["name"] for line in public["standings"]) == ["A. M. H.", "Bernd"]
    member = Client()
    member.force_login(make_member(club, "vera", Membership.Role.VIEWER))
    assert sorted(line["name"] for line in member.get(url).json()["standings"]) == ["Anna Maria Huber", "Bernd"]


def test_standings_json_lists_every_entrant_in_order_with_its_rounds() -> None:
    club = make_club()
    tournament = make_tournament(club, "Anna", "Bernd", "Carla", "Dora", public=True, rounds=2)
    draw_and_play(tournament, ALPHABET_WINS)
    draw_and_play(tournament, ALPHABET_WINS)
    document = (
        Client().get(reverse("tournaments:standings_json", kwargs={"slug": club.slug, "pk": tournament.pk})).json()
    )
    anna = next(line for line in document["standings"] if line["name"] == "Anna")
    assert anna == {
        "place": anna["place"],
        "name": "Anna",
        "start_number": 1,
        "state": "active",
        "points": 48,
        "game_points": 48,
        "rounds": [24, 24],
        "table_wins": 2,
        "best_round": 24,
    }
    assert anna["place"] in (1, 2), "Anna and Bernd won every deal: the lot orders them"
    assert [line["points"] for line in document["standings"]] == [48, 48, -48, -48]


def test_a_guest_named_like_a_club_player_in_other_capitals_is_that_player() -> None:
    club = make_club()
    (anna,) = make_players(club, "Anna")
    tournament = make_tournament(club, "anna", "Bernd")
    entered = [entrant.player for entrant in tournament.entrants.order_by("start_number")]
    assert entered[0] == anna and club.players.count() == 2
