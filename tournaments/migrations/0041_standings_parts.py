"""The stored standings keep their HTML compressed, spliced into pages as stored (issue 32).

Stored standings are derived data (computed again by their next reader): the old rows go."""

from django.db import migrations, models


def forget_snapshots(apps, schema_editor):
    apps.get_model("tournaments", "StandingsSnapshot").objects.all().delete()


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0040_standings_places"),
    ]

    operations = [
        migrations.RunPython(forget_snapshots, migrations.RunPython.noop),
        migrations.RemoveField(model_name="standingssnapshot", name="html"),
        migrations.RemoveField(model_name="standingssnapshot", name="rows"),
        migrations.AddField(
            model_name="standingssnapshot",
            name="parts",
            field=models.BinaryField(default=b""),
            preserve_default=False,
        ),
    ]
