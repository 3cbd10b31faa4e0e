"""Reads for the referee area and the staff pages that show warnings and exclusions.

Every function loads its sets in a fixed number of queries (no query per row)."""

from __future__ import annotations

from django.db.models import Count, F, Prefetch, Q

from tournaments.domain import referees as referee_domain
from tournaments.enums import (
    RoundStatus,
    RulingStatus,
    SheetStatus,
    SignoffVerdict,
    StaffRole,
    WarningKind,
)
from tournaments.models import (
    Player,
    PlayerWarning,
    RefereeCall,
    Registration,
    Round,
    Ruling,
    Seat,
    SheetSignoff,
    Tournament,
    TournamentStaff,
)
from tournaments.models.collation import din5007_name_order


def current_round(tournament: Tournament) -> Round | None:
    """The round being played: the newest released one, else the newest round at all."""
    rounds = list(tournament.rounds.order_by("-number")[:5])
    for rnd in rounds:
        if rnd.status == RoundStatus.RELEASED:
            return rnd
    return rounds[0] if rounds else None


def registered_players(tournament: Tournament) -> list[Registration]:
    """Everyone who can be warned: the tournament's registrations, by name."""
    return list(
        Registration.objects.filter(tournament=tournament)
        .select_related("player")
        .order_by(*din5007_name_order("player__"), "player__pk")
    )


def summaries(tournament: Tournament) -> dict[int, referee_domain.WarningSummary]:
    """player id → warning summary, for badges on table and search lists (one query)."""
    records: dict[int, list[referee_domain.WarningRecord]] = {}
    for player_id, kind, withdrawn_at in PlayerWarning.objects.filter(
        tournament=tournament
    ).values_list("player_id", "kind", "withdrawn_at"):
        records.setdefault(player_id, []).append(
            referee_domain.WarningRecord(kind=kind, active=withdrawn_at is None)
        )
    return {pid: referee_domain.summarize(recs) for pid, recs in records.items()}


def player_warnings(tournament: Tournament, player_id: int) -> list[PlayerWarning]:
    """A player's earlier warnings in this tournament, active and withdrawn, newest first."""
    return list(
        PlayerWarning.objects.filter(tournament=tournament, player_id=player_id)
        .select_related("round", "given_by", "withdrawn_by")
        .order_by("-given_at", "-pk")
    )


def summary_of(warnings: list[PlayerWarning]) -> referee_domain.WarningSummary:
    return referee_domain.summarize(
        referee_domain.WarningRecord(kind=w.kind, active=w.active) for w in warnings
    )


def tournament_warnings(tournament: Tournament) -> list[PlayerWarning]:
    """The whole history, newest first, withdrawn ones included."""
    return list(
        PlayerWarning.objects.filter(tournament=tournament)
        .select_related("player", "round", "given_by", "withdrawn_by")
        .order_by("-given_at", "-pk")
    )


def tournament_rulings(tournament: Tournament) -> list[Ruling]:
    """Calls at the tables, newest first; each escalated one carries its final ruling, if any."""
    rulings = list(
        Ruling.objects.filter(tournament=tournament)
        .select_related("round", "decided_by")
        .order_by("-decided_at", "-pk")
    )
    finals = {r.escalated_from_id: r for r in rulings if r.escalated_from_id}
    for ruling in rulings:
        ruling.final = finals.get(ruling.pk)
    return [r for r in rulings if r.status != "final"]


def exclusions(tournament: Tournament | int) -> list[PlayerWarning]:
    """Active red cards with their players: out of later rounds, winnings forfeited (Klub 4.5)."""
    tid = tournament if isinstance(tournament, int) else tournament.pk
    return list(
        PlayerWarning.objects.red_cards_in_force()
        .filter(tournament_id=tid)
        .select_related("player", "round", "given_by")
        .order_by(*din5007_name_order("player__"))
    )


def round_seating(rnd: Round) -> list[dict]:
    """The round's tables with their seated players: `Seat.objects.by_table`, as the rounds'
    lists read them (the referee area sits beneath the rounds and cannot import their
    selectors)."""
    return Seat.objects.filter(round=rnd).by_table()


def seats_by_player(rnd: Round | None) -> dict[int, Seat]:
    if rnd is None:
        return {}
    return {
        s.player_id: s
        for s in Seat.objects.filter(round=rnd).select_related("table", "round").all()
    }


def staff(tournament: Tournament) -> list[TournamentStaff]:
    return list(
        TournamentStaff.objects.filter(tournament=tournament)
        .select_related("user")
        .prefetch_related(Prefetch("user__groups"))
        .order_by("role", "user__username")
    )


def head_referee(tournament: Tournament) -> TournamentStaff | None:
    return (
        TournamentStaff.objects.filter(tournament=tournament, role=StaffRole.HEAD_REFEREE)
        .select_related("user")
        .first()
    )


