"""The appeal form."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _


class AppealForm(forms.Form):
    player = forms.TypedChoiceField(label=_("Player"), coerce=int, required=False)
    round_number = forms.TypedChoiceField(
        label=_("Round"), coerce=int, required=False, empty_value=None
    )
    table_number = forms.IntegerField(label=_("Table"), required=False, min_value=1, max_value=9999)
    game_number = forms.IntegerField(label=_("Game"), required=False, min_value=1, max_value=4)
    what_is_wrong = forms.CharField(
        label=_("What is wrong?"), widget=forms.Textarea(attrs={"rows": 4}), max_length=4000
    )
    correction_requested = forms.CharField(
        label=_("Correction requested"),
        widget=forms.Textarea(attrs={"rows": 3}),
        max_length=4000,
    )
    attachment = forms.FileField(
        label=_("Attachment (photo of the result sheet, optional)"),
        required=False,
        help_text=_("JPEG, PNG, WebP, HEIC or PDF, at most 10 MB."),
    )

    def __init__(self, *args, players=None, rounds=(), caps_text: str = "", **kwargs):
        super().__init__(*args, **kwargs)
        if caps_text:
            self.fields[
                "attachment"
            ].help_text = f"{self.fields['attachment'].help_text} {caps_text}"
        if players is None:
            del self.fields["player"]
        else:
            self.fields["player"].required = True
            self.fields["player"].choices = [("", "–")] + [(p.pk, p.full_name) for p in players]
        self.fields["round_number"].choices = [("", _("– not a particular round –"))] + [
            (r.number, _("Final round") if r.is_final else _("Round %(n)s") % {"n": r.number})
            for r in rounds
        ]


class AdditionForm(forms.Form):
    text = forms.CharField(
        label=_("What do you add?"), widget=forms.Textarea(attrs={"rows": 4}), max_length=4000
    )
    attachment = forms.FileField(
        label=_("Attachment (optional)"),
        required=False,
        help_text=_("JPEG, PNG, WebP, HEIC or PDF, at most 10 MB."),
    )

    def __init__(self, *args, caps_text: str = "", **kwargs):
        super().__init__(*args, **kwargs)
        if caps_text:
            self.fields[
                "attachment"
            ].help_text = f"{self.fields['attachment'].help_text} {caps_text}"
