"""The commission's decision form."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from ranking.enums import DecisionOutcome


class DecisionForm(forms.Form):
    outcome = forms.ChoiceField(
        label=_("Entscheidung"), choices=DecisionOutcome.choices, widget=forms.RadioSelect
    )
    reasoning = forms.CharField(
        label=_("Begründung"), widget=forms.Textarea(attrs={"rows": 4}), max_length=8000
    )
