"""Issue 18: the director's venue section (check out with confirmation, status, package,
upload log, check-in, revoke), with htmx and without JavaScript."""

from __future__ import annotations

import json

import pytest
from django.urls import reverse

from tournaments.models import CheckoutState, UploadOutcome, VenueCheckout, VenueUpload
from tournaments.venue import checkout as venue

HX = {"HTTP_HX_REQUEST": "true"}


def _detail(w):
    return reverse("director:tournament_detail", args=[w.t.pk])


def test_the_tournament_page_offers_the_checkout_with_its_warning(client, w):
    client.force_login(w.users["director"])
    page = client.get(_detail(w)).content.decode()
    assert 'data-testid="venue-checkout"' in page
    assert "Solange es ausgecheckt ist, ist die zentrale Fassung dieses Turniers" in page
    assert "An den Spielort auschecken" in page


def test_checking_out_needs_the_confirmation(client, w):
    client.force_login(w.users["director"])
    url = reverse("venue:checkout", args=[w.t.pk])
    response = client.post(url, {}, **HX)
    assert response.status_code == 200  # htmx swaps 2xx answers only; the section says why
    assert "Bitte bestätigen, dass die zentrale Fassung schreibgeschützt wird." in (
        response.content.decode()
    )
    assert not VenueCheckout.objects.exists()


def test_checking_out_with_htmx_answers_the_section_with_the_status(client, w):
    client.force_login(w.users["director"])
    response = client.post(reverse("venue:checkout", args=[w.t.pk]), {"confirm": "on"}, **HX)
    assert response.status_code == 200
    page = response.content.decode()
    checkout = VenueCheckout.objects.get()
    assert checkout.checked_out_by == w.users["director"]
    assert page.startswith('<section id="venue-section"')
    assert "An den Spielort ausgecheckt" in page
    assert "von leiterin seit" in page
    assert "noch nichts hochgeladen" in page
    assert reverse("venue:package", args=[w.t.pk]) in page


def test_checking_out_without_javascript_redirects_with_a_message(client, w):
    client.force_login(w.users["director"])
    response = client.post(reverse("venue:checkout", args=[w.t.pk]), {"confirm": "on"}, follow=True)
    assert response.redirect_chain == [(_detail(w) + "#venue", 302)]
    page = response.content.decode()
    assert "Ausgecheckt. Bitte das Paket herunterladen" in page
    assert 'data-testid="venue-status"' in page


def test_a_second_checkout_shows_the_refusal(client, w):
    venue.venue_checkout_open(tournament=w.t, by=w.users["admin"])
    client.force_login(w.users["director"])
    response = client.post(reverse("venue:checkout", args=[w.t.pk]), {"confirm": "on"}, **HX)
    assert response.status_code == 200
    assert "Dieses Turnier ist bereits an einen Spielort ausgecheckt." in response.content.decode()
    assert VenueCheckout.objects.count() == 1


def test_the_status_shows_the_last_upload_and_the_log(client, w):
    checkout = venue.venue_checkout_open(tournament=w.t, by=w.users["director"])
    VenueUpload.objects.create(checkout=checkout, sequence=3, outcome=UploadOutcome.APPLIED)
    VenueUpload.objects.create(
        checkout=checkout, sequence=2, outcome=UploadOutcome.STALE, message="Älter"
    )
    VenueCheckout.objects.filter(pk=checkout.pk).update(last_sequence=3)
    client.force_login(w.users["director"])
    page = client.get(reverse("venue:section", args=[w.t.pk])).content.decode()
    assert "Nummer 2 · abgelehnt: älter als der letzte Upload" in page  # the newest received
    assert "Nummer 3, Stand" not in page  # no venue time known for it
    assert "Zuletzt übernommen</dt>\n    <dd>Nummer 3" in page
    assert 'data-testid="venue-upload-log"' in page
    assert "Älter" in page


def test_the_package_is_json_with_the_key_only_while_out(client, w):
    client.force_login(w.users["director"])
    url = reverse("venue:package", args=[w.t.pk])
    assert client.get(url).status_code == 404
    checkout = venue.venue_checkout_open(tournament=w.t, by=w.users["director"])
    response = client.get(url)
    assert response.status_code == 200
    assert response["Content-Type"] == "application/json; charset=utf-8"
    assert response["Content-Disposition"].startswith('attachment; filename="venue-')
    assert "no-store" in response["Cache-Control"]
    package = json.loads(response.content)
    assert (package["checkout"], package["key"]) == (str(checkout.uuid), checkout.key)
    assert package["document"]["tournaments"][0]["name"] == w.t.name


@pytest.mark.parametrize("who", ["other_director", "desk", "referee", "plain", "player"])
def test_the_package_is_refused_to_others(client, w, who):
    venue.venue_checkout_open(tournament=w.t, by=w.users["director"])
    client.force_login(w.users[who])
    assert client.get(reverse("venue:package", args=[w.t.pk])).status_code == 403


def test_check_in_from_the_section(client, w):
    checkout = venue.venue_checkout_open(tournament=w.t, by=w.users["director"])
    client.force_login(w.users["director"])
    url = reverse("venue:checkin", args=[w.t.pk])
    refused = client.post(url, {"reason": ""}, **HX)
    assert refused.status_code == 200
    assert "Vom Spielort ist noch nichts hochgeladen worden." in refused.content.decode()
    done = client.post(url, {"reason": "Doch zentral gespielt"}, **HX)
    assert done.status_code == 200
    assert "Eingecheckt: die zentrale Fassung ist wieder bearbeitbar." in done.content.decode()
    checkout.refresh_from_db()
    assert (checkout.state, checkout.end_reason) == (
        CheckoutState.CHECKED_IN,
        "Doch zentral gespielt",
    )


def test_revoke_is_offered_to_the_federation_only(client, w):
    checkout = venue.venue_checkout_open(tournament=w.t, by=w.users["director"])
    client.force_login(w.users["director"])
    assert 'data-testid="venue-revoke"' not in client.get(_detail(w)).content.decode()
    url = reverse("venue:revoke", args=[w.t.pk])
    assert client.post(url, {"reason": "weg"}).status_code == 403
    client.force_login(w.users["admin"])
    assert 'data-testid="venue-revoke"' in client.get(_detail(w)).content.decode()
    refused = client.post(url, {"reason": ""}, **HX).content.decode()
    assert "Ein Widerruf braucht einen Grund." in refused
    checkout.refresh_from_db()
    assert checkout.state == CheckoutState.OUT
    assert client.post(url, {"reason": "Laptop verloren"}, **HX).status_code == 200
    checkout.refresh_from_db()
    assert (checkout.state, checkout.ended_by) == (CheckoutState.REVOKED, w.users["admin"])


def test_a_write_page_refuses_with_the_message_while_out(client, w):
    venue.venue_checkout_open(tournament=w.t, by=w.users["director"])
    client.force_login(w.users["director"])
    response = client.post(
        reverse("director:tournament_table_entry", args=[w.t.pk]),
        {"table_entry": "on"},
        follow=True,
    )
    assert "Das Turnier ist an den Spielort ausgecheckt" in response.content.decode()


def test_on_the_venue_laptop_the_section_offers_nothing(client, w, settings):
    venue.venue_checkout_open(tournament=w.t, by=w.users["director"])
    settings.VENUE_MODE = True
    client.force_login(w.users["director"])
    page = client.get(reverse("venue:section", args=[w.t.pk])).content.decode()
    assert "Dies ist der Laptop am Spielort: er lädt zur zentralen Seite hoch." in page
    assert 'data-testid="venue-checkin"' not in page
    assert 'data-testid="venue-package"' not in page
