"""The schema of tournaments as one migration: 0001–0032 squashed before the first release.

A database that applied all of 0001–0032 takes this as applied (`replaces`); a fresh one is built
in seconds instead of replaying 32 steps (most of them relabelled fields). Kept from the old steps:
the role groups (old 0002) and the snapshot columns stored uncompressed (old 0025). The old data
backfills are gone with the data they mended.
"""

import django.db.models.deletion
import django.utils.timezone
import tournaments.models.collation
import uuid
from django.conf import settings
from django.db import migrations, models


ROLE_GROUPS = (
    "Verbandsadministration",
    "Turnierleitung",
    "Schiedsrichter",
    "Hauptschiedsrichter",
    "Regelkommission",
)


def create_groups(apps, schema_editor):
    """The site-wide roles exist as auth groups from the first migrate on."""
    Group = apps.get_model("auth", "Group")
    for name in ROLE_GROUPS:
        Group.objects.get_or_create(name=name)


def store_uncompressed(apps, schema_editor):
    """PostgreSQL: keep the stored rows and HTML out of line but uncompressed, so each read of
    a snapshot is not a decompression of 300 KB in the database (the reason it is stored)."""
    if schema_editor.connection.vendor != "postgresql":
        return
    table = apps.get_model("tournaments", "StandingsSnapshot")._meta.db_table
    schema_editor.execute(
        f"ALTER TABLE {table} ALTER COLUMN rows SET STORAGE EXTERNAL, "
        "ALTER COLUMN html SET STORAGE EXTERNAL"
    )


