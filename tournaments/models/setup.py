"""A tournament, its staff and its registrations (Klub 6)."""

from django.conf import settings
from django.db import models
from django.db.models import Count, F, Q
from django.utils.translation import gettext_lazy as _

from tournaments.domain.formats import move_time_text
from tournaments.domain.rules import RuleSet, get_ruleset
from tournaments.enums import (
    Category,
    FinalMode,
    RegistrationSource,
    RuleSetCode,
    StaffRole,
    TablePolicy,
    TournamentStatus,
)
from tournaments.models.collation import din5007_name_order, din5007_order
from tournaments.models.registry import Player

PUBLIC_STATUSES = (
    TournamentStatus.REGISTRATION,
    TournamentStatus.RUNNING,
    TournamentStatus.FINISHED,
)
"""Tournaments the public sees: everything but drafts."""


class TournamentQuerySet(models.QuerySet):
    def public(self) -> "TournamentQuerySet":
        """Visible to everyone: registration open, running or finished (no drafts)."""
        return self.filter(status__in=PUBLIC_STATUSES)

    def main_fields(self) -> "TournamentQuerySet":
        """Tournaments as listed: a juniors' field shows inside its main tournament (Klub 6.3)."""
        return self.filter(juniors_of__isnull=True)

    def same_event(self, tournament: "Tournament") -> "TournamentQuerySet":
        """The main tournament and its juniors' field (one row if it has none)."""
        main_id = tournament.main_tournament_id
        return self.filter(Q(pk=main_id) | Q(juniors_of_id=main_id))

    def with_player_count(self) -> "TournamentQuerySet":
        """``player_count``: registrations not withdrawn, reserves included."""
        return self.annotate(
            player_count=Count("registrations", filter=Q(registrations__withdrawn_at__isnull=True))
        )


