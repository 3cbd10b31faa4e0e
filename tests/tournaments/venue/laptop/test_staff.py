"""The people at the venue on the laptop (issue 29): the package's staff and referees arrive
without a log-in; the director gives each a password or PIN for the day and adds helpers; each
then works as their role allows (four eyes at the desk, cards by referees only)."""

import pytest
from django.contrib.auth import get_user_model
from django.core.exceptions import PermissionDenied, ValidationError
from django.urls import reverse

from tests.support.builders import fixed_games, make_user
from tournaments.enums import GlobalRole, StaffRole, WarningKind
from tournaments.models import StaffChange, TournamentStaff, VenuePerson
from tournaments.referees import services as referees
from tournaments.rounds import services as rounds
from tournaments.sheets import services as sheets
from tournaments.venue.laptop import staff_services as services
from tournaments.venue.laptop.staff_selectors import venue_people

PACKAGE_STAFF = {
    "staff": [
        {"username": "desk-zwei", "name": "Dora Desk", "role": StaffRole.DESK},
        {"username": "schiri", "name": "Sina Schiri", "role": StaffRole.REFEREE},
    ],
    "referees": [
        {"username": "schiri", "name": "Sina Schiri", "roles": [GlobalRole.REFEREE]},
        {"username": "haupt", "name": "Hugo Haupt", "roles": [GlobalRole.HEAD_REFEREE]},
    ],
}
HELPER = {
    "uuid": "5b0e7f0c-0000-4000-8000-000000000029",
    "name": "Anna Schmidt",
    "role": StaffRole.REFEREE,
    "username": "anna-schmidt",
    "created_at": "2026-06-07T09:30:00+00:00",
}


def _logs_in(username: str, password: str):
    """The account that logs in with these (as the log-in form's backend checks), or None."""
    user = get_user_model().objects.get(username=username)
    return user if user.is_active and user.check_password(password) else None


@pytest.fixture
def people(laptop):
    package = {"staff": PACKAGE_STAFF, "document": {"venue_persons": [HELPER]}}
    services.package_people_load(checkout=laptop.checkout, package=package)
    return {u.username: u for u in get_user_model().objects.all()}


def test_the_package_brings_people_who_cannot_log_in_yet(laptop, people):
    t = laptop.checkout.tournament
    for name in ("desk-zwei", "schiri", "haupt", "anna-schmidt"):
        assert (people[name].is_active, people[name].has_usable_password()) == (False, False)
    assert people["schiri"].get_full_name() == "Sina Schiri"
    assert sorted(people["haupt"].groups.values_list("name", flat=True)) == [
        GlobalRole.HEAD_REFEREE
    ]
    roles = sorted(
        TournamentStaff.objects.filter(tournament=t, user__username__in=people).values_list(
            "user__username", "role"
        )
    )
    assert roles == [
        ("anna-schmidt", StaffRole.REFEREE),
        ("desk-zwei", StaffRole.DESK),
        ("leitung", StaffRole.DIRECTOR),
        ("orga", StaffRole.DESK),
        ("schiri", StaffRole.REFEREE),
    ]
    logged = StaffChange.objects.filter(tournament=t, person__username="desk-zwei").get()
    assert (logged.kind, logged.by, logged.reason) == (
        "assigned",
        None,
        "Personal der zentralen Seite (Paket)",
    )
    person = VenuePerson.objects.get()
    assert (str(person.uuid), person.user, person.checkout) == (
        HELPER["uuid"], people["anna-schmidt"], laptop.checkout,
    )  # fmt: skip
    listed = [(p.user.username, p.can_log_in, p.helper is not None) for p in venue_people(t)]
    assert listed == [
        ("anna-schmidt", False, True),
        ("desk-zwei", False, False),
        ("haupt", False, False),
        ("orga", True, False),
        ("schiri", False, False),
    ]


def test_the_director_gives_a_pin_for_the_day(laptop, people):
    t = laptop.checkout.tournament
    services.venue_login_set(tournament=t, person=people["schiri"], password="482913",
                             by=laptop.director)  # fmt: skip
    assert _logs_in("schiri", "482913") == people["schiri"]
    services.venue_login_end(tournament=t, person=people["schiri"], by=laptop.director)
    assert _logs_in("schiri", "482913") is None


