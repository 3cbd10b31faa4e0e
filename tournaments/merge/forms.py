"""The federation admin's merge of two registry entries."""

from django import forms
from django.utils.translation import gettext_lazy as _

KEEP_CHOICES = (("this", _("diesen Eintrag")), ("other", _("den anderen Eintrag")))


class MergeForm(forms.Form):
    other = forms.IntegerField(widget=forms.HiddenInput, min_value=1)
    keep = forms.ChoiceField(
        label=_("Behalten wird"), choices=KEEP_CHOICES, widget=forms.RadioSelect, initial="this"
    )
    reason = forms.CharField(
        label=_("Begründung"),
        max_length=2000,
        widget=forms.Textarea(attrs={"rows": 2}),
        help_text=_("Steht im Protokoll, z. B. „Gast vom 7. Juni ist Mitglied DRV-00042“."),
    )
