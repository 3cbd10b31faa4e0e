"""The laptop's services: the director's login, restoring a backup, erasing the local copy."""

import json

import pytest
from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.utils import timezone

from tests.support.builders import make_players, make_user, play_tournament
from tests.tournaments.venue.conftest import checkout_make
from tournaments import permissions
from tournaments.enums import GlobalRole, StaffRole
from tournaments.models import Player, StaffChange, Tournament, TournamentStaff, VenueSyncState
from tournaments.venue.laptop import selectors, services


def test_the_directors_login_is_made_once_with_a_one_time_password(laptop):
    checkout = laptop.checkout
    user, password = services.local_director_ensure(
        checkout=checkout, username="spielort", password=None
    )
    assert len(password) >= 16 and user.check_password(password)
    assert permissions.can_direct(user, checkout.tournament)
    assert StaffChange.objects.filter(person=user, role=StaffRole.DIRECTOR).count() == 1
    again, kept = services.local_director_ensure(
        checkout=checkout, username="spielort", password=None
    )
    assert (again, kept) == (user, None)
    again.refresh_from_db()
    assert again.check_password(password)  # a second load does not lock the director out
    assert StaffChange.objects.filter(person=user, role=StaffRole.DIRECTOR).count() == 1


def test_a_given_password_is_set(laptop):
    user, password = services.local_director_ensure(
        checkout=laptop.checkout, username="leitung", password="ein-langes-passwort"
    )
    assert password == "ein-langes-passwort" and user.check_password(password)
    assert TournamentStaff.objects.filter(user=user, role=StaffRole.DIRECTOR).exists()


def test_a_second_package_is_refused_while_a_tournament_is_loaded(laptop):
    with pytest.raises(ValidationError) as refused:
        services.package_load(package={"checkout": "x", "key": "y", "document": {}})
    assert refused.value.messages == [
        "Auf diesem Laptop ist schon ein Turnier. Erst löschen (venue_erase) oder den "
        "Spielort mit einem anderen VENUE_DIR starten."
    ]


def test_nothing_of_it_on_the_central_server(db, settings):
    settings.VENUE_MODE = False
    with pytest.raises(ValidationError) as refused:
        services.package_load(package={})
    assert refused.value.messages == ["Nur auf dem Laptop am Spielort (VENUE_MODE=1)."]


@pytest.mark.parametrize(
    "alter",
    [
        lambda b: {**b, "envelope": b["envelope"][:-3] + "abc"},  # the content altered
        lambda b: {**b, "key": "a-guessed-key-" * 4},  # another key
        lambda b: {**b, "sequence": b["sequence"] + 50},  # a number not the signed one
    ],
)
def test_an_altered_backup_is_refused(laptop, alter, tmp_path):
    services.envelope_sign(state=laptop, now=timezone.now())
    backup = json.loads(selectors.backup_dir().joinpath(laptop.backup_file).read_text())
    path = tmp_path / "altered.json"
    path.write_text(json.dumps(alter(backup)))
    VenueSyncState.objects.all().delete()  # as on the fresh laptop
    with pytest.raises(ValidationError) as refused:
        services.backup_restore(path=path)
    assert refused.value.messages == [
        "Die Signatur der Sicherung passt nicht: Sie wurde verändert oder ist unvollständig."
    ]


def test_a_file_that_is_no_backup_is_refused(laptop, tmp_path):
    path = tmp_path / "paket.json"
    path.write_text(json.dumps({"checkout": "x"}))
    VenueSyncState.objects.all().delete()
    with pytest.raises(ValidationError) as refused:
        services.backup_restore(path=path)
    assert refused.value.messages == [f"{path} ist keine Sicherung eines Spielort-Laptops."]


@pytest.mark.django_db(transaction=True)
def test_erasing_deletes_every_row_and_the_backups(settings, tmp_path):
    settings.VENUE_MODE = True
    settings.VENUE_BACKUP_DIR = tmp_path / "venue-backups"
    director = make_user("leitung", role=GlobalRole.DIRECTOR)
    t = play_tournament(director=director, desk=make_user("orga"), players=make_players(8))
    state = services.sync_state_create(
        checkout=checkout_make(t, user=director), central_url="https://zentral.example"
    )
    services.envelope_sign(state=state, now=timezone.now())
    assert len(list(selectors.backup_dir().glob("*.json"))) == 1

    services.local_copy_erase()

    assert Tournament.objects.count() == 0
    assert Player.objects.count() == 0
    assert get_user_model().objects.count() == 0
    assert VenueSyncState.objects.count() == 0
    assert list(selectors.backup_dir().glob("*.json")) == []


def test_the_people_of_the_trail_become_accounts_that_cannot_log_in(laptop):
    document = {
        "tournaments": [
            {"created_by": "leiterin", "rounds": [{"changes": [{"user": "orga-zentral"}]}]},
            {"warnings": [{"given_by": "schiri", "withdrawn_by": None}]},
        ],
        "players": [{"last_name": "Quast", "club_by": 3}],
    }
    assert services._trail_usernames(document, set()) == {"leiterin", "orga-zentral", "schiri"}
    services._trail_accounts(document)
    made = get_user_model().objects.get(username="schiri")
    assert (made.is_active, made.has_usable_password()) == (False, False)

    # the director's login may be one of them: it gets a password and can log in
    user, password = services.local_director_ensure(
        checkout=laptop.checkout, username="schiri", password=None
    )
    assert user == made and user.is_active and user.check_password(password)
