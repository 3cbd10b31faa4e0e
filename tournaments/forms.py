"""Thin forms: field parsing and German labels. Rules are checked again in the services."""

from django import forms
from django.utils.translation import gettext_lazy as _

from tournaments.models import Player, Tournament

MAX_UPLOAD_BYTES = 2 * 1024 * 1024


class PlayerForm(forms.ModelForm):
    class Meta:
        model = Player
        fields = [
            "federation_number",
            "last_name",
            "first_name",
            "club",
            "city",
            "birth_year",
            "email",
            "publish_name",
        ]

    def clean_birth_year(self):
        # The model's check constraint would only say "Bedingung … ist nicht erfüllt".
        year = self.cleaned_data.get("birth_year")
        if year is not None and not 1900 <= year <= 2100:
            raise forms.ValidationError(_("Das Geburtsjahr muss zwischen 1900 und 2100 liegen."))
        return year


class PlayerImportForm(forms.Form):
    file = forms.FileField(
        label=_("CSV-Datei"),
        help_text=_(
            "Spalten: Mitgliedsnummer; Nachname; Vorname; Verein; Ort; Geburtsjahr; E-Mail; "
            "Name veröffentlichen (ja/nein). Trennzeichen ; oder , – UTF-8 oder Excel "
            "(Windows-1252)."
        ),
    )

    def clean_file(self):
        upload = self.cleaned_data["file"]
        if upload.size > MAX_UPLOAD_BYTES:
            raise forms.ValidationError(_("Die Datei ist größer als 2 MB."))
        return upload


class TournamentForm(forms.ModelForm):
    class Meta:
        model = Tournament
        fields = [
            "name",
            "category",
            "rounds_planned",
            "games_per_round",
            "has_final",
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
        from tournaments.services.tournaments import tournament_format_errors

        needed = (
            "category", "rounds_planned", "games_per_round", "has_final", "finalists_count",
            "table_policy", "max_players", "start_date", "end_date", "ranking_year", "rule_set",
        )  # fmt: skip
        if all(cleaned.get(f) is not None for f in needed if f != "max_players"):
            fields = {f: cleaned.get(f) for f in needed}
            for field, message in tournament_format_errors(**fields).items():
                self.add_error(field, message)
        return cleaned


class SwapForm(forms.Form):
    player_a = forms.IntegerField(label=_("Spieler 1"))
    player_b = forms.IntegerField(label=_("Spieler 2"))


class MoveForm(forms.Form):
    player = forms.IntegerField(label=_("Spieler"))
    table = forms.IntegerField(label=_("Tisch"), min_value=1)
    letter = forms.ChoiceField(label=_("Position"), choices=[(c, c) for c in "ABCD"])


class PinForm(forms.Form):
    player = forms.IntegerField(label=_("Spieler"))
    table = forms.IntegerField(
        label=_("Tisch (leer = Bindung aufheben)"), min_value=1, max_value=1000, required=False
    )
    reason = forms.CharField(label=_("Grund"), max_length=200, required=False)
