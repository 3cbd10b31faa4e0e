"""The player's choice of e-mails (default on)."""

from django import forms
from django.conf import settings
from django.utils.translation import gettext_lazy as _


class PreferencesForm(forms.Form):
    table_mail = forms.BooleanField(
        label=_("E-mail with my table as soon as a round is released"), required=False
    )
    correction_mail = forms.BooleanField(
        label=_("E-mail when a published result of my table is corrected"),
        required=False,
    )
    language = forms.ChoiceField(
        label=_("Language of my e-mails"), choices=settings.LANGUAGES, required=False
    )
