"""Transfers marked paid: a club admin marks a transfer of a who-pays-whom list paid (and takes it
back) from the page that shows the list, the season's money page or the sitting's sheet; the
members see what is paid; a correction after payment shows the payment as changed, never as
silently paid; the season's workbook says it too."""

from __future__ import annotations

import datetime
import html
import io
import re
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.utils import translation
from openpyxl import load_workbook

from scoring.club.models import Club, Membership
from scoring.ledger.models import PaidTransfer
from scoring.sittings.models import Sitting
from scoring.sittings.services import close_sitting, correct_deal, record_deal

from ..factories import make_club, make_member, make_sitting

pytestmark = pytest.mark.django_db


def solo(dealer: str, winner: str) -> dict[str, Any]:
    """A Kosakeln Solo made by ``winner``: 12 game points (€1.20 at 10 cents) from the other."""
    return {"dealer": dealer, "declarer": winner, "contract": "solo", "declarer_points": 40}


@pytest.fixture
def club() -> Club:
    return make_club()


@pytest.fixture
def admin(club: Club) -> Client:
    """Ada administers the club: she marks transfers paid."""
    client = Client(headers={"accept-language": "en"})
    client.force_login(make_member(club, "ada", Membership.Role.ADMIN))
    return client


@pytest.fixture
def member(club: Club) -> Client:
    """Vera is a member: she sees what is paid, and may mark nothing."""
    client = Client(headers={"accept-language": "en"})
    client.force_login(make_member(club, "vera", Membership.Role.VIEWER))
    return client


def evening(club: Club, winners: list[str]) -> Sitting:
    """A closed Kosakeln sitting of Anna and Bernd on 2026-04-03, one Solo per winner."""
    sitting = make_sitting(club, "kosakeln", "Anna", "Bernd")
    Sitting.objects.filter(pk=sitting.pk).update(date="2026-04-03")
    for number, winner in enumerate(winners):
        record_deal(sitting, solo(("Anna", "Bernd")[number % 2], winner), user=None)
    close_sitting(sitting, user=None)
    return sitting


def corrected(sitting: Sitting, number: int, deal: dict[str, Any]) -> None:
    """Ada corrects a deal of the closed sitting (only an admin may)."""
    correct_deal(sitting, number, deal, user=User.objects.get(username="ada"), reason="Bernd made it")


MONEY = "/clubs/{slug}/ledger/money/?year=2026"


def transfers_on(page: str) -> list[str]:
    """Each transfer of the page's list as text, tags and notes included, without the buttons."""
    items = re.findall(r'<li class="transfer[^"]*">(.*?)</li>', page, re.S)
    texts = [re.sub(r"<form.*?</form>|<[^>]+>", " ", item, flags=re.S) for item in items]
    return [" ".join(html.unescape(text).split()) for text in texts]


def buttons_on(page: str) -> dict[str, dict[str, str]]:
    """The page's paid buttons by their label, with the fields each form sends."""
    found = {}
    forms = re.findall(r'<form method="post" action="[^"]*/money/paid/" class="paid-form">.*?</form>', page, re.S)
    for form in forms:
        label = re.search(r"<button[^>]*>([^<]+)</button>", form)
        assert label is not None
        fields = dict(re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)">', form))
        found[html.unescape(label.group(1))] = fields
    return found


def press(client: Client, page: str, label: str) -> str:
    """Send the form of the button ``label`` as the page rendered it; the page it leads to."""
    fields = buttons_on(page)[label]
    response = client.post("/clubs/stammtisch/ledger/money/paid/", fields, follow=True)
    assert response.status_code == 200
    return str(response.content.decode())


def test_an_admin_marks_a_transfer_paid_and_takes_it_back(club: Club, admin: Client) -> None:
    evening(club, ["Anna", "Anna"])
    page = admin.get(MONEY.format(slug=club.slug)).content.decode()
    assert transfers_on(page) == ["Bernd pays Anna €2.40"]
    assert list(buttons_on(page)) == ["Mark paid"]

    page = press(admin, page, "Mark paid")
    assert "The transfer is marked paid." in page
    payment = PaidTransfer.objects.get()
    assert (payment.payer.display_name, payment.payee.display_name, payment.cents) == ("Bernd", "Anna", 240)
    assert payment.marked_by is not None and payment.marked_by.username == "ada"
    [shown] = transfers_on(page)
    assert shown.startswith("Bernd pays Anna €2.40 paid marked by ada on ")
    assert list(buttons_on(page)) == ["Not paid"]

    page = press(admin, page, "Not paid")
    assert "The transfer is no longer marked paid." in page
    assert not PaidTransfer.objects.exists()
    assert transfers_on(page) == ["Bernd pays Anna €2.40"]


def test_a_form_sent_twice_marks_the_transfer_once(club: Club, admin: Client) -> None:
    evening(club, ["Anna"])
    page = admin.get(MONEY.format(slug=club.slug)).content.decode()
    press(admin, page, "Mark paid")
    again = press(admin, page, "Mark paid")
    assert "The transfer was already marked paid." in again
    assert PaidTransfer.objects.count() == 1


def test_a_member_sees_what_is_paid_and_cannot_mark_anything(club: Club, admin: Client, member: Client) -> None:
    evening(club, ["Anna"])
    admin_page = admin.get(MONEY.format(slug=club.slug)).content.decode()
    fields = buttons_on(admin_page)["Mark paid"]
    page = member.get(MONEY.format(slug=club.slug)).content.decode()
    assert buttons_on(page) == {} and "paid-form" not in page

    response = member.post(f"/clubs/{club.slug}/ledger/money/paid/", fields)
    assert response.status_code == 403
    assert not PaidTransfer.objects.exists()

    press(admin, admin_page, "Mark paid")
    [shown] = transfers_on(member.get(MONEY.format(slug=club.slug)).content.decode())
    assert shown.startswith("Bernd pays Anna €1.20 paid marked by ada on ")


