"""An open appeal grows by additions (issue 30.5): text and optionally an attachment, by the
player or a director on the player's behalf, never once the appeal is decided or the appeal
window closed; attachments capped per appeal (count and total size); a rate per account."""

from __future__ import annotations

from datetime import datetime, timedelta
from unittest import mock

import pytest
from django.core.exceptions import PermissionDenied, ValidationError
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import override_settings
from django.urls import reverse

from ranking.appeals import services as appeals_services
from ranking.domain.appeals import BERLIN
from ranking.enums import AppealStatus
from ranking.models import Appeal, AppealAddition
from tests.ranking.conftest import IN_TIME
from tests.support.builders import make_appeal, make_player_account, make_user
from tournaments.enums import GlobalRole

pytestmark = pytest.mark.django_db

FILED = datetime(2026, 6, 10, 12, tzinfo=BERLIN)
LATER = datetime(2026, 6, 11, 9, tzinfo=BERLIN)
DAY_15 = datetime(2026, 6, 22, 0, 0, tzinfo=BERLIN)
PNG = b"\x89PNG\r\n\x1a\n"


def png(name: str = "nachtrag.png", size: int = 64) -> SimpleUploadedFile:
    return SimpleUploadedFile(name, PNG + b"0" * (size - len(PNG)), content_type="image/png")


