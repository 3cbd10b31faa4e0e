"""Exclusion or withdrawal in the middle of a round (SPEC §7, Klub 4.5.1, 4.2), end to end:
the card or withdrawal is recorded, the desk enters 3-player games from that game on, the
round is published, and standings, round results, API and ranking count only played games."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

from ranking.commission import services as commission_services
from ranking.compute.selectors import tournament_inputs
from ranking.domain.ranking import contributions
from tests.support.builders import FIXED_SHEET, play_round, without_seat
from tournaments.enums import AbsenceReason, WarningKind
from tournaments.models import Absence, Registration, SheetVersion
from tournaments.referees import services as referees_services
from tournaments.registration import services as registration_services
from tournaments.rounds import services as round_services
from tournaments.sheets import services as sheet_services
from tournaments.standings import selectors as standings_selectors

pytestmark = pytest.mark.django_db

THREE_FROM_GAME_3 = without_seat(FIXED_SHEET, "C", 3)
"""Table 1 with C out from game 3 (SPEC §7): games 1, 2 as played, games 3, 4 by A, B, D."""


def standing(table, player):
    entry = next(e for e in table.entries if e.player == player)
    return entry.rank, entry.placement_points, entry.game_points, entry.placings, entry.games


def test_red_card_in_game_3_end_to_end(w, client):
    director, desk = w.users["director"], w.users["desk"]
    a, b, c, d = (w.seated(1, x) for x in "ABCD")
    card = w.give(c, WarningKind.RED, rnd=w.rnd, game_number=3)

    absence = Absence.objects.get(round=w.rnd, player=c)
    assert (absence.from_game, absence.reason, absence.warning, absence.label) == (
        3,
        AbsenceReason.RED_CARD,
        card,
        "Rote Karte ab Spiel 3",
    )
    play_round(w.rnd, director=director, desk=desk, sheets={1: THREE_FROM_GAME_3})

    stored = w.rnd.tables.get(number=1).sheet.confirmed.games
    assert stored[2] == {
        "number": 3,
        "pool_exhausted": False,
        "declared_winner": None,
        "scores": {"A": 30, "B": -10, "D": -20},
        "no_meld": {},
        "not_played": ["C"],
    }
    assert "not_played" not in stored[1]
    # Hand-computed (Klub 10.1; 3-player games 4, 3, 1): games 1-2 of FIXED_SHEET, then A wins.
    table = standings_selectors.standings_table(w.t)
    assert standing(table, a) == (2, 16, 165, (4, 0, 0, 0), 4)  # table 2 A: +170
    assert standing(table, b)[1:] == (12, -35, (0, 4, 0, 0), 4)
    assert standing(table, d)[1:] == (3, -90, (0, 0, 3, 1), 4)
    assert standing(table, c) == (None, 2, -40, (0, 0, 2, 0), 2)  # excluded: no rank

    results = standings_selectors.round_results(w.rnd)[0]
    game3 = results["games"][2]
    assert [e and (e.game_points, e.placement_points) for e in game3["entries"]] == [
        (30, 4),
        (-10, 3),
        None,
        (-20, 1),
    ]
    assert [t["placement_points"] for t in results["totals"]] == [16, 12, 2, 3]
    page = client.get(f"/turniere/{w.t.pk}/runden/1/ergebnisse/")
    assert page.status_code == 200
    assert page.content.decode().count('<span class="visually-hidden">nicht gespielt</span>') == 2

    api = client.get(f"/api/v1/tournaments/{w.t.pk}/rounds/1/tables/").json()
    cell = api["tables"][0]["games"][2]["results"][2]
    assert cell == {
        "letter": "C",
        "played": False,
        "game_points": None,
        "place": None,
        "placement_points": None,
    }
    assert api["tables"][0]["games"][1]["results"][2]["played"] is True

    inputs = tournament_inputs([w.t.pk])
    ranked = contributions(inputs.rounds, excluded=inputs.excluded)
    assert {c.player_id for c in ranked} == {
        s for s in w.rnd.seats.values_list("player_id", flat=True) if s != c.pk
    }

    reserve = registration_services.registration_add(
        tournament=w.t, player=w.players[30], reserve=True, user=director
    )
    registration_services.registration_update(registration=reserve, checked_in=True)
    round2 = round_services.round_pair_next(tournament=w.t, user=director, seed=5)
    seated = set(round2.seats.values_list("player_id", flat=True))
    assert c.pk not in seated and w.players[30].pk in seated and len(seated) == 8


def test_withdrawal_in_game_2_end_to_end(w, client):
    director, desk = w.users["director"], w.users["desk"]
    d = w.seated(2, "D")
    registration = Registration.objects.get(tournament=w.t, player=d)
    registration_services.registration_update(
        registration=registration, withdrawn=True, from_game=2, user=director
    )
    absence = Absence.objects.get(round=w.rnd, player=d)
    assert (absence.from_game, absence.reason, absence.registration, absence.created_by) == (
        2,
        AbsenceReason.WITHDRAWAL,
        registration,
        director,
    )
    three = [{"number": n, "scores": {"A": 30, "B": -10, "C": -20}} for n in (2, 3, 4)]
    play_round(w.rnd, director=director, desk=desk, sheets={2: FIXED_SHEET[:1] + three})

    table = standings_selectors.standings_table(w.t)
    assert standing(table, d)[1:] == (0, -30, (0, 0, 0, 1), 1)
    assert standing(table, w.seated(2, "A"))[1:] == (16, 150, (4, 0, 0, 0), 4)
    inputs = tournament_inputs([w.t.pk])
    mine = [c for c in contributions(inputs.rounds) if c.player_id == d.pk]
    assert [(c.games, c.placement_points, c.game_points) for c in mine] == [(1, 0, -30)]
    history = client.get(reverse("player_page", args=[d.pk]))
    assert history.status_code == 200
    assert history.content.decode().count('<td colspan="3">nicht gespielt</td>') == 3

    reserve = registration_services.registration_add(
        tournament=w.t, player=w.players[30], reserve=True, user=director
    )
    registration_services.registration_update(registration=reserve, checked_in=True)
    round2 = round_services.round_pair_next(tournament=w.t, user=director, seed=5)
    assert d.pk not in set(round2.seats.values_list("player_id", flat=True))


def test_withdrawn_red_card_before_publication_restores_the_four_player_games(w):
    director, desk = w.users["director"], w.users["desk"]
    c = w.seated(1, "C")
    card = w.give(c, WarningKind.RED, rnd=w.rnd, game_number=3)
    table = w.rnd.tables.get(number=1)
    sheet = sheet_services.sheet_save(
        table=table, games=THREE_FROM_GAME_3, expected_version=0, user=desk
    )
    referees_services.warning_withdraw(warning=card, reason="Falscher Spieler", user=director)

    absence = Absence.objects.get(round=w.rnd, player=c)
    assert absence.cancelled_by == director and absence.cancelled_at is not None
    with pytest.raises(ValidationError) as error:
        sheet_services.sheet_confirm(sheet=sheet, expected_version=1, user=director)
    assert error.value.messages == [
        "Tisch 1: Der Bogen passt nicht zu den fehlenden Spielern (keine mehr); "
        "bitte den Bogen neu erfassen."
    ]
    with pytest.raises(ValidationError) as error:
        sheet_services.sheet_save(
            table=table, games=THREE_FROM_GAME_3, expected_version=1, user=desk, reason="Karte"
        )
    assert "Spiel 3, Spieler C: Feld ist leer." in error.value.messages
    assert SheetVersion.objects.filter(sheet=sheet).count() == 1

    sheet = sheet_services.sheet_save(
        table=table, games=FIXED_SHEET, expected_version=1, user=desk, reason="Karte zurück"
    )
    sheet = sheet_services.sheet_confirm(sheet=sheet, expected_version=2, user=director)
    assert sheet.confirmed.games[2]["scores"] == {"A": 40, "B": -14, "C": -3, "D": -23}
    assert all("not_played" not in g for g in sheet.confirmed.games)


def test_red_card_after_the_sheet_was_entered_blocks_publication_until_entered_anew(w):
    director, desk = w.users["director"], w.users["desk"]
    play_round(w.rnd, director=director, desk=desk, publish=False)
    w.give(w.seated(1, "C"), WarningKind.RED, rnd=w.rnd, game_number=3)

    with pytest.raises(ValidationError) as error:
        round_services.round_publish(rnd=w.rnd, user=director)
    assert error.value.messages == [
        "Tisch 1: Der Bogen passt nicht zu den fehlenden Spielern (C: Rote Karte ab Spiel 3); "
        "bitte den Bogen neu erfassen."
    ]


@pytest.mark.parametrize(
    ("extra", "absent"),
    [
        ({"rnd_published": True}, False),
    ],
)
def test_red_card_without_a_game_or_after_publication_marks_nothing(w, extra, absent):
    if extra.get("rnd_published"):
        play_round(w.rnd, director=w.users["director"], desk=w.users["desk"])
        w.give(w.seated(1, "C"), WarningKind.RED, rnd=w.rnd, game_number=3)
    else:
        w.give(w.seated(1, "C"), WarningKind.RED, rnd=w.rnd)
    assert Absence.objects.exists() is absent


def test_withdrawal_from_game_outside_a_running_round_is_refused(w):
    registration = Registration.objects.get(tournament=w.t, player=w.seated(1, "A"))
    with pytest.raises(ValidationError) as error:
        registration_services.registration_update(
            registration=registration, withdrawn=True, from_game=5, user=w.users["director"]
        )
    assert error.value.messages == ["„Ab Spiel“ muss zwischen 1 und 4 liegen."]
    registration.refresh_from_db()
    assert registration.withdrawn_at is None and not Absence.objects.exists()


def test_desk_sheet_page_shows_the_absent_seat_and_saves_three_player_games(w, client):
    w.give(w.seated(1, "C"), WarningKind.RED, rnd=w.rnd, game_number=3)
    client.force_login(w.users["desk"])
    url = reverse("director:sheet", args=[w.t.pk, 1, 1])

    html = client.get(url).content.decode()
    assert "C " + w.seated(1, "C").full_name + ": Rote Karte ab Spiel 3" in html
    assert 'data-testid="not-played-3-C"' in html and 'data-testid="not-played-4-C"' in html
    assert 'data-testid="not-played-2-C"' not in html
    assert html.count('value="nicht gespielt" disabled') == 2

    cells = {
        "g1_A": "+60", "g1_B": "-10", "g1_C": "-20", "g1_D": "-30",
        "g2_A": "+45", "g2_B": "-5", "g2_C": "-20", "g2_D": "-20",
        "g3_A": "+30", "g3_B": "-10", "g3_C": "-99", "g3_D": "-20",
        "g4_A": "-10", "g4_B": "+30", "g4_D": "-20",
    }  # fmt: skip
    response = client.post(url, {**cells, "version": "0", "action": "save"})

    assert response.status_code == 302
    games = w.rnd.tables.get(number=1).sheet.current.games
    assert [(g["scores"], g.get("not_played")) for g in games[2:]] == [
        ({"A": 30, "B": -10, "D": -20}, ["C"]),
        ({"A": -10, "B": 30, "D": -20}, ["C"]),
    ]


def test_registration_page_withdraws_from_a_game(w, client):
    director = w.users["director"]
    d = w.seated(2, "D")
    registration = Registration.objects.get(tournament=w.t, player=d)
    client.force_login(director)
    page = client.get(reverse("director:registration", args=[w.t.pk])).content.decode()
    assert f'id="from_game_{registration.pk}"' in page
    assert "Abmeldung während Runde 1: „ab Spiel“ wählen" in page

    client.post(
        reverse("director:registration_change", args=[w.t.pk, registration.pk]),
        {"action": "withdraw", "from_game": "2"},
    )

    absence = Absence.objects.get(player=d)
    assert (absence.round, absence.from_game, absence.reason) == (w.rnd, 2, "withdrawal")
    registration.refresh_from_db()
    assert registration.withdrawn_at is not None


def test_commission_correction_keeps_the_seat_that_did_not_play(w):
    """SPEC §8 on a table with a red card mid-round: the corrected games keep "not_played"."""
    w.give(w.seated(1, "C"), WarningKind.RED, rnd=w.rnd, game_number=3)
    play_round(
        w.rnd, director=w.users["director"], desk=w.users["desk"], sheets={1: THREE_FROM_GAME_3}
    )
    corrected = [dict(g) for g in THREE_FROM_GAME_3]
    corrected[3] = {"number": 4, "scores": {"A": -10, "B": 30, "C": None, "D": -20}}

    _, _, games = commission_services._correction(w.t, 1, 1, corrected)

    assert games[3] == {
        "number": 4,
        "pool_exhausted": False,
        "declared_winner": None,
        "scores": {"A": -10, "B": 30, "D": -20},
        "no_meld": {},
        "not_played": ["C"],
    }
