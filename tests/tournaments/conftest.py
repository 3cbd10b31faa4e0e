"""Worlds shared by the tournament tests: a running tournament with its staff (referees, desk,
head referee) and a second tournament, as the referee and staff tests need it."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from tests.support.builders import (
    give_warning,
    make_city_contest,
    make_released_round,
    make_teams,
    make_tournament,
    make_user,
    record_ruling,
    register_players,
    simulate_tournament,
)
from tournaments.enums import GlobalRole, StaffRole, WarningKind
from tournaments.models import (
    PlayerWarning,
    Registration,
    Round,
    Seat,
    SignupRequest,
    Tournament,
)
from tournaments.privacy import services as privacy_services
from tournaments.registration import services as registration_services
from tournaments.rounds import services as round_services
from tournaments.setup import services as setup_services


@dataclass
class World:
    """A running tournament (8 players, round 1 released) with its staff, and a second one."""

    t: Tournament
    rnd: Round
    other: Tournament
    users: dict
    players: list

    def seated(self, table: int, letter: str):
        return (
            Seat.objects.select_related("player")
            .get(round=self.rnd, table__number=table, letter=letter)
            .player
        )

    def give(self, player, kind=WarningKind.YELLOW, user=None, **extra) -> PlayerWarning:
        """A warning or card by this tournament's referee (unsporting behaviour, Klub 4.4)."""
        return give_warning(self.t, player, kind=kind, user=user or self.users["referee"], **extra)

    def record(self, objections=0, user=None, **extra):
        """A ruling at a table (Klub 4.2.2) by this tournament's referee."""
        return record_ruling(
            self.t, objections=objections, user=user or self.users["referee"], **extra
        )


@pytest.fixture
def w(players) -> World:
    return build_world(players)


def build_world(players) -> World:
    """The `w` fixture's world (also built once per module where tests only read it)."""
    director = make_user("leiterin", role=GlobalRole.DIRECTOR)
    desk = make_user("orga")
    t, rnd = make_released_round(director=director, players=players, count=8, seed=8, desk=[desk])
    referee = make_user("schiri", role=GlobalRole.REFEREE)
    head = make_user("hauptschiri", role=GlobalRole.HEAD_REFEREE)
    t.staff.create(user=referee, role=StaffRole.REFEREE)
    t.staff.create(user=head, role=StaffRole.HEAD_REFEREE)
    other_director = make_user("anderer", role=GlobalRole.DIRECTOR)
    other = make_tournament(director=other_director, open=True, name="Anderes Turnier")
    foreign = make_user("fremdschiri", role=GlobalRole.REFEREE)
    other.staff.create(user=foreign, role=StaffRole.REFEREE)
    users = {
        "director": director,
        "desk": desk,
        "referee": referee,
        "head": head,
        "other_director": other_director,
        "foreign_referee": foreign,
        "admin": make_user("verband", role=GlobalRole.FEDERATION_ADMIN),
        "commission": make_user("kommission", role=GlobalRole.COMMISSION),
        "plain": make_user("spielerin"),
        # A player with an account: no staff role, so no more rights than anyone else.
        "player": make_user(players[0].federation_number),
    }
    return World(t=t, rnd=rnd, other=other, users=users, players=list(players))


@pytest.fixture
def director_world(
    director, other_director, admin_user, referee, commission_member, plain_user, players
):
    """The director's running tournament (round 1 drawn, 8 players), a draft of hers, and
    another director's own tournament."""
    users = {
        "director": director,
        "other_director": other_director,
        "admin": admin_user,
        "referee": referee,
        "commission": commission_member,
        "plain": plain_user,
    }
    return build_director_world(users, players)


def build_director_world(users: dict, players) -> dict:
    """The `director_world` fixture's world for these users (keys as in its "users")."""
    director = users["director"]
    t = make_tournament(director=director, open=True)
    register_players(t, players, count=8)
    rnd = round_services.round_pair_next(tournament=t, user=director, seed=1)
    late = registration_services.registration_add(
        tournament=t, player=players[30], reserve=True, user=director
    )
    draft = make_tournament(director=director, name="Entwurf")
    juniors = setup_services.junior_field_create(tournament=draft, rounds_planned=2, user=director)
    desk_row = t.staff.create(user=make_user("orga-welt"), role="desk")
    foreign = make_tournament(director=users["other_director"], name="Anderes Turnier")
    contest = make_city_contest(director=director)
    register_players(contest, players[40:], count=2)
    (contest_team,) = make_teams(contest, ["Köln"], user=director)
    signup = SignupRequest.objects.create(tournament=contest, player=players[50], status="pending")

    def at(table, letter):
        return Seat.objects.get(round=rnd, table__number=table, letter=letter).player_id

    return {
        "t": t,
        "draft": draft,
        "juniors": juniors,
        "foreign": foreign,
        "round": rnd,
        "reg": Registration.objects.get(tournament=t, player=players[0]),
        "late": late,
        "free_player": players[20],
        "spare_player": players[22],  # a second free entry: merged into the free one
        "erasure": privacy_services.erasure_request_file(player=players[21], user=None),
        "contest": contest,
        "contest_team": contest_team,
        "signup": signup,
        "contest_reg": Registration.objects.get(tournament=contest, player=players[40]),
        "desk_row": desk_row,
        "a": at(1, "A"),
        "b": at(2, "B"),
        "users": users,
    }


@pytest.fixture
def finished(db):
    """A finished beginners' tournament, simulated: 14 players (2 of them reserves), 2 rounds."""
    return simulate_tournament(
        "--players", "14", "--category", "beginners", "--seed", "11", "--year", "2026"
    )
