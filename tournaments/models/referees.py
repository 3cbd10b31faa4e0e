"""Warnings, cards and rulings (Klub 4)."""

import uuid

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from tournaments.enums import (
    AbsenceReason,
    RulingStatus,
    WarningGround,
    WarningKind,
)
from tournaments.models.registry import Player
from tournaments.models.rounds import Round, Table
from tournaments.models.setup import Registration, Tournament

RED_CARD_IN_FORCE = Q(kind=WarningKind.RED, withdrawn_at__isnull=True)
"""A red card that was not withdrawn: the player is excluded (Klub 4.5, SPEC §7)."""


class PlayerWarningQuerySet(models.QuerySet):
    def red_cards_in_force(self) -> "PlayerWarningQuerySet":
        """Red cards not withdrawn: their players are out of later rounds, standings, ranking."""
        return self.filter(RED_CARD_IN_FORCE)


class PlayerWarning(models.Model):
    """A referee's warning or card (Klub 4). Never edited or deleted: a mistake is withdrawn
    once, with who, when and why, and the history keeps both. An active red card excludes the
    player from the rounds drawn after it (SPEC §7)."""

    uuid = models.UUIDField(default=uuid.uuid4, unique=True, editable=False)
    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="warnings")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="warnings")
    round = models.ForeignKey(
        Round, null=True, blank=True, on_delete=models.PROTECT, related_name="warnings"
    )
    game_number = models.PositiveSmallIntegerField(_("Game"), null=True, blank=True)
    table_number = models.PositiveIntegerField(_("Table"), null=True, blank=True)
    kind = models.CharField(_("Type"), max_length=20, choices=WarningKind.choices)
    ground = models.CharField(_("Reason"), max_length=20, choices=WarningGround.choices)
    ground_text = models.CharField(_("Reason (free text)"), max_length=300, blank=True)
    note = models.TextField(_("Note"), blank=True)
    given_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    given_at = models.DateTimeField(auto_now_add=True)
    withdrawn_at = models.DateTimeField(null=True, blank=True)
    withdrawn_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    withdrawal_reason = models.TextField(_("Reason for the withdrawal"), blank=True)

    objects = PlayerWarningQuerySet.as_manager()

    class Meta:
        ordering = ["tournament", "given_at", "pk"]
        indexes = [models.Index(fields=["tournament", "player"])]
        constraints = [
            models.CheckConstraint(
                condition=Q(withdrawn_at__isnull=True, withdrawal_reason="")
                | (Q(withdrawn_at__isnull=False) & ~Q(withdrawal_reason="")),
                name="warning_withdrawal_has_reason",
                violation_error_message=_("A withdrawal needs a reason."),
            ),
            models.CheckConstraint(
                condition=~Q(ground="free_text") | ~Q(ground_text=""),
                name="warning_free_text_ground",
                violation_error_message=_("Please give the reason as free text."),
            ),
            models.CheckConstraint(
                condition=Q(game_number__isnull=True) | Q(game_number__gte=1),
                name="warning_game_positive",
                violation_error_message=_("The game number starts at 1."),
            ),
            # Two referees carding the same player at once: the second save is a conflict.
            models.UniqueConstraint(
                fields=["tournament", "player"],
                condition=RED_CARD_IN_FORCE,
                name="warning_one_active_red_card",
                violation_error_message=_("The player already has a red card."),
            ),
        ]

    def __str__(self) -> str:
        return f"{self.get_kind_display()}: {self.player} ({self.tournament})"

    @property
    def active(self) -> bool:
        return self.withdrawn_at is None

    @property
    def is_red(self) -> bool:
        return self.kind == WarningKind.RED

    @property
    def is_yellow(self) -> bool:
        return self.kind == WarningKind.YELLOW

    @property
    def ground_label(self) -> str:
        """The ground as shown: the referee's own words for "free text", else its label."""
        if self.ground == WarningGround.FREE_TEXT:
            return self.ground_text
        return self.get_ground_display()


