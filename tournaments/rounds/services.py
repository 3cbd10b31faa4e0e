"""A round from its draw to its publication: pairing, the director's overrides, release and
publication (the last round finishes the tournament); the algorithms live in domain/pairing."""

from __future__ import annotations

import secrets

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from tournaments import permissions
from tournaments.common import events
from tournaments.common.guards import tournament_write
from tournaments.domain import pairing as pairing_domain
from tournaments.domain.formats import FieldSizeError, final_table_sizes
from tournaments.domain.names import din5007_key
from tournaments.domain.text import N_, Message, Sentences, message, sentences, to_record
from tournaments.enums import RoundKind, RoundStatus, SheetStatus, TournamentStatus
from tournaments.models import (
    PairingChange,
    Player,
    Round,
    Seat,
    Table,
    TablePin,
    Tournament,
)
from tournaments.rounds import selectors as rounds_selectors
from tournaments.rounds.field import next_round_field
from tournaments.sheets.codec import absence_mismatch


def _pins(tournament: Tournament, player_ids, table_count: int) -> dict[int, int]:
    pins = dict(
        TablePin.objects.filter(tournament=tournament, player_id__in=player_ids).values_list(
            "player_id", "table_number"
        )
    )
    too_high = {pid: t for pid, t in pins.items() if t > table_count}
    if too_high:
        raise ValidationError(
            message(
                N_(
                    "A player is fixed to table %(table)s, but there are only %(count)s tables. "
                    "Please change the table fixing."
                ),
                table=max(too_high.values()),
                count=table_count,
            )
        )
    return pins


def _store(
    *, tournament: Tournament, number: int, kind: str, pairing, reserves, user, notice: str
) -> Round:
    rnd = Round.objects.create(
        tournament=tournament,
        number=number,
        kind=kind,
        seed=pairing.seed,
        method=pairing.method,
        notice=notice,
        created_by=user,
    )
    _seat(rnd, pairing, reserves)
    return rnd


def _seat(rnd: Round, pairing, reserves) -> None:
    """The round's tables and seats as the pairing has them."""
    tables = Table.objects.bulk_create([Table(round=rnd, number=t.number) for t in pairing.tables])
    by_number = {t.number: t for t in tables}
    Seat.objects.bulk_create(
        [
            Seat(
                round=rnd,
                table=by_number[t.number],
                player_id=seat.player_id,
                letter=seat.letter,
                reserve=seat.player_id in reserves,
            )
            for t in pairing.tables
            for seat in t.seats
        ]
    )


def _draw(tournament: Tournament, number: int, seed: int, is_final: bool):
    """The domain call for this round: (pairing, report or None, reserve ids, round kind)."""
    if is_final:
        finalists = rounds_selectors.finalists(tournament)
        try:
            sizes = final_table_sizes(len(finalists))
        except FieldSizeError as exc:
            raise ValidationError(_refusal(exc)) from exc
        pairing = pairing_domain.pair_final(finalists, table_sizes=sizes, seed=seed)
        return pairing, None, frozenset(), RoundKind.FINAL
    field = next_round_field(tournament)
    pins = _pins(tournament, field.player_ids, len(field.table_sizes))
    if number == 1:
        pairing = pairing_domain.draw_round_one(
            field.player_ids,
            table_sizes=field.table_sizes,
            seed=seed,
            pinned=pins,
            teams=rounds_selectors.player_teams(tournament),
        )
        return pairing, None, field.reserve_ids, RoundKind.PRELIMINARY
    order = rounds_selectors.pairing_order(tournament, field.player_ids)
    history = pairing_domain.History.from_rounds(rounds_selectors.table_history(tournament))
    pairing, report = pairing_domain.pair_next_round(
        order,
        history=history,
        table_sizes=field.table_sizes,
        seed=seed,
        pinned=pins,
        budget_iterations=settings.PAIRING_SEARCH_ITERATIONS,
        beam=settings.PAIRING_SEARCH_BEAM,
        teams=rounds_selectors.player_teams(tournament),
    )
    return pairing, report, field.reserve_ids, RoundKind.PRELIMINARY


