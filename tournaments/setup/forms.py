"""Forms of tournament set-up: the tournament and its staff."""

from django import forms
from django.utils.translation import gettext_lazy as _

from tournaments.domain.formats import SECONDS_PER_MOVE
from tournaments.enums import Category, StaffRole
from tournaments.models import Tournament
from tournaments.setup.services import JUNIOR_OWN_FIELDS, tournament_format_errors

FORMAT_CHECK_FIELDS = (
    "category", "rounds_planned", "games_per_round", "has_final", "final_mode",
    "finalists_count", "table_policy", "max_players", "start_date", "end_date",
    "ranking_year", "rule_set", "seconds_per_move",
)  # fmt: skip
"""The settings the format rules of Klub 6 look at together (`tournament_format_errors`)."""


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
            "seconds_per_move",
            "ranking_year",
            "rule_set",
            "counts_for_ranking",
            "signup_deadline",
            "signup_approval",
            "table_entry",
        ]
        widgets = {
            "signup_deadline": forms.DateTimeInput(
                attrs={"type": "datetime-local"}, format="%Y-%m-%dT%H:%M"
            ),
            "start_date": forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"),
            "end_date": forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"),
        }

    def clean(self):
        """The format rules of Klub 6 at once, next to their fields (the service checks again)."""
        cleaned = super().clean()
        if cleaned.get("category") != Category.SPECIAL and cleaned.get("seconds_per_move") is None:
            cleaned["seconds_per_move"] = SECONDS_PER_MOVE  # Klub 12.1: nothing to choose

        needed = FORMAT_CHECK_FIELDS
        optional = ("max_players", "seconds_per_move")
        if all(cleaned.get(f) is not None for f in needed if f not in optional):
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


class JuniorFieldForm(forms.ModelForm):
    """A juniors' field sets only its rounds and tables; the rest is the main tournament's."""

    class Meta:
        model = Tournament
        fields = [f for f in TournamentForm.Meta.fields if f in JUNIOR_OWN_FIELDS]

    def clean(self):
        cleaned = super().clean()
        if all(cleaned.get(f) is not None for f in self.Meta.fields if f != "max_players"):
            fields = {f: cleaned.get(f, getattr(self.instance, f)) for f in FORMAT_CHECK_FIELDS} | {
                "junior_field": True
            }
            for field, message in tournament_format_errors(**fields).items():
                self.add_error(field if field in self.fields else None, message)
        return cleaned


class JuniorFieldCreateForm(forms.Form):
    rounds_planned = forms.TypedChoiceField(
        label=_("Runden der Junioren"),
        choices=[(n, str(n)) for n in (1, 2, 3, 4)],
        coerce=int,
        initial=2,
        help_text=_(
            "Junioren, die getrennt vom Hauptfeld spielen, können eine abweichende Rundenzahl "
            "spielen (Klub 6.3); unsere Lesart: Klub-Turniere 2 bis 4 Runden, Sonderturniere "
            "1 bis 4."
        ),
    )
