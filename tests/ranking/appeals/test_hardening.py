"""Appeal attachments cannot run in the site's origin; a draft tournament's appeal form is 404."""

from __future__ import annotations

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from players.models import PlayerAccount
from tests.ranking.conftest import IN_TIME
from tests.support.builders import make_appeal, make_tournament, make_user

pytestmark = pytest.mark.django_db

PNG = b"\x89PNG\r\n\x1a\n" + b"0" * 40
PDF = b"%PDF-1.4\n<script>alert(1)</script>"


def attach(player_user, finished, player, name, content):
    return make_appeal(
        user=player_user,
        tournament=finished,
        player=player,
        now=IN_TIME,
        attachment=SimpleUploadedFile(name, content),
    )


@pytest.mark.parametrize(
    ("name", "content", "content_type", "disposition"),
    [
        ("bogen.png", PNG, "image/png", 'inline; filename="'),
        ("bogen.pdf", PDF, "application/pdf", 'attachment; filename="'),
    ],
    ids=["photo", "pdf"],
)
def test_attachment_photo_inline_anything_else_download_always_sandboxed(
    client, finished, player_user, field, settings, tmp_path, name, content, content_type,
    disposition,
):  # fmt: skip
    settings.MEDIA_ROOT = tmp_path
    appeal = attach(player_user, finished, field[0], name, content)
    client.force_login(player_user)
    response = client.get(reverse("ranking:appeal_attachment", args=[appeal.pk]))
    assert response.status_code == 200
    assert response["Content-Type"] == content_type
    stored = appeal.attachment.name.rsplit("/", 1)[1]
    assert response["Content-Disposition"] == f'{disposition}{stored}"'
    assert response["Content-Security-Policy"] == "sandbox"
    assert response["X-Content-Type-Options"] == "nosniff"
    assert b"".join(response.streaming_content) == content


def test_appeal_form_of_a_draft_tournament_is_404_for_players(client, director, field):
    draft = make_tournament(director=director, name="Geheimes Turnier")
    user = make_user("spieler-entwurf")
    PlayerAccount.objects.create(user=user, player=field[0])
    client.force_login(user)
    response = client.get(reverse("ranking:appeal_new", args=[draft.pk]))
    assert response.status_code == 404
    assert "Geheimes Turnier" not in response.content.decode()
    client.force_login(make_user("ohne-konto"))
    assert client.get(reverse("ranking:appeal_new", args=[draft.pk])).status_code == 404
    client.force_login(director)  # the director still sees the form of the own draft
    assert client.get(reverse("ranking:appeal_new", args=[draft.pk])).status_code == 200
