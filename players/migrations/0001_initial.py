"""The players app takes over the tables of a player's account from ranking (issue 26).

The tables stay where they are, with their rows, names (`db_table`: ranking_playeraccount, ...),
constraints and foreign keys: this step only tells Django's model state that players owns them
now (`SeparateDatabaseAndState`, no SQL). ranking's 0010 removes them from ranking's state. On a
new database ranking's 0001 creates the tables first (dependency below).
"""

import django.db.models.deletion
import django.utils.timezone
from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):

    initial = True

    dependencies = [
        ('tournaments', '0001_squashed_0032_admin_labels'),
        ('ranking', '0001_squashed_0009_admin_labels'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            database_operations=[],
            state_operations=[
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
                        'db_table': 'ranking_playeraccount',
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
                        'db_table': 'ranking_notification',
                        'ordering': ['created_at', 'pk'],
                        'constraints': [models.UniqueConstraint(fields=('kind', 'ref_id', 'player'), name='notification_once_per_player'), models.CheckConstraint(condition=models.Q(('kind__in', ['table', 'correction'])), name='notification_kind_valid')],
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
                        ('account', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to='players.playeraccount')),
                        ('created_by', models.ForeignKey(null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL)),
                        ('player', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='invitations', to='tournaments.player')),
                    ],
                    options={
                        'db_table': 'ranking_playerinvitation',
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
                        ('account', models.OneToOneField(on_delete=django.db.models.deletion.CASCADE, related_name='preferences', to='players.playeraccount')),
                    ],
                    options={
                        'verbose_name': 'Settings of a player account',
                        'verbose_name_plural': 'Player account settings',
                        'db_table': 'ranking_playerpreferences',
                        'constraints': [models.UniqueConstraint(condition=models.Q(('calendar_token', ''), _negated=True), fields=('calendar_token',), name='preferences_calendar_token_unique')],
                    },
                ),
            ],
        ),
    ]
