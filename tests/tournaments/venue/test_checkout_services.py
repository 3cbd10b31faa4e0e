"""Issue 18, acceptance 7: only the director or an admin checks out; a second checkout and a
finished tournament are refused; the central copy refuses writes while out (real calls, with
the data that would otherwise be written); the registry stays editable; check-in and revoke."""

from __future__ import annotations

import pytest
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import IntegrityError, transaction

from tests.support.builders import fixed_games, make_tournament, make_user
from tournaments.common import guards
from tournaments.enums import GlobalRole
from tournaments.models import (
    CheckoutState,
    Registration,
    SheetVersion,
    UploadOutcome,
    VenueCheckout,
    VenueUpload,
)
from tournaments.privacy import services as privacy_services
from tournaments.registration import services as registration_services
from tournaments.registry import services as registry_services
from tournaments.setup import services as setup_services
from tournaments.sheets import services as sheet_services
from tournaments.venue import checkout as venue
from tournaments.venue import document

CHECKED_OUT = (
    "Das Turnier ist an den Spielort ausgecheckt: bis zum Einchecken wird es nur auf dem Laptop "
    "am Spielort bearbeitet, die zentrale Fassung ist so lange schreibgeschützt."
)


def _first_table(w):
    return w.rnd.tables.order_by("number").first()


def _save_sheet(w):
    table = _first_table(w)
    letters = tuple(sorted(table.seats.values_list("letter", flat=True)))
    games = fixed_games(letters)[: w.t.games_per_round]
    return sheet_services.sheet_save(
        table=table, games=games, expected_version=0, user=w.users["desk"]
    )


def test_the_director_checks_out(w):
    checkout = venue.venue_checkout_open(tournament=w.t, by=w.users["director"])
    checkout.refresh_from_db()
    assert checkout.state == CheckoutState.OUT
    assert checkout.checked_out_by == w.users["director"]
    assert checkout.tournament == w.t
    assert len(checkout.key) >= 40
    assert checkout.software_version == str(document.FORMAT_VERSION)
    assert checkout.ended_at is None
    assert set(checkout.players_base) == {str(r.player.uuid) for r in w.t.registrations.all()}


def test_a_federation_admin_checks_out(w):
    checkout = venue.venue_checkout_open(tournament=w.t, by=w.users["admin"])
    assert checkout.checked_out_by == w.users["admin"]


@pytest.mark.parametrize(
    "who", ["other_director", "desk", "referee", "head", "commission", "plain", "player"]
)
def test_nobody_else_checks_out(w, who):
    with pytest.raises(PermissionDenied):
        venue.venue_checkout_open(tournament=w.t, by=w.users[who])
    assert not VenueCheckout.objects.exists()


def test_a_second_checkout_is_refused(w):
    first = venue.venue_checkout_open(tournament=w.t, by=w.users["director"])
    with pytest.raises(ValidationError) as refused:
        venue.venue_checkout_open(tournament=w.t, by=w.users["admin"])
    assert refused.value.messages == ["Dieses Turnier ist bereits an einen Spielort ausgecheckt."]
    assert list(VenueCheckout.objects.all()) == [first]


def test_the_database_allows_one_open_checkout_only(w):
    venue.venue_checkout_open(tournament=w.t, by=w.users["director"])
    with pytest.raises(IntegrityError), transaction.atomic():
        VenueCheckout.objects.create(tournament=w.t, key="x", software_version="1")


def test_a_new_checkout_after_check_in(w):
    first = venue.venue_checkout_open(tournament=w.t, by=w.users["director"])
    venue.venue_checkout_checkin(checkout=first, by=w.users["director"], reason="Versehen")
    second = venue.venue_checkout_open(tournament=w.t, by=w.users["director"])
    assert second.key != first.key
    assert second.uuid != first.uuid


def test_a_finished_tournament_is_refused(finished):
    admin = make_user("verband", role=GlobalRole.FEDERATION_ADMIN)
    with pytest.raises(ValidationError) as refused:
        venue.venue_checkout_open(tournament=finished, by=admin)
    assert refused.value.messages == [
        "Das Turnier ist beendet: ein beendetes Turnier wird nicht ausgecheckt."
    ]
    assert not VenueCheckout.objects.exists()


