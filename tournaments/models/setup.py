"""A tournament, its staff and its registrations (Klub 6)."""

import uuid

from django.conf import settings
from django.db import models
from django.db.models import Count, F, Q
from django.utils.translation import gettext_lazy as _

from tournaments.domain.clubs import club_slug
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
    uuid = models.UUIDField(default=uuid.uuid4, unique=True, editable=False, verbose_name=_("UUID"))
    name = models.CharField(_("Name"), max_length=200)
    category = models.CharField(_("Category"), max_length=20, choices=Category.choices)
    rounds_planned = models.PositiveSmallIntegerField(
        _("Preliminary rounds"), help_text=_("Number of rounds without the final round (Klub 6.2).")
    )
    games_per_round = models.PositiveSmallIntegerField(
        _("Games per round"),
        default=4,
        help_text=_("4; 1 to 3 only at special tournaments, as announced (Klub 6.2.1, 000 §1B)."),
    )
    has_final = models.BooleanField(_("Final round"), default=False)
    finalists_count = models.PositiveSmallIntegerField(
        _("Finalists"),
        default=4,
        help_text=_(
            "Only with “The best of the preliminary standings”. Club tournaments play the "
            "final at tables of four: 4, 8, 12 … (Klub 6.1)."
        ),
    )
    final_mode = models.CharField(
        _("Who reaches the final"),
        max_length=20,
        choices=FinalMode.choices,
        default=FinalMode.TOP_N,
        help_text=_(
            "Who reaches the final: the best of the preliminary standings (Klub 6.2) or, in "
            "the house format (000 §1B), the winner of every table of the last preliminary "
            "round – by the rules' ranking criteria over that table's games. With 2 tables, "
            "the two table winners play the final as two (our reading: 4 or 3 placement "
            "points (Platzierungspunkte)). The tournament director decides ties by a "
            "play-off or lot (Klub 4.2)."
        ),
    )
    table_policy = models.CharField(
        _("Table rule"), max_length=20, choices=TablePolicy.choices, default=TablePolicy.RESERVES
    )
    max_players = models.PositiveIntegerField(_("Maximum number of players"), null=True, blank=True)
    ranking_year = models.PositiveSmallIntegerField(_("Ranking year"))
    rule_set = models.CharField(
        _("Rules"),
        max_length=10,
        choices=RuleSetCode.choices,
        default=RuleSetCode.RULES_2014,
        help_text=_(
            "The rules of the ranking year (Klub 2.4): from 2014 Klub 10.1 (placement points "
            "(Platzierungspunkte), game points (Spielpunkte), better placings, fewer minus "
            "points). Before 2014: games won, then game points (001 §22.7); Klub 10.1 "
            "applies from 2014. Special tournaments may choose the house format in any year "
            "(000 §5A: placement points, then game points)."
        ),
    )
    counts_for_ranking = models.BooleanField(_("Counts for the ranking"), default=True)
    ranking_note = models.CharField(
        _("Note from the rules commission"),
        max_length=300,
        blank=True,
        help_text=_("Set by the rules commission, e.g. when the tournament is struck."),
    )
    seconds_per_move = models.PositiveSmallIntegerField(
        _("Time per move (seconds)"),
        null=True,
        blank=True,
        default=60,
        help_text=_(
            "Klub 12.1: 60 seconds in every round, the final round included. Special "
            "tournaments announce their own time or play without a time limit (empty; 000 "
            "§1B)."
        ),
    )
    start_date = models.DateField(_("Start"))
    end_date = models.DateField(_("End"))
    venue = models.CharField(_("Venue"), max_length=200, blank=True)
    organising_club = models.CharField(
        _("Organising club"),
        max_length=120,
        blank=True,
        help_text=_(
            "The club that hosts the tournament, written as in the player registry; its club "
            "page lists the tournament. Leave empty if no club hosts it."
        ),
    )
    status = models.CharField(
        _("Status"), max_length=20, choices=TournamentStatus.choices, default=TournamentStatus.DRAFT
    )
    registration_opened_at = models.DateTimeField(
        null=True, blank=True, verbose_name=_("Registration opened at")
    )
    signup_deadline = models.DateTimeField(
        _("Registration closes (online)"),
        null=True,
        blank=True,
        help_text=_(
            "Until then, players with an account register and withdraw themselves. Empty: "
            "until the day before the tournament (midnight). After that only the tournament "
            "director registers and withdraws players."
        ),
    )
    signup_approval = models.BooleanField(
        _("The tournament director confirms online registrations"),
        default=False,
        help_text=_(
            "Otherwise every online registration goes straight into the field while places "
            "are free, then onto the waiting list."
        ),
    )
    table_entry = models.BooleanField(
        _("Enter results at the table"),
        default=True,
        help_text=_(
            "The players enter their table's results on their phones and confirm them; the "
            "desk checks them against the paper sheet handed in (Klub 10.2). Off: only paper "
            "sheets, entered by the desk."
        ),
    )
    check_in_opens_at = models.DateTimeField(_("Check-in from"), null=True, blank=True)
    check_in_closes_at = models.DateTimeField(_("Check-in until"), null=True, blank=True)
    juniors_of = models.OneToOneField(
        "self",
        verbose_name=_("Juniors' field of"),
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="junior_field",
        help_text=_(
            "Juniors playing separately from the main field, with their own number of "
            "rounds, pairing and standings (Klub 6.3, 7.1). Dates, staff and status are "
            "those of the main tournament."
        ),
    )
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
        verbose_name=_("Created by"),
    )
    created_at = models.DateTimeField(auto_now_add=True, verbose_name=_("Created at"))
    updated_at = models.DateTimeField(auto_now=True, verbose_name=_("Updated at"))

    objects = TournamentQuerySet.as_manager()

    class Meta:
        ordering = ["-start_date", "name"]
        verbose_name = _("Tournament")
        verbose_name_plural = _("Tournaments")
        constraints = [
            models.CheckConstraint(
                condition=Q(games_per_round__gte=1, games_per_round__lte=4),
                name="tournament_games_per_round_1_4",
                violation_error_message=_("A round has 1 to 4 games."),
            ),
            models.CheckConstraint(
                # Klub 6.2: club tournaments 4 at most; 6.2.1: special ones any number.
                condition=Q(rounds_planned__gte=1)
                & (Q(category=Category.SPECIAL) | Q(rounds_planned__lte=4)),
                name="tournament_rounds_club_1_4",
                violation_error_message=_(
                    "A tournament has at least one preliminary round, a club tournament at most "
                    "4 (Klub 6.2, 6.2.1)."
                ),
            ),
            models.CheckConstraint(
                condition=Q(end_date__gte=F("start_date")),
                name="tournament_end_after_start",
                violation_error_message=_("The end is before the start."),
            ),
            models.CheckConstraint(
                condition=Q(finalists_count__gte=2),
                name="tournament_finalists_min_2",
                violation_error_message=_("A final round needs at least two finalists."),
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
    def is_draft(self) -> bool:
        return self.status == TournamentStatus.DRAFT

    @property
    def is_registration_open(self) -> bool:
        """In its registration phase (the status; online sign-up also has `signup_deadline`)."""
        return self.status == TournamentStatus.REGISTRATION

    @property
    def is_running(self) -> bool:
        return self.status == TournamentStatus.RUNNING

    @property
    def is_finished(self) -> bool:
        return self.status == TournamentStatus.FINISHED

    @property
    def fills_with_reserves(self) -> bool:
        """Reserves fill the tables (Klub 6.1), not three-player tables."""
        return self.table_policy == TablePolicy.RESERVES

    @property
    def final_of_table_winners(self) -> bool:
        """The final (with `has_final`) is the table winners' (house format, 000 §1B)."""
        return self.final_mode == FinalMode.TABLE_WINNERS

    @property
    def organising_club_slug(self) -> str:
        """The organising club's slug (its club page), "" without one (issue 33.2)."""
        return club_slug(self.organising_club)

    @property
    def move_time_text(self) -> str:
        """ "1 Minute", "90 Sekunden" or "ohne Zeitlimit" (Klub 12.1, 000 §1B)."""
        return str(move_time_text(self.seconds_per_move))  # the domain's message, translated

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

    tournament = models.ForeignKey(
        Tournament, on_delete=models.CASCADE, related_name="staff", verbose_name=_("Tournament")
    )
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="tournament_roles",
        verbose_name=_("User"),
    )
    role = models.CharField(_("Role"), max_length=20, choices=StaffRole.choices)
    assigned_at = models.DateTimeField(auto_now_add=True, verbose_name=_("Assigned at"))

    class Meta:
        verbose_name = _("Tournament staff")
        verbose_name_plural = _("Tournament staff")
        constraints = [
            models.UniqueConstraint(
                fields=["tournament", "user", "role"], name="staff_unique_role_per_tournament"
            )
        ]

    def __str__(self) -> str:
        return f"{self.user} – {self.get_role_display()} – {self.tournament}"

    @property
    def is_director(self) -> bool:
        return self.role == StaffRole.DIRECTOR


class Team(models.Model):
    """A team of a special tournament, e.g. a city in a Städtekampf (Klub 6.2.1)."""

    tournament = models.ForeignKey(
        Tournament, on_delete=models.CASCADE, related_name="teams", verbose_name=_("Tournament")
    )
    name = models.CharField(_("Team"), max_length=100)
    created_at = models.DateTimeField(auto_now_add=True, verbose_name=_("Created at"))

    class Meta:
        ordering = din5007_order("name")
        verbose_name = _("Team")
        verbose_name_plural = _("Teams")
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
        Tournament,
        on_delete=models.CASCADE,
        related_name="registrations",
        verbose_name=_("Tournament"),
    )
    player = models.ForeignKey(
        Player, on_delete=models.PROTECT, related_name="registrations", verbose_name=_("Player")
    )
    reserve = models.BooleanField(_("Reserve player"), default=False)
    team = models.ForeignKey(
        Team,
        verbose_name=_("Team"),
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="registrations",
    )
    checked_in_at = models.DateTimeField(_("Checked in"), null=True, blank=True)
    withdrawn_at = models.DateTimeField(_("Withdrawn"), null=True, blank=True)
    registered_at = models.DateTimeField(auto_now_add=True, verbose_name=_("Registered at"))
    registered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
        verbose_name=_("Registered by"),
    )
    source = models.CharField(
        _("Source"),
        max_length=10,
        choices=RegistrationSource.choices,
        default=RegistrationSource.STAFF,
    )

    objects = RegistrationQuerySet.as_manager()

    class Meta:
        ordering = din5007_name_order("player__")  # DIN 5007
        verbose_name = _("Registration")
        verbose_name_plural = _("Registrations")
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
