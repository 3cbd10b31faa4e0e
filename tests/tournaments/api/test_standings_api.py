"""API v1, standings: exact values for a known round, reserves, exclusions, initials, cache."""

from tests.support.builders import (
    KNOWN_STANDINGS,
    make_user,
    play_next_round,
)
from tournaments.enums import (
    RoundStatus,
    StaffRole,
    WarningGround,
    WarningKind,
)
from tournaments.models import Seat, TournamentStaff
from tournaments.referees import services as referees_services

API = "/api/v1/tournaments"


def known_entry(rnd, table, letter, rank, pp, gp, placings, minus):
    """A standings entry as the API lists it, for the player seated at (table, letter)."""
    player = rnd.seats.select_related("player").get(table__number=table, letter=letter).player
    return {
        "rank": rank,
        "player": {"id": player.pk, "name": f"{player.last_name}, {player.first_name}"},
        "reserve": False,
        "excluded": False,
        "finalist": False,
        "placement_points": pp,
        "game_points": gp,
        "placings": placings,
        "minus_points": minus,
        "games": 4,
    }


def known_standings(tournament):
    rnd = tournament.rounds.get(number=1)
    return {
        "after_round": 1,
        "entries": [known_entry(rnd, *seat, *row) for seat, *row in KNOWN_STANDINGS],
    }


def test_standings_of_the_known_round(api, known):
    assert api.json(f"{API}/{known.pk}/standings/") == known_standings(known)
    assert api.json(f"{API}/{known.pk}/standings/?after_round=1") == known_standings(known)


def test_standings_reserves_are_listed_without_rank(api, running):
    data = api.json(f"{API}/{running.pk}/standings/")
    assert data["after_round"] == 1
    assert len(data["entries"]) == 20
    reserves = [e for e in data["entries"] if e["reserve"]]
    assert len(reserves) == 2 and all(e["rank"] is None for e in reserves)
    ranks = [e["rank"] for e in data["entries"][:18]]
    assert ranks == sorted(ranks) and ranks[0] == 1


def test_standings_after_an_earlier_round(api, finished):
    data = api.json(f"{API}/{finished.pk}/standings/?after_round=1")
    assert data["after_round"] == 1
    assert {e["games"] for e in data["entries"]} == {4}
    assert api.json(f"{API}/{finished.pk}/standings/?after_round=3", 404) == {
        "detail": "Nach dieser Runde gibt es keine veröffentlichte Rangliste."
    }


def test_standings_never_show_an_unpublished_round(api, running):
    rnd = running.rounds.get(number=2)
    api.json(f"{API}/{running.pk}/standings/?after_round=2", 404)
    assert api.json(f"{API}/{running.pk}/standings/")["after_round"] == 1
    assert rnd.status == RoundStatus.RELEASED


def test_standings_excluded_player_has_no_rank(api, running):
    referee = make_user("schiri-api")
    TournamentStaff.objects.create(tournament=running, user=referee, role=StaffRole.REFEREE)
    player = Seat.objects.filter(round__tournament=running, reserve=False).first().player
    referees_services.warning_give(
        tournament=running,
        player=player,
        kind=WarningKind.RED,
        ground=WarningGround.UNSPORTING,
        user=referee,
    )
    entries = api.json(f"{API}/{running.pk}/standings/")["entries"]
    mine = next(e for e in entries if e["player"]["id"] == player.pk)
    assert mine["excluded"] is True and mine["rank"] is None


def test_private_player_is_shown_with_initials(api, finished):
    seat = Seat.objects.filter(round__tournament=finished).select_related("player").first()
    seat.player.publish_name = False
    seat.player.save()
    initials = f"{seat.player.first_name[0]}. {seat.player.last_name[0]}."
    entries = api.json(f"{API}/{finished.pk}/standings/")["entries"]
    assert next(e for e in entries if e["player"]["id"] == seat.player_id)["player"] == {
        "id": seat.player_id,
        "name": initials,
    }
    tables = api.json(f"{API}/{finished.pk}/rounds/{seat.round.number}/tables/")["tables"]
    names = [
        s["player"]["name"]
        for t in tables
        for s in t["seats"]
        if s["player"]["id"] == seat.player_id
    ]
    assert names == [initials]


# --- cache --------------------------------------------------------------------------------------


def test_cached_standings_change_when_a_round_is_published(
    api,
    known,
    director,
    desk_user,
    django_capture_on_commit_callbacks,
    django_assert_max_num_queries,
):
    url = f"{API}/{known.pk}/standings/"
    assert api.get(url)["X-Public-Cache"] == "miss"
    with django_assert_max_num_queries(1):  # only the tournament itself; the body is cached
        response = api.get(url)
    assert response["X-Public-Cache"] == "hit"
    assert response.json() == known_standings(known)
    with django_capture_on_commit_callbacks(execute=True):
        play_next_round(known, director=director, desk=desk_user, seed=8)
    data = api.json(url)
    assert data["after_round"] == 2
    assert {e["games"] for e in data["entries"]} == {8}
    assert api.json(f"{API}/{known.pk}/rounds/2/tables/")["tables"][0]["games"] != []
