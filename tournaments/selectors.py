"""Reads. Views call these instead of building querysets themselves."""

from __future__ import annotations

from django.db.models import Count, Exists, OuterRef, Q, QuerySet, Subquery

from tournaments import permissions
from tournaments.enums import StaffRole, TournamentStatus
from tournaments.models import Tournament

PUBLIC_STATUSES = (
    TournamentStatus.REGISTRATION,
    TournamentStatus.RUNNING,
    TournamentStatus.FINISHED,
)


def tournament_list_public() -> dict[str, list[Tournament]]:
    """Start page groups: running first, then upcoming, then finished (newest first)."""
    from tournaments.enums import RoundStatus
    from tournaments.models import Round

    visible = Round.objects.filter(tournament=OuterRef("pk")).exclude(status=RoundStatus.DRAWN)
    tournaments = (
        Tournament.objects.filter(status__in=PUBLIC_STATUSES)
        .annotate(
            player_count=Count("registrations", filter=Q(registrations__withdrawn_at__isnull=True)),
            current_round=Subquery(visible.order_by("-number").values("number")[:1]),
            has_published=Exists(visible.filter(status=RoundStatus.PUBLISHED)),
        )
        .order_by("-start_date", "name")
    )
    groups: dict[str, list[Tournament]] = {"running": [], "upcoming": [], "finished": []}
    for t in tournaments:
        if t.status == TournamentStatus.RUNNING:
            groups["running"].append(t)
        elif t.status == TournamentStatus.REGISTRATION:
            groups["upcoming"].append(t)
        else:
            groups["finished"].append(t)
    groups["upcoming"].reverse()  # soonest first
    return groups


def tournaments_for_director(user) -> QuerySet[Tournament]:
    qs = Tournament.objects.annotate(
        player_count=Count("registrations", filter=Q(registrations__withdrawn_at__isnull=True))
    )
    if not permissions.is_federation_admin(user):
        qs = qs.filter(staff__user=user, staff__role=StaffRole.DIRECTOR)
    return qs.order_by("-start_date", "name").distinct()


def tournaments_for_staff_role(user, roles: tuple[str, ...]) -> QuerySet[Tournament]:
    return (
        Tournament.objects.filter(staff__user=user, staff__role__in=roles)
        .distinct()
        .order_by("-start_date")
    )


# --- Rounds, seats and results ------------------------------------------------------------


def round_tables(tournament: Tournament, before: int | None = None) -> list[list[list[int]]]:
    """Every earlier round as tables of player ids, in round order: "who met whom", one query."""
    from tournaments.models import Seat

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


def ruleset_of(tournament: Tournament):
    from tournaments.domain.rules import get_ruleset

    return get_ruleset(tournament.rule_set)


def game_lines(tournament: Tournament, *, published_only: bool = True, rounds=None) -> list:
    """Scored game lines from each sheet's newest confirmed version (standings follow it)."""
    from tournaments.domain.scoring import score_game
    from tournaments.domain.standings import GameLine
    from tournaments.enums import RoundStatus
    from tournaments.models import ResultSheet
    from tournaments.sheets import game_inputs

    ruleset = ruleset_of(tournament)
    sheets = ResultSheet.objects.filter(round__tournament=tournament, confirmed__isnull=False)
    if published_only:
        sheets = sheets.filter(round__status=RoundStatus.PUBLISHED)
    if rounds is not None:
        sheets = sheets.filter(round__number__in=list(rounds))
    seats: dict[int, dict[str, int]] = {}
    from tournaments.models import Seat

    for table_id, letter, player_id in Seat.objects.filter(
        round__tournament=tournament
    ).values_list("table_id", "letter", "player_id"):
        seats.setdefault(table_id, {})[letter] = player_id
    lines = []
    for sheet in sheets.select_related("confirmed", "round"):
        by_letter = seats.get(sheet.table_id, {})
        for game in game_inputs(sheet.confirmed.games, letters=tuple(sorted(by_letter))):
            result = score_game(game, ruleset=ruleset)
            for entry in result.entries:
                lines.append(
                    GameLine(
                        player_id=by_letter[entry.letter],
                        round_number=sheet.round.number,
                        game_number=result.number,
                        game_points=entry.game_points,
                        place=entry.place,
                        placement_points=entry.placement_points,
                    )
                )
    return lines


