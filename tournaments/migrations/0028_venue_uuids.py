"""Stable identifiers for the offline venue mode (issue 18): a uuid on every tournament-scoped
row without a natural key, so rows made at the venue never collide with central ones. Added
nullable, filled for existing rows, then made unique and required."""

import uuid

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models

MODELS = (
    "player",
    "tournament",
    "pairingchange",
    "cutdecision",
    "playerwarning",
    "ruling",
    "absence",
    "refereecall",
)


def fill_uuids(apps, schema_editor):
    for name in MODELS:
        model = apps.get_model("tournaments", name)
        rows = list(model.objects.filter(uuid__isnull=True).only("pk"))
        for row in rows:
            row.uuid = uuid.uuid4()
        model.objects.bulk_update(rows, ["uuid"], batch_size=1000)


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0027_venue_checkout"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        *[
            migrations.AddField(
                model_name=name, name="uuid", field=models.UUIDField(null=True, editable=False)
            )
            for name in MODELS
        ],
        migrations.RunPython(fill_uuids, migrations.RunPython.noop),
        *[
            migrations.AlterField(
                model_name=name,
                name="uuid",
                field=models.UUIDField(default=uuid.uuid4, unique=True, editable=False),
            )
            for name in MODELS
        ],
        migrations.AddField(
            model_name="venuecheckout",
            name="players_base",
            field=models.JSONField(blank=True, default=dict),
        ),
        migrations.CreateModel(
            name="VenueRegistryConflict",
            fields=[
                ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                ("field", models.CharField(max_length=40)),
                ("base", models.JSONField(blank=True, null=True)),
                ("central", models.JSONField(blank=True, null=True)),
                ("venue", models.JSONField(blank=True, null=True)),
                ("resolved_at", models.DateTimeField(blank=True, null=True)),
                ("resolution", models.CharField(blank=True, max_length=300)),
                ("player", models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name="venue_conflicts", to="tournaments.player")),
                ("resolved_by", models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name="+", to=settings.AUTH_USER_MODEL)),
                ("upload", models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name="conflicts", to="tournaments.venueupload")),
            ],
            options={
                "verbose_name": "Registry conflict",
                "verbose_name_plural": "Registry conflicts",
                "ordering": ["upload", "player", "field"],
            },
        ),
    ]
