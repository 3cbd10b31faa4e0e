"""Issue 18's acceptance tests with the venue laptop as a SEPARATE PROCESS on its own SQLite
file (tests/support/venue.py), uploading to the central test server (pytest-django's
live_server) over HTTP, as at a real venue.

1. A tournament played offline and checked in equals one played centrally with the same seeds
   and sheets: pairings, standings after every round, ranking.
10. Laptop dies: restore from the backup into a second venue process, play on, check in —
   equal to an uninterrupted day (and the restored laptop's uploads are accepted).
"""

from __future__ import annotations

import random
from datetime import date

import pytest

from ranking.compute.services import ranking_recompute_year
from ranking.public.selectors import ranking_rows
from tests.support.builders import (
    add_staff,
    make_director,
    make_players,
    make_tournament,
    make_user,
    play_next_round,
    register_players,
)
from tests.support.venue import VenueProcess, migrated_template
from tournaments.enums import StaffRole
from tournaments.models import Seat, UploadOutcome, VenueCheckout, VenueUpload
from tournaments.standings.selectors import standings_table
from tournaments.venue.checkout import (
    checkout_package,
    venue_checkout_checkin,
    venue_checkout_open,
)

pytestmark = pytest.mark.django_db(transaction=True)

#: per round: the pairing seed and the seed of the random sheets (the same on both sides)
SEEDS = [(11, 101), (22, 202), (33, 303)]


@pytest.fixture
def template():
    return migrated_template()


def _pairing(tournament, number: int) -> list[tuple[int, str, int, bool]]:
    return list(
        Seat.objects.filter(round__tournament=tournament, round__number=number)
        .order_by("table__number", "letter")
        .values_list("table__number", "letter", "player_id", "reserve")
    )


def _standings(tournament, number: int) -> list[tuple]:
    table = standings_table(tournament, after_round=number)
    return [
        (
            e.rank,
            e.player.pk,
            e.placement_points,
            e.game_points,
            e.placings,
            e.minus_points,
            e.games,
        )
        for e in table.entries
    ]


def _ranking(year: int) -> list[tuple]:
    return list(ranking_rows(ranking_recompute_year(year=year, full=True)))


class Day:
    """The central side: the same 8 players in two tournaments of different ranking years, the
    reference played centrally and the other checked out to the venue."""

    def __init__(self):
        self.director = make_director("leiterin")
        self.desk = make_user("orgatisch")
        self.players = make_players(8)
        self.reference = self._tournament("Zentral gespielt", 2025)
        self.venue_tournament = self._tournament("Am Spielort gespielt", 2026)
        self.checkout = venue_checkout_open(tournament=self.venue_tournament, by=self.director)

    def _tournament(self, name: str, year: int):
        tournament = make_tournament(
            director=self.director,
            open=True,
            name=name,
            start_date=date(year, 6, 7),
            end_date=date(year, 6, 7),
            ranking_year=year,
        )
        register_players(tournament, self.players, count=8, user=self.director)
        add_staff(tournament, self.desk, StaffRole.DESK)
        return tournament

    def play_reference_round(self, index: int) -> None:
        seed, sheets = SEEDS[index]
        play_next_round(
            self.reference,
            director=self.director,
            desk=self.desk,
            seed=seed,
            rng=random.Random(sheets),
        )

    def package(self) -> dict:
        return checkout_package(checkout=self.checkout)

    def assert_equal_after(self, number: int) -> None:
        assert _pairing(self.venue_tournament, number) == _pairing(self.reference, number)
        assert len(_pairing(self.reference, number)) == 8
        assert _standings(self.venue_tournament, number) == _standings(self.reference, number)

    def check_in_and_compare_ranking(self) -> None:
        venue_checkout_checkin(checkout=self.checkout, by=self.director)
        for number in range(1, len(SEEDS) + 1):
            self.assert_equal_after(number)
        reference, venue = _ranking(2025), _ranking(2026)
        assert len(reference) == 8
        assert venue == reference

    def uploads(self) -> list[tuple[int, str]]:
        return list(
            VenueUpload.objects.filter(checkout=self.checkout)
            .order_by("pk")
            .values_list("sequence", "outcome")
        )


