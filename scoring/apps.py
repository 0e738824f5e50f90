from django.apps import AppConfig


class ScoringConfig(AppConfig):
    """The club's scoring: sittings, deals and the pure engine under ``scoring.engine``."""

    name = "scoring"
    default_auto_field = "django.db.models.BigAutoField"
