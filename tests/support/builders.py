"""Test data built through the real services: users, players, tournaments, registrations, rounds.

One place for what the tests need again and again, so a change in a service shows up once.
Plain functions with keyword arguments; the conftest fixtures are thin wrappers around them.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Iterable, Mapping, Sequence
from datetime import date, datetime
from io import StringIO
from zoneinfo import ZoneInfo

from django.contrib.auth import get_user_model
from django.core.management import call_command

from tournaments.enums import (
    Category,
    GlobalRole,
    RoundStatus,
    RuleSetCode,
    StaffRole,
    TablePolicy,
    WarningGround,
    WarningKind,
)
from tournaments.models import (
    Player,
    ResultSheet,
    Round,
    SheetVersion,
    Tournament,
    TournamentStaff,
)
from tournaments.permissions import role_groups
from tournaments.referees import services as referees_services
from tournaments.registration import services as registration_services
from tournaments.rounds import services as round_services
from tournaments.setup import services as setup_services
from tournaments.sheets import services as sheet_services
from tournaments.simulation.players import demo_player_rows
from tournaments.simulation.sheets import random_sheet

PASSWORD = "test-passwort-123"
BERLIN = ZoneInfo("Europe/Berlin")

CITY_CHAMPIONSHIP = {
    "name": "Stadtmeisterschaft Teststadt",
    "category": Category.CITY,
    "rounds_planned": 3,
    "games_per_round": 4,
    "has_final": False,
    "start_date": date(2026, 12, 12),
    "end_date": date(2026, 12, 12),
    "ranking_year": 2026,
    "venue": "Bürgerhaus",
}

HOUSE_FORMAT = {
    "name": "Hausturnier",
    "category": Category.SPECIAL,
    "rounds_planned": 1,
    "games_per_round": 3,
    "table_policy": TablePolicy.THREE_PLAYER,
    "max_players": 16,
    "rule_set": RuleSetCode.HOUSE,
}
"""A special tournament in the house format: 3-player tables, at most 16 (000 §1A)."""

FIXED_SHEET = [
    {"number": 1, "scores": {"A": 60, "B": -10, "C": -20, "D": -30}},
    {"number": 2, "scores": {"A": 45, "B": -5, "C": -20, "D": -20}},
    {"number": 3, "scores": {"A": 40, "B": -14, "C": -3, "D": -23}},
    {"number": 4, "scores": {"A": 25, "B": -8, "C": -9, "D": -8}},
]
"""One sheet whose totals are easy to compute by hand: A wins every game.

