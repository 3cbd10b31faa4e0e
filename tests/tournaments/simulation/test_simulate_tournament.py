"""The `simulate_tournament` command plays every round through the services, in every format."""

import io
from collections import Counter

import pytest
from django.core.management import CommandError, call_command

from tests.support.builders import simulate_tournament
from tests.support.reading import player_at
from tournaments.domain.formats import reserves_needed
from tournaments.enums import RoundStatus, SheetStatus, WarningKind
from tournaments.models import (
    Absence,
    CutDecision,
    PairingChange,
    PlayerWarning,
    ResultSheet,
    ScoredLine,
    Seat,
    Tournament,
)
from tournaments.standings.selectors import standings_table


def test_simulate_tournament_plays_every_round_through_the_services(db):
    out = io.StringIO()
    call_command("simulate_tournament", players=21, category="city", seed=9, year=2025, stdout=out)
    tournament_id = int(out.getvalue().strip().splitlines()[-1].split()[1])
    tournament = Tournament.objects.get(pk=tournament_id)
    assert tournament.status == "finished"
    assert list(tournament.rounds.values_list("status", flat=True)) == [RoundStatus.PUBLISHED] * 3
    assert tournament.registrations.filter(reserve=True).count() == 3
    assert (
        ResultSheet.objects.filter(round__tournament=tournament)
        .exclude(status=SheetStatus.CONFIRMED)
        .count()
        == 0
    )
    # Every sheet was entered by one person and confirmed by another.
    for sheet in ResultSheet.objects.filter(round__tournament=tournament):
        entered, confirmed = sheet.versions.order_by("number")
        assert entered.created_by_id != confirmed.created_by_id


@pytest.mark.parametrize(
    ("args", "rounds", "kinds", "rule_set"),
    [
        (
            {"players": 16, "category": "beginners", "final": True, "year": 2025},
            3,
            ["preliminary", "preliminary", "final"],
            "2014",
        ),
        (
            {
                "players": 13,
                "category": "special",
                "rounds": 1,
                "games": 3,
                "final": True,
                "three_player_tables": True,
                "year": 2025,
            },
            2,
            ["preliminary", "final"],
            "2014",
        ),
        ({"players": 12, "category": "city", "year": 2012}, 3, ["preliminary"] * 3, "pre2014"),
        # Klub 6.2.1: a special tournament may play one game per round.
        (
            {"players": 8, "category": "special", "rounds": 2, "games": 1, "year": 2025},
            2,
            ["preliminary"] * 2,
            "2014",
        ),
    ],
)
def test_simulate_tournament_formats(db, args, rounds, kinds, rule_set):
    out = io.StringIO()
    call_command("simulate_tournament", seed=4, stdout=out, **args)
    tournament = Tournament.objects.get(pk=int(out.getvalue().split()[-1]))
    assert tournament.status == "finished"
    assert tournament.rule_set == rule_set
    assert list(tournament.rounds.values_list("kind", flat=True)) == kinds
    assert tournament.rounds.count() == rounds
    final = tournament.rounds.filter(kind="final").first()
    if final is not None:
        finalists = set(final.seats.values_list("player_id", flat=True))
        assert len(finalists) == tournament.finalists_count
        reserves = set(
            tournament.registrations.filter(reserve=True).values_list("player_id", flat=True)
        )
        assert finalists.isdisjoint(reserves)
    if args.get("three_player_tables"):
        sizes = sorted(t.seats.count() for t in tournament.rounds.get(number=1).tables.all())
        assert sizes == [3, 3, 3, 4]


