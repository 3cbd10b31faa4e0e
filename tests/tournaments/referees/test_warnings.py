"""Referee services (Klub 4): warnings and cards, withdrawal, rulings, staff, exclusion."""

from __future__ import annotations

import random
from dataclasses import dataclass

import pytest
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import IntegrityError, transaction

from tests.conftest import (
    create_house_tournament,
    create_tournament,
    make_user,
    register,
    released_round_one,
)
from tournaments.common import events
from tournaments.enums import (
    GlobalRole,
    RoundStatus,
    RulingStatus,
    StaffRole,
    TournamentStatus,
    WarningGround,
    WarningKind,
)
from tournaments.models import PlayerWarning, Registration, Round, Ruling, Seat, Tournament
from tournaments.referees import selectors as referees_selectors
from tournaments.referees import services as referees_services
from tournaments.registration import services as registration_services
from tournaments.rounds import selectors as rounds_selectors
from tournaments.rounds import services as round_services
from tournaments.setup import services as setup_services
from tournaments.sheets import selectors as sheets_selectors
from tournaments.sheets import services as sheet_services
from tournaments.simulation.sheets import random_sheet

GAMES = [
    {"number": 1, "scores": {"A": 60, "B": -10, "C": -20, "D": -30}},
    {"number": 2, "scores": {"A": -5, "B": 45, "C": -20, "D": -20}},
    {"number": 3, "scores": {"A": -14, "B": -3, "C": 40, "D": -23}},
    {"number": 4, "scores": {"A": -8, "B": -8, "C": -9, "D": 25}},
]


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


def build_world(players, *, count: int = 8) -> World:
    director = make_user("leiterin", GlobalRole.DIRECTOR)
    desk = make_user("orga")
    t, rnd = released_round_one(director, players, count=count, seed=8, desk=[desk])
    referee = make_user("schiri", GlobalRole.REFEREE)
    head = make_user("hauptschiri", GlobalRole.HEAD_REFEREE)
    t.staff.create(user=referee, role=StaffRole.REFEREE)
    t.staff.create(user=head, role=StaffRole.HEAD_REFEREE)
    other_director = make_user("anderer", GlobalRole.DIRECTOR)
    other = create_tournament(other_director, name="Anderes Turnier")
    registration_services.tournament_open_registration(tournament=other)
    foreign = make_user("fremdschiri", GlobalRole.REFEREE)
    other.staff.create(user=foreign, role=StaffRole.REFEREE)
    users = {
        "director": director,
        "desk": desk,
        "referee": referee,
        "head": head,
        "other_director": other_director,
        "foreign_referee": foreign,
        "admin": make_user("verband", GlobalRole.FEDERATION_ADMIN),
        "commission": make_user("kommission", GlobalRole.COMMISSION),
        "plain": make_user("spielerin"),
        # A player with an account: no staff role, so no more rights than anyone else.
        "player": make_user(players[0].federation_number),
    }
    return World(t=t, rnd=rnd, other=other, users=users, players=list(players))


def publish(rnd: Round, desk, director, rng: random.Random | None = None) -> None:
    """Enter, confirm and publish every sheet: the fixed GAMES, or random ones (no ties)."""
    for table in rnd.tables.all():
        letters = tuple(sorted(table.seats.values_list("letter", flat=True)))
        games = (
            random_sheet(rng, letters, 4)
            if rng
            else [
                {"number": g["number"], "scores": {x: g["scores"][x] for x in letters}}
                for g in GAMES
            ]
        )
        sheet = sheet_services.sheet_save(table=table, games=games, expected_version=0, user=desk)
        sheet_services.sheet_confirm(sheet=sheet, expected_version=sheet.version, user=director)
    sheet_services.round_publish(rnd=rnd, user=director)


def give(w: World, player, kind=WarningKind.YELLOW, user=None, **extra) -> PlayerWarning:
    extra.setdefault("ground", WarningGround.UNSPORTING)
    return referees_services.warning_give(
        tournament=w.t, player=player, kind=kind, user=user or w.users["referee"], **extra
    )


