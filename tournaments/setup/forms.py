"""Forms of tournament set-up: the tournament and its staff."""

import json

from django import forms
from django.utils.translation import gettext_lazy as _

from tournaments.domain.formats import CATEGORY_PRESETS, SECONDS_PER_MOVE, default_final_mode
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
            "organising_club",
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

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        for name in PRESET_FIELDS:  # empty: the category decides (Klub 6.3), see `_fill_presets`
            self.fields[name].required = False
        self.fields["end_date"].required = False
        self.fields["end_date"].help_text = _("Leave empty for one-day tournaments.")
        self.fields["rounds_planned"].help_text = _(
            "Number of rounds without the final round (Klub 6.2); leave empty: the category "
            "sets it (Klub 6.3)."
        )
        self.fields["category"].widget.attrs["data-presets"] = json.dumps(category_presets())
        if self.instance.pk is None:  # empty: the rule set decides (SPEC §1), see `clean`
            final_mode = self.fields["final_mode"]
            final_mode.required = False
            final_mode.choices = [
                (
                    "",
                    _(
                        "By the rules: house format the table winners, else the best of the "
                        "standings"
                    ),
                )
            ] + [c for c in final_mode.choices if c[0]]
            self.initial.setdefault("final_mode", "")

    def clean(self):
        """The format rules of Klub 6 at once, next to their fields (the service checks again)."""
        cleaned = super().clean()
        if _fill_presets(cleaned):
            for name in PRESET_FIELDS:
                if name in cleaned and cleaned[name] is None:
                    self.add_error(
                        name, _("Please fill in: a special tournament announces this (Klub 6.2.1).")
                    )
        if cleaned.get("end_date") is None and not self.has_error("end_date"):
            cleaned["end_date"] = cleaned.get("start_date")  # a one-day event
        if cleaned.get("category") != Category.SPECIAL and cleaned.get("seconds_per_move") is None:
            cleaned["seconds_per_move"] = SECONDS_PER_MOVE  # Klub 12.1: nothing to choose
        if not cleaned.get("final_mode") and not self.has_error("final_mode"):
            # SPEC §1: a house-format tournament with a final takes the table winners (000 §1B)
            cleaned["final_mode"] = default_final_mode(rule_set=cleaned.get("rule_set") or "")

        needed = FORMAT_CHECK_FIELDS
        optional = ("max_players", "seconds_per_move")
        if all(cleaned.get(f) is not None for f in needed if f not in optional):
            fields = {f: cleaned.get(f) for f in needed}
            for field, message in tournament_format_errors(**fields).items():
                self.add_error(field, message)
        return cleaned


PRESET_FIELDS = ("rounds_planned", "games_per_round")
"""What choosing a category presets (Klub 6.3); the form leaves them to the category when empty."""


def category_presets() -> dict[str, dict[str, int | None]]:
    """Category → rounds and games of Klub 6.3, for the form's script (data-presets)."""
    return {
        category: {"rounds_planned": preset.rounds, "games_per_round": preset.games_per_round}
        for category, preset in CATEGORY_PRESETS.items()
    }


def _fill_presets(cleaned: dict) -> bool:
    """Without JavaScript the server fills empty rounds and games from the category (Klub 6.3);
    a special tournament announces its rounds itself (6.2.1), so they stay required there.
    False when there is no valid category to take them from (its own error says so)."""
    preset = category_presets().get(cleaned.get("category") or "")
    if preset is None:
        return False
    for name in PRESET_FIELDS:
        if cleaned.get(name) is None and name in cleaned:
            cleaned[name] = preset[name]
    return True


class StaffForm(forms.Form):
    role = forms.ChoiceField(
        label=_("Role"),
        choices=[
            (StaffRole.REFEREE, StaffRole.REFEREE.label),
            (StaffRole.HEAD_REFEREE, StaffRole.HEAD_REFEREE.label),
            (StaffRole.DESK, StaffRole.DESK.label),
        ],
    )
    username = forms.CharField(
        label=_("User name"),
        max_length=150,
        widget=forms.TextInput(attrs={"list": "referee-candidates", "autocomplete": "off"}),
    )
    reason = forms.CharField(
        label=_("Remark (optional)"),
        max_length=300,
        required=False,
        help_text=_("Appears in the history: who was assigned in which role and when."),
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
        label=_("Rounds of the juniors"),
        choices=[(n, str(n)) for n in (1, 2, 3, 4)],
        coerce=int,
        initial=2,
        help_text=_(
            "Juniors playing separately from the main field may play a different number of "
            "rounds (Klub 6.3); our reading: club tournaments 2 to 4 rounds, special "
            "tournaments 1 to 4."
        ),
    )
