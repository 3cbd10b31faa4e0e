"""The schema of ranking as one migration: 0001–0009 squashed before the first release.

A database that applied all of 0001–0009 takes this as applied (`replaces`). Kept from the old
steps: the commission's decisions, their corrections and its strikes are final (Klub 3), so the
database refuses any UPDATE of them (old 0002, 0003). Only UPDATE is blocked: deleting stays
possible for the test database flush and for the admin of a broken install.
"""

import django.db.models.deletion
import django.utils.timezone
import ranking.models
from django.conf import settings
from django.db import migrations, models


FINAL_TABLES = ("ranking_decision", "ranking_resultcorrection", "ranking_rankingstrike")
REFUSAL = "Entscheidungen der Regelkommission sind endgültig und werden nicht geändert."


def create_triggers(apps, schema_editor):
    vendor = schema_editor.connection.vendor
    if vendor == "postgresql":
        schema_editor.execute(
            "CREATE OR REPLACE FUNCTION ranking_refuse_update() RETURNS trigger AS $$ "
            f"BEGIN RAISE EXCEPTION '{REFUSAL}'; END; $$ LANGUAGE plpgsql;"
        )
    for table in FINAL_TABLES:
        if vendor == "sqlite":
            schema_editor.execute(
                f"CREATE TRIGGER {table}_no_update BEFORE UPDATE ON {table} "
                f"BEGIN SELECT RAISE(ABORT, '{REFUSAL}'); END;"
            )
        elif vendor == "postgresql":
            schema_editor.execute(
                f"CREATE TRIGGER {table}_no_update BEFORE UPDATE ON {table} "
                "FOR EACH ROW EXECUTE FUNCTION ranking_refuse_update();"
            )


def drop_triggers(apps, schema_editor):
    vendor = schema_editor.connection.vendor
    for table in FINAL_TABLES:
        if vendor == "sqlite":
            schema_editor.execute(f"DROP TRIGGER IF EXISTS {table}_no_update;")
        elif vendor == "postgresql":
            schema_editor.execute(f"DROP TRIGGER IF EXISTS {table}_no_update ON {table};")
    if vendor == "postgresql":
        schema_editor.execute("DROP FUNCTION IF EXISTS ranking_refuse_update();")


