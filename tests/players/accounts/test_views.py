"""Player accounts: invitations by directors, setting a password, logging in."""

from __future__ import annotations

import re
from datetime import datetime

import pytest
from django.urls import reverse

from players.models import PlayerAccount, PlayerInvitation
from ranking.domain.appeals import BERLIN
from tests.support.builders import PASSWORD, make_user
from tournaments.enums import GlobalRole

pytestmark = pytest.mark.django_db


def test_director_invites_and_player_sets_password(
    client, director, field, mailoutbox, django_capture_on_commit_callbacks
):
    client.force_login(director)
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(
            reverse("ranking:invite"), {"federation_number": field[5].federation_number}
        )
    assert response.status_code == 302
    assert len(mailoutbox) == 1 and mailoutbox[0].to == [field[5].email]
    link = re.search(r"http://testserver(/ranking/einladung/[^\s]+/)", mailoutbox[0].body).group(1)
    client.logout()
    page = client.get(link)
    assert page.status_code == 200 and field[5].federation_number in page.content.decode()
    bad = client.post(link, {"password": "kurz", "password_again": "kurz"})
    assert bad.status_code == 422
    done = client.post(
        link, {"password": "Rummi-2026-sicher", "password_again": "Rummi-2026-sicher"}
    )
    assert done.status_code == 302 and done.url == reverse("ranking:my_area")
    account = PlayerAccount.objects.get(player=field[5])
    assert account.user.username == field[5].federation_number
    assert client.get(link).status_code == 404  # used once
    assert PlayerInvitation.objects.get().accepted_at is not None
    client.logout()
    login = client.post(
        reverse("login"),
        {"username": field[5].federation_number, "password": "Rummi-2026-sicher"},
    )
    assert login.status_code == 302
    assert "Mein Bereich" in client.get("/").content.decode()


def test_expired_or_unknown_invitation(client, director, field):
    from players.accounts import services as accounts

    invitation, token = accounts.player_invite(
        player=field[1], user=director, now=datetime(2026, 1, 1, tzinfo=BERLIN)
    )
    response = client.get(reverse("ranking:invitation_accept", args=[token]))
    assert response.status_code == 404
    assert "abgelaufen" in response.content.decode()
    assert (
        "ungültig"
        in client.get(reverse("ranking:invitation_accept", args=["nix"])).content.decode()
    )


@pytest.mark.parametrize("roles", [(), (GlobalRole.REFEREE,), (GlobalRole.COMMISSION,)])
def test_only_directors_invite(client, roles, field):
    client.force_login(make_user("x", role=roles))
    assert client.get(reverse("ranking:invite")).status_code == 403


def test_login_with_password_works_for_demo_style_accounts(client, field):
    user = make_user("acct")
    PlayerAccount.objects.create(user=user, player=field[2])
    login = client.post(reverse("login"), {"username": "acct", "password": PASSWORD})
    assert login.status_code == 302
    html = client.get(reverse("ranking:my_area")).content.decode()
    assert field[2].full_name in html
