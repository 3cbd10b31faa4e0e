"""The desk pages: sheet entry, live check, conflicts, four-eyes confirmation, publication."""

import pytest
from django.urls import reverse

from tests.support.builders import make_released_round, make_user
from tournaments.enums import RoundStatus, SheetStatus
from tournaments.models import ResultSheet, SheetVersion

pytestmark = pytest.mark.django_db

DESK_URL_NAMES = {
    "director:desk_board",
    "director:desk_confirm_signed",  # tests/tournaments/sheets/signed/test_views.py
    "director:sheet",
    "director:sheet_action",
    "director:round_publish",
    "director:result_sheets",  # tests/tournaments/rounds/test_result_sheets.py
}

GOOD = {
    "g1_A": "+60", "g1_B": "-10", "g1_C": "-20", "g1_D": "-30",
    "g2_A": "-5", "g2_B": "+45", "g2_C": "-20", "g2_D": "-20",
    "g3_A": "", "g3_B": "-12", "g3_C": "+312", "g3_D": "",
    "g3_nomeld_A": "100", "g3_nomeld_D": "200",
    "g4_A": "-7", "g4_B": "−12", "g4_C": "-30", "g4_D": "-9", "g4_exhausted": "1",
}  # fmt: skip


@pytest.fixture
def desk_world(director, other_director, referee, plain_user, players):
    desk = make_user("orga")
    tournament, rnd = make_released_round(
        director=director, players=players, count=8, seed=3, desk=[desk]
    )
    return {"t": tournament, "round": rnd, "desk": desk, "director": director}


def sheet_url(w, table=1, name="director:sheet"):
    return reverse(name, args=[w["t"].pk, 1, table])


def test_desk_urls_refuse_other_roles_and_change_nothing(
    client, desk_world, other_director, referee, plain_user
):
    w = desk_world
    urls = [
        ("get", reverse("director:desk_board", args=[w["t"].pk, 1]), {}),
        ("get", sheet_url(w), {}),
        ("post", sheet_url(w), {**GOOD, "version": "0"}),
        ("post", sheet_url(w, name="director:sheet_action"), {"action": "confirm"}),
        ("post", reverse("director:round_publish", args=[w["t"].pk, 1]), {}),
        ("post", reverse("director:desk_confirm_signed", args=[w["t"].pk, 1]), {}),
    ]
    for user in (other_director, referee, plain_user):
        client.force_login(user)
        for method, url, data in urls:
            response = getattr(client, method)(url, data)
            assert response.status_code == 403, (user, url)
            assert "Nur Orgatisch und Turnierleitung dieses Turniers." in response.content.decode()
    client.logout()
    for method, url, data in urls:
        assert getattr(client, method)(url, data).status_code == 302  # to the login page
    assert SheetVersion.objects.count() == 0


def test_sheet_entry_saves_first_version_and_goes_to_next_missing(client, desk_world):
    w = desk_world
    client.force_login(w["desk"])
    response = client.post(sheet_url(w), {**GOOD, "version": "0", "action": "save"})
    assert response.status_code == 302
    assert response.url == sheet_url(w, table=2)
    sheet = ResultSheet.objects.get(table__number=1, round=w["round"])
    assert sheet.version == 1
    assert sheet.current.games[2]["scores"] == {"A": -100, "B": -12, "C": 312, "D": -200}
    assert sheet.current.games[3]["scores"]["B"] == -12  # typographic minus accepted
    assert sheet.current.games[3]["pool_exhausted"] is True


def test_sheet_entry_refuses_bad_figures_with_messages_and_saves_nothing(client, desk_world):
    w = desk_world
    client.force_login(w["desk"])
    bad = {**GOOD, "g1_D": "-20", "g2_A": "abc", "g2_B": "+45", "g3_C": "10000"}
    response = client.post(sheet_url(w), {**bad, "version": "0", "action": "save"})
    html = response.content.decode()
    assert response.status_code == 422
    assert "Spiel 1: Die Summe ist +10 statt 0 (Kontrollsumme)." in html
    assert "Spiel 2, Spieler A: „abc“ ist keine Zahl." in html
    assert "Spiel 3" in html
    assert SheetVersion.objects.count() == 0


