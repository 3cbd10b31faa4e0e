"""Pairing a round, the director's overrides and release (SPEC §2, Klub 7.1)."""

from __future__ import annotations

import pytest
from django.contrib.messages import get_messages
from django.core.exceptions import ValidationError
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone

from tests.conftest import create_house_tournament, create_tournament, register
from tournaments.enums import (
    RoundStatus,
    SheetStatus,
    TournamentStatus,
)
from tournaments.models import (
    PairingChange,
    ResultSheet,
    Round,
    Seat,
    SheetVersion,
    TablePin,
)
from tournaments.registration import services as registration_services
from tournaments.rounds import selectors as rounds_selectors
from tournaments.rounds import services as round_services
from tournaments.sheets import selectors as sheets_selectors

RELEASED = "Die Paarung ist freigegeben und kann nicht mehr geändert werden."


@pytest.fixture
def house_tournament(director):
    return create_house_tournament(director, rounds_planned=2)


def seating(rnd) -> list[tuple[int, str, int]]:
    return list(
        Seat.objects.filter(round=rnd)
        .order_by("table__number", "letter")
        .values_list("table__number", "letter", "player_id")
    )


def seat_of(rnd, player) -> tuple[int, str]:
    seat = Seat.objects.select_related("table").get(round=rnd, player=player)
    return seat.table.number, seat.letter


def tables_of(rnd) -> dict[int, list[int]]:
    tables: dict[int, list[int]] = {}
    for number, _letter, pid in seating(rnd):
        tables.setdefault(number, []).append(pid)
    return tables


def publish_with_results(rnd, user=None) -> None:
    """Confirmed sheets for every table (Klub 19.1 figures), then the round is published."""
    four = {"A": 60, "B": -10, "C": -20, "D": -30}
    three = {"A": 30, "B": -10, "C": -20}
    for table in rnd.tables.prefetch_related("seats"):
        letters = sorted(s.letter for s in table.seats.all())
        base = four if len(letters) == 4 else three
        games = []
        for number in range(1, rnd.tournament.games_per_round + 1):
            # rotate the winner so the standings are not just seat letters
            shifted = letters[number - 1 :] + letters[: number - 1]
            values = [base[x] for x in sorted(base)]
            games.append({"number": number, "scores": dict(zip(shifted, values, strict=True))})
        sheet = ResultSheet.objects.create(
            table=table, round=rnd, status=SheetStatus.CONFIRMED, version=1
        )
        version = SheetVersion.objects.create(
            sheet=sheet,
            number=1,
            games=games,
            status=SheetStatus.CONFIRMED,
            action="confirm",
            created_by=user,
        )
        sheet.current = sheet.confirmed = version
        sheet.save()
    rnd.status = RoundStatus.PUBLISHED
    rnd.published_at = timezone.now()
    rnd.save()


def flashed(response) -> list[str]:
    return [str(m) for m in get_messages(response.wsgi_request)]


# --- Round 1 -------------------------------------------------------------------------------


def test_round_one_seats_every_checked_in_player_once(open_tournament, players, director):
    register(open_tournament, players, count=37, reserves=3)
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
    register(open_tournament, players, count=40)
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
    register(open_tournament, players, count=8)
    assert open_tournament.status == TournamentStatus.REGISTRATION

    round_services.round_pair_next(tournament=open_tournament, user=director, seed=1)

    open_tournament.refresh_from_db()
    assert open_tournament.status == TournamentStatus.RUNNING


def test_round_two_refused_while_round_one_not_published(open_tournament, players, director):
    register(open_tournament, players, count=8)
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


