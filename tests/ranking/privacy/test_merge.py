"""Merging two registry entries of one person (issue 16, item 5): every row moves to the kept
entry, refusals leave everything as it was, the ranking follows (SPEC §9)."""

from __future__ import annotations

from datetime import date, datetime

import pytest
from django.core.exceptions import PermissionDenied, ValidationError
from django.urls import reverse

from players.models import Notification, NotificationKind, PlayerAccount
from ranking.compute import services as compute
from ranking.models import Appeal, RankingEntry, RankingYear
from tests.support import builders
from tournaments.merge import services as merge_services
from tournaments.models import Player, PlayerMerge, Registration, ScoredLine, ScoredRound, Seat

pytestmark = pytest.mark.django_db
NOW = datetime(2026, 7, 1, 12, 0).astimezone()


@pytest.fixture
def two_entries(director, desk_user, field):
    """A guest who played the spring tournament and is really field[0], who played the summer
    one: two entries of one person in the 2026 ranking."""
    guest = Player.objects.create(
        first_name="Anna", last_name="Gast-Adler", club="Gastverein", is_guest=True
    )
    spring = builders.play_tournament(
        director=director, desk=desk_user, players=[guest, *field[1:8]],
        end=date(2026, 5, 3), name="Frühjahrsturnier",
    )  # fmt: skip
    summer = builders.play_tournament(
        director=director, desk=desk_user, players=[field[0], *field[8:15]],
        end=date(2026, 6, 7), name="Sommerturnier",
    )  # fmt: skip
    compute.ranking_recompute_year(year=2026)
    return guest, field[0], spring, summer


def _figures(entry: RankingEntry) -> tuple:
    return (entry.games, entry.placement_points, entry.game_points, entry.placings,
            entry.minus_points, entry.rounds)  # fmt: skip


def test_merge_moves_every_row_logs_it_and_the_ranking_sums_both(two_entries, admin_user):
    guest, member, spring, summer = two_entries
    old_guest = RankingEntry.objects.get(player=guest)
    old_member = RankingEntry.objects.get(player=member)
    member_label, guest_label = str(member), str(guest)
    mailed = Notification.objects.create(
        kind=NotificationKind.TABLE, ref_id=1, player=guest, tournament=spring
    )

    merge = merge_services.player_merge(
        kept=member, removed=guest, user=admin_user, reason="Gast ist Mitglied DRV-00001", now=NOW
    )

    assert merge.moved == {
        "registrations": 1, "seats": 3, "scored_rounds": 3, "scored_lines": 12, "warnings": 0,
        "absences": 0, "pins": 0, "signup_requests": 0, "erasure_requests": 0,
        "venue_conflicts": 0, "cut_decisions": 0, "earlier_merges": 0, "accounts": 0,
        "invitations": 0, "appeals": 0, "correction_lines": 0, "notifications": 1,
        "push_devices": 0,
    }  # fmt: skip
    assert (merge.kept_id, merge.removed_player_id, merge.merged_by, merge.merged_at) == (
        member.pk,
        guest.pk,
        admin_user,
        NOW,
    )
    assert (merge.kept_name, merge.removed_name) == (member_label, guest_label)
    assert guest_label == "Gast-Adler, Anna (Gast)"
    assert not Player.objects.filter(pk=guest.pk).exists()
    assert Registration.objects.get(tournament=spring, player=member).tournament == spring
    assert Seat.objects.filter(player=member).count() == 6
    assert ScoredRound.objects.filter(player=member).count() == 6
    assert ScoredLine.objects.filter(player=member).count() == 24
    assert RankingYear.objects.get(year=2026).pending is True
    assert Notification.objects.get(pk=mailed.pk).player_id == member.pk

    compute.ranking_recompute_year(year=2026)
    merged = RankingEntry.objects.get(player=member)
    assert not RankingEntry.objects.filter(player_id=guest.pk).exists()
    assert merged.tournaments == 2
    assert _figures(merged) == (
        old_guest.games + old_member.games,
        old_guest.placement_points + old_member.placement_points,
        old_guest.game_points + old_member.game_points,
        tuple(a + b for a, b in zip(old_guest.placings, old_member.placings, strict=True)),
        old_guest.minus_points + old_member.minus_points,
        old_guest.rounds + old_member.rounds,
    )
    assert RankingEntry.objects.count() == 15  # 16 entries, two of them one person now


def test_a_guest_kept_takes_the_member_number_and_the_empty_fields(two_entries, admin_user):
    guest, member, _spring, _summer = two_entries
    member.email = "anna@example.org"
    member.save()
    merge_services.player_merge(kept=guest, removed=member, user=admin_user, reason="doppelt")
    guest.refresh_from_db()
    assert (guest.is_guest, guest.federation_number, guest.club, guest.email) == (
        False, "DRV-00001", "Gastverein", "anna@example.org"
    )  # fmt: skip