class Ruling(models.Model):
    """A referee's call at a table (Klub 4.2). If more than two players object, the head
    referee decides finally; that ruling is a new row pointing at the escalated one."""

    uuid = models.UUIDField(default=uuid.uuid4, unique=True, editable=False)
    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="rulings")
    round = models.ForeignKey(
        Round, null=True, blank=True, on_delete=models.PROTECT, related_name="rulings"
    )
    table_number = models.PositiveIntegerField(_("Table"), null=True, blank=True)
    game_number = models.PositiveSmallIntegerField(_("Game"), null=True, blank=True)
    question = models.TextField(_("Question / facts"))
    decision = models.TextField(_("Decision"))
    rule_cited = models.CharField(_("Rule"), max_length=100, blank=True)
    objections = models.PositiveSmallIntegerField(_("Objecting players"), default=0)
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
                    "A final decision always belongs to a decision handed over."
                ),
            ),
            models.CheckConstraint(
                condition=~Q(status="escalated") | Q(objections__gte=3),
                name="ruling_escalated_needs_three_objections",
                violation_error_message=_(
                    "It is handed over only when more than two players object (Klub 4.2.2)."
                ),
            ),
        ]

    def __str__(self) -> str:
        return _("Decision %(pk)s (%(tournament)s)") % {
            "pk": self.pk,
            "tournament": self.tournament,
        }

    @property
    def is_escalated(self) -> bool:
        """Handed over to the head referee (more than two players objected, Klub 4.2.2)."""
        return self.status == RulingStatus.ESCALATED


class AbsenceQuerySet(models.QuerySet):
    def in_force(self) -> "AbsenceQuerySet":
        """Absences not cancelled (a withdrawn red card or a reinstated player cancels)."""
        return self.filter(cancelled_at__isnull=True)


class Absence(models.Model):
    """A player who stops in the middle of a released round (SPEC §7, Klub 4.5.1, 4.2): from
    ``from_game`` on the player's games of this round are not played; the others finish them as
    a game of three. Never deleted: a cancellation keeps who and when."""

    uuid = models.UUIDField(default=uuid.uuid4, unique=True, editable=False, verbose_name=_("UUID"))
    round = models.ForeignKey(
        Round, on_delete=models.CASCADE, related_name="absences", verbose_name=_("Round")
    )
    player = models.ForeignKey(
        Player, on_delete=models.PROTECT, related_name="+", verbose_name=_("Player")
    )
    from_game = models.PositiveSmallIntegerField(_("from game"))
    reason = models.CharField(_("Reason"), max_length=20, choices=AbsenceReason.choices)
    warning = models.ForeignKey(
        PlayerWarning,
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="absences",
        verbose_name=_("Warning"),
    )
    registration = models.ForeignKey(
        Registration,
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="absences",
        verbose_name=_("Registration"),
    )
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        on_delete=models.SET_NULL,
        related_name="+",
        verbose_name=_("Created by"),
    )
    created_at = models.DateTimeField(auto_now_add=True, verbose_name=_("Created at"))
    cancelled_at = models.DateTimeField(null=True, blank=True, verbose_name=_("Cancelled at"))
    cancelled_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
        verbose_name=_("Cancelled by"),
    )

    objects = AbsenceQuerySet.as_manager()

    class Meta:
        verbose_name = _("Absence")
        verbose_name_plural = _("Absences")
        ordering = ["round", "from_game", "pk"]
        constraints = [
            models.UniqueConstraint(
                fields=["round", "player"],
                condition=Q(cancelled_at__isnull=True),
                name="absence_one_in_force_per_round",
                violation_error_message=_("The player is already absent in this round."),
            ),
            models.CheckConstraint(
                condition=Q(from_game__gte=1), name="absence_from_game_positive"
            ),
        ]

    def __str__(self) -> str:
        return _("%(player)s missing from game %(game)s (%(round)s)") % {
            "player": self.player,
            "game": self.from_game,
            "round": self.round,
        }

    @property
    def label(self) -> str:
        """As the desk shows it: "Rote Karte ab Spiel 3"."""
        return _("%(reason)s from game %(game)s") % {
            "reason": self.get_reason_display(),
            "game": self.from_game,
        }


class RefereeCall(models.Model):
    """A call for a referee from a table's phone page (issue #15.6, Klub 4.1). Recorded once;
    taking and closing it are set once each, with who and when, and never changed again."""

    uuid = models.UUIDField(default=uuid.uuid4, unique=True, editable=False)
    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="calls")
    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="calls")
    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="calls")
    reason = models.CharField(_("Cause"), max_length=300, blank=True)
    device = models.CharField(max_length=200, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    taken_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    taken_at = models.DateTimeField(null=True, blank=True)
    closed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    closed_at = models.DateTimeField(null=True, blank=True)
    outcome = models.TextField(_("Result"), blank=True)
    warning = models.ForeignKey(
        PlayerWarning, null=True, blank=True, on_delete=models.PROTECT, related_name="calls"
    )
    ruling = models.ForeignKey(
        "Ruling", null=True, blank=True, on_delete=models.PROTECT, related_name="calls"
    )

    class Meta:
        ordering = ["created_at"]

    def __str__(self) -> str:
        return _("Call %(table)s (%(round)s)") % {"table": self.table, "round": self.round}
