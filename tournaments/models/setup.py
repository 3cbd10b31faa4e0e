"""Tables of the tournament side. Constraints live here; workflow rules live in services."""

from django.conf import settings
from django.db import models
from django.db.models import F, Q
from django.utils.translation import gettext_lazy as _

from tournaments.enums import Category, RoundKind, RoundStatus, RuleSetCode, RulingStatus, SheetAction, SheetStatus, StaffRole, TablePolicy, TournamentStatus, WarningGround, WarningKind


class Player(models.Model):
    """A member in the federation's registry."""

    federation_number = models.CharField(_("Mitgliedsnummer"), max_length=20, unique=True)
    first_name = models.CharField(_("Vorname"), max_length=80)
    last_name = models.CharField(_("Nachname"), max_length=80)
    club = models.CharField(_("Verein"), max_length=120, blank=True)
    city = models.CharField(_("Ort"), max_length=120, blank=True)
    birth_year = models.PositiveSmallIntegerField(_("Geburtsjahr"), null=True, blank=True)
    email = models.EmailField(_("E-Mail (nicht öffentlich)"), blank=True)
    publish_name = models.BooleanField(
        _("Name darf veröffentlicht werden"),
        default=True,
        help_text=_("Sonst zeigen öffentliche Seiten nur Initialen und Verein."),
    )
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["last_name", "first_name", "federation_number"]
        verbose_name = _("Spieler")
        verbose_name_plural = _("Spieler")
        constraints = [
            models.CheckConstraint(
                condition=Q(birth_year__isnull=True)
                | Q(birth_year__gte=1900, birth_year__lte=2100),
                name="player_birth_year_range",
            ),
        ]
        indexes = [models.Index(fields=["last_name", "first_name"])]

    def __str__(self) -> str:
        return f"{self.last_name}, {self.first_name} ({self.federation_number})"

    @property
    def full_name(self) -> str:
        """Staff pages always see the full name."""
        return f"{self.last_name}, {self.first_name}"

    @property
    def public_name(self) -> str:
        """Public pages respect the player's choice: initials only if the name is not public."""
        if self.publish_name:
            return self.full_name
        initials = f"{self.first_name[:1]}. {self.last_name[:1]}."
        return initials


class Tournament(models.Model):
    name = models.CharField(_("Name"), max_length=200)
    category = models.CharField(_("Kategorie"), max_length=20, choices=Category.choices)
    rounds_planned = models.PositiveSmallIntegerField(
        _("Vorrunden"), help_text=_("Anzahl der Spielrunden ohne Finalrunde (Klub 6.2).")
    )
    games_per_round = models.PositiveSmallIntegerField(
        _("Spiele pro Runde"),
        default=4,
        help_text=_("4; 2 oder 3 nur bei Sonderformaten (Klub 6.2.1)."),
    )
    has_final = models.BooleanField(_("Finalrunde"), default=False)
    finalists_count = models.PositiveSmallIntegerField(_("Finalisten"), default=4)
    table_policy = models.CharField(
        _("Tischregel"), max_length=20, choices=TablePolicy.choices, default=TablePolicy.RESERVES
    )
    max_players = models.PositiveIntegerField(_("Höchstzahl Spieler"), null=True, blank=True)
    ranking_year = models.PositiveSmallIntegerField(_("Ranking-Jahr"))
    rule_set = models.CharField(
        _("Regelwerk"), max_length=10, choices=RuleSetCode.choices, default=RuleSetCode.RULES_2014
    )
    counts_for_ranking = models.BooleanField(_("Zählt für das Ranking"), default=True)
    start_date = models.DateField(_("Beginn"))
    end_date = models.DateField(_("Ende"))
    venue = models.CharField(_("Spielort"), max_length=200, blank=True)
    status = models.CharField(
        _("Status"), max_length=20, choices=TournamentStatus.choices, default=TournamentStatus.DRAFT
    )
    registration_opened_at = models.DateTimeField(null=True, blank=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-start_date", "name"]
        verbose_name = _("Turnier")
        verbose_name_plural = _("Turniere")
        constraints = [
            models.CheckConstraint(
                condition=Q(games_per_round__gte=2, games_per_round__lte=4),
                name="tournament_games_per_round_2_4",
                violation_error_message=_("Eine Runde hat 2 bis 4 Spiele."),
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
                condition=Q(finalists_count__gte=3),
                name="tournament_finalists_min_3",
                violation_error_message=_("Eine Finalrunde braucht mindestens drei Finalisten."),
            ),
        ]

    def __str__(self) -> str:
        return self.name

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


class Registration(models.Model):
    tournament = models.ForeignKey(
        Tournament, on_delete=models.CASCADE, related_name="registrations"
    )
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="registrations")
    reserve = models.BooleanField(_("Ersatzspieler"), default=False)
    checked_in_at = models.DateTimeField(_("Eingecheckt"), null=True, blank=True)
    withdrawn_at = models.DateTimeField(_("Abgemeldet"), null=True, blank=True)
    registered_at = models.DateTimeField(auto_now_add=True)
    registered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )

    class Meta:
        ordering = ["player__last_name", "player__first_name"]
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


