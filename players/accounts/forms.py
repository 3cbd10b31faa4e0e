"""Forms of player accounts: invitation, first password, sign-up, password reset."""

from __future__ import annotations

from django import forms
from django.contrib.auth import forms as auth_forms
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from players.accounts import services as account_services


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
    """Django's reset form; its mail goes out through the outbox like every other one
    (templates/mail/password_reset.*), retried if the mail server fails."""

    def send_mail(
        self,
        subject_template_name,
        email_template_name,
        context,
        from_email,
        to_email,
        html_email_template_name=None,
    ):
        path = reverse(
            "password_reset_confirm", kwargs={"uidb64": context["uid"], "token": context["token"]}
        )
        account_services.password_reset_mail_queue(
            email=to_email,
            username=context["user"].get_username(),
            link=f"{context['protocol']}://{context['domain']}{path}",
        )