def test_sheet_live_check_returns_feedback_per_game(client, desk_world):
    w = desk_world
    client.force_login(w["desk"])
    response = client.post(
        sheet_url(w), {**GOOD, "g1_D": "-20", "version": "0"}, headers={"HX-Request": "true"}
    )
    html = response.content.decode()
    assert response.status_code == 200
    assert 'id="g1-feedback"' in html and 'data-hx-swap-oob="true"' in html
    assert "Spiel 1: Die Summe ist +10 statt 0 (Kontrollsumme)." in html
    assert "<html" not in html  # only the partial
    assert SheetVersion.objects.count() == 0


def test_sheet_check_shows_round_totals_before_saving(client, desk_world):
    w = desk_world
    client.force_login(w["desk"])
    response = client.post(sheet_url(w), {**GOOD, "version": "0", "action": "check"})
    totals = response.context["preview"]["totals"]
    # Game 1: A wins, 4; game 2: A 2nd, 3; game 3: A −100 is 3rd (D −200 4th), 1;
    # game 4, pool exhausted: A has the lowest rack (−7), 4.
    assert totals["A"] == {"placement_points": 12, "game_points": 60 - 5 - 100 - 7}
    assert SheetVersion.objects.count() == 0


def test_sheet_concurrent_save_shows_conflict_page(client, desk_world, director):
    w = desk_world
    client.force_login(w["desk"])
    client.post(sheet_url(w), {**GOOD, "version": "0", "action": "save"})
    client.force_login(director)
    mine = {**GOOD, "g1_A": "+70", "g1_D": "-40", "reason": "anders gelesen"}
    response = client.post(sheet_url(w), {**mine, "version": "0", "action": "save"})
    html = response.content.decode()
    assert response.status_code == 409
    assert "Konflikt" in html and "Version 1" in html
    assert "Ihre Eingabe (nicht gespeichert)" in html and "A: 70" in html
    assert SheetVersion.objects.count() == 1


def test_confirm_by_other_person_then_publish(client, desk_world, director):
    w = desk_world
    client.force_login(w["desk"])
    for table in (1, 2):
        client.post(sheet_url(w, table), {**GOOD, "version": "0", "action": "save"})
    action = sheet_url(w, name="director:sheet_action")
    response = client.post(action, {"action": "confirm", "version": "1"})
    assert ResultSheet.objects.get(table__number=1).status == SheetStatus.ENTERED  # own sheet
    client.get(response.url)  # read the flash message
    client.force_login(director)
    for table in (1, 2):
        client.post(
            sheet_url(w, table, name="director:sheet_action"),
            {"action": "confirm", "version": "1"},
        )
    assert set(ResultSheet.objects.values_list("status", flat=True)) == {SheetStatus.CONFIRMED}
    client.post(reverse("director:round_publish", args=[w["t"].pk, 1]))
    w["round"].refresh_from_db()
    assert w["round"].status == RoundStatus.PUBLISHED


def test_blind_confirm_with_a_typo_is_refused(client, desk_world, director):
    w = desk_world
    client.force_login(w["desk"])
    client.post(sheet_url(w), {**GOOD, "version": "0", "action": "save"})
    client.force_login(director)
    retyped = {**GOOD, "g2_C": "-25", "g2_D": "-15", "action": "confirm_blind", "version": "1"}
    client.post(sheet_url(w, name="director:sheet_action"), retyped)
    assert ResultSheet.objects.get(table__number=1).status == SheetStatus.ENTERED
    client.post(
        sheet_url(w, name="director:sheet_action"),
        {**GOOD, "action": "confirm_blind", "version": "1"},
    )
    assert ResultSheet.objects.get(table__number=1).status == SheetStatus.CONFIRMED


def test_sheet_page_lists_every_version_with_reason(client, desk_world, director):
    w = desk_world
    client.force_login(w["desk"])
    client.post(sheet_url(w), {**GOOD, "version": "0", "action": "save"})
    corrected = {**GOOD, "g1_A": "+70", "g1_D": "-40", "reason": "D hatte 40", "version": "1"}
    client.post(sheet_url(w), {**corrected, "action": "save"})
    html = client.get(sheet_url(w)).content.decode()
    assert "Version 2" in html and "Version 1" in html
    assert "Grund: D hatte 40" in html
    assert list(SheetVersion.objects.values_list("action", flat=True).order_by("number")) == [
        "entered",
        "corrected",
    ]


