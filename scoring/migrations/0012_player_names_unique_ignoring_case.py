"""A club's players are told apart by their names whatever the capitals: players whose names
differ only in capitals are renamed first (the oldest keeps his name, the others get " (2)",
" (3)" …), then the database refuses two names alike in lower case."""

import django.db.models.functions.text
from django.apps.registry import Apps
from django.db import migrations, models
from django.db.backends.base.schema import BaseDatabaseSchemaEditor

NAME_LENGTH = 60


def name_key(name: str) -> str:
    """What tells two players apart, as ``scoring.limits.name_key`` says today (copied: a
    migration must not import app code that may change)."""
    return name.casefold()


def number_the_names_alike(apps: Apps, schema_editor: BaseDatabaseSchemaEditor) -> None:
    """In each club, every player whose name is an older player's in other capitals gets the
    first free number, cut to fit 60 characters without a space before the number."""
    Player = apps.get_model("scoring", "Player")
    taken: dict[int, set[str]] = {}
    for club_id, name in Player.objects.values_list("club_id", "display_name"):
        taken.setdefault(club_id, set()).add(name_key(name))
    kept: dict[int, set[str]] = {}
    for player in Player.objects.order_by("pk"):
        seen = kept.setdefault(player.club_id, set())
        if name_key(player.display_name) not in seen:
            seen.add(name_key(player.display_name))
            continue
        number, candidate = 2, player.display_name
        while name_key(candidate) in taken[player.club_id]:
            suffix = f" ({number})"
            candidate = player.display_name[: NAME_LENGTH - len(suffix)].rstrip() + suffix
            number += 1
        taken[player.club_id].add(name_key(candidate))
        seen.add(name_key(candidate))
        player.display_name = candidate
        player.save(update_fields=["display_name"])


class Migration(migrations.Migration):

    dependencies = [
        ('scoring', '0011_player_initials_only_help'),
    ]

    operations = [
        migrations.RunPython(number_the_names_alike, migrations.RunPython.noop),
        migrations.RemoveConstraint(
            model_name='player',
            name='player_name_unique_in_club',
        ),
        migrations.AddConstraint(
            model_name='player',
            constraint=models.UniqueConstraint(models.F('club'), django.db.models.functions.text.Lower('display_name'), name='player_name_unique_in_club_ignoring_case'),
        ),
    ]