class Tournament(models.Model):
    name = models.CharField(_("Name"), max_length=200)
    category = models.CharField(_("Kategorie"), max_length=20, choices=Category.choices)
    rounds_planned = models.PositiveSmallIntegerField(
        _("Vorrunden"), help_text=_("Anzahl der Spielrunden ohne Finalrunde (Klub 6.2).")
    )
    games_per_round = models.PositiveSmallIntegerField(
        _("Spiele pro Runde"),
        default=4,
        help_text=_("4; 1 bis 3 nur bei Sonderturnieren, wie angekündigt (Klub 6.2.1, 000 §1B)."),
    )
    has_final = models.BooleanField(_("Finalrunde"), default=False)
    finalists_count = models.PositiveSmallIntegerField(
        _("Finalisten"),
        default=4,
        help_text=_(
            "Nur bei „Die Besten der Vorrundentabelle“. Klub-Turniere spielen das Finale an "
            "Vierertischen: 4, 8, 12 … (Klub 6.1)."
        ),
    )
    final_mode = models.CharField(
        _("Wer ins Finale kommt"),
        max_length=20,
        choices=FinalMode.choices,
        default=FinalMode.TOP_N,
        help_text=_(
            "Wer ins Finale kommt: die Besten der Vorrundentabelle (Klub 6.2) oder, im Hausformat "
            "(000 §1B), der Sieger jedes Tisches der letzten Vorrunde – nach den Wertungskriterien "
            "des Regelwerks über die Spiele dieses Tisches. Bei 2 Tischen spielen die beiden "
            "Tischsieger das Finale zu zweit (unsere Lesart: 4 bzw. 3 Platzierungspunkte). "
            "Gleichstand entscheidet die Turnierleitung durch Stechen oder Los (Klub 4.2)."
        ),
    )
    table_policy = models.CharField(
        _("Tischregel"), max_length=20, choices=TablePolicy.choices, default=TablePolicy.RESERVES
    )
    max_players = models.PositiveIntegerField(_("Höchstzahl Spieler"), null=True, blank=True)
    ranking_year = models.PositiveSmallIntegerField(_("Ranking-Jahr"))
    rule_set = models.CharField(
        _("Regelwerk"),
        max_length=10,
        choices=RuleSetCode.choices,
        default=RuleSetCode.RULES_2014,
        help_text=_(
            "Das Regelwerk des Ranking-Jahres (Klub 2.4): ab 2014 Klub 10.1 (Platzierungspunkte, "
            "Spielpunkte, bessere Platzierungen, weniger Minuspunkte). Vor 2014: gewonnene "
            "Spiele, dann Spielpunkte (001 §22.7); Klub 10.1 gilt ab 2014. Sonderturniere dürfen "
            "in jedem Jahr das Hausformat wählen (000 §5A: Platzierungspunkte, dann Spielpunkte)."
        ),
    )
    counts_for_ranking = models.BooleanField(_("Zählt für das Ranking"), default=True)
    ranking_note = models.CharField(
        _("Hinweis der Regelkommission"),
        max_length=300,
        blank=True,
        help_text=_("Gesetzt von der Regelkommission, z. B. wenn das Turnier gestrichen ist."),
    )
    seconds_per_move = models.PositiveSmallIntegerField(
        _("Zeit pro Zug (Sekunden)"),
        null=True,
        blank=True,
        default=60,
        help_text=_(
            "Klub 12.1: 60 Sekunden in jeder Runde, auch in der Finalrunde. Sonderturniere "
            "kündigen ihre eigene Zeit an oder spielen ohne Zeitlimit (leer; 000 §1B)."
        ),
    )
    start_date = models.DateField(_("Beginn"))
    end_date = models.DateField(_("Ende"))
    venue = models.CharField(_("Spielort"), max_length=200, blank=True)
    status = models.CharField(
        _("Status"), max_length=20, choices=TournamentStatus.choices, default=TournamentStatus.DRAFT
    )
    registration_opened_at = models.DateTimeField(null=True, blank=True)
    signup_deadline = models.DateTimeField(
        _("Anmeldeschluss (online)"),
        null=True,
        blank=True,
        help_text=_(
            "Bis dahin melden sich Spieler mit Konto selbst an und ab. Leer: bis zum Vortag des "
            "Turniers (24 Uhr). Danach meldet nur noch die Turnierleitung an und ab."
        ),
    )
    signup_approval = models.BooleanField(
        _("Online-Anmeldungen bestätigt die Turnierleitung"),
        default=False,
        help_text=_(
            "Sonst kommt jede Online-Anmeldung sofort ins Feld, solange Plätze frei sind, "
            "danach auf die Warteliste."
        ),
    )
    table_entry = models.BooleanField(
        _("Ergebnisse am Tisch eintragen"),
        default=True,
        help_text=_(
            "Die Spieler tragen die Ergebnisse ihres Tisches auf dem Handy ein und bestätigen "
            "sie; der Orgatisch prüft sie gegen den abgegebenen Papierbogen (Klub 10.2). "
            "Aus: nur Papierbögen, die der Orgatisch erfasst."
        ),
    )
    check_in_opens_at = models.DateTimeField(_("Check-in ab"), null=True, blank=True)
    check_in_closes_at = models.DateTimeField(_("Check-in bis"), null=True, blank=True)
    juniors_of = models.OneToOneField(
        "self",
        verbose_name=_("Juniorenfeld von"),
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="junior_field",
        help_text=_(
            "Junioren, die getrennt vom Hauptfeld spielen, mit eigener Rundenzahl, Paarung und "
            "Tabelle (Klub 6.3, 7.1). Termine, Personal und Status sind die des Hauptturniers."
        ),
    )
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    objects = TournamentQuerySet.as_manager()

    class Meta:
        ordering = ["-start_date", "name"]
        verbose_name = _("Turnier")
        verbose_name_plural = _("Turniere")
        constraints = [
            models.CheckConstraint(
                condition=Q(games_per_round__gte=1, games_per_round__lte=4),
                name="tournament_games_per_round_1_4",
                violation_error_message=_("Eine Runde hat 1 bis 4 Spiele."),
            ),
            models.CheckConstraint(
                condition=Q(rounds_planned__gte=1, rounds_planned__lte=4),
                name="tournament_rounds_1_4",
                violation_error_message=_("Ein Turnier hat 1 bis 4 Vorrunden."),
            ),
            models.CheckConstraint(
                condition=Q(end_date__gte=F("start_date")),
                name="tournament_end_after_start",
                violation_error_message=_("Das Ende liegt vor dem Beginn."),
            ),
            models.CheckConstraint(
                condition=Q(finalists_count__gte=2),
                name="tournament_finalists_min_2",
                violation_error_message=_("Eine Finalrunde braucht mindestens zwei Finalisten."),
            ),
        ]

    def __str__(self) -> str:
        return self.name

    @property
    def ruleset(self) -> RuleSet:
        """The rule set its results are scored by (SPEC §5: the rule set of its ranking year)."""
        return get_ruleset(self.rule_set)

    @property
    def is_public(self) -> bool:
        """Shown to everyone (see `PUBLIC_STATUSES`)."""
        return self.status in PUBLIC_STATUSES

    @property
    def move_time_text(self) -> str:
        """ "1 Minute", "90 Sekunden" or "ohne Zeitlimit" (Klub 12.1, 000 §1B)."""
        return move_time_text(self.seconds_per_move)

    @property
    def is_junior_field(self) -> bool:
        return self.juniors_of_id is not None

    @property
    def main_tournament_id(self) -> int:
        """Whose staff, dates and status a juniors' field shares: the main tournament's."""
        return self.juniors_of_id or self.pk

    def check_in_open(self, now) -> bool:
        """Players check themselves in from their phones inside the window the director opened."""
        opens, closes = self.check_in_opens_at, self.check_in_closes_at
        return opens is not None and closes is not None and opens <= now < closes

    @property
    def total_rounds(self) -> int:
        return self.rounds_planned + (1 if self.has_final else 0)


