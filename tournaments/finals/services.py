"""The director decides a tie at a cut (SPEC §1; Klub 4.2: play-off game or lot).

A decision is never edited: a newer one for the same tie supersedes it, so nothing is lost.
"""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone

from tournaments import permissions
from tournaments.common import events
from tournaments.common.guards import tournament_write
from tournaments.enums import CutKind, CutMethod, TournamentStatus
from tournaments.models import CutDecision, Tournament
from tournaments.rounds import selectors as rounds_selectors


@transaction.atomic
@tournament_write
def cut_decision_record(
    *,
    tournament: Tournament,
    kind: str,
    table_number: int | None = None,
    chosen: list[int],
    method: str,
    reason: str,
    user,
) -> CutDecision:
    """Record who advances from a tie the rule chain cannot separate; director only, while the
    tournament runs and before the final is drawn. The chosen players must be among the tied.
    A decided tie may be decided again (e.g. a lot drawn wrongly): the newer row supersedes."""
    locked = Tournament.objects.select_for_update().get(pk=tournament.pk)
    permissions.require_director(user, locked)
    if locked.status != TournamentStatus.RUNNING:
        raise ValidationError(
            "Über einen Gleichstand entscheidet die Turnierleitung, solange das Turnier läuft."
        )
    if not locked.has_final:
        raise ValidationError("Dieses Turnier hat keine Finalrunde.")
    if not rounds_selectors.preliminaries_complete(locked):
        raise ValidationError(
            "Entschieden wird, wenn alle Vorrunden veröffentlicht sind und bevor das Finale "
            "ausgelost ist."
        )
    if method not in CutMethod.values:
        raise ValidationError("Bitte angeben, wie entschieden wurde: Stechen oder Los.")
    reason = (reason or "").strip()
    if not reason:
        raise ValidationError("Bitte die Entscheidung begründen (z. B. „Los gezogen von …“).")
    field = rounds_selectors.final_field(locked)
    tie = next(
        (
            t
            for t in field.ties
            if t.kind == kind and (kind != CutKind.TABLE_WIN or t.table_number == table_number)
        ),
        None,
    )
    if tie is None:
        raise ValidationError("Hier gibt es keinen offenen Gleichstand zu entscheiden.")
    picked = list(dict.fromkeys(chosen))
    if not set(picked) <= set(tie.tied):
        raise ValidationError(
            "Weiterkommen kann nur, wer am Gleichstand beteiligt ist: " + "; ".join(tie.names) + "."
        )
    if len(picked) != tie.open_places:
        raise ValidationError(
            f"Bitte genau {tie.open_places} der Spieler im Gleichstand auswählen "
            f"({'; '.join(tie.names)})."
        )
    decision = CutDecision.objects.create(
        tournament=locked,
        kind=kind,
        table_number=tie.table_number,
        tied_player_ids=list(tie.tied),
        chosen_player_ids=[pid for pid in tie.tied if pid in set(picked)],
        method=method,
        reason=reason,
        decided_by=user,
        decided_at=timezone.now(),
    )
    events.public_data_changed(locked.pk)
    return decision