class TablePin(models.Model):
    """A player fixed to one table number for all rounds (Klub 7.1: e.g. a disabled player)."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="pins")
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="+")
    table_number = models.PositiveIntegerField(_("Tisch"))
    reason = models.CharField(_("Grund"), max_length=200, blank=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["tournament", "player"], name="pin_unique_player"),
            models.CheckConstraint(condition=Q(table_number__gte=1), name="pin_table_positive"),
        ]

    def __str__(self) -> str:
        return f"{self.player} → Tisch {self.table_number}"


class Round(models.Model):
    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="rounds")
    number = models.PositiveSmallIntegerField(_("Runde"))
    kind = models.CharField(max_length=20, choices=RoundKind.choices, default=RoundKind.PRELIMINARY)
    status = models.CharField(max_length=20, choices=RoundStatus.choices, default=RoundStatus.DRAWN)
    seed = models.BigIntegerField(help_text=_("Startwert der Auslosung, für Nachvollziehbarkeit."))
    method = models.CharField(max_length=200)
    notice = models.TextField(blank=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    released_at = models.DateTimeField(null=True, blank=True)
    published_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["tournament", "number"]
        verbose_name = _("Runde")
        verbose_name_plural = _("Runden")
        constraints = [
            models.UniqueConstraint(fields=["tournament", "number"], name="round_unique_number"),
            models.CheckConstraint(condition=Q(number__gte=1), name="round_number_positive"),
        ]

    def __str__(self) -> str:
        return f"{self.tournament} – Runde {self.number}"

    @property
    def is_final(self) -> bool:
        return self.kind == RoundKind.FINAL


class Table(models.Model):
    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="tables")
    number = models.PositiveIntegerField(_("Tisch"))

    class Meta:
        ordering = ["round", "number"]
        constraints = [
            models.UniqueConstraint(fields=["round", "number"], name="table_unique_number")
        ]

    def __str__(self) -> str:
        return f"Tisch {self.number}"


class Seat(models.Model):
    """A player's letter at a table for the whole round (Klub 7.2)."""

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="seats")
    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="seats")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="seats")
    letter = models.CharField(max_length=1)
    reserve = models.BooleanField(default=False)

    class Meta:
        ordering = ["table__number", "letter"]
        constraints = [
            models.UniqueConstraint(fields=["table", "letter"], name="seat_unique_letter"),
            models.UniqueConstraint(
                fields=["round", "player"], name="seat_unique_player_per_round"
            ),
            models.CheckConstraint(
                condition=Q(letter__in=["A", "B", "C", "D"]), name="seat_letter_a_to_d"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.table} {self.letter}: {self.player}"


class PairingChange(models.Model):
    """Audit trail for director overrides of a round's pairing (SPEC §2)."""

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="changes")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    at = models.DateTimeField(auto_now_add=True)
    action = models.CharField(max_length=20)
    description = models.TextField()
    created_repeat = models.BooleanField(default=False)

    class Meta:
        ordering = ["-at", "-id"]

    def __str__(self) -> str:
        return self.description


class ResultSheet(models.Model):
    """The official result sheet of one table in one round (Klub 10.2).

    The figures live in immutable SheetVersion rows; `version` is the optimistic-lock counter
    a form must echo back, so a second, concurrent save is a conflict and never a lost update.
    """

    table = models.OneToOneField(Table, on_delete=models.CASCADE, related_name="sheet")
    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="sheets")
    status = models.CharField(max_length=20, choices=SheetStatus.choices)
    version = models.PositiveIntegerField(default=0)
    current = models.ForeignKey(
        "SheetVersion", null=True, on_delete=models.PROTECT, related_name="+"
    )
    confirmed = models.ForeignKey(
        "SheetVersion",
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="+",
        help_text="Newest confirmed version: the standings follow this one.",
    )
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["round", "table__number"]

    def __str__(self) -> str:
        return f"Ergebnisliste {self.table}"


