"""The players' e-mails (issue 16.4): "your table" at a round's release, a note when a published
result of their table is corrected. One job per release/correction, enqueued on commit, queues
them in the outbox; a re-run mails nobody twice; only players with an account and an address
who did not switch it off."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.core.mail import EmailMultiAlternatives
from django.utils import timezone

from players import tasks
from players.models import Notification, NotificationKind
from players.notifications import services as notifications
from tests.support import builders
from tests.support.builders import FIXED_SHEET
from tournaments.mail import services as mail_services
from tournaments.models import OutgoingMail, Seat
from tournaments.rounds import services as round_services
from tournaments.sheets import services as sheet_services

pytestmark = pytest.mark.django_db


@pytest.fixture
def drawn(director, players, eager_celery):
    """Round 1 drawn (8 players, two tables). Accounts for players 0–5: 1 switched the table
    mail off, 3 the correction note; 2 has no address anywhere; 6 and 7 have no account."""
    t, rnd = builders.make_drawn_round(director=director, players=players, count=8, seed=3)
    users = [builders.make_player_account(f"konto{i}", players[i]) for i in range(6)]
    notifications.preferences_update(user=users[1], table_mail=False, correction_mail=True)
    notifications.preferences_update(user=users[3], table_mail=True, correction_mail=False)
    players[2].email = ""
    players[2].save(update_fields=["email"])
    return t, rnd


def seat_of(rnd, player) -> Seat:
    return Seat.objects.select_related("table").get(round=rnd, player=player)


def test_release_mails_each_player_their_table_once(
    drawn, director, players, mailoutbox, django_capture_on_commit_callbacks
):
    t, rnd = drawn
    with django_capture_on_commit_callbacks(execute=True):
        round_services.round_release(rnd=rnd, user=director)
    wanted = [players[0], players[3], players[4], players[5]]
    assert sorted(m.to[0] for m in mailoutbox) == sorted(p.email for p in wanted)
    mine = next(m for m in mailoutbox if m.to == [players[0].email])
    seat = seat_of(rnd, players[0])
    assert mine.subject == f"Runde 1: Tisch {seat.table.number}, Platz {seat.letter} – {t.name}"
    assert f"Ihr Tisch: {seat.table.number}\nIhr Platz: {seat.letter}\n" in mine.body
    assert f"http://localhost:8000/turniere/{t.pk}/runden/1/namen/" in mine.body
    assert "http://localhost:8000/ranking/mein-bereich/benachrichtigungen/" in mine.body

    assert tasks.notify_table(rnd.pk) == 0  # the job again: nobody twice
    assert len(mailoutbox) == 4
    sent = Notification.objects.filter(kind=NotificationKind.TABLE, ref_id=rnd.pk)
    assert sorted(sent.values_list("player_id", flat=True)) == sorted(p.pk for p in wanted)
    assert all(n.sent_at is not None for n in sent)
    outbox = OutgoingMail.objects.filter(kind="your_table")
    assert sorted((m.to, m.sent_at is not None) for m in outbox) == sorted(
        ([p.email], True) for p in wanted
    )


def test_a_drawn_round_mails_nobody(drawn, mailoutbox):
    _t, rnd = drawn
    assert tasks.notify_table(rnd.pk) == 0
    assert tasks.notify_table(999_999) == 0  # gone: nothing to tell
    assert mailoutbox == []


def test_a_failed_mail_stays_queued_and_its_retry_sends_only_it(
    drawn, director, players, mailoutbox, monkeypatch
):
    _t, rnd = drawn
    round_services.round_release(rnd=rnd, user=director)  # not committed: no job yet
    assert notifications.table_mails_send(round_id=rnd.pk) == 4  # queued, their tasks wait
    real = EmailMultiAlternatives.send

    def flaky(message, *args, **kwargs):
        if message.to == [players[4].email]:
            raise OSError("SMTP weg")
        return real(message, *args, **kwargs)

    monkeypatch.setattr(EmailMultiAlternatives, "send", flaky)
    queued = list(OutgoingMail.objects.filter(kind="your_table").values_list("pk", flat=True))
    failed = []
    for mail_id in queued:  # what the task does with each
        try:
            mail_services.mail_send(mail_id=mail_id)
        except mail_services.MailNotSent:
            failed.append(OutgoingMail.objects.get(pk=mail_id).to)
    assert failed == [[players[4].email]]
    assert len(mailoutbox) == 3
    assert notifications.table_mails_send(round_id=rnd.pk) == 0  # the job again: nobody twice

    monkeypatch.setattr(EmailMultiAlternatives, "send", real)
    assert [mail_services.mail_send(mail_id=mail_id) for mail_id in queued].count(True) == 1
    assert [m.to for m in mailoutbox[3:]] == [[players[4].email]]


@pytest.fixture
def published(drawn, director, desk_user):
    """Round 1 played with the fixed sheet and published (its release mails are not sent: the
    test's transaction never commits)."""
    t, rnd = drawn
    rnd = builders.play_round(rnd, director=director, desk=desk_user)
    return t, rnd


def swapped_first_game() -> list[dict]:
    games = [dict(g, scores=dict(g["scores"])) for g in FIXED_SHEET]
    games[0]["scores"]["A"], games[0]["scores"]["B"] = -10, 60
    return games


def test_correction_notes_only_that_tables_players(
    published, director, players, mailoutbox, django_capture_on_commit_callbacks
):
    t, rnd = published
    table = seat_of(rnd, players[0]).table
    sheet = table.sheet
    with django_capture_on_commit_callbacks(execute=True):
        sheet_services.sheet_save(
            table=table,
            games=swapped_first_game(),
            expected_version=sheet.version,
            user=director,
            reason="Spiel 1 vertauscht übertragen",
        )
    at_table = set(Seat.objects.filter(table=table).values_list("player_id", flat=True))
    # account, address, note not switched off (1 switched only the table mail off)
    wanted = {
        p.pk: p
        for p in players[:6]
        if p.pk in at_table and p.pk not in (players[2].pk, players[3].pk)
    }
    assert wanted  # seed 3 seats a player with an account at every table
    assert sorted(m.to[0] for m in mailoutbox) == sorted(p.email for p in wanted.values())
    note = mailoutbox[0]
    assert note.subject == f"Korrektur: Tisch {table.number}, Runde 1 – {t.name}"
    assert "Die Rangliste hat sich dadurch geändert." in note.body
    assert "Grund: Spiel 1 vertauscht übertragen\n" in note.body
    assert f"http://localhost:8000/turniere/{t.pk}/rangliste/" in note.body

    version_id = table.sheet.versions.order_by("-number").first().pk
    assert tasks.notify_correction(version_id) == 0
    assert len(mailoutbox) == len(wanted)


def test_a_paper_only_change_after_publication_sends_no_note(
    published, director, players, mailoutbox, django_capture_on_commit_callbacks
):
    _t, rnd = published
    table = seat_of(rnd, players[0]).table
    sheet = table.sheet
    with django_capture_on_commit_callbacks(execute=True):
        sheet_services.sheet_save(
            table=table,
            games=sheet.confirmed.games,
            expected_version=sheet.version,
            user=director,
            reason="Ausgefüllt von A",
            filled_in_by="A",
            signed_by_all=True,
        )
    assert mailoutbox == []
    assert not Notification.objects.filter(kind=NotificationKind.CORRECTION).exists()


def test_the_sweep_sends_what_a_lost_job_did_not(
    drawn, director, players, mailoutbox, django_capture_on_commit_callbacks
):
    _t, rnd = drawn
    round_services.round_release(rnd=rnd, user=director)  # never committed: its job is "lost"
    released = timezone.now()
    with django_capture_on_commit_callbacks(execute=True):  # the queued mails' tasks
        assert notifications.notifications_sweep(now=released) == {"table": 4, "correction": 0}
    assert notifications.notifications_sweep(now=released) == {"table": 0, "correction": 0}
    assert len(mailoutbox) == 4
    later = released + timedelta(hours=notifications.SWEEP_HOURS, minutes=1)
    Notification.objects.all().delete()
    assert notifications.notifications_sweep(now=later) == {"table": 0, "correction": 0}


def test_the_sweep_sends_lost_correction_notes_not_paper_changes(
    published, director, players, mailoutbox, django_capture_on_commit_callbacks
):
    _t, rnd = published
    assert notifications.notifications_sweep() == {"table": 0, "correction": 0}  # published
    table = seat_of(rnd, players[0]).table
    sheet = sheet_services.sheet_save(
        table=table,
        games=table.sheet.confirmed.games,
        expected_version=table.sheet.version,
        user=director,
        reason="Papier",
        filled_in_by="A",
        signed_by_all=True,
    )
    assert notifications.notifications_sweep() == {"table": 0, "correction": 0}
    sheet_services.sheet_save(
        table=table,
        games=swapped_first_game(),
        expected_version=sheet.version,
        user=director,
        reason="Spiel 1 vertauscht übertragen",
    )
    with django_capture_on_commit_callbacks(execute=True):
        swept = notifications.notifications_sweep()
    assert swept["correction"] == len(mailoutbox) >= 1
    assert {m.subject for m in mailoutbox} == {
        f"Korrektur: Tisch {table.number}, Runde 1 – {rnd.tournament.name}"
    }
