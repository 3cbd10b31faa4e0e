"""Forms of tournament set-up: the tournament and its staff."""

from django import forms
from django.utils.translation import gettext_lazy as _

from tournaments.enums import StaffRole
from tournaments.models import Tournament
from tournaments.setup.services import tournament_format_errors


class TournamentForm(forms.ModelForm):
    class Meta:
        model = Tournament
        fields = [
            "name",
            "category",
            "rounds_planned",
            "games_per_round",
            "has_final",
            "final_mode",
            "finalists_count",
            "table_policy",
            "max_players",
            "start_date",
            "end_date",
            "venue",
            "ranking_year",
            "rule_set",
            "counts_for_ranking",
        ]
        widgets = {
            "start_date": forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"),
            "end_date": forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"),
        }

    def clean(self):
        """The format rules of Klub 6 at once, next to their fields (the service checks again)."""
        cleaned = super().clean()

        needed = (
            "category", "rounds_planned", "games_per_round", "has_final", "final_mode",
            "finalists_count", "table_policy", "max_players", "start_date", "end_date",
            "ranking_year", "rule_set",
        )  # fmt: skip
        if all(cleaned.get(f) is not None for f in needed if f != "max_players"):
            fields = {f: cleaned.get(f) for f in needed}
            for field, message in tournament_format_errors(**fields).items():
                self.add_error(field, message)
        return cleaned


class StaffForm(forms.Form):
    role = forms.ChoiceField(
        label=_("Aufgabe"),
        choices=[
            (StaffRole.REFEREE, StaffRole.REFEREE.label),
            (StaffRole.HEAD_REFEREE, StaffRole.HEAD_REFEREE.label),
            (StaffRole.DESK, StaffRole.DESK.label),
        ],
    )
    username = forms.CharField(
        label=_("Benutzername"),
        max_length=150,
        widget=forms.TextInput(attrs={"list": "referee-candidates", "autocomplete": "off"}),
    )
