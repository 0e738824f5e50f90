"""The season table page is kept in the cache while the club has not changed, and follows every
change at once: a deal entered, corrected or taken back, a sitting closed or imported, a player
renamed (by the services or in the admin), a new ranking rule. Every write counts a change on
the club or on the sitting it writes (``scoring.club.changes``); a refused one counts nothing."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from scoring.club.changes import stamp, stamped
from scoring.club.models import Club, Membership, Player
from scoring.club.services import save_player
from scoring.engine import InvalidSitting
from scoring.ledger.ranking import Mode
from scoring.ledger.results import Seasons
from scoring.ledger.services import save_rule
from scoring.sittings.models import Sitting
from scoring.sittings.services import (
    close_sitting,
    correct_deal,
    import_sitting,
    record_deal,
    remove_last_deal,
)

from ..factories import make_club, make_member, make_sitting

pytestmark = pytest.mark.django_db

SCORING = Path(__file__).resolve().parents[2] / "scoring"


def solo(dealer: str, winner: str) -> dict[str, Any]:
    """A Kosakeln Solo made by ``winner``: 12 game points from the other player."""
    return {"dealer": dealer, "declarer": winner, "contract": "solo", "declarer_points": 40}


def figures(client: Client, club: Club) -> dict[str, str]:
    """Each listed player's figure on the season table page (game points, in the default mode)."""
    page = client.get(f"/clubs/{club.slug}/ledger/?variant=kosakeln").content.decode()
    rows = re.findall(r'<tr data-player="([^"]+)".*?data-column="figure">([^<]+)</td>', page)
    return dict(rows)


def page(client: Client, club: Club) -> str:
    return client.get(f"/clubs/{club.slug}/ledger/?variant=kosakeln").content.decode()


def changes(club: Club) -> int:
    """The changes counted on the club and on its sittings (``scoring.club.changes``)."""
    return sum(stamp(stamped(Club.objects.filter(pk=club.pk)).get()))


@pytest.fixture
def evening() -> tuple[Client, Club, Sitting]:
    club = make_club(public=True)
    sitting = make_sitting(club, "kosakeln", "Anna", "Bernd")
    record_deal(sitting, solo("Anna", "Anna"), user=None)
    return Client(), club, sitting


def test_the_page_follows_each_deal_entered_corrected_and_taken_back(evening: Any) -> None:
    client, club, sitting = evening
    assert figures(client, club) == {"Anna": "12", "Bernd": "-12"}

    record_deal(sitting, solo("Bernd", "Anna"), user=None)
    assert figures(client, club) == {"Anna": "24", "Bernd": "-24"}

    correct_deal(sitting, 2, solo("Bernd", "Bernd"), user=None, reason="Bernd made it")
    assert figures(client, club) == {"Anna": "0", "Bernd": "0"}

    remove_last_deal(sitting, user=None, reason="never played")
    assert figures(client, club) == {"Anna": "12", "Bernd": "-12"}


def test_the_page_follows_a_closed_sitting_and_a_new_one(evening: Any) -> None:
    client, club, sitting = evening
    assert "provisional" in page(client, club)
    close_sitting(sitting, user=None)
    assert "provisional" not in page(client, club)

    doc = {"variant": "kosakeln", "players": ["Anna", "Clara"], "deals": [solo("Anna", "Clara")]}
    import_sitting(club, doc, user=None)
    assert figures(client, club) == {"Anna": "0", "Bernd": "-12", "Clara": "12"}


def test_the_page_follows_a_renamed_player_and_a_new_rule(evening: Any) -> None:
    client, club, _sitting = evening
    assert "Anna" in figures(client, club)
    save_player(club, display_name="Annemarie", player=Player.objects.get(display_name="Anna"))
    assert "Annemarie" in figures(client, club)

    save_rule(club, "kosakeln", Seasons(club).current(Sitting.objects.get().date), mode=Mode("per_deal"))
    assert "per deal" in page(client, club)


def test_the_page_follows_a_player_renamed_in_the_admin(evening: Any) -> None:
    client, club, _sitting = evening
    assert "Anna" in figures(client, club)
    anna = Player.objects.get(display_name="Anna")
    staff = Client()
    staff.force_login(get_user_model().objects.create_superuser("root", password="x"))
    response = staff.post(
        f"/admin/scoring/player/{anna.pk}/change/", {"club": club.pk, "display_name": "Annemarie", "active": "on"}
    )
    assert response.status_code == 302, response.content.decode()[:2000]
    assert "Annemarie" in figures(client, club)


