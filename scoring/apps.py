from django.apps import AppConfig
from django.urls import register_converter


class ScoringConfig(AppConfig):
    """The club's scoring: sittings, deals and the pure engine under ``scoring.engine``."""

    name = "scoring"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from scoring.limits import IdConverter

        # Numbers in addresses are bounded, so an absurd one is a 404, never a database error.
        register_converter(IdConverter, "id")