def test_account_and_appeals_move_to_the_kept_entry(two_entries, admin_user, director):
    guest, member, spring, _summer = two_entries
    user = builders.make_player_account("gast-konto", guest)
    appeal = builders.make_appeal(
        user=director, tournament=spring, player=guest,
        now=datetime(2026, 5, 10, 12, 0).astimezone(),
    )  # fmt: skip
    merge = merge_services.player_merge(kept=member, removed=guest, user=admin_user, reason="x")
    assert (merge.moved["accounts"], merge.moved["appeals"]) == (1, 1)
    assert PlayerAccount.objects.get(user=user).player == member
    assert Appeal.objects.get(pk=appeal.pk).player == member


def test_merge_is_refused_when_both_have_accounts(two_entries, admin_user):
    guest, member, _spring, _summer = two_entries
    builders.make_player_account("konto-a", guest)
    builders.make_player_account("konto-b", member)
    with pytest.raises(ValidationError) as exc:
        merge_services.player_merge(kept=member, removed=guest, user=admin_user, reason="x")
    assert exc.value.messages == [
        "Beide Einträge haben ein Spielerkonto: bitte zuerst eines davon auflösen."
    ]
    assert Registration.objects.filter(player=guest).count() == 1
    assert not PlayerMerge.objects.exists()


def test_merge_is_refused_for_two_people_of_one_round_or_tournament(
    two_entries, admin_user, director, field
):
    _guest, _member, _spring, _summer = two_entries
    with pytest.raises(ValidationError) as same_round:
        merge_services.player_merge(kept=field[1], removed=field[2], user=admin_user, reason="x")
    assert same_round.value.messages == [
        "Beide Einträge saßen in derselben Runde („Frühjahrsturnier“, Runde 1): das sind zwei "
        "verschiedene Personen."
    ]
    upcoming = builders.make_tournament(director=director, open=True, name="Herbstturnier")
    builders.register_players(upcoming, [field[15], field[14]], count=2, user=director)
    with pytest.raises(ValidationError) as same_field:
        merge_services.player_merge(kept=field[15], removed=field[14], user=admin_user, reason="x")
    assert same_field.value.messages == [
        "Beide Einträge sind im selben Turnier gemeldet („Herbstturnier“): so lassen sie sich "
        "nicht zusammenführen."
    ]
    assert Player.objects.filter(pk__in=[field[1].pk, field[2].pk, field[14].pk]).count() == 3


def test_only_the_federation_admin_merges_and_only_with_a_reason(two_entries, admin_user, director):
    guest, member, _spring, _summer = two_entries
    with pytest.raises(PermissionDenied):
        merge_services.player_merge(kept=member, removed=guest, user=director, reason="x")
    with pytest.raises(ValidationError) as exc:
        merge_services.player_merge(kept=member, removed=guest, user=admin_user, reason="  ")
    assert exc.value.messages == ["Bitte eine Begründung angeben."]
    with pytest.raises(ValidationError):
        merge_services.player_merge(kept=member, removed=member, user=admin_user, reason="x")


def test_the_removed_id_redirects_and_the_kept_entry_shows_the_merge(
    client, two_entries, admin_user
):
    guest, member, _spring, _summer = two_entries
    page = reverse("director:player_merge", args=[member.pk])
    client.force_login(admin_user)
    assert client.get(page, {"q": "Gast-Adler"}).status_code == 200
    refused = client.post(page, {"other": guest.pk, "keep": "this", "reason": ""})
    assert refused.status_code == 422
    done = client.post(page, {"other": guest.pk, "keep": "this", "reason": "doppelt"}, follow=True)
    assert done.redirect_chain == [(reverse("director:player_edit", args=[member.pk]), 302)]
    assert f"zusammengeführt mit Gast-Adler, Anna (Gast) (#{guest.pk})" in done.content.decode()
    client.logout()
    old = client.get(reverse("player_page", args=[guest.pk]))
    assert (old.status_code, old["Location"]) == (301, reverse("player_page", args=[member.pk]))
    ranked = client.get(reverse("ranking:player", args=[guest.pk]))
    assert (ranked.status_code, ranked["Location"]) == (
        301, reverse("ranking:player", args=[member.pk])
    )  # fmt: skip


def test_a_tie_decided_at_a_cut_names_the_kept_entry_afterwards(two_entries, admin_user, field):
    from tournaments.models import CutDecision

    guest, member, spring, _summer = two_entries
    decision = CutDecision.objects.create(
        tournament=spring, kind="final_place", tied_player_ids=[field[1].pk, guest.pk],
        chosen_player_ids=[guest.pk], method="lot", reason="Los", decided_at=NOW,
    )  # fmt: skip
    merge = merge_services.player_merge(kept=member, removed=guest, user=admin_user, reason="x")
    decision.refresh_from_db()
    assert (decision.tied_player_ids, decision.chosen_player_ids) == (
        [field[1].pk, member.pk], [member.pk]
    )  # fmt: skip
    assert merge.moved["cut_decisions"] == 1


def test_merge_waits_for_an_open_erasure_request(two_entries, admin_user):
    from tournaments.privacy import services as privacy_services

    guest, member, _spring, _summer = two_entries
    privacy_services.erasure_request_file(player=guest, user=None)
    with pytest.raises(ValidationError) as exc:
        merge_services.player_merge(kept=member, removed=guest, user=admin_user, reason="x")
    assert exc.value.messages == [
        "Für einen der beiden Einträge liegt ein Löschantrag vor: bitte zuerst ihn erledigen."
    ]
