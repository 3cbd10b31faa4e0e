"""Forms of the referee area: warnings and cards, rulings, withdrawals."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from tournaments.enums import WarningGround, WarningKind
from tournaments.models import Registration, Round, Tournament


def _round_choices(tournament: Tournament) -> list[tuple[str, str]]:
    rounds = tournament.rounds.order_by("number")
    return [("", _("– without a round (e.g. during the break) –"))] + [
        (str(r.number), _("Final round") if r.is_final else _("Round %(n)s") % {"n": r.number})
        for r in rounds
    ]


def _game_choices(tournament: Tournament) -> list[tuple[str, str]]:
    return [("", _("– no particular game –"))] + [
        (str(n), _("Game %(n)s") % {"n": n}) for n in range(1, tournament.games_per_round + 1)
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
            raise forms.ValidationError(_("This round does not exist."))
        return rnd

    def clean_game_number(self) -> int | None:
        value = self.cleaned_data.get("game_number")
        return int(value) if value else None


class WarningForm(_TournamentForm):
    """Player → kind → ground → optional round, game and note (SPEC §7)."""

    player = forms.TypedChoiceField(label=_("Player"), coerce=int)
    kind = forms.ChoiceField(label=_("Type"), choices=WarningKind.choices, widget=forms.RadioSelect)
    ground = forms.ChoiceField(
        label=_("Reason"), choices=WarningGround.choices, widget=forms.RadioSelect
    )
    ground_text = forms.CharField(
        label=_("Reason (free text)"),
        max_length=300,
        required=False,
        help_text=_("Only needed for “Other reason”."),
    )
    round = forms.ChoiceField(label=_("Round"), required=False)
    game_number = forms.ChoiceField(
        label=_("Game"),
        required=False,
        help_text=_(
            "Red card during a running round: our reading (Klub 4.5.1, 4.2) – games played "
            "stand; the player does not finish the game of the card, and from this game on "
            "the others play on without the player (placement points (Platzierungspunkte) "
            "4, 3, 1 for three, 4, 3 for two; a table left with one player plays no more "
            "games). Without a game (in a break), from the first game the table's sheet does "
            "not hold yet; a round not released yet is drawn again without the player."
        ),
    )
    note = forms.CharField(
        label=_("Note"), required=False, max_length=2000, widget=forms.Textarea(attrs={"rows": 3})
    )

    def __init__(self, *args, registrations: list[Registration], **kwargs):
        super().__init__(*args, **kwargs)
        self.players = {r.player_id: r.player for r in registrations}
        self.fields["player"].choices = [("", _("– choose a player –"))] + [
            (r.player_id, f"{r.player.full_name} ({r.player.federation_number or _('Guest')})")
            for r in registrations
        ]

    def clean(self):
        cleaned = super().clean()
        if (
            cleaned.get("ground") == WarningGround.FREE_TEXT
            and not (cleaned.get("ground_text") or "").strip()
        ):
            self.add_error("ground_text", _("Please give the reason as free text."))
        return cleaned

    @property
    def player_obj(self):
        return self.players.get(self.cleaned_data.get("player"))


OBJECTION_CHOICES = [(str(n), str(n)) for n in range(0, 5)]


class RulingForm(_TournamentForm):
    """A call at a table: question, ruling, rule cited; objections decide on escalation."""

    round = forms.ChoiceField(label=_("Round"), required=False)
    table_number = forms.IntegerField(
        label=_("Table"), required=False, min_value=1, max_value=100000
    )
    game_number = forms.ChoiceField(label=_("Game"), required=False)
    question = forms.CharField(
        label=_("Question / facts"), max_length=4000, widget=forms.Textarea(attrs={"rows": 3})
    )
    decision = forms.CharField(
        label=_("Decision"), max_length=4000, widget=forms.Textarea(attrs={"rows": 3})
    )
    rule_cited = forms.CharField(
        label=_("Rule"),
        max_length=100,
        required=False,
        help_text=_("e.g. “Klub 15.3”; empty when decided at discretion (Klub 4.2)."),
    )
    objections = forms.TypedChoiceField(
        label=_("Objecting players"),
        choices=OBJECTION_CHOICES,
        coerce=int,
        initial="0",
        widget=forms.RadioSelect,
        help_text=_(
            "If more than two players object, the head referee makes the final decision "
            "(Klub 4.2.2)."
        ),
    )


class FinalRulingForm(forms.Form):
    decision = forms.CharField(
        label=_("Final decision"),
        max_length=4000,
        widget=forms.Textarea(attrs={"rows": 3}),
    )
    rule_cited = forms.CharField(label=_("Rule"), max_length=100, required=False)


class WithdrawForm(forms.Form):
    reason = forms.CharField(
        label=_("Reason for the withdrawal (required)"),
        max_length=2000,
        widget=forms.Textarea(attrs={"rows": 2}),
    )


class CallCloseForm(forms.Form):
    """How a table's call ended (issue #15.6), and the warning or ruling it led to, if any."""

    outcome = forms.CharField(
        label=_("Result"),
        max_length=2000,
        required=False,
        widget=forms.Textarea(attrs={"rows": 2}),
        help_text=_("Briefly, what was clarified; empty only if a warning or decision is chosen "
                    "below."),
    )  # fmt: skip
    warning = forms.ModelChoiceField(label=_("Led to a warning"), queryset=None, required=False)
    ruling = forms.ModelChoiceField(label=_("Led to a decision"), queryset=None, required=False)

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
