"""Pairing a round, the director's overrides, release and publication (SPEC §2, Klub 7.1): the
services."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

from tests.support.builders import (
    FIXED_SHEET,
    make_drawn_round,
    make_released_round,
    play_round,
    register_players,
)
from tests.support.reading import player_at, seat_of, seating, tables_of
from tournaments.common.guards import FROZEN
from tournaments.enums import (
    RoundStatus,
    TournamentStatus,
)
from tournaments.models import (
    PairingChange,
    Round,
    Seat,
)
from tournaments.registration import services as registration_services
from tournaments.rounds import selectors as rounds_selectors
from tournaments.rounds import services as round_services
from tournaments.sheets import services as sheet_services

RELEASED = "Die Paarung ist freigegeben und kann nicht mehr geändert werden."

# --- Round 1 -------------------------------------------------------------------------------


def test_round_one_seats_every_checked_in_player_once(open_tournament, players, director):
    register_players(open_tournament, players, count=37, reserves=3)
    late = players[40]
    registration_services.registration_add(
        tournament=open_tournament, player=late, reserve=False, user=director
    )
    gone = players[41]
    reg = registration_services.registration_add(
        tournament=open_tournament, player=gone, reserve=False, user=director
    )
    registration_services.registration_update(registration=reg, checked_in=True)
    registration_services.registration_update(registration=reg, withdrawn=True)

    rnd = round_services.round_pair_next(tournament=open_tournament, user=director, seed=42)

    assert (rnd.number, rnd.kind, rnd.status, rnd.seed, rnd.method) == (
        1,
        "preliminary",
        RoundStatus.DRAWN,
        42,
        "random-v1",
    )
    assert rnd.created_by == director
    seats = seating(rnd)
    assert len(seats) == 40
    seated = sorted(pid for _t, _l, pid in seats)
    assert seated == sorted(p.pk for p in players[:40])
    assert late.pk not in seated and gone.pk not in seated
    assert list(rnd.tables.order_by("number").values_list("number", flat=True)) == list(
        range(1, 11)
    )
    for number, pids in tables_of(rnd).items():
        letters = [letter for t, letter, _ in seats if t == number]
        assert (len(pids), letters) == (4, ["A", "B", "C", "D"])
    reserve_ids = {p.pk for p in players[37:40]}
    assert set(rnd.seats.filter(reserve=True).values_list("player_id", flat=True)) == reserve_ids
    assert rnd.seats.filter(reserve=False).count() == 37


def test_round_one_same_seed_same_tables(open_tournament, players, director):
    register_players(open_tournament, players, count=40)
    first = seating(
        round_services.round_pair_next(tournament=open_tournament, user=director, seed=2026)
    )
    Round.objects.filter(tournament=open_tournament).delete()

    again = seating(
        round_services.round_pair_next(tournament=open_tournament, user=director, seed=2026)
    )
    Round.objects.filter(tournament=open_tournament).delete()
    other = seating(
        round_services.round_pair_next(tournament=open_tournament, user=director, seed=7)
    )

    assert again == first
    assert other != first


def test_round_one_moves_tournament_to_running(open_tournament, players, director):
    register_players(open_tournament, players, count=8)
    assert open_tournament.status == TournamentStatus.REGISTRATION

    round_services.round_pair_next(tournament=open_tournament, user=director, seed=1)

    open_tournament.refresh_from_db()
    assert open_tournament.status == TournamentStatus.RUNNING


def test_round_two_refused_while_round_one_not_published(open_tournament, players, director):
    register_players(open_tournament, players, count=8)
    rnd = round_services.round_pair_next(tournament=open_tournament, user=director, seed=1)
    message = (
        "Runde 1 ist noch nicht veröffentlicht; die nächste Runde wird nach ihren Ergebnissen "
        "gepaart (Klub 7.1)."
    )

    for status in (RoundStatus.DRAWN, RoundStatus.RELEASED):
        Round.objects.filter(pk=rnd.pk).update(status=status)
        with pytest.raises(ValidationError) as info:
            round_services.round_pair_next(tournament=open_tournament, user=director, seed=2)
        assert info.value.messages == [message]
    assert open_tournament.rounds.count() == 1


def test_round_two_pairs_after_publication_without_repeats(
    open_tournament, players, director, desk_user
):
    register_players(open_tournament, players, count=16)
    first = round_services.round_pair_next(tournament=open_tournament, user=director, seed=1)
    play_round(first, director=director, desk=desk_user)

    second = round_services.round_pair_next(tournament=open_tournament, user=director, seed=2)

    assert second.number == 2
    assert second.method.startswith("standings-v1:beam=")
    assert second.notice == ""
    met = {frozenset(t) for t in tables_of(first).values()}
    for table in tables_of(second).values():
        for earlier in met:
            assert len(earlier & set(table)) <= 1
    # All preliminary rounds paired: no more rounds.
    play_round(second, director=director, desk=desk_user)
    third = round_services.round_pair_next(tournament=open_tournament, user=director, seed=3)
    with pytest.raises(ValidationError) as info:
        round_services.round_pair_next(tournament=open_tournament, user=director, seed=4)
    assert info.value.messages == ["Alle Runden dieses Turniers sind bereits gepaart."]
    # Publishing the last round finishes the tournament: no pairing after its end; it is frozen
    # like every write (Klub 4.2.3, 10.4).
    play_round(third, director=director, desk=desk_user)
    open_tournament.refresh_from_db()
    assert open_tournament.status == TournamentStatus.FINISHED
    with pytest.raises(ValidationError) as info:
        round_services.round_pair_next(tournament=open_tournament, user=director, seed=4)
    assert info.value.messages == [FROZEN]


# --- Overrides -----------------------------------------------------------------------------


def test_swap_between_tables(round_one, director):
    a, b = player_at(round_one, 1, "A"), player_at(round_one, 2, "C")

    change = round_services.round_swap_players(rnd=round_one, player_a=a, player_b=b, user=director)

    assert seat_of(round_one, a) == (2, "C")
    assert seat_of(round_one, b) == (1, "A")
    assert (change.action, change.user, change.created_repeat) == ("swap", director, False)
    assert change.description_text == (
        f"Getauscht: {a.full_name} (jetzt Tisch 2 C) und {b.full_name} (jetzt Tisch 1 A)."
    )
    assert Seat.objects.filter(round=round_one).count() == 16


def test_swap_within_a_table_keeps_the_reserve_flag(open_tournament, players, director):
    register_players(open_tournament, players, count=7, reserves=1)
    rnd = round_services.round_pair_next(tournament=open_tournament, user=director, seed=4)
    reserve = players[7]
    table, letter = seat_of(rnd, reserve)
    other_letter = "A" if letter != "A" else "B"
    mate = player_at(rnd, table, other_letter)

    change = round_services.round_swap_players(
        rnd=rnd, player_a=reserve, player_b=mate, user=director
    )

    assert seat_of(rnd, reserve) == (table, other_letter)
    assert seat_of(rnd, mate) == (table, letter)
    assert Seat.objects.get(round=rnd, player=reserve).reserve is True
    assert Seat.objects.get(round=rnd, player=mate).reserve is False
    assert change.created_repeat is False
    assert PairingChange.objects.filter(round=rnd, action="swap", user=director).count() == 1


def test_swap_refuses_same_player_or_unseated_player(round_one, players, director):
    a = player_at(round_one, 1, "A")
    message = ["Beide Spieler müssen in dieser Runde sitzen und verschieden sein."]

    with pytest.raises(ValidationError) as info:
        round_services.round_swap_players(rnd=round_one, player_a=a, player_b=a, user=director)
    assert info.value.messages == message
    with pytest.raises(ValidationError) as info:
        round_services.round_swap_players(
            rnd=round_one, player_a=a, player_b=players[50], user=director
        )
    assert info.value.messages == message
    assert PairingChange.objects.count() == 0


def test_move_to_free_seat_on_three_player_tables(house_tournament, players, director):
    register_players(house_tournament, players, count=13)
    rnd = round_services.round_pair_next(tournament=house_tournament, user=director, seed=8)
    assert [len(t) for t in tables_of(rnd).values()] == [4, 3, 3, 3]
    mover = player_at(rnd, 1, "B")

    change = round_services.round_move_player(
        rnd=rnd, player=mover, table_number=2, letter="D", user=director
    )

    assert seat_of(rnd, mover) == (2, "D")
    assert [len(t) for t in tables_of(rnd).values()] == [3, 4, 3, 3]
    assert (change.action, change.user, change.created_repeat) == ("move", director, False)
    assert change.description_text == f"Verschoben: {mover.full_name} von Tisch 1 nach Tisch 2 D."

    # Within a table to a free letter.
    stay = player_at(rnd, 3, "C")
    round_services.round_move_player(
        rnd=rnd, player=stay, table_number=3, letter="D", user=director
    )
    assert seat_of(rnd, stay) == (3, "D")
    assert PairingChange.objects.filter(round=rnd, user=director).count() == 2


def test_move_refusals(house_tournament, players, director):
    register_players(house_tournament, players, count=13)
    rnd = round_services.round_pair_next(tournament=house_tournament, user=director, seed=8)
    before = seating(rnd)
    occupant = player_at(rnd, 2, "A")
    from_three = player_at(rnd, 3, "A")
    from_four = player_at(rnd, 1, "A")

    cases = [
        (from_four, 2, "A", f"Tisch 2 A ist besetzt ({occupant.full_name}). Zum Tauschen bitte "
                            "„Tauschen“ verwenden."),
        (from_three, 4, "D", "Tisch 3 hätte danach weniger als drei Spieler."),
        (from_four, 9, "A", "Tisch 9 gibt es in dieser Runde nicht."),
        (from_four, 2, "E", "Position muss A, B, C oder D sein."),
        (players[40], 2, "D", f"{players[40].full_name} sitzt in dieser Runde nicht."),
    ]  # fmt: skip
    for player, table, letter, message in cases:
        with pytest.raises(ValidationError) as info:
            round_services.round_move_player(
                rnd=rnd, player=player, table_number=table, letter=letter, user=director
            )
        assert info.value.messages == [message]

    assert seating(rnd) == before
    assert PairingChange.objects.count() == 0


def test_swap_creating_repeat_meeting_is_flagged(round_two, director, client, repeat_swap):
    first, second = round_two
    x, y, z = repeat_swap(first, second)
    px, py = (Seat.objects.get(round=second, player_id=pid).player for pid in (x, y))
    pz = Seat.objects.get(round=second, player_id=z).player

    change = round_services.round_swap_players(rnd=second, player_a=px, player_b=py, user=director)

    assert change.created_repeat is True
    assert change.user == director
    assert " Achtung, erneute Begegnung mit: " in change.description_text
    assert pz.full_name in change.description_text.split("Achtung, erneute Begegnung mit: ")[1]
    assert (
        rounds_selectors.round_report(second, rounds_selectors.round_seating(second))[
            0
        ].repeated_pairs
        >= 1
    )

    client.force_login(director)
    response = client.get(reverse("director:round_detail", args=[second.tournament_id, 2]))
    html = response.content.decode()
    assert response.status_code == 200
    assert "Diese Spieler treffen erneut aufeinander:" in html
    assert response.context["report"].repeated_pairs >= 1
    assert change.description_text in html  # the audit log


# --- Release -------------------------------------------------------------------------------


def test_release_makes_round_public_and_blocks_overrides(round_one, players, director, client):
    a, b = player_at(round_one, 1, "A"), player_at(round_one, 2, "A")
    url = reverse("pairing_by_table", args=[round_one.tournament_id, 1])
    assert client.get(url).status_code == 404

    released = round_services.round_release(rnd=round_one, user=director)

    assert released.status == RoundStatus.RELEASED
    assert released.released_at is not None
    change = PairingChange.objects.get(round=round_one)
    assert (change.action, change.user, change.description_text) == (
        "release",
        director,
        "Paarung freigegeben.",
    )
    assert client.get(url).status_code == 200
    before = seating(round_one)
    for attempt in (
        lambda: round_services.round_swap_players(
            rnd=round_one, player_a=a, player_b=b, user=director
        ),
        lambda: round_services.round_move_player(
            rnd=round_one, player=a, table_number=2, letter="A", user=director
        ),
        lambda: round_services.round_release(rnd=round_one, user=director),
    ):
        with pytest.raises(ValidationError) as info:
            attempt()
        assert info.value.messages == [RELEASED]
    assert seating(round_one) == before
    assert PairingChange.objects.count() == 1


def test_round_two_is_paired_from_published_results_without_repeats(director, desk_user, players):
    tournament, rnd = make_drawn_round(director=director, players=players, count=16, seed=5)
    play_round(rnd, director=director, desk=desk_user)
    second = round_services.round_pair_next(tournament=tournament, user=director, seed=6)
    tables = rounds_selectors.table_history(tournament)
    met = {frozenset((a, b)) for table in tables[0] for a in table for b in table if a != b}
    again = {frozenset((a, b)) for table in tables[1] for a in table for b in table if a != b}
    assert met & again == set()
    report, ranked = rounds_selectors.round_report(second, rounds_selectors.round_seating(second))
    assert report.repeated_pairs == 0
    assert ranked is True
    assert second.notice == ""


# --- Publication ---------------------------------------------------------------------------


def test_round_publish_needs_every_table_confirmed(director, desk_user, players):
    _, rnd = make_released_round(
        director=director, players=players, count=8, seed=11, desk=[desk_user]
    )
    sheet_services.sheet_save(
        table=rnd.tables.get(number=1), games=FIXED_SHEET, expected_version=0, user=desk_user
    )
    with pytest.raises(ValidationError) as excinfo:
        round_services.round_publish(rnd=rnd, user=director)
    assert excinfo.value.messages == ["Noch nicht bestätigt: Tisch 1, 2."]
