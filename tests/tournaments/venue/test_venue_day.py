"""Issue 29's acceptance test: the venue laptop runs the whole day by itself.

The central site is this test's live server (PostgreSQL + Redis in CI's second stage), the
laptop a separate process on its own SQLite file, serving and uploading (`venue_serve`) through
a line this test controls (`Line`: passes, cut, or hanging: accepts and never answers). On the
laptop the director gives the central desk and a referee of the federation's list a PIN for the
day and adds a helper; the desk enters round 1, the helper confirms it (four eyes), the referee
gives a yellow card, all over HTTP as they would on their phones. Round 2 is entered while the
line is cut and then hangs; the light says so within 15 s and turns back when it returns. A
player withdraws consent on the central site: the laptop's public standings and API follow
without a new result. A laptop restored from an older backup is refused as stale and resumes
from the central copy; after check-in the central copy equals the laptop's, with every person
named as they acted and the consent kept.
"""

from __future__ import annotations

import contextlib
import re
import socket
import threading
import time
from datetime import date
from types import SimpleNamespace

import pytest
import requests
from django.contrib.auth import get_user_model

from tests.support.builders import (
    add_staff,
    make_director,
    make_players,
    make_tournament,
    make_user,
    register_players,
)
from tests.support.venue import (
    DIRECTOR,
    DIRECTOR_PASSWORD,
    VenueProcess,
    free_port,
    migrated_template,
    wait_until_up,
)
from tests.tournaments.venue.test_venue_process import _central_equals_laptop
from tournaments.enums import GlobalRole, StaffRole, WarningKind
from tournaments.models import (
    Player,
    PlayerWarning,
    SheetVersion,
    UploadOutcome,
    VenueCheckout,
    VenuePerson,
)
from tournaments.privacy.services import player_publish_name_set
from tournaments.venue.checkout import (
    checkout_package,
    venue_checkout_checkin,
    venue_checkout_open,
)

pytestmark = pytest.mark.django_db(transaction=True)

#: the laptop's timers for a day compressed into a test: uploads and the quiet resend
LAPTOP_ENV = {"VENUE_UPLOAD_SECONDS": "6", "VENUE_BACKUP_SECONDS": "6"}


class Line:
    """The venue's line to the central server: a TCP relay to ``target`` that passes, cuts
    (closes every connection at once) or hangs (accepts and never answers)."""

    def __init__(self, target: int):
        self.target = target
        self.mode = "pass"
        self.server = socket.create_server(("127.0.0.1", 0))
        self.port = self.server.getsockname()[1]
        self.open: list[socket.socket] = []
        self.stopped = threading.Event()
        threading.Thread(target=self._accept, daemon=True).start()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def set(self, mode: str) -> None:
        self.mode = mode
        if mode != "hang":
            for held in self.open:
                held.close()
            self.open.clear()

    def close(self) -> None:
        self.stopped.set()
        self.set("cut")
        self.server.close()

    def _accept(self) -> None:
        while not self.stopped.is_set():
            try:
                client, _ = self.server.accept()
            except OSError:
                return
            if self.mode == "cut":
                client.close()
            elif self.mode == "hang":
                self.open.append(client)
            else:
                threading.Thread(target=self._relay, args=(client,), daemon=True).start()

    def _relay(self, client: socket.socket) -> None:
        upstream = socket.create_connection(("127.0.0.1", self.target))

        def pipe(source, sink):
            try:
                while data := source.recv(65536):
                    sink.sendall(data)
            except OSError:
                pass
            finally:
                for end in (source, sink):
                    with contextlib.suppress(OSError):
                        end.shutdown(socket.SHUT_RDWR)

        threading.Thread(target=pipe, args=(upstream, client), daemon=True).start()
        pipe(client, upstream)


class Person:
    """Someone at the venue with a phone: a log-in on the laptop, forms with their CSRF token."""

    def __init__(self, venue: str, username: str, password: str):
        self.venue = venue
        self.http = requests.Session()
        self.token = ""
        self.get("/konto/anmelden/")
        answer = self.post("/konto/anmelden/", {"username": username, "password": password})
        assert answer.status_code == 302, (username, answer.status_code)

    def get(self, path: str) -> requests.Response:
        answer = self.http.get(self.venue + path, allow_redirects=False, timeout=30)
        found = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', answer.text)
        if found:
            self.token = found.group(1)
        return answer

    def post(self, path: str, data: dict) -> requests.Response:
        return self.http.post(
            self.venue + path,
            data={"csrfmiddlewaretoken": self.token, **data},
            headers={"Referer": self.venue + path},
            allow_redirects=False,
            timeout=30,
        )


