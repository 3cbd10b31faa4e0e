"""Who reaches the final, end to end (SPEC §1): the house format's table winners (000 §1B) and
ties at a cut decided by the director (Klub 4.2)."""

from __future__ import annotations

import pytest
from django.core.exceptions import PermissionDenied, ValidationError
from django.urls import reverse
from django.utils.timezone import localtime

from tests.support.builders import (
    FIXED_SHEET,
    FIXED_SHEET_THREE,
    TIED_SHEET_THREE,
    make_house_tournament,
    play_next_round,
    play_round,
    register_players,
)
from tests.support.reading import flashed, player_at, tables_of
from tournaments.enums import CutKind, CutMethod, FinalMode, RoundKind, TablePolicy
from tournaments.finals import services as finals_services
from tournaments.models import CutDecision
from tournaments.rounds import selectors as rounds_selectors
from tournaments.rounds import services as round_services


def house_with_final(director, players, count: int, **fields):
    """The house format: one round of 3 games, then the final of the table winners (000 §1B)."""
    t = make_house_tournament(
        director=director, has_final=True, final_mode=FinalMode.TABLE_WINNERS, **fields
    )
    register_players(t, players, count=count)
    return t


def test_house_final_is_the_winner_of_every_table(db, director, desk_user, players):
    """000 §1B: "höchste Punktzahl nach drei Spielen" per table, not the top of the standings."""
    t = house_with_final(director, players, 9)
    first = play_next_round(t, director=director, desk=desk_user, seed=5)
    winners = [player_at(first, table, "A").pk for table in (1, 2, 3)]

    assert rounds_selectors.finalists(t) == winners
    final = round_services.round_pair_next(tournament=t, user=director, seed=6)

    assert final.kind == RoundKind.FINAL
    assert list(tables_of(final)) == [1] and sorted(tables_of(final)[1]) == sorted(winners)
    play_round(final, director=director, desk=desk_user, sheets={1: FIXED_SHEET_THREE[:3]})
    t.refresh_from_db()
    assert t.status == "finished"


def test_house_final_of_two_sits_at_a_table_of_two(db, director, desk_user, players):
    """000 §1B: 5-8 players give 2 tables, so a final of two (our reading: 4 and 3 points)."""
    t = house_with_final(director, players, 7)
    first = play_next_round(t, director=director, desk=desk_user, seed=5)
    winners = {player_at(first, table, "A").pk for table in (1, 2)}

    final = round_services.round_pair_next(tournament=t, user=director, seed=6)

    assert set(tables_of(final)[1]) == winners and len(tables_of(final)) == 1
    two = [{"number": n, "scores": {"A": 12, "B": -12}} for n in (1, 2, 3)]
    play_round(final, director=director, desk=desk_user, sheets={1: two})
    final.refresh_from_db()
    assert final.status == "published"


def tie_at_table_one(director, desk_user, players):
    """Table 1 tied between its A and B (TIED_SHEET_THREE); returned in player id order."""
    t = house_with_final(director, players, 9)
    first = play_next_round(
        t, director=director, desk=desk_user, seed=5, sheets={1: TIED_SHEET_THREE}
    )
    a, b = sorted((player_at(first, 1, "A"), player_at(first, 1, "B")), key=lambda p: p.pk)
    return t, first, a, b


def test_a_tie_at_a_table_stops_the_draw_until_the_director_decides(
    db, director, desk_user, players
):
    t, first, a, b = tie_at_table_one(director, desk_user, players)

    with pytest.raises(ValidationError) as refused:
        round_services.round_pair_next(tournament=t, user=director, seed=6)
    assert refused.value.messages == [
        f"Gleichstand um den Sieg an Tisch 1 nach beiden Wertungskriterien des Regelwerks "
        f"zwischen {a.full_name} und {b.full_name}: die Turnierleitung muss entscheiden (Stechen "
        "oder Los), bevor das Finale ausgelost wird."
    ]
    assert t.rounds.count() == 1

    decision = finals_services.cut_decision_record(
        tournament=t,
        kind=CutKind.TABLE_WIN,
        table_number=1,
        chosen=[b.pk],
        method=CutMethod.PLAYOFF,
        reason="Stechen über ein Spiel gewonnen.",
        user=director,
    )
    final = round_services.round_pair_next(tournament=t, user=director, seed=6)

    assert (decision.tied_player_ids, decision.chosen_player_ids) == ([a.pk, b.pk], [b.pk])
    assert decision.decided_by == director
    others = {player_at(first, table, "A").pk for table in (2, 3)}
    assert rounds_selectors.final_ties_pending(t) == ()  # the final is drawn: nothing to decide
    assert set(tables_of(final)[1]) == {b.pk} | others


