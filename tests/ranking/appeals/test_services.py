"""Appeals (14 days, who may file, attachments) and the commission's final decisions."""

from __future__ import annotations

from datetime import date, datetime

import pytest
from django.core.exceptions import PermissionDenied, ValidationError
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import IntegrityError, transaction

from ranking.appeals import services as appeals_services
from ranking.commission import services as commission_services
from ranking.compute import services as compute
from ranking.domain.appeals import BERLIN
from ranking.enums import AppealStatus, DecisionOutcome
from ranking.models import (
    Appeal,
    Decision,
    PlayerAccount,
    RankingEntry,
    RankingYear,
    ResultCorrection,
)
from tests.support.builders import make_user, play_tournament
from tournaments.enums import GlobalRole, StaffRole
from tournaments.models import Round, SheetVersion, TournamentStaff
from tournaments.sheets.selectors import game_lines

pytestmark = pytest.mark.django_db

END = date(2026, 6, 7)
IN_TIME = datetime(2026, 6, 21, 23, 59, 59, tzinfo=BERLIN)
DAY_15 = datetime(2026, 6, 22, 0, 0, 0, tzinfo=BERLIN)
JPEG = b"\xff\xd8\xff\xe0" + b"\x00" * 200


@pytest.fixture
def finished(director, desk_user, field):
    return play_tournament(director=director, desk=desk_user, players=field, end=END)


@pytest.fixture
def player_user(field):
    user = make_user("spieler-konto")
    PlayerAccount.objects.create(user=user, player=field[0])
    return user


def file(user, tournament, player, *, now=IN_TIME, **extra):
    fields = {
        "what_is_wrong": "Spiel 1 falsch übertragen",
        "correction_requested": "B hat gewonnen",
        "round_number": 1,
        "table_number": 1,
        "game_number": 1,
    }
    fields.update(extra)
    return appeals_services.appeal_file(
        user=user, tournament=tournament, player=player, now=now, **fields
    )


# --- Filing -----------------------------------------------------------------------------


def test_player_files_own_appeal_in_time(finished, player_user, field):
    appeal = file(player_user, finished, field[0])
    assert appeal.status == AppealStatus.RECEIVED
    assert appeal.on_behalf is False
    assert appeal.round.number == 1 and appeal.table_number == 1 and appeal.game_number == 1


def test_appeal_on_day_15_is_refused_with_deadline(finished, player_user, field):
    with pytest.raises(ValidationError) as exc:
        file(player_user, finished, field[0], now=DAY_15)
    assert exc.value.messages == [
        "Die Einspruchsfrist ist abgelaufen: Einsprüche waren bis 21.06.2026, 23:59:59 Uhr "
        "möglich (14 Tage nach dem letzten Turniertag, Klub 3)."
    ]
    assert Appeal.objects.count() == 0


def test_appeal_before_tournament_finished_is_refused(director, desk_user, field, player_user):
    running = play_tournament(director=director, desk=desk_user, players=field, end=END, rounds=1)
    with pytest.raises(ValidationError, match="erst nach dem Ende"):
        file(player_user, running, field[0])


def test_player_cannot_file_for_someone_else(finished, player_user, field):
    with pytest.raises(PermissionDenied):
        file(player_user, finished, field[1])


@pytest.mark.parametrize("role", ["director_of_tournament", "federation_admin"])
def test_staff_files_on_behalf(finished, field, role, director):
    user = (
        director
        if role == "director_of_tournament"
        else make_user("vb", role=GlobalRole.FEDERATION_ADMIN)
    )
    appeal = file(user, finished, field[2])
    assert appeal.on_behalf is True and appeal.filed_by == user


@pytest.mark.parametrize(
    "roles",
    [(GlobalRole.DIRECTOR,), (GlobalRole.REFEREE,), (GlobalRole.COMMISSION,), ()],
    ids=["other-director", "referee", "commission", "plain"],
)
def test_other_roles_cannot_file(finished, field, roles):
    user = make_user("fremd", role=roles)
    with pytest.raises(PermissionDenied):
        file(user, finished, field[2])


def test_desk_staff_of_tournament_cannot_file(finished, field, desk_user):
    with pytest.raises(PermissionDenied):
        file(desk_user, finished, field[2])


