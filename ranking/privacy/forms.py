"""The player's privacy choices: publish the name, ask for erasure."""

from django import forms
from django.utils.translation import gettext_lazy as _

from tournaments.privacy.services import MAX_REASON


class ConsentForm(forms.Form):
    publish_name = forms.BooleanField(
        label=_("Meinen vollen Namen auf öffentlichen Seiten zeigen"),
        required=False,
        help_text=_("Sonst zeigen Ranglisten, Paarungen und das Ranking nur Ihre Initialen."),
    )


class ErasureRequestForm(forms.Form):
    reason = forms.CharField(
        label=_("Begründung (freiwillig)"),
        required=False,
        max_length=MAX_REASON,
        widget=forms.Textarea(attrs={"rows": 3}),
    )
    confirm = forms.BooleanField(
        label=_("Ich möchte, dass der Verband meine Personendaten löscht."),
        help_text=_("Ihr Konto wird dabei geschlossen."),
    )
