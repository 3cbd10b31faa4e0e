"""Forms of player accounts: invitation, first password, sign-up, password reset."""

from __future__ import annotations

from django import forms
from django.contrib.auth import forms as auth_forms
from django.utils.translation import gettext_lazy as _


class InviteForm(forms.Form):
    federation_number = forms.CharField(label=_("Membership number"), max_length=20)
    email = forms.EmailField(
        label=_("E-mail"),
        required=False,
        help_text=_("Leave empty to take the e-mail from the player directory."),
    )


class SetPasswordForm(forms.Form):
    password = forms.CharField(
        label=_("New password"),
        widget=forms.PasswordInput(attrs={"autocomplete": "new-password"}),
        strip=False,
    )
    password_again = forms.CharField(
        label=_("Repeat password"),
        widget=forms.PasswordInput(attrs={"autocomplete": "new-password"}),
        strip=False,
    )


class AccountOpenForm(forms.Form):
    federation_number = forms.CharField(
        label=_("Membership number"),
        max_length=20,
        widget=forms.TextInput(attrs={"autocomplete": "username", "autocapitalize": "none"}),
    )
    email = forms.EmailField(
        label=_("E-mail"),
        help_text=_("The address the federation has on record for you."),
        widget=forms.EmailInput(attrs={"autocomplete": "email"}),
    )


class PasswordResetForm(auth_forms.PasswordResetForm):
    """Django's reset form, for its field only: the view enqueues the address, a worker finds
    its users and queues their mails in the outbox (account_services.password_reset_request)."""