def test_player_must_have_played(finished, director):
    from tournaments.models import Player

    outsider = Player.objects.create(federation_number="X-1", first_name="Ola", last_name="Außen")
    with pytest.raises(ValidationError) as exc:
        file(director, finished, outsider)
    assert exc.value.message_dict == {
        "player": ["Dieser Spieler hat an dem Turnier nicht teilgenommen."]
    }


@pytest.mark.parametrize(
    ("extra", "field_name", "message"),
    [
        ({"round_number": 9}, "round_number", "Runde 9 gibt es in diesem Turnier nicht."),
        ({"table_number": 99}, "table_number", "Tisch 99 gibt es in Runde 1 nicht."),
        ({"game_number": 5}, "game_number", "Eine Runde hat hier 4 Spiele."),
        ({"what_is_wrong": "  "}, "what_is_wrong", "Bitte beschreiben, was falsch ist."),
    ],
)
def test_bad_appeal_input_gives_german_field_errors(
    finished, player_user, field, extra, field_name, message
):
    with pytest.raises(ValidationError) as exc:
        file(player_user, finished, field[0], **extra)
    assert exc.value.message_dict[field_name] == [message]
    assert Appeal.objects.count() == 0


def test_attachment_jpeg_is_stored(finished, player_user, field, settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path
    upload = SimpleUploadedFile("bogen.JPG", JPEG, content_type="image/jpeg")
    appeal = file(player_user, finished, field[0], attachment=upload)
    assert appeal.attachment.name.endswith(".jpg")
    assert (tmp_path / appeal.attachment.name).read_bytes() == JPEG


@pytest.mark.parametrize(
    ("name", "content", "message"),
    [
        (
            "bogen.exe",
            b"MZ\x90\x00",
            "Erlaubt sind Fotos (JPEG, PNG, WebP, HEIC) oder PDF, nicht „.exe“.",
        ),
        (
            "bogen.jpg",
            b"%PDF-1.4 fake",
            "Der Inhalt der Datei passt nicht zu ihrer Endung; bitte ein Foto oder PDF hochladen.",
        ),
        ("bogen.png", b"", "Die Datei ist leer."),
        (
            "bogen.pdf",
            b"%PDF-" + b"0" * (10 * 1024 * 1024),
            "Die Datei ist 10.0 MB groß; erlaubt sind höchstens 10 MB.",
        ),
    ],
)
def test_attachment_type_and_size_are_checked(
    finished, player_user, field, name, content, message, settings, tmp_path
):
    settings.MEDIA_ROOT = tmp_path
    upload = SimpleUploadedFile(name, content)
    with pytest.raises(ValidationError) as exc:
        file(player_user, finished, field[0], attachment=upload)
    assert exc.value.message_dict == {"attachment": [message]}
    assert Appeal.objects.count() == 0
    assert not any(tmp_path.rglob("*.*"))


# --- Commission -------------------------------------------------------------------------


@pytest.fixture
def appeal(finished, player_user, field):
    return file(player_user, finished, field[0])


def corrected_games(tournament):
    sheet = Round.objects.get(tournament=tournament, number=1).sheets.get(table__number=1)
    games = [dict(g) for g in sheet.confirmed.games]
    games[0] = {"number": 1, "scores": {"A": -10, "B": 60, "C": -20, "D": -30}}
    return games


def test_review_then_decide_rejected(
    appeal, commission_member, mailoutbox, django_capture_on_commit_callbacks
):
    reviewed = commission_services.appeal_start_review(appeal=appeal, user=commission_member)
    assert (
        reviewed.status == AppealStatus.UNDER_REVIEW
        and reviewed.review_started_by == commission_member
    )
    with django_capture_on_commit_callbacks(execute=True):
        decision = commission_services.appeal_decide(
            appeal=appeal,
            user=commission_member,
            outcome=DecisionOutcome.REJECTED,
            reasoning="Bogen ist unterschrieben (Klub 10.2).",
        )
    appeal.refresh_from_db()
    assert appeal.status == AppealStatus.DECIDED and decision.outcome == "rejected"
    assert len(mailoutbox) == 1
    mail = mailoutbox[0]
    assert mail.to == [appeal.player.email]
    assert mail.subject == f"Entscheidung über Ihren Einspruch Nr. {appeal.pk}"
    assert "Abgelehnt" in mail.body and "Bogen ist unterschrieben" in mail.body


@pytest.mark.parametrize(
    "roles",
    [(GlobalRole.DIRECTOR,), (GlobalRole.FEDERATION_ADMIN,), (GlobalRole.REFEREE,), ()],
    ids=["director", "federation-admin", "referee", "plain"],
)
def test_only_commission_members_decide(appeal, roles):
    user = make_user("nicht-kommission", role=roles)
    with pytest.raises(PermissionDenied):
        commission_services.appeal_decide(
            appeal=appeal, user=user, outcome=DecisionOutcome.REJECTED, reasoning="x"
        )
    with pytest.raises(PermissionDenied):
        commission_services.appeal_start_review(appeal=appeal, user=user)
    assert Decision.objects.count() == 0


def test_decision_is_recorded_once(appeal, commission_member):
    commission_services.appeal_decide(
        appeal=appeal, user=commission_member, outcome=DecisionOutcome.REJECTED, reasoning="Nein."
    )
    with pytest.raises(ValidationError, match="bereits entschieden"):
        commission_services.appeal_decide(
            appeal=appeal, user=commission_member, outcome=DecisionOutcome.STRUCK, reasoning="Doch."
        )
    with pytest.raises(ValidationError, match="bereits entschieden"):
        commission_services.appeal_start_review(appeal=appeal, user=commission_member)
    assert Decision.objects.get().outcome == "rejected"


def test_database_refuses_second_decision_and_any_edit(appeal, commission_member):
    decision = commission_services.appeal_decide(
        appeal=appeal, user=commission_member, outcome=DecisionOutcome.REJECTED, reasoning="Nein."
    )
    with pytest.raises(IntegrityError), transaction.atomic():
        Decision.objects.create(
            appeal=appeal, outcome="upheld", reasoning="x", decided_at=decision.decided_at
        )
    with pytest.raises(Exception, match="endgültig"), transaction.atomic():
        Decision.objects.filter(pk=decision.pk).update(outcome=DecisionOutcome.UPHELD)
    with pytest.raises(Exception, match="endgültig"), transaction.atomic():
        decision.reasoning = "geändert"
        decision.save()
    decision.refresh_from_db()
    assert decision.outcome == "rejected" and decision.reasoning == "Nein."


def test_decision_needs_reasoning_and_outcome(appeal, commission_member):
    with pytest.raises(ValidationError) as exc:
        commission_services.appeal_decide(
            appeal=appeal, user=commission_member, outcome="upheld", reasoning=" "
        )
    assert exc.value.message_dict == {"reasoning": ["Eine Entscheidung braucht eine Begründung."]}
    with pytest.raises(ValidationError) as exc:
        commission_services.appeal_decide(
            appeal=appeal, user=commission_member, outcome="maybe", reasoning="x"
        )
    assert exc.value.message_dict == {"outcome": ["Bitte eine Entscheidung wählen."]}


def test_upheld_changes_ranking_only_not_published_standings(appeal, commission_member, finished):
    compute.ranking_recompute_year(year=2026)
    table = Round.objects.get(tournament=finished, number=1).tables.get(number=1)
    a_player = table.seats.get(letter="A").player_id
    b_player = table.seats.get(letter="B").player_id
    published_before = sorted(
        game_lines(finished), key=lambda g: (g.round_number, g.player_id, g.game_number)
    )
    versions_before = SheetVersion.objects.count()
    ranking_before = {e.player_id: e for e in RankingEntry.objects.all()}

    commission_services.appeal_decide(
        appeal=appeal,
        user=commission_member,
        outcome=DecisionOutcome.UPHELD,
        reasoning="B hat Spiel 1 gewonnen.",
        round_number=1,
        table_number=1,
        games=corrected_games(finished),
    )
    assert RankingYear.objects.get(year=2026).pending is True
    compute.ranking_recompute_year(year=2026)
    after = {e.player_id: e for e in RankingEntry.objects.all()}
    assert after[a_player].placement_points == ranking_before[a_player].placement_points - 1
    assert after[b_player].placement_points == ranking_before[b_player].placement_points + 1
    assert after[b_player].first == ranking_before[b_player].first + 1
    # the tournament's published results are untouched
    assert (
        sorted(game_lines(finished), key=lambda g: (g.round_number, g.player_id, g.game_number))
        == published_before
    )
    assert SheetVersion.objects.count() == versions_before
    correction = ResultCorrection.objects.get()
    assert correction.table_number == 1 and correction.games[0]["scores"]["B"] == 60


def test_upheld_correction_is_validated_by_scoring(appeal, commission_member, finished):
    games = corrected_games(finished)
    games[0] = {"number": 1, "scores": {"A": -10, "B": 60, "C": -20, "D": -20}}
    with pytest.raises(ValidationError) as exc:
        commission_services.appeal_decide(
            appeal=appeal,
            user=commission_member,
            outcome=DecisionOutcome.UPHELD,
            reasoning="x",
            round_number=1,
            table_number=1,
            games=games,
        )
    assert exc.value.messages == ["Spiel 1: Die Summe ist +10 statt 0 (Kontrollsumme)."]
    assert Decision.objects.count() == 0
    appeal.refresh_from_db()
    assert appeal.status == AppealStatus.RECEIVED


def test_upheld_without_change_is_refused(appeal, commission_member, finished):
    sheet = Round.objects.get(tournament=finished, number=1).sheets.get(table__number=1)
    with pytest.raises(ValidationError, match="gleich den veröffentlichten"):
        commission_services.appeal_decide(
            appeal=appeal,
            user=commission_member,
            outcome=DecisionOutcome.UPHELD,
            reasoning="x",
            round_number=1,
            table_number=1,
            games=sheet.confirmed.games,
        )


def test_struck_tournament_leaves_the_ranking(
    appeal, commission_member, finished, director, desk_user, field
):
    other = play_tournament(
        director=director, desk=desk_user, players=field, name="Zweites", end=END, rounds=1
    )
    compute.ranking_recompute_year(year=2026)
    assert {e.tournaments for e in RankingEntry.objects.all()} == {2}
    commission_services.appeal_decide(
        appeal=appeal,
        user=commission_member,
        outcome=DecisionOutcome.STRUCK,
        reasoning="Turnier verstieß gegen Klub 6.2.",
    )
    assert RankingYear.objects.get(year=2026).pending is True
    compute.ranking_recompute_year(year=2026)
    assert {e.tournaments for e in RankingEntry.objects.all()} == {1}
    assert {e.rounds for e in RankingEntry.objects.all()} == {1}
    assert other.pk  # the other tournament still counts
    second = file(make_user("vb2", role=GlobalRole.FEDERATION_ADMIN), finished, field[3])
    with pytest.raises(ValidationError, match="bereits aus dem Ranking gestrichen"):
        commission_services.appeal_decide(
            appeal=second, user=commission_member, outcome=DecisionOutcome.STRUCK, reasoning="x"
        )


def test_decision_enqueues_recompute_after_commit(
    appeal, commission_member, finished, eager_celery, django_capture_on_commit_callbacks
):
    compute.ranking_recompute_year(year=2026)
    with django_capture_on_commit_callbacks(execute=True):
        commission_services.appeal_decide(
            appeal=appeal,
            user=commission_member,
            outcome=DecisionOutcome.UPHELD,
            reasoning="B gewann.",
            round_number=1,
            table_number=1,
            games=corrected_games(finished),
        )
    assert RankingYear.objects.get(year=2026).pending is False
    b = Round.objects.get(tournament=finished, number=1).tables.get(number=1).seats.get(letter="B")
    assert RankingEntry.objects.get(player_id=b.player_id).first == 1


def test_director_of_tournament_can_see_but_not_decide(appeal, director, finished):
    TournamentStaff.objects.get_or_create(
        tournament=finished, user=director, role=StaffRole.DIRECTOR
    )
    assert appeals_services.can_see_appeal(director, appeal)
    assert not appeals_services.can_see_appeal(make_user("fremd2"), appeal)