@transaction.atomic
@tournament_write
def round_pair_next(*, tournament: Tournament, user, seed: int | None = None) -> Round:
    """Draw round 1 at random, later rounds by the standings, the final by the finalists."""
    locked = Tournament.objects.select_for_update().get(pk=tournament.pk)
    if locked.status not in (TournamentStatus.REGISTRATION, TournamentStatus.RUNNING):
        raise ValidationError(
            _("Pairing starts once registration is open, and no longer after the tournament ends.")
        )
    rounds = list(locked.rounds.order_by("number"))
    number = len(rounds) + 1
    if number > locked.total_rounds:
        raise ValidationError(_("All rounds of this tournament are already paired."))
    if rounds and rounds[-1].status != RoundStatus.PUBLISHED:
        raise ValidationError(
            _(
                "Round %(number)s is not published yet; the next round is paired by its results "
                "(Klub 7.1)."
            )
            % {"number": rounds[-1].number}
        )
    seed = seed if seed is not None else secrets.randbits(62)
    is_final = locked.has_final and number == locked.rounds_planned + 1
    try:
        pairing, report, reserves, kind = _draw(locked, number, seed, is_final)
    except pairing_domain.PairingError as exc:
        raise ValidationError(_refusal(exc)) from exc
    rnd = _store(
        tournament=locked,
        number=number,
        kind=kind,
        pairing=pairing,
        reserves=reserves,
        user=user,
        notice=to_record(report.notice() if report else None),  # repeats unavoidable
    )
    if locked.status == TournamentStatus.REGISTRATION:
        locked.status = TournamentStatus.RUNNING
        locked.save(update_fields=["status", "updated_at"])
        events.public_data_changed(locked.pk)
    return rnd


def _refusal(exc: ValueError) -> Message | str:
    """The core's message of a refused draw (FieldSizeError, PairingError), kept unrendered: a
    ValidationError shows it in the reader's language, a refused redraw stores it."""
    return exc.args[0] if exc.args and isinstance(exc.args[0], Message) else str(exc)


def _change(
    locked: Round, user, action: str, description: Message | Sentences, repeats: list[str]
) -> PairingChange:
    """The audit entry of an override, warning of repeat meetings (names sorted by DIN 5007).
    The description is stored as a record: every reader sees it in their own language."""
    if repeats:
        joined = ", ".join(sorted(set(repeats), key=din5007_key))
        warning = message(N_("Attention, repeat meeting with: %(names)s."), names=joined)
        description = sentences(description, warning)
    return PairingChange.objects.create(
        round=locked,
        user=user,
        action=action,
        description=to_record(description),
        created_repeat=bool(repeats),
    )


def _editable_round(rnd: Round) -> Round:
    locked = Round.objects.select_for_update().get(pk=rnd.pk)
    if locked.status != RoundStatus.DRAWN:
        raise ValidationError(_("The pairing is released and can no longer be changed."))
    return locked


def _require_tables(rnd: Round) -> None:
    """A round left without tables (a red card before the release, the rest not seatable,
    SPEC §7) is drawn again first: no swap, move, table fixing or release until then."""
    if not rnd.tables.exists():
        raise ValidationError(
            _("This round has no tables: please draw it again first (“Draw again”).")
        )


def _seated_round(rnd: Round) -> Round:
    """The round to change, locked: not released yet and with tables."""
    locked = _editable_round(rnd)
    _require_tables(locked)
    return locked


def _creates_repeat(rnd: Round, player_id: int, table: Table) -> list[str]:
    """Names of earlier opponents the player would meet at that table."""
    met = rounds_selectors.met_before(rnd.tournament, rnd.number, player_id)
    others = [
        s.player
        for s in table.seats.select_related("player")
        if s.player_id != player_id and s.player_id in met
    ]
    return [p.full_name for p in others]


