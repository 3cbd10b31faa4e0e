"""The player's privacy choices: publish the name, ask for erasure."""

from django import forms
from django.utils.translation import gettext_lazy as _

from tournaments.privacy.services import MAX_REASON


class ConsentForm(forms.Form):
    publish_name = forms.BooleanField(
        label=_("Show my full name on public pages"),
        required=False,
        help_text=_("Otherwise standings, pairings and the ranking show only your initials."),
    )


class ErasureRequestForm(forms.Form):
    reason = forms.CharField(
        label=_("Reason (optional)"),
        required=False,
        max_length=MAX_REASON,
        widget=forms.Textarea(attrs={"rows": 3}),
    )
    confirm = forms.BooleanField(
        label=_("I want the federation to delete my personal data."),
        help_text=_("Your account is closed in the process."),
    )
