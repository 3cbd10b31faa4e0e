"""Forms of player accounts: invitation and first password."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _


class InviteForm(forms.Form):
    federation_number = forms.CharField(label=_("Mitgliedsnummer"), max_length=20)
    email = forms.EmailField(
        label=_("E-Mail"),
        required=False,
        help_text=_("Leer lassen, um die E-Mail aus dem Spielerverzeichnis zu nehmen."),
    )


class SetPasswordForm(forms.Form):
    password = forms.CharField(
        label=_("Neues Passwort"),
        widget=forms.PasswordInput(attrs={"autocomplete": "new-password"}),
        strip=False,
    )
    password_again = forms.CharField(
        label=_("Passwort wiederholen"),
        widget=forms.PasswordInput(attrs={"autocomplete": "new-password"}),
        strip=False,
    )


class SignupForm(forms.Form):
    federation_number = forms.CharField(
        label=_("Mitgliedsnummer"),
        max_length=20,
        widget=forms.TextInput(attrs={"autocomplete": "username", "autocapitalize": "none"}),
    )
    email = forms.EmailField(
        label=_("E-Mail"),
        help_text=_("Die Adresse, die der Verband von Ihnen gespeichert hat."),
        widget=forms.EmailInput(attrs={"autocomplete": "email"}),
    )