def test_a_juniors_field_goes_with_its_main_tournament(director):
    main = make_tournament(director=director)
    juniors = setup_services.junior_field_create(tournament=main, rounds_planned=2, user=director)
    with pytest.raises(ValidationError) as refused:
        venue.venue_checkout_open(tournament=juniors, by=director)
    assert refused.value.messages == [
        "Bitte das Hauptturnier auschecken: sein Juniorenfeld geht mit an den Spielort."
    ]
    venue.venue_checkout_open(tournament=main, by=director)
    with pytest.raises(ValidationError) as refused:
        setup_services.tournament_update(tournament=juniors, name="Jugend")
    assert refused.value.messages == [CHECKED_OUT]


def test_writes_are_refused_centrally_while_out_and_work_again_after_check_in(w):
    checkout = venue.venue_checkout_open(tournament=w.t, by=w.users["director"])
    versions = SheetVersion.objects.count()
    with pytest.raises(ValidationError) as refused:
        _save_sheet(w)
    assert refused.value.messages == [CHECKED_OUT]
    with pytest.raises(ValidationError):
        registration_services.registration_add(
            tournament=w.t, player=w.players[30], reserve=True, user=w.users["director"]
        )
    assert SheetVersion.objects.count() == versions
    assert not Registration.objects.filter(player=w.players[30]).exists()

    venue.venue_checkout_checkin(checkout=checkout, by=w.users["director"], reason="Ausfall")
    assert _save_sheet(w).version == 1
    registration_services.registration_add(
        tournament=w.t, player=w.players[30], reserve=True, user=w.users["director"]
    )


def test_the_other_tournament_stays_writable(w):
    venue.venue_checkout_open(tournament=w.t, by=w.users["director"])
    guards.require_not_checked_out(w.other)  # no error
    setup_services.tournament_update(tournament=w.other, name="Anders")
    w.other.refresh_from_db()
    assert w.other.name == "Anders"


def test_the_player_registry_stays_editable(w):
    venue.venue_checkout_open(tournament=w.t, by=w.users["director"])
    player = w.seated(1, "A")
    player.club = "Neuer Verein"
    registry_services.player_save(player=player)
    privacy_services.player_publish_name_set(player=player, publish_name=False)
    player.refresh_from_db()
    assert (player.club, player.publish_name) == ("Neuer Verein", False)


def test_on_the_venue_laptop_the_guard_does_not_apply(w, settings):
    venue.venue_checkout_open(tournament=w.t, by=w.users["director"])
    settings.VENUE_MODE = True
    assert _save_sheet(w).version == 1
    with pytest.raises(ValidationError):
        venue.venue_checkout_open(tournament=w.other, by=w.users["admin"])


def test_the_apply_path_lifts_the_guard(w):
    venue.venue_checkout_open(tournament=w.t, by=w.users["director"])
    with guards.checkout_guard_lifted():
        assert _save_sheet(w).version == 1
    with pytest.raises(ValidationError):
        guards.require_not_checked_out(w.t)


def _upload(checkout, outcome, sequence):
    return VenueUpload.objects.create(checkout=checkout, sequence=sequence, outcome=outcome)


def test_check_in_after_the_final_upload_records_who_when_why(w):
    checkout = venue.venue_checkout_open(tournament=w.t, by=w.users["director"])
    _upload(checkout, UploadOutcome.APPLIED, 3)
    VenueCheckout.objects.filter(pk=checkout.pk).update(last_sequence=3)
    _upload(checkout, UploadOutcome.TAMPERED, 4)  # anyone may post junk: it blocks nothing
    ended = venue.venue_checkout_checkin(checkout=checkout, by=w.users["director"])
    ended.refresh_from_db()
    assert ended.state == CheckoutState.CHECKED_IN
    assert ended.ended_by == w.users["director"]
    assert ended.ended_at is not None
    assert ended.end_reason == ""
    guards.require_not_checked_out(w.t)  # writable again


