"""Tables of the ranking side (SPEC §8, §9). Tournaments' own tables are never changed here:
a commission decision changes the ranking only, never the published tournament result."""

from pathlib import PurePath

from django.conf import settings
from django.db import models
from django.db.models import F, Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from ranking.enums import AppealStatus, DecisionOutcome
from ranking.models.lines import CorrectionLine as CorrectionLine  # its own module: 400 lines
from ranking.models.notifications import Notification as Notification
from ranking.models.notifications import NotificationKind as NotificationKind
from ranking.models.notifications import PlayerPreferences as PlayerPreferences


class PlayerAccount(models.Model):
    """A log-in of a player, linked to the registry entry (one account per player)."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="player_account"
    )
    player = models.OneToOneField(
        "tournaments.Player", on_delete=models.PROTECT, related_name="account"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        verbose_name = _("Player account")
        verbose_name_plural = _("Player accounts")

    def __str__(self) -> str:
        return f"{self.user} → {self.player}"


class PlayerInvitation(models.Model):
    """An e-mailed link that lets a player set a password. Only the token's hash is stored."""

    player = models.ForeignKey(
        "tournaments.Player", on_delete=models.CASCADE, related_name="invitations"
    )
    email = models.EmailField(_("E-mail"))
    token_hash = models.CharField(max_length=64, unique=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(default=timezone.now)
    expires_at = models.DateTimeField()
    accepted_at = models.DateTimeField(null=True, blank=True)
    account = models.ForeignKey(
        PlayerAccount, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )

    class Meta:
        ordering = ["-created_at"]
        constraints = [
            models.CheckConstraint(
                condition=Q(accepted_at__isnull=True) | Q(account__isnull=False),
                name="invitation_accepted_has_account",
            ),
            models.CheckConstraint(
                condition=Q(expires_at__gt=F("created_at")), name="invitation_expires_later"
            ),
        ]

    def __str__(self) -> str:
        return f"Einladung {self.player} ({self.email})"


class TournamentRanking(models.Model):
    """A tournament's state for the ranking: stale contributions, appeal window, final.

    ``change_count`` rises with every change of published results; a recompute clears
    ``stale`` only if nothing changed while it ran (no lost update, no lock held while computing).
    """

    tournament = models.OneToOneField(
        "tournaments.Tournament",
        on_delete=models.CASCADE,
        primary_key=True,
        related_name="ranking_state",
    )
    stale = models.BooleanField(default=True)
    change_count = models.PositiveIntegerField(default=0)
    computed_at = models.DateTimeField(null=True, blank=True)
    appeals_closed_at = models.DateTimeField(_("Appeal period closed"), null=True, blank=True)
    final_at = models.DateTimeField(_("Final for the ranking"), null=True, blank=True)

    class Meta:
        verbose_name = _("Ranking status of a tournament")
        verbose_name_plural = _("Ranking status of the tournaments")
        constraints = [
            models.CheckConstraint(
                condition=Q(final_at__isnull=True) | Q(appeals_closed_at__isnull=False),
                name="tournament_ranking_final_after_close",
            ),
        ]

    def __str__(self) -> str:
        return f"Ranking-Status {self.tournament_id}"


class TournamentContribution(models.Model):
    """A player's sums from one tournament (derived data, rebuilt by every recompute)."""

    tournament = models.ForeignKey(
        "tournaments.Tournament", on_delete=models.CASCADE, related_name="ranking_contributions"
    )
    player = models.ForeignKey("tournaments.Player", on_delete=models.CASCADE, related_name="+")
    rounds = models.PositiveSmallIntegerField()
    games = models.PositiveSmallIntegerField()
    placement_points = models.IntegerField()
    game_points = models.IntegerField()
    first = models.PositiveSmallIntegerField()
    second = models.PositiveSmallIntegerField()
    third = models.PositiveSmallIntegerField()
    fourth = models.PositiveSmallIntegerField()
    minus_points = models.PositiveIntegerField()

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["tournament", "player"], name="contribution_unique_player"
            )
        ]

    def __str__(self) -> str:
        return f"{self.player_id} @ {self.tournament_id}"


