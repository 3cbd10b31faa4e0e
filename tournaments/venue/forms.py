"""Forms of the venue mode (issue 18): check out, check in, revoke, decide a held upload."""

from django import forms
from django.utils.translation import gettext_lazy as _

from tournaments.venue.checkout import REASON_MAX


class CheckoutForm(forms.Form):
    confirm = forms.BooleanField(
        label=_(
            "I understand: until it is checked in, this tournament is edited only on the venue "
            "laptop; the central copy is read-only (the player registry stays editable)."
        ),
        error_messages={"required": _("Please confirm that the central copy becomes read-only.")},
    )


class CheckinForm(forms.Form):
    reason = forms.CharField(
        label=_("Note (required if nothing was uploaded from the venue)"),
        max_length=REASON_MAX,
        required=False,
    )


class RevokeForm(forms.Form):
    reason = forms.CharField(label=_("Reason"), max_length=REASON_MAX)


class ReviewDecisionForm(forms.Form):
    APPLY = "apply"
    DISCARD = "discard"
    decision = forms.ChoiceField(
        label=_("Decision"),
        choices=[(APPLY, _("Apply the upload")), (DISCARD, _("Discard the upload"))],
        widget=forms.RadioSelect,
    )
    reason = forms.CharField(label=_("Reason"), max_length=REASON_MAX)


class ConflictForm(forms.Form):
    keep = forms.ChoiceField(
        choices=[("central", _("Keep the central value")), ("venue", _("Take the venue value"))]
    )
    reason = forms.CharField(label=_("Note"), max_length=200, required=False)


class PersonLinkForm(forms.Form):
    username = forms.CharField(label=_("Account (user name)"), max_length=150, required=False)
    reason = forms.CharField(label=_("Reason"), max_length=REASON_MAX)
