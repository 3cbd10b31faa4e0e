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


def test_an_old_backup_is_refused_and_a_fresh_package_carries_on(live_server, tmp_path, template):
    """The reported dead end: a laptop restored from an OLDER backup than the server holds is
    refused as stale; the way forward named in the refusal (erase, load the package downloaded
    again) carries on under the next number, and the day equals an uninterrupted one."""
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
    assert "venue_erase --force --keep-backups" in refusal.message
    erased = second.output("venue_erase", "--yes", "--force", "--keep-backups")
    assert erased.endswith("The local copy is erased.")
    second.load(day.package(), live_server.url)  # downloaded again: it holds number 2
    day.play_reference_round(2)
    second.play_round(seed=SEEDS[2][0], sheets=SEEDS[2][1])
    assert second.sync() == UploadOutcome.APPLIED

    day.check_in_and_compare_ranking()
    assert day.uploads() == [(1, "applied"), (2, "applied"), (1, "stale"), (3, "applied")]
