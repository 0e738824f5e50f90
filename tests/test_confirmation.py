"""Confirmed by the other side: a deal entered waits until another player of the table types one
of its figures again, unseen on his screen; a wrong figure is refused and shown to both."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from scoring.engine import VARIANTS, Refusal
from scoring.sittings.confirmation import deal_in_words, figure_of
from scoring.sittings.models import DealRevision, Sitting
from scoring.sittings.services import close_sitting, confirm_deal, correct_deal, record_deal

from .deal_posts import correct, enter
from .factories import make_club, make_sitting
from .pages import fill_and_send

GROSS = {"dealer": "Anna", "card_points": {"Anna": 40, "Bernd": 20, "Carla": 18}}
SOLO = {"dealer": "Anna", "declarer": "Bernd", "contract": "solo", "declarer_points": 41}
THROWN_IN = {"dealer": "Bernd", "thrown_in": True}


def words(variant: str, deal: dict[str, Any], hidden: frozenset[str]) -> str:
    return " ".join(f"{line.label} {line.value}" for line in deal_in_words(VARIANTS[variant], deal, hidden, str))


def confirming(club: Any, variant: str = "grosstarock", *names: str) -> Sitting:
    club.confirm_deals = True
    club.save()
    return make_sitting(club, variant, *(names or ("Anna", "Bernd", "Carla")))


def confirm_url(sitting: Sitting, number: int) -> str:
    return reverse("scorekeeping:deal_confirm", kwargs={"slug": sitting.club.slug, "pk": sitting.pk, "number": number})


# --- the figure asked -------------------------------------------------------------------


def test_where_everyone_counts_card_points_one_named_player_is_asked_and_no_card_points_are_shown() -> None:
    players = ["Anna", "Bernd", "Carla"]
    figure = figure_of(VARIANTS["grosstarock"], GROSS, players, number=1, revision=1)
    assert str(figure.asked) == "Bernd's card points in deal 1"
    assert figure.matches("20") and figure.matches(" 20 ") and not figure.matches("18") and not figure.matches("")
    shown = words("grosstarock", GROSS, figure.hidden)
    assert "Anna" in shown and "40" not in shown and "18" not in shown


def test_the_player_asked_changes_from_deal_to_deal_and_with_each_correction() -> None:
    players = ["Anna", "Bernd", "Carla"]
    deals = ((1, 1), (2, 1), (1, 2))  # deal 1, deal 2, deal 1 corrected
    asked = [str(figure_of(VARIANTS["grosstarock"], GROSS, players, n, r).asked).split("'")[0] for n, r in deals]
    assert asked == ["Bernd", "Carla", "Anna"]


def test_in_a_declarer_game_the_declarers_card_points_are_asked_and_left_out() -> None:
    figure = figure_of(VARIANTS["kosakeln"], SOLO, ["Anna", "Bernd"], number=3, revision=1)
    assert str(figure.asked) == "The declarer's card points in deal 3"
    assert figure.answer == 41
    shown = words("kosakeln", SOLO, figure.hidden)
    assert "Bernd" in shown and "Solo" in shown and "41" not in shown


def test_a_deal_thrown_in_is_confirmed_by_who_dealt_it_which_is_left_out() -> None:
    figure = figure_of(VARIANTS["grosstarock"], THROWN_IN, ["Anna", "Bernd", "Carla"], number=2, revision=1)
    assert str(figure.asked) == "Who dealt deal 2?"
    assert figure.players == ("Anna", "Bernd", "Carla") and figure.matches("Bernd") and not figure.matches("Anna")
    assert "Bernd" not in words("grosstarock", THROWN_IN, figure.hidden)


# --- the services -----------------------------------------------------------------------


def test_a_sitting_that_does_not_confirm_counts_each_deal_confirmed_at_once(db: Any) -> None:
    club = make_club()
    sitting = make_sitting(club, "grosstarock", "Anna", "Bernd", "Carla")
    deal = record_deal(sitting, GROSS, user=None).deal
    assert not sitting.confirms and deal.confirmed_at is not None and not deal.waiting


def test_a_deal_entered_waits_and_a_wrong_figure_confirms_nothing_but_is_counted(db: Any) -> None:
    club = make_club()
    sitting = confirming(club)
    deal = record_deal(sitting, GROSS, user=None).deal
    assert deal.waiting
    with pytest.raises(Refusal, match=r"Bernd's card points in deal 1: not 18\. Deal 1 is not confirmed"):
        confirm_deal(sitting, 1, revision=1, typed="18", user=None)
    deal.refresh_from_db()
    assert deal.waiting and deal.mismatches == 1
    assert confirm_deal(sitting, 1, revision=1, typed="20", user=None).created
    assert not confirm_deal(sitting, 1, revision=1, typed="20", user=None).created
    deal.refresh_from_db()
    assert not deal.waiting


def test_a_correction_waits_for_confirmation_in_turn_and_the_old_revision_cannot_be_confirmed(db: Any) -> None:
    club = make_club()
    sitting = confirming(club)
    record_deal(sitting, GROSS, user=None)
    confirm_deal(sitting, 1, revision=1, typed="20", user=None)
    fixed = {**GROSS, "card_points": {"Anna": 38, "Bernd": 22, "Carla": 18}}
    correction = correct_deal(sitting, 1, fixed, user=None, reason="Bernd miscounted").deal
    assert correction.waiting
    with pytest.raises(Refusal, match="deal 1 was corrected meanwhile"):
        confirm_deal(sitting, 1, revision=1, typed="20", user=None)
    assert confirm_deal(sitting, 1, revision=2, typed="38", user=None).created  # revision 2 asks Anna


def test_a_closed_sitting_is_corrected_by_its_admin_without_waiting(admin: Any) -> None:
    _client, club = admin
    sitting = confirming(club)
    record_deal(sitting, GROSS, user=None)
    Sitting.objects.filter(pk=sitting.pk).update(closed_at="2026-12-01T20:00Z")
    sitting.refresh_from_db()
    ada = club.memberships.get().user
    assert not correct_deal(sitting, 1, GROSS, user=ada, reason="recounted").deal.waiting


# --- through the pages ------------------------------------------------------------------


def test_the_sheet_lists_the_deal_waiting_and_the_confirming_screen_asks_what_it_does_not_show(keeper: Any) -> None:
    client, club = keeper
    sitting = confirming(club)
    saved = enter(client, sitting, GROSS)
    follow = client.get(saved["Location"])
    assert "Another player of the table confirms it" in follow.content.decode()
    assert f'href="{confirm_url(sitting, 1)}"' in follow.content.decode()
    page = client.get(confirm_url(sitting, 1)).content.decode()
    assert "Bernd&#x27;s card points in deal 1" in page
    assert ">40<" not in page and ">20<" not in page and ">18<" not in page


def test_a_wrong_figure_is_refused_on_the_screen_and_shown_on_the_sheet_to_both(keeper: Any) -> None:
    client, club = keeper
    sitting = confirming(club)
    enter(client, sitting, GROSS)
    refused = fill_and_send(client, confirm_url(sitting, 1), {"figure": "21"}, having="figure")
    assert refused.status_code == 200
    assert "not 21. Deal 1 is not confirmed: look at it together" in refused.content.decode()
    other_phone = Client()
    other_phone.force_login(club.memberships.get().user)
    sheet = other_phone.get(sitting.get_absolute_url()).content.decode()
    assert "a figure typed did not match: look at it together" in sheet
    assert DealRevision.objects.get(sitting=sitting).waiting


def test_the_right_figure_confirms_and_sending_it_twice_is_harmless(keeper: Any) -> None:
    client, club = keeper
    sitting = confirming(club)
    enter(client, sitting, GROSS)
    page = client.get(confirm_url(sitting, 1))
    done = fill_and_send(client, confirm_url(sitting, 1), {"figure": "20"}, having="figure")
    assert done.status_code == 302
    assert "Deal 1 confirmed." in client.get(done["Location"]).content.decode()
    again = client.post(confirm_url(sitting, 1), {"revision": "1", "figure": "20"})
    assert again.status_code == 302 and page.status_code == 200
    assert "waits for another player" not in client.get(sitting.get_absolute_url()).content.decode()


def test_a_deal_corrected_while_another_player_read_it_is_shown_again_not_confirmed(keeper: Any) -> None:
    client, club = keeper
    sitting = confirming(club)
    enter(client, sitting, GROSS)
    correct(client, sitting, 1, {**GROSS, "card_points": {"Anna": 38, "Bernd": 22, "Carla": 18}}, "recounted")
    answer = client.post(confirm_url(sitting, 1), {"revision": "1", "figure": "20"})
    assert answer.status_code == 302 and answer["Location"] == confirm_url(sitting, 1)
    assert "deal 1 was corrected meanwhile" in client.get(answer["Location"]).content.decode().lower()
    assert DealRevision.objects.get(sitting=sitting, live=True).waiting


def test_the_confirming_screen_speaks_german_at_a_german_table(keeper: Any) -> None:
    client, club = keeper
    sitting = confirming(club)
    enter(client, sitting, GROSS)
    german = {"Accept-Language": "de"}
    page = client.get(confirm_url(sitting, 1), headers=german).content.decode()
    assert "Spiel 1 bestätigen" in page
    refused = fill_and_send(client, confirm_url(sitting, 1), {"figure": "21"}, having="figure", headers=german)
    assert "nicht 21" in refused.content.decode() and "not confirmed" not in refused.content.decode()


def test_the_club_turns_confirmation_on_for_its_sittings_from_its_settings(admin: Any) -> None:
    client, club = admin
    url = reverse("club:settings", kwargs={"slug": club.slug})
    fill_and_send(client, url, {"confirm_deals": True}, having="confirm_deals")
    club.refresh_from_db()
    assert club.confirm_deals
    assert make_sitting(club, "grosstarock", "Anna", "Bernd", "Carla").confirms


def test_a_deal_taking_every_trick_or_none_is_confirmed_by_who_dealt_it() -> None:
    valat = {**GROSS, "events": [{"type": "valat", "player": "Anna", "result": "won"}]}
    assert str(figure_of(VARIANTS["grosstarock"], valat, ["Anna", "Bernd", "Carla"], 1, 1).asked) == "Who dealt deal 1?"
    every_trick = {**SOLO, "all_tricks": True}
    figure = figure_of(VARIANTS["dreiertarock"], every_trick, ["Anna", "Bernd", "Carla"], 1, 1)
    assert figure.answer == "Anna" and "dealer" in figure.hidden


def test_a_figure_is_typed_in_plain_digits_only() -> None:
    figure = figure_of(VARIANTS["kosakeln"], SOLO, ["Anna", "Bernd"], number=3, revision=1)
    assert not figure.matches("4¹") and not figure.matches("²") and figure.matches("41")


def test_a_sitting_with_a_deal_waiting_does_not_close_until_it_is_confirmed(db: Any) -> None:
    club = make_club()
    sitting = confirming(club)
    record_deal(sitting, GROSS, user=None)
    with pytest.raises(Refusal, match="1 deal waits for another player to confirm it"):
        close_sitting(sitting, user=None)
    confirm_deal(sitting, 1, revision=1, typed="20", user=None)
    assert close_sitting(sitting, user=None).is_closed


def test_the_breakdown_of_a_deal_waiting_is_withheld_it_states_the_figure(keeper: Any) -> None:
    client, club = keeper
    sitting = confirming(club)
    enter(client, sitting, GROSS)
    url = reverse("sittings:deal", kwargs={"slug": club.slug, "pk": sitting.pk, "number": 1})
    page = client.get(url).content.decode()
    assert "its breakdown shows once it is confirmed" in page and "card points" not in page.lower()
    confirm_deal(sitting, 1, revision=1, typed="20", user=None)
    assert "its breakdown shows once it is confirmed" not in client.get(url).content.decode()