class RankingYear(models.Model):
    """The ranking snapshot of one calendar year: when computed, by which rules, pending?"""

    year = models.PositiveSmallIntegerField(_("Ranking year"), unique=True)
    computed_at = models.DateTimeField(_("Computed on"), null=True, blank=True)
    rule_version = models.CharField(_("Rules version"), max_length=20, blank=True)
    pending = models.BooleanField(_("Recalculation pending"), default=False)
    pending_since = models.DateTimeField(null=True, blank=True)
    generation = models.PositiveIntegerField(default=0)

    class Meta:
        ordering = ["-year"]
        verbose_name = _("Ranking year")
        verbose_name_plural = _("Ranking years")
        constraints = [
            models.CheckConstraint(
                condition=Q(year__gte=1990, year__lte=2200), name="ranking_year_range"
            ),
        ]

    def __str__(self) -> str:
        return f"Ranking {self.year}"


class RankingEntry(models.Model):
    """One player's line in a year's ranking (replaced as a whole by every recompute)."""

    ranking_year = models.ForeignKey(RankingYear, on_delete=models.CASCADE, related_name="entries")
    player = models.ForeignKey(
        "tournaments.Player", on_delete=models.CASCADE, related_name="ranking_entries"
    )
    rank = models.PositiveIntegerField()
    tournaments = models.PositiveSmallIntegerField()
    rounds = models.PositiveSmallIntegerField()
    games = models.PositiveIntegerField()
    placement_points = models.IntegerField()
    game_points = models.IntegerField()
    first = models.PositiveIntegerField()
    second = models.PositiveIntegerField()
    third = models.PositiveIntegerField()
    fourth = models.PositiveIntegerField()
    minus_points = models.PositiveIntegerField()

    class Meta:
        ordering = ["ranking_year", "rank", "player_id"]
        constraints = [
            models.UniqueConstraint(
                fields=["ranking_year", "player"], name="ranking_entry_unique_player"
            ),
            models.CheckConstraint(condition=Q(rank__gte=1), name="ranking_entry_rank_positive"),
        ]

    def __str__(self) -> str:
        return f"{self.rank}. {self.player_id} ({self.ranking_year_id})"

    @property
    def placings(self) -> tuple[int, int, int, int]:
        return (self.first, self.second, self.third, self.fourth)

    @property
    def placement_points_per_game(self) -> float:
        return self.placement_points / self.games if self.games else 0.0


def appeal_upload_to(instance, filename: str) -> str:

    suffix = PurePath(filename).suffix.lower()[:6]
    return (
        f"einsprueche/{instance.tournament_id}/{instance.player_id}-{instance.filed_token}{suffix}"
    )


class Appeal(models.Model):
    """A player's appeal to the rules commission (Klub 3, 4.2.3), filed within 14 days."""

    tournament = models.ForeignKey(
        "tournaments.Tournament", on_delete=models.PROTECT, related_name="appeals"
    )
    player = models.ForeignKey(
        "tournaments.Player", on_delete=models.PROTECT, related_name="appeals"
    )
    filed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    on_behalf = models.BooleanField(_("Filed for the player"), default=False)
    filed_at = models.DateTimeField(_("Received"))
    filed_token = models.CharField(max_length=16, blank=True)
    round = models.ForeignKey(
        "tournaments.Round",
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="+",
        verbose_name=_("Round"),
    )
    table_number = models.PositiveIntegerField(_("Table"), null=True, blank=True)
    game_number = models.PositiveSmallIntegerField(_("Game"), null=True, blank=True)
    what_is_wrong = models.TextField(_("What is wrong?"))
    correction_requested = models.TextField(_("Correction requested"))
    attachment = models.FileField(
        _("Attachment (photo of the result sheet)"), upload_to=appeal_upload_to, blank=True
    )
    status = models.CharField(
        max_length=20, choices=AppealStatus.choices, default=AppealStatus.RECEIVED
    )
    review_started_at = models.DateTimeField(null=True, blank=True)
    review_started_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )

    class Meta:
        ordering = ["filed_at", "pk"]
        verbose_name = _("Appeal")
        verbose_name_plural = _("Appeals")
        indexes = [models.Index(fields=["status", "filed_at"])]
        constraints = [
            models.CheckConstraint(
                condition=Q(status__in=AppealStatus.values), name="appeal_status_valid"
            ),
            models.CheckConstraint(
                condition=Q(game_number__isnull=True) | Q(game_number__gte=1, game_number__lte=4),
                name="appeal_game_1_4",
                violation_error_message=_("A round has at most four games."),
            ),
            models.CheckConstraint(
                condition=Q(table_number__isnull=True) | Q(table_number__gte=1),
                name="appeal_table_positive",
            ),
            models.CheckConstraint(
                condition=Q(status=AppealStatus.RECEIVED) | Q(review_started_at__isnull=False),
                name="appeal_review_recorded",
            ),
            models.CheckConstraint(
                condition=~Q(what_is_wrong="") & ~Q(correction_requested=""),
                name="appeal_texts_required",
            ),
        ]

    def __str__(self) -> str:
        return _("Appeal %(number)s: %(player)s (%(tournament)s)") % {
            "number": self.pk,
            "player": self.player,
            "tournament": self.tournament,
        }