@pytest.mark.parametrize("players", [16, 21])  # one reserve more; or three reserves fewer
def test_simulate_tournament_with_a_red_card_mid_round(db, players):
    """SPEC §7: the card's game and the later ones of table 1 are 3-player games, the round is
    published, and the later rounds are paired without the carded player."""
    tournament = simulate_tournament(
        "--players", str(players), "--seed", "4", "--year", "2025", "--red-card-mid-round"
    )
    assert tournament.status == "finished"
    card = PlayerWarning.objects.get(tournament=tournament, kind=WarningKind.RED)
    absence = Absence.objects.get(warning=card)
    assert (absence.round.number, absence.from_game) == (1, card.game_number)
    letter = Seat.objects.get(round=absence.round, player=card.player).letter
    games = ResultSheet.objects.get(round=absence.round, table__number=1).confirmed.games
    assert [g.get("not_played", []) for g in games] == [
        [letter] if g["number"] >= card.game_number else [] for g in games
    ]
    later = Seat.objects.filter(round__tournament=tournament, round__number__gt=1)
    assert not later.filter(player=card.player).exists()
    assert later.count() == 2 * (players - 1 + reserves_needed(players - 1))


HOUSE_FINAL = {
    "category": "special",
    "rounds": 1,
    "games": 3,
    "three_player_tables": True,
    "house_final": True,
    "year": 2025,
}


def test_simulate_house_final_with_a_tie_at_the_cut(db):
    """000 §1B: the winner of every table reaches the final; table 1 tied (`--tie-at-cut`) and
    decided by lot, as SPEC §1 asks of the director."""
    out = io.StringIO()
    call_command(
        "simulate_tournament", players=13, seed=4, tie_at_cut=True, stdout=out, **HOUSE_FINAL
    )
    tournament = Tournament.objects.get(pk=int(out.getvalue().split()[-1]))

    assert tournament.status == "finished"
    first = tournament.rounds.get(number=1)
    final = tournament.rounds.get(kind="final")
    tied = [player_at(first, 1, letter).pk for letter in ("A", "B")]
    decision = CutDecision.objects.get(tournament=tournament)
    assert (decision.kind, decision.table_number, decision.method) == ("table_win", 1, "lot")
    assert sorted(decision.tied_player_ids) == sorted(tied)
    (chosen,) = decision.chosen_player_ids
    seated = set(final.seats.values_list("player_id", flat=True))
    assert len(seated) == first.tables.count() == 4
    assert chosen in seated
    assert not (set(tied) - {chosen}) & seated


@pytest.mark.parametrize(
    ("args", "message"),
    [
        ({"house_final": True}, "--house-final nur mit --category special (000 §1B)."),
        (
            {**HOUSE_FINAL, "house_final": False, "tie_at_cut": True},
            "--tie-at-cut nur mit --house-final.",
        ),
        (
            {"withdrawal_mid_round": True},
            "--withdrawal-mid-round nur mit --red-card-mid-round.",
        ),
        ({"red_card_round": 2}, "--red-card-round nur mit --red-card-mid-round."),
        (
            {"red_card_mid_round": True, "red_card_round": 0},
            "--red-card-round braucht eine Zahl ab 1.",
        ),
    ],
)
def test_simulate_house_final_options_are_checked(db, args, message):
    with pytest.raises(CommandError) as refused:
        call_command("simulate_tournament", players=9, seed=4, stdout=io.StringIO(), **args)
    assert str(refused.value) == message


def test_simulate_city_contest_with_teams(db):
    """`--teams` (Klub 6.2.1): 32 players in 8 teams of 4, at 8 tables: team-mates never share a
    table in any round (avoidable here), and the team standings sum the members."""
    tournament = simulate_tournament(
        "--players", "32", "--category", "special", "--teams", "8", "--seed", "5", "--year", "2026"
    )

    teams = dict(tournament.registrations.values_list("player_id", "team__name"))
    assert sorted(Counter(teams.values()).values()) == [4] * 8
    for rnd in tournament.rounds.order_by("number"):
        for table in rnd.tables.all():
            names = [teams[p] for p in table.seats.values_list("player_id", flat=True)]
            assert len(set(names)) == len(names), (rnd.number, table.number, names)
    table = standings_table(tournament)
    assert sorted(t.name for t in table.teams) == sorted(set(teams.values()))
    assert sum(t.placement_points for t in table.teams) == sum(
        e.placement_points for e in table.entries
    )
    assert [t.rank for t in table.teams][0] == 1


