"""Sign-up by member number and the federation's e-mail; password reset; no address leaks;
throttles per address and per number or address typed, never for everybody; each role lands
on its own start page."""

from __future__ import annotations

import re
import time

import pytest
from django.core import signing
from django.urls import reverse

from players.accounts import services as accounts
from players.accounts import throttle
from players.models import PlayerAccount
from tests.support.builders import PASSWORD, add_staff, make_player_account, make_user
from tournaments.enums import GlobalRole, StaffRole

pytestmark = pytest.mark.django_db

GOOD = "Rummi-2026-sicher"


def _request(client, number, email, capture):
    with capture(execute=True):
        return client.post(reverse("signup"), {"federation_number": number, "email": email})


def _link(mail) -> str:
    return re.search(r"http://testserver(/konto/[^\s]+/)", mail.body).group(1)


def test_sign_up_verify_and_log_in(client, field, mailoutbox, django_capture_on_commit_callbacks):
    player = field[3]
    response = _request(
        client,
        player.federation_number.lower(),
        player.email.upper(),
        django_capture_on_commit_callbacks,
    )
    assert (response.status_code, response.url) == (302, reverse("signup_sent"))
    assert [m.to for m in mailoutbox] == [[player.email]]
    link = _link(mailoutbox[0])
    page = client.get(link)
    assert page.status_code == 200 and player.federation_number in page.content.decode()
    assert client.post(link, {"password": "kurz", "password_again": "kurz"}).status_code == 422
    done = client.post(link, {"password": GOOD, "password_again": GOOD})
    assert (done.status_code, done.url) == (302, reverse("ranking:my_area"))
    account = PlayerAccount.objects.get(player=player)
    assert (account.user.username, account.user.email) == (player.federation_number, player.email)
    client.logout()
    again = client.get(link)  # single use: the account exists now
    assert again.status_code == 404
    assert "bereits benutzt" in again.content.decode()
    assert client.post(link, {"password": GOOD, "password_again": GOOD}).status_code == 404
    assert PlayerAccount.objects.filter(player=player).count() == 1


@pytest.mark.parametrize(
    "number, email",
    [("DRV-00004", "falsch@example.org"), ("DRV-99999", "spieler4@example.org"), ("", "")],
)
def test_mismatch_sends_nothing_and_answers_alike(
    client, field, mailoutbox, django_capture_on_commit_callbacks, number, email
):
    response = _request(client, number, email, django_capture_on_commit_callbacks)
    if number:
        assert (response.status_code, response.url) == (302, reverse("signup_sent"))
    else:
        assert response.status_code == 422  # an empty form is a form error, nothing looked up
    assert mailoutbox == []
    assert PlayerAccount.objects.count() == 0


def test_existing_account_gets_a_reset_hint_not_a_second_account(
    client, field, mailoutbox, django_capture_on_commit_callbacks
):
    make_player_account("konto", field[0])
    response = _request(
        client, field[0].federation_number, field[0].email, django_capture_on_commit_callbacks
    )
    assert (response.status_code, response.url) == (302, reverse("signup_sent"))
    assert "bereits ein Spielerkonto" in mailoutbox[0].body
    assert "/konto/passwort-vergessen/" in mailoutbox[0].body


def test_expired_forged_and_changed_links(client, field, monkeypatch):
    player = field[1]
    past = time.time() - (accounts.OPEN_LINK_HOURS * 3600 + 60)
    monkeypatch.setattr(signing.time, "time", lambda: past)
    old = accounts.account_open_token(player)
    monkeypatch.undo()
    expired = client.get(reverse("signup_verify", args=[old]))
    assert expired.status_code == 404 and "abgelaufen" in expired.content.decode()
    forged = client.get(reverse("signup_verify", args=[accounts.account_open_token(player) + "x"]))
    assert forged.status_code == 404 and "ungültig" in forged.content.decode()
    token = accounts.account_open_token(player)
    player.email = "neu@example.org"
    player.save()
    assert "ungültig" in client.get(reverse("signup_verify", args=[token])).content.decode()
    assert PlayerAccount.objects.count() == 0


def test_sign_up_is_throttled_per_member_number_and_e_mail(
    client, field, mailoutbox, django_capture_on_commit_callbacks
):
    player = field[2]
    for _ in range(throttle.PER_DETAIL):
        _request(
            client, player.federation_number, "x@example.org", django_capture_on_commit_callbacks
        )
    refused = _request(
        client, player.federation_number, player.email, django_capture_on_commit_callbacks
    )
    assert refused.status_code == 429
    assert refused["Retry-After"] == str(throttle.WINDOW)
    page = refused.content.decode()
    assert "Zu viele Versuche" in page and "Bitte versuchen Sie es in 15 Minuten erneut." in page
    assert mailoutbox == []  # the mismatches sent nothing, the refused request neither
    # another player's genuine sign-up from the same address goes through
    other = _request(
        client, field[3].federation_number, field[3].email, django_capture_on_commit_callbacks
    )
    assert (other.status_code, other.url) == (302, reverse("signup_sent"))
    assert [m.to for m in mailoutbox] == [[field[3].email]]


def test_the_same_e_mail_under_other_numbers_is_throttled_too(
    client, field, django_capture_on_commit_callbacks
):
    for n in range(throttle.PER_DETAIL):
        _request(client, f"DRV-9990{n}", "ziel@example.org", django_capture_on_commit_callbacks)
    refused = _request(client, "DRV-99999", "Ziel@Example.org ", django_capture_on_commit_callbacks)
    assert refused.status_code == 429


