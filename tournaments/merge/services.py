"""Merging two registry entries of one person (issue 16): everything moves to the kept entry,
the other is deleted and its id redirects. One transaction, both players locked.

The ranking's own rows (account, appeals, correction lines) move through the
``events.players_merged`` signal (``tournaments`` never imports ``ranking``); the ranking of every
affected year is recomputed through ``events.published_results_changed``.
"""

from __future__ import annotations

from datetime import datetime

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from tournaments import permissions
from tournaments.common import events
from tournaments.common.guards import tournament_write
from tournaments.enums import ErasureStatus, RoundStatus
from tournaments.models import (
    Absence,
    CutDecision,
    ErasureRequest,
    Player,
    PlayerMerge,
    PlayerWarning,
    Registration,
    Round,
    ScoredLine,
    ScoredRound,
    Seat,
    SignupRequest,
    TablePin,
    Tournament,
    VenueRegistryConflict,
)

#: Every table of ``tournaments`` that names a player, with the key its count has in the log.
MOVED_MODELS = (
    ("registrations", Registration),
    ("seats", Seat),
    ("scored_rounds", ScoredRound),
    ("scored_lines", ScoredLine),
    ("warnings", PlayerWarning),
    ("absences", Absence),
    ("pins", TablePin),
    ("signup_requests", SignupRequest),
    ("erasure_requests", ErasureRequest),
    ("venue_conflicts", VenueRegistryConflict),  # issue 18: the trail stays with the person
)
#: Profile fields the kept entry takes from the removed one where its own is empty.
FILLED_FIELDS = ("club", "city", "birth_year", "email")


def _tournaments_of(player_id: int, model) -> set[int]:
    return set(model.objects.filter(player_id=player_id).values_list("tournament_id", flat=True))


def _tournaments_named(player: Player) -> set[int]:
    """Tournaments the entry is part of: registered, asked online, warned, pinned."""
    found: set[int] = set()
    for model in (Registration, SignupRequest, PlayerWarning, TablePin):
        found |= _tournaments_of(player.pk, model)
    return found


def _tournaments_merged(arguments: dict) -> set[int]:
    """The venue guard (issue 18): a merge rewrites the rows of both entries' tournaments."""
    return _tournaments_named(arguments["kept"]) | _tournaments_named(arguments["removed"])


def _refuse_overlap(kept: Player, removed: Player) -> None:
    """Two entries in one round or one tournament are two people: refuse (impossible data)."""
    same_round = (
        Seat.objects.filter(player=kept, round__seats__player=removed)
        .select_related("round__tournament")
        .order_by("round__tournament__start_date", "round__tournament_id", "round__number")
        .first()
    )
    if same_round is not None:
        raise ValidationError(
            _(
                "Both entries sat in the same round (“%(tournament)s”, round %(number)s): these "
                "are two different people."
            )
            % {
                "tournament": same_round.round.tournament.name,
                "number": same_round.round.number,
            }
        )
    shared = _tournaments_named(kept) & _tournaments_named(removed)
    if shared:
        name = (
            Tournament.objects.filter(pk__in=shared)
            .order_by("start_date", "pk")
            .values_list("name", flat=True)
            .first()
        )
        raise ValidationError(
            _(
                "Both entries are registered in the same tournament (“%(tournament)s”): they "
                "cannot be merged like this."
            )
            % {"tournament": name}
        )
    if ErasureRequest.objects.filter(
        player__in=[kept, removed], status=ErasureStatus.OPEN
    ).exists():
        raise ValidationError(
            _("There is an erasure request for one of the two entries: please settle it first.")
        )


def _move_cut_decisions(kept_id: int, removed_id: int, tournament_ids: set[int]) -> int:
    """Ties at a cut name players by id (JSON): the removed id becomes the kept one."""
    changed = 0
    for decision in CutDecision.objects.filter(tournament_id__in=tournament_ids):
        tied = [kept_id if pid == removed_id else pid for pid in decision.tied_player_ids]
        chosen = [kept_id if pid == removed_id else pid for pid in decision.chosen_player_ids]
        if tied != decision.tied_player_ids or chosen != decision.chosen_player_ids:
            CutDecision.objects.filter(pk=decision.pk).update(
                tied_player_ids=tied, chosen_player_ids=chosen
            )
            changed += 1
    return changed


@tournament_write(
    via=_tournaments_merged,
    after_end="the registry: two entries of one person merge, finished tournaments included "
    "(their results stay, under the kept entry)",
)
def player_merge(
    *, kept: Player, removed: Player, user, reason: str, now: datetime | None = None
) -> PlayerMerge:
    """Make ``removed`` part of ``kept``; refused if both were in one tournament or both have
    an account (the ranking's receiver says so)."""
    permissions.require(
        permissions.is_federation_admin(user), _("Only the federation merges players.")
    )
    reason = (reason or "").strip()
    if not reason:
        raise ValidationError(_("Please give a reason."))
    if kept.pk == removed.pk:
        raise ValidationError(_("An entry cannot be merged with itself."))
    now = now or timezone.now()
    with transaction.atomic():
        locked = {
            p.pk: p
            for p in Player.objects.select_for_update()
            .filter(pk__in=[kept.pk, removed.pk])
            .order_by("pk")  # one lock order: two merges of one pair wait, never deadlock
        }
        if len(locked) != 2:
            raise ValidationError(_("One of the two entries no longer exists."))
        kept, removed = locked[kept.pk], locked[removed.pk]
        if kept.erased_at or removed.erased_at:
            raise ValidationError(_("Erased (anonymised) entries are not merged."))
        _refuse_overlap(kept, removed)
        tournament_ids: set[int] = set()
        for model in (Registration, SignupRequest, PlayerWarning, ScoredRound):
            tournament_ids |= _tournaments_of(removed.pk, model) | _tournaments_of(kept.pk, model)
        tournament_ids |= set(
            Seat.objects.filter(player__in=[kept, removed]).values_list(
                "round__tournament_id", flat=True
            )
        )
        moved = {
            key: model.objects.filter(player=removed).update(player=kept)
            for key, model in MOVED_MODELS
        }
        moved["cut_decisions"] = _move_cut_decisions(kept.pk, removed.pk, tournament_ids)
        moved["earlier_merges"] = PlayerMerge.objects.filter(kept=removed).update(kept=kept)
        events.players_merged.send(sender=None, kept_id=kept.pk, removed_id=removed.pk, moved=moved)
        merge = PlayerMerge.objects.create(
            kept=kept,
            removed_player_id=removed.pk,
            kept_name=str(kept),
            removed_name=str(removed),
            reason=reason,
            moved=moved,
            merged_by=user,
            merged_at=now,
        )
        number = removed.federation_number
        removed.delete()  # nothing names it any more (PROTECT would refuse otherwise)
        for field in FILLED_FIELDS:
            if getattr(kept, field) in ("", None):
                setattr(kept, field, getattr(removed, field))
        if kept.is_guest and number:  # a guest merged into a member's entry becomes the member
            kept.federation_number, kept.is_guest = number, False
        kept.save()
        published = set(
            Round.objects.filter(
                tournament_id__in=tournament_ids, status=RoundStatus.PUBLISHED
            ).values_list("tournament_id", flat=True)
        )
        for tournament_id in sorted(tournament_ids):
            if tournament_id in published:  # whose results these are changed: the ranking too
                events.published_results_changed(tournament_id)
            else:
                events.public_data_changed(tournament_id)
    return merge
