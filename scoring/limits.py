"""What the site accepts: every bound on what a form, a document or an address may carry.

Forms, imports, commands, the admin and the database's check constraints all read their limits
here, so a value SQLite would store is never one PostgreSQL refuses, and every refusal is a
message rather than a server error. The engine bounds its own values (card points, counts,
house rules, ``MOST_POINTS``).

Names (of players, clubs, seasons and tournaments, and entrants' groups) are **normalised** the
same way on every path (:func:`normalise_name`): Unicode composed (NFC), spaces around them
removed and every run of inner white space made one space, so "  Anna  " is Anna; characters
that show nothing (format characters such as U+200B, U+FEFF or U+202E, fillers such as U+3164)
are dropped where they begin or end a word, so a name made only of them is no name. A club's
players are told apart by their names whatever the capitals (:func:`name_key`).

Every typed text is checked the same way (:func:`text_problem`): no control characters (a tab or
a line break only where the text keeps several lines), no direction overrides that would turn
the text after them around, no broken characters, and not too long.
"""

from __future__ import annotations

import re
import unicodedata
from decimal import Decimal

from scoring.engine.reasons import Reason, _, why

NAME_LENGTH = 60
"""A player's display name."""
CLUB_NAME_LENGTH = 100
TOURNAMENT_NAME_LENGTH = 100
GROUP_LENGTH = 40
"""An entrants' group, such as a family or a team, whose members the draw keeps apart."""
REASON_LENGTH = 500
"""Why a deal was corrected or taken back."""
CLOSED_EARLY_LENGTH = 200
"""Why a tournament's table closed before it played all its deals."""
PASSWORD_LENGTH = 128
"""The longest password: far beyond any a member types or a password manager makes, and short
enough that hashing it costs nothing (a 100 KB "password" is refused, never hashed)."""
FORM_KEY = re.compile(r"[A-Za-z0-9_-]{1,64}")
"""A form's one-time key (the forms write 32 hexadecimal digits)."""
FORM_KEY_LENGTH = 64
PHONE_LENGTH = 32
"""The length of the mark a table's link gives each phone that enters through it."""
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

CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]")
"""Control characters no typed text may hold (NUL among them, which PostgreSQL cannot store): all
of Unicode's (category Cc) but the tab and the line breaks, which a text of several lines keeps
and a name turns into spaces."""
DIRECTION = re.compile("[\u202a-\u202e\u2066-\u2069]")
"""Direction embeddings, overrides and isolates: in a list of names on a page, U+202E in one name
would show every name after it backwards. (The marks U+200E and U+200F, which only nudge the
characters beside them, may stay inside a name.)"""
BROKEN = re.compile("[\ud800-\udfff]")
"""Halves of a character (surrogates), which a JSON document can carry but no database stores."""
FILLERS = frozenset("\u034f\u115f\u1160\u17b4\u17b5\u2800\u3164\uffa0") | {chr(c) for c in range(0xFE00, 0xFE10)}
"""Characters outside the format characters that show nothing on their own: the grapheme joiner,
the Hangul and Khmer fillers, the blank Braille pattern and the variation selectors."""


def invisible(ch: str) -> bool:
    """Whether a character shows nothing on its own: white space, a format character (category
    Cf: U+200B, U+FEFF, U+202E, the soft hyphen …) or a filler."""
    return ch.isspace() or unicodedata.category(ch) == "Cf" or ch in FILLERS


def _visible_word(word: str) -> str:
    start, end = 0, len(word)
    while start < end and invisible(word[start]):
        start += 1
    while end > start and invisible(word[end - 1]):
        end -= 1
    return word[start:end]


def normalise_name(text: str) -> str:
    """A name (or any one-line text) as it is kept: composed, trimmed, one space between words,
    and no invisible character where a word begins or ends (a joiner inside a word stays)."""
    words = (_visible_word(word) for word in unicodedata.normalize("NFC", text).split())
    return " ".join(word for word in words if word)


def quoted(text: str) -> str:
    """A typed text in quotes for a message that refuses it: as typed, but every character that
    shows nothing or steers the text (other than the space: control, format and direction
    characters, fillers, halves of a character) written as its code, so that a refused U+202E
    cannot turn the message around, nor a name of invisible characters look like nothing:
    ``"An\\u202ena"``."""
    hidden = (ch != " " and (invisible(ch) or CONTROL.match(ch) or BROKEN.match(ch)) for ch in text)
    return '"' + "".join(f"\\u{ord(ch):04x}" if odd else ch for ch, odd in zip(text, hidden, strict=True)) + '"'


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
    """Why a typed text cannot be kept (control characters, direction overrides, broken
    characters, too long), or ``None``. Names are normalised first (:func:`normalise_name`)."""
    if CONTROL.search(text):
        return why(_("Control characters (such as NUL) cannot be kept: type plain text."))
    if found := DIRECTION.search(text):
        said = _("Direction controls (such as {character}) cannot be kept: type plain text.")
        return why(said, character=f"U+{ord(found.group()):04X}")
    if BROKEN.search(text):
        return why(_("The text holds a broken character: type it again."))
    if len(text) > most:
        return why(_("At most {most} characters, not {length}."), most=most, length=len(text))
    return None


def name_problem(name: str, most: int = NAME_LENGTH) -> Reason | None:
    """Why a (normalised) name cannot be kept, or ``None``: a player's, or with ``most`` another
    name (a tournament's). A name needs a character that shows."""
    if not any(not invisible(ch) for ch in name):
        return why(_("Give a name."))
    return text_problem(name, most)


def group_problem(group: str) -> Reason | None:
    """Why a (normalised) entrants' group cannot be kept, or ``None``; no group is a group too."""
    return text_problem(group, GROUP_LENGTH)


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
