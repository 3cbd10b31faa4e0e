"""Reads of rounds: who met whom, pairing order, finalists, seating of one round."""

from __future__ import annotations

from dataclasses import dataclass

from django.core.exceptions import ValidationError

from tournaments.domain import pairing as pairing_domain
from tournaments.domain.names import din5007_key
from tournaments.domain.standings import (
    Participant,
    compute_standings,
    order_players,
    table_winners,
    top_n_cut,
)
from tournaments.domain.text import N_, Message, message
from tournaments.enums import Category, CutKind, FinalMode, RoundStatus, TournamentStatus
from tournaments.models import (
    CutDecision,
    PairingChange,
    Player,
    Registration,
    Round,
    Seat,
    TablePin,
    Tournament,
)
from tournaments.referees.selectors import excluded_player_ids
from tournaments.results.selectors import game_lines


def table_history(tournament: Tournament, before: int | None = None) -> list[list[list[int]]]:
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
    for tables in table_history(tournament, before=round_number):
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


@dataclass(frozen=True, slots=True)
class CutTie:
    """A tie at a cut the rule chain cannot separate: the director decides it (SPEC §1)."""

    kind: str
    table_number: int | None
    tied: tuple[int, ...]
    names: tuple[str, ...]
    open_places: int
    keys: int
    decided: bool = False

    @property
    def note(self) -> Message:
        """The tie for the director, rendered late (a refused redraw of the final keeps it)."""
        who = message(
            N_("%(names)s and %(last)s"), names="; ".join(self.names[:-1]), last=self.names[-1]
        )
        if self.kind == CutKind.TABLE_WIN:
            where = message(N_("for the win at table %(table)s"), table=self.table_number)
        elif self.open_places == 1:
            where = message(N_("for the last place in the final"))
        else:
            where = message(
                N_("for the last %(count)s places in the final"), count=self.open_places
            )
        return message(
            N_(
                "Tie %(where)s %(chain)s between %(who)s: the director must decide (play-off or "
                "lot) before the final is drawn."
            ),
            where=where,
            chain=_chain_words(self.keys),
            who=who,
        )

    @property
    def message(self) -> str:
        """The note in the reader's language."""
        return str(self.note)


def _chain_words(keys: int) -> Message:
    """How many criteria the tie survived, in words: the only one, both, or all N."""

    if keys == 1:
        return message(N_("after the only tie-break criterion of the rules"))
    if keys == 2:
        return message(N_("after both tie-break criteria of the rules"))
    if keys == 3:
        return message(N_("after all three tie-break criteria of the rules"))
    if keys == 4:
        return message(N_("after all four tie-break criteria of the rules"))
    return message(N_("after all %(count)s tie-break criteria of the rules"), count=keys)


@dataclass(frozen=True, slots=True)
class FinalField:
    """Who reaches the final: ``finalists`` (best first) once no ``open_ties`` are left; every
    tie at a cut (``ties``, decided or not) and the director's ``decisions`` in force."""

    finalists: tuple[int, ...]
    ties: tuple[CutTie, ...]
    decisions: tuple[CutDecision, ...]

    @property
    def open_ties(self) -> tuple[CutTie, ...]:
        return tuple(tie for tie in self.ties if not tie.decided)


def _apply(cut, *, kind: str, table_number: int | None, tournament: Tournament, out: dict):
    """Through players of one cut, the decision's choice added; an open tie if none exists."""
    if cut.decided:
        return list(cut.through)
    decision = CutDecision.objects.filter(tournament=tournament).in_force(
        kind=kind, table_number=table_number, tied=list(cut.tied)
    )
    out["ties"].append((kind, table_number, cut, decision is not None))
    if decision is None:
        return list(cut.through)
    out["decisions"].append(decision)
    chosen = set(decision.chosen_player_ids)
    return list(cut.through) + [pid for pid in cut.tied if pid in chosen]


def final_field(tournament: Tournament) -> FinalField:
    """The finalists by the tournament's final mode (SPEC §1): the top N of the preliminary
    standings, or the winner of every table of the last preliminary round (000 §1B); reserves
    and excluded players never reach the final. Ties need a director's decision."""
    regs = Registration.objects.active().filter(tournament=tournament)
    excluded = excluded_player_ids(tournament)
    participants = [
        Participant(player_id=r.player_id, reserve=r.reserve, excluded=r.player_id in excluded)
        for r in regs
    ]
    eligible = {p.player_id for p in participants if not (p.reserve or p.excluded)}
    known = {p.player_id for p in participants}
    last = tournament.rounds_planned
    lines = [
        line
        for line in game_lines(tournament)
        if line.round_number <= last and line.player_id in known
    ]
    out: dict[str, list] = {"ties": [], "decisions": []}
    finalists: list[int] = []
    if tournament.final_mode == FinalMode.TABLE_WINNERS:
        tables: dict[int, list[int]] = {}
        for number, pid in Seat.objects.filter(
            round__tournament=tournament, round__number=last, player_id__in=eligible
        ).values_list("table__number", "player_id"):
            tables.setdefault(number, []).append(pid)
        round_lines = [line for line in lines if line.round_number == last]
        for table in table_winners(round_lines, tables, ruleset=tournament.ruleset):
            finalists += _apply(
                table.cut,
                kind=CutKind.TABLE_WIN,
                table_number=table.table_number,
                tournament=tournament,
                out=out,
            )
    else:
        rows = compute_standings(lines, participants, ruleset=tournament.ruleset)
        cut = top_n_cut(rows, tournament.finalists_count)
        finalists = _apply(
            cut, kind=CutKind.FINAL_PLACE, table_number=None, tournament=tournament, out=out
        )
    tied_ids = {pid for _, _, cut, _ in out["ties"] for pid in cut.tied}
    full = {p.pk: p.full_name for p in Player.objects.filter(pk__in=tied_ids)}
    ties = tuple(
        CutTie(
            kind=kind,
            table_number=number,
            tied=cut.tied,
            names=tuple(full[pid] for pid in cut.tied),
            open_places=cut.open_places,
            keys=len(tournament.ruleset.chain),
            decided=decided,
        )
        for kind, number, cut, decided in out["ties"]
    )
    return FinalField(tuple(finalists), ties, tuple(out["decisions"]))


