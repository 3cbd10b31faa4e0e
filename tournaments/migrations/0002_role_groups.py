"""The site-wide roles exist as auth groups from the first migrate on."""

from django.db import migrations

ROLE_GROUPS = (
    "Verbandsadministration",
    "Turnierleitung",
    "Schiedsrichter",
    "Hauptschiedsrichter",
    "Regelkommission",
)


def create_groups(apps, schema_editor):
    Group = apps.get_model("auth", "Group")
    for name in ROLE_GROUPS:
        Group.objects.get_or_create(name=name)


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0001_initial"),
        ("auth", "0012_alter_user_first_name_max_length"),
    ]

    operations = [migrations.RunPython(create_groups, migrations.RunPython.noop)]
