"""Journey (issue 7): a player appeals from the phone, an appeal on day 15 is refused, and a
commission member upholds the appeal in the browser: the ranking changes, the tournament's
published standings do not."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.urls import NoReverseMatch, reverse
from django.utils import timezone

from players.models import PlayerAccount
from ranking.models import Appeal, Decision, RankingEntry
from tests.browser.conftest import log_in
from tests.support.builders import PASSWORD, make_players, make_user, play_tournament
from tests.support.celery import celery_conf
from tournaments.domain.standings import Participant, compute_standings
from tournaments.enums import GlobalRole
from tournaments.models import Round
from tournaments.results.selectors import game_lines

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

JPEG = b"\xff\xd8\xff\xe0" + b"\x00" * 512


def published_standings(tournament):
    """The tournament's own standings from its published sheets (SPEC §5)."""
    participants = [
        Participant(player_id=r.player_id, reserve=r.reserve)
        for r in tournament.registrations.filter(withdrawn_at__isnull=True)
    ]
    return compute_standings(game_lines(tournament), participants, ruleset=tournament.ruleset)


def ranking_row(page, player_id: int) -> tuple[str, str]:
    row = page.locator(f'tr[data-player="{player_id}"]')
    return row.get_by_test_id("pp").inner_text(), row.get_by_test_id("gp").inner_text()


