"""Every kind of push message renders in both languages from its sample (issue 34), short
enough for a phone's notification; the check-in and the waiting list reach their players."""

from __future__ import annotations

from datetime import datetime

import pytest

from players.models import PushKind
from players.push import selectors
from players.push.kinds import SAMPLES, message_render
from ranking.domain.appeals import BERLIN
from tests.support import builders
from tournaments.registration.online import services as online

EXPECTED = {
    ("table", "de"): (
        "Tisch 7, Platz B",
        "Spring Open 2026, Runde 2. Spiel 1 beginnt Platz A: Lovelace, Ada.",
    ),
    ("table", "en"): (
        "Table 7, seat B",
        "Spring Open 2026, round 2. Game 1 is started by seat A: Lovelace, Ada.",
    ),
    ("published", "de"): (
        "Runde 2 veröffentlicht",
        "Spring Open 2026: Sie sind jetzt auf Platz 5 von 40.",
    ),
    ("published", "en"): (
        "Round 2 published",
        "Spring Open 2026: you are now in place 5 of 40.",
    ),
    ("correction", "de"): (
        "Ergebnis von Tisch 7 korrigiert",
        "Spring Open 2026, Runde 2. Spiel 2: -10 → +45. Grund: Game 2 entered the wrong way round",
    ),
    ("correction", "en"): (
        "Result of table 7 corrected",
        "Spring Open 2026, round 2. Game 2: -10 → +45. Why: Game 2 entered the wrong way round",
    ),
    ("moved_up", "de"): (
        "Sie haben einen Platz",
        "Sie sind von der Warteliste nachgerückt: "
        "Sie sind für Spring Open 2026 (3. Mai 2026) angemeldet.",
    ),
    ("moved_up", "en"): (
        "You have a place",
        "You moved up from the waiting list: you are registered for Spring Open 2026 (3 May 2026).",
    ),
    ("check_in", "de"): (
        "Der Check-in ist offen",
        "Spring Open 2026: Checken Sie bis 09:30 Uhr mit dem Handy ein.",
    ),
    ("check_in", "en"): (
        "Check-in is open",
        "Spring Open 2026: check in on your phone until 09:30.",
    ),
    ("call", "de"): (
        "Tisch 6 ruft die Schiedsrichter",
        "Spring Open 2026, Runde 2: Tile dropped",
    ),
    ("call", "en"): (
        "Table 6 calls a referee",
        "Spring Open 2026, round 2: Tile dropped",
    ),
    ("dispute", "de"): (
        "Tisch 6: Position C widerspricht",
        "Spring Open 2026, Runde 2: Game 3 was -25, not -52",
    ),
    ("dispute", "en"): (
        "Table 6: position C objects",
        "Spring Open 2026, round 2: Game 3 was -25, not -52",
    ),
    ("entered", "de"): (
        "Runde 2: alle Tische eingetragen",
        "Spring Open 2026: alle 10 Tische, bereit zum Prüfen und Bestätigen.",
    ),
    ("entered", "en"): (
        "Round 2: all tables entered",
        "Spring Open 2026: all 10 tables, ready to check and confirm.",
    ),
}


@pytest.mark.parametrize(("kind", "language"), sorted(EXPECTED))
def test_every_kind_renders_in_both_languages(kind, language):
    message = message_render(kind=kind, language=language, context=SAMPLES[kind])
    assert (message.title, message.body) == EXPECTED[kind, language]
    assert len(message.title) <= 50 and len(message.body) <= 200


def test_every_kind_has_a_sample():
    assert set(SAMPLES) == set(PushKind.values)


@pytest.mark.django_db
def test_check_in_reaches_the_registered_players_not_yet_checked_in(director, players):
    day = datetime(2026, 12, 12, 9, 0, tzinfo=BERLIN)
    t = builders.make_tournament(director=director, open=True)
    builders.register_players(t, players, count=4, user=director, check_in=False)
    users = [builders.make_player_account(f"konto{i}", players[i]) for i in range(3)]
    from players.models import PushSubscription

    for number, user in enumerate(users):
        PushSubscription.objects.create(
            user=user, endpoint=f"https://fcm.googleapis.com/x/{number}", p256dh="k", auth="a",
            kinds=["check_in"] if number else ["table"],
        )  # fmt: skip
    online.check_in_window_open(tournament=t, minutes=60, user=director, now=day)
    event, found = selectors.check_in_addressees(t.pk, day.isoformat())
    assert event == f"{t.pk}:{day.isoformat()}"
    assert sorted(a.subscription_id for a in found) == sorted(
        PushSubscription.objects.filter(user__in=users[1:]).values_list("pk", flat=True)
    )
    # an hour after it opened: 10:00 in Berlin, stored as the database gives it
    assert found[0].context["closes"] == "2026-12-12T09:00:00+00:00"
    assert found[0].context["url"] == f"/ranking/mein-bereich/turniere/{t.pk}/einchecken/"
