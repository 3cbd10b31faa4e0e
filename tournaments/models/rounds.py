"""Rounds, tables and seats, pins and the audit log of pairing changes (Klub 7)."""

import uuid

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from tournaments.domain.text import render_record
from tournaments.enums import (
    CutKind,
    CutMethod,
    RoundKind,
    RoundStatus,
)
from tournaments.models.registry import Player
from tournaments.models.setup import Tournament


class TablePin(models.Model):
    """A player fixed to one table number for all rounds (Klub 7.1: e.g. a disabled player)."""

    tournament = models.ForeignKey(
        Tournament, on_delete=models.CASCADE, related_name="pins", verbose_name=_("Tournament")
    )
    player = models.ForeignKey(
        Player, on_delete=models.CASCADE, related_name="+", verbose_name=_("Player")
    )
    table_number = models.PositiveIntegerField(_("Table"))
    reason = models.CharField(_("Reason"), max_length=200, blank=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        on_delete=models.SET_NULL,
        related_name="+",
        verbose_name=_("Created by"),
    )
    created_at = models.DateTimeField(auto_now_add=True, verbose_name=_("Created at"))

    class Meta:
        verbose_name = _("Table pin")
        verbose_name_plural = _("Table pins")
        constraints = [
            models.UniqueConstraint(fields=["tournament", "player"], name="pin_unique_player"),
            models.CheckConstraint(condition=Q(table_number__gte=1), name="pin_table_positive"),
        ]

    def __str__(self) -> str:
        return _("%(player)s → table %(table)s") % {
            "player": self.player,
            "table": self.table_number,
        }


class Round(models.Model):
    tournament = models.ForeignKey(
        Tournament, on_delete=models.CASCADE, related_name="rounds", verbose_name=_("Tournament")
    )
    number = models.PositiveSmallIntegerField(_("Round"))
    kind = models.CharField(
        max_length=20,
        choices=RoundKind.choices,
        default=RoundKind.PRELIMINARY,
        verbose_name=_("Kind"),
    )
    status = models.CharField(
        max_length=20,
        choices=RoundStatus.choices,
        default=RoundStatus.DRAWN,
        verbose_name=_("Status"),
    )
    seed = models.BigIntegerField(
        help_text=_("Seed of the draw, so that it can be retraced."), verbose_name=_("Seed")
    )
    method = models.CharField(max_length=200, verbose_name=_("Method"))
    notice = models.TextField(blank=True, verbose_name=_("Notice"))
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        on_delete=models.SET_NULL,
        related_name="+",
        verbose_name=_("Created by"),
    )
    created_at = models.DateTimeField(auto_now_add=True, verbose_name=_("Created at"))
    released_at = models.DateTimeField(null=True, blank=True, verbose_name=_("Released at"))
    published_at = models.DateTimeField(null=True, blank=True, verbose_name=_("Published at"))

    class Meta:
        ordering = ["tournament", "number"]
        verbose_name = _("Round")
        verbose_name_plural = _("Rounds")
        constraints = [
            models.UniqueConstraint(fields=["tournament", "number"], name="round_unique_number"),
            models.CheckConstraint(condition=Q(number__gte=1), name="round_number_positive"),
        ]

    def __str__(self) -> str:
        return _("%(tournament)s – round %(number)s") % {
            "tournament": self.tournament,
            "number": self.number,
        }

    @property
    def is_final(self) -> bool:
        return self.kind == RoundKind.FINAL

    @property
    def is_drawn(self) -> bool:
        """Paired, not released yet: only the director sees it."""
        return self.status == RoundStatus.DRAWN

    @property
    def is_released(self) -> bool:
        """Pairing released, results not published yet (a published round is not "released")."""
        return self.status == RoundStatus.RELEASED

    @property
    def is_published(self) -> bool:
        return self.status == RoundStatus.PUBLISHED

    @property
    def notice_text(self) -> str:
        """The pairing notice in the reader's language (stored as msgid and values)."""
        return render_record(self.notice)


class Table(models.Model):
    round = models.ForeignKey(
        Round, on_delete=models.CASCADE, related_name="tables", verbose_name=_("Round")
    )
    number = models.PositiveIntegerField(_("Table"))

    class Meta:
        verbose_name = _("Table")
        verbose_name_plural = _("Tables")
        ordering = ["round", "number"]
        constraints = [
            models.UniqueConstraint(fields=["round", "number"], name="table_unique_number")
        ]

    def __str__(self) -> str:
        return _("Table %(number)s") % {"number": self.number}