@pytest.fixture
def w(players):
    return build_world(players)


# --- Giving warnings --------------------------------------------------------------------------


def test_warning_give_records_table_game_time_and_referee(w):
    player = w.seated(2, "C")

    warning = give(w, player, WarningKind.UNOFFICIAL, rnd=w.rnd, game_number=3, note=" laut ")

    warning.refresh_from_db()
    assert (warning.kind, warning.table_number, warning.game_number) == ("unofficial", 2, 3)
    assert warning.round_id == w.rnd.pk
    assert warning.given_by == w.users["referee"]
    assert warning.given_at is not None
    assert warning.note == "laut"
    assert warning.withdrawn_at is None


def test_warning_give_head_referee_may_log_too(w):
    warning = give(w, w.seated(1, "A"), user=w.users["head"])

    assert warning.given_by == w.users["head"]


@pytest.mark.parametrize(
    "role", ["director", "desk", "admin", "foreign_referee", "commission", "plain", "player"]
)
def test_warning_give_only_referees_of_this_tournament(w, role):
    with pytest.raises(PermissionDenied, match="Nur Schiedsrichter dieses Turniers"):
        give(w, w.seated(1, "A"), user=w.users[role])

    assert PlayerWarning.objects.count() == 0


def test_warning_give_free_text_ground_needs_text(w):
    with pytest.raises(ValidationError) as exc:
        give(w, w.seated(1, "A"), ground=WarningGround.FREE_TEXT, ground_text="  ")

    assert exc.value.message_dict == {"ground_text": ["Bitte den Grund als Freitext angeben."]}
    assert PlayerWarning.objects.count() == 0


def test_warning_give_free_text_is_kept_other_grounds_drop_it(w):
    a = give(w, w.seated(1, "A"), ground=WarningGround.FREE_TEXT, ground_text="Handy am Tisch")
    b = give(w, w.seated(1, "B"), ground=WarningGround.DROPPED_TILES, ground_text="egal")

    assert (a.ground_text, b.ground_text) == ("Handy am Tisch", "")


def test_warning_give_player_not_registered_is_refused(w):
    outsider = w.players[40]

    with pytest.raises(ValidationError) as exc:
        give(w, outsider)

    assert exc.value.message_dict == {
        "player": [f"{outsider.full_name} ist in diesem Turnier nicht gemeldet."]
    }


def test_warning_give_game_outside_the_round_is_refused(w):
    with pytest.raises(ValidationError) as exc:
        give(w, w.seated(1, "A"), game_number=5)

    assert exc.value.message_dict == {"game_number": ["Das Spiel muss zwischen 1 und 4 liegen."]}


def test_warning_give_round_of_another_tournament_is_refused(w, players):
    register(w.other, players[10:18], count=8)
    foreign_round = round_services.round_pair_next(
        tournament=w.other, user=w.users["other_director"], seed=1
    )

    with pytest.raises(ValidationError) as exc:
        give(w, w.seated(1, "A"), rnd=foreign_round)

    assert exc.value.message_dict == {"round": ["Diese Runde gehört nicht zu diesem Turnier."]}


def test_warning_give_in_draft_tournament_is_refused(w):
    draft = create_tournament(w.users["director"], name="Entwurf")
    draft.staff.create(user=w.users["referee"], role=StaffRole.REFEREE)

    with pytest.raises(ValidationError, match="noch ein Entwurf"):
        referees_services.warning_give(
            tournament=draft,
            player=w.players[0],
            kind=WarningKind.YELLOW,
            ground=WarningGround.UNSPORTING,
            user=w.users["referee"],
        )