def excluded_player_ids(tournament: Tournament | int) -> frozenset[int]:
    """Players with a red card that has not been withdrawn (SPEC §7): out for the rest."""

    tid = tournament if isinstance(tournament, int) else tournament.pk
    return frozenset(
        PlayerWarning.objects.red_cards_in_force()
        .filter(tournament_id=tid)
        .values_list("player_id", flat=True)
    )


def warning_counts(tournament: Tournament) -> dict[str, int]:
    """Warnings not withdrawn: in total and how many of them are yellow cards."""
    return PlayerWarning.objects.filter(tournament=tournament, withdrawn_at__isnull=True).aggregate(
        total=Count("id"),
        yellow=Count("id", filter=Q(kind=WarningKind.YELLOW)),
    )


def _open_calls(tournament: Tournament):
    """Calls passed on to the head referee that still wait for his final word (Klub 4.2.2)."""
    return Ruling.objects.filter(
        tournament=tournament, status=RulingStatus.ESCALATED, final_ruling__isnull=True
    )


def open_calls(tournament: Tournament) -> list[Ruling]:
    return list(_open_calls(tournament).select_related("round"))


def open_calls_count(tournament: Tournament) -> int:
    return _open_calls(tournament).count()


def final_ruling(ruling: Ruling) -> Ruling | None:
    """The head referee's final word on an escalated ruling, if given."""
    return Ruling.objects.filter(escalated_from=ruling).select_related("decided_by").first()


def table_rulings(tournament: Tournament, rnd: Round, table_number: int) -> list[Ruling]:
    """Rulings at one table of a round, newest first."""
    return list(
        Ruling.objects.filter(tournament=tournament, round=rnd, table_number=table_number).order_by(
            "-decided_at"
        )
    )


def registrations_matching(tournament: Tournament, query: str, *, limit: int = 20):
    """Registrations whose player matches every word of the query (name or federation number)."""
    regs = Registration.objects.filter(
        tournament=tournament, player__in=Player.objects.search(query, club=False)
    ).select_related("player")
    return list(regs.order_by(*din5007_name_order("player__"))[:limit])


def registration_of(tournament: Tournament, player_id: int) -> Registration | None:
    return (
        Registration.objects.filter(tournament=tournament, player_id=player_id)
        .select_related("player")
        .first()
    )


def round_exclusions(rnd: Round) -> dict[str, list[PlayerWarning]]:
    """Who is excluded and left out of the round, and who was carded after the draw and still
    sits in it (SPEC §7: only rounds drawn after the red card leave him out)."""
    warnings = exclusions(rnd.tournament_id)
    if not warnings:
        return {"left_out": [], "seated": []}
    seated_ids = set(
        rnd.seats.filter(player_id__in=[w.player_id for w in warnings]).values_list(
            "player_id", flat=True
        )
    )
    return {
        "left_out": [w for w in warnings if w.player_id not in seated_ids],
        "seated": [w for w in warnings if w.player_id in seated_ids],
    }


# --- Calls from the tables and disputed sheets (issue #15.6) -----------------------------------


def referee_calls_open(tournament: Tournament) -> list[RefereeCall]:
    """Calls not closed yet, of the tournament and its juniors' field (one staff serves both),
    oldest first: the table waiting longest comes first."""
    return list(
        RefereeCall.objects.filter(
            tournament__in=Tournament.objects.same_event(tournament), closed_at__isnull=True
        )
        .select_related("table", "round", "taken_by")
        .order_by("created_at", "pk")
    )


def disputed_tables(tournament: Tournament) -> list[dict]:
    """Tables of rounds in play whose sheet, entered at the table, a table-mate disputed and the
    desk has not settled yet: round, table number, and who disputed with their notes."""
    disputes = (
        SheetSignoff.objects.filter(
            verdict=SignoffVerdict.DISPUTED,
            version__sheet__current=F("version"),
            version__sheet__status=SheetStatus.ENTERED,
            version__sheet__round__status=RoundStatus.RELEASED,
            version__sheet__round__tournament__in=Tournament.objects.same_event(tournament),
        )
        .select_related("version__sheet__table", "version__sheet__round")
        .order_by("version__sheet__round__number", "version__sheet__table__number", "letter")
    )
    tables: dict[int, dict] = {}
    for signoff in disputes:
        sheet = signoff.version.sheet
        row = tables.setdefault(
            sheet.table_id,
            {"round": sheet.round, "table_number": sheet.table.number, "signoffs": []},
        )
        row["signoffs"].append(signoff)
    return list(tables.values())


def call_links(call: RefereeCall) -> dict:
    """What closing a call may name: the warnings and rulings at its table in its round."""
    return {
        "warnings": PlayerWarning.objects.filter(
            tournament_id=call.tournament_id, round_id=call.round_id,
            table_number=call.table.number,
        ).select_related("player").order_by("-given_at"),
        "rulings": Ruling.objects.filter(
            tournament_id=call.tournament_id, round_id=call.round_id,
            table_number=call.table.number,
        ).order_by("-decided_at"),
    }  # fmt: skip
