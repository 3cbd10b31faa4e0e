"""The kinds of push message a device gets, as the person may choose them (issue 34)."""

from django import forms
from django.utils.translation import gettext_lazy as _

from players.models import PushKind


class DeviceKindsForm(forms.Form):
    """Checkboxes of the kinds this user may choose (`allowed`); all off removes the device."""

    kinds = forms.MultipleChoiceField(
        label=_("Messages on this device"),
        choices=PushKind.choices,
        widget=forms.CheckboxSelectMultiple,
        required=False,
    )

    def __init__(self, *args, allowed=(), prefix=None, **kwargs):
        super().__init__(*args, prefix=prefix, **kwargs)
        field = self.fields["kinds"]
        field.choices = [(value, label) for value, label in PushKind.choices if value in allowed]
