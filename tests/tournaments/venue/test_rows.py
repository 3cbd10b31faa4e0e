"""Every kind of row a venue day writes comes back (issue 18): pins, clock, warnings (one
withdrawn), rulings (escalated and final), a referee call, table entries with sign-offs, sheet
versions; a form sent twice at the table is one version centrally too (acceptance 11)."""

import copy

from tests.tournaments.venue.conftest import (
    SUBMISSION,
    at_venue,
    doc_diff,
    envelope,
    eventful_round,
)
from tournaments.models import (
    PlayerWarning,
    RefereeCall,
    RoundClockAction,
    Ruling,
    SheetSignoff,
    SheetVersion,
    TablePin,
    UploadOutcome,
)
from tournaments.venue.apply import venue_upload_receive
from tournaments.venue.document import tournament_document


def test_every_row_of_a_venue_day_arrives(running, crew):
    t = running.tournament
    doc = at_venue(running, eventful_round(t, crew), sequence=1)
    upload = venue_upload_receive(raw=envelope(running, doc))
    assert (upload.outcome, upload.message) == (UploadOutcome.APPLIED, "")
    assert upload.counts == {
        "rounds": 1, "tables": 2, "seats": 8, "pins": 1, "sheet versions": 4, "sign-offs": 3,
        "warnings": 2, "rulings": 2, "referee calls": 1, "clock actions": 1,
        "pairing changes": 1,
    }  # fmt: skip
    assert TablePin.objects.filter(tournament=t).count() == 1
    assert RoundClockAction.objects.filter(round__tournament=t).count() == 1
    assert PlayerWarning.objects.filter(tournament=t, withdrawn_at__isnull=False).count() == 1
    assert Ruling.objects.get(tournament=t, status="final").escalated_from.status == "escalated"
    call = RefereeCall.objects.get(tournament=t)
    assert (call.outcome, call.warning.game_number, call.taken_by.username) == ("Gelb", 2, "schiri")
    assert SheetSignoff.objects.filter(version__sheet__round__tournament=t).count() == 3
    after = tournament_document(tournament=t, checkout=running, sequence=1, made_at=doc["made_at"])
    assert doc_diff(after, doc) == []


def test_a_form_sent_twice_at_the_venue_is_one_version_centrally(running, crew):
    """Acceptance 11: the document carries the submission key; one version with it arrives."""
    t = running.tournament
    doc = at_venue(running, eventful_round(t, crew), sequence=1)
    venue_upload_receive(raw=envelope(running, doc))
    versions = SheetVersion.objects.filter(submission_key=SUBMISSION)
    assert list(versions.values_list("number", "action")) == [(1, "table_entered")]
    again = copy.deepcopy(doc)
    again["sequence"] = 2
    rnd = again["tournaments"][0]["rounds"][1]
    table = next(x for x in rnd["tables"] if x["sheet"]["versions"][0]["submission_key"])
    sheet = table["sheet"]
    twice = copy.deepcopy(sheet["versions"][0])
    twice["number"] = 3
    sheet["versions"].append(twice)
    upload = venue_upload_receive(raw=envelope(running, again))
    assert (upload.outcome, upload.message) == (
        UploadOutcome.INVALID,
        f"Runde 2, Tisch {table['number']}: ein Formular wurde doppelt gespeichert.",
    )
    assert versions.count() == 1