class Decision(models.Model):
    """The commission's decision on one appeal: final, recorded once, never edited (Klub 3).

    One per appeal (unique), and a database trigger refuses any UPDATE of a stored row.
    """

    appeal = models.OneToOneField(Appeal, on_delete=models.PROTECT, related_name="decision")
    outcome = models.CharField(_("Decision"), max_length=20, choices=DecisionOutcome.choices)
    reasoning = models.TextField(_("Reasoning"))
    decided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    decided_at = models.DateTimeField()

    class Meta:
        ordering = ["decided_at", "pk"]
        verbose_name = _("Decision of the rules commission")
        verbose_name_plural = _("Decisions of the rules commission")
        constraints = [
            models.CheckConstraint(
                condition=Q(outcome__in=DecisionOutcome.values), name="decision_outcome_valid"
            ),
            models.CheckConstraint(
                condition=~Q(reasoning=""),
                name="decision_reasoning_required",
                violation_error_message=_("A decision needs a reasoning."),
            ),
        ]

    def __str__(self) -> str:
        return _("Decision on appeal %(number)s: %(outcome)s") % {
            "number": self.appeal_id,
            "outcome": self.get_outcome_display(),
        }


class ResultCorrectionQuerySet(models.QuerySet):
    def newest_first(self) -> "ResultCorrectionQuerySet":
        """Newest decision first: per table, the first row is the correction in force.

        A later decision on the same table supersedes an earlier one (Klub 3: each decision is
        final in itself, so the commission corrects a correction by deciding again).
        """
        return self.order_by("-decision__decided_at", "-pk")


class ResultCorrection(models.Model):
    """Corrected games of one table from an upheld decision: they replace the published games
    for the ranking only. Never updated (trigger); a later decision adds a newer row."""

    decision = models.ForeignKey(Decision, on_delete=models.PROTECT, related_name="corrections")
    round = models.ForeignKey("tournaments.Round", on_delete=models.PROTECT, related_name="+")
    table_number = models.PositiveIntegerField()
    games = models.JSONField()
    created_at = models.DateTimeField(auto_now_add=True)

    objects = ResultCorrectionQuerySet.as_manager()

    class Meta:
        ordering = ["created_at", "pk"]
        constraints = [
            models.UniqueConstraint(
                fields=["decision", "round", "table_number"], name="correction_unique_table"
            ),
            models.CheckConstraint(
                condition=Q(table_number__gte=1), name="correction_table_positive"
            ),
        ]

    def __str__(self) -> str:
        return _("Correction table %(table)s (%(round)s)") % {
            "table": self.table_number,
            "round": self.round_id,
        }


class RankingStrikeQuerySet(models.QuerySet):
    def newest_first(self) -> "RankingStrikeQuerySet":
        return self.order_by("-decided_at", "-pk")


class RankingStrike(models.Model):
    """The commission's own decision, without an appeal (Klub 3.1.1, SPEC §8): a tournament
    does not count for the ranking, or counts again. Final: a newer row supersedes, a database
    trigger refuses any UPDATE."""

    tournament = models.ForeignKey(
        "tournaments.Tournament",
        on_delete=models.PROTECT,
        related_name="+",
        verbose_name=_("Tournament"),
    )
    struck = models.BooleanField(_("Struck"))
    reasoning = models.TextField(_("Reasoning"))
    decided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        on_delete=models.SET_NULL,
        related_name="+",
        verbose_name=_("Decided by"),
    )
    decided_at = models.DateTimeField(verbose_name=_("Decided at"))

    objects = RankingStrikeQuerySet.as_manager()

    class Meta:
        ordering = ["decided_at", "pk"]
        verbose_name = _("Strike by the rules commission")
        verbose_name_plural = _("Strikes by the rules commission")
        constraints = [
            models.CheckConstraint(
                condition=~Q(reasoning=""),
                name="ranking_strike_reasoning_required",
                violation_error_message=_("A decision needs a reasoning."),
            ),
        ]

    def __str__(self) -> str:
        state = _("struck") if self.struck else _("counts again")
        return f"{self.tournament_id}: {state}"
