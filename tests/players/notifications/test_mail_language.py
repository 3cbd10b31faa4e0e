"""E-mails in the recipient's language (issue 17): each player's mail is rendered in the language
stored with the account, whatever the language of the worker or of the director who triggered it;
the language follows the player's switch, sign-up and settings page."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import translation

from players.models import PlayerPreferences
from players.notifications import services as notifications
from tests.support import builders
from tournaments.models import Seat
from tournaments.rounds import services as round_services

pytestmark = pytest.mark.django_db


@pytest.fixture
def drawn(director, players, eager_celery):
    """Round 1 drawn; player 0 reads English, player 1 German, player 2 never chose (German)."""
    t, rnd = builders.make_drawn_round(director=director, players=players, count=8, seed=3)
    users = [builders.make_player_account(f"konto{i}", players[i]) for i in range(3)]
    for user, language in ((users[0], "en"), (users[1], "de")):
        notifications.preferences_update(
            user=user, table_mail=True, correction_mail=True, language=language
        )
    return t, rnd


def mail_to(mailoutbox, player):
    return next(m for m in mailoutbox if m.to == [player.email])


def test_each_player_gets_the_table_mail_in_their_language_not_the_workers(
    drawn, director, players, mailoutbox, django_capture_on_commit_callbacks
):
    t, rnd = drawn
    with translation.override("en"), django_capture_on_commit_callbacks(execute=True):
        round_services.round_release(rnd=rnd, user=director)  # the job runs in this process
    assert len(mailoutbox) == 3
    seats = {
        p.pk: Seat.objects.select_related("table").get(round=rnd, player=p) for p in players[:3]
    }

    english = mail_to(mailoutbox, players[0])
    seat = seats[players[0].pk]
    assert english.subject == f"Round 1: table {seat.table.number}, seat {seat.letter} – {t.name}"
    assert english.body.startswith(
        f"Dear {players[0].first_name} {players[0].last_name},\n\n"
        f"the pairing of round 1 of “{t.name}” has been released.\n\n"
        f"Your table: {seat.table.number}\nYour seat: {seat.letter}\n\n"
    )
    assert "You can unsubscribe from these e-mails in your area:" in english.body

    for german_player in (players[1], players[2]):
        german = mail_to(mailoutbox, german_player)
        seat = seats[german_player.pk]
        assert german.subject == (
            f"Runde 1: Tisch {seat.table.number}, Platz {seat.letter} – {t.name}"
        )
        assert f"Ihr Tisch: {seat.table.number}\nIhr Platz: {seat.letter}\n" in german.body
        assert "Diese E-Mails können Sie in Ihrem Bereich abbestellen:" in german.body
    assert translation.get_language() == "de"  # the worker's own language is left as it was


def test_the_decision_mail_speaks_the_players_language_not_the_deciders(
    appeal,
    player_user,
    commission_member,
    mailoutbox,
    eager_celery,
    django_capture_on_commit_callbacks,
):
    from ranking.commission import services as commission_services

    notifications.preferences_update(
        user=player_user, table_mail=True, correction_mail=True, language="en"
    )
    with translation.override("de"), django_capture_on_commit_callbacks(execute=True):
        commission_services.appeal_decide(
            appeal=appeal, user=commission_member, outcome="rejected", reasoning="Signed sheet."
        )
    (mail,) = mailoutbox
    assert mail.subject == f"Decision on your appeal no. {appeal.pk}"
    assert mail.body.startswith(
        f"Good day,\n\nthe rules commission has decided on appeal no. {appeal.pk} "
    )
    assert "Rejected" in mail.body and "Reasoning:\nSigned sheet." in mail.body


def login(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_the_language_switch_sets_a_logged_in_players_mail_language(players):
    user = builders.make_player_account("wechsler", players[0])
    client = login(user)
    response = client.post("/i18n/setlang/", {"language": "en", "next": "/"})
    assert response.status_code == 302
    assert PlayerPreferences.objects.get(account__user=user).language == "en"
    client.post("/i18n/setlang/", {"language": "de", "next": "/"})
    assert PlayerPreferences.objects.get(account__user=user).language == "de"


def test_the_switch_stores_nothing_for_visitors_staff_or_unknown_codes(director, players):
    assert Client().post("/i18n/setlang/", {"language": "en"}).status_code == 302
    login(director).post("/i18n/setlang/", {"language": "en"})
    user = builders.make_player_account("wechsler", players[0])
    login(user).post("/i18n/setlang/", {"language": "xx"})
    assert not PlayerPreferences.objects.exists()


def test_the_settings_page_offers_the_mail_language(players):
    user = builders.make_player_account("einsteller", players[0])
    client = login(user)
    client.post(
        reverse("ranking:notifications"),
        {"table_mail": "on", "correction_mail": "on", "language": "en"},
    )
    saved = PlayerPreferences.objects.get(account__user=user)
    assert (saved.table_mail, saved.correction_mail, saved.language) == (True, True, "en")
    page = client.get(reverse("ranking:notifications")).content.decode()
    assert 'name="language"' in page and '<option value="en" selected>English</option>' in page


def test_an_account_created_in_english_gets_english_mails(director, players):
    from players.accounts import services as account_services

    token = builders.make_invitation(player=players[0], user=director)
    with translation.override("en"):
        account = account_services.invitation_accept(
            token=token, password="ein-Langes-Passwort-7", password_again="ein-Langes-Passwort-7"
        )
    assert account.preferences.language == "en"


def test_a_signed_in_switch_needs_the_pages_token_and_the_page_names_it(players):
    user = builders.make_player_account("wechsler", players[0])
    strict = Client(enforce_csrf_checks=True)
    strict.force_login(user)
    refused = strict.post("/i18n/setlang/", {"language": "en", "next": "/"})
    assert refused.status_code == 403
    assert not PlayerPreferences.objects.exists()

    page = strict.get(reverse("ranking:notifications")).content.decode()
    switch = page[page.index('<form class="language-switch"') :]
    switch = switch[: switch.index("</form>")]
    token = switch.split('name="csrfmiddlewaretoken" value="')[1].split('"')[0]
    done = strict.post(
        "/i18n/setlang/", {"language": "en", "next": "/", "csrfmiddlewaretoken": token}
    )
    assert done.status_code == 302
    assert PlayerPreferences.objects.get(account__user=user).language == "en"
    assert (
        Client(enforce_csrf_checks=True).post("/i18n/setlang/", {"language": "en"}).status_code
        == 302
    )
