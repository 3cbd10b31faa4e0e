"""Erasure on request (issue 16, item 6; DSGVO Art. 17) executed as anonymisation: personal
data goes, results, standings and the ranking stay exactly as they were (SPEC §5, §9)."""

from __future__ import annotations

from datetime import datetime

import pytest
from django.core.exceptions import PermissionDenied, ValidationError
from django.core.files.uploadedfile import SimpleUploadedFile

from players.models import PlayerInvitation
from ranking.appeals import services as appeals_services
from ranking.compute import services as compute
from ranking.models import Appeal, AppealAddition, RankingEntry
from ranking.privacy.services import REDACTED
from tests.support import builders
from tournaments.enums import ErasureStatus
from tournaments.mail.services import mail_queue
from tournaments.models import (
    ErasureRequest,
    OutgoingMail,
    Player,
    PlayerWarning,
    ScoredRound,
    Seat,
)
from tournaments.privacy import services as privacy_services
from tournaments.standings.selectors import standings_table

pytestmark = pytest.mark.django_db
ALREADY = "Ein Löschantrag für diesen Eintrag liegt dem Verband bereits vor."
NOW = datetime(2026, 7, 1, 12, 0).astimezone()


def _standings(tournament) -> list[tuple]:
    return [
        (e.rank, e.player.pk, e.placement_points, e.game_points, e.placings, e.minus_points,
         e.games)
        for e in standings_table(tournament).entries
    ]  # fmt: skip


def _ranking() -> list[tuple]:
    return list(
        RankingEntry.objects.order_by("rank", "player_id").values_list(
            "rank", "player_id", "tournaments", "games", "placement_points", "game_points",
            "first", "second", "third", "fourth", "minus_points",
        )
    )  # fmt: skip


def test_erasure_anonymises_and_keeps_standings_and_ranking(ranked, field, admin_user, referee):
    player = field[0]
    player.email, player.city, player.birth_year = "vera@example.org", "Kassel", 1970
    player.save()
    builders.make_invitation(player=player, user=admin_user)  # an old one, still open
    user = builders.make_player_account("DRV-00001", player)
    warning = PlayerWarning.objects.create(
        tournament=ranked, player=player, kind="yellow", ground="unsporting", given_by=referee
    )
    standings, ranking = _standings(ranked), _ranking()
    seats = Seat.objects.filter(player=player).count()

    request = privacy_services.erasure_request_file(player=player, user=user, reason="Umzug")
    done = privacy_services.erasure_execute(request=request, user=admin_user, now=NOW)

    player.refresh_from_db()
    assert (player.last_name, player.first_name, str(player)) == (
        "Gelöschte Person", f"#{player.pk}", f"Gelöschte Person, #{player.pk} (Gast)"
    )  # fmt: skip
    assert (player.federation_number, player.club, player.city, player.birth_year,
            player.email, player.publish_name, player.erased_at) == (
        None, "", "", None, "", True, NOW
    )  # fmt: skip
    user.refresh_from_db()
    assert (user.username, user.email, user.is_active, user.has_usable_password()) == (
        f"geloescht-{user.pk}", "", False, False
    )  # fmt: skip
    assert not PlayerInvitation.objects.filter(player=player).exists()
    done.refresh_from_db()
    assert (done.status, done.reason, done.executed_by, done.executed_at, done.player_id) == (
        ErasureStatus.DONE, "", admin_user, NOW, player.pk
    )  # fmt: skip
    # Kept: seats, results, the warning (a result of the tournament, Klub 4), the ranking.
    assert Seat.objects.filter(player=player).count() == seats == 3
    assert ScoredRound.objects.filter(player=player).count() == 3
    assert PlayerWarning.objects.get(pk=warning.pk).player_id == player.pk
    assert _standings(ranked) == standings
    compute.ranking_recompute_year(year=2026, full=True)
    assert _ranking() == ranking


def test_erasure_redacts_the_appeals_texts(appeal, field, admin_user, player_user):
    request = privacy_services.erasure_request_file(player=field[0], user=player_user)
    privacy_services.erasure_execute(request=request, user=admin_user)
    appeal = Appeal.objects.get(pk=appeal.pk)
    assert (appeal.what_is_wrong, appeal.correction_requested, appeal.attachment.name) == (
        REDACTED, REDACTED, ""
    )  # fmt: skip
    assert appeal.player_id == field[0].pk