def excluded_player_ids(tournament: Tournament | int) -> frozenset[int]:
    """Players with a red card that has not been withdrawn (SPEC §7): out for the rest."""
    from tournaments.enums import WarningKind
    from tournaments.models import PlayerWarning

    tid = tournament if isinstance(tournament, int) else tournament.pk
    return frozenset(
        PlayerWarning.objects.filter(
            tournament_id=tid, kind=WarningKind.RED, withdrawn_at__isnull=True
        ).values_list("player_id", flat=True)
    )


def pairing_order(tournament: Tournament, player_ids) -> list[int]:
    """Everyone to seat, best first, by the standings chain over the published rounds."""
    from tournaments.domain.standings import order_players

    ids = list(player_ids)
    lines = [line for line in game_lines(tournament) if line.player_id in set(ids)]
    return order_players(lines, ids, ruleset=ruleset_of(tournament))


def finalists(tournament: Tournament) -> list[int]:
    """The top of the preliminary standings; reserves can never be finalists (SPEC §1)."""
    from tournaments.domain.standings import Participant, compute_standings
    from tournaments.models import Registration

    regs = Registration.objects.filter(tournament=tournament, withdrawn_at__isnull=True)
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
    rows = compute_standings(lines, participants, ruleset=ruleset_of(tournament))
    ranked = [row for row in rows if row.rank is not None]
    k = tournament.finalists_count
    if len(ranked) > k and ranked[k].rank == ranked[k - 1].rank:
        from django.core.exceptions import ValidationError

        raise ValidationError(
            f"Gleichstand um den letzten Finalplatz (Rang {ranked[k].rank}) nach allen vier "
            "Wertungskriterien: die Turnierleitung muss entscheiden (z. B. Stechen)."
        )
    return [row.player_id for row in ranked[:k]]


# --- One round's pairing, for the director's page and the printed lists ---------------------


def round_seating(rnd) -> list[dict]:
    """Tables with their seats and players in two queries (no query per table)."""
    from tournaments.models import Seat

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
    from tournaments.domain import pairing as pairing_domain

    tables = [[s.player_id for s in t["seats"]] for t in seating]
    player_ids = [pid for table in tables for pid in table]
    history = pairing_domain.History.from_rounds(round_tables(rnd.tournament, before=rnd.number))
    if rnd.number == 1 or rnd.is_final:
        order = player_ids  # round 1 is random and the final has no rank order to keep
    else:
        order = pairing_order(rnd.tournament, player_ids)
    report = pairing_domain.evaluate(tables, order=order, history=history)
    return report, not (rnd.number == 1 or rnd.is_final)


def round_results(rnd) -> list[dict]:
    """Published results of one round per table: each game's points, places, placement points."""
    from tournaments.domain.scoring import score_game
    from tournaments.models import ResultSheet
    from tournaments.sheets import game_inputs

    ruleset = ruleset_of(rnd.tournament)
    seating = round_seating(rnd)
    sheets = {
        s.table_id: s
        for s in ResultSheet.objects.filter(round=rnd, confirmed__isnull=False).select_related(
            "confirmed"
        )
    }
    tables = []
    for table in seating:
        seats = table["seats"]
        letters = tuple(s.letter for s in seats)
        sheet = sheets.get(table["table"].pk)
        games = []
        totals = {s.letter: {"seat": s, "placement_points": 0, "game_points": 0} for s in seats}
        if sheet is not None:
            for game in game_inputs(sheet.confirmed.games, letters=letters):
                result = score_game(game, ruleset=ruleset)
                by_letter = {e.letter: e for e in result.entries}
                games.append(
                    {
                        "number": result.number,
                        "pool_exhausted": result.pool_exhausted,
                        "entries": [by_letter[x] for x in letters],
                    }
                )
                for entry in result.entries:
                    totals[entry.letter]["placement_points"] += entry.placement_points
                    totals[entry.letter]["game_points"] += entry.game_points
        tables.append(
            {
                "number": table["number"],
                "seats": seats,
                "games": games,
                "totals": [totals[x] for x in letters],
            }
        )
    return tables