@transaction.atomic
@tournament_write
def round_swap_players(*, rnd: Round, player_a: Player, player_b: Player, user) -> PairingChange:
    """Swap two players' seats (table and letter). Warns, but allows, a repeat meeting."""
    locked = _seated_round(rnd)
    seats = {
        s.player_id: s
        for s in Seat.objects.select_for_update()
        .select_related("table")
        .filter(round=locked, player__in=[player_a, player_b])
    }
    if len(seats) != 2 or player_a == player_b:
        raise ValidationError(_("Both players must be seated in this round and be different."))
    a, b = seats[player_a.pk], seats[player_b.pk]
    a_table, a_letter, b_table, b_letter = a.table, a.letter, b.table, b.letter
    # Re-create both seats: an in-place update would collide with the (table, letter) constraint.
    Seat.objects.filter(pk__in=[a.pk, b.pk]).delete()
    Seat.objects.bulk_create(
        [
            Seat(round=locked, table=b_table, player=player_a, letter=b_letter, reserve=a.reserve),
            Seat(round=locked, table=a_table, player=player_b, letter=a_letter, reserve=b.reserve),
        ]
    )
    warnings = []
    if a_table.pk != b_table.pk:
        warnings = _creates_repeat(locked, player_a.pk, b_table) + _creates_repeat(
            locked, player_b.pk, a_table
        )
    description = message(
        N_("Swapped: %(a)s (now table %(a_seat)s) and %(b)s (now table %(b_seat)s)."),
        a=player_a.full_name,
        a_seat=f"{b_table.number} {b_letter}",
        b=player_b.full_name,
        b_seat=f"{a_table.number} {a_letter}",
    )
    return _change(locked, user, "swap", description, warnings)


@transaction.atomic
@tournament_write
def round_move_player(
    *, rnd: Round, player: Player, table_number: int, letter: str, user
) -> PairingChange:
    """Move a player to a free seat (e.g. into a 3-player table); occupied seats need a swap."""
    locked = _seated_round(rnd)
    seat = (
        Seat.objects.select_for_update()
        .select_related("table")
        .filter(round=locked, player=player)
        .first()
    )
    if seat is None:
        raise ValidationError(_("%(name)s has no seat in this round.") % {"name": player.full_name})
    target = Table.objects.filter(round=locked, number=table_number).first()
    if target is None:
        raise ValidationError(
            _("There is no table %(table)s in this round.") % {"table": table_number}
        )
    if letter not in "ABCD" or len(letter) != 1:
        raise ValidationError(_("Position must be A, B, C or D."))
    occupant = Seat.objects.filter(table=target, letter=letter).exclude(pk=seat.pk).first()
    if occupant is not None:
        raise ValidationError(
            _("Table %(seat)s is taken (%(name)s). To swap, please use “Swap”.")
            % {"seat": f"{table_number} {letter}", "name": occupant.player.full_name}
        )
    source = seat.table
    if source.pk != target.pk and source.seats.count() - 1 < 3:
        raise ValidationError(
            _("Table %(table)s would then have fewer than three players.")
            % {"table": source.number}
        )
    warnings = _creates_repeat(locked, player.pk, target) if source.pk != target.pk else []
    seat.table = target
    seat.letter = letter
    seat.save(update_fields=["table", "letter"])
    description = message(
        N_("Moved: %(name)s from table %(source)s to table %(seat)s."),
        name=player.full_name,
        source=source.number,
        seat=f"{table_number} {letter}",
    )
    return _change(locked, user, "move", description, warnings)


