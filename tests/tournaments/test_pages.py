"""What a tournament gives out: its workbook and CSV, the entrant import, and the printouts
(seating list, table cards with their QR codes, blank score sheets)."""

from __future__ import annotations

import io
from typing import Any

import openpyxl
import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from scoring.club.models import Membership, Player
from scoring.sittings.models import Seat
from scoring.sittings.services import correct_deal
from scoring.submissions import new_key
from scoring.tournaments import services
from scoring.tournaments.results import round_tables, standings

from ..factories import make_club, make_member
from .helpers import draw_and_play, kosakeln_win, make_tournament

pytestmark = pytest.mark.django_db

ALPHABET_WINS = kosakeln_win(min)


def url(name: str, tournament: Any, **more: Any) -> str:
    return reverse(f"tournaments:{name}", kwargs={"slug": tournament.club.slug, "pk": tournament.pk, **more})


def director(club: Any) -> Client:
    client = Client()
    client.force_login(make_member(club, "dora", Membership.Role.SCOREKEEPER))
    return client


def workbook(client: Client, address: str) -> openpyxl.Workbook:
    response = client.get(address)
    assert response.status_code == 200
    return openpyxl.load_workbook(io.BytesIO(b"".join(response.streaming_content)))  # type: ignore[attr-defined]


def rows(sheet: Any) -> list[tuple[Any, ...]]:
    return list(sheet.iter_rows(values_only=True))


def test_the_workbook_has_standings_a_sheet_per_round_seating_deals_and_settings() -> None:
    club = make_club()
    tournament = make_tournament(club, "Anna", "Bernd", "Carla", "Dora", rounds=2)
    draw_and_play(tournament, ALPHABET_WINS)
    draw_and_play(tournament, ALPHABET_WINS)
    book = workbook(director(club), url("export_xlsx", tournament))
    assert book.sheetnames == ["Standings", "Round 1", "Round 2", "Seating", "Deals", "Settings"]

    table = rows(book["Standings"])
    assert table[0][:8] == (
        "Place",
        "Entrant",
        "Start number",
        "State",
        "Tournament points",
        "Game points",
        "Table wins",
        "Best round",
    )
    shown = [(line.place, line.entrant.name, line.points) for line in standings(tournament)]
    assert [(row[0], row[1], row[4]) for row in table[1:]] == shown, "the sheet shows what the page shows"
    assert all(isinstance(row[4], int) and isinstance(row[8], int) for row in table[1:]), "numbers are numbers"

    first_round = rows(book["Round 1"])
    assert first_round[0] == ("Place", "Entrant", "Table", "Seat", "Result", "Tournament points")
    assert sorted(row[1] for row in first_round[1:]) == ["Anna", "Bernd", "Carla", "Dora"]
    assert {row[0] for row in first_round[1:]} == {1, 2}, "first and second at each table of two"

    deals = rows(book["Deals"])
    assert deals[0] == ("Round", "Table", "Deal", "Player", "Seat", "Score", "Thrown in", "Played")
    per_player: dict[str, int] = {}
    for row in deals[1:]:
        per_player[row[3]] = per_player.get(row[3], 0) + row[5]
    assert per_player == {line.entrant.name: line.game_points for line in standings(tournament)}, (
        "the deals add up to the standings' game points"
    )
    assert len(rows(book["Seating"])) == 1 + 2 * 4

    settings = dict(rows(book["Settings"])[1:])
    assert settings["Game"] == "Kosakeln"
    assert settings["Rounds"] == 2
    assert settings["Table sizes, preferred first"] == "2"


def test_the_csv_is_the_standings_and_a_visitor_sees_initials_where_asked() -> None:
    club = make_club()
    tournament = make_tournament(club, "Anna Maria Huber", "Bernd", public=True, rounds=1)
    Player.objects.filter(display_name="Anna Maria Huber").update(initials_only=True)
    draw_and_play(tournament, ALPHABET_WINS)
    csv = b"".join(Client().get(url("export_csv", tournament)).streaming_content).decode("utf-8-sig")  # type: ignore[attr-defined]
    assert csv.splitlines()[0].startswith("Place,Entrant,Start number")
    assert "A. M. H." in csv and "Anna Maria" not in csv
    book = workbook(Client(), url("export_xlsx", tournament))
    assert not any("Anna Maria" in str(cell) for sheet in book for row in rows(sheet) for cell in row)


def test_the_entrant_import_enters_every_name_and_makes_the_club_players_it_lacks() -> None:
    club = make_club()
    tournament = make_tournament(club, "Anna")
    Player.objects.create(club=club, display_name="Bernd")
    upload = SimpleUploadedFile("entrants.csv", b"Name\nAnna\nBernd\nCarla\n")
    response = director(club).post(url("entrants_import", tournament), {"file": upload, "key": new_key()}, follow=True)
    assert "2 entered, 1 had entered already." in response.content.decode()
    assert sorted(tournament.entrants.values_list("start_number", "player__display_name")) == [
        (1, "Anna"),
        (2, "Bernd"),
        (3, "Carla"),
    ]
    assert club.players.filter(display_name="Carla").exists()


