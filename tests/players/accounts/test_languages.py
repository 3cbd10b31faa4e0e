"""Account errors and mails in the user's language (issue 17): English msgids, German as before."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError
from django.utils import translation

from players.accounts import services as account_services

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("language", "expected"),
    [("de", "Dieser Einladungslink ist ungültig."), ("en", "This invitation link is invalid.")],
)
def test_an_unknown_invitation_link(language, expected):
    with translation.override(language), pytest.raises(ValidationError) as refused:
        account_services.invitation_for_token("gibt-es-nicht")
    assert refused.value.messages == [expected]


@pytest.mark.parametrize(
    ("language", "expected"),
    [
        ("de", "Dieser Bestätigungslink ist ungültig."),
        ("en", "This confirmation link is invalid."),
    ],
)
def test_a_forged_account_open_link(language, expected):
    with translation.override(language), pytest.raises(ValidationError) as refused:
        account_services.account_open_player("gefälscht")
    assert refused.value.messages == [expected]


@pytest.mark.parametrize(
    ("language", "subject", "greeting"),
    [
        ("de", "Spielerkonto bestätigen", "Sie möchten ein Spielerkonto beim Deutschen"),
        ("en", "Confirm your player account", "you would like to create a player account"),
    ],
)
def test_the_account_open_mail_speaks_the_language_of_the_request(
    players, mailoutbox, django_capture_on_commit_callbacks, language, subject, greeting
):
    player = players[0]
    with translation.override(language), django_capture_on_commit_callbacks(execute=True):
        assert account_services.account_open_request(
            federation_number=player.federation_number, email=player.email
        )
    (mail,) = mailoutbox
    assert mail.subject == subject
    assert greeting in mail.body and player.federation_number in mail.body


def test_the_note_to_an_existing_account_speaks_the_accounts_language(
    players, mailoutbox, django_capture_on_commit_callbacks
):
    from players.models import PlayerPreferences
    from tests.support import builders

    user = builders.make_player_account("hat-schon-konto", players[0])
    PlayerPreferences.objects.create(account=user.player_account, language="en")
    with translation.override("de"), django_capture_on_commit_callbacks(execute=True):
        account_services.account_open_request(
            federation_number=players[0].federation_number, email=players[0].email
        )
    (mail,) = mailoutbox
    assert mail.subject == "Your player account"
    assert "there is already a player account for your member number" in mail.body