def test_check_in_is_refused_while_the_newest_signed_upload_was_refused(w):
    checkout = venue.venue_checkout_open(tournament=w.t, by=w.users["director"])
    _upload(checkout, UploadOutcome.APPLIED, 3)
    VenueCheckout.objects.filter(pk=checkout.pk).update(last_sequence=3)
    _upload(checkout, UploadOutcome.INVALID, 4)
    with pytest.raises(ValidationError) as refused:
        venue.venue_checkout_checkin(checkout=checkout, by=w.users["director"])
    assert refused.value.messages == [
        "Der letzte Upload vom Spielort (Nummer 4) wurde abgelehnt: abgelehnt: Inhalt "
        "verstößt gegen die Regeln. Bitte vom Spielort erneut hochladen, bis er übernommen "
        "ist, oder den Verband bitten, den Checkout zu widerrufen."
    ]
    checkout.refresh_from_db()
    assert checkout.state == CheckoutState.OUT


def test_check_in_without_any_upload_needs_a_reason(w):
    checkout = venue.venue_checkout_open(tournament=w.t, by=w.users["director"])
    with pytest.raises(ValidationError):
        venue.venue_checkout_checkin(checkout=checkout, by=w.users["director"], reason="  ")
    ended = venue.venue_checkout_checkin(
        checkout=checkout, by=w.users["director"], reason="Aus Versehen ausgecheckt"
    )
    assert ended.end_reason == "Aus Versehen ausgecheckt"


def test_only_the_director_or_admin_checks_in(w):
    checkout = venue.venue_checkout_open(tournament=w.t, by=w.users["director"])
    with pytest.raises(PermissionDenied):
        venue.venue_checkout_checkin(checkout=checkout, by=w.users["other_director"], reason="x")
    venue.venue_checkout_checkin(checkout=checkout, by=w.users["admin"], reason="x")
    with pytest.raises(ValidationError) as refused:
        venue.venue_checkout_checkin(checkout=checkout, by=w.users["admin"], reason="x")
    assert refused.value.messages == ["Dieser Checkout ist bereits beendet (eingecheckt)."]


def test_revoke_is_for_the_federation_with_a_reason(w):
    checkout = venue.venue_checkout_open(tournament=w.t, by=w.users["director"])
    with pytest.raises(PermissionDenied):
        venue.venue_checkout_revoke(checkout=checkout, by=w.users["director"], reason="weg")
    with pytest.raises(ValidationError) as refused:
        venue.venue_checkout_revoke(checkout=checkout, by=w.users["admin"], reason=" ")
    assert refused.value.messages == ["Ein Widerruf braucht einen Grund."]
    ended = venue.venue_checkout_revoke(
        checkout=checkout, by=w.users["admin"], reason="Laptop gestohlen"
    )
    ended.refresh_from_db()
    assert (ended.state, ended.ended_by, ended.end_reason) == (
        CheckoutState.REVOKED,
        w.users["admin"],
        "Laptop gestohlen",
    )
    guards.require_not_checked_out(w.t)


def test_the_package_carries_key_and_document_while_out(w, settings):
    settings.SITE_URL = "https://turniere.example"
    checkout = venue.venue_checkout_open(tournament=w.t, by=w.users["director"])
    package = venue.checkout_package(checkout=checkout)
    assert package["format"] == document.FORMAT_VERSION
    assert package["checkout"] == str(checkout.uuid)
    assert package["key"] == checkout.key
    assert package["central_url"] == "https://turniere.example"
    # the staff by name and role only: no password hash, no e-mail (issue 29)
    assert set(package) == {"format", "checkout", "key", "central_url", "staff", "document"}
    assert set(package["staff"]) == {"staff", "referees"}
    rows = package["staff"]["staff"] + package["staff"]["referees"]
    assert {key for row in rows for key in row} <= {"username", "name", "role", "roles"}
    assert isinstance(package["document"], dict)
    venue.venue_checkout_revoke(checkout=checkout, by=w.users["admin"], reason="Test")
    checkout.refresh_from_db()
    with pytest.raises(ValidationError):
        venue.checkout_package(checkout=checkout)
