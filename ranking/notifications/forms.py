"""The player's choice of e-mails (default on)."""

from django import forms
from django.utils.translation import gettext_lazy as _


class PreferencesForm(forms.Form):
    table_mail = forms.BooleanField(
        label=_("E-Mail mit meinem Tisch, sobald eine Runde freigegeben ist"), required=False
    )
    correction_mail = forms.BooleanField(
        label=_("E-Mail, wenn ein veröffentlichtes Ergebnis meines Tisches korrigiert wird"),
        required=False,
    )
