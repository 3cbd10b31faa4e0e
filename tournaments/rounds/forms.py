"""Forms of the director's pairing overrides (Klub 7.1)."""

from django import forms
from django.utils.translation import gettext_lazy as _


class SwapForm(forms.Form):
    player_a = forms.IntegerField(label=_("Player 1"))
    player_b = forms.IntegerField(label=_("Player 2"))


class MoveForm(forms.Form):
    player = forms.IntegerField(label=_("Player"))
    table = forms.IntegerField(label=_("Table"), min_value=1)
    letter = forms.ChoiceField(label=_("Seat letter"), choices=[(c, c) for c in "ABCD"])


class PinForm(forms.Form):
    player = forms.IntegerField(label=_("Player"))
    table = forms.IntegerField(
        label=_("Table (empty = remove the binding)"), min_value=1, max_value=1000, required=False
    )
    reason = forms.CharField(label=_("Reason"), max_length=200, required=False)
