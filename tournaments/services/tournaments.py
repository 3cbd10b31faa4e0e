"""Tournament set-up, registration, check-in and status changes."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime, timedelta

from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.utils import timezone

from tournaments import events
from tournaments.domain.formats import FieldSizeError, reserves_needed, three_table_plan
from tournaments.enums import Category, RuleSetCode, StaffRole, TablePolicy, TournamentStatus
from tournaments.models import Player, Registration, Tournament, TournamentStaff

ANNOUNCE_DAYS_SPECIAL = 14  # Klub 6.2.1

# Klub 6.3 presets: preliminary rounds per category; None = free (special tournaments).
PRESET_ROUNDS: dict[str, int | None] = {
    Category.BEGINNERS: 2,
    Category.CITY: 3,
    Category.NATIONAL: 4,
    Category.SPECIAL: None,
}


def tournament_format_errors(
    *,
    category: str,
    rounds_planned: int,
    games_per_round: int,
    has_final: bool,
    finalists_count: int,
    table_policy: str,
    max_players: int | None,
    start_date: date,
    end_date: date,
    ranking_year: int,
    rule_set: str,
) -> dict[str, str]:
    """Field → German message for every format rule the settings break (Klub 6.2, 6.3, 6.2.1)."""
    errors: dict[str, str] = {}
    special = category == Category.SPECIAL
    preset = PRESET_ROUNDS.get(category)
    if category not in PRESET_ROUNDS:
        errors["category"] = "Unbekannte Kategorie."
        return errors
    if preset is not None and rounds_planned != preset:
        article = "Ein" if category == Category.BEGINNERS else "Eine"  # das Turnier, die …schaft
        errors["rounds_planned"] = (
            f"{article} {Category(category).label} hat {preset} Vorrunden (Klub 6.3)."
        )
    if not 1 <= rounds_planned <= 4:
        errors["rounds_planned"] = "Ein Turnier hat 1 bis 4 Vorrunden."
    elif not special and rounds_planned < 2:
        errors["rounds_planned"] = "Klub-Turniere haben 2 bis 4 Runden (Klub 6.2)."
    if games_per_round != 4 and not special:
        errors["games_per_round"] = (
            "Jede Runde hat vier Spiele; 2 oder 3 Spiele nur bei Sonderturnieren (Klub 6.2.1)."
        )
    elif not 2 <= games_per_round <= 4:
        errors["games_per_round"] = "Eine Runde hat 2 bis 4 Spiele."
    if has_final and category not in (Category.BEGINNERS, Category.SPECIAL):
        errors["has_final"] = (
            "Eine Finalrunde ist nur beim Einsteiger-Turnier oder bei Sonderturnieren vorgesehen "
            "(Klub 6.3)."
        )
    if has_final and finalists_count < 3:
        errors["finalists_count"] = "Eine Finalrunde braucht mindestens drei Finalisten."
    if table_policy == TablePolicy.THREE_PLAYER and not special:
        errors["table_policy"] = "Dreiertische gibt es nur bei Sonderturnieren (Klub 6.2.1)."
    if max_players is not None and max_players < 3:
        errors["max_players"] = "Mindestens drei Spieler."
    if end_date < start_date:
        errors["end_date"] = "Das Ende liegt vor dem Beginn."
    if ranking_year != start_date.year:
        errors["ranking_year"] = (
            "Das Ranking-Jahr ist das Kalenderjahr des Turnierbeginns (Klub 2.4)."
        )
    expected_rules = RuleSetCode.RULES_2014 if ranking_year >= 2014 else RuleSetCode.PRE_2014
    if rule_set != expected_rules and category != Category.SPECIAL:
        errors["rule_set"] = (
            "Ein Turnier wird nach dem Regelwerk seines Ranking-Jahres gewertet; nur "
            "Sonderturniere (z. B. das Hausformat) dürfen abweichen."
        )
    return errors


def _raise_if(errors: dict[str, str]) -> None:
    if errors:
        raise ValidationError(errors)


@transaction.atomic
def tournament_create(*, user, **fields) -> Tournament:
    """The creator becomes the tournament's director."""
    tournament = Tournament(created_by=user, **fields)
    _raise_if(tournament_format_errors(**_format_fields(tournament)))
    tournament.full_clean()
    tournament.save()
    TournamentStaff.objects.create(tournament=tournament, user=user, role=StaffRole.DIRECTOR)
    return tournament


