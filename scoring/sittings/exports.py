"""What a sitting's export says about the sitting beyond its deals, and reading it back.

A sitting document (JSON) may carry it under its optional key ``export``, the workbook on its
House rules sheet and its History sheet (``scoring.sittings.workbook``). Older documents, the
worked examples and workbooks typed in by hand have none, and import as they always did.

Words:

- the sitting's **identity**: its club's short name (slug), its number in the club (the number
  its address shows, ``/clubs/SLUG/sittings/22/``) and its **revision**, how many revisions of
  deals it had when it was exported (rows are only ever added, so the count only grows);
- its **history**: every revision of a deal that does not count any more (corrected, or taken
  back: a removal has no inputs), and the live revisions that are corrections, with the reason
  and the time of each; a live revision's inputs are the document's deals;
- ``closed``: when the sitting was closed, or null while it is open.

An import reads them with :meth:`Exported.read`, which refuses anything an export would not have
written, so that a damaged file never reaches the database.
"""

from __future__ import annotations

import datetime
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django.utils.formats import date_format
from django.utils.functional import lazy
from django.utils.timezone import localdate

from scoring.club.models import Club
from scoring.engine.reasons import Reason, _, why
from scoring.engine.refusal import Problem, Refusal
from scoring.limits import REASON_LENGTH
from scoring.sittings.documents import deal_by_name
from scoring.sittings.models import Sitting
from scoring.sittings.results import sitting_document

EXPORT = "export"
"""The document's key that holds it."""

NOT_AS_EXPORTED = _("{where}: not as the site writes it in an export")
OURS = _("this sitting is sitting {number} of this club: to import it all the same, import it as a new sitting")
IMPORTED = _(
    "this sitting is already sitting {number}, imported on {day}: to import it all the same, import it as a new sitting"
)


@dataclass(frozen=True)
class Change:
    """One revision of the history: deal ``deal``'s revision ``revision``. ``inputs`` (players by
    name) for a revision that no longer counts, ``None`` for a removal and for a live revision."""

    deal: int
    revision: int
    live: bool
    removed: bool
    reason: str
    entered_at: datetime.datetime
    inputs: dict[str, Any] | None = None

    def as_data(self) -> dict[str, Any]:
        data = {
            "deal": self.deal,
            "revision": self.revision,
            "live": self.live,
            "removed": self.removed,
            "reason": self.reason,
            "entered_at": self.entered_at.isoformat(),
        }
        return data if self.inputs is None else {**data, "inputs": self.inputs}


@dataclass(frozen=True)
class Exported:
    """A sitting's identity, whether it is closed, and its history, as its export carries them."""

    club: str
    sitting: int
    revision: int
    closed_at: datetime.datetime | None = None
    history: tuple[Change, ...] = ()

    @classmethod
    def of(cls, sitting: Sitting, names: Sequence[str]) -> Exported:
        """What the export of a stored sitting says, its players named ``names`` (dealing order)."""
        history = [
            Change(
                revision.number,
                revision.revision,
                revision.live,
                revision.removed,
                revision.reason,
                revision.entered_at,
                None if revision.live or revision.data is None else deal_by_name(revision.data, sitting.rules, names),
            )
            for revision in sitting.revisions.order_by("number", "revision")
            if not revision.live or revision.corrected or revision.reason
        ]
        return cls(sitting.club.slug, sitting.pk, sitting.revisions.count(), sitting.closed_at, tuple(history))

    def as_data(self) -> dict[str, Any]:
        return {
            "club": self.club,
            "sitting": self.sitting,
            "revision": self.revision,
            "closed": self.closed_at.isoformat() if self.closed_at else None,
            "history": [change.as_data() for change in self.history],
        }

    @classmethod
    def read(cls, doc: Mapping[str, Any]) -> Exported | None:
        """The document's ``export``, or ``None`` where it has none; refused when it is not as an
        export writes it (its history checked against the document's live deals)."""
        raw = doc.get(EXPORT)
        if raw is None:
            return None
        reader = _Reader()
        data = reader.mapping(raw, EXPORT, {"club", "sitting", "revision", "closed", "history"})
        club = reader.text(data.get("club"), f"{EXPORT}.club", 1, 50)
        number = reader.whole(data.get("sitting"), f"{EXPORT}.sitting", 1)
        revision = reader.whole(data.get("revision"), f"{EXPORT}.revision", 0)
        closed = None if data.get("closed") is None else reader.moment(data["closed"], f"{EXPORT}.closed")
        history = reader.history(data.get("history", []), len(doc.get("deals") or []))
        if reader.problems:
            raise Refusal(reader.problems)
        return cls(club, number, revision, closed, tuple(history))