def test_second_red_card_is_refused_with_the_first_ones_time(w):
    player = w.seated(1, "A")
    give(w, player, WarningKind.RED)

    with pytest.raises(ValidationError, match="ist bereits ausgeschlossen \\(Rote Karte am"):
        give(w, player, WarningKind.RED, user=w.users["head"])

    assert PlayerWarning.objects.filter(kind=WarningKind.RED).count() == 1


def test_database_allows_only_one_active_red_card_per_player(w):
    """The last line against two referees saving at the same moment."""
    player = w.seated(1, "A")
    give(w, player, WarningKind.RED)

    with pytest.raises(IntegrityError), transaction.atomic():
        PlayerWarning.objects.create(
            tournament=w.t, player=player, kind=WarningKind.RED, ground=WarningGround.UNSPORTING
        )


def test_red_card_drops_public_cache_and_marks_the_ranking(w, django_capture_on_commit_callbacks):
    from ranking.models import RankingYear

    before = events.public_generation(w.t.pk)

    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        give(w, w.seated(1, "A"), WarningKind.RED)

    assert len(callbacks) == 2  # cache bump and ranking recompute, both after commit
    assert RankingYear.objects.get(year=w.t.ranking_year).pending is True
    for callback in callbacks:
        callback()
    assert events.public_generation(w.t.pk) > before


def test_yellow_card_leaves_public_cache_alone(w, django_capture_on_commit_callbacks):
    before = events.public_generation(w.t.pk)

    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        give(w, w.seated(1, "A"), WarningKind.YELLOW)

    assert callbacks == []
    assert events.public_generation(w.t.pk) == before


# --- Exclusion and the next round -------------------------------------------------------------


def test_red_card_player_is_not_seated_in_the_next_round_played_results_stay(w):
    director, desk = w.users["director"], w.users["desk"]
    publish(w.rnd, desk, director)
    carded = w.seated(1, "A")
    lines_before = [
        line for line in sheets_selectors.game_lines(w.t) if line.player_id == carded.pk
    ]
    give(w, carded, WarningKind.RED, rnd=w.rnd, game_number=4)

    status = round_services.next_round_status(w.t)
    assert status.excluded == (carded.pk,)
    assert not status.status.ok
    assert status.message == (
        "1 Spieler ist ausgeschlossen (Rote Karte) und wird nicht gesetzt. 7 Spieler: es werden "
        "genau 1 Ersatzspieler gebraucht (Klub 6.1), eingecheckt sind 0."
    )
    with pytest.raises(ValidationError) as exc:
        round_services.round_pair_next(tournament=w.t, user=director, seed=2)
    assert exc.value.messages == [status.message]

    reserve = registration_services.registration_add(
        tournament=w.t, player=w.players[30], reserve=True, user=director
    )
    registration_services.registration_update(registration=reserve, checked_in=True)
    rnd2 = round_services.round_pair_next(tournament=w.t, user=director, seed=2)

    seated = set(rnd2.seats.values_list("player_id", flat=True))
    assert carded.pk not in seated
    assert len(seated) == 8 and w.players[30].pk in seated
    assert rnd2.seats.get(player=w.players[30]).reserve is True
    assert Seat.objects.filter(round=w.rnd, player=carded).exists()  # round 1 stays as played
    assert [
        line for line in sheets_selectors.game_lines(w.t) if line.player_id == carded.pk
    ] == lines_before


def test_withdrawn_red_card_readmits_player_for_the_next_draw(w):
    carded = w.seated(1, "A")
    red = give(w, carded, WarningKind.RED)
    assert round_services.next_round_status(w.t).excluded == (carded.pk,)

    referees_services.warning_withdraw(warning=red, reason="Verwechslung", user=w.users["head"])

    status = round_services.next_round_status(w.t)
    assert status.excluded == ()
    assert status.status.ok is True
    assert carded.pk in round_services.next_round_field(w.t).player_ids
    assert referees_selectors.excluded_player_ids(w.t) == frozenset()


