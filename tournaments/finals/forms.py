"""The director's decision of a tie at a cut (SPEC §1; Klub 4.2)."""

from django import forms
from django.utils.translation import gettext_lazy as _

from tournaments.enums import CutKind, CutMethod


class CutDecisionForm(forms.Form):
    """Who advances from one tie; the choices are the tied players only."""

    kind = forms.ChoiceField(choices=CutKind.choices, widget=forms.HiddenInput)
    table_number = forms.IntegerField(required=False, min_value=1, widget=forms.HiddenInput)
    chosen = forms.TypedMultipleChoiceField(
        label=_("Advances"), coerce=int, widget=forms.CheckboxSelectMultiple
    )
    method = forms.ChoiceField(
        label=_("Decided by"), choices=CutMethod.choices, widget=forms.RadioSelect
    )
    reason = forms.CharField(
        label=_("Reasoning"),
        max_length=500,
        widget=forms.Textarea(attrs={"rows": 2}),
        help_text=_("E.g. “Won the play-off, 1 game” or “Lot drawn by the tournament director”."),
    )

    def __init__(self, *args, tie=None, **kwargs):
        super().__init__(*args, **kwargs)
        if tie is not None:
            self.fields["chosen"].choices = list(zip(tie.tied, tie.names, strict=True))
            self.initial.update(kind=tie.kind, table_number=tie.table_number)
            self.auto_id = f"tie{tie.table_number or 0}_%s"