class SeatQuerySet(models.QuerySet):
    def played(self) -> "SeatQuerySet":
        """Seats of published rounds: whoever has one played in the tournament, withdrawn
        later or not (Klub 4.2.3: such a player may appeal)."""
        return self.filter(round__status=RoundStatus.PUBLISHED)

    def by_table(self) -> list[dict]:
        """The seats grouped by table, tables by number and seats by letter, each with its
        player and table, in one query: ``[{"number", "table", "seats"}]``. Every page that
        shows who sits where (round lists, the referee's tables, the API) reads it so."""
        tables: dict[int, dict] = {}
        for seat in self.select_related("player", "table").order_by("table__number", "letter"):
            table = tables.setdefault(
                seat.table.number, {"number": seat.table.number, "table": seat.table, "seats": []}
            )
            table["seats"].append(seat)
        return list(tables.values())


class Seat(models.Model):
    """A player's letter at a table for the whole round (Klub 7.2)."""

    round = models.ForeignKey(
        Round, on_delete=models.CASCADE, related_name="seats", verbose_name=_("Round")
    )
    table = models.ForeignKey(
        Table, on_delete=models.CASCADE, related_name="seats", verbose_name=_("Table")
    )
    player = models.ForeignKey(
        Player, on_delete=models.PROTECT, related_name="seats", verbose_name=_("Player")
    )
    letter = models.CharField(_("Position"), max_length=1)
    reserve = models.BooleanField(_("Reserve"), default=False)

    objects = SeatQuerySet.as_manager()

    class Meta:
        verbose_name = _("Seat at a table")
        verbose_name_plural = _("Seats at the tables")
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

    uuid = models.UUIDField(default=uuid.uuid4, unique=True, editable=False, verbose_name=_("UUID"))
    round = models.ForeignKey(
        Round, on_delete=models.CASCADE, related_name="changes", verbose_name=_("Round")
    )
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        on_delete=models.SET_NULL,
        related_name="+",
        verbose_name=_("User"),
    )
    at = models.DateTimeField(auto_now_add=True, verbose_name=_("Time"))
    action = models.CharField(max_length=20, verbose_name=_("Action"))
    # stored as msgid and values (domain/text.py to_record), shown by description_text
    description = models.TextField(verbose_name=_("Description"))
    created_repeat = models.BooleanField(default=False, verbose_name=_("Created a repeat meeting"))

    class Meta:
        verbose_name = _("Pairing change")
        verbose_name_plural = _("Pairing changes")
        ordering = ["-at", "-id"]

    def __str__(self) -> str:
        return self.description_text

    @property
    def description_text(self) -> str:
        """The change in the reader's language (stored as msgid and values; a row written as
        plain text before is shown as it is)."""
        return render_record(self.description)


class CutDecisionQuerySet(models.QuerySet):
    def in_force(self, *, kind: str, table_number: int | None, tied: list[int]):
        """The newest decision for exactly this tie (same place, same tied players), or None.

        Decisions are never edited: a newer row supersedes an older one; a tie with other players
        (e.g. after a correction) is a new tie and needs its own decision.
        """
        candidates = self.filter(kind=kind, table_number=table_number).order_by(
            "-decided_at", "-pk"
        )
        wanted = sorted(tied)
        return next((d for d in candidates if sorted(d.tied_player_ids) == wanted), None)


class CutDecision(models.Model):
    """The director's decision of a tie at a cut (SPEC §1; Klub 4.2: play-off game or lot)."""

    uuid = models.UUIDField(default=uuid.uuid4, unique=True, editable=False, verbose_name=_("UUID"))
    tournament = models.ForeignKey(
        Tournament,
        on_delete=models.CASCADE,
        related_name="cut_decisions",
        verbose_name=_("Tournament"),
    )
    kind = models.CharField(_("Type"), max_length=20, choices=CutKind.choices)
    table_number = models.PositiveIntegerField(_("Table"), null=True, blank=True)
    tied_player_ids = models.JSONField(_("Tie between"))
    chosen_player_ids = models.JSONField(_("Advances"))
    method = models.CharField(_("Decided by"), max_length=20, choices=CutMethod.choices)
    reason = models.TextField(_("Reasoning"))
    decided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        on_delete=models.SET_NULL,
        related_name="+",
        verbose_name=_("Decided by"),
    )
    decided_at = models.DateTimeField(_("Decided on"))

    objects = CutDecisionQuerySet.as_manager()

    class Meta:
        ordering = ["decided_at", "pk"]
        verbose_name = _("Decision on a tie")
        verbose_name_plural = _("Decisions on ties")
        constraints = [
            models.CheckConstraint(
                condition=Q(kind=CutKind.FINAL_PLACE, table_number__isnull=True)
                | Q(kind=CutKind.TABLE_WIN, table_number__gte=1),
                name="cut_decision_table_for_table_win",
            )
        ]

    def __str__(self) -> str:
        return f"{self.get_kind_display()} – {self.tournament}"

    @property
    def is_table_win(self) -> bool:
        """A tie for a table's win (house format), not for the last final place."""
        return self.kind == CutKind.TABLE_WIN