class Migration(migrations.Migration):

    initial = True

    replaces = [
        ('tournaments', '0001_initial'),
        ('tournaments', '0002_role_groups'),
        ('tournaments', '0003_constraint_messages'),
        ('tournaments', '0004_referees'),
        ('tournaments', '0005_referee_constraints'),
        ('tournaments', '0006_sheet_action_labels'),
        ('tournaments', '0007_seconds_per_move'),
        ('tournaments', '0008_ranking_note'),
        ('tournaments', '0009_formats_house_rules_one_game'),
        ('tournaments', '0010_absence'),
        ('tournaments', '0011_paper_sheet_facts'),
        ('tournaments', '0012_finals_and_ties'),
        ('tournaments', '0013_teams'),
        ('tournaments', '0014_scored_lines'),
        ('tournaments', '0015_scored_lines_backfill'),
        ('tournaments', '0016_junior_field'),
        ('tournaments', '0017_online_registration'),
        ('tournaments', '0018_check_in_window'),
        ('tournaments', '0019_guest_players'),
        ('tournaments', '0020_lost_bumps'),
        ('tournaments', '0021_table_entry'),
        ('tournaments', '0022_round_clock'),
        ('tournaments', '0023_friction'),
        ('tournaments', '0024_privacy_merge'),
        ('tournaments', '0025_standings_snapshots'),
        ('tournaments', '0026_english_msgids'),
        ('tournaments', '0027_venue_checkout'),
        ('tournaments', '0028_venue_uuids'),
        ('tournaments', '0029_venue_sync_state'),
        ('tournaments', '0030_domain_labels_english'),
        ('tournaments', '0031_signuprequest_language'),
        ('tournaments', '0032_admin_labels'),
    ]

    dependencies = [
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
        ('auth', '0012_alter_user_first_name_max_length'),
    ]

    operations = [
        migrations.CreateModel(
            name='LostBump',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('tournament_id', models.BigIntegerField(blank=True, null=True)),
                ('recorded_at', models.DateTimeField(auto_now_add=True)),
            ],
            options={
                'ordering': ['pk'],
            },
        ),
        migrations.CreateModel(
            name='PublicChange',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('tournament_id', models.BigIntegerField(db_index=True)),
                ('recorded_at', models.DateTimeField(auto_now_add=True)),
            ],
        ),
        migrations.CreateModel(
            name='Team',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('name', models.CharField(max_length=100, verbose_name='Team')),
                ('created_at', models.DateTimeField(auto_now_add=True, verbose_name='Created at')),
            ],
            options={
                'verbose_name': 'Team',
                'verbose_name_plural': 'Teams',
                'ordering': [models.OrderBy(tournaments.models.collation.Din5007(models.F('name'))), models.OrderBy(tournaments.models.collation.CodePoints(models.F('name')))],
            },
        ),
        migrations.CreateModel(
            name='Player',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('uuid', models.UUIDField(default=uuid.uuid4, editable=False, unique=True, verbose_name='UUID')),
                ('federation_number', models.CharField(blank=True, max_length=20, null=True, unique=True, verbose_name='Membership number')),
                ('is_guest', models.BooleanField(default=False, help_text='Created by the tournament director on the day of the tournament, without membership number.', verbose_name='Guest')),
                ('first_name', models.CharField(max_length=80, verbose_name='First name')),
                ('last_name', models.CharField(max_length=80, verbose_name='Last name')),
                ('club', models.CharField(blank=True, max_length=120, verbose_name='Club')),
                ('city', models.CharField(blank=True, max_length=120, verbose_name='Town')),
                ('birth_year', models.PositiveSmallIntegerField(blank=True, null=True, verbose_name='Year of birth')),
                ('email', models.EmailField(blank=True, max_length=254, verbose_name='E-mail (not public)')),
                ('publish_name', models.BooleanField(default=True, help_text='Otherwise public pages show only initials and club.', verbose_name='Name may be published')),
                ('erased_at', models.DateTimeField(blank=True, help_text='Anonymised at their own request: results stay, personal data does not.', null=True, verbose_name='Erased (anonymised)')),
                ('created_at', models.DateTimeField(auto_now_add=True, verbose_name='Created at')),
                ('updated_at', models.DateTimeField(auto_now=True, verbose_name='Updated at')),
            ],
            options={
                'verbose_name': 'Player',
                'verbose_name_plural': 'Player',
                'ordering': [models.OrderBy(tournaments.models.collation.Din5007(models.F('last_name'))), models.OrderBy(tournaments.models.collation.Din5007(models.F('first_name'))), models.OrderBy(tournaments.models.collation.CodePoints(models.F('last_name'))), models.OrderBy(tournaments.models.collation.CodePoints(models.F('first_name'))), 'federation_number'],
                'indexes': [models.Index(fields=['last_name', 'first_name'], name='tournaments_last_na_3afdca_idx')],
                'constraints': [models.CheckConstraint(condition=models.Q(('birth_year__isnull', True), models.Q(('birth_year__gte', 1900), ('birth_year__lte', 2100)), _connector='OR'), name='player_birth_year_range'), models.CheckConstraint(condition=models.Q(models.Q(('federation_number__isnull', False), ('is_guest', False)), models.Q(('federation_number__isnull', True), ('is_guest', True)), _connector='OR'), name='player_number_unless_guest', violation_error_message='Members have a membership number, guests have none.')],
            },
        ),
        migrations.CreateModel(
            name='PlayerMerge',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('removed_player_id', models.PositiveIntegerField(unique=True, verbose_name='Removed player number')),
                ('kept_name', models.CharField(max_length=200)),
                ('removed_name', models.CharField(max_length=200)),
                ('reason', models.TextField(verbose_name='Reasoning')),
                ('moved', models.JSONField(default=dict, help_text='rows moved per table')),
                ('merged_at', models.DateTimeField()),
                ('kept', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='merges', to='tournaments.player')),
                ('merged_by', models.ForeignKey(null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL)),
            ],
            options={
                'verbose_name': 'Player merge',
                'verbose_name_plural': 'Player merges',
                'ordering': ['-merged_at', '-pk'],
            },
        ),
        migrations.CreateModel(
            name='Registration',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('reserve', models.BooleanField(default=False, verbose_name='Reserve player')),
                ('checked_in_at', models.DateTimeField(blank=True, null=True, verbose_name='Checked in')),
                ('withdrawn_at', models.DateTimeField(blank=True, null=True, verbose_name='Withdrawn')),
                ('registered_at', models.DateTimeField(auto_now_add=True, verbose_name='Registered at')),
                ('source', models.CharField(choices=[('staff', 'Tournament director'), ('online', 'Online (player)')], default='staff', max_length=10, verbose_name='Source')),
                ('player', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='registrations', to='tournaments.player', verbose_name='Player')),
                ('registered_by', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL, verbose_name='Registered by')),
                ('team', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.PROTECT, related_name='registrations', to='tournaments.team', verbose_name='Team')),
            ],
            options={
                'verbose_name': 'Registration',
                'verbose_name_plural': 'Registrations',
                'ordering': [models.OrderBy(tournaments.models.collation.Din5007(models.F('player__last_name'))), models.OrderBy(tournaments.models.collation.Din5007(models.F('player__first_name'))), models.OrderBy(tournaments.models.collation.CodePoints(models.F('player__last_name'))), models.OrderBy(tournaments.models.collation.CodePoints(models.F('player__first_name')))],
            },
        ),
        migrations.CreateModel(
            name='Round',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('number', models.PositiveSmallIntegerField(verbose_name='Round')),
                ('kind', models.CharField(choices=[('preliminary', 'Preliminary round'), ('final', 'Final round')], default='preliminary', max_length=20, verbose_name='Kind')),
                ('status', models.CharField(choices=[('drawn', 'Paired, not released'), ('released', 'Pairing released'), ('published', 'Results published')], default='drawn', max_length=20, verbose_name='Status')),
                ('seed', models.BigIntegerField(help_text='Seed of the draw, so that it can be retraced.', verbose_name='Seed')),
                ('method', models.CharField(max_length=200, verbose_name='Method')),
                ('notice', models.TextField(blank=True, verbose_name='Notice')),
                ('created_at', models.DateTimeField(auto_now_add=True, verbose_name='Created at')),
                ('released_at', models.DateTimeField(blank=True, null=True, verbose_name='Released at')),
                ('published_at', models.DateTimeField(blank=True, null=True, verbose_name='Published at')),
                ('created_by', models.ForeignKey(null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL, verbose_name='Created by')),
            ],
            options={
                'verbose_name': 'Round',
                'verbose_name_plural': 'Rounds',
                'ordering': ['tournament', 'number'],
            },
        ),
        migrations.CreateModel(
            name='ResultSheet',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('status', models.CharField(choices=[('entered', 'Entered'), ('clarification', 'Clarification needed'), ('confirmed', 'Confirmed')], max_length=20)),
                ('version', models.PositiveIntegerField(default=0)),
                ('updated_at', models.DateTimeField(auto_now=True)),
                ('round', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='sheets', to='tournaments.round')),
            ],
            options={
                'ordering': ['round', 'table__number'],
            },
        ),
        migrations.CreateModel(
            name='PlayerWarning',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('uuid', models.UUIDField(default=uuid.uuid4, editable=False, unique=True)),
                ('game_number', models.PositiveSmallIntegerField(blank=True, null=True, verbose_name='Game')),
                ('table_number', models.PositiveIntegerField(blank=True, null=True, verbose_name='Table')),
                ('kind', models.CharField(choices=[('unofficial', 'Unofficial warning'), ('yellow', 'Yellow card'), ('red', 'Red card')], max_length=20, verbose_name='Type')),
                ('ground', models.CharField(choices=[('unsporting', 'Unsporting behaviour (4.4)'), ('referee_abuse', 'Misuse of the referee call (4.1.4)'), ('dropped_tiles', 'Dropped tiles (15.3)'), ('other_rule', 'Other rule violation'), ('free_text', 'Other reason (free text)')], max_length=20, verbose_name='Reason')),
                ('ground_text', models.CharField(blank=True, max_length=300, verbose_name='Reason (free text)')),
                ('note', models.TextField(blank=True, verbose_name='Note')),
                ('given_at', models.DateTimeField(auto_now_add=True)),
                ('withdrawn_at', models.DateTimeField(blank=True, null=True)),
                ('withdrawal_reason', models.TextField(blank=True, verbose_name='Reason for the withdrawal')),
                ('given_by', models.ForeignKey(null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL)),
                ('player', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='warnings', to='tournaments.player')),
                ('withdrawn_by', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL)),
                ('round', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.PROTECT, related_name='warnings', to='tournaments.round')),
            ],
            options={
                'ordering': ['tournament', 'given_at', 'pk'],
            },
        ),
        migrations.CreateModel(
            name='PairingChange',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('uuid', models.UUIDField(default=uuid.uuid4, editable=False, unique=True, verbose_name='UUID')),
                ('at', models.DateTimeField(auto_now_add=True, verbose_name='Time')),
                ('action', models.CharField(max_length=20, verbose_name='Action')),
                ('description', models.TextField(verbose_name='Description')),
                ('created_repeat', models.BooleanField(default=False, verbose_name='Created a repeat meeting')),
                ('user', models.ForeignKey(null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL, verbose_name='User')),
                ('round', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='changes', to='tournaments.round', verbose_name='Round')),
            ],
            options={
                'verbose_name': 'Pairing change',
                'verbose_name_plural': 'Pairing changes',
                'ordering': ['-at', '-id'],
            },
        ),
        migrations.CreateModel(
            name='SheetVersion',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('number', models.PositiveIntegerField()),
                ('games', models.JSONField(help_text='[{number, pool_exhausted, declared_winner, scores: {letter: points}, no_meld: {letter: 100|200}}]')),
                ('status', models.CharField(choices=[('entered', 'Entered'), ('clarification', 'Clarification needed'), ('confirmed', 'Confirmed')], max_length=20)),
                ('action', models.CharField(choices=[('entered', 'entered'), ('corrected', 'corrected'), ('confirmed', 'confirmed'), ('clarification', 'Clarification requested'), ('interpreted', 'interpreted by the tournament director'), ('table_entered', 'entered at the table')], max_length=30)),
                ('reason', models.TextField(blank=True)),
                ('filled_in_by', models.CharField(blank=True, help_text='Klub 10.2: the players agree on who fills in the sheet.', max_length=1, verbose_name='Filled in by (seat)')),
                ('signed_by_all', models.BooleanField(help_text='Klub 10.4: the signatures confirm that the game was conducted properly.', null=True, verbose_name='Signed by all players')),
                ('created_at', models.DateTimeField(auto_now_add=True)),
                ('device', models.CharField(blank=True, help_text='Entered at the table: the phone it came from (device id, browser).', max_length=200)),
                ('submission_key', models.UUIDField(blank=True, help_text='A re-sent form with the same key writes no second version (idempotent).', null=True)),
                ('created_by', models.ForeignKey(null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL)),
                ('sheet', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='versions', to='tournaments.resultsheet')),
            ],
            options={
                'ordering': ['sheet', 'number'],
                'constraints': [models.UniqueConstraint(fields=('sheet', 'number'), name='sheet_version_unique'), models.UniqueConstraint(fields=('sheet', 'submission_key'), name='sheet_version_submission_once')],
            },
        ),
        migrations.CreateModel(
            name='SheetSignoff',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('letter', models.CharField(max_length=1)),
                ('verdict', models.CharField(choices=[('confirmed', 'I confirm the results'), ('disputed', 'I object')], max_length=20)),
                ('note', models.TextField(blank=True)),
                ('device', models.CharField(blank=True, max_length=200)),
                ('created_at', models.DateTimeField(auto_now_add=True)),
                ('version', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='signoffs', to='tournaments.sheetversion')),
            ],
            options={
                'ordering': ['version', 'letter'],
                'constraints': [models.UniqueConstraint(fields=('version', 'letter'), name='sheet_signoff_once')],
            },
        ),
        migrations.AddField(
            model_name='resultsheet',
            name='confirmed',
            field=models.ForeignKey(blank=True, help_text='Newest confirmed version: the standings follow this one.', null=True, on_delete=django.db.models.deletion.PROTECT, related_name='+', to='tournaments.sheetversion'),
        ),
        migrations.AddField(
            model_name='resultsheet',
            name='current',
            field=models.ForeignKey(null=True, on_delete=django.db.models.deletion.PROTECT, related_name='+', to='tournaments.sheetversion'),
        ),
        migrations.CreateModel(
            name='Table',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('number', models.PositiveIntegerField(verbose_name='Table')),
                ('round', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='tables', to='tournaments.round', verbose_name='Round')),
            ],
            options={
                'verbose_name': 'Table',
                'verbose_name_plural': 'Tables',
                'ordering': ['round', 'number'],
                'constraints': [models.UniqueConstraint(fields=('round', 'number'), name='table_unique_number')],
            },
        ),
        migrations.CreateModel(
            name='Seat',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('letter', models.CharField(max_length=1, verbose_name='Position')),
                ('reserve', models.BooleanField(default=False, verbose_name='Reserve')),
                ('player', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='seats', to='tournaments.player', verbose_name='Player')),
                ('round', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='seats', to='tournaments.round', verbose_name='Round')),
                ('table', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='seats', to='tournaments.table', verbose_name='Table')),
            ],
            options={
                'verbose_name': 'Seat at a table',
                'verbose_name_plural': 'Seats at the tables',
                'ordering': ['table__number', 'letter'],
                'constraints': [models.UniqueConstraint(fields=('table', 'letter'), name='seat_unique_letter'), models.UniqueConstraint(fields=('round', 'player'), name='seat_unique_player_per_round'), models.CheckConstraint(condition=models.Q(('letter__in', ['A', 'B', 'C', 'D'])), name='seat_letter_a_to_d')],
            },
        ),
        migrations.AddField(
            model_name='resultsheet',
            name='table',
            field=models.OneToOneField(on_delete=django.db.models.deletion.CASCADE, related_name='sheet', to='tournaments.table'),
        ),
        migrations.CreateModel(
            name='Tournament',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('uuid', models.UUIDField(default=uuid.uuid4, editable=False, unique=True, verbose_name='UUID')),
                ('name', models.CharField(max_length=200, verbose_name='Name')),
                ('category', models.CharField(choices=[('beginners', "Beginners' tournament"), ('city', 'City championship'), ('national', 'German championship'), ('special', 'Special tournament')], max_length=20, verbose_name='Category')),
                ('rounds_planned', models.PositiveSmallIntegerField(help_text='Number of rounds without the final round (Klub 6.2).', verbose_name='Preliminary rounds')),
                ('games_per_round', models.PositiveSmallIntegerField(default=4, help_text='4; 1 to 3 only at special tournaments, as announced (Klub 6.2.1, 000 §1B).', verbose_name='Games per round')),
                ('has_final', models.BooleanField(default=False, verbose_name='Final round')),
                ('finalists_count', models.PositiveSmallIntegerField(default=4, help_text='Only with “The best of the preliminary standings”. Club tournaments play the final at tables of four: 4, 8, 12 … (Klub 6.1).', verbose_name='Finalists')),
                ('final_mode', models.CharField(choices=[('top_n', 'The best of the preliminary standings'), ('table_winners', 'The winner of every table of the last preliminary round (house format)')], default='top_n', help_text="Who reaches the final: the best of the preliminary standings (Klub 6.2) or, in the house format (000 §1B), the winner of every table of the last preliminary round – by the rules' ranking criteria over that table's games. With 2 tables, the two table winners play the final as two (our reading: 4 or 3 placement points (Platzierungspunkte)). The tournament director decides ties by a play-off or lot (Klub 4.2).", max_length=20, verbose_name='Who reaches the final')),
                ('table_policy', models.CharField(choices=[('reserves', 'Fill up with reserves'), ('three', 'Three-player tables')], default='reserves', max_length=20, verbose_name='Table rule')),
                ('max_players', models.PositiveIntegerField(blank=True, null=True, verbose_name='Maximum number of players')),
                ('ranking_year', models.PositiveSmallIntegerField(verbose_name='Ranking year')),
                ('rule_set', models.CharField(choices=[('2014', 'Club rules 2014 (four ranking keys)'), ('pre2014', 'Rules before 2014 (games won, then game points)'), ('house', 'House format 000 (placement points, then game points)')], default='2014', help_text='The rules of the ranking year (Klub 2.4): from 2014 Klub 10.1 (placement points (Platzierungspunkte), game points (Spielpunkte), better placings, fewer minus points). Before 2014: games won, then game points (001 §22.7); Klub 10.1 applies from 2014. Special tournaments may choose the house format in any year (000 §5A: placement points, then game points).', max_length=10, verbose_name='Rules')),
                ('counts_for_ranking', models.BooleanField(default=True, verbose_name='Counts for the ranking')),
                ('ranking_note', models.CharField(blank=True, help_text='Set by the rules commission, e.g. when the tournament is struck.', max_length=300, verbose_name='Note from the rules commission')),
                ('seconds_per_move', models.PositiveSmallIntegerField(blank=True, default=60, help_text='Klub 12.1: 60 seconds in every round, the final round included. Special tournaments announce their own time or play without a time limit (empty; 000 §1B).', null=True, verbose_name='Time per move (seconds)')),
                ('start_date', models.DateField(verbose_name='Start')),
                ('end_date', models.DateField(verbose_name='End')),
                ('venue', models.CharField(blank=True, max_length=200, verbose_name='Venue')),
                ('status', models.CharField(choices=[('draft', 'Draft'), ('registration', 'Registration open'), ('running', 'Running'), ('finished', 'Finished')], default='draft', max_length=20, verbose_name='Status')),
                ('registration_opened_at', models.DateTimeField(blank=True, null=True, verbose_name='Registration opened at')),
                ('signup_deadline', models.DateTimeField(blank=True, help_text='Until then, players with an account register and withdraw themselves. Empty: until the day before the tournament (midnight). After that only the tournament director registers and withdraws players.', null=True, verbose_name='Registration closes (online)')),
                ('signup_approval', models.BooleanField(default=False, help_text='Otherwise every online registration goes straight into the field while places are free, then onto the waiting list.', verbose_name='The tournament director confirms online registrations')),
                ('table_entry', models.BooleanField(default=True, help_text="The players enter their table's results on their phones and confirm them; the desk checks them against the paper sheet handed in (Klub 10.2). Off: only paper sheets, entered by the desk.", verbose_name='Enter results at the table')),
                ('check_in_opens_at', models.DateTimeField(blank=True, null=True, verbose_name='Check-in from')),
                ('check_in_closes_at', models.DateTimeField(blank=True, null=True, verbose_name='Check-in until')),
                ('created_at', models.DateTimeField(auto_now_add=True, verbose_name='Created at')),
                ('updated_at', models.DateTimeField(auto_now=True, verbose_name='Updated at')),
                ('created_by', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL, verbose_name='Created by')),
                ('juniors_of', models.OneToOneField(blank=True, help_text='Juniors playing separately from the main field, with their own number of rounds, pairing and standings (Klub 6.3, 7.1). Dates, staff and status are those of the main tournament.', null=True, on_delete=django.db.models.deletion.CASCADE, related_name='junior_field', to='tournaments.tournament', verbose_name="Juniors' field of")),
            ],
            options={
                'verbose_name': 'Tournament',
                'verbose_name_plural': 'Tournaments',
                'ordering': ['-start_date', 'name'],
                'constraints': [models.CheckConstraint(condition=models.Q(('games_per_round__gte', 1), ('games_per_round__lte', 4)), name='tournament_games_per_round_1_4', violation_error_message='A round has 1 to 4 games.'), models.CheckConstraint(condition=models.Q(('rounds_planned__gte', 1), ('rounds_planned__lte', 4)), name='tournament_rounds_1_4', violation_error_message='A tournament has 1 to 4 preliminary rounds.'), models.CheckConstraint(condition=models.Q(('end_date__gte', models.F('start_date'))), name='tournament_end_after_start', violation_error_message='The end is before the start.'), models.CheckConstraint(condition=models.Q(('finalists_count__gte', 2)), name='tournament_finalists_min_2', violation_error_message='A final round needs at least two finalists.')],
            },
        ),
        migrations.AddField(
            model_name='team',
            name='tournament',
            field=models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='teams', to='tournaments.tournament', verbose_name='Tournament'),
        ),
        migrations.CreateModel(
            name='TablePin',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('table_number', models.PositiveIntegerField(verbose_name='Table')),
                ('reason', models.CharField(blank=True, max_length=200, verbose_name='Reason')),
                ('created_at', models.DateTimeField(auto_now_add=True, verbose_name='Created at')),
                ('created_by', models.ForeignKey(null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL, verbose_name='Created by')),
                ('player', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='+', to='tournaments.player', verbose_name='Player')),
                ('tournament', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='pins', to='tournaments.tournament', verbose_name='Tournament')),
            ],
            options={
                'verbose_name': 'Table pin',
                'verbose_name_plural': 'Table pins',
                'constraints': [models.UniqueConstraint(fields=('tournament', 'player'), name='pin_unique_player'), models.CheckConstraint(condition=models.Q(('table_number__gte', 1)), name='pin_table_positive')],
            },
        ),
        migrations.CreateModel(
            name='StandingsSnapshot',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('shown', models.PositiveSmallIntegerField()),
                ('full_names', models.BooleanField()),
                ('language', models.CharField(max_length=8)),
                ('version', models.PositiveIntegerField()),
                ('payload', models.TextField()),
                ('rows', models.TextField()),
                ('html', models.TextField()),
                ('computed_at', models.DateTimeField(auto_now=True)),
                ('tournament', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='+', to='tournaments.tournament')),
            ],
            options={
                'constraints': [models.UniqueConstraint(fields=('tournament', 'shown', 'full_names', 'language'), name='standings_snapshot_unique')],
            },
        ),
        migrations.CreateModel(
            name='StaffChange',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('person_name', models.CharField(max_length=150, verbose_name='User')),
                ('role', models.CharField(choices=[('director', 'Tournament director'), ('desk', 'Desk'), ('referee', 'Referee'), ('head_referee', 'Head referee')], max_length=20, verbose_name='Role')),
                ('kind', models.CharField(choices=[('assigned', 'assigned'), ('ended', 'Assignment ended')], max_length=10)),
                ('reason', models.CharField(blank=True, max_length=300, verbose_name='Reason')),
                ('at', models.DateTimeField(default=django.utils.timezone.now)),
                ('by', models.ForeignKey(null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL)),
                ('person', models.ForeignKey(null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL)),
                ('tournament', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='staff_changes', to='tournaments.tournament')),
            ],
            options={
                'verbose_name': 'Change to the tournament staff',
                'verbose_name_plural': 'Changes to the tournament staff',
                'ordering': ['at', 'pk'],
            },
        ),
        migrations.CreateModel(
            name='SignupRequest',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('status', models.CharField(choices=[('pending', 'awaiting confirmation'), ('waiting', 'Waiting list'), ('accepted', 'in the field'), ('declined', 'rejected'), ('withdrawn', 'retracted')], max_length=10, verbose_name='Status')),
                ('created_at', models.DateTimeField(default=django.utils.timezone.now)),
                ('decided_at', models.DateTimeField(blank=True, null=True)),
                ('moved_up_at', models.DateTimeField(blank=True, null=True, verbose_name='Moved up')),
                ('mailed_status', models.CharField(blank=True, max_length=10)),
                ('language', models.CharField(blank=True, max_length=10, verbose_name='E-mail language')),
                ('decided_by', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL)),
                ('player', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='signup_requests', to='tournaments.player')),
                ('registration', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to='tournaments.registration')),
                ('requested_by', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL)),
                ('tournament', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='signup_requests', to='tournaments.tournament')),
            ],
            options={
                'verbose_name': 'Online registration',
                'verbose_name_plural': 'Online registrations',
                'ordering': ['created_at', 'pk'],
                'constraints': [models.UniqueConstraint(condition=models.Q(('status__in', ['pending', 'waiting'])), fields=('tournament', 'player'), name='signup_one_open_request'), models.CheckConstraint(condition=models.Q(models.Q(('status', 'accepted'), _negated=True), ('registration__isnull', False), _connector='OR'), name='signup_accepted_has_registration')],
            },
        ),
        migrations.CreateModel(
            name='ScoredRound',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('round_number', models.PositiveSmallIntegerField()),
                ('reserve', models.BooleanField()),
                ('placement_points', models.IntegerField()),
                ('game_points', models.IntegerField()),
                ('first', models.PositiveSmallIntegerField()),
                ('second', models.PositiveSmallIntegerField()),
                ('third', models.PositiveSmallIntegerField()),
                ('fourth', models.PositiveSmallIntegerField()),
                ('minus_points', models.PositiveIntegerField()),
                ('games', models.PositiveSmallIntegerField()),
                ('player', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='+', to='tournaments.player')),
                ('round', models.ForeignKey(db_constraint=False, db_index=False, on_delete=django.db.models.deletion.DO_NOTHING, related_name='+', to='tournaments.round')),
                ('version', models.ForeignKey(db_constraint=False, db_index=False, on_delete=django.db.models.deletion.DO_NOTHING, related_name='+', to='tournaments.sheetversion')),
                ('table', models.ForeignKey(db_index=False, on_delete=django.db.models.deletion.CASCADE, related_name='scored_rounds', to='tournaments.table')),
                ('tournament', models.ForeignKey(db_index=False, on_delete=django.db.models.deletion.CASCADE, related_name='+', to='tournaments.tournament')),
            ],
            options={
                'indexes': [models.Index(fields=['tournament', 'round_number'], name='scored_round_tournament')],
                'constraints': [models.UniqueConstraint(fields=('table', 'player'), name='scored_round_unique_player'), models.CheckConstraint(condition=models.Q(('games__gte', 1)), name='scored_round_games_positive')],
            },
        ),
        migrations.CreateModel(
            name='ScoredLine',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('round_number', models.PositiveSmallIntegerField()),
                ('table_number', models.PositiveIntegerField()),
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
                ('round', models.ForeignKey(db_constraint=False, db_index=False, on_delete=django.db.models.deletion.DO_NOTHING, related_name='+', to='tournaments.round')),
                ('version', models.ForeignKey(db_constraint=False, db_index=False, on_delete=django.db.models.deletion.DO_NOTHING, related_name='+', to='tournaments.sheetversion')),
                ('table', models.ForeignKey(db_index=False, on_delete=django.db.models.deletion.CASCADE, related_name='scored_lines', to='tournaments.table')),
                ('tournament', models.ForeignKey(db_index=False, on_delete=django.db.models.deletion.CASCADE, related_name='+', to='tournaments.tournament')),
            ],
            options={
                'indexes': [models.Index(fields=['tournament', 'round_number'], name='scored_line_tournament')],
                'constraints': [models.UniqueConstraint(fields=('table', 'game_number', 'letter'), name='scored_line_unique_seat_game'), models.CheckConstraint(condition=models.Q(('place__gte', 1), ('place__lte', 4)), name='scored_line_place_1_4')],
            },
        ),
        migrations.CreateModel(
            name='Ruling',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('uuid', models.UUIDField(default=uuid.uuid4, editable=False, unique=True)),
                ('table_number', models.PositiveIntegerField(blank=True, null=True, verbose_name='Table')),
                ('game_number', models.PositiveSmallIntegerField(blank=True, null=True, verbose_name='Game')),
                ('question', models.TextField(verbose_name='Question / facts')),
                ('decision', models.TextField(verbose_name='Decision')),
                ('rule_cited', models.CharField(blank=True, max_length=100, verbose_name='Rule')),
                ('objections', models.PositiveSmallIntegerField(default=0, verbose_name='Objecting players')),
                ('status', models.CharField(choices=[('decided', 'Decided'), ('escalated', 'Hand over to the head referee'), ('final', 'Final (head referee)')], max_length=20)),
                ('decided_at', models.DateTimeField(auto_now_add=True)),
                ('decided_by', models.ForeignKey(null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL)),
                ('escalated_from', models.OneToOneField(blank=True, null=True, on_delete=django.db.models.deletion.PROTECT, related_name='final_ruling', to='tournaments.ruling')),
                ('round', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.PROTECT, related_name='rulings', to='tournaments.round')),
                ('tournament', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='rulings', to='tournaments.tournament')),
            ],
            options={
                'ordering': ['tournament', 'decided_at', 'pk'],
                'constraints': [models.CheckConstraint(condition=models.Q(('objections__lte', 4)), name='ruling_objections_at_most_four'), models.CheckConstraint(condition=models.Q(models.Q(('status', 'final'), ('escalated_from__isnull', False)), models.Q(models.Q(('status', 'final'), _negated=True), ('escalated_from__isnull', True)), _connector='OR'), name='ruling_final_answers_escalation', violation_error_message='A final decision always belongs to a decision handed over.'), models.CheckConstraint(condition=models.Q(models.Q(('status', 'escalated'), _negated=True), ('objections__gte', 3), _connector='OR'), name='ruling_escalated_needs_three_objections', violation_error_message='It is handed over only when more than two players object (Klub 4.2.2).')],
            },
        ),
        migrations.AddField(
            model_name='round',
            name='tournament',
            field=models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='rounds', to='tournaments.tournament', verbose_name='Tournament'),
        ),
        migrations.AddField(
            model_name='registration',
            name='tournament',
            field=models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='registrations', to='tournaments.tournament', verbose_name='Tournament'),
        ),
        migrations.CreateModel(
            name='RefereeCall',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('uuid', models.UUIDField(default=uuid.uuid4, editable=False, unique=True)),
                ('reason', models.CharField(blank=True, max_length=300, verbose_name='Cause')),
                ('device', models.CharField(blank=True, max_length=200)),
                ('created_at', models.DateTimeField(auto_now_add=True)),
                ('taken_at', models.DateTimeField(blank=True, null=True)),
                ('closed_at', models.DateTimeField(blank=True, null=True)),
                ('outcome', models.TextField(blank=True, verbose_name='Result')),
                ('closed_by', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.PROTECT, related_name='+', to=settings.AUTH_USER_MODEL)),
                ('taken_by', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.PROTECT, related_name='+', to=settings.AUTH_USER_MODEL)),
                ('warning', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.PROTECT, related_name='calls', to='tournaments.playerwarning')),
                ('round', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='calls', to='tournaments.round')),
                ('ruling', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.PROTECT, related_name='calls', to='tournaments.ruling')),
                ('table', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='calls', to='tournaments.table')),
                ('tournament', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='calls', to='tournaments.tournament')),
            ],
            options={
                'ordering': ['created_at'],
            },
        ),
        migrations.AddField(
            model_name='playerwarning',
            name='tournament',
            field=models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='warnings', to='tournaments.tournament'),
        ),
        migrations.CreateModel(
            name='CutDecision',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('uuid', models.UUIDField(default=uuid.uuid4, editable=False, unique=True, verbose_name='UUID')),
                ('kind', models.CharField(choices=[('final_place', 'Last final place'), ('table_win', 'Table win')], max_length=20, verbose_name='Type')),
                ('table_number', models.PositiveIntegerField(blank=True, null=True, verbose_name='Table')),
                ('tied_player_ids', models.JSONField(verbose_name='Tie between')),
                ('chosen_player_ids', models.JSONField(verbose_name='Advances')),
                ('method', models.CharField(choices=[('playoff', 'Play-off'), ('lot', 'Drawing of lots')], max_length=20, verbose_name='Decided by')),
                ('reason', models.TextField(verbose_name='Reasoning')),
                ('decided_at', models.DateTimeField(verbose_name='Decided on')),
                ('decided_by', models.ForeignKey(null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL, verbose_name='Decided by')),
                ('tournament', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='cut_decisions', to='tournaments.tournament', verbose_name='Tournament')),
            ],
            options={
                'verbose_name': 'Decision on a tie',
                'verbose_name_plural': 'Decisions on ties',
                'ordering': ['decided_at', 'pk'],
                'constraints': [models.CheckConstraint(condition=models.Q(models.Q(('kind', 'final_place'), ('table_number__isnull', True)), models.Q(('kind', 'table_win'), ('table_number__gte', 1)), _connector='OR'), name='cut_decision_table_for_table_win')],
            },
        ),
        migrations.CreateModel(
            name='TournamentStaff',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('role', models.CharField(choices=[('director', 'Tournament director'), ('desk', 'Desk'), ('referee', 'Referee'), ('head_referee', 'Head referee')], max_length=20, verbose_name='Role')),
                ('assigned_at', models.DateTimeField(auto_now_add=True, verbose_name='Assigned at')),
                ('tournament', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='staff', to='tournaments.tournament', verbose_name='Tournament')),
                ('user', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='tournament_roles', to=settings.AUTH_USER_MODEL, verbose_name='User')),
            ],
            options={
                'verbose_name': 'Tournament staff',
                'verbose_name_plural': 'Tournament staff',
                'constraints': [models.UniqueConstraint(fields=('tournament', 'user', 'role'), name='staff_unique_role_per_tournament')],
            },
        ),
        migrations.CreateModel(
            name='VenueCheckout',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('uuid', models.UUIDField(default=uuid.uuid4, editable=False, unique=True)),
                ('state', models.CharField(choices=[('out', 'checked out to the venue'), ('checked_in', 'checked in'), ('revoked', 'revoked')], default='out', max_length=12)),
                ('key', models.CharField(editable=False, max_length=100)),
                ('software_version', models.CharField(max_length=20)),
                ('checked_out_at', models.DateTimeField(default=django.utils.timezone.now)),
                ('last_sequence', models.PositiveIntegerField(default=0)),
                ('last_digest', models.CharField(blank=True, max_length=64)),
                ('last_made_at', models.DateTimeField(blank=True, null=True)),
                ('ended_at', models.DateTimeField(blank=True, null=True)),
                ('end_reason', models.CharField(blank=True, max_length=300, verbose_name='Reason')),
                ('players_base', models.JSONField(blank=True, default=dict)),
                ('checked_out_by', models.ForeignKey(null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL)),
                ('ended_by', models.ForeignKey(null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL)),
                ('tournament', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='venue_checkouts', to='tournaments.tournament')),
            ],
            options={
                'verbose_name': 'Venue checkout',
                'verbose_name_plural': 'Venue checkouts',
                'ordering': ['-checked_out_at', '-pk'],
                'constraints': [models.UniqueConstraint(condition=models.Q(('state', 'out')), fields=('tournament',), name='one_open_checkout_per_tournament', violation_error_message='This tournament is already checked out.')],
            },
        ),
        migrations.CreateModel(
            name='VenueSyncState',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('central_url', models.CharField(max_length=300)),
                ('sequence', models.PositiveIntegerField(default=0)),
                ('content_digest', models.CharField(blank=True, max_length=64)),
                ('signed_digest', models.CharField(blank=True, max_length=64)),
                ('uploaded_digest', models.CharField(blank=True, max_length=64)),
                ('uploaded_at', models.DateTimeField(blank=True, null=True)),
                ('attempted_at', models.DateTimeField(blank=True, null=True)),
                ('outcome', models.CharField(blank=True, max_length=16)),
                ('message', models.TextField(blank=True)),
                ('line_down_since', models.DateTimeField(blank=True, null=True)),
                ('failures', models.PositiveIntegerField(default=0)),
                ('published_at', models.DateTimeField(blank=True, null=True)),
                ('backup_digest', models.CharField(blank=True, max_length=64)),
                ('backup_at', models.DateTimeField(blank=True, null=True)),
                ('backup_file', models.CharField(blank=True, max_length=300)),
                ('checkout', models.OneToOneField(on_delete=django.db.models.deletion.CASCADE, related_name='sync_state', to='tournaments.venuecheckout')),
            ],
            options={
                'verbose_name': 'Venue upload state',
                'verbose_name_plural': 'Venue upload states',
            },
        ),
        migrations.CreateModel(
            name='VenueUpload',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('received_at', models.DateTimeField(default=django.utils.timezone.now)),
                ('sequence', models.PositiveIntegerField(blank=True, null=True)),
                ('digest', models.CharField(blank=True, max_length=64)),
                ('software_version', models.CharField(blank=True, max_length=20)),
                ('outcome', models.CharField(choices=[('applied', 'applied'), ('unchanged', 'already applied (nothing changed)'), ('stale', 'refused: older than the last upload'), ('fork', 'refused: same sequence number, different content'), ('tampered', 'refused: signature invalid'), ('invalid', 'refused: content breaks the rules'), ('version', 'refused: software version not supported'), ('review', 'held for review (checkout revoked)'), ('review_applied', 'applied after review'), ('review_discarded', 'discarded after review')], max_length=16)),
                ('message', models.TextField(blank=True)),
                ('counts', models.JSONField(blank=True, default=dict)),
                ('payload', models.TextField(blank=True)),
                ('decided_at', models.DateTimeField(blank=True, null=True)),
                ('decision_reason', models.CharField(blank=True, max_length=300)),
                ('checkout', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='uploads', to='tournaments.venuecheckout')),
                ('decided_by', models.ForeignKey(null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL)),
            ],
            options={
                'verbose_name': 'Venue upload',
                'verbose_name_plural': 'Venue uploads',
                'ordering': ['-received_at', '-pk'],
            },
        ),
        migrations.CreateModel(
            name='VenueRegistryConflict',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('field', models.CharField(max_length=40)),
                ('base', models.JSONField(blank=True, null=True)),
                ('central', models.JSONField(blank=True, null=True)),
                ('venue', models.JSONField(blank=True, null=True)),
                ('resolved_at', models.DateTimeField(blank=True, null=True)),
                ('resolution', models.CharField(blank=True, max_length=300)),
                ('player', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='venue_conflicts', to='tournaments.player')),
                ('resolved_by', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL)),
                ('upload', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='conflicts', to='tournaments.venueupload')),
            ],
            options={
                'verbose_name': 'Registry conflict',
                'verbose_name_plural': 'Registry conflicts',
                'ordering': ['upload', 'player', 'field'],
            },
        ),
        migrations.CreateModel(
            name='ErasureRequest',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('reason', models.TextField(blank=True, verbose_name='Reasoning')),
                ('requested_at', models.DateTimeField()),
                ('status', models.CharField(choices=[('open', 'Open'), ('done', 'Carried out')], max_length=10)),
                ('executed_at', models.DateTimeField(blank=True, null=True)),
                ('executed_by', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL)),
                ('requested_by', models.ForeignKey(null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL)),
                ('player', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='erasure_requests', to='tournaments.player')),
            ],
            options={
                'verbose_name': 'Erasure request',
                'verbose_name_plural': 'Erasure requests',
                'ordering': ['requested_at', 'pk'],
                'constraints': [models.UniqueConstraint(condition=models.Q(('status', 'open')), fields=('player',), name='erasure_one_open_request'), models.CheckConstraint(condition=models.Q(models.Q(('executed_at__isnull', True), ('status', 'open')), models.Q(('executed_at__isnull', False), ('reason', ''), ('status', 'done')), _connector='OR'), name='erasure_done_is_logged_without_reason')],
            },
        ),
        migrations.CreateModel(
            name='Absence',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('uuid', models.UUIDField(default=uuid.uuid4, editable=False, unique=True, verbose_name='UUID')),
                ('from_game', models.PositiveSmallIntegerField(verbose_name='from game')),
                ('reason', models.CharField(choices=[('red_card', 'Red card'), ('withdrawal', 'Withdrawal')], max_length=20, verbose_name='Reason')),
                ('created_at', models.DateTimeField(auto_now_add=True, verbose_name='Created at')),
                ('cancelled_at', models.DateTimeField(blank=True, null=True, verbose_name='Cancelled at')),
                ('cancelled_by', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL, verbose_name='Cancelled by')),
                ('created_by', models.ForeignKey(null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL, verbose_name='Created by')),
                ('player', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='+', to='tournaments.player', verbose_name='Player')),
                ('warning', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.PROTECT, related_name='absences', to='tournaments.playerwarning', verbose_name='Warning')),
                ('registration', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.PROTECT, related_name='absences', to='tournaments.registration', verbose_name='Registration')),
                ('round', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='absences', to='tournaments.round', verbose_name='Round')),
            ],
            options={
                'verbose_name': 'Absence',
                'verbose_name_plural': 'Absences',
                'ordering': ['round', 'from_game', 'pk'],
                'constraints': [models.UniqueConstraint(condition=models.Q(('cancelled_at__isnull', True)), fields=('round', 'player'), name='absence_one_in_force_per_round', violation_error_message='The player is already absent in this round.'), models.CheckConstraint(condition=models.Q(('from_game__gte', 1)), name='absence_from_game_positive')],
            },
        ),
        migrations.CreateModel(
            name='RoundClockAction',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('number', models.PositiveIntegerField()),
                ('action', models.CharField(choices=[('start', 'started'), ('pause', 'paused'), ('resume', 'resumed'), ('end', 'ended')], max_length=10)),
                ('minutes', models.PositiveSmallIntegerField(blank=True, null=True)),
                ('at', models.DateTimeField(default=django.utils.timezone.now)),
                ('created_by', models.ForeignKey(null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL)),
                ('round', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='clock_actions', to='tournaments.round')),
            ],
            options={
                'ordering': ['round', 'number'],
                'constraints': [models.UniqueConstraint(fields=('round', 'number'), name='clock_action_unique_number')],
            },
        ),
        migrations.AddConstraint(
            model_name='team',
            constraint=models.UniqueConstraint(fields=('tournament', 'name'), name='team_unique_name'),
        ),
        migrations.AddConstraint(
            model_name='round',
            constraint=models.UniqueConstraint(fields=('tournament', 'number'), name='round_unique_number'),
        ),
        migrations.AddConstraint(
            model_name='round',
            constraint=models.CheckConstraint(condition=models.Q(('number__gte', 1)), name='round_number_positive'),
        ),
        migrations.AddConstraint(
            model_name='registration',
            constraint=models.UniqueConstraint(fields=('tournament', 'player'), name='registration_unique_player'),
        ),
        migrations.AddIndex(
            model_name='playerwarning',
            index=models.Index(fields=['tournament', 'player'], name='tournaments_tournam_233763_idx'),
        ),
        migrations.AddConstraint(
            model_name='playerwarning',
            constraint=models.CheckConstraint(condition=models.Q(models.Q(('withdrawal_reason', ''), ('withdrawn_at__isnull', True)), models.Q(('withdrawn_at__isnull', False), models.Q(('withdrawal_reason', ''), _negated=True)), _connector='OR'), name='warning_withdrawal_has_reason', violation_error_message='A withdrawal needs a reason.'),
        ),
        migrations.AddConstraint(
            model_name='playerwarning',
            constraint=models.CheckConstraint(condition=models.Q(models.Q(('ground', 'free_text'), _negated=True), models.Q(('ground_text', ''), _negated=True), _connector='OR'), name='warning_free_text_ground', violation_error_message='Please give the reason as free text.'),
        ),
        migrations.AddConstraint(
            model_name='playerwarning',
            constraint=models.CheckConstraint(condition=models.Q(('game_number__isnull', True), ('game_number__gte', 1), _connector='OR'), name='warning_game_positive', violation_error_message='The game number starts at 1.'),
        ),
        migrations.AddConstraint(
            model_name='playerwarning',
            constraint=models.UniqueConstraint(condition=models.Q(('kind', 'red'), ('withdrawn_at__isnull', True)), fields=('tournament', 'player'), name='warning_one_active_red_card', violation_error_message='The player already has a red card.'),
        ),
        migrations.RunPython(create_groups, migrations.RunPython.noop),
        migrations.RunPython(store_uncompressed, migrations.RunPython.noop),
    ]