def test_twenty_sign_ups_from_twenty_addresses_do_not_lock_a_genuine_one(
    client, field, mailoutbox, django_capture_on_commit_callbacks
):
    """Issue #30.2: never everybody at once."""
    for n in range(20):
        with django_capture_on_commit_callbacks(execute=True):
            client.post(
                reverse("signup"),
                {"federation_number": f"DRV-98{n:03d}", "email": f"x{n}@example.org"},
                REMOTE_ADDR=f"10.0.0.{n}",
            )
    genuine = _request(
        client, field[2].federation_number, field[2].email, django_capture_on_commit_callbacks
    )
    assert (genuine.status_code, genuine.url) == (302, reverse("signup_sent"))
    assert [m.to for m in mailoutbox] == [[field[2].email]]


def test_one_address_is_throttled_whatever_it_types(client, django_capture_on_commit_callbacks):
    for n in range(throttle.PER_ADDRESS):
        _request(client, f"DRV-97{n:03d}", f"y{n}@example.org", django_capture_on_commit_callbacks)
    refused = _request(client, "DRV-96000", "neu@example.org", django_capture_on_commit_callbacks)
    assert refused.status_code == 429
    elsewhere = client.post(
        reverse("signup"),
        {"federation_number": "DRV-96000", "email": "neu@example.org"},
        REMOTE_ADDR="10.1.1.1",
    )
    assert elsewhere.status_code == 302


def test_bad_links_are_throttled_per_address(client):
    for _ in range(throttle.PER_ADDRESS):
        assert client.get(reverse("signup_verify", args=["kaputt"])).status_code == 404
    refused = client.get(reverse("signup_verify", args=["kaputt"]))
    assert refused.status_code == 429
    assert refused["Retry-After"] == str(throttle.WINDOW)
    assert "ungültige oder abgelaufene Links" in refused.content.decode()
    reset = reverse("password_reset_confirm", args=["MQ", "falsch-falsch"])
    assert client.get(reset).status_code == 429
    assert client.get(reset, REMOTE_ADDR="10.2.2.2").status_code == 200  # another address


def test_password_reset_mails_only_known_addresses_and_answers_alike(
    client, field, mailoutbox, django_capture_on_commit_callbacks
):
    user = make_player_account("DRV-00001", field[0])
    user.email = field[0].email
    user.save()
    with django_capture_on_commit_callbacks(execute=True):
        unknown = client.post(reverse("password_reset"), {"email": "niemand@example.org"})
        known = client.post(reverse("password_reset"), {"email": field[0].email})
    assert (unknown.status_code, unknown.url) == (known.status_code, known.url)
    assert known.url == reverse("password_reset_done")
    assert [m.to for m in mailoutbox] == [[field[0].email]]
    assert mailoutbox[0].subject == "Neues Passwort für Ihr Konto"
    link = re.search(r"http://testserver(/konto/passwort-neu/[^\s]+/)", mailoutbox[0].body).group(1)
    form = client.get(link, follow=True)
    assert "Neues Passwort" in form.content.decode()
    done = client.post(form.redirect_chain[-1][0], {"new_password1": GOOD, "new_password2": GOOD})
    assert (done.status_code, done.url) == (302, reverse("password_reset_complete"))
    login = client.post(reverse("login"), {"username": "DRV-00001", "password": GOOD})
    assert login.url == reverse("start")
    client.logout()
    spent = client.get(link, follow=True)  # single use: the password changed
    assert "ungültig, abgelaufen oder wurde bereits benutzt" in spent.content.decode()


def test_password_reset_is_throttled_per_e_mail_and_per_address(client, field):
    for _ in range(throttle.PER_DETAIL):
        client.post(reverse("password_reset"), {"email": "a@example.org"}, REMOTE_ADDR="10.0.0.1")
    refused = client.post(reverse("password_reset"), {"email": "a@example.org"})
    assert refused.status_code == 429
    assert refused["Retry-After"] == str(throttle.WINDOW)
    other = client.post(reverse("password_reset"), {"email": "b@example.org"})
    assert other.status_code == 302
    for n in range(throttle.PER_ADDRESS):
        client.post(
            reverse("password_reset"), {"email": f"c{n}@example.org"}, REMOTE_ADDR="10.0.0.9"
        )
    refused = client.post(
        reverse("password_reset"), {"email": "d@example.org"}, REMOTE_ADDR="10.0.0.9"
    )
    assert refused.status_code == 429


@pytest.mark.parametrize(
    "role, landing",
    [
        (GlobalRole.DIRECTOR, "director:home"),
        (GlobalRole.FEDERATION_ADMIN, "director:home"),
        (GlobalRole.REFEREE, "referee_home"),
        (GlobalRole.COMMISSION, "commission_home"),
        (None, "home"),
    ],
)
def test_each_role_lands_on_its_start_page(client, role, landing):
    make_user("person", role=role)
    response = client.post(reverse("login"), {"username": "person", "password": PASSWORD})
    assert response.url == reverse("start")
    assert client.get(reverse("start")).url == reverse(landing)


def test_player_and_desk_land_on_their_pages(client, field, director):
    make_player_account("spieler", field[0])
    client.post(reverse("login"), {"username": "spieler", "password": PASSWORD})
    assert client.get(reverse("start")).url == reverse("ranking:my_area")
    from tests.support.builders import make_tournament

    desk = make_user("orga")
    add_staff(make_tournament(director=director), desk, StaffRole.DESK)
    client.force_login(desk)
    assert client.get(reverse("start")).url == reverse("desk_home")


def test_login_keeps_next(client, director):
    response = client.post(
        reverse("login") + "?next=/ranking/",
        {"username": "leiterin", "password": PASSWORD, "next": "/ranking/"},
    )
    assert response.url == "/ranking/"
