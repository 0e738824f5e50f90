"""German and English complete: every marked string is in the German catalogue, translated,
not fuzzy, and the committed .mo file says the same as the .po file."""

from __future__ import annotations

import gettext
import os
import re
import shutil
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from django.test import Client
from django.utils import translation

ROOT = Path(__file__).resolve().parents[1]
CATALOGUE = ROOT / "locale" / "de" / "LC_MESSAGES"


@dataclass
class Entry:
    """One entry of a .po file: its text, its plural, its translations and its flags."""

    msgid: str = ""
    plural: str | None = None
    msgstr: list[str] = field(default_factory=list)
    flags: list[str] = field(default_factory=list)


def entries(po: Path) -> list[Entry]:
    """The entries of a .po file (the header left out)."""
    found = []
    for block in po.read_text(encoding="utf-8").split("\n\n"):
        entry = Entry()
        current = None
        for line in block.splitlines():
            if line.startswith("#,"):
                entry.flags = [flag.strip() for flag in line[2:].split(",")]
            elif line.startswith("#"):
                continue
            elif line.startswith("msgid_plural "):
                entry.plural, current = decode(line[13:]), "plural"
            elif line.startswith("msgid "):
                entry.msgid, current = decode(line[6:]), "msgid"
            elif line.startswith("msgstr"):
                entry.msgstr.append(decode(line.split(" ", 1)[1]))
                current = "msgstr"
            elif line.startswith('"') and current == "msgstr":
                entry.msgstr[-1] += decode(line)
            elif line.startswith('"') and current == "plural":
                entry.plural = (entry.plural or "") + decode(line)
            elif line.startswith('"') and current == "msgid":
                entry.msgid += decode(line)
        if entry.msgid:
            found.append(entry)
    return found


def decode(quoted: str) -> str:
    return quoted.strip()[1:-1].replace('\\"', '"').replace("\\n", "\n").replace("\\\\", "\\")


def test_every_german_entry_is_translated_and_none_is_fuzzy() -> None:
    catalogue = entries(CATALOGUE / "django.po")
    assert len(catalogue) > 100
    untranslated = [e.msgid for e in catalogue if not all(e.msgstr)]
    fuzzy = [e.msgid for e in catalogue if "fuzzy" in e.flags]
    assert (untranslated, fuzzy) == ([], [])
    assert "fuzzy" not in (CATALOGUE / "django.po").read_text().split("msgid", 2)[1]


def test_the_committed_mo_file_says_what_the_po_file_says() -> None:
    with (CATALOGUE / "django.mo").open("rb") as mo:
        compiled = gettext.GNUTranslations(mo)
    for entry in entries(CATALOGUE / "django.po"):
        if entry.plural is not None:
            assert compiled.ngettext(entry.msgid, entry.plural, 1) == entry.msgstr[0]
            assert compiled.ngettext(entry.msgid, entry.plural, 5) == entry.msgstr[1]
        else:
            assert compiled.gettext(entry.msgid) == entry.msgstr[0]


def test_the_catalogue_holds_every_string_the_code_marks(tmp_path: Path) -> None:
    if shutil.which("xgettext") is None:
        if os.environ.get("CI") == "true":
            pytest.fail("CI must have gettext installed (.ci/run installs it)")
        pytest.skip("gettext tools are not installed here")
    copy = tmp_path / "project"
    shutil.copytree(
        ROOT,
        copy,
        ignore=shutil.ignore_patterns(".venv", ".git", "*.sqlite3*", "staticfiles", "__pycache__", ".*_cache"),
    )
    subprocess.run(
        [sys.executable, "manage.py", "makemessages", "-l", "de", "--ignore=tests", "--ignore=bench", "--no-obsolete"],
        cwd=copy,
        check=True,
        capture_output=True,
    )
    fresh = {e.msgid for e in entries(copy / "locale" / "de" / "LC_MESSAGES" / "django.po")}
    committed = {e.msgid for e in entries(CATALOGUE / "django.po")}
    assert sorted(fresh - committed) == [], "marked in the code but missing from the catalogue"
    assert sorted(committed - fresh) == [], "in the catalogue but no longer in the code"


@pytest.mark.django_db
def test_the_pages_speak_german_when_asked(client: Client) -> None:
    response = client.get("/", headers={"accept-language": "de"})
    assert "Anmelden" in response.content.decode()
    with translation.override("de"):
        assert translation.gettext("Sittings") == "Partien"


PLACEHOLDER = re.compile(r"\{(\w+)[^}]*\}|%\((\w+)\)s")


def test_every_german_translation_keeps_the_placeholders_of_its_text() -> None:
    for entry in entries(CATALOGUE / "django.po"):
        for form, msgstr in enumerate(entry.msgstr):
            source = entry.plural if form and entry.plural else entry.msgid
            wanted = {a or b for a, b in PLACEHOLDER.findall(source)}
            assert {a or b for a, b in PLACEHOLDER.findall(msgstr)} == wanted, entry.msgid


@pytest.mark.django_db
def test_the_breakdown_speaks_german_on_a_german_page(client: Client) -> None:
    from scoring.models import Membership
    from scoring.sittings.services import import_sitting

    from .factories import golden, make_club, make_member

    club = make_club()
    client.force_login(make_member(club, "vera", Membership.Role.VIEWER))
    sitting = import_sitting(club, golden("danish_tarok", "three-deals-pots"), user=None)
    german = {"headers": {"accept-language": "de"}}
    text = client.get(f"/clubs/{club.slug}/sittings/{sitting.pk}/", **german).content.decode()
    why = "".join(
        client.get(f"/clubs/{club.slug}/sittings/{sitting.pk}/deals/{n}/", **german).content.decode() for n in (1, 2, 3)
    )
    assert "Anna gewinnt den Pagat ultimo und nimmt den Pagattopf" in why
    assert "Königstopf neu gegründet: 20 von jedem Spieler" in why
    assert '<th class="num pot" scope="col">Königstopf</th>' in text, "the sheet's column says what the breakdown says"
    assert "Topf König" not in text + why and "Königs-Topf" not in text + why
    english = client.get(f"/clubs/{club.slug}/sittings/{sitting.pk}/scores.json", headers={"accept-language": "de"})
    assert "Anna wins the Pagat ultimo and takes the Pagat pot" in english.content.decode()