def test_a_tournament_played_offline_equals_one_played_centrally(live_server, tmp_path, template):
    day = Day()
    venue = VenueProcess(tmp_path / "laptop", template=template)
    venue.load(day.package(), live_server.url)

    for index, (seed, sheets) in enumerate(SEEDS):
        day.play_reference_round(index)
        venue.play_round(seed=seed, sheets=sheets)
        assert venue.sync() == UploadOutcome.APPLIED  # due at once: a round was published
        day.assert_equal_after(index + 1)
    assert venue.sync() == "current"  # nothing changed since: nothing sent

    day.check_in_and_compare_ranking()
    assert day.uploads() == [(1, "applied"), (2, "applied"), (3, "applied")]
    day.checkout.refresh_from_db()
    assert day.checkout.state == "checked_in"

    # after check-in the laptop erases its copy (players' personal data) and its backups
    assert len(venue.backups()) == 3
    assert venue.output("venue_erase", "--yes").endswith("The local copy is erased.")
    count = "from tournaments.models import Player, Tournament; "
    count += "print(Player.objects.count(), Tournament.objects.count())"
    assert venue.output("shell", "-c", count).splitlines()[-1] == "0 0"
    assert venue.backups() == []
    # and not on the disk either: no name, club or the key left in the database's files
    left = b"".join(
        path.read_bytes()
        for path in venue.folder.iterdir()
        if path.name.startswith("venue.sqlite3")
    )
    names = {p.last_name for p in day.players} | {p.club for p in day.players if p.club}
    assert [n for n in sorted(names) if n.encode() in left] == []
    assert day.checkout.key.encode() not in left


def test_laptop_dies_restore_from_backup_play_on_check_in(live_server, tmp_path, template):
    day = Day()
    first = VenueProcess(tmp_path / "laptop-1", template=template)
    first.load(day.package(), live_server.url)

    day.play_reference_round(0)
    first.play_round(seed=SEEDS[0][0], sheets=SEEDS[0][1])
    assert first.sync() == UploadOutcome.APPLIED  # round 1 reached the server (number 1)
    day.play_reference_round(1)
    first.play_round(seed=SEEDS[1][0], sheets=SEEDS[1][1])
    assert first.output("venue_backup").startswith("Backup 2:")  # then the laptop dies
    newest = first.backups()[-1]
    assert newest.name.split("-")[1] == "000002"

    second = VenueProcess(tmp_path / "laptop-2", template=template)
    assert "upload number 2" in second.restore(newest, live_server.url)
    assert second.sync("--force") == UploadOutcome.APPLIED  # round 2 from the backup
    day.play_reference_round(2)
    second.play_round(seed=SEEDS[2][0], sheets=SEEDS[2][1])
    assert second.sync() == UploadOutcome.APPLIED

    day.check_in_and_compare_ranking()
    # the restored laptop went on from the backup's number 2: its copy is the backup's (the
    # same content keeps its number), round 3 takes the next one
    assert day.uploads() == [(1, "applied"), (2, "applied"), (3, "applied")]
    assert VenueCheckout.objects.get(pk=day.checkout.pk).last_sequence == 3


PEOPLE_FREE = """
import json
from django.utils import timezone
from tournaments.venue.document import tournament_document
from tournaments.venue.laptop.selectors import current_state
checkout = current_state().checkout
print(json.dumps(tournament_document(
    tournament=checkout.tournament, checkout=checkout, sequence=0, made_at=timezone.now()
)))
"""


def _without_people(value):
    """The document without who did what (the laptop's logins are not the central accounts)
    and without when it was made."""
    if isinstance(value, dict):
        return {
            k: _without_people(v)
            for k, v in value.items()
            if k not in ("user", "made_at") and not k.endswith("_by")
        }
    if isinstance(value, list):
        return [_without_people(v) for v in value]
    return value


def _central_equals_laptop(day, laptop) -> None:
    import json

    from django.utils import timezone

    from tests.tournaments.venue.conftest import doc_diff
    from tournaments.venue.document import tournament_document

    held = json.loads(laptop.output("shell", "-c", PEOPLE_FREE).splitlines()[-1])
    day.venue_tournament.refresh_from_db()
    central = tournament_document(
        tournament=day.venue_tournament,
        checkout=day.checkout,
        sequence=0,
        made_at=timezone.now(),
    )
    assert doc_diff(_without_people(central), _without_people(held)) == []


