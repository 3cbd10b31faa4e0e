"""Referee pages: the phone flow, red-card confirmation with and without JS, the history a
referee sees before saving, withdrawal, rulings, staff pages and exclusions elsewhere."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.support.reading import flashed
from tournaments.enums import RulingStatus, WarningKind
from tournaments.models import PlayerWarning, Ruling, TournamentStaff
from tournaments.referees import services as referees_services
from tournaments.registration import services as registration_services
from tournaments.venue.checkout import venue_checkout_open

HUGE = 99999999999999999999
CHOICE = "Bitte eine gültige Auswahl treffen. {value} ist keine gültige Auswahl."


@pytest.fixture
def ref(client, w):
    client.force_login(w.users["referee"])
    return client


def warning_url(w):
    return reverse("referee:warning_create", args=[w.t.pk])


def test_phone_flow_table_player_yellow_saved_with_table_time_and_referee(ref, w):
    home = ref.get(reverse("referee:tournament", args=[w.t.pk]))
    table_url = reverse("referee:table", args=[w.t.pk, 1, 2])
    assert table_url in home.content.decode()

    table = ref.get(table_url).content.decode()
    player = w.seated(2, "C")
    link = f"{warning_url(w)}?player={player.pk}&amp;round=1"
    assert link in table

    form = ref.get(f"{warning_url(w)}?player={player.pk}&round=1")
    assert form.status_code == 200
    assert "Keine früheren Verwarnungen in diesem Turnier." in form.content.decode()
    assert form.context["form"].initial == {"player": str(player.pk), "round": "1"}

    response = ref.post(
        warning_url(w),
        {
            "player": player.pk,
            "kind": "yellow",
            "ground": "unsporting",
            "round": "1",
            "game_number": "2",
        },
    )

    assert response.status_code == 302
    assert response.url == reverse("referee:tournament", args=[w.t.pk])
    assert flashed(response) == [f"Gelbe Karte für {player.full_name} gespeichert."]
    warning = PlayerWarning.objects.get()
    assert (warning.player, warning.table_number, warning.game_number) == (player, 2, 2)
    assert warning.given_by == w.users["referee"]


def test_second_yellow_is_shown_loudly_before_saving(ref, w):
    player = w.seated(1, "B")
    w.give(player, WarningKind.YELLOW, note="erste Gelbe")
    withdrawn = w.give(player, WarningKind.UNOFFICIAL)
    referees_services.warning_withdraw(warning=withdrawn, reason="Irrtum", user=w.users["head"])

    page = ref.get(f"{warning_url(w)}?player={player.pk}").content.decode()
    fragment = ref.get(
        reverse("referee:player_history", args=[w.t.pk]),
        {"player": player.pk},
        HTTP_HX_REQUEST="true",
    ).content.decode()

    for html in (page, fragment):
        assert (
            "Achtung: bereits 1 Gelbe Karte in diesem Turnier! Eine weitere wäre die zweite."
            in html
        )
        assert "erste Gelbe" in html
        assert "Zurückgenommen am" in html and ": Irrtum" in html
    assert "<html" not in fragment and 'id="player-history"' in fragment


def test_player_history_without_or_with_unknown_player_shows_the_hint(ref, w):
    for query in ({}, {"player": "abc"}, {"player": HUGE}, {"player": w.players[50].pk}):
        response = ref.get(reverse("referee:player_history", args=[w.t.pk]), query)
        assert response.status_code == 200
        assert "Nach der Wahl des Spielers erscheinen hier" in response.content.decode()


def red_post(w, player, **extra):
    return {"player": player.pk, "kind": "red", "ground": "unsporting", "round": "1", **extra}


def test_red_card_without_js_asks_for_confirmation_then_saves(ref, w):
    player = w.seated(1, "A")

    ask = ref.post(warning_url(w), red_post(w, player, note="beleidigt"))

    assert ask.status_code == 200
    html = ask.content.decode()
    assert 'role="alertdialog"' in html and "Rote Karte bestätigen" in html
    assert '<input type="hidden" name="confirm" value="1">' in html
    assert '<input type="hidden" name="note" value="beleidigt">' in html
    assert not PlayerWarning.objects.exists()

    done = ref.post(warning_url(w), red_post(w, player, note="beleidigt", confirm="1"))

    assert done.status_code == 302
    assert flashed(done) == [
        f"Rote Karte für {player.full_name} gespeichert: ausgeschlossen ab der nächsten "
        "Auslosung, eventuelle Gewinne verfallen (Klub 4.5.2). "
        f"{player.full_name} spielt Runde 1 ab Spiel 1 nicht mehr."  # SPEC §7: released round
    ]
    assert PlayerWarning.objects.get().kind == WarningKind.RED


def test_red_card_cancel_keeps_the_values_and_saves_nothing(ref, w):
    player = w.seated(1, "A")

    response = ref.post(warning_url(w), red_post(w, player, confirm="1", cancel="1"))

    assert response.status_code == 200
    assert 'role="alertdialog"' not in response.content.decode()
    assert response.context["form"].cleaned_data["kind"] == "red"
    assert not PlayerWarning.objects.exists()


def test_red_card_with_htmx_opens_a_dialog_and_redirects_after_confirming(ref, w):
    player = w.seated(1, "A")
    headers = {"HTTP_HX_REQUEST": "true", "HTTP_HX_TARGET": "warning-panel"}

    ask = ref.post(warning_url(w), red_post(w, player), **headers)

    html = ask.content.decode()
    assert ask.status_code == 200
    assert html.lstrip().startswith('<div id="warning-panel">')
    assert 'role="alertdialog"' in html and 'aria-modal="true"' in html
    assert not PlayerWarning.objects.exists()

    done = ref.post(warning_url(w), red_post(w, player, confirm="1"), **headers)

    assert done.status_code == 200
    assert done["HX-Redirect"] == reverse("referee:tournament", args=[w.t.pk])
    assert PlayerWarning.objects.filter(kind=WarningKind.RED, player=player).count() == 1


def test_red_card_twice_is_a_form_error_not_a_500(ref, w):
    player = w.seated(1, "A")
    w.give(player, WarningKind.RED)

    response = ref.post(warning_url(w), red_post(w, player, confirm="1"))

    assert response.status_code == 200
    assert "ist bereits ausgeschlossen (Rote Karte am" in response.content.decode()
    assert PlayerWarning.objects.count() == 1


@pytest.mark.parametrize(
    ("change", "field", "message"),
    [
        ({"player": "abc"}, "player", CHOICE),
        ({"player": str(HUGE)}, "player", CHOICE),
        ({"player": ""}, "player", "Dieses Feld ist zwingend erforderlich."),
        ({"kind": "purple"}, "kind", CHOICE),
        ({"ground": ""}, "ground", "Dieses Feld ist zwingend erforderlich."),
        ({"ground": "free_text"}, "ground_text", "Bitte den Grund als Freitext angeben."),
        ({"round": "9"}, "round", CHOICE),
        ({"game_number": "5"}, "game_number", CHOICE),
        ({"ground_text": "x" * 301}, "ground_text", None),
    ],
)
def test_warning_garbage_gives_german_field_error_and_saves_nothing(ref, w, change, field, message):
    data = {"player": w.seated(1, "A").pk, "kind": "yellow", "ground": "unsporting", **change}

    response = ref.post(warning_url(w), data)

    assert response.status_code == 200
    errors = response.context["form"].errors
    assert field in errors
    if message:
        assert errors[field] == [message.format(value=next(iter(change.values())))]
    assert not PlayerWarning.objects.exists()


def test_player_seated_nowhere_in_that_round_is_a_form_error(ref, w):
    outsider = w.players[30]
    registration_services.registration_add(
        tournament=w.t, player=outsider, reserve=True, user=w.users["director"]
    )

    response = ref.post(
        warning_url(w),
        {"player": outsider.pk, "kind": "yellow", "ground": "unsporting", "round": "1"},
    )

    assert response.context["form"].errors == {
        "round": [f"{outsider.full_name} sitzt in Runde 1 an keinem Tisch."]
    }
    assert not PlayerWarning.objects.exists()


def test_search_with_htmx_lists_registered_players_with_their_table(ref, w):
    player = w.seated(2, "D")

    response = ref.get(
        reverse("referee:search", args=[w.t.pk]), {"q": player.last_name}, HTTP_HX_REQUEST="true"
    )

    html = response.content.decode()
    assert player.full_name in html
    assert "Tisch 2 D" in html
    assert w.players[50].full_name not in html


def test_search_without_js_lands_on_the_tournament_page(ref, w):
    response = ref.get(reverse("referee:search", args=[w.t.pk]), {"q": "Ä b"})

    assert response.status_code == 302
    assert response.url == reverse("referee:tournament", args=[w.t.pk]) + "?q=%C3%84+b"


def test_withdraw_page_needs_reason_then_history_shows_it(client, w):
    warning = w.give(w.seated(1, "A"), WarningKind.RED)
    client.force_login(w.users["head"])
    url = reverse("referee:warning_withdraw", args=[w.t.pk, warning.pk])

    empty = client.post(url, {"reason": " "})
    assert empty.status_code == 200
    assert empty.context["form"].errors == {"reason": ["Dieses Feld ist zwingend erforderlich."]}

    done = client.post(url, {"reason": "Falscher Spieler"})
    assert done.status_code == 302
    assert flashed(done) == [
        f"Rote Karte für {warning.player.full_name} zurückgenommen. Der Spieler wird ab der "
        "nächsten Auslosung wieder gesetzt."
    ]
    listing = client.get(reverse("referee:warnings", args=[w.t.pk])).content.decode()
    assert "zurückgenommen" in listing and "Falscher Spieler" in listing
    again = client.post(url, {"reason": "nochmal"})
    assert again.status_code == 200
    assert "Bereits zurückgenommen am" in again.content.decode()
    assert PlayerWarning.objects.get().withdrawal_reason == "Falscher Spieler"


def test_ruling_escalates_and_head_referee_decides_once(client, w):
    client.force_login(w.users["referee"])
    response = client.post(
        reverse("referee:ruling_create", args=[w.t.pk]),
        {
            "round": "1",
            "table_number": "2",
            "game_number": "3",
            "question": "Joker genommen, nicht gelegt",
            "decision": "Zug zurück",
            "rule_cited": "Klub 14.4",
            "objections": "3",
        },
    )
    assert response.status_code == 302
    assert flashed(response) == [
        "Mehr als zwei Spieler widersprechen: die Entscheidung ist an den Hauptschiedsrichter "
        "übergeben (Klub 4.2.2)."
    ]
    call = Ruling.objects.get()
    assert (call.status, call.table_number, call.game_number) == ("escalated", 2, 3)

    client.force_login(w.users["head"])
    listing = client.get(reverse("referee:rulings", args=[w.t.pk])).content.decode()
    final_url = reverse("referee:ruling_final", args=[w.t.pk, call.pk])
    assert final_url in listing
    assert client.post(final_url, {"decision": "Bestätigt"}).status_code == 302
    page = client.get(final_url).content.decode()
    assert "Diese Entscheidung kann nicht mehr geändert werden." in page

    again = client.post(final_url, {"decision": "Anders"})
    assert again.status_code == 200
    assert flashed(again) == [
        "Hierzu gibt es bereits eine endgültige Entscheidung; sie kann nicht geändert werden."
    ]
    assert list(
        Ruling.objects.filter(status=RulingStatus.FINAL).values_list("decision", flat=True)
    ) == ["Bestätigt"]


def test_ruling_garbage_is_a_form_error(ref, w):
    response = ref.post(
        reverse("referee:ruling_create", args=[w.t.pk]),
        {"question": "", "decision": "x", "objections": "7", "table_number": "-1", "round": "abc"},
    )

    assert response.status_code == 200
    assert sorted(response.context["form"].errors) == [
        "objections",
        "question",
        "round",
        "table_number",
    ]
    assert not Ruling.objects.exists()


def test_ruling_final_on_decided_call_is_404(client, w):
    call = w.record(1)
    client.force_login(w.users["head"])

    assert client.get(reverse("referee:ruling_final", args=[w.t.pk, call.pk])).status_code == 404


@pytest.mark.parametrize(
    "url",
    [
        lambda w: reverse("referee:tournament", args=[999999]),
        lambda w: reverse("referee:tournament", args=[HUGE]),
        lambda w: reverse("referee:table", args=[w.t.pk, 1, 9]),
        lambda w: reverse("referee:table", args=[w.t.pk, 2, 1]),
        lambda w: reverse("referee:table", args=[w.t.pk, HUGE, 1]),
        lambda w: reverse("referee:warning_withdraw", args=[w.t.pk, HUGE]),
        lambda w: reverse("referee:warning_withdraw", args=[w.t.pk, 999999]),
        lambda w: reverse("referee:ruling_final", args=[w.t.pk, 999999]),
        lambda w: "/schiedsrichter/turniere/abc/",
    ],
)
def test_bad_urls_are_404(client, w, url):
    client.force_login(w.users["head"])

    assert client.get(url(w)).status_code == 404


def test_warning_of_another_tournament_cannot_be_withdrawn_through_this_one(client, w):
    warning = w.give(w.seated(1, "A"))
    own = w.other
    own.staff.create(user=w.users["head"], role="head_referee")
    client.force_login(w.users["head"])

    response = client.post(
        reverse("referee:warning_withdraw", args=[own.pk, warning.pk]), {"reason": "x"}
    )

    assert response.status_code == 404
    assert PlayerWarning.objects.get().withdrawn_at is None


def test_warning_list_and_tables_do_not_query_per_row(ref, w, django_assert_max_num_queries):
    for table, letter in [(1, "A"), (1, "B"), (2, "C"), (2, "D")]:
        w.give(w.seated(table, letter), WarningKind.UNOFFICIAL, rnd=w.rnd)
        w.give(w.seated(table, letter), WarningKind.YELLOW)

    with django_assert_max_num_queries(12):
        assert ref.get(reverse("referee:warnings", args=[w.t.pk])).status_code == 200
    # 15: the live page's ETag reads the public version (one query a second per process)
    with django_assert_max_num_queries(15):
        assert ref.get(reverse("referee:tournament", args=[w.t.pk]), {"q": "e"}).status_code == 200
    with django_assert_max_num_queries(12):
        assert ref.get(reverse("referee:rulings", args=[w.t.pk])).status_code == 200


def test_referee_home_lists_only_own_tournaments_with_role(client, w):
    client.force_login(w.users["head"])

    response = client.get(reverse("referee_home"))

    assert [t.pk for t in response.context["tournaments"]] == [w.t.pk]
    assert response.context["tournaments"][0].my_roles == ["Hauptschiedsrichter"]


def test_referee_home_for_assigned_user_without_global_role(client, w):
    """A per-tournament assignment alone opens the referee area (e.g. set by an admin)."""
    helper = w.users["plain"]
    TournamentStaff.objects.create(tournament=w.t, user=helper, role="referee")
    client.force_login(helper)

    assert client.get(reverse("referee_home")).status_code == 200


def test_a_guest_is_listed_as_guest_not_with_a_missing_number(ref, w):
    """Issue 29.6: a guest (checked in at the venue) has no membership number."""
    player = w.seated(2, "C")
    player.is_guest, player.federation_number = True, None
    player.save(update_fields=["is_guest", "federation_number"])
    member = w.seated(1, "A")
    page = ref.get(warning_url(w)).content.decode()
    assert f'<option value="{player.pk}">{player.full_name} (Gast)</option>' in page
    assert f"{member.full_name} ({member.federation_number})</option>" in page
    assert "(None)" not in page


def test_a_checked_out_tournaments_warning_form_says_so_before_it_is_filled_in(ref, w, settings):
    """Issue 29.6: centrally the form says at once that the tournament is edited at the venue;
    the server still refuses a warning sent anyway, and the laptop's form says nothing."""
    notice = "Das Turnier ist an den Spielort ausgecheckt"
    assert notice not in ref.get(warning_url(w)).content.decode()
    venue_checkout_open(tournament=w.t, by=w.users["director"])
    page = ref.get(warning_url(w)).content.decode()
    assert 'data-testid="checked-out-notice"' in page
    assert notice in page
    player = w.seated(2, "C")
    answer = ref.post(
        warning_url(w),
        {"player": player.pk, "kind": "yellow", "ground": "unsporting", "round": "1"},
    )
    assert answer.status_code == 200
    assert notice in " ".join(answer.context["form"].non_field_errors())
    assert PlayerWarning.objects.count() == 0
    settings.VENUE_MODE = True  # the same tournament on the laptop: edited there
    assert 'data-testid="checked-out-notice"' not in ref.get(warning_url(w)).content.decode()