Per round (Klub 10.1): A 16 placement points, +170; B 9, -37; C 5, -52; D 3, -81.
"""

ROTATING_SHEET = [
    {"number": 1, "scores": {"A": 60, "B": -10, "C": -20, "D": -30}},
    {"number": 2, "scores": {"A": -5, "B": 45, "C": -20, "D": -20}},
    {"number": 3, "scores": {"A": -14, "B": -3, "C": 40, "D": -23}},
    {"number": 4, "scores": {"A": -8, "B": -8, "C": -9, "D": 25}},
]
"""Every letter wins one game: A 10 placement points, +33; B 12, +24; C 6, -9; D 5, -48."""

KNOWN_SHEETS = {1: FIXED_SHEET, 2: ROTATING_SHEET}
"""The sheets of the known round (8 players, two tables): every total differs."""

KNOWN_STANDINGS = [
    # (table, letter): rank, placement points, game points, placings 1st–4th, minus points
    ((1, "A"), 1, 16, 170, [4, 0, 0, 0], 0),
    ((2, "B"), 2, 12, 24, [1, 3, 0, 0], 21),
    ((2, "A"), 3, 10, 33, [1, 2, 1, 0], 27),
    ((1, "B"), 4, 9, -37, [0, 3, 1, 0], 37),
    ((2, "C"), 5, 6, -9, [1, 0, 2, 1], 49),
    ((2, "D"), 6, 5, -48, [1, 0, 1, 2], 73),
    ((1, "C"), 7, 5, -52, [0, 1, 2, 1], 52),
    ((1, "D"), 8, 3, -81, [0, 1, 1, 2], 81),
]
"""The standings after the known round, computed by hand from KNOWN_SHEETS (Klub 10.1)."""

FIXED_SHEET_THREE = [{"number": n, "scores": {"A": 30, "B": -10, "C": -20}} for n in range(1, 5)]
"""The same idea for 3-player tables (000 §1A): A wins every game."""

TIED_SHEET_THREE = [
    {"number": 1, "scores": {"A": 20, "B": -5, "C": -15}},
    {"number": 2, "scores": {"A": -5, "B": 20, "C": -15}},
    {"number": 3, "scores": {"A": -5, "B": -5, "C": 10}},
]
"""A 3-table of three games where A and B cannot be separated (000 §5A, Klub 10.1): each wins
one game, shares 2nd place in game 3: 9 placement points and +10 each; C 6, -20."""


def make_user(username: str = "nutzer", *, role=None, superuser: bool = False):
    """A user with the given global role (or tuple of roles); no role is a plain account."""
    roles = (role,) if isinstance(role, str) else tuple(role or ())
    user = get_user_model().objects.create_user(
        username=username, password=PASSWORD, is_superuser=superuser, is_staff=superuser
    )
    if roles:
        user.groups.add(*role_groups(*roles))
    return user


def make_director(username: str = "leiterin"):
    return make_user(username, role=GlobalRole.DIRECTOR)


def make_players(count: int) -> list[Player]:
    """Registry players with stable federation numbers DRV-00001 … (the demo rows)."""
    return Player.objects.bulk_create([Player(**row) for row in demo_player_rows(count)])


EIGHT_NAMES = [
    ("Adler", "Anna"),
    ("Brandt", "Bernd"),
    ("Conrad", "Carla"),
    ("Dreher", "Dieter"),
    ("Eckert", "Elke"),
    ("Fuchs", "Frank"),
    ("Quast", "Zora"),
    ("Hübner", "Hans"),
]


def make_named_players(
    names: Sequence[tuple[str, str]] = EIGHT_NAMES, *, hidden: Iterable[str] = ()
) -> list[Player]:
    """Players with the given (last, first) names; `hidden` last names do not publish theirs."""
    hidden = set(hidden)
    return [
        Player.objects.create(
            federation_number=f"P-{i}",
            last_name=last,
            first_name=first,
            club=f"Verein {i}",
            publish_name=last not in hidden,
        )
        for i, (last, first) in enumerate(names, start=1)
    ]


def make_tournament(*, director, open: bool = False, opened_at=None, **fields) -> Tournament:
    """A city championship (3 rounds of 4 games) created by `director`; `open` opens its
    registration (at `opened_at`, default now). Any field can be overridden."""
    tournament = setup_services.tournament_create(user=director, **{**CITY_CHAMPIONSHIP, **fields})
    if open:
        registration_services.tournament_open_registration(tournament=tournament, now=opened_at)
        tournament.refresh_from_db()
    return tournament


def make_city_contest(*, director, **fields) -> Tournament:
    """A Städtekampf: a special tournament (3 rounds of 4 games at tables of four), opened more
    than 14 days before its start (Klub 6.2.1); give it teams with `make_teams`."""
    return make_tournament(
        director=director,
        open=True,
        opened_at=datetime(2026, 11, 1, 10, 0, tzinfo=BERLIN),
        **{**CITY_CHAMPIONSHIP, "name": "Städtekampf", "category": Category.SPECIAL, **fields},
    )


def make_teams(tournament, names, *, user) -> list:
    """Create the teams `names` and put the active registrations into them in turn (by name)."""
    teams = [
        registration_services.team_create(tournament=tournament, name=name, user=user)
        for name in names
    ]
    regs = tournament.registrations.active().order_by("player__last_name", "player__first_name")
    for index, reg in enumerate(regs):
        registration_services.registration_team_set(
            registration=reg, team=teams[index % len(teams)], user=user
        )
    return teams


def make_house_tournament(*, director, **fields) -> Tournament:
    """The house format, opened for registration more than 14 days before its start
    (Klub 6.2.1)."""
    return make_tournament(
        director=director,
        open=True,
        opened_at=datetime(2026, 11, 1, 10, 0, tzinfo=BERLIN),
        **{**HOUSE_FORMAT, **fields},
    )


def register_players(
    tournament, players, *, count: int, reserves: int = 0, user=None, check_in: bool = True
) -> None:
    """Register the first `count` players plus the next `reserves` as reserves, then check
    everyone in (unless `check_in` is False)."""
    for index, player in enumerate(players[: count + reserves]):
        registration_services.registration_add(
            tournament=tournament, player=player, reserve=index >= count, user=user
        )
    if check_in:
        registration_services.registrations_check_in_all(tournament=tournament)


def add_staff(tournament, user, role: str = StaffRole.DESK):
    """Staff of the main tournament (who also serve its juniors' field)."""
    return TournamentStaff.objects.get_or_create(
        tournament_id=tournament.main_tournament_id, user=user, role=role
    )[0]


def make_drawn_round(*, director, players, count: int, seed: int, reserves: int = 0, **fields):
    """An opened tournament with `count` (+ `reserves`) checked-in players and round 1 drawn."""
    tournament = make_tournament(director=director, open=True, **fields)
    register_players(tournament, players, count=count, reserves=reserves, user=director)
    rnd = round_services.round_pair_next(tournament=tournament, user=director, seed=seed)
    return tournament, rnd


def make_released_round(
    *, director, players, count: int, seed: int, desk: Iterable = (), **fields
) -> tuple[Tournament, Round]:
    """Round 1 drawn and released with the given users at the desk: where sheets start."""
    tournament, rnd = make_drawn_round(
        director=director, players=players, count=count, seed=seed, **fields
    )
    rnd = round_services.round_release(rnd=rnd, user=director)
    for user in desk:
        add_staff(tournament, user, StaffRole.DESK)
    return tournament, rnd


def without_seat(games: list[dict], letter: str, from_game: int) -> list[dict]:
    """The sheet as the desk enters it when `letter` stops in game `from_game` (SPEC §7): the
    games before stand, from then on the other three play (first of them +30, then -10, -20)."""
    result = []
    for game in games:
        if game["number"] < from_game:
            result.append(game)
            continue
        others = sorted(x for x in game["scores"] if x != letter)
        points = dict(zip(others, (30, -10, -20), strict=True))
        result.append({"number": game["number"], "scores": points})
    return result


def fixed_games(letters: Sequence[str]) -> list[dict]:
    return FIXED_SHEET if len(letters) == 4 else FIXED_SHEET_THREE


def play_round(
    rnd: Round,
    *,
    director,
    desk,
    sheets: Mapping[int, list[dict]] | None = None,
    rng: random.Random | None = None,
    publish: bool = True,
) -> Round:
    """Release the round if needed, enter every sheet (desk, made desk staff if not yet),
    confirm it (director, the second person) and publish. Sheets per table number from
    `sheets`, else random ones from `rng`, else the fixed sheet."""
    rnd.refresh_from_db()
    add_staff(rnd.tournament, desk, StaffRole.DESK)
    if rnd.status == RoundStatus.DRAWN:
        rnd = round_services.round_release(rnd=rnd, user=director)
    games_per_round = rnd.tournament.games_per_round
    for table in rnd.tables.order_by("number"):
        letters = tuple(sorted(table.seats.values_list("letter", flat=True)))
        games = (sheets or {}).get(table.number)
        if games is None:
            games = (
                random_sheet(rng, letters, games_per_round)
                if rng
                else fixed_games(letters)[:games_per_round]
            )
        sheet = sheet_services.sheet_save(table=table, games=games, expected_version=0, user=desk)
        sheet_services.sheet_confirm(sheet=sheet, expected_version=sheet.version, user=director)
    if publish:
        round_services.round_publish(rnd=rnd, user=director)
    rnd.refresh_from_db()
    return rnd


def correct_published_sheet(
    rnd: Round, *, table: int, director, reason: str, games: list[dict] | None = None
) -> SheetVersion:
    """The director's correction of a published table's sheet (Klub 10.3, SPEC §6) with
    `games`, else the valid games with the first normal game's winner 10 points up and its last
    10 down; returns the new valid version."""
    sheet = ResultSheet.objects.select_related("table", "confirmed").get(
        round=rnd, table__number=table
    )
    if games is None:
        games = copy.deepcopy(sheet.confirmed.games)
        first = next(
            g
            for g in games
            if not g["pool_exhausted"] and not g.get("no_meld") and not g.get("not_played")
        )
        scores = first["scores"]
        winner, last = max(scores, key=scores.get), min(scores, key=scores.get)
        scores[winner] += 10
        scores[last] -= 10
    sheet_services.sheet_save(
        table=sheet.table,
        games=games,
        expected_version=sheet.version,
        user=director,
        reason=reason,
    )
    return ResultSheet.objects.get(pk=sheet.pk).confirmed


def play_next_round(tournament, *, director, desk, seed: int = 7, **play) -> Round:
    """Pair the next round (by the standings from round 2 on) and play it (see play_round)."""
    rnd = round_services.round_pair_next(tournament=tournament, user=director, seed=seed)
    return play_round(rnd, director=director, desk=desk, **play)


def play_tournament(
    *,
    director,
    desk,
    players,
    name: str = "Stadtmeisterschaft Teststadt",
    end: date = date(2026, 6, 7),
    count: int = 8,
    reserves: int = 0,
    rounds: int | None = None,
    seed: int | None = None,
    **fields,
) -> Tournament:
    """A city championship played through the services; `rounds` stops early. With `seed`,
    random draws and sheets from it; without, seed 7 and the fixed sheet every round."""
    tournament = make_tournament(
        director=director,
        open=True,
        name=name,
        start_date=end,
        end_date=end,
        ranking_year=end.year,
        **fields,
    )
    register_players(tournament, players, count=count, reserves=reserves, user=director)
    add_staff(tournament, desk, StaffRole.DESK)
    rng = random.Random(seed) if seed is not None else None
    for _ in range(rounds if rounds is not None else tournament.total_rounds):
        play_next_round(
            tournament,
            director=director,
            desk=desk,
            seed=rng.randrange(2**31) if rng else 7,
            rng=rng,
        )
    tournament.refresh_from_db()
    return tournament


def simulate_tournament(*args: str) -> Tournament:
    """Run the `simulate_tournament` command (random but valid sheets through the services)."""
    out = StringIO()
    call_command("simulate_tournament", *args, stdout=out)
    return Tournament.objects.get(pk=int(out.getvalue().split()[-1]))


def play_known_round(*, director, desk, players, **fields) -> Tournament:
    """8 players, round 1 (seed 7) played with KNOWN_SHEETS and published: the standings are
    KNOWN_STANDINGS."""
    tournament, rnd = make_drawn_round(
        director=director, players=players, count=8, seed=7, **fields
    )
    play_round(rnd, director=director, desk=desk, sheets=KNOWN_SHEETS)
    tournament.refresh_from_db()
    return tournament


def make_appeal(*, user, tournament, player, now: datetime, **fields):
    """An appeal about round 1, table 1, game 1 (Klub 3), filed at `now` by `user`."""
    from ranking.appeals import services as appeals_services

    defaults = {
        "what_is_wrong": "Spiel 1 falsch übertragen",
        "correction_requested": "B hat gewonnen",
        "round_number": 1,
        "table_number": 1,
        "game_number": 1,
    }
    return appeals_services.appeal_file(
        user=user, tournament=tournament, player=player, now=now, **{**defaults, **fields}
    )


def make_player_account(username: str, player):
    """A user with a player account linked to `player` (as an accepted invitation leaves it)."""
    from players.models import PlayerAccount

    user = make_user(username)
    PlayerAccount.objects.create(user=user, player=player)
    return user


def make_invitation(*, player, user, email: str = "spieler@example.org") -> str:
    """An open invitation of `player` by `user`; returns the raw token of its link."""
    from players.accounts import services as account_services

    _invitation, token = account_services.player_invite(player=player, user=user, email=email)
    return token


def give_warning(tournament, player, *, user, kind: str = WarningKind.YELLOW, **extra):
    """A warning or card by the referee `user`, for unsporting behaviour unless `ground` says
    otherwise (Klub 4.4)."""
    extra.setdefault("ground", WarningGround.UNSPORTING)
    return referees_services.warning_give(
        tournament=tournament, player=player, kind=kind, user=user, **extra
    )


def record_ruling(tournament, *, user, objections: int = 0, **extra):
    """A ruling at a table by the referee `user`; more than two objections go to the head
    referee, if the tournament has one (Klub 4.2.2)."""
    return referees_services.ruling_record(
        tournament=tournament,
        question="Joker zurück auf die Bank?",
        decision="Nein",
        rule_cited="Klub 14.4",
        objections=objections,
        user=user,
        **extra,
    )


def make_table_entry(
    table,
    games: list[dict],
    *,
    letter: str = "A",
    device: str = "dev-1234 · Chrome Android",
    reason: str = "",
    submission_key=None,
):
    """A sheet entered on a phone at the table (issue #15), as the table's service stores it:
    a TABLE_ENTERED version (status entered, no user, the entering seat in `filled_in_by`, the
    phone in `device`, the form's submission key) that becomes the sheet's current one. Until
    that service is merged, the desk's tests build the rows here."""
    import uuid

    from tournaments.enums import SheetAction, SheetStatus
    from tournaments.models import ResultSheet, SheetVersion
    from tournaments.sheets.codec import normalise_games
    from tournaments.sheets.selectors import table_not_played

    letters = tuple(sorted(table.seats.values_list("letter", flat=True)))
    not_played = table_not_played(table, games=table.round.tournament.games_per_round)
    sheet, _ = ResultSheet.objects.get_or_create(
        table=table, defaults={"round": table.round, "status": SheetStatus.ENTERED}
    )
    version = SheetVersion.objects.create(
        sheet=sheet,
        number=sheet.version + 1,
        games=normalise_games(games, letters=letters, not_played=not_played),
        status=SheetStatus.ENTERED,
        action=SheetAction.TABLE_ENTERED,
        reason=reason,
        filled_in_by=letter,
        created_by=None,
        device=device,
        submission_key=submission_key or uuid.uuid4(),
    )
    sheet.version, sheet.current, sheet.status = version.number, version, SheetStatus.ENTERED
    sheet.save()
    return version


def sign_table_entry(version, answers: Mapping[str, str], *, note: str = "", device: str = ""):
    """The table-mates' answers to a table entry (issue #15): letter → "confirmed" or
    "disputed" (SignoffVerdict), one SheetSignoff row each."""
    from tournaments.models import SheetSignoff

    return [
        SheetSignoff.objects.create(
            version=version,
            letter=letter,
            verdict=verdict,
            note=note if verdict == "disputed" else "",
            device=device or f"dev-{letter}",
        )
        for letter, verdict in answers.items()
    ]