LOGINS = """
from django.contrib.auth import get_user_model
from tournaments.venue.laptop.selectors import current_state
from tournaments.venue.laptop.staff_services import venue_helper_add, venue_login_set
users = get_user_model().objects
t = current_state().checkout.tournament
director = users.get(username={director!r})
for username, pin in (("orgatisch", "482913"), ("schiri", "141421")):
    venue_login_set(tournament=t, person=users.get(username=username), password=pin, by=director)
helper = venue_helper_add(
    tournament=t, name="Zweite Person", role="desk", password="161803", by=director
)
print(t.pk, helper.username)
"""

PAIR_AND_RELEASE = """
from django.contrib.auth import get_user_model
from tournaments.rounds import services
from tournaments.venue.laptop.selectors import current_state
t = current_state().checkout.tournament
director = get_user_model().objects.get(username={director!r})
rnd = services.round_pair_next(tournament=t, user=director, seed={seed})
services.round_release(rnd=rnd, user=director)
print(rnd.number, rnd.tables.count())
"""

LIGHT = """
from tournaments.venue.laptop import selectors
print(selectors.status_light(selectors.current_state()).text)
"""

SHEET = {
    **{f"g1_{x}": v for x, v in zip("ABCD", ("60", "-10", "-20", "-30"), strict=True)},
    **{f"g2_{x}": v for x, v in zip("ABCD", ("-5", "45", "-20", "-20"), strict=True)},
    **{f"g3_{x}": v for x, v in zip("ABCD", ("-3", "-14", "40", "-23"), strict=True)},
    **{f"g4_{x}": v for x, v in zip("ABCD", ("-8", "-9", "-8", "25"), strict=True)},
}


def light(laptop: VenueProcess) -> str:
    return laptop.output("shell", "-c", LIGHT).splitlines()[-1]


def wait_for_light(laptop: VenueProcess, prefix: str, within: float) -> float:
    start = time.monotonic()
    while time.monotonic() - start < within:
        if light(laptop).startswith(prefix):
            return time.monotonic() - start
        time.sleep(0.5)
    raise AssertionError(f"the light did not say {prefix!r} within {within} s: {light(laptop)}")


def enter_and_confirm(pk: int, number: int, tables: int, desk: Person, second: Person) -> None:
    for table in range(1, tables + 1):
        path = f"/leitung/turniere/{pk}/runden/{number}/tische/{table}/bogen/"
        desk.get(path)
        answer = desk.post(path, {**SHEET, "version": "0", "action": "save"})
        assert answer.status_code == 302, (number, table, answer.status_code)
    for table in range(1, tables + 1):
        path = f"/leitung/turniere/{pk}/runden/{number}/tische/{table}/bogen/"
        second.get(path)
        answer = second.post(path + "aktion/", {"action": "confirm", "version": "1"})
        assert answer.status_code == 302, (number, table, answer.status_code)


def publish(director: Person, pk: int, number: int) -> None:
    path = f"/leitung/turniere/{pk}/runden/{number}/orgatisch/"
    director.get(path)
    answer = director.post(f"/leitung/turniere/{pk}/runden/{number}/veroeffentlichen/", {})
    assert answer.status_code == 302


def public_names(venue: str, pk: int, full: str, short: str) -> list[bool]:
    page = requests.get(f"{venue}/turniere/{pk}/rangliste/", timeout=30).text
    api = requests.get(f"{venue}/api/v1/tournaments/{pk}/standings/", timeout=30).text
    return [full in page, short in page, full in api, short in api]