def test_three_player_tables_absorb_an_exclusion(db, director, players):
    """House format (000 §1A): 9 players are three 3-tables; one red card leaves two 4-tables."""
    t = create_house_tournament(director)
    register(t, players, count=9)
    referee = make_user("schiri", GlobalRole.REFEREE)
    t.staff.create(user=referee, role=StaffRole.REFEREE)
    assert round_services.next_round_status(t).status.table_sizes == (3, 3, 3)

    referees_services.warning_give(
        tournament=t,
        player=players[4],
        kind=WarningKind.RED,
        ground=WarningGround.UNSPORTING,
        user=referee,
    )

    status = round_services.next_round_status(t)
    assert status.status.table_sizes == (4, 4)
    assert status.message.startswith("1 Spieler ist ausgeschlossen (Rote Karte)")
    rnd = round_services.round_pair_next(tournament=t, user=director, seed=3)
    assert players[4].pk not in set(rnd.seats.values_list("player_id", flat=True))
    assert rnd.seats.count() == 8


# --- Withdrawal ---------------------------------------------------------------------------------


@pytest.mark.parametrize("role", ["head", "director", "admin"])
def test_withdraw_by_head_referee_or_director_keeps_the_row(w, role):
    warning = give(w, w.seated(1, "A"))

    referees_services.warning_withdraw(warning=warning, reason=" Irrtum ", user=w.users[role])

    warning.refresh_from_db()
    assert warning.withdrawn_by == w.users[role]
    assert warning.withdrawal_reason == "Irrtum"
    assert warning.withdrawn_at is not None
    assert PlayerWarning.objects.count() == 1


@pytest.mark.parametrize("role", ["referee", "desk", "foreign_referee", "other_director"])
def test_withdraw_by_others_is_denied(w, role):
    warning = give(w, w.seated(1, "A"))

    with pytest.raises(PermissionDenied):
        referees_services.warning_withdraw(warning=warning, reason="x", user=w.users[role])

    warning.refresh_from_db()
    assert warning.withdrawn_at is None


def test_withdraw_needs_a_reason(w):
    warning = give(w, w.seated(1, "A"))

    with pytest.raises(ValidationError) as exc:
        referees_services.warning_withdraw(warning=warning, reason="   ", user=w.users["head"])

    assert exc.value.message_dict == {"reason": ["Bitte die Rücknahme begründen."]}


def test_withdraw_twice_is_a_conflict_and_keeps_the_first(w):
    warning = give(w, w.seated(1, "A"))
    referees_services.warning_withdraw(warning=warning, reason="erste", user=w.users["head"])

    with pytest.raises(ValidationError, match="bereits am .* zurückgenommen"):
        referees_services.warning_withdraw(
            warning=warning, reason="zweite", user=w.users["director"]
        )

    warning.refresh_from_db()
    assert (warning.withdrawal_reason, warning.withdrawn_by) == ("erste", w.users["head"])


def test_red_card_withdrawal_drops_public_cache(w, django_capture_on_commit_callbacks):
    red = give(w, w.seated(1, "A"), WarningKind.RED)
    before = events.public_generation(w.t.pk)

    with django_capture_on_commit_callbacks(execute=True):
        referees_services.warning_withdraw(warning=red, reason="Irrtum", user=w.users["head"])

    assert events.public_generation(w.t.pk) > before


# --- Rulings (Klub 4.2.2) -------------------------------------------------------------------------


def record(w, objections=0, user=None, **extra):
    return referees_services.ruling_record(
        tournament=w.t,
        question="Joker zurück auf die Bank?",
        decision="Nein",
        rule_cited="Klub 14.4",
        objections=objections,
        user=user or w.users["referee"],
        **extra,
    )