@transaction.atomic
@tournament_write
def pin_set(
    *,
    tournament: Tournament,
    player: Player,
    table_number: int | None,
    reason: str,
    user,
    rnd: Round | None = None,
) -> None:
    """Fix a player to a table for all later draws (Klub 7.1), or remove the pin (None).

    Set from a round's page, the change is written to that round's audit trail; refused there
    while the round has no tables (it is drawn again first).
    """
    Tournament.objects.select_for_update().get(pk=tournament.pk)
    if rnd is not None:
        _require_tables(rnd)
    if table_number is None:
        deleted, _rows = TablePin.objects.filter(tournament=tournament, player=player).delete()
        if rnd is not None and deleted:
            unpinned = message(N_("Table fixing of %(name)s removed."), name=player.full_name)
            _change(rnd, user, "unpin", unpinned, [])
        return
    if table_number < 1:
        raise ValidationError(_("The table number must be at least 1."))
    taken = (
        TablePin.objects.filter(tournament=tournament, table_number=table_number)
        .exclude(player=player)
        .count()
    )
    if taken >= 4:
        raise ValidationError(
            _("Four players are already fixed to table %(table)s.") % {"table": table_number}
        )
    TablePin.objects.update_or_create(
        tournament=tournament,
        player=player,
        defaults={"table_number": table_number, "reason": reason, "created_by": user},
    )
    if rnd is not None:
        pinned = message(
            N_("%(name)s fixed to table %(table)s (from the next draw)."),
            name=player.full_name,
            table=table_number,
        )
        why = message(N_("Reason: %(reason)s"), reason=reason) if reason else ""
        _change(rnd, user, "pin", sentences(pinned, why), [])


REDRAW = "redraw"
"""The change-log action of a round drawn again (SPEC §7)."""


def _redraw(locked: Round) -> None:
    """Draw the unreleased round again from its field as it is now, with a new seed: the old
    tables go (nothing was played at them). Raises ValidationError when the field cannot be
    seated; the caller's savepoint then keeps the old tables."""
    tournament = Tournament.objects.select_for_update().get(pk=locked.tournament_id)
    locked.tables.all().delete()  # and their seats
    seed = secrets.randbits(62)
    try:
        pairing, report, reserves, _kind = _draw(tournament, locked.number, seed, locked.is_final)
    except pairing_domain.PairingError as exc:
        raise ValidationError(_refusal(exc)) from exc
    _seat(locked, pairing, reserves)
    locked.seed, locked.method = pairing.seed, pairing.method
    locked.notice = to_record(report.notice() if report else None)
    locked.save(update_fields=["seed", "method", "notice"])


@transaction.atomic
@tournament_write
def round_redraw(*, rnd: Round, user) -> Round:
    """The director draws a round that is not released yet again (after a red card left it
    without tables because the field did not fit, SPEC §7); refused with no change while the
    field still cannot be seated."""
    permissions.require_director(user, rnd.tournament)
    locked = _editable_round(rnd)
    _redraw(locked)
    description = message(N_("Drawn again (seed %(seed)s)."), seed=locked.seed)
    _change(locked, user, REDRAW, description, [])
    return locked


def _reason(exc: ValidationError) -> Message | Sentences | str:
    """Why a redraw was refused, as it can be stored: the draw's refusals are messages (the
    field's note, the core's PairingError, an open tie at the cut), kept unrendered so the
    change log shows them in the reader's language; a plain text (none is known) stays as it
    is, in the language it was written in."""
    parts = []
    for error in getattr(exc, "error_list", None) or [ValidationError(m) for m in exc.messages]:
        text = error.message
        if error.params and isinstance(text, str):
            text %= error.params
        parts.append(text if isinstance(text, (Message, Sentences)) else str(text))
    return parts[0] if len(parts) == 1 else sentences(*parts)


