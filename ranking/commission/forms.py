"""The commission's decision form."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from ranking.enums import DecisionOutcome


class DecisionForm(forms.Form):
    outcome = forms.ChoiceField(
        label=_("Decision"), choices=DecisionOutcome.choices, widget=forms.RadioSelect
    )
    reasoning = forms.CharField(
        label=_("Reasoning"), widget=forms.Textarea(attrs={"rows": 4}), max_length=8000
    )


class StrikeForm(forms.Form):
    """Klub 3.1.1: the commission strikes a tournament from the ranking, or lets it count again."""

    struck = forms.TypedChoiceField(
        label=_("Decision"),
        choices=[
            ("1", _("Strike from the ranking (Klub 3.1.1)")),
            ("0", _("Counts for the ranking again")),
        ],
        coerce=lambda value: value == "1",
        widget=forms.RadioSelect,
    )
    reasoning = forms.CharField(
        label=_("Reasoning"), widget=forms.Textarea(attrs={"rows": 3}), max_length=8000
    )
