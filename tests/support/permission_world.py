"""One world for the permission matrix (issue 19.9, tests/permission_matrix/): every role and
the records every URL needs, built through the builders once per test module."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta

from axes.models import AccessAttempt, AccessLog
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from players.notifications import services as notification_services
from ranking.appeals import services as appeals_services
from ranking.commission import services as commission_services
from ranking.compute import services as compute
from ranking.rating import services as rating
from tests.support import builders
from tests.support.venue_world import make_venue_world
from tournaments.enums import GlobalRole, StaffRole
from tournaments.models import Absence, Player, Registration, Round, Tournament
from tournaments.privacy import services as privacy_services
from tournaments.referees.calls import referee_call_open
from tournaments.registration import services as registration_services
from tournaments.registration.online import services as online_services
from tournaments.rounds import services as round_services
from tournaments.setup import services as setup_services
from tournaments.sheets import services as sheet_services

ROLES = (
    "anon",  # not logged in
    "pl",  # account of a player of T and F; filed the appeal
    "opl",  # account of another player of T and F
    "ref",  # referee of T
    "head",  # head referee of T
    "oref",  # referee of O, another director's tournament
    "desk",  # desk of T and F
    "dir",  # director of T, F and the director's other tournaments below
    "odir",  # director of O
    "com",  # rules commission
    "fed",  # federation admin (the role's group, no Django admin flag)
    "su",  # superuser with the federation admin's group (the demo's "admin")
)
"""The columns of the matrix, in this order."""

ABSENT = ("D", 3)
"""Seat D of T's round 2, table 2 stopped playing from game 3 (a withdrawal in the round)."""

PNG = b"\x89PNG\r\n\x1a\n" + b"\x00" * 24


@dataclass
class PermissionWorld:
    users: dict  # role -> user (None for anon)
    # Tournaments: T and F are the director's "this tournament", O is another director's.
    t: Tournament  # running: round 1 published, round 2 released, its table 1 entered by the desk
    t_juniors: Tournament  # T's juniors' field (T's staff serve it): round 1 released
    finished: Tournament  # F: ended two days ago, ranking computed, the player's appeal filed
    other: Tournament  # O: registration open, struck from the ranking by the commission
    drawn: Tournament  # the director's: round 1 drawn (not released), a player pinned
    draft: Tournament  # the director's draft, with an empty juniors' field
    juniors: Tournament
    contest: Tournament  # the director's Städtekampf: 4 checked in, no round yet, a team
    upcoming: Tournament  # the director's, open in a month, approval on: one request pending
    # Records the URLs take.
    player_id: int  # the player's registry entry
    free_player: Player  # in the registry, in no tournament, no account
    late: Registration  # a reserve of T, not checked in
    contest_reg: Registration
    seated: tuple[int, int]  # two players of T's round 2 at different tables
    drawn_seated: tuple[int, int]  # two players of the drawn round at different tables
    staff_id: int  # the desk's assignment in T
    other_staff_id: int  # the referee's assignment in O
    warning_id: int  # a yellow card in T
    ruling_id: int  # a ruling of T passed on to the head referee
    call_id: int  # a call for a referee from T's round 2, table 2 (issue #15.6), open
    absence_id: int  # see ABSENT
    appeal_id: int  # the player's, with an attachment (PNG)
    addition_id: int  # the player's addition to it, with an attachment (PNG)
    token: str  # of an open invitation
    signup_request_id: int  # pending in `upcoming` (a player without an account)
    erasure_request_id: int  # an open erasure request of a player in no tournament (issue 16)
    axes_ids: dict  # model name -> a record of django-axes
    calendar_token: str = ""  # the player's calendar feed link
    venue: Tournament | None = None  # V: the director's, checked out (tests/support/venue_world)
    held_upload_id: int = 0  # an upload of V's revoked earlier checkout, held for review
    conflict_id: int = 0  # a registry conflict of a player of V, open
    push_device_id: int = 0  # the player's phone with push messages (issue 34)