def test_a_correction_after_payment_shows_the_payment_changed(club: Club, admin: Client) -> None:
    sitting = evening(club, ["Anna", "Anna", "Anna"])
    page = press(admin, admin.get(MONEY.format(slug=club.slug)).content.decode(), "Mark paid")
    corrected(sitting, 3, solo("Anna", "Bernd"))

    page = admin.get(MONEY.format(slug=club.slug)).content.decode()
    [shown] = transfers_on(page)
    assert shown.startswith("Bernd pays Anna €1.20 changed paid €3.60 on ")
    assert shown.endswith("(marked by ada), but the money was corrected since: now €1.20")
    assert list(buttons_on(page)) == ["Mark paid at the new amount", "Not paid"]

    page = press(admin, page, "Mark paid at the new amount")
    assert PaidTransfer.objects.get().cents == 120
    assert transfers_on(page)[0].startswith("Bernd pays Anna €1.20 paid marked by ada")


def test_a_payment_the_list_no_longer_holds_stays_shown_as_changed(club: Club, admin: Client) -> None:
    sitting = evening(club, ["Anna", "Anna"])
    press(admin, admin.get(MONEY.format(slug=club.slug)).content.decode(), "Mark paid")
    corrected(sitting, 2, solo("Bernd", "Bernd"))

    page = admin.get(MONEY.format(slug=club.slug)).content.decode()
    [shown] = transfers_on(page)
    assert shown.startswith("Bernd pays Anna €2.40 changed paid on ")
    assert shown.endswith("but the money was corrected since: this transfer is no longer owed")
    assert list(buttons_on(page)) == ["Not paid"], "it can be taken back, not marked again"


def test_a_stale_page_cannot_mark_an_amount_the_list_no_longer_holds(club: Club, admin: Client) -> None:
    sitting = evening(club, ["Anna", "Anna", "Anna"])
    page = admin.get(MONEY.format(slug=club.slug)).content.decode()
    corrected(sitting, 3, solo("Anna", "Bernd"))
    after = press(admin, page, "Mark paid")
    assert "This transfer is no longer in the list: the money changed since the page was shown." in after
    assert not PaidTransfer.objects.exists()


def test_the_sitting_sheet_marks_its_own_transfers(club: Club, admin: Client) -> None:
    sitting = evening(club, ["Anna"])
    sheet = f"/clubs/{club.slug}/sittings/{sitting.pk}/"
    page = admin.get(sheet).content.decode()
    assert transfers_on(page) == ["Bernd pays Anna €1.20"]
    response = admin.post(f"/clubs/{club.slug}/ledger/money/paid/", buttons_on(page)["Mark paid"])
    assert response.status_code == 302 and response["Location"] == sheet
    assert transfers_on(admin.get(sheet).content.decode())[0].startswith("Bernd pays Anna €1.20 paid marked by ada")
    assert PaidTransfer.objects.get().sitting_id == sitting.pk
    season = admin.get(MONEY.format(slug=club.slug)).content.decode()
    assert transfers_on(season) == ["Bernd pays Anna €1.20"], "the season's list is another list"


def test_the_german_page_says_it_in_german(club: Club, admin: Client) -> None:
    evening(club, ["Anna"])
    press(admin, admin.get(MONEY.format(slug=club.slug)).content.decode(), "Mark paid")
    with translation.override("de"):
        page = admin.get(MONEY.format(slug=club.slug), headers={"accept-language": "de"}).content.decode()
    [shown] = transfers_on(page)
    assert shown.startswith("Bernd zahlt Anna 1,20 € bezahlt markiert von ada am ")


def test_the_workbook_says_what_is_paid_by_whom_and_when(club: Club, admin: Client) -> None:
    evening(club, ["Anna"])
    one_game = MONEY.format(slug=club.slug) + "&variant=kosakeln"  # the workbook's list: one game's
    press(admin, admin.get(one_game).content.decode(), "Mark paid")
    response = admin.get(f"/clubs/{club.slug}/ledger/export.xlsx?variant=kosakeln&year=2026")
    book = load_workbook(io.BytesIO(b"".join(response.streaming_content)))  # type: ignore[attr-defined]
    rows = list(book["Transfers"].iter_rows(values_only=True))
    assert rows[0] == ("From", "To", "Amount", "Paid", "Amount paid", "Marked by", "Marked on")
    assert rows[1][:6] == ("Bernd", "Anna", 1.2, "paid", 1.2, "ada")
    assert isinstance(rows[1][6], datetime.datetime) and rows[1][6].second == 0  # a date, to the minute


def test_a_visitor_of_a_public_club_sees_what_is_paid_but_not_who_marked_it(club: Club, admin: Client) -> None:
    Club.objects.filter(pk=club.pk).update(public=True)
    sitting = evening(club, ["Anna"])
    visitor = Client(headers={"accept-language": "en"})
    one_game = MONEY.format(slug=club.slug) + "&variant=kosakeln"  # the workbook's list: one game's
    for page in (one_game, sitting.get_absolute_url()):
        press(admin, admin.get(page).content.decode(), "Mark paid")  # the season's list, the sitting's
        [shown] = transfers_on(visitor.get(page).content.decode())
        assert shown.startswith("Bernd pays Anna €1.20 paid marked by — on ")
    response = visitor.get(f"/clubs/{club.slug}/ledger/export.xlsx?variant=kosakeln&year=2026")
    book = load_workbook(io.BytesIO(b"".join(response.streaming_content)))  # type: ignore[attr-defined]
    assert list(book["Transfers"].iter_rows(values_only=True))[1][5] == "—"