def already_here(club: Club, exported: Exported) -> Reason | None:
    """Why the club has the exported sitting already, or ``None``: it is one of the club's own, or
    it was imported before from the same club and sitting (whatever the revision: the money
    would count twice). The day is written as the page's language writes dates."""
    if exported.club == club.slug and club.sittings.filter(pk=exported.sitting).exists():
        return why(OURS, number=exported.sitting)
    earlier = club.sittings.filter(origin_club=exported.club, origin_number=exported.sitting).order_by("pk").first()
    if earlier is None:
        return None
    day = localdate(earlier.imported_at) if earlier.imported_at else earlier.date
    return why(IMPORTED, number=earlier.pk, day=lazy(date_format, str)(day))


def exported_document(sitting: Sitting, names: Sequence[str] | None = None) -> dict[str, Any]:
    """The sitting document of a stored sitting with what its export says of it (``export``),
    its players named ``names`` (their display names unless given)."""
    names = names or sitting.seated_names()
    return {**sitting_document(sitting, names=names), EXPORT: Exported.of(sitting, names).as_data()}


class _Reader:
    """Reads the parts of an export, collecting a problem for each part that is not as written."""

    def __init__(self) -> None:
        self.problems: list[Problem] = []

    def refuse(self, where: str) -> None:
        self.problems.append(Problem(None, None, why(NOT_AS_EXPORTED, where=where)))

    def mapping(self, raw: object, where: str, keys: set[str]) -> dict[str, Any]:
        if not isinstance(raw, dict) or not set(raw) <= keys:
            self.refuse(where)
            return {}
        return raw

    def text(self, raw: object, where: str, shortest: int = 0, longest: int = REASON_LENGTH) -> str:
        if not isinstance(raw, str) or not shortest <= len(raw) <= longest:
            self.refuse(where)
            return ""
        return raw

    def whole(self, raw: object, where: str, least: int) -> int:
        if not isinstance(raw, int) or isinstance(raw, bool) or not least <= raw <= 2**31 - 1:
            self.refuse(where)
            return least
        return raw

    def flag(self, raw: object, where: str) -> bool:
        if not isinstance(raw, bool):
            self.refuse(where)
            return False
        return raw

    def moment(self, raw: object, where: str) -> datetime.datetime:
        try:
            moment = datetime.datetime.fromisoformat(raw) if isinstance(raw, str) else None
        except ValueError:
            moment = None
        if moment is None or moment.tzinfo is None:
            self.refuse(where)
            return datetime.datetime.now(datetime.UTC)
        return moment

    def history(self, raw: object, deals: int) -> list[Change]:
        """The changes, each deal's revisions numbered once, a live one only for a deal the
        document has, inputs exactly where a revision that no longer counts was not removed."""
        if not isinstance(raw, list):
            self.refuse(f"{EXPORT}.history")
            return []
        changes, seen = [], set()
        keys = {"deal", "revision", "live", "removed", "reason", "entered_at", "inputs"}
        for index, item in enumerate(raw):
            where = f"{EXPORT}.history[{index}]"
            data = self.mapping(item, where, keys)
            if not data:
                continue
            change = Change(
                self.whole(data.get("deal"), f"{where}.deal", 1),
                self.whole(data.get("revision"), f"{where}.revision", 1),
                self.flag(data.get("live"), f"{where}.live"),
                self.flag(data.get("removed"), f"{where}.removed"),
                self.text(data.get("reason", ""), f"{where}.reason"),
                self.moment(data.get("entered_at"), f"{where}.entered_at"),
                data.get("inputs"),
            )
            needs_inputs = not change.live and not change.removed
            if needs_inputs != isinstance(change.inputs, dict) or (change.live and change.removed):
                self.refuse(f"{where}.inputs")
            if change.live and (change.deal > deals or change.deal in seen):
                self.refuse(f"{where}.deal")
            seen |= {change.deal} if change.live else set()
            changes.append(change)
        live = {change.deal: change.revision for change in changes if change.live}
        numbered = [(c.deal, c.revision) for c in changes if not c.live]
        numbered += [(number, live.get(number, 1)) for number in range(1, deals + 1)]
        if len(set(numbered)) != len(numbered):
            self.refuse(f"{EXPORT}.history")
        return changes
