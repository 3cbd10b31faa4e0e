"""Forms of the registration page: a guest on the day."""

from django import forms
from django.utils.translation import gettext_lazy as _


class GuestForm(forms.Form):
    first_name = forms.CharField(label=_("First name"), max_length=80)
    last_name = forms.CharField(label=_("Last name"), max_length=80)
    club = forms.CharField(label=_("Club"), max_length=120, required=False)
    reserve = forms.BooleanField(label=_("as a reserve player"), required=False)
