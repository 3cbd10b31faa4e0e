"""The outbox (issue 26): one row per e-mail, sent by the task `tournaments.send_mail`."""

import django.utils.timezone
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('tournaments', '0001_squashed_0032_admin_labels'),
    ]

    operations = [
        migrations.CreateModel(
            name='OutgoingMail',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('kind', models.CharField(max_length=40, verbose_name='Kind')),
                ('key', models.CharField(max_length=120)),
                ('to', models.JSONField(default=list, verbose_name='Recipients')),
                ('language', models.CharField(max_length=8, verbose_name='Language')),
                ('context', models.JSONField(blank=True, default=dict)),
                ('created_at', models.DateTimeField(default=django.utils.timezone.now, verbose_name='Queued')),
                ('sent_at', models.DateTimeField(blank=True, null=True, verbose_name='Sent')),
                ('attempts', models.PositiveSmallIntegerField(default=0, verbose_name='Attempts')),
                ('last_attempt_at', models.DateTimeField(blank=True, null=True)),
                ('last_error', models.TextField(blank=True, verbose_name='Last error')),
            ],
            options={
                'verbose_name': 'Outgoing e-mail',
                'verbose_name_plural': 'Outgoing e-mails',
                'ordering': ['created_at', 'pk'],
                'indexes': [models.Index(condition=models.Q(('sent_at', None)), fields=['created_at'], name='outgoingmail_unsent')],
                'constraints': [models.UniqueConstraint(fields=('kind', 'key'), name='outgoingmail_once_per_key')],
            },
        ),
    ]
