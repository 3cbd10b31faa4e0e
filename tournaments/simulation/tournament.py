"""Play a whole tournament through the same services the UI uses (issue 4 §7)."""

from __future__ import annotations

import random
from datetime import date, datetime, time, timedelta

from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils import timezone

from tournaments.domain.formats import CATEGORY_PRESETS, reserves_needed
from tournaments.domain.referees import not_played_by_game
from tournaments.enums import (
    CutMethod,
    FinalMode,
    GlobalRole,
    RuleSetCode,
    StaffRole,
    TablePolicy,
    WarningGround,
    WarningKind,
)
from tournaments.finals import services as finals_services
from tournaments.models import Player, Round, Tournament, TournamentStaff
from tournaments.permissions import role_groups
from tournaments.referees import services as referees_services
from tournaments.registration import services as registration_services
from tournaments.rounds import selectors as rounds_selectors
from tournaments.rounds import services as round_services
from tournaments.setup import services as setup_services
from tournaments.sheets import services as sheet_services
from tournaments.simulation.players import demo_player_rows
from tournaments.simulation.sheets import random_game, random_sheet, tied_sheet


def simulate_tournament(
    *,
    players: int = 40,
    category: str = "city",
    rounds: int | None = None,
    games: int = 4,
    final: bool = False,
    three_player_tables: bool = False,
    house_final: bool = False,
    tie_at_cut: bool = False,
    seed: int,
    year: int | None = None,
    stop_after: int | None = None,
    name: str | None = None,
    rng: random.Random | None = None,
    red_card_mid_round: bool = False,
    red_card_round: int = 1,
    withdrawal_mid_round: bool = False,
    red_card_before_release: bool = False,
    teams: int = 0,
) -> Tournament:
    """Set up, register, draw, score and publish round after round with random valid sheets.

    `rounds` defaults to the category's preset (3 where the category announces it freely);
    `stop_after` leaves the tournament running after that round. The same seed plays the same
    tournament on the same registry. Raises ValidationError where a service refuses.

    `house_final` fills the final with the winner of every table of the last preliminary round
    (000 §1B); `tie_at_cut` fixes table 1 of that round so that its A and B tie for the win.
    Ties at a cut (forced or by chance) are decided by lot, as the director would (Klub 4.2).
    `teams` (special tournaments, a Städtekampf, Klub 6.2.1) spreads the registered players,
    reserves included, over that many teams in turn, in random order.

    `red_card_mid_round` gives a red card in a random game of round `red_card_round` (SPEC §7)
    at table 1, or with `three_player_tables` at the first table of three (its two others
    finish as 2-player games); `withdrawal_mid_round` then withdraws a second player of that
    table from the same or a later game (a table of three is left with one player).

    `red_card_before_release` gives a red card in round 1 between its draw and its release
    (SPEC §7): the round is drawn again without the player (after the desk checked in or out
    the reserves the rest needs).
    """
    rng = rng or random.Random(seed)
    tournament, director, desk = _setup(
        rng,
        seed=seed,
        players=players,
        category=category,
        rounds=rounds or CATEGORY_PRESETS[category].rounds or 3,
        games=games,
        final=final,
        three_player_tables=three_player_tables,
        house_final=house_final,
        year=year or timezone.localdate().year,
        name=name,
    )
    if teams:
        _make_teams(rng, tournament, director, teams)
    for _ in range(tournament.total_rounds):
        with transaction.atomic():
            _decide_ties_by_lot(rng, tournament, director)
            rnd = round_services.round_pair_next(
                tournament=tournament, user=director, seed=rng.randrange(2**62)
            )
            if red_card_before_release and rnd.number == 1:
                _red_card_before_release(rng, rnd, director)
            round_services.round_release(rnd=rnd, user=director)
            if stop_after is not None and rnd.number > stop_after:
                break
            carded, absent = None, {}
            if red_card_mid_round and rnd.number == red_card_round:
                carded = _carded_table(rnd, three_player_tables)
                absent = _red_card(rng, rnd, carded, director, withdrawal=withdrawal_mid_round)
            for table in rnd.tables.order_by("number"):
                letters = tuple(sorted(table.seats.values_list("letter", flat=True)))
                games = random_sheet(rng, letters, tournament.games_per_round)
                if table.number == carded:
                    out = not_played_by_game(
                        absent, games=tournament.games_per_round, letters=letters
                    )
                    games = [_without(rng, game, letters, out) for game in games]
                if tie_at_cut and rnd.number == tournament.rounds_planned and table.number == 1:
                    games = tied_sheet(letters, tournament.games_per_round)
                sheet = sheet_services.sheet_save(
                    table=table,
                    games=games,
                    expected_version=0,
                    user=desk,
                )
                sheet_services.sheet_confirm(
                    sheet=sheet, expected_version=sheet.version, user=director
                )
            round_services.round_publish(rnd=rnd, user=director)
            if absent and not three_player_tables:
                _refill_reserves(tournament, director)
        tournament.refresh_from_db()
    return tournament