@pytest.fixture(autouse=True)
def media(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path


@pytest.fixture
def own(finished, player_user, field):
    """The first player's open appeal, filed by the player with a 64-byte photo."""
    return make_appeal(
        user=player_user, tournament=finished, player=field[0], now=FILED, attachment=png("a.png")
    )


def add(appeal, user, text="Zeuge: Tisch 2 hat es gesehen", attachment=None, now=LATER):
    return appeals_services.appeal_addition_file(
        user=user, appeal=appeal, text=text, attachment=attachment, now=now
    )


def _decide(appeal: Appeal) -> None:
    Appeal.objects.filter(pk=appeal.pk).update(
        status=AppealStatus.DECIDED, review_started_at=appeal.filed_at
    )


def test_the_player_adds_text_and_a_photo(own, player_user):
    first = add(own, player_user, attachment=png(size=100))
    second = add(own, player_user, text="Noch etwas", now=LATER + timedelta(minutes=5))
    assert list(own.additions.values_list("pk", flat=True)) == [first.pk, second.pk]
    assert first.added_by == player_user and first.on_behalf is False
    assert first.attachment_size == 100 and first.attachment.name.endswith(".png")
    assert second.attachment.name == "" and second.attachment_size == 0
    own.refresh_from_db()
    assert own.status == AppealStatus.RECEIVED and own.what_is_wrong == "Spiel 1 falsch übertragen"


def test_the_director_adds_on_the_players_behalf_through_the_form(client, own, director, field):
    client.force_login(director)
    url = reverse("ranking:appeal_addition_new", args=[own.pk])
    with mock.patch("django.utils.timezone.now", return_value=LATER):
        assert client.get(url).status_code == 200
        response = client.post(url, {"text": "Die Liste lag falsch", "attachment": png()})
    assert response.status_code == 302
    assert response.url == reverse("ranking:appeal_detail", args=[own.pk])
    addition = AppealAddition.objects.get()
    assert addition.appeal == own and addition.added_by == director and addition.on_behalf is True
    with mock.patch("django.utils.timezone.now", return_value=LATER):
        page = client.get(response.url).content.decode()
    assert "Die Liste lag falsch" in page
    assert "erfasst von leiterin für den Spieler" in page
    assert reverse("ranking:appeal_addition_attachment", args=[own.pk, addition.pk]) in page


def test_the_player_adds_through_the_form_and_sees_it_in_order(client, own, player_user):
    client.force_login(player_user)
    url = reverse("ranking:appeal_addition_new", args=[own.pk])
    with mock.patch("django.utils.timezone.now", return_value=LATER):
        detail = client.get(reverse("ranking:appeal_detail", args=[own.pk])).content.decode()
        assert f'href="{url}"' in detail  # offered while open
        assert client.post(url, {"text": "Erstens"}).status_code == 302
        assert client.post(url, {"text": "Zweitens"}).status_code == 302
        detail = client.get(reverse("ranking:appeal_detail", args=[own.pk])).content.decode()
    assert detail.index("Erstens") < detail.index("Zweitens")
    assert [a.on_behalf for a in AppealAddition.objects.all()] == [False, False]


@pytest.mark.parametrize(
    "who", ["other_player", "other_director", "commission", "stranger", "desk"]
)
def test_others_may_not_add(client, own, field, other_director, commission_member, desk_user, who):
    users = {
        "other_player": lambda: make_player_account("anderer-spieler", field[1]),
        "other_director": lambda: other_director,
        "commission": lambda: commission_member,
        "stranger": lambda: make_user("neugierig"),
        "desk": lambda: desk_user,
    }
    user = users[who]()
    client.force_login(user)
    url = reverse("ranking:appeal_addition_new", args=[own.pk])
    with mock.patch("django.utils.timezone.now", return_value=LATER):
        assert client.get(url).status_code == 403
        assert client.post(url, {"text": "Ich auch"}).status_code == 403
    with pytest.raises(PermissionDenied):
        add(own, user)
    assert AppealAddition.objects.count() == 0


def test_an_unknown_appeal_is_404(client, player_user):
    client.force_login(player_user)
    assert client.get(reverse("ranking:appeal_addition_new", args=[999])).status_code == 404


def test_no_addition_once_decided(client, own, player_user):
    _decide(own)
    with pytest.raises(ValidationError) as refused:
        add(own, player_user)
    message = f"Über Einspruch Nr. {own.pk} ist entschieden: Er kann nicht mehr ergänzt werden."
    assert refused.value.messages == [message]
    client.force_login(player_user)
    url = reverse("ranking:appeal_addition_new", args=[own.pk])
    with mock.patch("django.utils.timezone.now", return_value=LATER):
        page = client.get(url)
        assert page.status_code == 200 and message in page.content.decode()
        assert "Einspruch ergänzen</button>" not in page.content.decode()
        response = client.post(url, {"text": "Noch etwas"})
        detail = client.get(reverse("ranking:appeal_detail", args=[own.pk])).content.decode()
    assert response.status_code == 422 and message in response.content.decode()
    assert url not in detail  # not offered any more
    assert AppealAddition.objects.count() == 0


def test_no_addition_after_the_appeal_window_like_the_appeal_itself(own, player_user):
    add(own, player_user, now=IN_TIME)  # the last second of day 14
    with pytest.raises(ValidationError) as refused:
        add(own, player_user, now=DAY_15)
    assert refused.value.messages == [
        "Die Einspruchsfrist ist abgelaufen: Einsprüche waren bis 21.06.2026, 23:59:59 Uhr "
        "möglich (14 Tage nach dem letzten Turniertag, Klub 3)."
    ]
    assert AppealAddition.objects.count() == 1


def test_an_empty_text_is_refused(own, player_user):
    with pytest.raises(ValidationError) as refused:
        add(own, player_user, text="   ")
    assert refused.value.message_dict == {
        "text": ["Bitte schreiben Sie, was Sie ergänzen möchten."]
    }
    assert AppealAddition.objects.count() == 0


@override_settings(APPEAL_ATTACHMENTS_MAX=2)
def test_attachments_are_capped_in_number_per_appeal(client, own, player_user):
    add(own, player_user, attachment=png())  # the appeal's own photo and this one: 2
    refusal = (
        "Ein Einspruch kann samt Nachträgen höchstens 2 Anhänge haben; dieser hat 2. Bitte "
        "ergänzen Sie den Text ohne Datei."
    )
    with pytest.raises(ValidationError) as refused:
        add(own, player_user, attachment=png())
    assert refused.value.message_dict == {"attachment": [refusal]}
    client.force_login(player_user)
    url = reverse("ranking:appeal_addition_new", args=[own.pk])
    with mock.patch("django.utils.timezone.now", return_value=LATER):
        page = client.get(url).content.decode()
        assert "Je Einspruch samt Nachträgen: höchstens 2 Anhänge, zusammen 20 MB." in page
        response = client.post(url, {"text": "Mit Datei", "attachment": png()})
        assert response.status_code == 422 and refusal in response.content.decode()
        assert AppealAddition.objects.count() == 1
        # text alone still goes
        assert client.post(url, {"text": "Ohne Datei"}).status_code == 302
    assert AppealAddition.objects.count() == 2


@override_settings(APPEAL_ATTACHMENTS_TOTAL_MB=1)
def test_attachments_are_capped_in_total_size_per_appeal(client, finished, player_user, field):
    appeal = make_appeal(
        user=player_user,
        tournament=finished,
        player=field[0],
        now=FILED,
        attachment=png("gross.png", size=600 * 1024),
    )
    refusal = (
        "Die Anhänge eines Einspruchs dürfen samt Nachträgen zusammen höchstens 1 MB groß sein: "
        "0,6 MB sind belegt, diese Datei hat 0,5 MB."
    )
    with pytest.raises(ValidationError) as refused:
        add(appeal, player_user, attachment=png(size=500 * 1024))
    assert refused.value.message_dict == {"attachment": [refusal]}
    client.force_login(player_user)
    url = reverse("ranking:appeal_addition_new", args=[appeal.pk])
    with mock.patch("django.utils.timezone.now", return_value=LATER):
        response = client.post(url, {"text": "Zu groß", "attachment": png(size=500 * 1024)})
        assert response.status_code == 422 and refusal in response.content.decode()
        assert AppealAddition.objects.count() == 0
        fits = client.post(url, {"text": "Passt", "attachment": png(size=400 * 1024)})
    assert fits.status_code == 302
    assert AppealAddition.objects.get().attachment_size == 400 * 1024


@override_settings(APPEAL_ATTACHMENTS_TOTAL_MB=1)
def test_the_appeal_itself_respects_the_total(finished, player_user, field):
    with pytest.raises(ValidationError) as refused:
        make_appeal(
            user=player_user,
            tournament=finished,
            player=field[0],
            now=FILED,
            attachment=png(size=2 * 1024 * 1024),
        )
    assert list(refused.value.message_dict) == ["attachment"]
    assert Appeal.objects.count() == 0


@override_settings(APPEAL_ADDITIONS_PER_HOUR=2)
def test_an_account_adds_at_most_the_hourly_number(own, player_user, director):
    add(own, player_user, now=LATER)
    add(own, player_user, now=LATER + timedelta(minutes=1))
    with pytest.raises(ValidationError) as refused:
        add(own, player_user, now=LATER + timedelta(minutes=2))
    assert refused.value.messages == [
        "Von einem Konto können höchstens 2 Nachträge pro Stunde eingereicht werden. Bitte "
        "versuchen Sie es später noch einmal."
    ]
    add(own, director, now=LATER + timedelta(minutes=2))  # another account is not held up
    add(own, player_user, now=LATER + timedelta(hours=1))  # this one an hour later
    assert AppealAddition.objects.count() == 4


def test_the_commission_sees_the_additions_and_their_files(client, own, player_user):
    addition = add(own, player_user, text="Foto vom Bogen", attachment=png(size=80))
    member = make_user("kom", role=GlobalRole.COMMISSION)
    client.force_login(member)
    page = client.get(reverse("ranking:commission_appeal", args=[own.pk])).content.decode()
    download = reverse("ranking:appeal_addition_attachment", args=[own.pk, addition.pk])
    assert "Nachträge" in page and "Foto vom Bogen" in page and download in page
    response = client.get(download)
    assert response.status_code == 200 and response["Content-Type"] == "image/png"
    assert b"".join(response.streaming_content) == PNG + b"0" * 72
    assert response["Content-Security-Policy"] == "sandbox"


def test_an_additions_file_is_private(client, finished, own, player_user, director, field):
    addition = add(own, player_user, attachment=png())
    url = reverse("ranking:appeal_addition_attachment", args=[own.pk, addition.pk])
    client.force_login(player_user)
    assert client.get(url).status_code == 200
    client.force_login(make_player_account("anderer-spieler", field[1]))
    assert client.get(url).status_code == 403
    # the addition belongs to another appeal than the URL names: not found
    other = make_appeal(user=director, tournament=finished, player=field[2], now=FILED)
    client.force_login(director)  # may see both appeals
    wrong = reverse("ranking:appeal_addition_attachment", args=[other.pk, addition.pk])
    assert client.get(wrong).status_code == 404
    client.force_login(player_user)
    text_only = add(own, player_user, text="ohne Datei")
    no_file = reverse("ranking:appeal_addition_attachment", args=[own.pk, text_only.pk])
    assert client.get(no_file).status_code == 404


def test_a_second_appeal_is_refused_with_the_link_to_add(client, own, player_user, finished):
    client.force_login(player_user)
    url = reverse("ranking:appeal_new", args=[finished.pk])
    link = f'href="{reverse("ranking:appeal_addition_new", args=[own.pk])}"'
    with mock.patch("django.utils.timezone.now", return_value=LATER):
        page = client.get(url).content.decode()
        assert link in page
        assert "Je Einspruch samt Nachträgen: höchstens 5 Anhänge, zusammen 20 MB." in page
        refused = client.post(url, {"what_is_wrong": "x", "correction_requested": "y"})
    assert refused.status_code == 422
    body = refused.content.decode()
    assert f"Einspruch Nr. {own.pk} dieses Spielers zu diesem Turnier ist noch offen" in body
    assert link in body
    assert Appeal.objects.count() == 1


def test_the_director_is_offered_the_link_for_the_chosen_player(client, own, director, finished):
    client.force_login(director)
    url = reverse("ranking:appeal_new", args=[finished.pk])
    link = f'href="{reverse("ranking:appeal_addition_new", args=[own.pk])}"'
    data = {"player": str(own.player_id), "what_is_wrong": "x", "correction_requested": "y"}
    with mock.patch("django.utils.timezone.now", return_value=LATER):
        assert link not in client.get(url).content.decode()
        refused = client.post(url, data)
    assert refused.status_code == 422 and link in refused.content.decode()


def test_the_players_data_export_holds_the_additions(own, player_user, director, field):
    import json

    from players.privacy import selectors as export

    add(own, player_user, text="Erstens", attachment=png())
    add(own, director, text="Zweitens", now=LATER + timedelta(minutes=1))
    data = json.loads(export.player_data_json(field[0]))
    assert data["appeal_additions"] == [
        {
            "appeal_id": own.pk,
            "added_at": "2026-06-11T07:00:00+00:00",
            "on_behalf": False,
            "text": "Erstens",
            "attachment": True,
        },
        {
            "appeal_id": own.pk,
            "added_at": "2026-06-11T07:01:00+00:00",
            "on_behalf": True,
            "text": "Zweitens",
            "attachment": False,
        },
    ]
    assert json.loads(export.player_data_json(field[1]))["appeal_additions"] == []