@pytest.mark.parametrize("password", ["12345", "      ", "x" * 129])
def test_a_short_or_blank_pin_is_refused(laptop, people, password):
    with pytest.raises(ValidationError):
        services.venue_login_set(tournament=laptop.checkout.tournament, person=people["schiri"],
                                 password=password, by=laptop.director)  # fmt: skip
    people["schiri"].refresh_from_db()
    assert (people["schiri"].is_active, people["schiri"].has_usable_password()) == (False, False)


def test_no_log_in_for_anyone_not_listed(laptop, people):
    other_director = make_user("fremd", role=GlobalRole.DIRECTOR)
    with pytest.raises(ValidationError) as caught:
        services.venue_login_set(tournament=laptop.checkout.tournament, person=other_director,
                                 password="482913", by=laptop.director)  # fmt: skip
    assert caught.value.messages == [
        "Anmeldungen für den Tag gibt es nur für die hier aufgeführten Personen."
    ]
    assert _logs_in("fremd", "482913") is None


def test_only_the_director_gives_log_ins(laptop, people):
    with pytest.raises(PermissionDenied):
        services.venue_login_set(tournament=laptop.checkout.tournament, person=people["schiri"],
                                 password="482913", by=laptop.desk)  # fmt: skip


def test_only_on_the_laptop(laptop, people, settings):
    settings.VENUE_MODE = False
    with pytest.raises(ValidationError):
        services.venue_login_set(tournament=laptop.checkout.tournament, person=people["schiri"],
                                 password="482913", by=laptop.director)  # fmt: skip


def test_a_helper_gets_a_log_in_and_a_logged_role(laptop, people):
    t = laptop.checkout.tournament
    make_user("bernd-berg")  # a name already taken on the laptop
    person = services.venue_helper_add(
        tournament=t, name="  Bernd   Berg ", role=StaffRole.DESK, password="271828",
        by=laptop.director, reason="",
    )  # fmt: skip
    assert (person.name, person.username, person.role) == ("Bernd Berg", "bernd-berg-2", "desk")
    assert _logs_in("bernd-berg-2", "271828") == person.user
    logged = StaffChange.objects.get(person=person.user)
    assert (logged.role, logged.by, logged.reason) == ("desk", laptop.director, "Helfer vor Ort")


def test_a_second_head_referee_is_refused_and_nothing_kept(laptop, people):
    t = laptop.checkout.tournament
    services.venue_helper_add(tournament=t, name="Hilde Haupt", role=StaffRole.HEAD_REFEREE,
                              password="314159", by=laptop.director)  # fmt: skip
    accounts = get_user_model().objects.count()
    with pytest.raises(ValidationError):
        services.venue_helper_add(tournament=t, name="Zweiter Kopf",
                                  role=StaffRole.HEAD_REFEREE, password="314159",
                                  by=laptop.director)  # fmt: skip
    assert get_user_model().objects.count() == accounts
    assert VenuePerson.objects.filter(name="Zweiter Kopf").count() == 0


def test_four_eyes_and_cards_by_role(laptop, people):
    """The desk enters, a helper of the desk confirms (never the same person), a referee of
    the venue gives a card; the desk may not."""
    t = laptop.checkout.tournament
    second = services.venue_helper_add(tournament=t, name="Zweite Person", role=StaffRole.DESK,
                                       password="161803", by=laptop.director).user  # fmt: skip
    referee = people["anna-schmidt"]
    services.venue_login_set(tournament=t, person=referee, password="141421", by=laptop.director)
    rnd = rounds.round_pair_next(tournament=t, user=laptop.director, seed=3)
    rnd = rounds.round_release(rnd=rnd, user=laptop.director)
    table = rnd.tables.order_by("number").first()
    letters = tuple(sorted(table.seats.values_list("letter", flat=True)))
    sheet = sheets.sheet_save(table=table, games=fixed_games(letters), expected_version=0,
                              user=laptop.desk)  # fmt: skip
    with pytest.raises(ValidationError):
        sheets.sheet_confirm(sheet=sheet, expected_version=1, user=laptop.desk)
    confirmed = sheets.sheet_confirm(sheet=sheet, expected_version=1, user=second)
    assert (confirmed.status, confirmed.current.created_by) == ("confirmed", second)
    player = table.seats.first().player
    with pytest.raises(PermissionDenied):
        referees.warning_give(tournament=t, player=player, kind=WarningKind.YELLOW,
                              user=second, ground="unsporting")  # fmt: skip
    warning = referees.warning_give(tournament=t, player=player, kind=WarningKind.YELLOW,
                                    user=referee, ground="unsporting")  # fmt: skip
    assert warning.given_by == referee