def test_an_entrant_list_with_a_bad_name_enters_nobody_and_says_which_row() -> None:
    club = make_club()
    tournament = make_tournament(club)
    upload = SimpleUploadedFile("entrants.csv", ("Name\nAnna\n" + "x" * 200 + "\n").encode())
    response = director(club).post(url("entrants_import", tournament), {"file": upload, "key": new_key()})
    assert response.status_code == 200
    assert "row 3" in response.content.decode()
    assert not tournament.entrants.exists() and not club.players.exists()


def test_the_seating_list_prints_by_table_and_by_name() -> None:
    club = make_club()
    tournament = make_tournament(club, "Dora", "Anna", "Carla", "Bernd", public=True)
    round_ = services.draw_round(tournament, user=None)
    services.publish_round(round_)
    page = Client().get(url("seating", tournament, number=1)).content.decode()
    by_name = page[page.index('id="by-name"') :]
    assert [by_name.index(name) for name in ("Anna", "Bernd", "Carla", "Dora")] == sorted(
        by_name.index(name) for name in ("Anna", "Bernd", "Carla", "Dora")
    ), "the second list is alphabetical"


def test_each_table_card_carries_its_own_link_as_a_qr_code_for_the_director_only() -> None:
    club = make_club()
    tournament = make_tournament(club, *"ABCD", public=True)
    round_ = services.draw_round(tournament, user=None)
    services.publish_round(round_)
    page = director(club).get(url("cards", tournament, number=1)).content.decode()
    for view in round_tables(round_):
        assert f"/t/{view.table.token}/" in page
    assert page.count('src="data:image/svg+xml') == 2
    assert Client().get(url("cards", tournament, number=1)).status_code in (302, 403, 404)


def test_a_blank_score_sheet_has_a_row_for_every_deal_the_table_plays() -> None:
    club = make_club()
    tournament = make_tournament(club, *"ABCDEFG", variant="droggn", sizes=(4, 3), deals_per_dealer=2)
    round_ = services.draw_round(tournament, user=None)
    client = director(club)
    page = client.get(url("sheets", tournament, number=1)).content.decode()
    assert page.count('class="deal-row"') == 8 + 6
    four = next(view for view in round_tables(round_) if len(view.players) == 4).table.sitting
    sheet = rows(workbook(client, four.get_absolute_url() + "sheet.xlsx").active)
    seated = [p.display_name for p in four.seated_players()]
    assert sheet[0][-4:] == tuple(seated), "a column per player in seat order"
    assert [row[:2] for row in sheet[1:]] == [(n, seated[(n - 1) % 4]) for n in range(1, 9)], (
        "the 8 deals the table plays, each with its dealer"
    )


def standings_page(client: Client, tournament: Any) -> str:
    return client.get(url("standings", tournament)).content.decode()


def test_the_standings_page_follows_a_correction_a_withdrawal_and_a_new_name_at_once() -> None:
    club = make_club()
    tournament = make_tournament(club, "Anna", "Bernd", public=True, rounds=1)
    round_ = draw_and_play(tournament, ALPHABET_WINS)
    visitor = Client()
    assert '<td class="num total">24</td>' in standings_page(visitor, tournament)

    sitting = round_.tables.get().sitting
    players = [p.display_name for p in sitting.seated_players()]
    bernd_wins = kosakeln_win(lambda _players: "Bernd")(players, players[0], None)
    correct_deal(sitting, 1, bernd_wins, user=None, reason="wrong winner")
    assert '<td class="num total">0</td>' in standings_page(visitor, tournament), "the correction shows"

    services.set_state(tournament.entrants.get(player__display_name="Bernd"), "withdrawn")
    assert "withdrawn" in standings_page(visitor, tournament)

    Player.objects.filter(display_name="Bernd").update(display_name="Bernhard")
    assert "Bernhard" in standings_page(visitor, tournament)


def test_the_standings_page_follows_a_repair_of_the_stored_totals() -> None:
    """``recompute_scores`` adds no deal: the page follows it through the club's count of changes."""
    club = make_club()
    tournament = make_tournament(club, "Anna", "Bernd", public=True, rounds=1)
    round_ = draw_and_play(tournament, ALPHABET_WINS)
    Seat.objects.filter(sitting=round_.tables.get().sitting, player__display_name="Anna").update(points=0)
    visitor = Client()
    assert '<td class="num total">24</td>' not in standings_page(visitor, tournament), "the damaged total"

    call_command("recompute_scores", stdout=io.StringIO())
    assert '<td class="num total">24</td>' in standings_page(visitor, tournament), "the repaired total"


def test_the_standings_page_makes_as_many_queries_for_20_entrants_as_for_4() -> None:
    club = make_club()
    counts = []
    for size, names in ((4, "ABCD"), (20, [f"Spieler {n}" for n in range(20)])):
        tournament = make_tournament(club, *names, name=f"Turnier {size}", public=True, rounds=2)
        draw_and_play(tournament, ALPHABET_WINS)
        draw_and_play(tournament, ALPHABET_WINS)
        with CaptureQueriesContext(connection) as captured:
            assert Client().get(url("standings", tournament)).status_code == 200
        counts.append(len(captured))
    assert counts[0] == counts[1] <= 10
