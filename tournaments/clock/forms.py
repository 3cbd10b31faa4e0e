"""The director's clock controls."""

from django import forms
from django.utils.translation import gettext_lazy as _

from tournaments.domain import clock


class ClockForm(forms.Form):
    action = forms.ChoiceField(choices=[(a, a) for a in clock.ACTIONS])
    minutes = forms.IntegerField(
        label=_("Length of the round (minutes)"),
        min_value=clock.MIN_MINUTES,
        max_value=clock.MAX_MINUTES,
        required=False,
        initial=120,
    )