def test_round_two_pairs_after_publication_without_repeats(open_tournament, players, director):
    register(open_tournament, players, count=16)
    first = round_services.round_pair_next(tournament=open_tournament, user=director, seed=1)
    publish_with_results(first, director)

    second = round_services.round_pair_next(tournament=open_tournament, user=director, seed=2)

    assert second.number == 2
    assert second.method.startswith("standings-v1:beam=")
    assert second.notice == ""
    met = {frozenset(t) for t in tables_of(first).values()}
    for table in tables_of(second).values():
        for earlier in met:
            assert len(earlier & set(table)) <= 1
    # All preliminary rounds paired: no more rounds.
    publish_with_results(second, director)
    third = round_services.round_pair_next(tournament=open_tournament, user=director, seed=3)
    publish_with_results(third, director)
    with pytest.raises(ValidationError) as info:
        round_services.round_pair_next(tournament=open_tournament, user=director, seed=4)
    assert info.value.messages == ["Alle Runden dieses Turniers sind bereits gepaart."]


# --- Pins ----------------------------------------------------------------------------------


def test_pin_before_round_one_is_respected(open_tournament, players, director):
    register(open_tournament, players, count=16)
    pinned = players[5]
    round_services.pin_set(
        tournament=open_tournament,
        player=pinned,
        table_number=3,
        reason="Rollstuhl, Tisch am Eingang",
        user=director,
    )
    pin = TablePin.objects.get()
    assert (pin.table_number, pin.reason, pin.created_by) == (
        3,
        "Rollstuhl, Tisch am Eingang",
        director,
    )

    for seed in range(5):
        rnd = round_services.round_pair_next(tournament=open_tournament, user=director, seed=seed)
        assert seat_of(rnd, pinned)[0] == 3
        Round.objects.filter(pk=rnd.pk).delete()


def test_pin_is_respected_in_round_two(open_tournament, players, director):
    register(open_tournament, players, count=16)
    first = round_services.round_pair_next(tournament=open_tournament, user=director, seed=1)
    round_services.pin_set(
        tournament=open_tournament, player=players[0], table_number=4, reason="", user=director
    )
    publish_with_results(first, director)

    second = round_services.round_pair_next(tournament=open_tournament, user=director, seed=9)

    assert seat_of(second, players[0])[0] == 4


def test_pin_beyond_table_count_refused_at_pairing(open_tournament, players, director):
    register(open_tournament, players, count=8)
    round_services.pin_set(
        tournament=open_tournament, player=players[0], table_number=3, reason="", user=director
    )

    with pytest.raises(ValidationError) as info:
        round_services.round_pair_next(tournament=open_tournament, user=director, seed=1)

    assert info.value.messages == [
        "Ein Spieler ist an Tisch 3 gebunden, es gibt aber nur 2 Tische. "
        "Bitte die Tischbindung ändern."
    ]
    assert Round.objects.count() == Seat.objects.count() == 0
    open_tournament.refresh_from_db()
    assert open_tournament.status == TournamentStatus.REGISTRATION


def test_pin_rules(open_tournament, players, director):
    with pytest.raises(ValidationError) as info:
        round_services.pin_set(
            tournament=open_tournament, player=players[0], table_number=0, reason="", user=director
        )
    assert info.value.messages == ["Die Tischnummer muss mindestens 1 sein."]

    for player in players[:4]:
        round_services.pin_set(
            tournament=open_tournament, player=player, table_number=1, reason="", user=director
        )
    with pytest.raises(ValidationError) as info:
        round_services.pin_set(
            tournament=open_tournament, player=players[4], table_number=1, reason="", user=director
        )
    assert info.value.messages == ["An Tisch 1 sind bereits vier Spieler gebunden."]

    round_services.pin_set(
        tournament=open_tournament, player=players[0], table_number=None, reason="", user=director
    )
    assert sorted(TablePin.objects.values_list("player_id", flat=True)) == sorted(
        p.pk for p in players[1:4]
    )


# --- Overrides -----------------------------------------------------------------------------


@pytest.fixture
def round_one(open_tournament, players, director):
    register(open_tournament, players, count=16)
    return round_services.round_pair_next(tournament=open_tournament, user=director, seed=11)


def player_at(rnd, table: int, letter: str):
    return (
        Seat.objects.select_related("player")
        .get(round=rnd, table__number=table, letter=letter)
        .player
    )


