"""Forms of the director's pairing overrides (Klub 7.1)."""

from django import forms
from django.utils.translation import gettext_lazy as _


class SwapForm(forms.Form):
    player_a = forms.IntegerField(label=_("Spieler 1"))
    player_b = forms.IntegerField(label=_("Spieler 2"))


class MoveForm(forms.Form):
    player = forms.IntegerField(label=_("Spieler"))
    table = forms.IntegerField(label=_("Tisch"), min_value=1)
    letter = forms.ChoiceField(label=_("Position"), choices=[(c, c) for c in "ABCD"])


class PinForm(forms.Form):
    player = forms.IntegerField(label=_("Spieler"))
    table = forms.IntegerField(
        label=_("Tisch (leer = Bindung aufheben)"), min_value=1, max_value=1000, required=False
    )
    reason = forms.CharField(label=_("Grund"), max_length=200, required=False)
