"""QR codes of the tables' links, for the printed table cards (segno: a maintained QR library)."""

from __future__ import annotations

import segno


def qr_data_uri(url: str) -> str:
    """The QR code of ``url`` as an SVG data URI, for an ``<img>`` (the pages allow data images)."""
    return str(segno.make(url, error="m").svg_data_uri(scale=4, border=2))
