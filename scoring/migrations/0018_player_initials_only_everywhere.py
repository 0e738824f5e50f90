from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("scoring", "0017_login_failure_device_club_short_name"),
    ]

    operations = [
        migrations.AlterField(
            model_name="player",
            name="initials_only",
            field=models.BooleanField(
                default=False,
                help_text=(
                    "Visitors who are not members of the club see only the initials, on every page and export "
                    "they can reach (a public club's, a public tournament's)."
                ),
                verbose_name="initials only in public",
            ),
        ),
    ]
