"""How the site says no: a refusal's problems, and any reason, in the language of the page.

The pure parts and the services refuse with one type, :class:`~scoring.engine.refusal.Refusal`,
whose problems carry their reasons as templates and values (``scoring.engine.reasons``). A view
catches that one type and shows it with these helpers, which render every reason with Django's
``gettext`` in the language the request is served in: the catalogues hold every template.
"""

from __future__ import annotations

from collections.abc import Callable

from django import forms
from django.contrib import messages
from django.http import HttpRequest
from django.utils.translation import gettext

from scoring.engine.reasons import Reason
from scoring.engine.refusal import Problem, Refusal
from scoring.limits import normalise_name


def shown(reason: Reason) -> str:
    """A reason in the page's language."""
    return reason.render(gettext)


def kept_name(typed: str, problem_of: Callable[[str], Reason | None]) -> str:
    """A typed name (or one-line text) as it is kept (``scoring.limits.normalise_name``), or the
    form's error saying why it cannot be, in the page's language: a form's ``clean_…``."""
    name = normalise_name(typed)
    problem = problem_of(name)
    if problem:
        raise forms.ValidationError(shown(problem))
    return name


def said(problem: Problem) -> str:
    """A problem's reason alone in the page's language, for a message beside its control."""
    return problem.said(gettext)


def line(problem: Problem) -> str:
    """Where the problem is and why, in the page's language."""
    return problem.render(gettext)


def lines(refusal: Refusal) -> list[str]:
    """Every problem with where it is, in the page's language, one line each."""
    return refusal.render(gettext)


def tell_refused(request: HttpRequest, refusal: Refusal) -> None:
    """Every problem of the refusal as an error message on the next page: where it is (a deal, a
    cell, a table) and why; a form's field is not said, the next page does not show the form."""
    for problem in refusal.problems:
        placed = problem.deal is not None or problem.sheet is not None or problem.round is not None
        messages.error(request, line(problem) if placed else said(problem))


def tell_form_errors(request: HttpRequest, form: forms.BaseForm) -> None:
    """Every error of a posted form that failed its checks as an error message on the next page
    (a form whose page is not shown again: the page it was posted from is)."""
    for errors in form.errors.values():
        for text in errors:
            messages.error(request, str(text))


def add_to_form(form: forms.BaseForm, refusal: Refusal, otherwise: str | None = None) -> None:
    """Every problem of the refusal beside the form's field it names (``field``), else beside
    ``otherwise`` (``None``: above the form)."""
    for problem in refusal.problems:
        field = problem.field if problem.field in form.fields else otherwise
        form.add_error(field, said(problem))
