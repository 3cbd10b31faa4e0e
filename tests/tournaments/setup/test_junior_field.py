"""The juniors' field (Klub 6.3 last sentence, 7.1; SPEC §1): own rounds, pairing and standings
of the same tournament; staff, dates and status are the main tournament's."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError

from tests.support.builders import (
    add_staff,
    make_tournament,
    make_user,
    play_next_round,
    register_players,
)
from tournaments import permissions
from tournaments.enums import Category, GlobalRole, StaffRole, TournamentStatus
from tournaments.models import Registration, Tournament
from tournaments.registration import services as registration_services
from tournaments.setup import services as setup_services
from tournaments.standings.selectors import standings_table


def junior_field(main, director, rounds: int = 2) -> Tournament:
    return setup_services.junior_field_create(tournament=main, rounds_planned=rounds, user=director)


@pytest.fixture
def main(director):
    """An open city championship: 3 rounds (Klub 6.3)."""
    return make_tournament(director=director, open=True)


# --- Creating it -----------------------------------------------------------------------------


def test_junior_field_takes_the_main_tournaments_settings_and_its_own_round_count(main, director):
    junior = junior_field(main, director, rounds=2)
    assert (junior.juniors_of_id, junior.rounds_planned, junior.name) == (
        main.pk,
        2,
        "Stadtmeisterschaft Teststadt – Junioren",
    )
    shared = ("category", "start_date", "end_date", "venue", "ranking_year", "rule_set", "status")
    assert [getattr(junior, f) for f in shared] == [getattr(main, f) for f in shared]
    assert junior.status == TournamentStatus.REGISTRATION
    # No second director row: the main tournament's staff serve both fields.
    assert junior.staff.count() == 0


@pytest.mark.parametrize(
    ("category", "rounds", "accepted"),
    [
        # Klub 6.3: a city championship plays 3 rounds, its juniors may play apart with 2 or 4 …
        (Category.CITY, 2, True),
        (Category.CITY, 4, True),
        # … but still a club tournament's 2 to 4 rounds (Klub 6.2, our reading).
        (Category.CITY, 1, False),
        (Category.NATIONAL, 2, True),
        # Special tournaments play 1 to 4 rounds (Klub 6.2.1).
        (Category.SPECIAL, 1, True),
    ],
)
def test_junior_round_count(director, category, rounds, accepted):
    fields = {"category": category}
    if category == Category.NATIONAL:
        fields["rounds_planned"] = 4
    main = make_tournament(director=director, **fields)
    if accepted:
        assert junior_field(main, director, rounds=rounds).rounds_planned == rounds
    else:
        with pytest.raises(ValidationError) as info:
            junior_field(main, director, rounds=rounds)
        assert info.value.message_dict == {
            "rounds_planned": ["Klub-Turniere haben 2 bis 4 Runden (Klub 6.2)."]
        }
        assert Tournament.objects.count() == 1


def test_one_junior_field_per_tournament_and_none_of_its_own(main, director):
    junior = junior_field(main, director)
    with pytest.raises(ValidationError, match="bereits ein Juniorenfeld"):
        junior_field(main, director)
    with pytest.raises(ValidationError, match="kein eigenes Juniorenfeld"):
        junior_field(junior, director)
    assert Tournament.objects.count() == 2


def test_only_the_director_creates_it(main, other_director):
    with pytest.raises(Exception) as info:
        junior_field(main, other_director)
    assert type(info.value).__name__ == "PermissionDenied"
    assert Tournament.objects.count() == 1


# --- Shared with the main tournament ----------------------------------------------------------


def test_main_tournament_changes_reach_the_junior_field(main, director):
    junior = junior_field(main, director)
    setup_services.tournament_update(tournament=main, venue="Rathaus", name="Stadtmeisterschaft X")
    junior.refresh_from_db()
    assert (junior.venue, junior.name) == ("Rathaus", "Stadtmeisterschaft X – Junioren")


def test_a_main_change_the_junior_field_cannot_follow_is_refused_for_both(director):
    main = make_tournament(director=director, category=Category.SPECIAL, rounds_planned=3)
    junior = junior_field(main, director, rounds=1)
    with pytest.raises(ValidationError, match="Das Juniorenfeld passt nicht"):
        setup_services.tournament_update(tournament=main, category=Category.CITY)
    main.refresh_from_db()
    junior.refresh_from_db()
    assert (main.category, junior.category) == (Category.SPECIAL, Category.SPECIAL)


def test_junior_field_sets_only_its_rounds_and_tables(main, director):
    junior = junior_field(main, director)
    setup_services.tournament_update(tournament=junior, rounds_planned=4)
    with pytest.raises(ValidationError, match="nur Runden und Tische"):
        setup_services.tournament_update(tournament=junior, venue="Anderswo")
    junior.refresh_from_db()
    assert (junior.rounds_planned, junior.venue) == (4, "Bürgerhaus")


def test_registration_opens_with_the_main_tournament(director):
    main = make_tournament(director=director)
    junior = junior_field(main, director)
    assert junior.status == TournamentStatus.DRAFT
    with pytest.raises(ValidationError, match="mit dem Hauptturnier"):
        registration_services.tournament_open_registration(tournament=junior)
    registration_services.tournament_open_registration(tournament=main)
    junior.refresh_from_db()
    assert junior.status == TournamentStatus.REGISTRATION


def test_main_tournament_staff_work_both_fields(main, director, desk_user):
    junior = junior_field(main, director)
    add_staff(main, desk_user, StaffRole.DESK)
    referee = make_user("schiri", role=GlobalRole.REFEREE)
    add_staff(main, referee, StaffRole.REFEREE)
    stranger = make_user("fremd")
    assert [
        permissions.can_direct(director, junior),
        permissions.can_work_desk(desk_user, junior),
        permissions.can_referee(referee, junior),
        permissions.can_work_desk(stranger, junior),
    ] == [True, True, True, False]
    with pytest.raises(ValidationError, match="beim Hauptturnier"):
        setup_services.staff_assign(
            tournament=junior, username="fremd", role=StaffRole.DESK, user=director
        )


# --- One field per player ---------------------------------------------------------------------


def test_a_player_plays_in_one_field_only(main, director, players):
    junior = junior_field(main, director)
    add = registration_services.registration_add
    add(tournament=main, player=players[0], reserve=False, user=director)
    add(tournament=junior, player=players[1], reserve=False, user=director)
    with pytest.raises(ValidationError) as info:
        add(tournament=junior, player=players[0], reserve=False, user=director)
    assert info.value.messages == [f"{players[0].full_name} ist bereits im Hauptfeld angemeldet."]
    with pytest.raises(ValidationError) as info:
        add(tournament=main, player=players[1], reserve=True, user=director)
    assert info.value.messages == [
        f"{players[1].full_name} ist bereits im Juniorenfeld angemeldet."
    ]
    # After withdrawing from the main field the player may switch to the juniors.
    reg = Registration.objects.get(tournament=main, player=players[0])
    registration_services.registration_update(registration=reg, withdrawn=True, user=director)
    add(tournament=junior, player=players[0], reserve=False, user=director)
    # … and cannot come back to the main field while registered with the juniors.
    with pytest.raises(ValidationError, match="im Juniorenfeld"):
        registration_services.registration_update(registration=reg, withdrawn=False)
    assert sorted(
        Registration.objects.active().values_list("tournament_id", "player_id")
    ) == sorted([(junior.pk, players[1].pk), (junior.pk, players[0].pk)])


# --- Playing apart, finishing together ---------------------------------------------------------


def test_fields_pair_and_rank_apart_and_finish_together(main, director, desk_user, players):
    junior = junior_field(main, director, rounds=2)
    register_players(main, players[:8], count=8, user=director)
    register_players(junior, players[8:12], count=4, user=director)

    for _ in range(2):
        play_next_round(junior, director=director, desk=desk_user)
    junior.refresh_from_db()
    assert junior.status == TournamentStatus.RUNNING  # the main field still plays
    seated = set(junior.rounds.get(number=1).seats.values_list("player_id", flat=True))
    assert seated == {p.pk for p in players[8:12]}

    for number in range(1, 4):
        play_next_round(main, director=director, desk=desk_user)
        main.refresh_from_db()
        assert main.status == (
            TournamentStatus.FINISHED if number == 3 else TournamentStatus.RUNNING
        )
    junior.refresh_from_db()
    assert junior.status == TournamentStatus.FINISHED
    assert {e.player.pk for e in standings_table(junior).entries} == {p.pk for p in players[8:12]}
    assert {e.player.pk for e in standings_table(main).entries} == {p.pk for p in players[:8]}


def test_an_empty_junior_field_does_not_hold_up_the_end(main, director, desk_user, players):
    junior = junior_field(main, director)
    register_players(main, players[:4], count=4, user=director)
    for _ in range(3):
        play_next_round(main, director=director, desk=desk_user)
    main.refresh_from_db()
    junior.refresh_from_db()
    assert (main.status, junior.status) == (TournamentStatus.FINISHED,) * 2


def test_only_an_empty_junior_field_can_be_removed(main, director, players):
    junior = junior_field(main, director)
    registration_services.registration_add(
        tournament=junior, player=players[0], reserve=False, user=director
    )
    with pytest.raises(ValidationError, match="bleibt deshalb bestehen"):
        setup_services.junior_field_delete(tournament=junior, user=director)
    with pytest.raises(ValidationError, match="Nur ein Juniorenfeld"):
        setup_services.junior_field_delete(tournament=main, user=director)
    Registration.objects.filter(tournament=junior).delete()
    setup_services.junior_field_delete(tournament=junior, user=director)
    assert list(Tournament.objects.values_list("pk", flat=True)) == [main.pk]