def test_a_second_visit_reads_the_table_from_the_cache(evening: Any, django_assert_num_queries: Any) -> None:
    client, club, _sitting = evening
    figures(client, club)
    with django_assert_num_queries(2):  # the club, its seasons: nothing of the table
        assert figures(client, club) == {"Anna": "12", "Bernd": "-12"}


def test_made_up_address_parameters_find_the_same_cached_table(evening: Any, django_assert_num_queries: Any) -> None:
    client, club, _sitting = evening
    figures(client, club)
    with django_assert_num_queries(2):
        response = client.get(f"/clubs/{club.slug}/ledger/?variant=kosakeln&x=1&utm_source=mail")
    assert 'data-player="Anna"' in response.content.decode()


def test_each_write_counts_one_change_and_a_refused_one_none(evening: Any) -> None:
    _client, club, sitting = evening
    before = changes(club)
    record_deal(sitting, solo("Bernd", "Bernd"), user=None)
    assert changes(club) == before + 1
    with pytest.raises(InvalidSitting):
        record_deal(sitting, {**solo("Anna", "Anna"), "declarer_points": 99}, user=None)
    assert changes(club) == before + 1


def test_saving_a_club_never_puts_back_an_older_count_of_changes(evening: Any) -> None:
    _client, club, sitting = evening
    stale = Club.objects.get(pk=club.pk)
    record_deal(sitting, solo("Bernd", "Bernd"), user=None)
    counted = changes(club)
    stale.name = "Renamed"
    stale.save()
    assert changes(club) == counted


def test_a_club_saved_with_named_fields_or_copied_keeps_its_own_count(evening: Any) -> None:
    _client, club, sitting = evening
    stale = Club.objects.get(pk=club.pk)
    record_deal(sitting, solo("Bernd", "Bernd"), user=None)
    counted = changes(club)
    stale.save(update_fields=["name", "changes"])
    assert changes(club) == counted
    stale.pk, stale.slug = None, "copy"
    stale.save()
    assert Club.objects.get(slug="copy").changes == stale.changes


def test_every_service_opens_its_transaction_through_changing() -> None:
    """Bumping the count must be a write's first lock (see ``changes.py``): a transaction opened
    any other way could take a sitting's lock first and deadlock against one that bumps. This
    finds transactions opened otherwise; the tests above find writes that bump nothing."""
    opened = {
        str(path.relative_to(SCORING))
        for path in SCORING.rglob("*.py")
        if "transaction.atomic" in path.read_text() and "migrations" not in path.parts
    }
    assert opened == {"club/changes.py", "demo.py"}, "demo.py makes a new club, which nothing has cached"


def test_a_deal_counts_its_change_on_its_sitting_and_leaves_the_club_row_alone(evening: Any) -> None:
    """Tables of one club never queue on the club's row (``scoring.club.changes``)."""
    _client, club, sitting = evening
    before = Club.objects.get(pk=club.pk).changes, Sitting.objects.get(pk=sitting.pk).changes
    record_deal(sitting, solo("Bernd", "Bernd"), user=None)
    correct_deal(sitting, 2, solo("Bernd", "Anna"), user=None, reason="Anna made it")
    remove_last_deal(sitting, user=None, reason="never played")
    assert (Club.objects.get(pk=club.pk).changes, Sitting.objects.get(pk=sitting.pk).changes) == (
        before[0],
        before[1] + 3,
    )


def test_saving_a_sitting_never_puts_back_an_older_count_of_changes(evening: Any) -> None:
    _client, _club, sitting = evening
    stale = Sitting.objects.get(pk=sitting.pk)
    record_deal(sitting, solo("Bernd", "Bernd"), user=None)
    counted = Sitting.objects.get(pk=sitting.pk).changes
    stale.save()
    assert Sitting.objects.get(pk=sitting.pk).changes == counted


def test_a_deal_at_a_sitting_closed_meanwhile_is_written_as_the_closed_sittings(evening: Any) -> None:
    """The page read the sitting open; it was closed before the deal came: the deal re-rates the
    club's game, so it counts its change on the club (whose row it locks first) after all."""
    client, club, sitting = evening
    read_open = Sitting.objects.get(pk=sitting.pk)
    close_sitting(sitting, user=None)
    assert "provisional" not in page(client, club)
    before = Club.objects.get(pk=club.pk).changes
    record_deal(read_open, solo("Bernd", "Anna"), user=make_member(club, "ada", Membership.Role.ADMIN))
    assert Club.objects.get(pk=club.pk).changes == before + 1
    assert figures(client, club) == {"Anna": "24", "Bernd": "-24"}
