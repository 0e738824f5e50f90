"""``{% outbox_words %}``: what the outbox (``tarokclub/outbox.js``) says, in the page's language."""

from django import template
from django.utils.html import json_script
from django.utils.safestring import SafeString
from django.utils.translation import gettext as _

register = template.Library()


@register.simple_tag
def outbox_words() -> SafeString:
    """The outbox's sentences as a JSON block the script reads (never run); ``{label}`` names the
    deal ("Deal 2", "Taking back deal 3")."""
    words = {
        "waiting": _("{label} not sent yet: no connection. It is sent as soon as there is one."),
        "sending": _("{label}: sending…"),
        "busy": _("Working on it: this can take a moment."),
    }
    return json_script(words, "outbox-words")