def test_an_old_backup_is_refused_and_resuming_from_central_carries_on(
    live_server, tmp_path, template
):
    """The reported dead end (issue 29.4): a laptop restored from an OLDER backup than the
    server holds is refused as stale; erasing says the central server is newer (not that it
    lacks changes); `venue_resume` loads the central copy, the numbers go on after the
    central one, the next uploads are applied and the central copy equals the laptop's."""
    day = Day()
    first = VenueProcess(tmp_path / "laptop-1", template=template)
    first.load(day.package(), live_server.url)
    for index in (0, 1):
        day.play_reference_round(index)
        first.play_round(seed=SEEDS[index][0], sheets=SEEDS[index][1])
        assert first.sync() == UploadOutcome.APPLIED  # numbers 1 and 2; then the laptop dies
    oldest = first.backups()[0]
    assert oldest.name.split("-")[1] == "000001"

    second = VenueProcess(tmp_path / "laptop-2", template=template)
    second.restore(oldest, live_server.url)
    assert second.sync("--force") == UploadOutcome.STALE
    refusal = VenueUpload.objects.filter(checkout=day.checkout).order_by("-pk").first()
    assert "(venue_resume)" in refusal.message
    erase = second.manage("venue_erase", "--yes", check=False)
    assert erase.returncode == 1
    assert "Der zentrale Server hat eine neuere Kopie als dieser Laptop" in erase.stderr
    assert "venue_resume" in erase.stderr
    assert "fehlen Änderungen" not in erase.stderr

    resumed = second.output("venue_resume")
    assert resumed.endswith("at upload number 2; the next upload is number 3.")
    assert second.sync("--force") == UploadOutcome.APPLIED  # the central copy, number 3
    _central_equals_laptop(day, second)
    day.play_reference_round(2)
    second.play_round(seed=SEEDS[2][0], sheets=SEEDS[2][1])
    assert second.sync() == UploadOutcome.APPLIED
    _central_equals_laptop(day, second)

    day.check_in_and_compare_ranking()
    assert day.uploads() == [
        (1, "applied"),
        (2, "applied"),
        (1, "stale"),
        (1, "stale"),  # the erase's final upload, refused again
        (3, "applied"),
        (4, "applied"),
    ]


PUBLIC_NAMES = """
import json
from django.test import Client
from django.urls import reverse
from tournaments.venue.laptop.selectors import current_state
t = current_state().checkout.tournament
client = Client()
page = client.get(reverse("standings", args=[t.pk])).content.decode()
api = client.get(f"/api/v1/tournaments/{{t.pk}}/standings/").content.decode()
print(json.dumps([{full!r} in page, {short!r} in page, {full!r} in api, {short!r} in api]))
"""


def test_a_consent_withdrawn_centrally_reaches_the_laptops_public_pages(
    live_server, tmp_path, template
):
    """Issue 29.2: the laptop's public standings and API show the short name after the next
    upload once the player's consent is withdrawn centrally, and keep it through check-in."""
    from tournaments.models import Player
    from tournaments.privacy.services import player_publish_name_set

    day = Day()
    laptop = VenueProcess(tmp_path / "laptop", template=template)
    laptop.load(day.package(), live_server.url)
    laptop.play_round(seed=SEEDS[0][0], sheets=SEEDS[0][1])
    assert laptop.sync() == UploadOutcome.APPLIED

    player = day.players[0]
    full = f"{player.last_name}, {player.first_name}"
    short = Player.public_name_of(player.first_name, player.last_name, False)
    names = PUBLIC_NAMES.format(full=full, short=short)
    assert laptop.output("shell", "-c", names).splitlines()[-1] == "[true, false, true, false]"

    player_publish_name_set(player=player, publish_name=False)  # the player's own choice
    laptop.play_round(seed=SEEDS[1][0], sheets=SEEDS[1][1])
    assert laptop.sync() == UploadOutcome.APPLIED  # its answer brings the consent
    assert laptop.output("shell", "-c", names).splitlines()[-1] == "[false, true, false, true]"

    assert laptop.sync("--force") == UploadOutcome.APPLIED  # the laptop's copy holds it now
    _central_equals_laptop(day, laptop)
    venue_checkout_checkin(checkout=day.checkout, by=day.director)
    player.refresh_from_db()
    assert player.publish_name is False