def test_commission_upholds_appeal_ranking_changes_standings_do_not(
    browser, live_server, settings, tmp_path
):
    settings.MEDIA_ROOT = tmp_path
    base = live_server.url
    today = timezone.localdate()
    director = make_user("leiterin", role=GlobalRole.DIRECTOR)
    desk = make_user("orga")
    make_user("kommission", role=GlobalRole.COMMISSION)
    players = make_players(8)

    with celery_conf(task_always_eager=True, task_eager_propagates=True):
        recent = play_tournament(
            director=director,
            desk=desk,
            players=players,
            name="Stadtmeisterschaft Köln",
            end=today - timedelta(days=3),
        )
        late = play_tournament(
            director=director,
            desk=desk,
            players=players,
            name="Stadtmeisterschaft Bonn",
            end=today - timedelta(days=15),
        )
        # The appellant sat at table 1 of round 1 in seat B (no win in game 1 on the sheet).
        table = Round.objects.get(tournament=recent, number=1).tables.get(number=1)
        seat_a = table.seats.get(letter="A")
        seat_b = table.seats.get(letter="B")
        appellant = seat_b.player
        user = make_user("spielerin-b")
        PlayerAccount.objects.create(user=user, player=appellant)
        year = recent.ranking_year
        before = {e.player_id: e for e in RankingEntry.objects.filter(ranking_year__year=year)}
        assert before, "the publishes enqueued an (eager) recompute"
        standings_before = published_standings(recent)
        try:
            standings_url = reverse("standings", args=[recent.pk])
        except NoReverseMatch:
            standings_url = None

        # --- The player files an appeal on the phone -------------------------------------
        ctx = browser.new_context(viewport={"width": 390, "height": 844}, locale="de-DE")
        phone = ctx.new_page()
        phone.set_default_timeout(15_000)
        log_in(phone, base, "spielerin-b", PASSWORD)
        phone.get_by_role("link", name="Mein Bereich").click()
        assert "Stadtmeisterschaft Bonn" not in phone.locator("main").inner_text()
        phone.get_by_role("link", name="Einspruch zu „Stadtmeisterschaft Köln“").click()
        phone.get_by_label("Runde").select_option("1")
        phone.get_by_label("Tisch").fill("1")
        phone.get_by_label("Spiel").fill("1")
        phone.get_by_label("Was ist falsch?").fill("Spiel 1: A und B vertauscht übertragen.")
        phone.get_by_label("Beantragte Korrektur").fill("B +60, A −10")
        phone.get_by_label("Anhang (Foto der Ergebnisliste, optional)").set_input_files(
            files=[{"name": "bogen.jpg", "mimeType": "image/jpeg", "buffer": JPEG}]
        )
        phone.get_by_role("button", name="Einspruch einlegen").click()
        appeal = Appeal.objects.get()
        phone.get_by_text(f"Einspruch Nr. {appeal.pk} ist eingegangen.").wait_for()
        assert phone.get_by_test_id("appeal-status").inner_text() == "Eingegangen"
        assert appeal.attachment.name.endswith(".jpg")

        # --- More to say: not a second appeal but an addition to the open one (issue 30.5) --
        phone.goto(f"{base}/ranking/einsprueche/neu/{recent.pk}/")
        phone.get_by_role("link", name=f"Einspruch Nr. {appeal.pk} ergänzen").click()
        phone.get_by_label("Was ergänzen Sie?").fill("Tisch 2 hat es auch gesehen.")
        phone.get_by_label("Anhang (freiwillig)").set_input_files(
            files=[{"name": "seite2.jpg", "mimeType": "image/jpeg", "buffer": JPEG}]
        )
        phone.get_by_role("button", name="Einspruch ergänzen").click()
        phone.get_by_text(f"Ihr Nachtrag zu Einspruch Nr. {appeal.pk} ist eingegangen.").wait_for()
        additions = phone.get_by_test_id("appeal-additions")
        assert "Tisch 2 hat es auch gesehen." in additions.inner_text()
        assert additions.get_by_role("link", name="Anhang öffnen").count() == 1
        assert phone.evaluate("document.documentElement.scrollWidth") <= 390
        assert appeal.additions.get().attachment.name.endswith(".jpg")

        # --- Day 15: refused with the deadline in the message ------------------------------
        phone.goto(f"{base}/ranking/einsprueche/neu/{late.pk}/")
        phone.get_by_label("Was ist falsch?").fill("Zu spät")
        phone.get_by_label("Beantragte Korrektur").fill("Trotzdem")
        phone.expect_status(422, f"/ranking/einsprueche/neu/{late.pk}/")  # the form refused
        phone.get_by_role("button", name="Einspruch einlegen").click()
        deadline = (late.end_date + timedelta(days=14)).strftime("%d.%m.%Y")
        phone.get_by_text(
            f"Die Einspruchsfrist ist abgelaufen: Einsprüche waren bis {deadline}, 23:59:59 Uhr "
            "möglich"
        ).wait_for()
        assert Appeal.objects.count() == 1
        ctx.close()

        # --- The commission decides in the browser ----------------------------------------
        ctx = browser.new_context(viewport={"width": 1280, "height": 900}, locale="de-DE")
        page = ctx.new_page()
        page.set_default_timeout(15_000)
        log_in(page, base, "kommission", PASSWORD)
        page.get_by_role("link", name="Regelkommission").click()
        assert page.get_by_test_id("count-received").inner_text() == "1"
        page.get_by_role("link", name=f"Einspruch Nr. {appeal.pk}").click()
        assert "Version 2" in page.get_by_test_id("sheet-versions").inner_text()
        assert (
            "Tisch 2 hat es auch gesehen." in page.get_by_test_id("appeal-additions").inner_text()
        )
        page.get_by_role("button", name="Prüfung beginnen").click()
        page.get_by_text(f"Einspruch Nr. {appeal.pk} ist in Prüfung.").wait_for()
        page.get_by_label("Stattgegeben: Ergebnisse für das Ranking berichtigt").check()
        page.get_by_label("Begründung").fill("Laut Foto hat B das erste Spiel gewonnen.")
        page.locator("#g1_A").fill("-10")
        page.locator("#g1_B").fill("+60")
        page.get_by_role("button", name="Entscheidung endgültig speichern").click()
        page.get_by_text(f"Entscheidung zu Einspruch Nr. {appeal.pk} gespeichert").wait_for()
        assert "Die Entscheidung ist endgültig" in page.get_by_test_id("decision").inner_text()
        assert page.get_by_role("button", name="Entscheidung endgültig speichern").count() == 0
        assert Decision.objects.get().outcome == "upheld"

        # --- The ranking changed (recomputed after the decision) --------------------------
        page.goto(f"{base}/ranking/{year}/")
        assert page.get_by_test_id("ranking-pending").count() == 0
        pp_b, gp_b = ranking_row(page, appellant.pk)
        pp_a, gp_a = ranking_row(page, seat_a.player_id)
        # game 1 was A +60 / B −10 (A 4 points, B 3); now B +60 / A −10 (B 4, A 3)
        assert int(pp_b) == before[appellant.pk].placement_points + 1
        assert int(gp_b) == before[appellant.pk].game_points + 70
        assert int(pp_a) == before[seat_a.player_id].placement_points - 1
        assert int(gp_a) == before[seat_a.player_id].game_points - 70

        # --- The tournament's published standings did not -----------------------------------
        assert published_standings(recent) == standings_before
        if standings_url is not None:
            page.goto(f"{base}{standings_url}")
            assert page.locator("main").inner_text().count(appellant.last_name) >= 1
        page.goto(f"{base}/turniere/{recent.pk}/runden/1/ergebnisse/")
        first_table = page.locator("section.card").first.inner_text()
        assert "+60" in first_table
        sheet = table.sheet
        sheet.refresh_from_db()
        assert sheet.confirmed.games[0]["scores"]["A"] == 60
        ctx.close()
