"""WSGI entry point for application servers.

An application server serves the site to others, so debug is off unless ``DJANGO_DEBUG`` turns
it on on purpose: nobody on a club's Wi-Fi ever sees tracebacks with the settings.
"""

import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tarokclub.settings")
os.environ.setdefault("DJANGO_DEBUG", "0")

application = get_wsgi_application()