@tournament_write
def round_take_out(*, tournament: Tournament, player: Player, user) -> str | None:
    """Klub 4.5.1, SPEC §7: a red card between the draw and the release takes the player out
    of that draw at once: the round is drawn again without him. Where the rest cannot be
    seated (a reserve missing, say), the round keeps no tables until the director draws it
    again. The change log and the round page say so (stored as a record, each reader's
    language); the text is returned for the referee, in the language of the referee's
    request."""
    seat = (
        Seat.objects.filter(
            round__tournament=tournament, round__status=RoundStatus.DRAWN, player=player
        )
        .select_related("round")
        .first()
    )
    if seat is None:
        return None
    locked = _editable_round(seat.round)
    name = player.full_name
    try:
        with transaction.atomic():
            _redraw(locked)
    except ValidationError as exc:
        locked.tables.all().delete()
        locked.notice = ""
        locked.save(update_fields=["notice"])
        description = message(
            N_(
                "%(name)s is excluded (red card) and was taken out of this draw; the round "
                "could not be drawn again without them: %(reason)s Please make the field fit "
                "(e.g. check in a reserve), then draw the round again."
            ),
            name=name,
            reason=_reason(exc),
        )
    else:
        description = message(
            N_(
                "%(name)s is excluded (red card): the round was drawn again without them "
                "(seed %(seed)s)."
            ),
            name=name,
            seed=locked.seed,
        )
    return _change(locked, user, REDRAW, description, []).description_text


@transaction.atomic
@tournament_write
def round_release(*, rnd: Round, user) -> Round:
    """Make the pairing public (lists, table cards); after this, no more overrides."""
    locked = _seated_round(rnd)
    locked.status = RoundStatus.RELEASED
    locked.released_at = timezone.now()
    locked.save(update_fields=["status", "released_at"])
    _change(locked, user, "release", message(N_("Pairing released.")), [])
    events.pairing_released(locked.tournament_id, round_id=locked.pk)
    return locked


def _finish_if_complete(tournament: Tournament) -> list[int]:
    """The tournament ends when every field has published its last round: the main field and its
    juniors' field finish together (a juniors' field nobody registered for does not hold it up)."""
    fields = list(Tournament.objects.same_event(tournament).select_for_update())
    for field in fields:
        if field.pk == tournament.pk:
            continue
        published = field.rounds.filter(status=RoundStatus.PUBLISHED).count()
        if published < field.total_rounds and field.registrations.active().exists():
            return []
    ids = [f.pk for f in fields]
    Tournament.objects.filter(pk__in=ids).update(
        status=TournamentStatus.FINISHED, updated_at=timezone.now()
    )
    tournament.status = TournamentStatus.FINISHED
    return ids


@transaction.atomic
@tournament_write
def round_publish(*, rnd: Round, user) -> Round:
    """Publish when every table's sheet is confirmed; the last round finishes the tournament."""
    locked = Round.objects.select_for_update().select_related("tournament").get(pk=rnd.pk)
    tournament = locked.tournament
    permissions.require_director(user, tournament)
    if locked.status == RoundStatus.PUBLISHED:
        raise ValidationError(_("This round is already published."))
    if locked.status == RoundStatus.DRAWN:
        raise ValidationError(_("The pairing of this round is not released yet."))
    missing = list(
        locked.tables.exclude(sheet__status=SheetStatus.CONFIRMED)
        .order_by("number")
        .values_list("number", flat=True)
    )
    if missing:
        raise ValidationError(
            _("Not confirmed yet: table %(tables)s.") % {"tables": ", ".join(map(str, missing))}
        )
    # A card, withdrawal or cancellation after a sheet was entered (SPEC §7) needs a new entry.
    tables = locked.tables.select_related("sheet__confirmed", "round__tournament")
    stale = [
        message
        for table in (tables.order_by("number") if locked.absences.exists() else [])
        if (message := absence_mismatch(table, table.sheet.confirmed.games))
    ]
    if stale:
        raise ValidationError(stale)
    locked.status = RoundStatus.PUBLISHED
    locked.published_at = timezone.now()
    locked.save(update_fields=["status", "published_at"])
    finished = _finish_if_complete(tournament) if locked.number >= tournament.total_rounds else []
    for pk in {tournament.pk, *finished}:
        events.published_results_changed(pk)
    events.announce(events.round_published, tournament_id=tournament.pk, round_id=locked.pk)
    return locked
