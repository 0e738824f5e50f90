"""Refusals: "no, and why", the one answer to input that tarokclub may not take.

A :class:`Refusal` (a ``ValueError``) lists every :class:`Problem` found at once. A problem says
*where* it is, as far as that is known, and *why* it is a problem, as a :class:`~.reasons.Reason`
(a template and its values), so that the same refusal reads in English on the command line
and in the page's language on the site. Every part of tarokclub refuses this way: the engine
(a sitting document), the spreadsheet reader (a workbook, a cell), the documents, the services of
clubs, sittings, tournaments and the payments, the draw's layout and the ranking modes.

Where a problem is:

- ``deal`` (a deal's number, from 1) and ``field`` (the path of a value inside the deal or the
  document: ``card_points.Anna``, ``events[1].result``, ``options.stake``): what the forms use to
  put a message next to its control;
- ``sheet``, ``row``, ``column`` (letter) and ``title`` (the column's title in the file): a cell
  of a spreadsheet, numbered and lettered as the spreadsheet program shows them;
- ``round``, ``table`` and ``entrant`` (numbers from 1): a place in a tournament document.

Written out (``str``), a problem is the line the command line prints: the places joined by
commas, then the deal (or the field of the whole document), then the reason, each followed by a
colon: ``round 2, table 1: deal 2: declarer's card points must be from 0 to 70, not 80``.

Pure Python: no Django.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from .reasons import Reason, _

Translate = Callable[[str], str]


def english(text: str) -> str:
    """The translation into English: the template itself, since templates are written in English."""
    return text


@dataclass(frozen=True)
class Problem:
    """One reason a refusal gives, with where it is as far as that is known (see the module)."""

    deal: int | None
    field: str | None
    reason: Reason
    sheet: str | None = None
    row: int | None = None
    column: str | None = None
    title: str | None = None
    round: int | None = None
    table: int | None = None
    entrant: int | None = None

    @property
    def message(self) -> str:
        """The reason in English, without where it is."""
        return str(self.reason)

    def said(self, translate: Translate = english) -> str:
        """The reason alone in the language ``translate`` gives (for a message beside its control)."""
        return self.message if translate is english else self.reason.render(translate)

    def render(self, translate: Translate = english) -> str:
        """Where and why, in the language ``translate`` gives (``gettext`` on a page)."""
        return ": ".join([*self.places(translate), self.said(translate)])

    def places(self, translate: Translate = english) -> list[str]:
        """Where the problem is, from the largest place in: the places in a file or a document
        (one part, commas between them), then the deal or the document's field."""
        outer = [] if self.sheet is None else [self.sheet]
        if self.row is not None:
            outer.append(translate(_("row {number}")).format(number=self.row))
        if self.column is not None and self.title:
            outer.append(translate(_("column {letter} ({title})")).format(letter=self.column, title=self.title))
        elif self.column is not None:
            outer.append(translate(_("column {letter}")).format(letter=self.column))
        elif self.title is not None:
            outer.append(translate(_("column {title}")).format(title=self.title))
        for template, number in (
            (_("round {number}"), self.round),
            (_("table {number}"), self.table),
            (_("entrant {number}"), self.entrant),
        ):
            if number is not None:
                outer.append(translate(template).format(number=number))
        found = [", ".join(outer)] if outer else []
        if self.deal is not None:
            found.append(translate(_("deal {number}")).format(number=self.deal))
        elif self.field is not None:
            found.append(self.field)
        return found

    def __str__(self) -> str:
        return self.render()


class Refusal(ValueError):
    """Input refused: ``problems`` lists every reason found, each with where it is.

    ``str()`` is the English lines, one per problem, as the command line prints them.
    """

    def __init__(self, problems: Iterable[Problem]) -> None:
        self.problems = tuple(problems)
        super().__init__("\n".join(str(p) for p in self.problems))

    @classmethod
    def because(
        cls, reason: str | Reason, /, *, deal: int | None = None, field: str | None = None, **values: object
    ) -> Refusal:
        """A refusal for one reason, a reason made already or a template (marked with ``_``)
        and its values, and where."""
        made = reason if isinstance(reason, Reason) else Reason(reason, values)
        return cls([Problem(deal, field, made)])

    def render(self, translate: Translate = english) -> list[str]:
        """Each problem's line in the language ``translate`` gives."""
        return [problem.render(translate) for problem in self.problems]
