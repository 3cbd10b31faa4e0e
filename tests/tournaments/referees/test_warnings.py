"""Warnings and cards (Klub 4): giving, withdrawing, and exclusion from the next round."""

from __future__ import annotations

from datetime import date

import pytest
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import IntegrityError, transaction

from tests.support.builders import (
    make_house_tournament,
    make_tournament,
    make_user,
    play_round,
    register_players,
)
from tournaments.common import events
from tournaments.enums import (
    GlobalRole,
    StaffRole,
    WarningGround,
    WarningKind,
)
from tournaments.models import PlayerWarning, Seat
from tournaments.referees import selectors as referees_selectors
from tournaments.referees import services as referees_services
from tournaments.registration import services as registration_services
from tournaments.results import selectors as results_selectors
from tournaments.rounds import field as rounds_field
from tournaments.rounds import services as round_services


def test_warning_give_records_table_game_time_and_referee(w):
    player = w.seated(2, "C")

    warning = w.give(player, WarningKind.UNOFFICIAL, rnd=w.rnd, game_number=3, note=" laut ")

    warning.refresh_from_db()
    assert (warning.kind, warning.table_number, warning.game_number) == ("unofficial", 2, 3)
    assert warning.round_id == w.rnd.pk
    assert warning.given_by == w.users["referee"]
    assert warning.given_at is not None
    assert warning.note == "laut"
    assert warning.withdrawn_at is None


def test_warning_give_head_referee_may_log_too(w):
    warning = w.give(w.seated(1, "A"), user=w.users["head"])

    assert warning.given_by == w.users["head"]


@pytest.mark.parametrize(
    "role", ["director", "desk", "admin", "foreign_referee", "commission", "plain", "player"]
)
def test_warning_give_only_referees_of_this_tournament(w, role):
    with pytest.raises(PermissionDenied, match="Nur Schiedsrichter dieses Turniers"):
        w.give(w.seated(1, "A"), user=w.users[role])

    assert PlayerWarning.objects.count() == 0


def test_warning_give_free_text_ground_needs_text(w):
    with pytest.raises(ValidationError) as exc:
        w.give(w.seated(1, "A"), ground=WarningGround.FREE_TEXT, ground_text="  ")

    assert exc.value.message_dict == {"ground_text": ["Bitte den Grund als Freitext angeben."]}
    assert PlayerWarning.objects.count() == 0


def test_warning_give_free_text_is_kept_other_grounds_drop_it(w):
    a = w.give(w.seated(1, "A"), ground=WarningGround.FREE_TEXT, ground_text="Handy am Tisch")
    b = w.give(w.seated(1, "B"), ground=WarningGround.DROPPED_TILES, ground_text="egal")

    assert (a.ground_text, b.ground_text) == ("Handy am Tisch", "")


def test_warning_give_player_not_registered_is_refused(w):
    outsider = w.players[40]

    with pytest.raises(ValidationError) as exc:
        w.give(outsider)

    assert exc.value.message_dict == {
        "player": [f"{outsider.full_name} ist in diesem Turnier nicht gemeldet."]
    }


def test_warning_give_game_outside_the_round_is_refused(w):
    with pytest.raises(ValidationError) as exc:
        w.give(w.seated(1, "A"), game_number=5)

    assert exc.value.message_dict == {"game_number": ["Das Spiel muss zwischen 1 und 4 liegen."]}


def test_warning_give_round_of_another_tournament_is_refused(w, players):
    register_players(w.other, players[10:18], count=8)
    foreign_round = round_services.round_pair_next(
        tournament=w.other, user=w.users["other_director"], seed=1
    )

    with pytest.raises(ValidationError) as exc:
        w.give(w.seated(1, "A"), rnd=foreign_round)

    assert exc.value.message_dict == {"round": ["Diese Runde gehört nicht zu diesem Turnier."]}


def test_warning_give_in_draft_tournament_is_refused(w):
    draft = make_tournament(director=w.users["director"], name="Entwurf")
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
    w.give(player, WarningKind.RED)

    with pytest.raises(ValidationError, match="ist bereits ausgeschlossen \\(Rote Karte am"):
        w.give(player, WarningKind.RED, user=w.users["head"])

    assert PlayerWarning.objects.filter(kind=WarningKind.RED).count() == 1


def test_database_allows_only_one_active_red_card_per_player(w):
    """The last line against two referees saving at the same moment."""
    player = w.seated(1, "A")
    w.give(player, WarningKind.RED)

    with pytest.raises(IntegrityError), transaction.atomic():
        PlayerWarning.objects.create(
            tournament=w.t, player=player, kind=WarningKind.RED, ground=WarningGround.UNSPORTING
        )


def test_red_card_drops_public_cache_and_marks_the_ranking(w, django_capture_on_commit_callbacks):
    from ranking.compute import versions
    from ranking.models import RankingYear

    before = events.public_generation(w.t.pk)

    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        w.give(w.seated(1, "A"), WarningKind.RED)

    # cache bump, ranking recompute, page warm-up: after commit (and the ranking's year pages
    # read their version afresh, `ranking.compute.versions`)
    forget = [c for c in callbacks if c is versions.forget_year_versions]
    assert len(callbacks) - len(forget) == 3 and forget
    assert RankingYear.objects.get(year=w.t.ranking_year).pending is True
    for callback in callbacks:
        callback()
    assert events.public_generation(w.t.pk) > before


