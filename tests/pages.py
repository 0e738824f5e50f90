"""Post what a page sends: the forms of a rendered page, filled in as a person fills them in.

A test GETs the page, takes one of its forms as rendered (hidden one-time keys included), types
into the controls the page has, and sends exactly what a browser would: the checked boxes and
radio buttons, each select's chosen option, the text typed. Typing into a control the page does
not have, or choosing an option a select does not offer, fails the test: the page could not
have sent it. ``dangling`` finds what a page's descriptions and labels point to but does not have.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from html.parser import HTMLParser
from typing import Any

from django.test import Client


@dataclass
class Control:
    """One named control of a form: its kind and what it sends as rendered."""

    name: str
    kind: str
    value: str = ""
    checked: bool = False
    options: list[str] = field(default_factory=list)


@dataclass
class Form:
    """A form as rendered: where it is sent, how, and its controls in page order."""

    action: str
    method: str
    enctype: str
    controls: list[Control] = field(default_factory=list)
    buttons: list[tuple[str, str]] = field(default_factory=list)

    def names(self) -> set[str]:
        return {control.name for control in self.controls}

    def data(self, typed: dict[str, Any] | None = None, button: str | None = None) -> dict[str, Any]:
        """What the browser sends with ``typed`` typed, ticked or chosen (a list for a
        multiple select; ``True``/``False`` ticks a checkbox, a list of values those of several
        checkboxes of one name), by pressing ``button`` (a name)."""
        typed = dict(typed or {})
        unknown = set(typed) - self.names()
        assert not unknown, f"the page has no control {sorted(unknown)} in this form"
        sent: dict[str, Any] = {}
        for control in self.controls:
            name = control.name
            if control.kind == "checkbox":
                if isinstance(typed.get(name), list):  # which of several boxes of one name
                    values = [c.value for c in self.controls if c.name == name]
                    assert set(typed[name]) <= set(values), f"{name}: the page offers {values}, not {typed[name]}"
                    ticked = control.value in typed[name]
                else:
                    ticked = typed.pop(name) if name in typed else control.checked
                if ticked:
                    sent.setdefault(name, []).append(control.value or "on")
                continue
            if control.kind == "radio":
                if name in typed:
                    wanted = str(typed[name])
                    values = [c.value for c in self.controls if c.name == name]
                    assert wanted in values, f"{name}: the page offers {values}, not {wanted!r}"
                    if control.value == wanted:
                        sent[name] = wanted
                elif control.checked:
                    sent[name] = control.value
                continue
            if control.kind == "file":
                if name in typed:
                    sent[name] = typed[name]
                continue
            value = typed.get(name, control.value)
            if control.kind == "select" and name in typed:
                chosen = value if isinstance(value, list) else [value]
                for one in chosen:
                    assert str(one) in control.options, f"{name}: the page offers {control.options}, not {one!r}"
            sent[name] = value
        if button is not None:
            pressed = dict(self.buttons)
            assert button in pressed, f"the form has no button {button!r}: {sorted(pressed)}"
            sent[button] = pressed[button]
        return {
            name: value[0] if isinstance(value, list) and len(value) == 1 else value for name, value in sent.items()
        }


class _Forms(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.forms: list[Form] = []
        self.form: Form | None = None
        self.select: Control | None = None
        self.option: str | None = None
        self.option_text = ""
        self.in_option = False
        self.option_selected = False
        self.textarea: Control | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {key: value or "" for key, value in attrs}
        if tag == "form":
            self.form = Form(a.get("action", ""), a.get("method", "get").lower(), a.get("enctype", ""))
            self.forms.append(self.form)
            return
        if self.form is None or "disabled" in a:
            return
        name = a.get("name")
        if tag == "input" and name:
            kind = a.get("type", "text").lower()
            if kind in ("submit", "image", "button", "reset"):
                if kind == "submit":
                    self.form.buttons.append((name, a.get("value", "")))
                return
            self.form.controls.append(Control(name, kind, a.get("value", ""), "checked" in a))
        elif tag == "button" and name and a.get("type", "submit").lower() == "submit":
            self.form.buttons.append((name, a.get("value", "")))
        elif tag == "select" and name:
            self.select = Control(name, "select")
            self.form.controls.append(self.select)
        elif tag == "option" and self.select is not None:
            self.option = dict(attrs).get("value")
            self.option_text = ""
            self.in_option = True
            self.option_selected = "selected" in a
        elif tag == "textarea" and name:
            self.textarea = Control(name, "textarea")
            self.form.controls.append(self.textarea)

    def handle_data(self, data: str) -> None:
        if self.in_option:
            self.option_text += data
        if self.textarea is not None:
            self.textarea.value += data

    def handle_endtag(self, tag: str) -> None:
        if tag == "form":
            self.form = None
        elif tag == "select":
            self.select = None
        elif tag == "option" and self.select is not None:
            value = self.option if self.option is not None else self.option_text.strip()
            self.select.options.append(value)
            if self.option_selected or len(self.select.options) == 1:
                self.select.value = value
            self.in_option = False
        elif tag == "textarea":
            if self.textarea is not None and self.textarea.value.startswith("\n"):
                self.textarea.value = self.textarea.value[1:]
            self.textarea = None


def forms_of(html: str) -> list[Form]:
    parser = _Forms()
    parser.feed(html)
    return parser.forms


def form_on(response: Any, *, action: str | None = None, having: str | None = None) -> Form:
    """The form of a rendered page sent to ``action`` (the end of its address), or the one that
    has the control ``having``; the only one with controls when neither is given."""
    assert response.status_code == 200, response.status_code
    found = [f for f in forms_of(response.content.decode()) if f.controls]
    if action is not None:
        found = [f for f in found if f.action.endswith(action)]
    if having is not None:
        found = [f for f in found if having in f.names()]
    assert len(found) == 1, f"{len(found)} forms match on the page"
    return found[0]


def send(client: Client, page_url: str, form: Form, typed: dict[str, Any] | None = None, **kwargs: Any) -> Any:
    """Send the form as the browser would from ``page_url`` (an empty action posts back to it)."""
    url = form.action or page_url
    data = form.data(typed, kwargs.pop("button", None))
    if form.method == "post":
        return client.post(url, data, **kwargs)
    return client.get(url, data, **kwargs)


def fill_and_send(client: Client, url: str, typed: dict[str, Any] | None = None, **kwargs: Any) -> Any:
    """GET the page at ``url``, fill in its one form (or the one with control ``having``, sent to
    ``action``) and send it; ``headers`` go with both requests."""
    headers = kwargs.get("headers", {})
    which = {key: kwargs.pop(key) for key in ("action", "having") if key in kwargs}
    page = client.get(url, headers=headers)
    return send(client, url, form_on(page, **which), typed, **kwargs)


class _References(HTMLParser):
    """The ids of a page, and the ids its attributes refer to."""

    REFERRING = ("aria-describedby", "aria-labelledby", "aria-controls", "for")

    def __init__(self) -> None:
        super().__init__()
        self.ids: set[str] = set()
        self.wanted: list[tuple[str, str, str]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        for name, value in attrs:
            if name == "id" and value:
                self.ids.add(value)
            elif name in self.REFERRING:
                refs = (value or "").split() if name != "for" else [value or ""]
                self.wanted += [(tag, name, ref) for ref in refs]


def dangling(html: str) -> list[str]:
    """Each reference of the page to an id it does not have."""
    parser = _References()
    parser.feed(html)
    return [f'<{tag} {name}="{ref}">' for tag, name, ref in parser.wanted if ref not in parser.ids]