def make_permission_world() -> PermissionWorld:
    players = builders.make_players(48)
    director = builders.make_director("leiterin")
    other_director = builders.make_director("anderer")
    desk = builders.make_user("orga")
    referee = builders.make_user("schiri", role=GlobalRole.REFEREE)
    head = builders.make_user("hauptschiri", role=GlobalRole.HEAD_REFEREE)
    foreign = builders.make_user("fremdschiri", role=GlobalRole.REFEREE)
    player = builders.make_player_account("spieler-konto", players[0])
    other_player = builders.make_player_account("anderes-konto", players[1])

    t = builders.make_tournament(director=director, open=True)
    builders.register_players(t, players, count=8, user=director)
    late = registration_services.registration_add(
        tournament=t, player=players[30], reserve=True, user=director
    )
    staff = builders.add_staff(t, desk)
    builders.add_staff(t, referee, StaffRole.REFEREE)
    builders.add_staff(t, head, StaffRole.HEAD_REFEREE)
    builders.play_next_round(t, director=director, desk=desk)
    rnd = round_services.round_pair_next(tournament=t, user=director, seed=3)
    rnd = round_services.round_release(rnd=rnd, user=director)
    table = rnd.tables.get(number=1)
    sheet_services.sheet_save(
        table=table, games=builders.FIXED_SHEET, expected_version=0, user=desk
    )
    seats = Round.objects.get(pk=rnd.pk).seats.order_by("table__number", "letter")
    away = seats.get(table__number=2, letter=ABSENT[0])  # withdrawn from game 3 (SPEC §7)
    registration_services.registration_update(
        registration=Registration.objects.get(tournament=t, player=away.player),
        withdrawn=True,
        from_game=ABSENT[1],
        user=director,
    )
    t_juniors = setup_services.junior_field_create(tournament=t, rounds_planned=2, user=director)
    builders.register_players(t_juniors, players[44:], count=4, user=director)
    juniors_round = round_services.round_pair_next(tournament=t_juniors, user=director, seed=1)
    round_services.round_release(rnd=juniors_round, user=director)
    warning = builders.give_warning(t, seats[0].player, user=referee)
    ruling = builders.record_ruling(t, user=referee, objections=3)
    call = referee_call_open(table=rnd.tables.get(number=2), reason="Joker?", device="dev-1")

    other = builders.make_tournament(director=other_director, open=True, name="Anderes Turnier")
    other_staff = builders.add_staff(other, foreign, StaffRole.REFEREE)

    drawn, first = builders.make_drawn_round(
        director=director, players=players[16:], count=8, seed=5, name="Ausgelost"
    )
    drawn_seats = first.seats.order_by("table__number", "letter")
    round_services.pin_set(
        tournament=drawn,
        player=drawn_seats[0].player,
        table_number=1,
        reason="Rollstuhl",
        user=director,
    )
    draft = builders.make_tournament(director=director, name="Entwurf")
    juniors = setup_services.junior_field_create(tournament=draft, rounds_planned=2, user=director)
    contest = builders.make_city_contest(director=director)
    builders.register_players(contest, players[40:], count=4)
    builders.make_teams(contest, ["Köln"], user=director)

    start = timezone.localdate() + timedelta(days=30)
    upcoming = builders.make_tournament(
        director=director,
        open=True,
        name="Demnächst",
        start_date=start,
        end_date=start,
        ranking_year=start.year,
        signup_approval=True,
    )
    signup_request = online_services.signup_register(
        tournament=upcoming, player=players[32], user=None
    )

    end = timezone.localdate() - timedelta(days=2)  # appeals are open for 14 days (Klub 3)
    finished = builders.play_tournament(
        director=director, desk=desk, players=players, name="Abgeschlossen", end=end
    )
    compute.ranking_recompute_year(year=finished.ranking_year)
    rating.rating_recompute_pending()  # the skill rating's lists (issue 33)
    appeal = builders.make_appeal(
        user=player,
        tournament=finished,
        player=players[0],
        now=timezone.now(),
        attachment=SimpleUploadedFile("bogen.png", PNG, content_type="image/png"),
    )
    addition = appeals_services.appeal_addition_file(
        user=player,
        appeal=appeal,
        text="Foto der zweiten Seite",
        attachment=SimpleUploadedFile("seite2.png", PNG, content_type="image/png"),
    )
    token = builders.make_invitation(player=players[31], user=director)
    commission = builders.make_user("kommission", role=GlobalRole.COMMISSION)
    commission_services.tournament_strike_set(
        tournament=other, struck=True, reasoning="Klub 3.1.1", user=commission
    )

    users = {
        "anon": None,
        "pl": player,
        "opl": other_player,
        "ref": referee,
        "head": head,
        "oref": foreign,
        "desk": desk,
        "dir": director,
        "odir": other_director,
        "com": commission,
        "fed": builders.make_user("verband", role=GlobalRole.FEDERATION_ADMIN),
        "su": builders.make_user("admin", role=GlobalRole.FEDERATION_ADMIN, superuser=True),
    }
    venue, held_upload_id, conflict_id = make_venue_world(
        director=director, admin=users["fed"], players=players[8:12]
    )
    from players.models import PushSubscription

    phone = PushSubscription.objects.create(
        user=player,
        endpoint="https://fcm.googleapis.com/fcm/send/welt",
        p256dh="B" * 87,
        auth="A" * 22,
        kinds=["table"],
    )
    return PermissionWorld(
        push_device_id=phone.pk,
        venue=venue,
        held_upload_id=held_upload_id,
        conflict_id=conflict_id,
        users=users,
        t=t,
        t_juniors=t_juniors,
        other=other,
        drawn=drawn,
        draft=draft,
        juniors=juniors,
        contest=contest,
        upcoming=upcoming,
        signup_request_id=signup_request.pk,
        erasure_request_id=privacy_services.erasure_request_file(
            player=players[27], user=None, reason="Bitte löschen"
        ).pk,
        finished=finished,
        contest_reg=Registration.objects.get(tournament=contest, player=players[40]),
        late=late,
        free_player=players[25],
        token=token,
        warning_id=warning.pk,
        ruling_id=ruling.pk,
        call_id=call.pk,
        appeal_id=appeal.pk,
        addition_id=addition.pk,
        staff_id=staff.pk,
        other_staff_id=other_staff.pk,
        seated=(seats[0].player_id, seats[5].player_id),
        absence_id=Absence.objects.get(player=away.player).pk,
        axes_ids=_log_ins(),
        drawn_seated=(drawn_seats[0].player_id, drawn_seats[5].player_id),
        player_id=players[0].pk,
        calendar_token=notification_services.calendar_link_renew(user=player).calendar_token,
    )


def _log_ins() -> dict[str, int]:
    """A failed and a good log-in through the log-in page: django-axes records both (its failure
    log is off: AXES_ENABLE_ACCESS_FAILURE_LOG)."""
    client = Client()
    login = reverse("login")
    client.post(login, {"username": "niemand", "password": "falsch"})
    client.post(login, {"username": "orga", "password": builders.PASSWORD})
    return {
        "accessattempt": AccessAttempt.objects.get().pk,
        "accesslog": AccessLog.objects.get().pk,
    }