def test_a_newer_decision_supersedes_and_both_are_kept(db, director, desk_user, players):
    t, _first, a, b = tie_at_table_one(director, desk_user, players)
    for chosen, reason in ((a, "Los, erste Ziehung"), (b, "Los neu gezogen: Zettel fehlte")):
        finals_services.cut_decision_record(
            tournament=t,
            kind=CutKind.TABLE_WIN,
            table_number=1,
            chosen=[chosen.pk],
            method=CutMethod.LOT,
            reason=reason,
            user=director,
        )

    assert CutDecision.objects.filter(tournament=t).count() == 2
    assert rounds_selectors.finalists(t)[0] == b.pk
    notes = rounds_selectors.cut_decision_notes(t)
    assert [(n.decision.reason, n.chosen) for n in notes] == [
        ("Los neu gezogen: Zettel fehlte", (b,))
    ]


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"chosen": "outsider"}, "Weiterkommen kann nur, wer am Gleichstand beteiligt ist: "),
        ({"chosen": "both"}, "Bitte genau 1 der Spieler im Gleichstand auswählen "),
        ({"reason": "  "}, "Bitte die Entscheidung begründen (z. B. „Los gezogen von …“)."),
        ({"method": "dice"}, "Bitte angeben, wie entschieden wurde: Stechen oder Los."),
        ({"table_number": 2}, "Hier gibt es keinen offenen Gleichstand zu entscheiden."),
    ],
)
def test_bad_decisions_are_refused_in_german(db, director, desk_user, players, change, message):
    t, first, a, b = tie_at_table_one(director, desk_user, players)
    chosen = {"outsider": [player_at(first, 2, "A").pk], "both": [a.pk, b.pk]}
    fields = {
        "kind": CutKind.TABLE_WIN,
        "table_number": 1,
        "method": CutMethod.LOT,
        "reason": "Los",
        **change,
    }
    fields["chosen"] = chosen.get(change.get("chosen"), [a.pk])

    with pytest.raises(ValidationError) as refused:
        finals_services.cut_decision_record(tournament=t, user=director, **fields)

    assert refused.value.messages[0].startswith(message)
    assert CutDecision.objects.count() == 0


def test_no_decision_once_the_final_is_drawn(db, director, desk_user, players):
    t, _first, a, b = tie_at_table_one(director, desk_user, players)
    fields = {"kind": CutKind.TABLE_WIN, "table_number": 1, "method": CutMethod.LOT}
    finals_services.cut_decision_record(
        tournament=t, chosen=[a.pk], reason="Los", user=director, **fields
    )
    round_services.round_pair_next(tournament=t, user=director, seed=6)

    with pytest.raises(ValidationError) as refused:
        finals_services.cut_decision_record(
            tournament=t, chosen=[b.pk], reason="zu spät", user=director, **fields
        )
    assert refused.value.messages == [
        "Entschieden wird, wenn alle Vorrunden veröffentlicht sind und bevor das Finale "
        "ausgelost ist."
    ]


def test_only_the_director_decides(db, director, desk_user, players):
    t, _first, a, _b = tie_at_table_one(director, desk_user, players)
    with pytest.raises(PermissionDenied):
        finals_services.cut_decision_record(
            tournament=t,
            kind=CutKind.TABLE_WIN,
            table_number=1,
            chosen=[a.pk],
            method=CutMethod.LOT,
            reason="Los",
            user=desk_user,
        )