def test_swap_between_tables(round_one, director):
    a, b = player_at(round_one, 1, "A"), player_at(round_one, 2, "C")

    change = round_services.round_swap_players(rnd=round_one, player_a=a, player_b=b, user=director)

    assert seat_of(round_one, a) == (2, "C")
    assert seat_of(round_one, b) == (1, "A")
    assert (change.action, change.user, change.created_repeat) == ("swap", director, False)
    assert change.description == (
        f"Getauscht: {a.full_name} (jetzt Tisch 2 C) und {b.full_name} (jetzt Tisch 1 A)."
    )
    assert Seat.objects.filter(round=round_one).count() == 16


def test_swap_within_a_table_keeps_the_reserve_flag(open_tournament, players, director):
    register(open_tournament, players, count=7, reserves=1)
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
    register(house_tournament, players, count=13)
    rnd = round_services.round_pair_next(tournament=house_tournament, user=director, seed=8)
    assert [len(t) for t in tables_of(rnd).values()] == [4, 3, 3, 3]
    mover = player_at(rnd, 1, "B")

    change = round_services.round_move_player(
        rnd=rnd, player=mover, table_number=2, letter="D", user=director
    )

    assert seat_of(rnd, mover) == (2, "D")
    assert [len(t) for t in tables_of(rnd).values()] == [3, 4, 3, 3]
    assert (change.action, change.user, change.created_repeat) == ("move", director, False)
    assert change.description == f"Verschoben: {mover.full_name} von Tisch 1 nach Tisch 2 D."

    # Within a table to a free letter.
    stay = player_at(rnd, 3, "C")
    round_services.round_move_player(
        rnd=rnd, player=stay, table_number=3, letter="D", user=director
    )
    assert seat_of(rnd, stay) == (3, "D")
    assert PairingChange.objects.filter(round=rnd, user=director).count() == 2


def test_move_refusals(house_tournament, players, director):
    register(house_tournament, players, count=13)
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


@pytest.fixture
def round_two(open_tournament, players, director):
    """16 players, round 1 published with confirmed sheets, round 2 paired without repeats."""
    register(open_tournament, players, count=16)
    first = round_services.round_pair_next(tournament=open_tournament, user=director, seed=21)
    publish_with_results(first, director)
    assert len(sheets_selectors.game_lines(open_tournament)) == 16 * 4  # the sheets really count
    second = round_services.round_pair_next(tournament=open_tournament, user=director, seed=22)
    assert second.notice == ""
    return first, second


def repeat_swap(first, second):
    """(x, y, z): swapping x and y puts x at a table with z, whom he met in round 1."""
    earlier = {pid: set(t) for t in tables_of(first).values() for pid in t}
    now = tables_of(second)
    where = {pid: number for number, t in now.items() for pid in t}
    for x, table in sorted(where.items()):
        for number, others in now.items():
            if number == table:
                continue
            z = next(pid for pid in others if pid in earlier[x] and pid != x)
            y = next(pid for pid in others if pid != z)
            return x, y, z
    raise AssertionError("no candidate")


def test_swap_creating_repeat_meeting_is_flagged(round_two, director, client):
    first, second = round_two
    x, y, z = repeat_swap(first, second)
    px, py = (Seat.objects.get(round=second, player_id=pid).player for pid in (x, y))
    pz = Seat.objects.get(round=second, player_id=z).player

    change = round_services.round_swap_players(rnd=second, player_a=px, player_b=py, user=director)

    assert change.created_repeat is True
    assert change.user == director
    assert " Achtung, erneute Begegnung mit: " in change.description
    assert pz.full_name in change.description.split("Achtung, erneute Begegnung mit: ")[1]
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
    assert change.description in html  # the audit log


