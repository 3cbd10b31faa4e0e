"""The federation admin's merge of two registry entries."""

from django import forms
from django.utils.translation import gettext_lazy as _

KEEP_CHOICES = (("this", _("this entry")), ("other", _("the other entry")))


class MergeForm(forms.Form):
    other = forms.IntegerField(widget=forms.HiddenInput, min_value=1)
    keep = forms.ChoiceField(
        label=_("Entry to keep"), choices=KEEP_CHOICES, widget=forms.RadioSelect, initial="this"
    )
    reason = forms.CharField(
        label=_("Reasoning"),
        max_length=2000,
        widget=forms.Textarea(attrs={"rows": 2}),
        help_text=_("Is recorded in the log, e.g. “Guest of 7 June is member DRV-00042”."),
    )