def test_a_correction_of_a_published_sheet_at_the_venue_rescores_it(
    running, staff, results_signals
):
    """The director corrects a published sheet at the venue: a new confirmed version arrives,
    the table is scored anew, the ranking hears of it once."""
    from tests.support.builders import ROTATING_SHEET
    from tournaments.models import ScoredRound, Table
    from tournaments.sheets import services as sheets

    t = running.tournament
    table = Table.objects.get(round__tournament=t, round__number=1, number=1)
    before = dict(ScoredRound.objects.filter(table=table).values_list("player", "placement_points"))

    def correct():
        sheets.sheet_save(table=table, games=ROTATING_SHEET, expected_version=2,
                          user=staff["director"], reason="Übertragungsfehler")  # fmt: skip

    doc = at_venue(running, correct, sequence=1)
    results_signals.clear()
    upload = venue_upload_receive(raw=envelope(running, doc))
    assert (upload.outcome, upload.counts) == (UploadOutcome.APPLIED, {"sheet versions": 1})
    assert results_signals == [t.pk]
    after = dict(ScoredRound.objects.filter(table=table).values_list("player", "placement_points"))
    assert sorted(before.values()) == [3, 5, 9, 16]
    assert set(after) == set(before) and sorted(after.values()) == [5, 6, 10, 12]
    assert list(
        SheetVersion.objects.filter(sheet__table=table).values_list("number", "action", "status")
    ) == [(1, "entered", "entered"), (2, "confirmed", "confirmed"), (3, "corrected", "confirmed")]


def test_a_warning_withdrawn_at_the_venue_is_filled_in_once(staff, players):
    """A set-once field (the withdrawal) may go from empty to set; never elsewhere after."""
    from tests.support.builders import make_user, play_tournament
    from tests.tournaments.venue.conftest import checkout_make
    from tournaments.enums import GlobalRole, StaffRole, WarningGround, WarningKind
    from tournaments.referees import services as referees

    t = play_tournament(director=staff["director"], desk=staff["desk"], players=players, rounds=1)
    referee, head = make_user("schiri", role=GlobalRole.REFEREE), make_user("hauptschiri")
    t.staff.create(user=referee, role=StaffRole.REFEREE)
    t.staff.create(user=head, role=StaffRole.HEAD_REFEREE)
    warning = referees.warning_give(
        tournament=t, player=players[0], kind=WarningKind.YELLOW,
        ground=WarningGround.UNSPORTING, user=referee,
    )  # fmt: skip
    running = checkout_make(t)
    doc = at_venue(
        running,
        lambda: referees.warning_withdraw(warning=warning, reason="Irrtum", user=head),
        sequence=1,
    )
    upload = venue_upload_receive(raw=envelope(running, doc))
    assert (upload.outcome, upload.counts) == (UploadOutcome.APPLIED, {})
    warning.refresh_from_db()
    assert (warning.withdrawal_reason, warning.withdrawn_by) == ("Irrtum", head)
    other = copy.deepcopy(doc)
    other["sequence"] = 2
    other["tournaments"][0]["warnings"][0]["withdrawal_reason"] = "Doch anders"
    refused = venue_upload_receive(raw=envelope(running, other))
    assert refused.outcome == UploadOutcome.INVALID
    assert refused.message.startswith(f"Verwarnung {warning.uuid} weicht vom bereits")


def test_a_decision_on_a_tie_arrives_with_its_players(running, staff, players):
    """Cut decisions name players by id; the document names them by uuid, so a venue guest
    in a tie is the same guest centrally."""
    from django.utils import timezone

    from tournaments.models import CutDecision, Player

    t = running.tournament
    tied = [players[0], players[1]]

    def decide():
        guest = Player.objects.create(first_name="Gustav", last_name="Gast", is_guest=True)
        t.registrations.create(player=guest, reserve=True)
        CutDecision.objects.create(
            tournament=t, kind="final_place", tied_player_ids=[tied[0].pk, guest.pk],
            chosen_player_ids=[guest.pk], method="lot", reason="Los gezogen",
            decided_by=staff["director"], decided_at=timezone.now(),
        )  # fmt: skip

    doc = at_venue(running, decide, sequence=1)
    upload = venue_upload_receive(raw=envelope(running, doc))
    assert upload.counts == {"players": 1, "registrations": 1, "cut decisions": 1}
    guest = Player.objects.get(last_name="Gast")
    decision = CutDecision.objects.get(tournament=t)
    assert (decision.tied_player_ids, decision.chosen_player_ids) == (
        [tied[0].pk, guest.pk],
        [guest.pk],
    )
    assert decision.decided_by == staff["director"]
