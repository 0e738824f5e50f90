"""What the site accepts: every bound on what a form, a document or an address may carry.

Forms, imports, commands, the admin and the database's check constraints all read their limits
here, so a value SQLite would store is never one PostgreSQL refuses, and every refusal is a
message rather than a server error. The engine bounds its own values (card points, counts,
house rules, ``MOST_POINTS``).

Names (of players) are **normalised** the same way on every path: Unicode composed (NFC), spaces
around them removed and every run of inner white space made one space, so "  Anna  " is Anna. A
club's players are told apart by their names whatever the capitals (:func:`name_key`).
"""

from __future__ import annotations

import re
import unicodedata
from decimal import Decimal

from scoring.engine.reasons import Reason, _, why

NAME_LENGTH = 60
"""A player's display name."""
CLUB_NAME_LENGTH = 100
REASON_LENGTH = 500
"""Why a deal was corrected or taken back."""
FORM_KEY = re.compile(r"[A-Za-z0-9_-]{1,64}")
"""A form's one-time key (the forms write 32 hexadecimal digits)."""
FORM_KEY_LENGTH = 64
MOST_CENTS_PER_POINT = Decimal("999999.99")
"""The largest tariff, in cents per game point (the column holds eight digits)."""
ID_DIGITS = 15
"""Numbers in addresses (sittings, deals, players) have at most this many digits; longer ones
name nothing that exists, and would overflow the database's integers."""
MOST_SEATS = 4
MOST_SHEET_FEE_CENTS = 100_000
"""The largest sheet fee, in cents per player per sitting (1,000.00 in the club's currency)."""
SEASON_NAME_LENGTH = 60
"""A season's name, such as "Winter 2026/27"."""
MOST_RANKING_SETTING = 10_000
"""The largest list length, number of best sittings or tournaments, minimum attendance and cup
points a ranking rule may name: far beyond any club's season."""
MOST_CUP_PLACES = 200
"""The longest cup table (points for places 1 to 200; every later place earns 0)."""

CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")
"""Characters no name or reason may hold (NUL among them, which PostgreSQL cannot store)."""


def normalise_name(text: str) -> str:
    """A name as it is kept: composed, trimmed, one space between words."""
    return " ".join(unicodedata.normalize("NFC", text).split())


def name_key(name: str) -> str:
    """What tells two players of a club apart: the letters of their names, whatever their
    capitals (``casefold``: "anna" is the club's Anna, "STRASSE" its Straße)."""
    return name.casefold()


DAMAGED = why(_("The form is damaged: load the page again."))
"""Why a form whose one-time key was damaged on its way is refused."""
NO_REASON = why(_("Say why the deal is changed."))
"""Why a correction or a take-back without its reason is refused."""


def damaged_key(key: str) -> bool:
    """Whether a form's one-time key was damaged on its way: given, but not of ``FORM_KEY``'s
    form. (No key at all is no damage: such a send is carried out, unprotected from a resend.)"""
    return bool(key) and FORM_KEY.fullmatch(key) is None


def text_problem(text: str, most: int) -> Reason | None:
    """Why a typed text cannot be kept (control characters, too long), or ``None``."""
    if CONTROL.search(text):
        return why(_("Control characters (such as NUL) cannot be kept: type plain text."))
    if len(text) > most:
        return why(_("At most {most} characters, not {length}."), most=most, length=len(text))
    return None


def name_problem(name: str) -> Reason | None:
    """Why a (normalised) player name cannot be kept, or ``None``."""
    if not name:
        return why(_("Give a name."))
    return text_problem(name, NAME_LENGTH)


def whole_number(text: str | None) -> int | None:
    """A number from an address: the digits 0–9 only, at most ``ID_DIGITS`` of them; ``None``
    otherwise (so ``²`` or a 5,000-digit number is simply no number)."""
    if text is None or not re.fullmatch(rf"[0-9]{{1,{ID_DIGITS}}}", text):
        return None
    return int(text)


class IdConverter:
    """``<id:pk>`` in URL patterns: a number of at most ``ID_DIGITS`` digits."""

    regex = rf"[0-9]{{1,{ID_DIGITS}}}"

    def to_python(self, value: str) -> int:
        return int(value)

    def to_url(self, value: int) -> str:
        return str(value)