def test_top_n_tie_at_the_cut_is_decided_by_lot_and_shown(db, client, director, desk_user, players):
    """Klub 6.2, SPEC §1: identical sheets at both tables tie the two B players for place 3."""
    t = make_house_tournament(
        director=director,
        has_final=True,
        final_mode=FinalMode.TOP_N,
        finalists_count=3,
        games_per_round=4,
        table_policy=TablePolicy.RESERVES,
    )
    register_players(t, players, count=8)
    first = play_next_round(
        t, director=director, desk=desk_user, seed=5, sheets={1: FIXED_SHEET, 2: FIXED_SHEET}
    )
    b1, b2 = sorted((player_at(first, 1, "B"), player_at(first, 2, "B")), key=lambda p: p.pk)

    with pytest.raises(ValidationError) as refused:
        round_services.round_pair_next(tournament=t, user=director, seed=6)
    assert refused.value.messages == [
        "Gleichstand um den letzten Finalplatz nach beiden Wertungskriterien des Regelwerks "
        f"zwischen {b1.full_name} und {b2.full_name}: die Turnierleitung muss entscheiden (Stechen "
        "oder Los), bevor das Finale ausgelost wird."
    ]

    client.force_login(director)
    response = client.post(
        reverse("director:cut_decide", args=[t.pk]),
        {"kind": "final_place", "chosen": [b2.pk], "method": "lot", "reason": "Los gezogen"},
    )
    assert response.status_code == 302
    final = round_services.round_pair_next(tournament=t, user=director, seed=6)
    aces = {player_at(first, table, "A").pk for table in (1, 2)}
    assert set(tables_of(final)[1]) == aces | {b2.pk}

    client.logout()
    page = client.get(reverse("standings", args=[t.pk])).content.decode()
    decided = localtime(CutDecision.objects.get().decided_at).strftime("%d.%m.%Y %H:%M")
    note = " ".join(page.split('data-testid="cut-decisions"')[1].split("</li>")[0].split())
    assert note == (
        f"> <ul> <li>Finalplatz durch Los entschieden (Turnierleitung, {decided}): "
        f"{b2.public_name} kommt ins Finale (Gleichstand zwischen {b1.public_name}, "
        f"{b2.public_name}). Grund: Los gezogen"
    )


def test_the_director_page_asks_for_the_decision(db, client, director, desk_user, players):
    t, _first, a, b = tie_at_table_one(director, desk_user, players)
    client.force_login(director)

    page = client.get(reverse("director:tournament_detail", args=[t.pk])).content.decode()

    assert "Gleichstand vor dem Finale" in page
    assert f'value="{a.pk}"' in page and f'value="{b.pk}"' in page
    assert "Neu entscheiden" not in page


def test_the_director_may_decide_again_before_the_draw(db, client, director, desk_user, players):
    """A lot drawn wrongly: the newer decision supersedes, both stay stored (nothing is lost)."""
    t, _first, a, b = tie_at_table_one(director, desk_user, players)
    client.force_login(director)
    url = reverse("director:cut_decide", args=[t.pk])
    for chosen, reason in ((a, "Los"), (b, "Los wiederholt: Zettel fehlte")):
        data = {"kind": "table_win", "table_number": "1", "chosen": [chosen.pk], "method": "lot"}
        response = client.post(url, {**data, "reason": reason})
    assert (
        flashed(response)
        == ["Die Entscheidung ist gespeichert und auf der Rangliste vermerkt."] * 2
    )

    page = client.get(reverse("director:tournament_detail", args=[t.pk])).content.decode()
    assert "Neu entscheiden" in page
    assert CutDecision.objects.filter(tournament=t).count() == 2
    assert rounds_selectors.finalists(t)[0] == b.pk


def test_a_final_of_two_prints_and_enters_like_any_table(db, client, director, desk_user, players):
    """The table of two (000 §1B, our reading) on the lists, the table card and the desk sheet."""
    t = house_with_final(director, players, 7)
    play_next_round(t, director=director, desk=desk_user, seed=5)
    final = round_services.round_pair_next(tournament=t, user=director, seed=6)
    round_services.round_release(rnd=final, user=director)
    client.force_login(director)
    pages = [
        reverse("pairing_by_table", args=[t.pk, 2]),
        reverse("table_cards", args=[t.pk, 2]),
        reverse("director:round_detail", args=[t.pk, 2]),
        reverse("director:desk_board", args=[t.pk, 2]),
        reverse("director:sheet", args=[t.pk, 2, 1]),
    ]
    assert [client.get(url).status_code for url in pages] == [200] * 5
    card = client.get(reverse("table_cards", args=[t.pk, 2])).content.decode()
    assert "Süd" in card and "Nord" in card and "West" not in card