def _format_fields(t: Tournament) -> dict:
    return {
        "category": t.category,
        "rounds_planned": t.rounds_planned,
        "games_per_round": t.games_per_round,
        "has_final": t.has_final,
        "finalists_count": t.finalists_count,
        "table_policy": t.table_policy,
        "max_players": t.max_players,
        "start_date": t.start_date,
        "end_date": t.end_date,
        "ranking_year": t.ranking_year,
        "rule_set": t.rule_set,
    }


@transaction.atomic
def tournament_update(*, tournament: Tournament, **fields) -> Tournament:
    locked = Tournament.objects.select_for_update().get(pk=tournament.pk)
    if locked.rounds.exists():
        format_keys = {"category", "rounds_planned", "games_per_round", "table_policy", "rule_set"}
        changed = {k for k in format_keys & fields.keys() if getattr(locked, k) != fields[k]}
        if changed:
            raise ValidationError(
                "Das Format kann nach der Auslosung der ersten Runde nicht mehr geändert werden."
            )
        ranking_keys = {"ranking_year", "counts_for_ranking"}
        if any(getattr(locked, k) != fields[k] for k in ranking_keys & fields.keys()):
            raise ValidationError(
                "Ranking-Jahr und Ranking-Wertung stehen nach der Auslosung der ersten Runde fest; "
                "ein Turnier aus dem Ranking nehmen kann nur die Regelkommission (Klub 3.1.1)."
            )
    for key, value in fields.items():
        setattr(locked, key, value)
    _raise_if(tournament_format_errors(**_format_fields(locked)))
    locked.full_clean()
    locked.save()
    events.public_data_changed(locked.pk)
    return locked


def registration_deadline(tournament: Tournament) -> date | None:
    """Last day a special tournament may be announced/opened (Klub 6.2.1), else None."""
    if tournament.category != Category.SPECIAL:
        return None
    return tournament.start_date - timedelta(days=ANNOUNCE_DAYS_SPECIAL)


@transaction.atomic
def tournament_open_registration(*, tournament: Tournament, now: datetime | None = None) -> None:
    locked = Tournament.objects.select_for_update().get(pk=tournament.pk)
    if locked.status != TournamentStatus.DRAFT:
        raise ValidationError("Die Anmeldung kann nur aus dem Entwurf heraus geöffnet werden.")
    today = timezone.localdate(now or timezone.now())
    deadline = registration_deadline(locked)
    if deadline is not None and today > deadline:
        raise ValidationError(
            f"Sonderturniere müssen mindestens 14 Tage vor Beginn bekannt gegeben werden "
            f"(Klub 6.2.1). Letzter möglicher Tag für dieses Turnier war der "
            f"{deadline:%d.%m.%Y}."
        )
    locked.status = TournamentStatus.REGISTRATION
    locked.registration_opened_at = now or timezone.now()
    locked.save(update_fields=["status", "registration_opened_at", "updated_at"])
    events.public_data_changed(locked.pk)
    tournament.status = locked.status


def _lock_for_registration(tournament: Tournament) -> Tournament:
    locked = Tournament.objects.select_for_update().get(pk=tournament.pk)
    if locked.status == TournamentStatus.FINISHED:
        raise ValidationError("Das Turnier ist beendet.")
    return locked


def _check_capacity(locked: Tournament, *, exclude_pk: int | None = None) -> None:
    """The field cap counts active, non-reserve registrations; reserves may always be added."""
    if not locked.max_players:
        return
    active = locked.registrations.filter(withdrawn_at__isnull=True, reserve=False)
    if exclude_pk is not None:
        active = active.exclude(pk=exclude_pk)
    if active.count() >= locked.max_players:
        raise ValidationError(
            f"Das Teilnehmerfeld ist mit {locked.max_players} Spielern voll. "
            "Melden Sie den Spieler als Ersatzspieler an."
        )


