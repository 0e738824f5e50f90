"""Every language complete: every marked string is in the German and the Danish catalogue,
translated, not fuzzy, and each committed .mo file says the same as its .po file."""

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
from django.conf import settings
from django.test import Client
from django.utils import translation

ROOT = Path(__file__).resolve().parents[1]
LANGUAGES = ["de", "da"]
"""Every language of the site but English, which the code is written in."""


def catalogue(language: str) -> Path:
    return ROOT / "locale" / language / "LC_MESSAGES"


@dataclass
class Entry:
    """One entry of a .po file: its text, its context (``pgettext``), its plural, its translations
    and its flags."""

    msgid: str = ""
    context: str | None = None
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
            elif line.startswith("msgctxt "):
                entry.context, current = decode(line[8:]), "context"
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
            elif line.startswith('"') and current == "context":
                entry.context = (entry.context or "") + decode(line)
            elif line.startswith('"') and current == "msgid":
                entry.msgid += decode(line)
        if entry.msgid:
            found.append(entry)
    return found


def decode(quoted: str) -> str:
    return quoted.strip()[1:-1].replace('\\"', '"').replace("\\n", "\n").replace("\\\\", "\\")


def test_the_settings_offer_every_catalogue() -> None:
    assert [code for code, _name in settings.LANGUAGES] == ["en", *LANGUAGES]


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_entry_is_translated_and_none_is_fuzzy(language: str) -> None:
    found = entries(catalogue(language) / "django.po")
    assert len(found) > 100
    untranslated = [e.msgid for e in found if not all(e.msgstr)]
    fuzzy = [e.msgid for e in found if "fuzzy" in e.flags]
    assert (untranslated, fuzzy) == ([], [])
    text = (catalogue(language) / "django.po").read_text(encoding="utf-8")
    assert "fuzzy" not in text.split("msgid", 2)[1]
    before, header = text.split('msgid ""', 1)
    assert "#, fuzzy" not in before and f'"Language: {language}\\n"' in header.split("\n\n", 1)[0]


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_committed_mo_file_says_what_the_po_file_says(language: str) -> None:
    with (catalogue(language) / "django.mo").open("rb") as mo:
        compiled = gettext.GNUTranslations(mo)
    for entry in entries(catalogue(language) / "django.po"):
        if entry.plural is not None:
            assert compiled.ngettext(entry.msgid, entry.plural, 1) == entry.msgstr[0]
            assert compiled.ngettext(entry.msgid, entry.plural, 5) == entry.msgstr[1]
        elif entry.context is not None:
            assert compiled.pgettext(entry.context, entry.msgid) == entry.msgstr[0]
        else:
            assert compiled.gettext(entry.msgid) == entry.msgstr[0]