def _carded_table(rnd: Round, three_player_tables: bool) -> int:
    """Table 1, or with tables of three the first of them (a final of two: its one table)."""
    if not three_player_tables:
        return 1
    sizes = {t.number: t.seats.count() for t in rnd.tables.order_by("number")}
    return next((n for n, size in sizes.items() if size == 3), min(sizes))


def _red_card(
    rng: random.Random, rnd: Round, table: int, director, *, withdrawal: bool
) -> dict[str, int]:
    """A referee's red card for a (non-reserve) player at `table` in a random game (SPEC §7)
    and, with `withdrawal`, a second player of the table withdrawn from the same or a later
    game: seat letter → the first game not played."""
    seats = list(rnd.seats.filter(table__number=table).order_by("letter"))
    seat = rng.choice([s for s in seats if not s.reserve])
    referee = _referee(rnd.tournament)
    game = rng.randint(1, rnd.tournament.games_per_round)
    referees_services.warning_give(
        tournament=rnd.tournament,
        player=seat.player,
        kind=WarningKind.RED,
        ground=WarningGround.UNSPORTING,
        user=referee,
        rnd=rnd,
        game_number=game,
    )
    absent = {seat.letter: game}
    if withdrawal:
        other = rng.choice([s for s in seats if s != seat])
        later = rng.randint(game, rnd.tournament.games_per_round)
        registration_services.registration_update(
            registration=rnd.tournament.registrations.get(player=other.player),
            withdrawn=True,
            from_game=later,
            user=director,
        )
        absent[other.letter] = later
    return absent


def _red_card_before_release(rng: random.Random, rnd: Round, director) -> None:
    """SPEC §7: a red card before the release takes the player out of the draw at once; where
    the rest needs other reserves (Klub 6.1), the desk fixes them and the director draws again."""
    seat = rng.choice(list(rnd.seats.filter(reserve=False).order_by("pk")))
    referees_services.warning_give(
        tournament=rnd.tournament,
        player=seat.player,
        kind=WarningKind.RED,
        ground=WarningGround.UNSPORTING,
        user=_referee(rnd.tournament),
    )
    if not rnd.tables.exists():
        _refill_reserves(rnd.tournament, director)
        round_services.round_redraw(rnd=rnd, user=director)


def _referee(tournament: Tournament):
    referee, _ = get_user_model().objects.get_or_create(username="sim-schiri")
    TournamentStaff.objects.get_or_create(
        tournament=tournament, user=referee, role=StaffRole.REFEREE
    )
    return referee


def _without(
    rng: random.Random, game: dict, letters: tuple[str, ...], out: dict[int, tuple[str, ...]]
) -> dict:
    """A random game of the players who still play it (SPEC §7): every seat but those `out`
    of it (`not_played_by_game`), none at a table left with one player."""
    playing = tuple(x for x in letters if x not in out.get(game["number"], ()))
    if playing == letters:
        return game
    if not playing:
        return {"number": game["number"], "scores": {}}
    return random_game(rng, game["number"], playing)


def _refill_reserves(tournament: Tournament, director) -> None:
    """The excluded (and a withdrawn) player leave the field: check in or out reserves so that
    the next round has exactly the reserves Klub 6.1 asks for (the withdrawn registration is
    no longer active, the excluded one is)."""
    active = tournament.registrations.active().filter(checked_in_at__isnull=False)
    field_players = active.filter(reserve=False).count() - 1
    reserves = list(active.filter(reserve=True))
    needed = reserves_needed(field_players)
    for registration in reserves[needed:]:
        registration_services.registration_update(registration=registration, checked_in=False)
    if needed > len(reserves):
        taken = tournament.registrations.values_list("player_id", flat=True)
        player = Player.objects.exclude(pk__in=taken).order_by("pk").first()
        if player is None:
            player = Player.objects.create(**demo_player_rows(1, seed=99999, start=99999)[0])
        reserve = registration_services.registration_add(
            tournament=tournament, player=player, reserve=True, user=director
        )
        registration_services.registration_update(registration=reserve, checked_in=True)