def test_the_venue_laptop_runs_the_whole_day(live_server, tmp_path):
    director = make_director("leiterin")
    tournament = make_tournament(
        director=director,
        open=True,
        name="Stadtmeisterschaft am Spielort",
        start_date=date(2026, 6, 7),
        end_date=date(2026, 6, 7),
    )
    players = make_players(8)
    register_players(tournament, players, count=8, user=director)
    add_staff(tournament, make_user("orgatisch"), StaffRole.DESK)
    central_referee = make_user("schiri", role=GlobalRole.REFEREE)  # on the federation's list
    checkout = venue_checkout_open(tournament=tournament, by=director)
    line = Line(int(live_server.url.rsplit(":", 1)[1]))
    template = migrated_template()
    laptop = VenueProcess(tmp_path / "laptop", template=template, env=LAPTOP_ENV)
    laptop.load(checkout_package(checkout=checkout), line.url)
    port = free_port()
    venue = f"http://127.0.0.1:{port}"
    server = laptop.serve(port)
    try:
        wait_until_up(f"{venue}/", server)
        code = LOGINS.format(director=DIRECTOR)
        pk, helper = laptop.output("shell", "-c", code).splitlines()[-1].split()
        pk = int(pk)
        boss = Person(venue, DIRECTOR, DIRECTOR_PASSWORD)
        staff = f"/leitung/turniere/{pk}/personal/"
        boss.get(staff)
        answer = boss.post(staff, {"role": "referee", "username": "schiri"})
        assert answer.status_code == 302
        desk = Person(venue, "orgatisch", "482913")
        second = Person(venue, helper, "161803")
        referee = Person(venue, "schiri", "141421")

        # round 1: the desk enters, the helper confirms, the referee cards, the director publishes
        number, tables = map(int, laptop.output(
            "shell", "-c", PAIR_AND_RELEASE.format(director=DIRECTOR, seed=8)
        ).splitlines()[-1].split())  # fmt: skip
        enter_and_confirm(pk, number, tables, desk, second)
        form = f"/schiedsrichter/turniere/{pk}/verwarnungen/neu/"
        assert referee.get(form).status_code == 200
        carded = players[0]
        here = "from tournaments.models import Player; "
        here += f"print(Player.objects.get(uuid='{carded.uuid}').pk)"
        carded_here = laptop.output("shell", "-c", here).splitlines()[-1]  # the laptop's own id
        answer = referee.post(
            form,
            {"player": carded_here, "kind": "yellow", "ground": "unsporting", "round": "1"},
        )
        assert answer.status_code == 302, answer.text[-2000:]
        publish(boss, pk, 1)
        wait_for_light(laptop, "Hochgeladen", within=30)
        backup_after_round_1 = laptop.backups()[-1]

        # round 2 while the line is cut, then hangs: the light says so within 15 s, and after
        # the line returns the uploads go on
        number, tables = map(int, laptop.output(
            "shell", "-c", PAIR_AND_RELEASE.format(director=DIRECTOR, seed=9)
        ).splitlines()[-1].split())  # fmt: skip
        line.set("cut")
        assert wait_for_light(laptop, "Keine Verbindung", within=15) <= 15
        enter_and_confirm(pk, number, tables, desk, second)
        line.set("pass")
        wait_for_light(laptop, "Hochgeladen", within=30)
        line.set("hang")
        publish(boss, pk, 2)  # the upload at once after the publication hangs
        assert wait_for_light(laptop, "Keine Verbindung", within=15) <= 15
        line.set("pass")
        wait_for_light(laptop, "Hochgeladen", within=45)

        # a consent withdrawn centrally reaches the laptop's public pages without a new result
        player = players[1]
        full = f"{player.last_name}, {player.first_name}"
        short = Player.public_name_of(player.first_name, player.last_name, False)
        assert public_names(venue, pk, full, short) == [True, False, True, False]
        player_publish_name_set(player=player, publish_name=False)
        deadline = time.monotonic() + 40
        while public_names(venue, pk, full, short) != [False, True, False, True]:
            assert time.monotonic() < deadline, "the consent did not reach the laptop"
            time.sleep(1)
    finally:
        server.terminate()
        server.wait(timeout=30)

    # the laptop dies; another is restored from the backup after round 1, older than central
    spare = VenueProcess(tmp_path / "spare", template=template, env=LAPTOP_ENV)
    spare.restore(backup_after_round_1, line.url)
    assert spare.sync("--force") == UploadOutcome.STALE
    assert "the next upload is number" in spare.output("venue_resume")
    assert spare.sync("--force") == UploadOutcome.APPLIED

    checkout = VenueCheckout.objects.get(pk=checkout.pk)
    venue_checkout_checkin(checkout=checkout, by=director)
    _central_equals_laptop(SimpleNamespace(venue_tournament=tournament, checkout=checkout), spare)
    line.close()

    # every person named as they acted; the consent kept
    person = VenuePerson.objects.get()
    assert (person.name, person.role) == ("Zweite Person", "desk")
    versions = SheetVersion.objects.filter(sheet__round__tournament=tournament)
    makers = set(versions.filter(number=1).values_list("created_by__username", flat=True))
    checkers = set(versions.filter(number=2).values_list("created_by__username", flat=True))
    assert makers == {"orgatisch"}
    assert checkers == {person.user.get_username()}
    warning = PlayerWarning.objects.get(tournament=tournament)
    assert (warning.kind, warning.given_by.username, warning.player_id) == (
        WarningKind.YELLOW,
        "schiri",
        carded.pk,
    )
    # the PIN given at the venue stays there
    assert get_user_model().objects.get(username="schiri").password == central_referee.password
    player.refresh_from_db()
    assert player.publish_name is False
    checkout.refresh_from_db()
    assert checkout.state == "checked_in"