def test_simulate_teams_only_for_special_tournaments(db):
    with pytest.raises(CommandError) as refused:
        call_command("simulate_tournament", players=16, teams=4, seed=4, stdout=io.StringIO())
    assert str(refused.value) == "--teams nur mit --category special (Klub 6.2.1)."


SMALL_TABLES = ("--category", "special", "--games", "3", "--three-player-tables", "--year", "2025")


@pytest.mark.parametrize(
    ("rule", "args", "seats", "games"),
    [
        (
            "Klub 4.5.1, SPEC §7: a red card at a table of three, the two play on (4, 3)",
            ("--players", "13", "--rounds", "2", "--red-card-mid-round", "--seed", "28"),
            3,
            [3, 3, 2],  # players per game of the card's table
        ),
        (
            "SPEC §7: a table of three left with one player, its last game not played",
            ("--players", "13", "--rounds", "2", "--red-card-mid-round",
             "--withdrawal-mid-round", "--seed", "42"),
            3,
            [2, 2, 0],
        ),
        (
            "SPEC §7: a red card in the final of two (000 §1B), its last game not played",
            ("--players", "7", "--rounds", "1", "--house-final", "--red-card-mid-round",
             "--red-card-round", "2", "--seed", "30"),
            2,
            [2, 2, 0],
        ),
    ],
)  # fmt: skip
def test_simulate_a_small_table_losing_players_mid_round(db, rule, args, seats, games):
    """The simulator plays SPEC §7 at tables of three and in a final of two: the games of the
    card's table have the remaining players (placement points 4, 3 for two, Klub 10.1) or, left
    with one, nobody; the tournament is finished and the carded player has no rank."""
    tournament = simulate_tournament(*args, *SMALL_TABLES)
    assert tournament.status == "finished", rule
    card = PlayerWarning.objects.get(tournament=tournament, kind=WarningKind.RED)
    table = Seat.objects.get(round=card.round, player=card.player).table
    assert table.seats.count() == seats, rule
    lines = ScoredLine.objects.filter(table=table)
    by_game = [
        sorted(lines.filter(game_number=g).values_list("placement_points", flat=True))
        for g in range(1, tournament.games_per_round + 1)
    ]
    assert [len(points) for points in by_game] == games, rule
    assert all(points in ([], [3, 4], [1, 3, 4], [2, 2, 4]) for points in by_game), rule
    # out of the standings: listed without a rank if he played a game, else not listed
    entries = [e for e in standings_table(tournament).entries if e.player == card.player]
    assert [(e.rank, e.excluded) for e in entries] == [(None, True)] * len(entries), rule
    assert len(entries) == int(any(lines.filter(player=card.player))), rule


@pytest.mark.parametrize(
    ("rule", "args"),
    [
        ("SPEC §7, Klub 6.1: a reserve checked in, then drawn again", ["--players", "12"]),
        (
            "SPEC §7, 000 §1A: drawn again at once with a table of three",
            ["--players", "12", "--category", "special", "--three-player-tables"],
        ),
    ],
)
def test_simulator_plays_a_red_card_before_the_release(db, rule, args):
    t = simulate_tournament(*args, "--red-card-before-release", "--seed", "4", "--rounds", "3")

    card = PlayerWarning.objects.get(tournament=t, kind="red")
    first = t.rounds.get(number=1)
    assert not Seat.objects.filter(round=first, player=card.player).exists(), rule
    assert PairingChange.objects.filter(round=first, action="redraw").exists(), rule
    assert t.status == "finished", rule


def test_simulator_refuses_a_house_final_of_17_players(db):
    """000 §1A: a final of the table winners allows at most 16 players."""
    with pytest.raises(CommandError) as refused:
        simulate_tournament(
            "--players",
            "17",
            "--category",
            "special",
            "--three-player-tables",
            "--house-final",
            "--rounds",
            "1",
            "--seed",
            "1",
        )
    assert "Das Feld ist mit 16 Spielern voll" in str(refused.value)