CITIES = ("Aachen", "Bonn", "Köln", "Düren", "Essen", "Dortmund", "Münster", "Bielefeld")


@transaction.atomic
def _make_teams(rng: random.Random, tournament: Tournament, director, count: int) -> None:
    """`count` teams (cities, then numbered), every registered player in one of them."""
    names = [CITIES[i] if i < len(CITIES) else f"Mannschaft {i + 1}" for i in range(count)]
    created = [
        registration_services.team_create(tournament=tournament, name=name, user=director)
        for name in names
    ]
    registrations = list(tournament.registrations.active().order_by("pk"))
    rng.shuffle(registrations)
    for index, registration in enumerate(registrations):
        registration_services.registration_team_set(
            registration=registration, team=created[index % count], user=director
        )


def _decide_ties_by_lot(rng: random.Random, tournament: Tournament, director) -> None:
    """Before the final: every tie at a cut decided by lot (SPEC §1, Klub 4.2)."""
    for tie in rounds_selectors.final_ties_pending(tournament):
        if tie.decided:
            continue
        finals_services.cut_decision_record(
            tournament=tournament,
            kind=tie.kind,
            table_number=tie.table_number,
            chosen=rng.sample(list(tie.tied), tie.open_places),
            method=CutMethod.LOT,
            reason="Los gezogen (Simulation).",
            user=director,
        )


def _staff():
    User = get_user_model()
    director, _ = User.objects.get_or_create(username="sim-leitung")
    desk, _ = User.objects.get_or_create(username="sim-orgatisch")
    director.groups.add(*role_groups(GlobalRole.DIRECTOR))
    return director, desk


def _field(rng: random.Random, count: int) -> list[Player]:
    """Draw from the registry so simulated tournaments share players and feed one ranking."""
    have = Player.objects.count()
    if have < count:
        start = 90000 + have
        Player.objects.bulk_create(
            [Player(**row) for row in demo_player_rows(count - have, seed=start, start=start)]
        )
    ids = list(Player.objects.order_by("pk").values_list("pk", flat=True))
    chosen = rng.sample(ids, count)
    by_id = Player.objects.in_bulk(chosen)
    return [by_id[pk] for pk in chosen]


@transaction.atomic
def _setup(
    rng: random.Random,
    *,
    seed: int,
    players: int,
    category: str,
    rounds: int,
    games: int,
    final: bool,
    three_player_tables: bool,
    house_final: bool,
    year: int,
    name: str | None,
):
    start = date(year, 1, 1) + timedelta(days=rng.randrange(365 if year % 4 else 366))
    director, desk = _staff()
    tournament = setup_services.tournament_create(
        user=director,
        name=name or f"Simuliertes Turnier {year} #{seed}",
        category=category,
        rounds_planned=rounds,
        games_per_round=games,
        has_final=final or house_final,
        final_mode=FinalMode.TABLE_WINNERS if house_final else FinalMode.TOP_N,
        table_policy=TablePolicy.THREE_PLAYER if three_player_tables else TablePolicy.RESERVES,
        start_date=start,
        end_date=start,
        ranking_year=year,
        rule_set=RuleSetCode.RULES_2014 if year >= 2014 else RuleSetCode.PRE_2014,
        venue="Simulation",
    )
    TournamentStaff.objects.create(tournament=tournament, user=desk, role=StaffRole.DESK)
    opened = timezone.make_aware(datetime.combine(start - timedelta(days=30), time(12)))
    registration_services.tournament_open_registration(tournament=tournament, now=opened)
    extra = 0 if three_player_tables else reserves_needed(players)
    for index, player in enumerate(_field(rng, players + extra)):
        registration_services.registration_add(
            tournament=tournament, player=player, reserve=index >= players, user=director
        )
    registration_services.registrations_check_in_all(tournament=tournament)
    return tournament, director, desk