@pytest.fixture(scope="module")
def fresh_catalogues(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A copy of the project with every catalogue refreshed from the code by ``makemessages``."""
    if shutil.which("xgettext") is None:
        if os.environ.get("CI") == "true":
            pytest.fail("CI must have gettext installed (.ci/run installs it)")
        pytest.skip("gettext tools are not installed here")
    copy = tmp_path_factory.mktemp("messages") / "project"
    shutil.copytree(
        ROOT,
        copy,
        ignore=shutil.ignore_patterns(".venv", ".git", "*.sqlite3*", "staticfiles", "__pycache__", ".*_cache"),
    )
    languages = [option for language in LANGUAGES for option in ("-l", language)]
    subprocess.run(
        [sys.executable, "manage.py", "makemessages", *languages, "--ignore=tests", "--ignore=bench", "--no-obsolete"],
        cwd=copy,
        check=True,
        capture_output=True,
    )
    return copy


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_catalogue_holds_every_string_the_code_marks(fresh_catalogues: Path, language: str) -> None:
    fresh = {e.msgid for e in entries(fresh_catalogues / "locale" / language / "LC_MESSAGES" / "django.po")}
    committed = {e.msgid for e in entries(catalogue(language) / "django.po")}
    assert sorted(fresh - committed) == [], "marked in the code but missing from the catalogue"
    assert sorted(committed - fresh) == [], "in the catalogue but no longer in the code"


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("language", "log_in", "sittings", "rounds", "deals"),
    [("de", "Anmelden", "Partien", "Runden", "Spiele"), ("da", "Log ind", "Partier", "Runder", "Spil")],
)
def test_the_pages_speak_the_language_asked_for(
    client: Client, language: str, log_in: str, sittings: str, rounds: str, deals: str
) -> None:
    response = client.get("/", headers={"accept-language": language})
    page = response.content.decode()
    assert log_in in page and f'<html lang="{language}">' in page
    with translation.override(language):
        assert [translation.gettext(text) for text in ("Sittings", "Rounds", "Deals")] == [sittings, rounds, deals]


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("language", "others"),
    [
        ("en", [("de", "Deutsch"), ("da", "Dansk")]),
        ("de", [("en", "English"), ("da", "Dansk")]),
        ("da", [("en", "English"), ("de", "Deutsch")]),
    ],
)
def test_the_switcher_offers_every_other_language_named_in_itself(
    client: Client, language: str, others: list[tuple[str, str]]
) -> None:
    page = client.get("/", headers={"accept-language": language}).content.decode()
    offered = re.findall(r'<button type="submit" name="language" value="(\w+)" lang="\1">([^<]+)</button>', page)
    assert offered == others


@pytest.mark.django_db
def test_the_language_chosen_outranks_the_browsers(client: Client) -> None:
    client.post("/i18n/setlang/", {"language": "da", "next": "/"})
    english = client.get("/", headers={"accept-language": "en"}).content.decode()
    assert "Log ind" in english, "the chosen language outranks the browser's"


PLACEHOLDER = re.compile(r"\{(\w+)[^}]*\}|%\((\w+)\)s")


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_translation_keeps_the_placeholders_of_its_text(language: str) -> None:
    for entry in entries(catalogue(language) / "django.po"):
        for form, msgstr in enumerate(entry.msgstr):
            source = entry.plural if form and entry.plural else entry.msgid
            wanted = {a or b for a, b in PLACEHOLDER.findall(source)}
            assert {a or b for a, b in PLACEHOLDER.findall(msgstr)} == wanted, entry.msgid


def sheet_and_breakdowns(client: Client, language: str) -> tuple[str, str]:
    """A Danish sitting's sheet and the pages of its three deals, read in ``language``."""
    from scoring.club.models import Membership
    from scoring.sittings.services import import_sitting

    from .factories import golden, make_club, make_member

    club = make_club()
    client.force_login(make_member(club, "vera", Membership.Role.VIEWER))
    sitting = import_sitting(club, golden("danish_tarok", "three-deals-pots"), user=None)
    asked = {"headers": {"accept-language": language}}
    sheet = client.get(f"/clubs/{club.slug}/sittings/{sitting.pk}/", **asked).content.decode()
    why = "".join(
        client.get(f"/clubs/{club.slug}/sittings/{sitting.pk}/deals/{n}/", **asked).content.decode() for n in (1, 2, 3)
    )
    return sheet, why


@pytest.mark.django_db
def test_the_breakdown_speaks_german_on_a_german_page(client: Client) -> None:
    text, why = sheet_and_breakdowns(client, "de")
    assert "Anna gewinnt den Pagat ultimo und nimmt den Pagattopf" in why
    assert "Königstopf neu gegründet: 20 von jedem Spieler" in why
    assert '<th class="num pot" scope="col">Königstopf</th>' in text, "the sheet's column says what the breakdown says"
    assert "Topf König" not in text + why and "Königs-Topf" not in text + why


@pytest.mark.django_db
def test_the_breakdown_speaks_danish_on_a_danish_page(client: Client) -> None:
    text, why = sheet_and_breakdowns(client, "da")
    assert "Anna vinder pagat ultimo og tager pagatpuljen" in why
    assert "ny kongepulje: 20 fra hver spiller" in why
    assert "giverens indsats i kongepuljen" in why
    assert '<th class="num pot" scope="col">Kongepulje</th>' in text, "the sheet's column says what the breakdown says"
    assert "Spil 1, givet af Anna" in text


REASON_MAKERS = {"why": (0,), "because": (0,), "Reason": (0,), "_refuse": (0,), "_problem": (1,), "by_count": (1, 2)}
"""What makes a reason (or picks its template), and where among its arguments it takes templates."""


def test_every_reason_the_site_builds_has_a_template_marked_for_the_catalogues() -> None:
    """A template written as a bare string would never reach the catalogues, and its refusal would
    stay English on a German page: every one is a literal inside ``_()`` or ``gettext_noop()``
    (``makemessages`` collects those), or a name given to such a literal elsewhere."""
    import ast

    bare = []
    for path in sorted((ROOT / "scoring").rglob("*.py")):
        if "migrations" in path.parts:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            name = getattr(node.func, "id", None) or getattr(node.func, "attr", None)
            if name not in REASON_MAKERS:
                continue
            templates = [node.args[i] for i in REASON_MAKERS[name] if i < len(node.args)]
            bare += [
                f"{path.relative_to(ROOT)}:{node.lineno}: {arg.value!r}"
                for arg in templates
                if isinstance(arg, ast.Constant) and isinstance(arg.value, str)
            ]
    assert bare == []
