"""Forms of the table's phone page: the short code, the sheet's extras, a sign-off, a call."""

from __future__ import annotations

import re
import uuid

from django import forms
from django.utils.translation import gettext_lazy as _

from tournaments.enums import SignoffVerdict

_DEVICE_ID = re.compile(r"^[A-Za-z0-9-]{6,40}$")
_BROWSERS = (  # order matters: Edge and Samsung say "Chrome" too, Chrome says "Safari"
    ("Edg/", "Edge"),
    ("SamsungBrowser", "Samsung Internet"),
    ("Firefox", "Firefox"),
    ("FxiOS", "Firefox"),
    ("CriOS", "Chrome"),
    ("Chrome", "Chrome"),
    ("Safari", "Safari"),
)


def browser_family(user_agent: str) -> str:
    for marker, name in _BROWSERS:
        if marker in user_agent:
            return name
    return str(_("other browser"))


def device_of(request) -> str:
    """'<device id> · <browser>': the id the phone keeps in its localStorage (site JS), so the
    desk sees which entries came from the same phone; without JavaScript only the browser."""
    device_id = str(request.POST.get("device_id", ""))
    if not _DEVICE_ID.match(device_id):
        device_id = str(_("no device id"))
    return f"{device_id} · {browser_family(request.META.get('HTTP_USER_AGENT', '')[:500])}"


def submission_key(value) -> uuid.UUID | None:
    try:
        return uuid.UUID(str(value))
    except ValueError:
        return None


class CodeForm(forms.Form):
    code = forms.CharField(
        label=_("Table code"),
        max_length=40,
        help_text=_("Printed on the table card below the QR code, e.g. 3F-K7QXM."),
        widget=forms.TextInput(
            attrs={"autocomplete": "off", "autocapitalize": "characters", "spellcheck": "false"}
        ),
    )


class SignoffForm(forms.Form):
    letter = forms.ChoiceField(choices=[(c, c) for c in "ABCD"])
    version = forms.IntegerField(min_value=1)
    verdict = forms.ChoiceField(choices=SignoffVerdict.choices)
    note = forms.CharField(label=_("What's wrong? (optional)"), max_length=1000, required=False)


class RefereeCallForm(forms.Form):
    reason = forms.CharField(label=_("Cause (optional)"), max_length=300, required=False)