def _url(name, laptop, *args):
    return reverse(f"director:venue_laptop_{name}", args=[laptop.checkout.tournament_id, *args])


def test_the_page_lists_the_people_for_the_director_only(client, laptop, people):
    client.force_login(laptop.desk)
    assert client.get(_url("people", laptop)).status_code == 403
    client.force_login(laptop.director)
    page = client.get(_url("people", laptop))
    html = page.content.decode()
    assert page.status_code == 200
    assert 'data-testid="person-schiri"' in html and "Sina Schiri" in html
    assert "auf der Schiedsrichterliste des Verbands" in html
    detail = client.get(reverse("director:tournament_detail", args=[laptop.checkout.tournament_id]))
    assert f'href="{_url("people", laptop)}"' in detail.content.decode()


def test_the_page_does_not_exist_centrally(client, laptop, people, settings):
    settings.VENUE_MODE = False
    client.force_login(laptop.director)
    assert client.get(_url("people", laptop)).status_code == 404
    detail = client.get(reverse("director:tournament_detail", args=[laptop.checkout.tournament_id]))
    assert 'data-testid="venue-people-link"' not in detail.content.decode()


def test_the_log_in_form(client, laptop, people):
    client.force_login(laptop.director)
    url = _url("person_login", laptop, people["schiri"].pk)
    short = client.post(url, {"password": "123"}, follow=True)
    assert [str(m) for m in short.context["messages"]] == [
        "Bitte sicherstellen, dass der Wert aus mindestens 6 Zeichen besteht. "
        "(Er besteht aus 3 Zeichen.)"
    ]
    done = client.post(url, {"password": "482913"}, follow=True)
    assert [str(m) for m in done.context["messages"]] == [
        "schiri kann sich jetzt mit dem vergebenen Passwort anmelden."
    ]
    assert _logs_in("schiri", "482913") == people["schiri"]
    stranger = make_user("fremd", role=GlobalRole.DIRECTOR)
    assert (
        client.post(_url("person_login", laptop, stranger.pk), {"password": "482913"}).status_code
        == 404
    )


def test_the_helper_form(client, laptop, people):
    client.force_login(laptop.director)
    url = _url("people", laptop)
    bad = client.post(url, {"name": "Bernd", "role": "director", "password": "271828"})
    assert bad.status_code == 400
    assert VenuePerson.objects.filter(name="Bernd").count() == 0
    done = client.post(url, {"name": "Bernd", "role": "desk", "password": "271828"}, follow=True)
    assert [str(m) for m in done.context["messages"]] == [
        "Bernd meldet sich als „bernd“ mit dem vergebenen Passwort an."
    ]
    assert 'data-testid="person-bernd"' in done.content.decode()


def test_a_backup_carries_the_people_so_a_restored_laptop_lists_them_again(laptop, people):
    """The laptop dies: the one restored from its backup lists the package's staff and the
    referee list for their PINs again, as the package did (without any password)."""
    import json

    from django.utils import timezone

    from tournaments.venue.laptop import central, selectors
    from tournaments.venue.laptop import services as laptop_services

    t = laptop.checkout.tournament
    laptop_services.envelope_sign(state=laptop, now=timezone.now())
    path = selectors.backup_dir() / laptop.backup_file
    roster = json.loads(path.read_text())["staff"]
    assert [r["username"] for r in roster["referees"]] == ["haupt", "schiri"]
    assert {(r["username"], r["role"]) for r in roster["staff"]} >= {
        ("desk-zwei", StaffRole.DESK),
        ("schiri", StaffRole.REFEREE),
    }
    assert "password" not in path.read_text()

    central._copy_delete()  # a fresh laptop's copy (the log-ins' table aside)
    restored = laptop_services.backup_restore(path=path)
    t = restored.checkout.tournament
    roles = set(TournamentStaff.objects.filter(tournament=t).values_list("user__username", "role"))
    assert {("desk-zwei", StaffRole.DESK), ("schiri", StaffRole.REFEREE)} <= roles
    listed = {p.user.username for p in venue_people(t)}
    assert {"desk-zwei", "haupt", "schiri", "anna-schmidt"} <= listed
