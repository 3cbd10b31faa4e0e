"""Staff assignment: referees, desk and one head referee, by the tournament's director."""

from __future__ import annotations

import pytest
from django.core.exceptions import PermissionDenied, ValidationError
from django.urls import reverse

from tests.support.builders import (
    make_user,
)
from tests.support.reading import flashed
from tournaments.enums import (
    GlobalRole,
    StaffRole,
)
from tournaments.models import StaffChange
from tournaments.setup import services as setup_services
from tournaments.setup.selectors import staff_history


def test_staff_assign_referee_desk_and_one_head_referee(w):
    director = w.users["director"]
    new_ref = make_user("neuschiri", role=GlobalRole.REFEREE)
    second_head = make_user("zweiterhaupt", role=GlobalRole.HEAD_REFEREE)

    setup_services.staff_assign(
        tournament=w.t, username="NeuSchiri", role=StaffRole.REFEREE, user=director
    )
    setup_services.staff_assign(
        tournament=w.t, username="spielerin", role=StaffRole.DESK, user=director
    )
    with pytest.raises(ValidationError, match="hauptschiri ist bereits Hauptschiedsrichter"):
        setup_services.staff_assign(
            tournament=w.t, username=second_head.username, role="head_referee", user=director
        )

    roles = set(w.t.staff.values_list("user__username", "role"))
    assert ("neuschiri", "referee") in roles and ("spielerin", "desk") in roles
    assert w.t.staff.filter(role=StaffRole.HEAD_REFEREE).count() == 1
    assert new_ref.pk in set(w.t.staff.values_list("user_id", flat=True))


@pytest.mark.parametrize(
    ("username", "role", "message"),
    [
        ("spielerin", "referee", "spielerin ist nicht als Schiedsrichter geführt."),
        ("schiri", "head_referee", "schiri ist nicht als Hauptschiedsrichter geführt."),
        ("niemand", "desk", "Kein aktives Benutzerkonto „niemand“."),
        ("", "desk", "Kein aktives Benutzerkonto „“."),
    ],
)
def test_staff_assign_refuses_unknown_or_unlisted_people(w, username, role, message):
    with pytest.raises(ValidationError) as exc:
        setup_services.staff_assign(
            tournament=w.t, username=username, role=role, user=w.users["director"]
        )

    assert exc.value.message_dict == {"username": [message]}


def test_staff_assign_twice_and_director_role_are_refused(w):
    director = w.users["director"]
    with pytest.raises(ValidationError, match="schiri ist bereits als Schiedsrichter zugeordnet"):
        setup_services.staff_assign(
            tournament=w.t, username="schiri", role="referee", user=director
        )
    with pytest.raises(ValidationError) as exc:
        setup_services.staff_assign(
            tournament=w.t, username="anderer", role="director", user=director
        )
    assert list(exc.value.message_dict) == ["role"]


def test_staff_assign_and_unassign_only_by_this_tournaments_director(w):
    with pytest.raises(PermissionDenied):
        setup_services.staff_assign(
            tournament=w.t, username="spielerin", role="desk", user=w.users["other_director"]
        )
    row = w.t.staff.get(role=StaffRole.REFEREE)
    with pytest.raises(PermissionDenied):
        setup_services.staff_unassign(assignment=row, user=w.users["head"], reason="krank")

    setup_services.staff_unassign(assignment=row, user=w.users["director"], reason="krank")

    assert not w.t.staff.filter(role=StaffRole.REFEREE).exists()


def test_staff_unassign_director_is_refused(w):
    row = w.t.staff.get(role=StaffRole.DIRECTOR)

    with pytest.raises(ValidationError, match="Turnierleitung wird hier nicht geändert"):
        setup_services.staff_unassign(assignment=row, user=w.users["director"], reason="x")


def test_staff_page_assigns_and_shows_errors(client, w):
    client.force_login(w.users["director"])
    url = reverse("director:staff", args=[w.t.pk])

    bad = client.post(url, {"role": "referee", "username": "spielerin"})
    assert bad.status_code == 200
    assert bad.context["form"].errors == {
        "username": ["spielerin ist nicht als Schiedsrichter geführt."]
    }
    good = client.post(url, {"role": "referee", "username": "fremdschiri"})
    assert good.status_code == 302
    assert flashed(good) == ["fremdschiri ist als Schiedsrichter zugeordnet."]
    page = client.get(url).content.decode()
    assert "fremdschiri" in page and 'list="referee-candidates"' in page


# --- Who served when (issue #17.7) ----------------------------------------------------------


def test_removing_a_staff_member_keeps_who_served_when(w):
    director, desk = w.users["director"], make_user("aushilfe")
    row = setup_services.staff_assign(
        tournament=w.t, username="aushilfe", role="desk", user=director, reason="Vormittag"
    )

    setup_services.staff_unassign(assignment=row, user=director, reason="Schichtende")

    assert not w.t.staff.filter(user=desk).exists()  # the permissions end with the row
    changes = StaffChange.objects.filter(tournament=w.t, person=desk).order_by("at", "pk")
    assert [(c.kind, c.role, c.by, c.reason) for c in changes] == [
        ("assigned", "desk", director, "Vormittag"),
        ("ended", "desk", director, "Schichtende"),
    ]
    (period,) = [p for p in staff_history(w.t) if p["change"].person == desk]
    assert (period["since"], period["until"]) == (changes[0].at, changes[1].at)
    assert period["ended"].reason == "Schichtende"


def test_ending_an_assignment_needs_a_reason_and_happens_once(w):
    row = w.t.staff.get(role=StaffRole.REFEREE)
    with pytest.raises(ValidationError) as exc:
        setup_services.staff_unassign(assignment=row, user=w.users["director"], reason="  ")
    assert exc.value.message_dict == {"reason": ["Bitte angeben, warum die Zuordnung endet."]}
    assert w.t.staff.filter(pk=row.pk).exists()

    setup_services.staff_unassign(assignment=row, user=w.users["director"], reason="krank")
    with pytest.raises(ValidationError, match="inzwischen schon aufgehoben"):
        setup_services.staff_unassign(assignment=row, user=w.users["director"], reason="krank")
    assert StaffChange.objects.filter(person=row.user, kind="ended").count() == 1


def test_staff_page_shows_who_served_when(client, w):
    director = w.users["director"]
    client.force_login(director)
    url = reverse("director:staff", args=[w.t.pk])
    client.post(url, {"role": "desk", "username": "spielerin", "reason": "Kasse"})
    row = w.t.staff.get(user__username="spielerin")

    removed = client.post(
        reverse("director:staff_remove", args=[w.t.pk, row.pk]), {"reason": "nach Hause"}
    )
    page = client.get(url).content.decode()

    assert flashed(removed)[-1] == "Zuordnung von spielerin als Orgatisch aufgehoben."
    history = page[page.index('data-testid="staff-history"') :]
    row_html = history[history.index("<td>spielerin</td>") :]
    row_html = row_html[: row_html.index("</tr>")]
    assert "<td>Orgatisch</td>" in row_html
    assert "Kasse" in row_html and "<td>nach Hause</td>" in row_html
    assert f"({director.username})" in row_html
    assert "leiterin</td><td>Turnierleitung</td>" in history.replace("\n", "")


def test_staff_page_refuses_a_removal_without_reason(client, w):
    client.force_login(w.users["director"])
    row = w.t.staff.get(role=StaffRole.REFEREE)

    response = client.post(reverse("director:staff_remove", args=[w.t.pk, row.pk]), {})

    assert flashed(response) == ["Bitte angeben, warum die Zuordnung endet."]
    assert w.t.staff.filter(pk=row.pk).exists()
