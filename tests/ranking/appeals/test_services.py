"""Filing an appeal (Klub 3): 14 days, who may file, attachments."""

from __future__ import annotations

from datetime import datetime

import pytest
from django.core.exceptions import PermissionDenied, ValidationError
from django.core.files.uploadedfile import SimpleUploadedFile

from ranking.appeals import services as appeals_services
from ranking.appeals.selectors import appealable_tournaments_for_player
from ranking.appeals.services import NOT_PLAYED
from ranking.domain.appeals import BERLIN
from ranking.enums import AppealStatus
from ranking.models import (
    Appeal,
)
from tests.ranking.conftest import END, IN_TIME
from tests.support.builders import make_appeal, make_user, play_tournament
from tournaments.enums import GlobalRole, StaffRole
from tournaments.models import Player, Registration, TournamentStaff

pytestmark = pytest.mark.django_db

DAY_15 = datetime(2026, 6, 22, 0, 0, 0, tzinfo=BERLIN)
JPEG = b"\xff\xd8\xff\xe0" + b"\x00" * 200


def file(user, tournament, player, *, now=IN_TIME, **extra):
    return make_appeal(user=user, tournament=tournament, player=player, now=now, **extra)


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
        "player": [
            "Dieser Spieler hat in diesem Turnier kein Spiel gespielt. Einspruch kann nur "
            "einlegen, wer mitgespielt hat, auch wer später abgemeldet wurde (Klub 4.2.3)."
        ]
    }


def test_a_player_withdrawn_after_playing_may_appeal(finished, director, field):
    """Klub 4.2.3: whoever played may appeal, withdrawn players included (SPEC §8)."""
    Registration.objects.filter(tournament=finished, player=field[3]).update(
        withdrawn_at=datetime(2026, 6, 7, 15, tzinfo=BERLIN)
    )
    appeal = file(director, finished, field[3])
    assert (appeal.player_id, appeal.tournament_id) == (field[3].pk, finished.pk)
    assert appealable_tournaments_for_player(field[3], now=IN_TIME) == [finished]


def test_a_registered_player_who_never_played_may_not_appeal(finished, director):
    late = Player.objects.create(federation_number="X-2", first_name="Lu", last_name="Spät")
    Registration.objects.create(
        tournament=finished, player=late, withdrawn_at=datetime(2026, 6, 6, tzinfo=BERLIN)
    )
    with pytest.raises(ValidationError) as exc:
        file(director, finished, late)
    assert exc.value.message_dict == {"player": [NOT_PLAYED]}
    assert appealable_tournaments_for_player(late, now=IN_TIME) == []


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


def test_director_of_tournament_can_see_but_not_decide(appeal, director, finished):
    TournamentStaff.objects.get_or_create(
        tournament=finished, user=director, role=StaffRole.DIRECTOR
    )
    assert appeals_services.can_see_appeal(director, appeal)
    assert not appeals_services.can_see_appeal(make_user("fremd2"), appeal)