class Migration(migrations.Migration):

    initial = True

    replaces = [
        ('ranking', '0001_initial'),
        ('ranking', '0002_immutable_decisions'),
        ('ranking', '0003_ranking_strike'),
        ('ranking', '0004_correction_lines'),
        ('ranking', '0005_correction_lines_backfill'),
        ('ranking', '0006_player_notifications'),
        ('ranking', '0007_english_msgids'),
        ('ranking', '0008_player_mail_language'),
        ('ranking', '0009_admin_labels'),
    ]

    dependencies = [
        ('tournaments', '0001_squashed_0032_admin_labels'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.CreateModel(
            name='Appeal',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('on_behalf', models.BooleanField(default=False, verbose_name='Filed for the player')),
                ('filed_at', models.DateTimeField(verbose_name='Received')),
                ('filed_token', models.CharField(blank=True, max_length=16)),
                ('table_number', models.PositiveIntegerField(blank=True, null=True, verbose_name='Table')),
                ('game_number', models.PositiveSmallIntegerField(blank=True, null=True, verbose_name='Game')),
                ('what_is_wrong', models.TextField(verbose_name='What is wrong?')),
                ('correction_requested', models.TextField(verbose_name='Correction requested')),
                ('attachment', models.FileField(blank=True, upload_to=ranking.models.appeal_upload_to, verbose_name='Attachment (photo of the result sheet)')),
                ('status', models.CharField(choices=[('received', 'Received'), ('under_review', 'Under review'), ('decided', 'Decided')], default='received', max_length=20)),
                ('review_started_at', models.DateTimeField(blank=True, null=True)),
                ('filed_by', models.ForeignKey(null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL)),
                ('player', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='appeals', to='tournaments.player')),
                ('review_started_by', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL)),
                ('round', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.PROTECT, related_name='+', to='tournaments.round', verbose_name='Round')),
                ('tournament', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='appeals', to='tournaments.tournament')),
            ],
            options={
                'verbose_name': 'Appeal',
                'verbose_name_plural': 'Appeals',
                'ordering': ['filed_at', 'pk'],
                'indexes': [models.Index(fields=['status', 'filed_at'], name='ranking_app_status_9999f8_idx')],
                'constraints': [models.CheckConstraint(condition=models.Q(('status__in', ['received', 'under_review', 'decided'])), name='appeal_status_valid'), models.CheckConstraint(condition=models.Q(('game_number__isnull', True), models.Q(('game_number__gte', 1), ('game_number__lte', 4)), _connector='OR'), name='appeal_game_1_4', violation_error_message='A round has at most four games.'), models.CheckConstraint(condition=models.Q(('table_number__isnull', True), ('table_number__gte', 1), _connector='OR'), name='appeal_table_positive'), models.CheckConstraint(condition=models.Q(('status', 'received'), ('review_started_at__isnull', False), _connector='OR'), name='appeal_review_recorded'), models.CheckConstraint(condition=models.Q(models.Q(('what_is_wrong', ''), _negated=True), models.Q(('correction_requested', ''), _negated=True)), name='appeal_texts_required')],
            },
        ),
        migrations.CreateModel(
            name='Decision',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('outcome', models.CharField(choices=[('rejected', 'Rejected'), ('upheld', 'Upheld: results corrected for the ranking'), ('struck', 'The tournament is struck from the ranking (Klub 3.1.1)')], max_length=20, verbose_name='Decision')),
                ('reasoning', models.TextField(verbose_name='Reasoning')),
                ('decided_at', models.DateTimeField()),
                ('appeal', models.OneToOneField(on_delete=django.db.models.deletion.PROTECT, related_name='decision', to='ranking.appeal')),
                ('decided_by', models.ForeignKey(null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL)),
            ],
            options={
                'verbose_name': 'Decision of the rules commission',
                'verbose_name_plural': 'Decisions of the rules commission',
                'ordering': ['decided_at', 'pk'],
                'constraints': [models.CheckConstraint(condition=models.Q(('outcome__in', ['rejected', 'upheld', 'struck'])), name='decision_outcome_valid'), models.CheckConstraint(condition=models.Q(('reasoning', ''), _negated=True), name='decision_reasoning_required', violation_error_message='A decision needs a reasoning.')],
            },
        ),
        migrations.CreateModel(
            name='Notification',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('kind', models.CharField(choices=[('table', 'Your table, as soon as a round is released'), ('correction', 'Correction of a published result of your table')], max_length=20)),
                ('ref_id', models.PositiveBigIntegerField(help_text='Round (table) or sheet version (correction)')),
                ('created_at', models.DateTimeField(auto_now_add=True)),
                ('sent_at', models.DateTimeField(blank=True, null=True)),
                ('player', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='notifications', to='tournaments.player')),
                ('tournament', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='+', to='tournaments.tournament')),
            ],
            options={
                'ordering': ['created_at', 'pk'],
                'constraints': [models.UniqueConstraint(fields=('kind', 'ref_id', 'player'), name='notification_once_per_player'), models.CheckConstraint(condition=models.Q(('kind__in', ['table', 'correction'])), name='notification_kind_valid')],
            },
        ),
        migrations.CreateModel(
            name='PlayerAccount',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('created_at', models.DateTimeField(auto_now_add=True)),
                ('player', models.OneToOneField(on_delete=django.db.models.deletion.PROTECT, related_name='account', to='tournaments.player')),
                ('user', models.OneToOneField(on_delete=django.db.models.deletion.CASCADE, related_name='player_account', to=settings.AUTH_USER_MODEL)),
            ],
            options={
                'verbose_name': 'Player account',
                'verbose_name_plural': 'Player accounts',
            },
        ),
        migrations.CreateModel(
            name='PlayerInvitation',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('email', models.EmailField(max_length=254, verbose_name='E-mail')),
                ('token_hash', models.CharField(max_length=64, unique=True)),
                ('created_at', models.DateTimeField(default=django.utils.timezone.now)),
                ('expires_at', models.DateTimeField()),
                ('accepted_at', models.DateTimeField(blank=True, null=True)),
                ('account', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to='ranking.playeraccount')),
                ('created_by', models.ForeignKey(null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL)),
                ('player', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='invitations', to='tournaments.player')),
            ],
            options={
                'ordering': ['-created_at'],
                'constraints': [models.CheckConstraint(condition=models.Q(('accepted_at__isnull', True), ('account__isnull', False), _connector='OR'), name='invitation_accepted_has_account'), models.CheckConstraint(condition=models.Q(('expires_at__gt', models.F('created_at'))), name='invitation_expires_later')],
            },
        ),
        migrations.CreateModel(
            name='PlayerPreferences',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('table_mail', models.BooleanField(default=True, verbose_name='E-mail with my table')),
                ('correction_mail', models.BooleanField(default=True, verbose_name='E-mail on corrections at my table')),
                ('language', models.CharField(choices=[('de', 'Deutsch'), ('en', 'English')], default='de', max_length=8, verbose_name='Language of my e-mails')),
                ('calendar_token', models.CharField(blank=True, default='', max_length=64)),
                ('calendar_token_created_at', models.DateTimeField(blank=True, null=True)),
                ('updated_at', models.DateTimeField(auto_now=True)),
                ('account', models.OneToOneField(on_delete=django.db.models.deletion.CASCADE, related_name='preferences', to='ranking.playeraccount')),
            ],
            options={
                'verbose_name': 'Settings of a player account',
                'verbose_name_plural': 'Player account settings',
                'constraints': [models.UniqueConstraint(condition=models.Q(('calendar_token', ''), _negated=True), fields=('calendar_token',), name='preferences_calendar_token_unique')],
            },
        ),
        migrations.CreateModel(
            name='RankingStrike',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('struck', models.BooleanField(verbose_name='Struck')),
                ('reasoning', models.TextField(verbose_name='Reasoning')),
                ('decided_at', models.DateTimeField(verbose_name='Decided at')),
                ('decided_by', models.ForeignKey(null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL, verbose_name='Decided by')),
                ('tournament', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='+', to='tournaments.tournament', verbose_name='Tournament')),
            ],
            options={
                'verbose_name': 'Strike by the rules commission',
                'verbose_name_plural': 'Strikes by the rules commission',
                'ordering': ['decided_at', 'pk'],
                'constraints': [models.CheckConstraint(condition=models.Q(('reasoning', ''), _negated=True), name='ranking_strike_reasoning_required', violation_error_message='A decision needs a reasoning.')],
            },
        ),
        migrations.CreateModel(
            name='RankingYear',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('year', models.PositiveSmallIntegerField(unique=True, verbose_name='Ranking year')),
                ('computed_at', models.DateTimeField(blank=True, null=True, verbose_name='Computed on')),
                ('rule_version', models.CharField(blank=True, max_length=20, verbose_name='Rules version')),
                ('pending', models.BooleanField(default=False, verbose_name='Recalculation pending')),
                ('pending_since', models.DateTimeField(blank=True, null=True)),
                ('generation', models.PositiveIntegerField(default=0)),
            ],
            options={
                'verbose_name': 'Ranking year',
                'verbose_name_plural': 'Ranking years',
                'ordering': ['-year'],
                'constraints': [models.CheckConstraint(condition=models.Q(('year__gte', 1990), ('year__lte', 2200)), name='ranking_year_range')],
            },
        ),
        migrations.CreateModel(
            name='RankingEntry',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('rank', models.PositiveIntegerField()),
                ('tournaments', models.PositiveSmallIntegerField()),
                ('rounds', models.PositiveSmallIntegerField()),
                ('games', models.PositiveIntegerField()),
                ('placement_points', models.IntegerField()),
                ('game_points', models.IntegerField()),
                ('first', models.PositiveIntegerField()),
                ('second', models.PositiveIntegerField()),
                ('third', models.PositiveIntegerField()),
                ('fourth', models.PositiveIntegerField()),
                ('minus_points', models.PositiveIntegerField()),
                ('player', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='ranking_entries', to='tournaments.player')),
                ('ranking_year', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='entries', to='ranking.rankingyear')),
            ],
            options={
                'ordering': ['ranking_year', 'rank', 'player_id'],
                'constraints': [models.UniqueConstraint(fields=('ranking_year', 'player'), name='ranking_entry_unique_player'), models.CheckConstraint(condition=models.Q(('rank__gte', 1)), name='ranking_entry_rank_positive')],
            },
        ),
        migrations.CreateModel(
            name='ResultCorrection',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('table_number', models.PositiveIntegerField()),
                ('games', models.JSONField()),
                ('created_at', models.DateTimeField(auto_now_add=True)),
                ('decision', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='corrections', to='ranking.decision')),
                ('round', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='+', to='tournaments.round')),
            ],
            options={
                'ordering': ['created_at', 'pk'],
                'constraints': [models.UniqueConstraint(fields=('decision', 'round', 'table_number'), name='correction_unique_table'), models.CheckConstraint(condition=models.Q(('table_number__gte', 1)), name='correction_table_positive')],
            },
        ),
        migrations.CreateModel(
            name='CorrectionLine',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('round_number', models.PositiveSmallIntegerField()),
                ('letter', models.CharField(max_length=1)),
                ('reserve', models.BooleanField()),
                ('game_number', models.PositiveSmallIntegerField()),
                ('pool_exhausted', models.BooleanField()),
                ('game_points', models.IntegerField()),
                ('minus_points', models.PositiveIntegerField()),
                ('place', models.PositiveSmallIntegerField()),
                ('placement_points', models.PositiveSmallIntegerField()),
                ('winner', models.BooleanField()),
                ('no_meld', models.PositiveSmallIntegerField(null=True)),
                ('player', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='+', to='tournaments.player')),
                ('table', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='+', to='tournaments.table')),
                ('tournament', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='+', to='tournaments.tournament')),
                ('correction', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='lines', to='ranking.resultcorrection')),
            ],
            options={
                'constraints': [models.UniqueConstraint(fields=('correction', 'game_number', 'letter'), name='correction_line_unique'), models.CheckConstraint(condition=models.Q(('place__gte', 1), ('place__lte', 4)), name='correction_line_place_1_4')],
            },
        ),
        migrations.CreateModel(
            name='TournamentContribution',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('rounds', models.PositiveSmallIntegerField()),
                ('games', models.PositiveSmallIntegerField()),
                ('placement_points', models.IntegerField()),
                ('game_points', models.IntegerField()),
                ('first', models.PositiveSmallIntegerField()),
                ('second', models.PositiveSmallIntegerField()),
                ('third', models.PositiveSmallIntegerField()),
                ('fourth', models.PositiveSmallIntegerField()),
                ('minus_points', models.PositiveIntegerField()),
                ('player', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='+', to='tournaments.player')),
                ('tournament', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='ranking_contributions', to='tournaments.tournament')),
            ],
            options={
                'constraints': [models.UniqueConstraint(fields=('tournament', 'player'), name='contribution_unique_player')],
            },
        ),
        migrations.CreateModel(
            name='TournamentRanking',
            fields=[
                ('tournament', models.OneToOneField(on_delete=django.db.models.deletion.CASCADE, primary_key=True, related_name='ranking_state', serialize=False, to='tournaments.tournament')),
                ('stale', models.BooleanField(default=True)),
                ('change_count', models.PositiveIntegerField(default=0)),
                ('computed_at', models.DateTimeField(blank=True, null=True)),
                ('appeals_closed_at', models.DateTimeField(blank=True, null=True, verbose_name='Appeal period closed')),
                ('final_at', models.DateTimeField(blank=True, null=True, verbose_name='Final for the ranking')),
            ],
            options={
                'verbose_name': 'Ranking status of a tournament',
                'verbose_name_plural': 'Ranking status of the tournaments',
                'constraints': [models.CheckConstraint(condition=models.Q(('final_at__isnull', True), ('appeals_closed_at__isnull', False), _connector='OR'), name='tournament_ranking_final_after_close')],
            },
        ),
        migrations.RunPython(create_triggers, drop_triggers),
    ]
