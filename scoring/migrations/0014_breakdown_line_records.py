"""Breakdown lines kept as named records instead of positional lists.

``[index, pot, points, reason, why]`` becomes ``{"player": index, "pot": pot, "points": points,
"reason": reason, "why": why}`` (``scoring.sittings.stored.StoredLine``); the way back turns the
records into lists again. The field names are written here, not imported, so that the migration
keeps meaning what it meant when the code moves on.
"""

from django.db import migrations

FIELDS = ("player", "pot", "points", "reason", "why")
CHUNK = 500


def to_records(apps, schema_editor):
    Breakdown = apps.get_model("scoring", "Breakdown")
    for breakdown in Breakdown.objects.iterator(chunk_size=CHUNK):
        if breakdown.lines and isinstance(breakdown.lines[0], list):
            breakdown.lines = [dict(zip(FIELDS, line, strict=True)) for line in breakdown.lines]
            breakdown.save(update_fields=["lines"])


def to_lists(apps, schema_editor):
    Breakdown = apps.get_model("scoring", "Breakdown")
    for breakdown in Breakdown.objects.iterator(chunk_size=CHUNK):
        if breakdown.lines and isinstance(breakdown.lines[0], dict):
            breakdown.lines = [[line[field] for field in FIELDS] for line in breakdown.lines]
            breakdown.save(update_fields=["lines"])


class Migration(migrations.Migration):
    dependencies = [
        ("scoring", "0013_club_changes"),
    ]

    operations = [
        migrations.RunPython(to_records, to_lists),
    ]