def test_desk_board_counts_states_without_query_per_table(
    client, desk_world, django_assert_max_num_queries
):
    w = desk_world
    client.force_login(w["desk"])
    client.post(sheet_url(w), {**GOOD, "version": "0", "action": "save"})
    # 13: one is the live ETag's public version (events.public_generation), read at most once a
    # second per process
    with django_assert_max_num_queries(13):
        response = client.get(reverse("director:desk_board", args=[w["t"].pk, 1]))
    assert response.context["counts"]["missing"] == 1
    assert response.context["counts"]["entered"] == 1
    assert response.context["next_missing"].number == 2


def test_empty_sheet_page_shows_the_grid_with_player_names(client, desk_world):
    w = desk_world
    client.force_login(w["desk"])
    response = client.get(sheet_url(w))
    html = response.content.decode()
    assert response.status_code == 200
    assert html.count('class="cell"') == 16  # 4 games x 4 seats
    seat = w["round"].seats.select_related("player").get(table__number=1, letter="A")
    assert f"Spiel 1, A ({seat.player.full_name})" in html
    assert "noch nicht erfasst" in html


def test_round_results_are_public_only_after_publication(client, desk_world, director, settings):
    settings.PUBLIC_CACHE_SECONDS = 0  # each answer from the view (the cache: standings tests)
    w = desk_world
    url = reverse("round_results", args=[w["t"].pk, 1])
    client.force_login(w["desk"])
    for table in (1, 2):
        client.post(sheet_url(w, table), {**GOOD, "version": "0", "action": "save"})
    client.force_login(director)
    for table in (1, 2):
        client.post(
            sheet_url(w, table, "director:sheet_action"), {"action": "confirm", "version": "1"}
        )
    client.logout()
    # confirmed but not published: the page exists, without a figure (issue 28.5)
    before = client.get(url)
    assert before.status_code == 200
    assert before.context["tables"] == []
    assert "noch nicht veröffentlicht" in before.content.decode()
    assert "+60" not in before.content.decode()
    client.force_login(director)
    client.post(reverse("director:round_publish", args=[w["t"].pk, 1]))
    client.logout()
    response = client.get(url)
    assert response.status_code == 200
    first = response.context["tables"][0]
    assert [e.game_points for e in first["games"][0]["entries"]] == [60, -10, -20, -30]
    assert [e.placement_points for e in first["games"][0]["entries"]] == [4, 3, 1, 0]
    assert first["totals"][0]["placement_points"] == 12


def test_clarification_then_director_interprets_with_reason(client, desk_world, director):
    w = desk_world
    client.force_login(w["desk"])
    client.post(sheet_url(w), {**GOOD, "version": "0", "action": "save"})
    action = sheet_url(w, name="director:sheet_action")
    client.post(action, {"action": "clarify", "version": "1", "note": ""})
    assert ResultSheet.objects.get(table__number=1).status == SheetStatus.ENTERED  # note needed
    client.post(action, {"action": "clarify", "version": "1", "note": "Spiel 2 unleserlich"})
    sheet = ResultSheet.objects.get(table__number=1)
    assert sheet.status == SheetStatus.NEEDS_CLARIFICATION
    # The desk cannot interpret; the director can, only with a reason (Klub 10.3).
    interpreted = {**GOOD, "g2_A": "-6", "g2_B": "+46", "action": "interpret", "version": "2"}
    response = client.post(action, {**interpreted, "reason": "Spieler nicht erreichbar"})
    assert response.status_code == 403
    client.force_login(director)
    client.post(action, {**interpreted, "reason": ""})
    assert ResultSheet.objects.get(table__number=1).status == SheetStatus.NEEDS_CLARIFICATION
    client.post(action, {**interpreted, "reason": "Spieler nicht erreichbar"})
    sheet = ResultSheet.objects.get(table__number=1)
    assert sheet.status == SheetStatus.CONFIRMED
    assert sheet.confirmed.action == "interpreted"
    assert sheet.confirmed.reason == "Spieler nicht erreichbar"
    assert sheet.confirmed.games[1]["scores"]["B"] == 46