@pytest.mark.parametrize(
    ("objections", "status"),
    [(0, RulingStatus.DECIDED), (2, RulingStatus.DECIDED), (3, RulingStatus.ESCALATED)],
)
def test_ruling_goes_to_head_referee_only_when_more_than_two_object(w, objections, status):
    ruling = record(w, objections, rnd=w.rnd, table_number=2, game_number=1)

    assert ruling.status == status
    assert (ruling.table_number, ruling.game_number, ruling.round_id) == (2, 1, w.rnd.pk)
    assert ruling.decided_by == w.users["referee"]


def test_ruling_without_head_referee_stays_binding(w):
    w.t.staff.filter(role=StaffRole.HEAD_REFEREE).delete()

    ruling = record(w, 4)

    assert ruling.status == RulingStatus.DECIDED
    assert ruling.objections == 4


def test_ruling_table_must_exist_in_the_round(w):
    with pytest.raises(ValidationError) as exc:
        record(w, rnd=w.rnd, table_number=9)

    assert exc.value.message_dict == {"table_number": ["Tisch 9 gibt es in Runde 1 nicht."]}


def test_ruling_needs_question_and_decision(w):
    with pytest.raises(ValidationError) as exc:
        referees_services.ruling_record(
            tournament=w.t, question=" ", decision="", user=w.users["referee"]
        )

    assert exc.value.message_dict == {
        "question": ["Bitte die Frage oder den Sachverhalt angeben."],
        "decision": ["Bitte die Entscheidung angeben."],
    }


@pytest.mark.parametrize("role", ["director", "desk", "admin", "foreign_referee"])
def test_ruling_only_by_referees_of_this_tournament(w, role):
    with pytest.raises(PermissionDenied):
        record(w, user=w.users[role])


def test_final_ruling_by_head_referee_is_a_new_row_and_cannot_change(w):
    call = record(w, 3, rnd=w.rnd, table_number=1)

    final = referees_services.ruling_decide_finally(
        ruling=call, decision="Bestätigt", rule_cited="Klub 14.4", user=w.users["head"]
    )

    assert final.status == RulingStatus.FINAL
    assert final.escalated_from_id == call.pk
    assert (final.table_number, final.round_id, final.question) == (1, w.rnd.pk, call.question)
    call.refresh_from_db()
    assert (call.status, call.decision) == (RulingStatus.ESCALATED, "Nein")
    with pytest.raises(ValidationError, match="kann nicht geändert werden"):
        referees_services.ruling_decide_finally(
            ruling=call, decision="Doch anders", user=w.users["head"]
        )
    assert Ruling.objects.filter(status=RulingStatus.FINAL).count() == 1


@pytest.mark.parametrize("role", ["referee", "director", "admin"])
def test_final_ruling_only_by_the_head_referee(w, role):
    call = record(w, 3)

    with pytest.raises(PermissionDenied, match="Hauptschiedsrichter"):
        referees_services.ruling_decide_finally(ruling=call, decision="x", user=w.users[role])


def test_final_ruling_on_a_call_that_was_not_escalated_is_refused(w):
    call = record(w, 1)

    with pytest.raises(ValidationError, match="Nur an den Hauptschiedsrichter übergebene"):
        referees_services.ruling_decide_finally(ruling=call, decision="x", user=w.users["head"])


# --- Staff assignment ---------------------------------------------------------------------------


def test_staff_assign_referee_desk_and_one_head_referee(w):
    director = w.users["director"]
    new_ref = make_user("neuschiri", GlobalRole.REFEREE)
    second_head = make_user("zweiterhaupt", GlobalRole.HEAD_REFEREE)

    setup_services.staff_assign(
        tournament=w.t, username="NeuSchiri", role=StaffRole.REFEREE, user=director
    )
    setup_services.staff_assign(
        tournament=w.t, username="spielerin", role=StaffRole.DESK, user=director
    )
    with pytest.raises(ValidationError, match="hauptschiri ist bereits Hauptschiedsrichter"):
        setup_services.staff_assign(
            tournament=w.t, username=second_head.username, role="head_referee", user=director
        )

    roles = set(w.t.staff.values_list("user__username", "role"))
    assert ("neuschiri", "referee") in roles and ("spielerin", "desk") in roles
    assert w.t.staff.filter(role=StaffRole.HEAD_REFEREE).count() == 1
    assert new_ref.pk in set(w.t.staff.values_list("user_id", flat=True))


