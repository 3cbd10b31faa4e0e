"""A red card in the middle of a round at the venue (SPEC §7): the absence arrives with its
card, the table's sheet without the player from that game passes the rules centrally."""

import copy

from tests.support.builders import FIXED_SHEET, play_round, without_seat
from tests.tournaments.venue.conftest import at_venue, doc_diff, document_of, envelope
from tournaments.enums import WarningGround, WarningKind
from tournaments.models import Absence, Seat, UploadOutcome
from tournaments.referees import services as referees
from tournaments.rounds import services as rounds
from tournaments.venue.apply import venue_upload_receive


def _red_card_day(t, crew):
    def work():
        rnd = rounds.round_pair_next(tournament=t, user=crew["director"], seed=5)
        rnd = rounds.round_release(rnd=rnd, user=crew["director"])
        seat = Seat.objects.select_related("player").get(round=rnd, table__number=1, letter="C")
        referees.warning_give(
            tournament=t, player=seat.player, kind=WarningKind.RED, user=crew["referee"],
            ground=WarningGround.UNSPORTING, rnd=rnd, game_number=3,
        )  # fmt: skip
        play_round(rnd, director=crew["director"], desk=crew["desk"],
                   sheets={1: without_seat(FIXED_SHEET, "C", 3)})  # fmt: skip

    return work


def test_a_red_card_and_its_absence_arrive(running, crew):
    t = running.tournament
    doc = at_venue(running, _red_card_day(t, crew), sequence=1)
    upload = venue_upload_receive(raw=envelope(running, doc))
    assert (upload.outcome, upload.message) == (UploadOutcome.APPLIED, "")
    absence = Absence.objects.select_related("warning").get(round__tournament=t)
    assert (absence.from_game, absence.reason, absence.warning.kind) == (3, "red_card", "red")
    assert doc_diff(document_of(running, 1), doc) == []


def test_a_sheet_that_ignores_the_absence_is_refused(running, crew):
    """The published round's sheet of table 1 still scores C in games 3 and 4: refused."""
    t = running.tournament
    doc = at_venue(running, _red_card_day(t, crew), sequence=1)
    bad = copy.deepcopy(doc)
    rnd = bad["tournaments"][0]["rounds"][1]
    assert rnd["absences"][0]["from_game"] == 3
    rnd["absences"] = []
    upload = venue_upload_receive(raw=envelope(running, bad))
    assert upload.outcome == UploadOutcome.INVALID
    assert upload.message.startswith("Tisch 1: Der Bogen passt nicht zu den fehlenden Spielern")
    assert not Absence.objects.filter(round__tournament=t).exists()
