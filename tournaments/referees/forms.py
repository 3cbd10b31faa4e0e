"""Forms of the referee area: warnings and cards, rulings, withdrawals."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from tournaments.enums import WarningGround, WarningKind
from tournaments.models import Registration, Round, Tournament


def _round_choices(tournament: Tournament) -> list[tuple[str, str]]:
    rounds = tournament.rounds.order_by("number")
    return [("", _("– ohne Runde (z. B. in der Pause) –"))] + [
        (str(r.number), _("Finalrunde") if r.is_final else _("Runde %(n)s") % {"n": r.number})
        for r in rounds
    ]


def _game_choices(tournament: Tournament) -> list[tuple[str, str]]:
    return [("", _("– kein bestimmtes Spiel –"))] + [
        (str(n), _("Spiel %(n)s") % {"n": n}) for n in range(1, tournament.games_per_round + 1)
    ]


class _TournamentForm(forms.Form):
    def __init__(self, *args, tournament: Tournament, **kwargs):
        self.tournament = tournament
        super().__init__(*args, **kwargs)
        if "round" in self.fields:
            self.fields["round"].choices = _round_choices(tournament)
        if "game_number" in self.fields:
            self.fields["game_number"].choices = _game_choices(tournament)

    def clean_round(self) -> Round | None:
        value = self.cleaned_data.get("round")
        if not value:
            return None
        rnd = Round.objects.filter(tournament=self.tournament, number=int(value)).first()
        if rnd is None:
            raise forms.ValidationError(_("Diese Runde gibt es nicht."))
        return rnd

    def clean_game_number(self) -> int | None:
        value = self.cleaned_data.get("game_number")
        return int(value) if value else None


class WarningForm(_TournamentForm):
    """Player → kind → ground → optional round, game and note (SPEC §7)."""

    player = forms.TypedChoiceField(label=_("Spieler"), coerce=int)
    kind = forms.ChoiceField(label=_("Art"), choices=WarningKind.choices, widget=forms.RadioSelect)
    ground = forms.ChoiceField(
        label=_("Grund"), choices=WarningGround.choices, widget=forms.RadioSelect
    )
    ground_text = forms.CharField(
        label=_("Grund (Freitext)"),
        max_length=300,
        required=False,
        help_text=_("Nur bei „Anderer Grund“ nötig."),
    )
    round = forms.ChoiceField(label=_("Runde"), required=False)
    game_number = forms.ChoiceField(
        label=_("Spiel"),
        required=False,
        help_text=_(
            "Rote Karte während einer laufenden Runde: Unsere Auslegung (Klub 4.5.1, 4.2) – "
            "gespielte Spiele bleiben stehen; das Spiel der Karte beendet der Spieler nicht, "
            "ab diesem Spiel spielen die anderen zu dritt (Platzierungspunkte 4, 3, 1). "
            "Ohne Spiel gilt die Karte ab der nächsten Runde."
        ),
    )
    note = forms.CharField(
        label=_("Notiz"), required=False, max_length=2000, widget=forms.Textarea(attrs={"rows": 3})
    )

    def __init__(self, *args, registrations: list[Registration], **kwargs):
        super().__init__(*args, **kwargs)
        self.players = {r.player_id: r.player for r in registrations}
        self.fields["player"].choices = [("", _("– Spieler wählen –"))] + [
            (r.player_id, f"{r.player.full_name} ({r.player.federation_number})")
            for r in registrations
        ]

    def clean(self):
        cleaned = super().clean()
        if (
            cleaned.get("ground") == WarningGround.FREE_TEXT
            and not (cleaned.get("ground_text") or "").strip()
        ):
            self.add_error("ground_text", _("Bitte den Grund als Freitext angeben."))
        return cleaned

    @property
    def player_obj(self):
        return self.players.get(self.cleaned_data.get("player"))


OBJECTION_CHOICES = [(str(n), str(n)) for n in range(0, 5)]


class RulingForm(_TournamentForm):
    """A call at a table: question, ruling, rule cited; objections decide on escalation."""

    round = forms.ChoiceField(label=_("Runde"), required=False)
    table_number = forms.IntegerField(
        label=_("Tisch"), required=False, min_value=1, max_value=100000
    )
    game_number = forms.ChoiceField(label=_("Spiel"), required=False)
    question = forms.CharField(
        label=_("Frage / Sachverhalt"), max_length=4000, widget=forms.Textarea(attrs={"rows": 3})
    )
    decision = forms.CharField(
        label=_("Entscheidung"), max_length=4000, widget=forms.Textarea(attrs={"rows": 3})
    )
    rule_cited = forms.CharField(
        label=_("Regel"),
        max_length=100,
        required=False,
        help_text=_("z. B. „Klub 15.3“; leer, wenn nach Ermessen entschieden (Klub 4.2)."),
    )
    objections = forms.TypedChoiceField(
        label=_("Widersprechende Spieler"),
        choices=OBJECTION_CHOICES,
        coerce=int,
        initial="0",
        widget=forms.RadioSelect,
        help_text=_(
            "Widersprechen mehr als zwei Spieler, entscheidet der Hauptschiedsrichter endgültig "
            "(Klub 4.2.2)."
        ),
    )


class FinalRulingForm(forms.Form):
    decision = forms.CharField(
        label=_("Endgültige Entscheidung"),
        max_length=4000,
        widget=forms.Textarea(attrs={"rows": 3}),
    )
    rule_cited = forms.CharField(label=_("Regel"), max_length=100, required=False)


class WithdrawForm(forms.Form):
    reason = forms.CharField(
        label=_("Begründung der Rücknahme (Pflicht)"),
        max_length=2000,
        widget=forms.Textarea(attrs={"rows": 2}),
    )


class CallCloseForm(forms.Form):
    """How a table's call ended (issue #15.6), and the warning or ruling it led to, if any."""

    outcome = forms.CharField(
        label=_("Ergebnis"),
        max_length=2000,
        required=False,
        widget=forms.Textarea(attrs={"rows": 2}),
        help_text=_("Kurz, was geklärt wurde; leer nur, wenn unten eine Verwarnung oder "
                    "Entscheidung gewählt ist."),
    )  # fmt: skip
    warning = forms.ModelChoiceField(label=_("Führte zu Verwarnung"), queryset=None, required=False)
    ruling = forms.ModelChoiceField(
        label=_("Führte zu Entscheidung"), queryset=None, required=False
    )

    def __init__(self, *args, warnings, rulings, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["warning"].queryset = warnings
        self.fields["warning"].label_from_instance = lambda w: (
            f"{w.player.full_name}: {w.get_kind_display()} ({w.get_ground_display()})"
        )
        self.fields["ruling"].queryset = rulings
        self.fields["ruling"].label_from_instance = lambda r: (
            f"{r.question[:60]} – {r.decision[:40]}"
        )
