"""A juniors' field goes to the venue with its main tournament and comes back with it
(issue 18): one document, both fields applied, one recompute each."""

from tests.support.builders import play_next_round, play_tournament, register_players
from tests.tournaments.venue.conftest import (
    at_venue,
    checkout_make,
    doc_diff,
    document_of,
    envelope,
)
from tournaments.enums import TournamentStatus
from tournaments.models import Round, Tournament, UploadOutcome
from tournaments.setup import services as setup_services
from tournaments.venue.apply import venue_upload_receive


def test_the_juniors_field_travels_with_its_main_tournament(staff, players, results_signals):
    director, desk = staff["director"], staff["desk"]
    main = play_tournament(director=director, desk=desk, players=players, rounds=1)
    junior = setup_services.junior_field_create(tournament=main, rounds_planned=2, user=director)
    register_players(junior, players[8:12], count=4, user=director)
    checkout = checkout_make(main, user=director)
    assert len(checkout.players_base) == 12

    def day():
        for _ in range(2):
            play_next_round(junior, director=director, desk=desk)
            play_next_round(main, director=director, desk=desk)

    doc = at_venue(checkout, day, sequence=1)
    assert [t["juniors_of"] for t in doc["tournaments"]] == [None, str(main.uuid)]
    results_signals.clear()
    upload = venue_upload_receive(raw=envelope(checkout, doc))
    assert (upload.outcome, upload.message) == (UploadOutcome.APPLIED, "")
    assert sorted(results_signals) == sorted([main.pk, junior.pk])
    assert Round.objects.filter(tournament=junior, status="published").count() == 2
    assert set(
        Tournament.objects.filter(pk__in=[main.pk, junior.pk]).values_list("status", flat=True)
    ) == {TournamentStatus.FINISHED}
    assert doc_diff(document_of(checkout, 1), doc) == []


def test_another_tournament_in_the_upload_is_refused(running, staff, players):
    doc = document_of(running, 1)
    stranger = play_tournament(
        director=staff["director"], desk=staff["desk"], players=players[20:], name="Fremd", rounds=0
    )
    stranger_doc = document_of(checkout_make(stranger), 1)
    doc["tournaments"].append({**stranger_doc["tournaments"][0], "juniors_of": None})
    upload = venue_upload_receive(raw=envelope(running, doc))
    assert (upload.outcome, upload.message) == (
        UploadOutcome.INVALID,
        "Der Upload enthält ein anderes Turnier als das ausgecheckte.",
    )
    swapped = {**doc, "tournaments": stranger_doc["tournaments"]}
    assert venue_upload_receive(raw=envelope(running, swapped)).outcome == UploadOutcome.INVALID
