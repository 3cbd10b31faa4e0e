"""Forms of the people at the venue (issue 29): a password or PIN for the day, a helper."""

from django import forms
from django.utils.translation import gettext_lazy as _

from tournaments.enums import StaffRole
from tournaments.venue.laptop.staff_services import NAME_MAX, PASSWORD_MAX, PASSWORD_MIN
from tournaments.venue.persons import VENUE_ROLES


def _password_field() -> forms.CharField:
    return forms.CharField(
        label=_("Password or PIN for the day"),
        min_length=PASSWORD_MIN,
        max_length=PASSWORD_MAX,
        strip=False,
        help_text=_("At least 6 characters; a PIN of 6 digits will do."),
        widget=forms.PasswordInput(attrs={"autocomplete": "new-password"}),
    )


class LoginForm(forms.Form):
    password = _password_field()


class HelperForm(forms.Form):
    name = forms.CharField(label=_("Name"), max_length=NAME_MAX)
    role = forms.ChoiceField(
        label=_("Role"), choices=[(r.value, StaffRole(r).label) for r in VENUE_ROLES]
    )
    password = _password_field()
    reason = forms.CharField(label=_("Note (optional)"), max_length=300, required=False)
