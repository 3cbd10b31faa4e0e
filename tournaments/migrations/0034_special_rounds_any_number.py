"""Issue 27.7: special tournaments play any number of preliminary rounds (Klub 6.2.1), club
tournaments keep 1 to 4 (Klub 6.2)."""

from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('tournaments', '0033_outgoingmail'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.RemoveConstraint(
            model_name='tournament',
            name='tournament_rounds_1_4',
        ),
        migrations.AddConstraint(
            model_name='tournament',
            constraint=models.CheckConstraint(condition=models.Q(('rounds_planned__gte', 1), models.Q(('category', 'special'), ('rounds_planned__lte', 4), _connector='OR')), name='tournament_rounds_club_1_4', violation_error_message='A tournament has at least one preliminary round, a club tournament at most 4 (Klub 6.2, 6.2.1).'),
        ),
    ]
