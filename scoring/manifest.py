"""The web app manifest: what a phone that keeps the site on its home screen shows of it.

Served as a page of its own (``/manifest.webmanifest``) rather than a static file, so that its
icons are the hashed names ``collectstatic`` gives them and its name is in the page's language.
"""

from __future__ import annotations

from django.http import HttpRequest, JsonResponse
from django.templatetags.static import static
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.cache import cache_control
from django.views.decorators.http import require_GET

THEME = "#7a1f2b"
"""The site's red (``--accent`` in site.css): the bar of the phone's browser and the splash."""
PAPER = "#fbfaf7"
"""The page's background (``--paper``), shown while the site starts."""


@require_GET
@cache_control(max_age=3600, public=True)
def manifest(request: HttpRequest) -> JsonResponse:
    icons = [
        {"src": static("tarokclub/icon.svg"), "sizes": "any", "type": "image/svg+xml"},
        *(
            {"src": static(f"tarokclub/icon-{size}.png"), "sizes": f"{size}x{size}", "type": "image/png"}
            for size in (192, 512)
        ),
    ]
    data = {
        "name": "tarokclub",
        "short_name": "tarokclub",
        "description": _("Score sheets, tournaments and the ledger of a Tarock club."),
        "start_url": reverse("home"),
        "scope": "/",
        "display": "standalone",
        "theme_color": THEME,
        "background_color": PAPER,
        "icons": icons,
    }
    response = JsonResponse(data, json_dumps_params={"ensure_ascii": False})
    response["Content-Type"] = "application/manifest+json"
    return response