@pytest.mark.parametrize(
    ("username", "role", "message"),
    [
        ("spielerin", "referee", "spielerin ist nicht als Schiedsrichter geführt."),
        ("schiri", "head_referee", "schiri ist nicht als Hauptschiedsrichter geführt."),
        ("niemand", "desk", "Kein aktives Benutzerkonto „niemand“."),
        ("", "desk", "Kein aktives Benutzerkonto „“."),
    ],
)
def test_staff_assign_refuses_unknown_or_unlisted_people(w, username, role, message):
    with pytest.raises(ValidationError) as exc:
        setup_services.staff_assign(
            tournament=w.t, username=username, role=role, user=w.users["director"]
        )

    assert exc.value.message_dict == {"username": [message]}


def test_staff_assign_twice_and_director_role_are_refused(w):
    director = w.users["director"]
    with pytest.raises(ValidationError, match="schiri ist bereits als Schiedsrichter zugeordnet"):
        setup_services.staff_assign(
            tournament=w.t, username="schiri", role="referee", user=director
        )
    with pytest.raises(ValidationError) as exc:
        setup_services.staff_assign(
            tournament=w.t, username="anderer", role="director", user=director
        )
    assert list(exc.value.message_dict) == ["role"]


def test_staff_assign_and_unassign_only_by_this_tournaments_director(w):
    with pytest.raises(PermissionDenied):
        setup_services.staff_assign(
            tournament=w.t, username="spielerin", role="desk", user=w.users["other_director"]
        )
    row = w.t.staff.get(role=StaffRole.REFEREE)
    with pytest.raises(PermissionDenied):
        setup_services.staff_unassign(assignment=row, user=w.users["head"])

    setup_services.staff_unassign(assignment=row, user=w.users["director"])

    assert not w.t.staff.filter(role=StaffRole.REFEREE).exists()


def test_staff_unassign_director_is_refused(w):
    row = w.t.staff.get(role=StaffRole.DIRECTOR)

    with pytest.raises(ValidationError, match="Turnierleitung wird hier nicht geändert"):
        setup_services.staff_unassign(assignment=row, user=w.users["director"])


def test_finalists_skip_a_red_carded_leader(db, director, players):
    """Default final (SPEC §1): the top four of the preliminaries, never an excluded player."""
    t = create_tournament(
        director,
        name="Einsteiger",
        category="beginners",
        rounds_planned=2,
        has_final=True,
    )
    registration_services.tournament_open_registration(tournament=t)
    register(t, players, count=8)
    desk = make_user("orga")
    t.staff.create(user=desk, role=StaffRole.DESK)
    referee = make_user("schiri", GlobalRole.REFEREE)
    t.staff.create(user=referee, role=StaffRole.REFEREE)
    for seed in (1, 2):
        rnd = round_services.round_pair_next(tournament=t, user=director, seed=seed)
        round_services.round_release(rnd=rnd, user=director)
        publish(rnd, desk, director, rng=random.Random(seed))
    top = rounds_selectors.finalists(t)
    referees_services.warning_give(
        tournament=t,
        player=Registration.objects.get(tournament=t, player_id=top[0]).player,
        kind=WarningKind.RED,
        ground=WarningGround.UNSPORTING,
        user=referee,
    )

    final = round_services.round_pair_next(tournament=t, user=director, seed=3)

    seated = set(final.seats.values_list("player_id", flat=True))
    assert top[0] not in seated
    assert len(seated) == 4 and set(top[1:4]) <= seated
    assert Tournament.objects.get(pk=t.pk).status == TournamentStatus.RUNNING
    assert Round.objects.get(pk=final.pk).status == RoundStatus.DRAWN
