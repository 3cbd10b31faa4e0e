"""Result sheets and their immutable versions (Klub 10.2-10.4)."""

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from tournaments.enums import (
    SheetAction,
    SheetStatus,
    SignoffVerdict,
)
from tournaments.models.rounds import Round, Table
from tournaments.models.scores import GameScoreColumns, ScoreSumColumns


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
        return _("Result sheet %(table)s") % {"table": self.table}

    @property
    def is_entered(self) -> bool:
        """Entered, waiting for a second person's check (Klub 10.2)."""
        return self.status == SheetStatus.ENTERED

    @property
    def needs_clarification(self) -> bool:
        return self.status == SheetStatus.NEEDS_CLARIFICATION

    @property
    def is_confirmed(self) -> bool:
        """Checked by a second person (the status; `confirmed` is the version that counts)."""
        return self.status == SheetStatus.CONFIRMED


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
    filled_in_by = models.CharField(
        _("Filled in by (seat)"),
        max_length=1,
        blank=True,
        help_text=_("Klub 10.2: the players agree on who fills in the sheet."),
    )
    signed_by_all = models.BooleanField(
        _("Signed by all players"),
        null=True,
        help_text=_("Klub 10.4: the signatures confirm that the game was conducted properly."),
    )
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    device = models.CharField(
        max_length=200,
        blank=True,
        help_text="Entered at the table: the phone it came from (device id, browser).",
    )
    submission_key = models.UUIDField(
        null=True,
        blank=True,
        help_text="A re-sent form with the same key writes no second version (idempotent).",
    )

    class Meta:
        ordering = ["sheet", "number"]
        constraints = [
            models.UniqueConstraint(fields=["sheet", "number"], name="sheet_version_unique"),
            models.UniqueConstraint(
                fields=["sheet", "submission_key"], name="sheet_version_submission_once"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.sheet} v{self.number}"


class SheetSignoff(models.Model):
    """A table-mate's confirmation or dispute of the figures entered at the table (issue #15,
    Klub 10.4: the signatures confirm the round was played properly). One answer per seat and
    version, never edited: new figures are a new version, to be signed anew."""

    version = models.ForeignKey(SheetVersion, on_delete=models.CASCADE, related_name="signoffs")
    letter = models.CharField(max_length=1)
    verdict = models.CharField(max_length=20, choices=SignoffVerdict.choices)
    note = models.TextField(blank=True)
    device = models.CharField(max_length=200, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["version", "letter"]
        constraints = [
            models.UniqueConstraint(fields=["version", "letter"], name="sheet_signoff_once"),
        ]

    def __str__(self) -> str:
        return f"{self.version} {self.letter}: {self.verdict}"

    @property
    def is_confirmed(self) -> bool:
        """The player confirmed the figures (else disputed them)."""
        return self.verdict == SignoffVerdict.CONFIRMED


UNINDEXED = {"db_index": False, "db_constraint": False}
"""A reference that is neither indexed nor checked by the database: derived rows that are
deleted with their table (CASCADE there), never looked up by it."""


class ScoredLine(GameScoreColumns):
    """One player's game as scored from the sheet's valid version (SPEC §4, Klub 10.1).

    Written in the transaction that makes a version valid (confirmed, corrected, interpreted),
    replacing the sheet's earlier lines; every reader of results (standings, round results,
    player pages, API, ranking) reads these rows and never scores a sheet again. Tournament,
    round number and player are copied from the table for reads without joins.
    """

    # Few indexes: a year has half a million lines. The unique constraint serves the table, the
    # (tournament, round number) index the tournament; version and round are never searched by
    # and go with their table.
    table = models.ForeignKey(
        Table, on_delete=models.CASCADE, related_name="scored_lines", db_index=False
    )
    version = models.ForeignKey(
        SheetVersion, on_delete=models.DO_NOTHING, related_name="+", **UNINDEXED
    )
    tournament = models.ForeignKey(
        "tournaments.Tournament", on_delete=models.CASCADE, related_name="+", db_index=False
    )
    round = models.ForeignKey(Round, on_delete=models.DO_NOTHING, related_name="+", **UNINDEXED)
    round_number = models.PositiveSmallIntegerField()
    table_number = models.PositiveIntegerField()
    player = models.ForeignKey("tournaments.Player", on_delete=models.PROTECT, related_name="+")

    class Meta:
        # No default ordering: readers fetch many rows and group them in Python.
        indexes = [
            models.Index(fields=["tournament", "round_number"], name="scored_line_tournament"),
        ]
        constraints = [
            models.UniqueConstraint(
                fields=["table", "game_number", "letter"], name="scored_line_unique_seat_game"
            ),
            models.CheckConstraint(
                condition=Q(place__gte=1, place__lte=4), name="scored_line_place_1_4"
            ),
        ]

    def __str__(self) -> str:
        return _("%(table)s game %(game)s %(letter)s: %(points)s") % {
            "table": self.table,
            "game": self.game_number,
            "letter": self.letter,
            "points": self.game_points,
        }


class ScoredRound(ScoreSumColumns):
    """A player's sums of one round (Klub 10.1: placement points, game points, placings, minus
    points, games), stored with the round's ScoredLine rows from the same valid version, so the
    standings and the ranking add a few rounds per player instead of every game."""

    table = models.ForeignKey(
        Table, on_delete=models.CASCADE, related_name="scored_rounds", db_index=False
    )
    version = models.ForeignKey(
        SheetVersion, on_delete=models.DO_NOTHING, related_name="+", **UNINDEXED
    )
    tournament = models.ForeignKey(
        "tournaments.Tournament", on_delete=models.CASCADE, related_name="+", db_index=False
    )
    round = models.ForeignKey(Round, on_delete=models.DO_NOTHING, related_name="+", **UNINDEXED)
    round_number = models.PositiveSmallIntegerField()
    player = models.ForeignKey("tournaments.Player", on_delete=models.PROTECT, related_name="+")
    reserve = models.BooleanField()

    class Meta:
        indexes = [
            models.Index(fields=["tournament", "round_number"], name="scored_round_tournament"),
        ]
        constraints = [
            models.UniqueConstraint(fields=["table", "player"], name="scored_round_unique_player"),
            models.CheckConstraint(condition=Q(games__gte=1), name="scored_round_games_positive"),
        ]

    def __str__(self) -> str:
        return f"{self.table} {self.player_id}: {self.placement_points} / {self.game_points}"
