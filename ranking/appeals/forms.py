"""The appeal form."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _


class AppealForm(forms.Form):
    player = forms.TypedChoiceField(label=_("Spieler"), coerce=int, required=False)
    round_number = forms.TypedChoiceField(
        label=_("Runde"), coerce=int, required=False, empty_value=None
    )
    table_number = forms.IntegerField(label=_("Tisch"), required=False, min_value=1, max_value=9999)
    game_number = forms.IntegerField(label=_("Spiel"), required=False, min_value=1, max_value=4)
    what_is_wrong = forms.CharField(
        label=_("Was ist falsch?"), widget=forms.Textarea(attrs={"rows": 4}), max_length=4000
    )
    correction_requested = forms.CharField(
        label=_("Beantragte Korrektur"),
        widget=forms.Textarea(attrs={"rows": 3}),
        max_length=4000,
    )
    attachment = forms.FileField(
        label=_("Anhang (Foto der Ergebnisliste, optional)"),
        required=False,
        help_text=_("JPEG, PNG, WebP, HEIC oder PDF, höchstens 10 MB."),
    )

    def __init__(self, *args, players=None, rounds=(), **kwargs):
        super().__init__(*args, **kwargs)
        if players is None:
            del self.fields["player"]
        else:
            self.fields["player"].required = True
            self.fields["player"].choices = [("", "–")] + [(p.pk, p.full_name) for p in players]
        self.fields["round_number"].choices = [("", _("– nicht eine bestimmte Runde –"))] + [
            (r.number, _("Finalrunde") if r.is_final else _("Runde %(n)s") % {"n": r.number})
            for r in rounds
        ]
