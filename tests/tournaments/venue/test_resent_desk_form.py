"""Acceptance 11, the desk's half: a desk form sent twice at the venue (a double click, a
resend after the venue Wi-Fi dropped) is one sheet version there and one version centrally.
(The phone's half, by its submission id: test_rows.)"""

import pytest

from tests.support.builders import add_staff, fixed_games
from tests.tournaments.venue.conftest import at_venue, envelope
from tournaments.models import SheetVersion, UploadOutcome
from tournaments.rounds import services as rounds
from tournaments.sheets.services import SheetConflict, sheet_save
from tournaments.venue.apply import venue_upload_receive


def test_a_desk_form_sent_twice_is_one_version(running, staff):
    t = running.tournament

    def day():
        add_staff(t, staff["desk"])
        rnd = rounds.round_pair_next(tournament=t, user=staff["director"], seed=7)
        rounds.round_release(rnd=rnd, user=staff["director"])
        table = rnd.tables.order_by("number").first()
        letters = tuple(sorted(table.seats.values_list("letter", flat=True)))
        games = fixed_games(letters)[: t.games_per_round]
        sheet_save(table=table, games=games, expected_version=0, user=staff["desk"])
        with pytest.raises(SheetConflict):  # the same form again: version 0 is gone
            sheet_save(table=table, games=games, expected_version=0, user=staff["desk"])

    doc = at_venue(running, day, sequence=1)
    assert venue_upload_receive(raw=envelope(running, doc)).outcome == UploadOutcome.APPLIED
    first = SheetVersion.objects.filter(
        sheet__table__round__tournament=t, sheet__table__round__number=2, sheet__table__number=1
    )
    assert list(first.values_list("number", "action", "created_by")) == [
        (1, "entered", staff["desk"].pk)
    ]