class TournamentStaff(models.Model):
    """Per-tournament staff: permissions are checked against this, not only against groups."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="staff")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="tournament_roles"
    )
    role = models.CharField(_("Aufgabe"), max_length=20, choices=StaffRole.choices)
    assigned_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        verbose_name = _("Turnier-Personal")
        verbose_name_plural = _("Turnier-Personal")
        constraints = [
            models.UniqueConstraint(
                fields=["tournament", "user", "role"], name="staff_unique_role_per_tournament"
            )
        ]

    def __str__(self) -> str:
        return f"{self.user} – {self.get_role_display()} – {self.tournament}"


class Team(models.Model):
    """A team of a special tournament, e.g. a city in a Städtekampf (Klub 6.2.1)."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="teams")
    name = models.CharField(_("Mannschaft"), max_length=100)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = din5007_order("name")
        verbose_name = _("Mannschaft")
        verbose_name_plural = _("Mannschaften")
        constraints = [
            models.UniqueConstraint(fields=["tournament", "name"], name="team_unique_name")
        ]

    def __str__(self) -> str:
        return self.name


class RegistrationQuerySet(models.QuerySet):
    def active(self) -> "RegistrationQuerySet":
        """Not withdrawn: in the field (players and reserves alike)."""
        return self.filter(withdrawn_at__isnull=True)


class Registration(models.Model):
    tournament = models.ForeignKey(
        Tournament, on_delete=models.CASCADE, related_name="registrations"
    )
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="registrations")
    reserve = models.BooleanField(_("Ersatzspieler"), default=False)
    team = models.ForeignKey(
        Team,
        verbose_name=_("Mannschaft"),
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="registrations",
    )
    checked_in_at = models.DateTimeField(_("Eingecheckt"), null=True, blank=True)
    withdrawn_at = models.DateTimeField(_("Abgemeldet"), null=True, blank=True)
    registered_at = models.DateTimeField(auto_now_add=True)
    registered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    source = models.CharField(
        _("Herkunft"),
        max_length=10,
        choices=RegistrationSource.choices,
        default=RegistrationSource.STAFF,
    )

    objects = RegistrationQuerySet.as_manager()

    class Meta:
        ordering = din5007_name_order("player__")  # DIN 5007
        verbose_name = _("Anmeldung")
        verbose_name_plural = _("Anmeldungen")
        constraints = [
            models.UniqueConstraint(
                fields=["tournament", "player"], name="registration_unique_player"
            )
        ]

    def __str__(self) -> str:
        return f"{self.player} @ {self.tournament}"

    @property
    def active(self) -> bool:
        return self.withdrawn_at is None