def test_erasure_is_refused_while_a_tournament_of_the_player_runs(director, players, admin_user):
    tournament, _rnd = builders.make_released_round(
        director=director, players=players, count=8, seed=3, name="Läuft gerade"
    )
    request = privacy_services.erasure_request_file(player=players[0], user=None)
    with pytest.raises(ValidationError) as exc:
        privacy_services.erasure_execute(request=request, user=admin_user)
    assert exc.value.messages == [
        "„Läuft gerade“ läuft gerade mit diesem Spieler: bitte erst nach dem Turnier löschen "
        "(Ergebnisse und Ranking müssen vollständig sein)."
    ]
    players[0].refresh_from_db()
    assert (players[0].last_name, players[0].erased_at) != ("Gelöschte Person", None)
    assert ErasureRequest.objects.get(pk=request.pk).status == ErasureStatus.OPEN


def test_erasure_is_refused_while_registered_for_a_coming_tournament(
    open_tournament, players, admin_user, director
):
    builders.register_players(open_tournament, players, count=1, user=director)
    request = privacy_services.erasure_request_file(player=players[0], user=None)
    with pytest.raises(ValidationError) as exc:
        privacy_services.erasure_execute(request=request, user=admin_user)
    assert exc.value.messages == [
        f"Der Spieler ist noch für „{open_tournament.name}“ angemeldet: bitte zuerst abmelden."
    ]


def test_only_the_federation_admin_executes_and_only_once(players, admin_user, director):
    request = privacy_services.erasure_request_file(player=players[0], user=None, reason="x")
    with pytest.raises(ValidationError) as twice:
        privacy_services.erasure_request_file(player=players[0], user=None)
    assert twice.value.messages == [ALREADY]
    with pytest.raises(PermissionDenied):
        privacy_services.erasure_execute(request=request, user=director)
    privacy_services.erasure_execute(request=request, user=admin_user)
    with pytest.raises(ValidationError) as again:
        privacy_services.erasure_execute(request=request, user=admin_user)
    assert again.value.messages == ["Dieser Löschantrag ist bereits ausgeführt."]
    assert Player.objects.get(pk=players[0].pk).erased_at is not None


def test_an_erased_entry_is_not_registered_again(players, admin_user, director, open_tournament):
    from tournaments.registration import services as registration_services
    from tournaments.registration.selectors import registration_candidates

    request = privacy_services.erasure_request_file(player=players[0], user=None)
    privacy_services.erasure_execute(request=request, user=admin_user)
    erased = Player.objects.get(pk=players[0].pk)
    assert erased not in registration_candidates(open_tournament, "Gelöschte")
    with pytest.raises(ValidationError) as exc:
        registration_services.registration_add(
            tournament=open_tournament, player=erased, reserve=False, user=director
        )
    assert exc.value.messages == ["Dieser Eintrag ist auf eigenen Antrag gelöscht (anonymisiert)."]


def test_erasure_takes_the_persons_addresses_out_of_the_outbox(ranked, field, admin_user):
    """Mails still queued to the person (or already sent, kept for KEEP days) lose their
    address at once: the player's own and the account's; other recipients keep theirs."""
    player = field[0]
    player.email = "vera@example.org"
    player.save()
    user = builders.make_player_account("DRV-00001", player)
    user.email = "konto@example.org"
    user.save()
    context = {"username": "DRV-00001", "link": "https://example.org/x/"}
    for key, to in (
        ("own", ["vera@example.org"]),
        ("shared", ["Konto@example.org", "kommission@example.org"]),
        ("other", ["kommission@example.org"]),
    ):
        mail_queue(kind="password_reset", key=key, to=to, language="de", context=context)

    request = privacy_services.erasure_request_file(player=player, user=user, reason="Umzug")
    privacy_services.erasure_execute(request=request, user=admin_user, now=NOW)

    assert sorted(OutgoingMail.objects.values_list("key", "to")) == [
        ("other", ["kommission@example.org"]),
        ("shared", ["kommission@example.org"]),
    ]


def test_erasure_redacts_the_additions_too(
    appeal, field, admin_user, player_user, settings, tmp_path, django_capture_on_commit_callbacks
):
    settings.MEDIA_ROOT = tmp_path
    addition = appeals_services.appeal_addition_file(
        user=player_user,
        appeal=appeal,
        text="Zeuge: Frau Muster",
        attachment=SimpleUploadedFile("z.png", b"\x89PNG\r\n\x1a\n" + b"0" * 8),
        now=appeal.filed_at,
    )
    stored = tmp_path / addition.attachment.name
    assert stored.exists()
    request = privacy_services.erasure_request_file(player=field[0], user=player_user)
    with django_capture_on_commit_callbacks(execute=True):
        privacy_services.erasure_execute(request=request, user=admin_user)
    addition = AppealAddition.objects.get(pk=addition.pk)
    assert (addition.text, addition.attachment.name, addition.attachment_size) == (REDACTED, "", 0)
    assert addition.appeal_id == appeal.pk and not stored.exists()