def test_swap_view_repeat_is_a_warning_message(round_two, director, client):
    first, second = round_two
    x, y, _z = repeat_swap(first, second)
    client.force_login(director)

    response = client.post(
        reverse("director:round_swap", args=[second.tournament_id, 2]),
        {"player_a": x, "player_b": y},
    )

    assert response.status_code == 302
    [message] = list(get_messages(response.wsgi_request))
    assert message.level_tag == "warning"
    assert "Achtung, erneute Begegnung mit:" in message.message
    assert PairingChange.objects.get(round=second).created_repeat is True


def test_round_two_page_without_overrides_shows_no_warning(round_two, director, client):
    _first, second = round_two
    client.force_login(director)

    response = client.get(reverse("director:round_detail", args=[second.tournament_id, 2]))

    assert response.context["report"].repeated_pairs == 0
    assert "Diese Spieler treffen erneut aufeinander:" not in response.content.decode()
    assert "Keine Änderungen an der Auslosung." in response.content.decode()


# --- Release -------------------------------------------------------------------------------


def test_release_makes_round_public_and_blocks_overrides(round_one, players, director, client):
    a, b = player_at(round_one, 1, "A"), player_at(round_one, 2, "A")
    url = reverse("pairing_by_table", args=[round_one.tournament_id, 1])
    assert client.get(url).status_code == 404

    released = round_services.round_release(rnd=round_one, user=director)

    assert released.status == RoundStatus.RELEASED
    assert released.released_at is not None
    change = PairingChange.objects.get(round=round_one)
    assert (change.action, change.user, change.description) == (
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


def test_release_view_hides_edit_forms(round_one, director, client):
    client.force_login(director)
    pk = round_one.tournament_id

    response = client.post(reverse("director:round_release", args=[pk, 1]))
    assert flashed(response) == ["Runde 1 ist freigegeben und öffentlich sichtbar."]

    page = client.get(reverse("director:round_detail", args=[pk, 1]))
    html = page.content.decode()
    assert page.context["editable"] is False
    assert "Zwei Spieler tauschen" not in html
    assert "Paarung freigeben" not in html

    a, b = player_at(round_one, 1, "A"), player_at(round_one, 2, "A")
    response = client.post(
        reverse("director:round_swap", args=[pk, 1]), {"player_a": a.pk, "player_b": b.pk}
    )
    assert flashed(response) == [RELEASED]
    assert seat_of(round_one, a) == (1, "A")


# --- Override views ------------------------------------------------------------------------


def test_swap_view_success(round_one, director, client):
    client.force_login(director)
    a, b = player_at(round_one, 1, "B"), player_at(round_one, 3, "D")

    response = client.post(
        reverse("director:round_swap", args=[round_one.tournament_id, 1]),
        {"player_a": a.pk, "player_b": b.pk},
    )

    assert response.status_code == 302
    assert response.url == reverse("director:round_detail", args=[round_one.tournament_id, 1])
    assert flashed(response) == [
        f"Getauscht: {a.full_name} (jetzt Tisch 3 D) und {b.full_name} (jetzt Tisch 1 B)."
    ]
    assert PairingChange.objects.get().user == director


def test_move_view_htmx_renders_editor_with_message(house_tournament, players, director, client):
    register(house_tournament, players, count=13)
    rnd = round_services.round_pair_next(tournament=house_tournament, user=director, seed=8)
    mover = player_at(rnd, 1, "C")
    client.force_login(director)

    response = client.post(
        reverse("director:round_move", args=[house_tournament.pk, 1]),
        {"player": mover.pk, "table": 4, "letter": "D"},
        HTTP_HX_REQUEST="true",
        HTTP_HX_TARGET="round-editor",
    )

    html = response.content.decode()
    assert response.status_code == 200
    assert html.lstrip().startswith('<div id="round-editor">')
    assert f"Verschoben: {mover.full_name} von Tisch 1 nach Tisch 4 D." in html
    assert seat_of(rnd, mover) == (4, "D")


def test_pin_view_sets_and_removes_pin(round_one, players, director, client):
    client.force_login(director)
    url = reverse("director:round_pin", args=[round_one.tournament_id, 1])
    player = player_at(round_one, 1, "A")

    response = client.post(url, {"player": player.pk, "table": 2, "reason": "Hörgerät"})
    assert flashed(response) == [
        f"{player.full_name} ist ab der nächsten Auslosung an Tisch 2 gebunden."
    ]
    pin = TablePin.objects.get()
    assert (pin.player, pin.table_number, pin.reason, pin.created_by) == (
        player,
        2,
        "Hörgerät",
        director,
    )
    page = client.get(reverse("director:round_detail", args=[round_one.tournament_id, 1]))
    assert "gebunden an Tisch 2" in page.content.decode()

    response = client.post(url, {"player": player.pk, "table": ""})
    assert flashed(response) == [f"Tischbindung von {player.full_name} aufgehoben."]
    assert TablePin.objects.count() == 0


def test_pair_view_redirects_to_round(open_tournament, players, director, client):
    register(open_tournament, players, count=8)
    client.force_login(director)

    response = client.post(reverse("director:round_pair", args=[open_tournament.pk]))

    rnd = Round.objects.get()
    assert response.url == reverse("director:round_detail", args=[open_tournament.pk, 1])
    assert flashed(response) == [f"Runde 1 ist ausgelost (Startwert {rnd.seed})."]
    assert rnd.created_by == director


# --- Query counts --------------------------------------------------------------------------


def test_round_page_query_count_does_not_grow(director, players, client):
    client.force_login(director)

    def queries_for(count, reserves):
        t = create_tournament(director, name=f"Turnier {count}")
        registration_services.tournament_open_registration(tournament=t)
        register(t, players, count=count, reserves=reserves)
        rnd = round_services.round_pair_next(tournament=t, user=director, seed=1)
        a, b = player_at(rnd, 1, "A"), player_at(rnd, 2, "B")
        round_services.round_swap_players(rnd=rnd, player_a=a, player_b=b, user=director)
        round_services.pin_set(tournament=t, player=a, table_number=2, reason="", user=director)
        with CaptureQueriesContext(connection) as ctx:
            response = client.get(reverse("director:round_detail", args=[t.pk, 1]))
        assert response.status_code == 200
        assert len(response.context["seated"]) == count + reserves
        return len(ctx.captured_queries)

    small, large = queries_for(7, 1), queries_for(37, 3)
    assert small == large
    assert large <= 15


def test_round_two_page_query_count_does_not_grow(director, players, client):
    client.force_login(director)

    def queries_for(count):
        t = create_tournament(director, name=f"Turnier {count}")
        registration_services.tournament_open_registration(tournament=t)
        register(t, players, count=count)
        publish_with_results(round_services.round_pair_next(tournament=t, user=director, seed=1))
        round_services.round_pair_next(tournament=t, user=director, seed=2)
        with CaptureQueriesContext(connection) as ctx:
            response = client.get(reverse("director:round_detail", args=[t.pk, 2]))
        assert response.status_code == 200
        assert response.context["ranked"] is True
        return len(ctx.captured_queries)

    small, large = queries_for(8), queries_for(40)
    assert small == large
    assert large <= 18


def test_pin_set_from_round_page_is_audited(round_one, players, director, client):
    client.force_login(director)
    player = player_at(round_one, 2, "B")
    url = reverse("director:round_pin", args=[round_one.tournament_id, round_one.number])
    client.post(url, {"player": player.pk, "table": 5, "reason": "Rollstuhl"})
    client.post(url, {"player": player.pk, "table": ""})
    assert [c.action for c in round_one.changes.order_by("at", "id")] == ["pin", "unpin"]
    pin_change, unpin_change = round_one.changes.order_by("at", "id")
    assert pin_change.user == director
    assert pin_change.description == (
        f"{player.full_name} an Tisch 5 gebunden (ab der nächsten Auslosung). Grund: Rollstuhl"
    )
    assert unpin_change.description == f"Tischbindung von {player.full_name} aufgehoben."
