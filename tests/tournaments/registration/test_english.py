"""Registration in both languages (issue 17.1): the messages follow the active language (the
request's), the German ones stay as they were, and the e-mails about an online registration
are written in the language the player signed up in, whoever triggers them."""

from __future__ import annotations

from datetime import datetime

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse
from django.utils import formats, translation

from ranking.domain.appeals import BERLIN
from tests.support import builders
from tests.support.celery import celery_conf
from tournaments.common.guards import FROZEN
from tournaments.enums import SignupStatus, TournamentStatus
from tournaments.models import SignupRequest
from tournaments.registration import services as registration_services
from tournaments.registration.online import services as online

pytestmark = pytest.mark.django_db
NOW = datetime(2026, 12, 1, 12, 0, tzinfo=BERLIN)
ENGLISH = {"HTTP_ACCEPT_LANGUAGE": "en-GB,en;q=0.9"}


@pytest.fixture(autouse=True)
def _german_after():
    yield
    translation.deactivate()


@pytest.fixture
def eager():
    with celery_conf(task_always_eager=True, task_eager_propagates=True):
        yield


def english_day(t) -> str:
    """The tournament's day as English dates are written here (12/12/2026 in Django's en)."""
    with translation.override("en"):
        return formats.date_format(t.start_date, "SHORT_DATE_FORMAT")


def refusal(language: str, call) -> list[str]:
    """The messages as the request shows them: lazy ones are rendered in its language too."""
    with translation.override(language):
        with pytest.raises(ValidationError) as info:
            call()
        return info.value.messages


def test_a_double_registration_is_refused_in_either_language(director, players):
    t = builders.make_tournament(director=director, open=True)
    registration_services.registration_add(
        tournament=t, player=players[0], reserve=False, user=director
    )

    def again():
        registration_services.registration_add(
            tournament=t, player=players[0], reserve=False, user=director
        )

    name = players[0].full_name
    assert refusal("en", again) == [f"{name} is already registered."]
    assert refusal("de", again) == [f"{name} ist bereits angemeldet."]


def test_a_full_field_says_so_in_either_language(director, players):
    t = builders.make_tournament(director=director, open=True, max_players=4)
    builders.register_players(t, players, count=4, user=director, check_in=False)

    def fifth():
        registration_services.registration_add(
            tournament=t, player=players[4], reserve=False, user=director
        )

    assert refusal("en", fifth) == [
        "The field is full with 4 players. Register the player as a reserve."
    ]
    assert refusal("de", fifth) == [
        "Das Teilnehmerfeld ist mit 4 Spielern voll. Melden Sie den Spieler als Ersatzspieler an."
    ]


def test_the_frozen_tournament_guard_in_either_language(director, players):
    t = builders.make_tournament(director=director, open=True)
    t.status = TournamentStatus.FINISHED
    t.save()

    def late():
        registration_services.registration_add(
            tournament=t, player=players[0], reserve=True, user=director
        )

    assert refusal("en", late) == [
        "The tournament is finished: its results are frozen. Changes are only possible through "
        "the rules commission (Regelkommission) and affect only the ranking "
        "(Klub 4.2.3, 10.2, 10.4)."
    ]
    assert refusal("de", late) == [
        "Das Turnier ist beendet: seine Ergebnisse sind eingefroren. Änderungen sind nur noch "
        "über die Regelkommission möglich und wirken nur auf das Ranking (Klub 4.2.3, 10.2, 10.4)."
    ]
    assert refusal("de", late) == [str(FROZEN)]


def test_the_directors_page_flashes_in_the_visitors_language(client, director, players):
    t = builders.make_tournament(director=director, open=True)
    client.force_login(director)
    url = reverse("director:registration_add", args=[t.pk])

    english = client.post(url, {"player": players[0].pk}, follow=True, **ENGLISH)
    german = client.post(url, {"player": "x"}, follow=True)

    assert [str(m) for m in english.context["messages"]] == [f"{players[0].full_name} registered."]
    assert [str(m) for m in german.context["messages"]] == [
        "Bitte einen Spieler aus der Suche auswählen."
    ]


def test_a_signup_remembers_its_language(director, players):
    t = builders.make_tournament(director=director, open=True, signup_approval=True)
    with translation.override("en"):
        english = online.signup_register(tournament=t, player=players[0], user=None, now=NOW)
    german = online.signup_register(tournament=t, player=players[1], user=None, now=NOW)

    assert (english.language, german.language) == ("en", "de")


def test_the_move_up_mail_is_in_the_language_of_the_signup(
    director, players, mailoutbox, eager, django_capture_on_commit_callbacks
):
    t = builders.make_tournament(director=director, open=True, max_players=4)
    for p in players[:4]:
        online.signup_register(tournament=t, player=p, user=None, now=NOW)
    with translation.override("en"):
        online.signup_register(tournament=t, player=players[4], user=None, now=NOW)
    online.signup_register(tournament=t, player=players[5], user=None, now=NOW)

    # A German withdrawal moves the English player up; the next one stays German.
    with django_capture_on_commit_callbacks(execute=True):
        online.signup_withdraw(tournament=t, player=players[0], user=None, now=NOW)
    with django_capture_on_commit_callbacks(execute=True):
        online.signup_withdraw(tournament=t, player=players[1], user=None, now=NOW)

    english, german = mailoutbox
    moved, next_up = players[4], players[5]
    assert english.to == [moved.email]
    assert english.subject == f"You are in the field: {t.name}"
    assert english.body == (
        f"Hello {moved.first_name} {moved.last_name},\n\n"
        "A place has become free and you have moved up from the waiting list: you are in the "
        f"field of “{t.name}” on {english_day(t)}.\n\n"
        "Whether you play as a reserve is decided by the director (Klub 6.1). Please check in "
        "on the day of the tournament.\n\n"
        "You can withdraw in your area until registration closes.\n"
    )
    assert german.to == [next_up.email]
    assert german.subject == f"Sie sind im Teilnehmerfeld: {t.name}"
    assert german.body == (
        f"Guten Tag {next_up.first_name} {next_up.last_name},\n\n"
        "Ein Platz ist frei geworden und Sie sind von der Warteliste nachgerückt: Sie sind für "
        f"„{t.name}“ am 12.12.2026 im Teilnehmerfeld.\n\n"
        "Ob Sie als Ersatzspieler spielen, entscheidet die Turnierleitung (Klub 6.1). Bitte "
        "checken Sie am Turniertag ein.\n\n"
        "Abmelden können Sie sich in Ihrem Bereich bis zum Anmeldeschluss.\n"
    )
    assert SignupRequest.objects.get(player=moved).status == SignupStatus.ACCEPTED


def test_the_waiting_list_mail_in_english(
    director, players, mailoutbox, eager, django_capture_on_commit_callbacks
):
    t = builders.make_tournament(director=director, open=True, max_players=4, signup_approval=True)
    builders.register_players(t, players[10:], count=4, user=director, check_in=False)
    with translation.override("en"):
        request = online.signup_register(tournament=t, player=players[0], user=None, now=NOW)
    with django_capture_on_commit_callbacks(execute=True):
        online.signup_decide(request=request, approve=True, user=director)  # German director

    (mail,) = mailoutbox
    assert mail.subject == f"You are on the waiting list: {t.name}"
    assert (
        f"The field of “{t.name}” on {english_day(t)} is full. "
        "You are number 1 on the waiting list." in mail.body
    )