def test_yellow_card_leaves_public_cache_alone(w, django_capture_on_commit_callbacks):
    before = events.public_generation(w.t.pk)

    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        w.give(w.seated(1, "A"), WarningKind.YELLOW)

    assert callbacks == []
    assert events.public_generation(w.t.pk) == before


# --- Exclusion and the next round -------------------------------------------------------------


def test_red_card_player_is_not_seated_in_the_next_round_played_results_stay(w):
    director, desk = w.users["director"], w.users["desk"]
    play_round(w.rnd, director=director, desk=desk)
    carded = w.seated(1, "A")
    lines_before = [
        line for line in results_selectors.game_lines(w.t) if line.player_id == carded.pk
    ]
    w.give(carded, WarningKind.RED, rnd=w.rnd, game_number=4)

    status = rounds_field.next_round_status(w.t)
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
        line for line in results_selectors.game_lines(w.t) if line.player_id == carded.pk
    ] == lines_before


def test_withdrawn_red_card_readmits_player_for_the_next_draw(w):
    carded = w.seated(1, "A")
    red = w.give(carded, WarningKind.RED)
    assert rounds_field.next_round_status(w.t).excluded == (carded.pk,)

    referees_services.warning_withdraw(warning=red, reason="Verwechslung", user=w.users["head"])

    status = rounds_field.next_round_status(w.t)
    assert status.excluded == ()
    assert status.status.ok is True
    assert carded.pk in rounds_field.next_round_field(w.t).player_ids
    assert referees_selectors.excluded_player_ids(w.t) == frozenset()


def test_three_player_tables_absorb_an_exclusion(db, director, players, monkeypatch):
    """House format (000 §1A): 9 players are three 3-tables; one red card leaves two 4-tables.
    The card falls on the tournament day, before the first draw (Klub 4.5.1, our reading)."""
    monkeypatch.setattr("tournaments.common.guards.localdate", lambda: date(2026, 12, 12))
    t = make_house_tournament(director=director)
    register_players(t, players, count=9)
    referee = make_user("schiri", role=GlobalRole.REFEREE)
    t.staff.create(user=referee, role=StaffRole.REFEREE)
    assert rounds_field.next_round_status(t).status.table_sizes == (3, 3, 3)

    referees_services.warning_give(
        tournament=t,
        player=players[4],
        kind=WarningKind.RED,
        ground=WarningGround.UNSPORTING,
        user=referee,
    )

    status = rounds_field.next_round_status(t)
    assert status.status.table_sizes == (4, 4)
    assert status.message.startswith("1 Spieler ist ausgeschlossen (Rote Karte)")
    rnd = round_services.round_pair_next(tournament=t, user=director, seed=3)
    assert players[4].pk not in set(rnd.seats.values_list("player_id", flat=True))
    assert rnd.seats.count() == 8


# --- Withdrawal ---------------------------------------------------------------------------------


@pytest.mark.parametrize("role", ["head", "director", "admin"])
def test_withdraw_by_head_referee_or_director_keeps_the_row(w, role):
    warning = w.give(w.seated(1, "A"))

    referees_services.warning_withdraw(warning=warning, reason=" Irrtum ", user=w.users[role])

    warning.refresh_from_db()
    assert warning.withdrawn_by == w.users[role]
    assert warning.withdrawal_reason == "Irrtum"
    assert warning.withdrawn_at is not None
    assert PlayerWarning.objects.count() == 1


@pytest.mark.parametrize("role", ["referee", "desk", "foreign_referee", "other_director"])
def test_withdraw_by_others_is_denied(w, role):
    warning = w.give(w.seated(1, "A"))

    with pytest.raises(PermissionDenied):
        referees_services.warning_withdraw(warning=warning, reason="x", user=w.users[role])

    warning.refresh_from_db()
    assert warning.withdrawn_at is None


def test_withdraw_needs_a_reason(w):
    warning = w.give(w.seated(1, "A"))

    with pytest.raises(ValidationError) as exc:
        referees_services.warning_withdraw(warning=warning, reason="   ", user=w.users["head"])

    assert exc.value.message_dict == {"reason": ["Bitte die Rücknahme begründen."]}


def test_withdraw_twice_is_a_conflict_and_keeps_the_first(w):
    warning = w.give(w.seated(1, "A"))
    referees_services.warning_withdraw(warning=warning, reason="erste", user=w.users["head"])

    with pytest.raises(ValidationError, match="bereits am .* zurückgenommen"):
        referees_services.warning_withdraw(
            warning=warning, reason="zweite", user=w.users["director"]
        )

    warning.refresh_from_db()
    assert (warning.withdrawal_reason, warning.withdrawn_by) == ("erste", w.users["head"])


def test_red_card_withdrawal_drops_public_cache(w, django_capture_on_commit_callbacks):
    red = w.give(w.seated(1, "A"), WarningKind.RED)
    before = events.public_generation(w.t.pk)

    with django_capture_on_commit_callbacks(execute=True):
        referees_services.warning_withdraw(warning=red, reason="Irrtum", user=w.users["head"])

    assert events.public_generation(w.t.pk) > before