class SheetVersion(models.Model):
    """One save of a sheet: who, when, what and why. Never updated, never deleted."""

    sheet = models.ForeignKey(ResultSheet, on_delete=models.CASCADE, related_name="versions")
    number = models.PositiveIntegerField()
    games = models.JSONField(
        help_text="[{number, pool_exhausted, declared_winner, scores: {letter: points}, "
        "no_meld: {letter: 100|200}}]"
    )
    status = models.CharField(max_length=20, choices=SheetStatus.choices)
    action = models.CharField(max_length=30, choices=SheetAction.choices)
    reason = models.TextField(blank=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["sheet", "number"]
        constraints = [
            models.UniqueConstraint(fields=["sheet", "number"], name="sheet_version_unique"),
        ]

    def __str__(self) -> str:
        return f"{self.sheet} v{self.number}"


class PlayerWarning(models.Model):
    """A referee's warning or card (Klub 4). Never edited or deleted: a mistake is withdrawn
    once, with who, when and why, and the history keeps both. An active red card excludes the
    player from the rounds drawn after it (SPEC §7)."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="warnings")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="warnings")
    round = models.ForeignKey(
        Round, null=True, blank=True, on_delete=models.PROTECT, related_name="warnings"
    )
    game_number = models.PositiveSmallIntegerField(_("Spiel"), null=True, blank=True)
    table_number = models.PositiveIntegerField(_("Tisch"), null=True, blank=True)
    kind = models.CharField(_("Art"), max_length=20, choices=WarningKind.choices)
    ground = models.CharField(_("Grund"), max_length=20, choices=WarningGround.choices)
    ground_text = models.CharField(_("Grund (Freitext)"), max_length=300, blank=True)
    note = models.TextField(_("Notiz"), blank=True)
    given_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    given_at = models.DateTimeField(auto_now_add=True)
    withdrawn_at = models.DateTimeField(null=True, blank=True)
    withdrawn_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    withdrawal_reason = models.TextField(_("Begründung der Rücknahme"), blank=True)

    class Meta:
        ordering = ["tournament", "given_at", "pk"]
        indexes = [models.Index(fields=["tournament", "player"])]
        constraints = [
            models.CheckConstraint(
                condition=Q(withdrawn_at__isnull=True, withdrawal_reason="")
                | (Q(withdrawn_at__isnull=False) & ~Q(withdrawal_reason="")),
                name="warning_withdrawal_has_reason",
                violation_error_message=_("Eine Rücknahme braucht eine Begründung."),
            ),
            models.CheckConstraint(
                condition=~Q(ground="free_text") | ~Q(ground_text=""),
                name="warning_free_text_ground",
                violation_error_message=_("Bitte den Grund als Freitext angeben."),
            ),
            models.CheckConstraint(
                condition=Q(game_number__isnull=True) | Q(game_number__gte=1),
                name="warning_game_positive",
                violation_error_message=_("Die Spielnummer beginnt bei 1."),
            ),
            # Two referees carding the same player at once: the second save is a conflict.
            models.UniqueConstraint(
                fields=["tournament", "player"],
                condition=Q(kind="red", withdrawn_at__isnull=True),
                name="warning_one_active_red_card",
                violation_error_message=_("Der Spieler hat bereits eine Rote Karte."),
            ),
        ]

    def __str__(self) -> str:
        return f"{self.get_kind_display()}: {self.player} ({self.tournament})"

    @property
    def active(self) -> bool:
        return self.withdrawn_at is None


class Ruling(models.Model):
    """A referee's call at a table (Klub 4.2). If more than two players object, the head
    referee decides finally; that ruling is a new row pointing at the escalated one."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="rulings")
    round = models.ForeignKey(
        Round, null=True, blank=True, on_delete=models.PROTECT, related_name="rulings"
    )
    table_number = models.PositiveIntegerField(_("Tisch"), null=True, blank=True)
    game_number = models.PositiveSmallIntegerField(_("Spiel"), null=True, blank=True)
    question = models.TextField(_("Frage / Sachverhalt"))
    decision = models.TextField(_("Entscheidung"))
    rule_cited = models.CharField(_("Regel"), max_length=100, blank=True)
    objections = models.PositiveSmallIntegerField(_("Widersprechende Spieler"), default=0)
    status = models.CharField(max_length=20, choices=RulingStatus.choices)
    escalated_from = models.OneToOneField(
        "self", null=True, blank=True, on_delete=models.PROTECT, related_name="final_ruling"
    )
    decided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    decided_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["tournament", "decided_at", "pk"]
        constraints = [
            models.CheckConstraint(
                condition=Q(objections__lte=4), name="ruling_objections_at_most_four"
            ),
            models.CheckConstraint(
                condition=(Q(status="final") & Q(escalated_from__isnull=False))
                | (~Q(status="final") & Q(escalated_from__isnull=True)),
                name="ruling_final_answers_escalation",
                violation_error_message=_(
                    "Eine endgültige Entscheidung gehört immer zu einer übergebenen Entscheidung."
                ),
            ),
            models.CheckConstraint(
                condition=~Q(status="escalated") | Q(objections__gte=3),
                name="ruling_escalated_needs_three_objections",
                violation_error_message=_(
                    "Übergeben wird nur, wenn mehr als zwei Spieler widersprechen (Klub 4.2.2)."
                ),
            ),
        ]

    def __str__(self) -> str:
        return f"Entscheidung {self.pk} ({self.tournament})"
