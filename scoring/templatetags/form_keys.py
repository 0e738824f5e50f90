"""``{% form_key %}``: the hidden one-time key of a write form (see ``scoring.submissions``)."""

from django import template
from django.utils.html import format_html
from django.utils.safestring import SafeString

from scoring.submissions import new_key

register = template.Library()


@register.simple_tag
def form_key() -> SafeString:
    """A fresh key for the form it stands in: sent twice, the form writes once."""
    return format_html('<input type="hidden" name="key" value="{}">', new_key())
