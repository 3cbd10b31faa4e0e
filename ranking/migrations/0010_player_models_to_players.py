"""A player's account moves to the players app (issue 26): PlayerAccount, PlayerInvitation,
PlayerPreferences and Notification leave ranking's model state; their tables and rows stay as
they are (players' 0001 takes them over under the same table names; no SQL here).

The content types (and with them the permissions and admin log entries that point at them) are
relabelled from ranking to players, so nothing dangles and no second set is created. A content
type that players already has (a database where it was created in between) is left alone.
"""

from django.db import migrations

MOVED = ("playeraccount", "playerinvitation", "playerpreferences", "notification")


def _relabel(apps, source: str, target: str) -> None:
    ContentType = apps.get_model("contenttypes", "ContentType")
    taken = set(
        ContentType.objects.filter(app_label=target, model__in=MOVED).values_list("model", flat=True)
    )
    ContentType.objects.filter(app_label=source, model__in=set(MOVED) - taken).update(
        app_label=target
    )


def to_players(apps, schema_editor):
    _relabel(apps, "ranking", "players")


def to_ranking(apps, schema_editor):
    _relabel(apps, "players", "ranking")


class Migration(migrations.Migration):

    dependencies = [
        ('ranking', '0001_squashed_0009_admin_labels'),
        ('players', '0001_initial'),
        ('contenttypes', '0002_remove_content_type_name'),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            database_operations=[],
            state_operations=[
                migrations.DeleteModel(name='PlayerPreferences'),
                migrations.DeleteModel(name='PlayerInvitation'),
                migrations.DeleteModel(name='Notification'),
                migrations.DeleteModel(name='PlayerAccount'),
            ],
        ),
        migrations.RunPython(to_players, to_ranking),
    ]
