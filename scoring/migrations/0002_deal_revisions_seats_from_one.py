"""A deal row is called what it is, a revision; seats are numbered from 1 (seat 1 deals first);
variant choices come from the registry, so adding a variant needs no migration."""

from django.apps.registry import Apps
from django.db import migrations, models
from django.db.backends.base.schema import BaseDatabaseSchemaEditor
from django.db.models import F

import scoring.club.models


def seats_from_one(apps: Apps, schema_editor: BaseDatabaseSchemaEditor) -> None:
    # In two steps, so that no row ever takes the number of a seat not yet moved.
    Seat = apps.get_model("scoring", "Seat")
    Seat.objects.update(number=F("number") + 1001)
    Seat.objects.update(number=F("number") - 1000)


def seats_from_zero(apps: Apps, schema_editor: BaseDatabaseSchemaEditor) -> None:
    Seat = apps.get_model("scoring", "Seat")
    Seat.objects.update(number=F("number") + 999)
    Seat.objects.update(number=F("number") - 1000)


class Migration(migrations.Migration):
    dependencies = [("scoring", "0001_initial")]

    operations = [
        migrations.RemoveConstraint(model_name="scorerow", name="one_score_per_player_and_deal"),
        migrations.RenameModel(old_name="Deal", new_name="DealRevision"),
        migrations.AlterModelOptions(
            name="dealrevision",
            options={
                "ordering": ["sitting", "number", "revision"],
                "verbose_name": "deal revision",
                "verbose_name_plural": "deal revisions",
            },
        ),
        migrations.AlterField(
            model_name="dealrevision",
            name="sitting",
            field=models.ForeignKey(
                on_delete=models.deletion.CASCADE, related_name="revisions", to="scoring.sitting"
            ),
        ),
        migrations.RenameField(model_name="scorerow", old_name="deal", new_name="revision"),
        migrations.RenameField(model_name="breakdown", old_name="deal", new_name="revision"),
        migrations.AddConstraint(
            model_name="scorerow",
            constraint=models.UniqueConstraint(fields=("revision", "player"), name="one_score_per_player_and_deal"),
        ),
        migrations.AlterField(
            model_name="sitting",
            name="variant",
            field=models.CharField(choices=scoring.club.models.variant_choices, max_length=20, verbose_name="variant"),
        ),
        migrations.AlterField(
            model_name="tariff",
            name="variant",
            field=models.CharField(choices=scoring.club.models.variant_choices, max_length=20, verbose_name="variant"),
        ),
        migrations.RunPython(seats_from_one, seats_from_zero),
    ]
