"""The appeal pages: my area, filing with a photo, deadline, per role, private attachment."""

from __future__ import annotations

from datetime import datetime

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from players.models import PlayerAccount
from ranking.domain.appeals import BERLIN
from ranking.models import Appeal
from tests.support.builders import make_user
from tournaments.enums import GlobalRole
from tournaments.models import Registration, Seat

pytestmark = pytest.mark.django_db


@pytest.fixture
def player_client(client, field):
    user = make_user("spieler-web")
    PlayerAccount.objects.create(user=user, player=field[0])
    client.force_login(user)
    return client


def test_player_files_appeal_with_photo(player_client, ranked, field, settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path
    from unittest import mock

    now = datetime(2026, 6, 10, 12, tzinfo=BERLIN)
    with mock.patch("django.utils.timezone.now", return_value=now):
        page = player_client.get(reverse("ranking:my_area"))
        assert f'href="{reverse("ranking:appeal_new", args=[ranked.pk])}"' in page.content.decode()
        response = player_client.post(
            reverse("ranking:appeal_new", args=[ranked.pk]),
            {
                "round_number": "1",
                "table_number": "1",
                "game_number": "2",
                "what_is_wrong": "Falsch addiert",
                "correction_requested": "Bitte +45 für B",
                "attachment": SimpleUploadedFile("foto.png", b"\x89PNG\r\n\x1a\n" + b"0" * 50),
            },
        )
    appeal = Appeal.objects.get()
    assert response.status_code == 302 and response.url == reverse(
        "ranking:appeal_detail", args=[appeal.pk]
    )
    assert appeal.player_id == field[0].pk and appeal.game_number == 2 and not appeal.on_behalf
    detail = player_client.get(response.url).content.decode()
    assert "Eingegangen" in detail and "Falsch addiert" in detail
    download = player_client.get(reverse("ranking:appeal_attachment", args=[appeal.pk]))
    assert download.status_code == 200 and download["Content-Type"] == "image/png"


def test_appeal_page_refuses_day_15_with_deadline(player_client, ranked):
    from unittest import mock

    now = datetime(2026, 6, 22, 0, 0, 5, tzinfo=BERLIN)
    with mock.patch("django.utils.timezone.now", return_value=now):
        response = player_client.post(
            reverse("ranking:appeal_new", args=[ranked.pk]),
            {"what_is_wrong": "x", "correction_requested": "y"},
        )
    assert response.status_code == 422
    html = response.content.decode()
    assert (
        "Die Einspruchsfrist ist abgelaufen: Einsprüche waren bis 21.06.2026, 23:59:59 Uhr möglich"
        in html
    )
    assert Appeal.objects.count() == 0


def test_bad_upload_gives_german_message_not_500(player_client, ranked, settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path
    from unittest import mock

    with mock.patch("django.utils.timezone.now", return_value=datetime(2026, 6, 10, tzinfo=BERLIN)):
        response = player_client.post(
            reverse("ranking:appeal_new", args=[ranked.pk]),
            {
                "what_is_wrong": "x",
                "correction_requested": "y",
                "attachment": SimpleUploadedFile("virus.exe", b"MZ"),
            },
        )
    assert response.status_code == 422
    assert "Erlaubt sind Fotos (JPEG, PNG, WebP, HEIC) oder PDF" in response.content.decode()


@pytest.mark.parametrize(
    ("username", "roles", "expected"),
    [
        ("anon", None, 302),
        ("plain", (), 403),
        ("ref", (GlobalRole.REFEREE,), 403),
        ("kom", (GlobalRole.COMMISSION,), 403),
        ("dir2", (GlobalRole.DIRECTOR,), 403),
    ],
)
def test_appeal_form_per_role(client, ranked, username, roles, expected):
    if roles is not None:
        client.force_login(make_user(username, role=roles))
    response = client.get(reverse("ranking:appeal_new", args=[ranked.pk]))
    assert response.status_code == expected  # "dir2" directs other tournaments only


def test_director_files_on_behalf_via_form(client, ranked, director, field):
    from unittest import mock

    client.force_login(director)
    with mock.patch("django.utils.timezone.now", return_value=datetime(2026, 6, 9, tzinfo=BERLIN)):
        response = client.post(
            reverse("ranking:appeal_new", args=[ranked.pk]),
            {"player": str(field[3].pk), "what_is_wrong": "x", "correction_requested": "y"},
        )
    assert response.status_code == 302
    appeal = Appeal.objects.get()
    assert appeal.player == field[3] and appeal.on_behalf is True


def test_attachment_is_private(client, appeal, settings, tmp_path):
    client.force_login(make_user("neugierig"))
    assert client.get(reverse("ranking:appeal_attachment", args=[appeal.pk])).status_code == 403
    assert client.get(reverse("ranking:appeal_detail", args=[appeal.pk])).status_code == 403


def test_my_area_per_role(client, db):
    assert client.get(reverse("ranking:my_area")).status_code == 302
    client.force_login(make_user("nobody"))
    assert client.get(reverse("ranking:my_area")).status_code == 403


def test_director_may_choose_a_withdrawn_player_who_played(client, ranked, director, field):
    """The form offers everyone who played (Klub 4.2.3), not only active registrations."""
    Registration.objects.filter(tournament=ranked, player=field[5]).update(
        withdrawn_at=datetime(2026, 6, 7, 16, tzinfo=BERLIN)
    )
    client.force_login(director)
    response = client.get(reverse("ranking:appeal_new", args=[ranked.pk]))
    choices = [value for value, _ in response.context["form"].fields["player"].choices]
    assert field[5].pk in choices
    seated = set(
        Seat.objects.played().filter(round__tournament=ranked).values_list("player_id", flat=True)
    )
    assert set(choices) - {""} == seated