@transaction.atomic
def registration_add(
    *, tournament: Tournament, player: Player, reserve: bool, user
) -> Registration:
    locked = _lock_for_registration(tournament)
    events.public_data_changed(locked.pk)  # player count and standings list
    if locked.rounds.exists() and not reserve:
        raise ValidationError(
            "Nach der Auslosung der ersten Runde können nur noch Ersatzspieler gemeldet werden."
        )
    existing = Registration.objects.filter(tournament=locked, player=player).first()
    if existing is not None and existing.withdrawn_at is None:
        raise ValidationError(f"{player.full_name} ist bereits angemeldet.")
    if not reserve:
        _check_capacity(locked)
    if existing is not None:
        existing.withdrawn_at = None
        existing.reserve = reserve
        existing.save(update_fields=["withdrawn_at", "reserve"])
        return existing
    try:
        with transaction.atomic():
            return Registration.objects.create(
                tournament=locked, player=player, reserve=reserve, registered_by=user
            )
    except IntegrityError as exc:
        raise ValidationError(f"{player.full_name} ist bereits angemeldet.") from exc


@transaction.atomic
def registration_update(
    *,
    registration: Registration,
    reserve: bool | None = None,
    checked_in: bool | None = None,
    withdrawn: bool | None = None,
) -> Registration:
    locked_t = _lock_for_registration(registration.tournament)
    reg = Registration.objects.select_for_update().get(pk=registration.pk)
    started = locked_t.rounds.exists()
    was_in_field = reg.withdrawn_at is None and not reg.reserve
    if reserve is not None and reserve != reg.reserve:
        if started:
            raise ValidationError(
                "Nach der Auslosung der ersten Runde kann der Ersatzspieler-Status nicht mehr "
                "geändert werden."
            )
        reg.reserve = reserve
    if checked_in is not None:
        if reg.withdrawn_at and checked_in:
            raise ValidationError("Abgemeldete Spieler können nicht einchecken.")
        reg.checked_in_at = (reg.checked_in_at or timezone.now()) if checked_in else None
    if withdrawn is not None:
        reg.withdrawn_at = (reg.withdrawn_at or timezone.now()) if withdrawn else None
        if withdrawn:
            reg.checked_in_at = None
    if not was_in_field and reg.withdrawn_at is None and not reg.reserve:
        _check_capacity(locked_t, exclude_pk=reg.pk)  # reinstated or no longer a reserve
    reg.save()
    events.public_data_changed(locked_t.pk)
    return reg


@transaction.atomic
def registrations_check_in_all(*, tournament: Tournament) -> int:
    _lock_for_registration(tournament)
    return tournament.registrations.filter(
        withdrawn_at__isnull=True, checked_in_at__isnull=True
    ).update(checked_in_at=timezone.now())


@dataclass(frozen=True)
class FieldStatus:
    """What the registration page says before round 1 (SPEC §1)."""

    players: int  # checked-in, not reserves
    reserves_checked_in: int
    reserves_needed: int
    table_sizes: tuple[int, ...]
    ok: bool
    message: str


def field_status(*, tournament: Tournament, players: int, reserves: int) -> FieldStatus:
    if tournament.table_policy == TablePolicy.THREE_PLAYER:
        if tournament.max_players and players > tournament.max_players:
            return FieldStatus(
                players,
                reserves,
                0,
                (),
                False,
                f"Höchstens {tournament.max_players} Spieler erlaubt.",
            )
        try:
            sizes = three_table_plan(players)
        except FieldSizeError as exc:
            return FieldStatus(players, reserves, 0, (), False, str(exc))
        fours = sizes.count(4)
        threes = sizes.count(3)
        note = f"Tischplan: {fours} Vierertisch(e) und {threes} Dreiertisch(e)."
        if reserves:
            note += f" {reserves} Ersatzspieler werden bei Dreiertischen nicht gesetzt."
        return FieldStatus(players, reserves, 0, sizes, True, note)
    needed = reserves_needed(players)
    if players == 0:
        return FieldStatus(players, reserves, 0, (), False, "Noch kein Spieler eingecheckt.")
    if reserves != needed:
        if needed == 0:
            msg = (
                f"{players} Spieler sind durch 4 teilbar: es werden keine Ersatzspieler "
                f"gebraucht, aber {reserves} sind eingecheckt. Bitte auschecken."
            )
        else:
            msg = (
                f"{players} Spieler: es werden genau {needed} Ersatzspieler gebraucht "
                f"(Klub 6.1), eingecheckt sind {reserves}."
            )
        return FieldStatus(players, reserves, needed, (), False, msg)
    total = players + reserves
    sizes = tuple([4] * (total // 4))
    msg = f"{len(sizes)} Tische zu vier Spielern"
    msg += f", davon {reserves} Ersatzspieler." if reserves else "."
    return FieldStatus(players, reserves, needed, sizes, True, msg)
