"""Issue 30.1: the version of a tournament's public pages is its count of `PublicChange` rows,
read from the index (tournament, id) alone; the cache's lost bumps (`LostBump`) are no longer
needed."""

from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('tournaments', '0034_special_rounds_any_number'),
    ]

    operations = [
        migrations.DeleteModel(
            name='LostBump',
        ),
        migrations.AlterField(
            model_name='publicchange',
            name='tournament_id',
            field=models.BigIntegerField(),
        ),
        migrations.AddIndex(
            model_name='publicchange',
            index=models.Index(fields=['tournament_id', 'id'], name='publicchange_version'),
        ),
    ]
