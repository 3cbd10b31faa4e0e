"""Reads of rounds: who met whom, pairing order, finalists, seating of one round."""

from __future__ import annotations

from django.core.exceptions import ValidationError

from tournaments.domain import pairing as pairing_domain
from tournaments.domain.standings import Participant, compute_standings, order_players
from tournaments.enums import RoundStatus
from tournaments.models import PairingChange, Registration, Round, Seat, TablePin, Tournament
from tournaments.referees.selectors import excluded_player_ids
from tournaments.sheets.selectors import game_lines


def round_tables(tournament: Tournament, before: int | None = None) -> list[list[list[int]]]:
    """Every earlier round as tables of player ids, in round order: "who met whom", one query."""

    seats = Seat.objects.filter(round__tournament=tournament)
    if before is not None:
        seats = seats.filter(round__number__lt=before)
    rounds: dict[int, dict[int, list[int]]] = {}
    for round_number, table_number, player_id in seats.order_by(
        "round__number", "table__number", "letter"
    ).values_list("round__number", "table__number", "player_id"):
        rounds.setdefault(round_number, {}).setdefault(table_number, []).append(player_id)
    return [list(tables.values()) for _, tables in sorted(rounds.items())]


def met_before(tournament: Tournament, round_number: int, player_id: int) -> set[int]:
    met: set[int] = set()
    for tables in round_tables(tournament, before=round_number):
        for table in tables:
            if player_id in table:
                met.update(table)
    met.discard(player_id)
    return met


def pairing_order(tournament: Tournament, player_ids) -> list[int]:
    """Everyone to seat, best first, by the standings chain over the published rounds."""

    ids = list(player_ids)
    lines = [line for line in game_lines(tournament) if line.player_id in set(ids)]
    return order_players(lines, ids, ruleset=tournament.ruleset)


def finalists(tournament: Tournament) -> list[int]:
    """The top of the preliminary standings; reserves can never be finalists (SPEC §1)."""

    regs = Registration.objects.active().filter(tournament=tournament)
    excluded = excluded_player_ids(tournament)
    participants = [
        Participant(player_id=r.player_id, reserve=r.reserve, excluded=r.player_id in excluded)
        for r in regs
    ]
    known = {p.player_id for p in participants}
    lines = [
        line
        for line in game_lines(tournament)
        if line.round_number <= tournament.rounds_planned and line.player_id in known
    ]
    rows = compute_standings(lines, participants, ruleset=tournament.ruleset)
    ranked = [row for row in rows if row.rank is not None]
    k = tournament.finalists_count
    if len(ranked) > k and ranked[k].rank == ranked[k - 1].rank:
        raise ValidationError(
            f"Gleichstand um den letzten Finalplatz (Rang {ranked[k].rank}) nach allen "
            f"Wertungskriterien ({tournament.ruleset.chain_label}): die Turnierleitung muss "
            "entscheiden (z. B. Stechen)."
        )
    return [row.player_id for row in ranked[:k]]


def round_seating(rnd) -> list[dict]:
    """Tables with their seats and players in two queries (no query per table)."""

    seats = (
        Seat.objects.filter(round=rnd)
        .select_related("player", "table")
        .order_by("table__number", "letter")
    )
    tables: dict[int, dict] = {}
    for seat in seats:
        table = tables.setdefault(
            seat.table.number, {"number": seat.table.number, "table": seat.table, "seats": []}
        )
        table["seats"].append(seat)
    return list(tables.values())


def seats_by_name(rnd, *, full_names: bool) -> list:
    """Every seat of the round, alphabetically by the name the viewer sees (lists and hall)."""
    seats = [seat for table in round_seating(rnd) for seat in table["seats"]]
    seats.sort(key=lambda s: (s.player.full_name if full_names else s.player.public_name).lower())
    return seats


def round_report(rnd, seating: list[dict]):
    """Repeats and excess rank spread of the round as it stands now (after any overrides)."""

    tables = [[s.player_id for s in t["seats"]] for t in seating]
    player_ids = [pid for table in tables for pid in table]
    history = pairing_domain.History.from_rounds(round_tables(rnd.tournament, before=rnd.number))
    if rnd.number == 1 or rnd.is_final:
        order = player_ids  # round 1 is random and the final has no rank order to keep
    else:
        order = pairing_order(rnd.tournament, player_ids)
    report = pairing_domain.evaluate(tables, order=order, history=history)
    return report, not (rnd.number == 1 or rnd.is_final)


def any_round_drawn(tournament: Tournament) -> bool:
    """Round 1 is drawn: from then on the ranking year and the ranking flag stand."""
    return tournament.rounds.exists()


def public_rounds(tournament: Tournament) -> list[Round]:
    """The rounds the public may see (released or published), in order; a drawn one is internal."""
    return list(tournament.rounds.exclude(status=RoundStatus.DRAWN).order_by("number"))


def public_round(tournament: Tournament, number: int) -> Round | None:
    return (
        Round.objects.filter(tournament=tournament, number=number)
        .exclude(status=RoundStatus.DRAWN)
        .first()
    )


def current_public_round(tournament: Tournament) -> Round | None:
    """The newest round the public may see (released or published)."""
    return (
        tournament.rounds.exclude(status=RoundStatus.DRAWN)
        .select_related("tournament")
        .order_by("-number")
        .first()
    )


def pins_by_player(tournament: Tournament, player_ids) -> dict[int, TablePin]:
    """The table pins of these players (Klub 7.1), by player id."""
    return {pin.player_id: pin for pin in tournament.pins.filter(player_id__in=player_ids)}


def round_changes(rnd: Round, *, limit: int = 50) -> list[PairingChange]:
    """The director's pairing changes of the round, with who made them."""
    return list(rnd.changes.select_related("user")[:limit])