def finalists(tournament: Tournament) -> list[int]:
    """The finalists, best first; refuses while a tie at a cut is undecided (SPEC §1)."""
    field = final_field(tournament)
    if field.open_ties:
        raise ValidationError([tie.note for tie in field.open_ties])
    return list(field.finalists)


def cut_decisions(tournament: Tournament) -> list[CutDecision]:
    """Every decision of a tie at a cut, oldest first, with who decided (for the record)."""
    return list(CutDecision.objects.filter(tournament=tournament).select_related("decided_by"))


def round_seating(rnd) -> list[dict]:
    """Tables with their seats and players in one query (no query per table)."""
    return Seat.objects.filter(round=rnd).by_table()


def seats_by_name(rnd, *, full_names: bool) -> list:
    """Every seat of the round, alphabetically by the name the viewer sees (lists and hall)."""
    seats = [seat for table in round_seating(rnd) for seat in table["seats"]]
    seats.sort(
        key=lambda s: din5007_key(s.player.full_name if full_names else s.player.public_name)
    )
    return seats


def round_report(rnd, seating: list[dict]):
    """Repeats and excess rank spread of the round as it stands now (after any overrides)."""

    tables = [[s.player_id for s in t["seats"]] for t in seating]
    player_ids = [pid for table in tables for pid in table]
    history = pairing_domain.History.from_rounds(table_history(rnd.tournament, before=rnd.number))
    if rnd.number == 1 or rnd.is_final:
        order = player_ids  # round 1 is random and the final has no rank order to keep
    else:
        order = pairing_order(rnd.tournament, player_ids)
    teams = {} if rnd.is_final else player_teams(rnd.tournament)
    report = pairing_domain.evaluate(tables, order=order, history=history, teams=teams)
    return report, not (rnd.number == 1 or rnd.is_final)


def player_teams(tournament: Tournament) -> dict[int, int]:
    """Player id -> team id for a Städtekampf (Klub 6.2.1); no query for other tournaments."""
    if tournament.category != Category.SPECIAL:
        return {}
    return dict(
        tournament.registrations.filter(team__isnull=False).values_list("player_id", "team_id")
    )


def team_names(tournament: Tournament) -> dict[int, str]:
    """Team id -> name (empty, without a query, for tournaments other than special ones)."""
    if tournament.category != Category.SPECIAL:
        return {}
    return dict(tournament.teams.values_list("pk", "name"))


def any_round_drawn(tournament: Tournament) -> bool:
    """Round 1 is drawn: from then on the ranking year and the ranking flag stand."""
    return tournament.rounds.exists()


def round_redrawn(rnd: Round) -> PairingChange | None:
    """The newest "drawn again" of a round that is not released (SPEC §7: a red card after the
    draw), for the notice on the director's round page; None once released."""
    if rnd.status != RoundStatus.DRAWN:
        return None
    return rnd.changes.filter(action="redraw").order_by("-at", "-pk").first()


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


def final_ties_pending(tournament: Tournament) -> tuple[CutTie, ...]:
    """The ties the director decides now, open or decided (a newer decision supersedes): every
    preliminary round is published and the final is not drawn yet (SPEC §1); otherwise none."""
    if not tournament.has_final or tournament.status != TournamentStatus.RUNNING:
        return ()
    if not preliminaries_complete(tournament):
        return ()
    return final_field(tournament).ties


def preliminaries_complete(tournament: Tournament) -> bool:
    """Every preliminary round is published and no later round drawn: the final's cut stands."""
    statuses = list(tournament.rounds.order_by("number").values_list("status", flat=True))
    return len(statuses) == tournament.rounds_planned and statuses[-1] == RoundStatus.PUBLISHED


@dataclass(frozen=True, slots=True)
class CutDecisionNote:
    """A decision as the standings show it: the players by name (SPEC §1 "Ties at a cut")."""

    decision: CutDecision
    tied: tuple[Player, ...]
    chosen: tuple[Player, ...]


def cut_decision_notes(tournament: Tournament) -> list[CutDecisionNote]:
    """The decisions in force (a newer one for the same tie supersedes), oldest first. Only a
    tournament with a final has any (`finals.services`): no query for the others."""
    if not tournament.has_final:
        return []
    decisions = cut_decisions(tournament)
    newest: dict[tuple, CutDecision] = {}
    for d in decisions:
        newest[(d.kind, d.table_number, tuple(sorted(d.tied_player_ids)))] = d
    ids = {pid for d in newest.values() for pid in d.tied_player_ids}
    players = Player.objects.in_bulk(list(ids))
    return [
        CutDecisionNote(
            decision=d,
            tied=tuple(players[pid] for pid in d.tied_player_ids if pid in players),
            chosen=tuple(players[pid] for pid in d.chosen_player_ids if pid in players),
        )
        for d in sorted(newest.values(), key=lambda d: (d.decided_at, d.pk))
    ]
