"""Staff and helpers at the venue, the central side (issue 29): the package names the staff and
the referee list without secrets; an upload keeps the staff's own accounts and maps the venue's
helpers to accounts that cannot log in (never to a central account of the same name); the
federation links a helper to an account, every link kept."""

import json

import pytest
from django.contrib.auth import get_user_model
from django.core.exceptions import PermissionDenied, ValidationError
from django.urls import reverse

from tests.support.builders import make_user
from tests.tournaments.venue.conftest import at_venue, document_of, envelope
from tournaments.enums import GlobalRole, StaffRole
from tournaments.models import (
    SheetVersion,
    UploadOutcome,
    VenuePerson,
    VenuePersonLink,
)
from tournaments.rounds import services as rounds
from tournaments.sheets import services as sheets
from tournaments.venue import persons
from tournaments.venue.apply import venue_upload_receive
from tournaments.venue.checkout import checkout_package

HELPER_UUID = "5b0e7f0c-0000-4000-8000-000000000029"


def test_the_package_names_staff_and_referees_by_name_and_role(running, crew):
    User = get_user_model()
    User.objects.filter(pk=crew["referee"].pk).update(first_name="Sina", last_name="Schiri")
    make_user("kreis-schiri", role=GlobalRole.REFEREE)
    retired = make_user("alt-schiri", role=GlobalRole.REFEREE)
    User.objects.filter(pk=retired.pk).update(is_active=False)
    package = checkout_package(checkout=running)
    assert package["staff"] == {
        "staff": [
            {"username": "hauptschiri", "name": "", "role": StaffRole.HEAD_REFEREE},
            {"username": "orga", "name": "", "role": StaffRole.DESK},
            {"username": "schiri", "name": "Sina Schiri", "role": StaffRole.REFEREE},
        ],
        "referees": [
            {"username": "hauptschiri", "name": "", "roles": [GlobalRole.HEAD_REFEREE]},
            {"username": "kreis-schiri", "name": "", "roles": [GlobalRole.REFEREE]},
            {"username": "schiri", "name": "Sina Schiri", "roles": [GlobalRole.REFEREE]},
        ],
    }


def test_the_package_carries_no_password_hash_and_no_e_mail(running, crew):
    User = get_user_model()
    for i, user in enumerate(User.objects.all()):
        User.objects.filter(pk=user.pk).update(email=f"geheim{i}@example.org")
    text = json.dumps(checkout_package(checkout=running))
    secrets = [u.password for u in User.objects.all()] + [u.email for u in User.objects.all()]
    assert len(secrets) == 2 * User.objects.count() > 0
    assert [s for s in secrets if s in text] == []
    assert "pbkdf2" not in text and "argon2" not in text and "@example.org" not in text


def _helper_confirms_round(t, staff, helper_name: str = "Anna Schmidt", username="anna-schmidt"):
    """The venue's work: a helper of the venue's own (log-in ``username`` there) confirms every
    sheet the desk entered; the director publishes."""

    def work():
        helper = get_user_model().objects.create_user(username=username, password="123456")
        VenuePerson.objects.create(
            uuid=HELPER_UUID, checkout=t.venue_checkouts.get(), name=helper_name,
            role=StaffRole.DESK, username=username, user=helper,
        )  # fmt: skip
        t.staff.create(user=helper, role=StaffRole.DESK)
        rnd = rounds.round_pair_next(tournament=t, user=staff["director"], seed=5)
        rnd = rounds.round_release(rnd=rnd, user=staff["director"])
        from tests.support.builders import fixed_games

        for table in rnd.tables.order_by("number"):
            letters = tuple(sorted(table.seats.values_list("letter", flat=True)))
            sheet = sheets.sheet_save(
                table=table, games=fixed_games(letters), expected_version=0, user=staff["desk"]
            )
            sheets.sheet_confirm(sheet=sheet, expected_version=1, user=helper)
        rounds.round_publish(rnd=rnd, user=staff["director"])

    return work


def test_an_upload_maps_staff_to_their_accounts_and_a_helper_to_one_that_cannot_log_in(
    running, staff
):
    t = running.tournament
    document = at_venue(running, _helper_confirms_round(t, staff), sequence=1)
    namesake = make_user("anna-schmidt")  # a central account of the helper's log-in name
    assert document["venue_persons"] == [
        {
            "uuid": HELPER_UUID,
            "name": "Anna Schmidt",
            "role": "desk",
            "username": "anna-schmidt",
            "created_at": document["venue_persons"][0]["created_at"],
        }
    ]
    upload = venue_upload_receive(raw=envelope(running, document))
    assert (upload.outcome, upload.message) == (UploadOutcome.APPLIED, "")
    person = VenuePerson.objects.get(uuid=HELPER_UUID)
    account = person.user
    assert account.get_username() == "vor-ort-anna-schmidt-5b0e7f0c"
    assert (account.is_active, account.has_usable_password(), account.first_name) == (
        False,
        False,
        "Anna Schmidt",
    )
    assert (person.checkout, person.name, person.role, person.username) == (
        running, "Anna Schmidt", StaffRole.DESK, "anna-schmidt",
    )  # fmt: skip
    versions = SheetVersion.objects.filter(sheet__round__tournament=t, sheet__round__number=2)
    by = sorted({(v.number, v.created_by.get_username()) for v in versions})
    # the desk's entries keep the desk's central account; the helper's confirmations hers
    assert by == [(1, "orga"), (2, "vor-ort-anna-schmidt-5b0e7f0c")]
    assert versions.count() == 2 * t.rounds.get(number=2).tables.count()
    assert not SheetVersion.objects.filter(created_by=namesake).exists()
    # the central copy now exports what the laptop sent: no difference at check-in
    assert document_of(running, 1)["venue_persons"] == document["venue_persons"]


def test_a_resent_helper_is_the_same_person(running, staff):
    t = running.tournament
    first = at_venue(running, _helper_confirms_round(t, staff), sequence=1)
    venue_upload_receive(raw=envelope(running, first))
    accounts = get_user_model().objects.count()
    second = {**first, "sequence": 2}
    second["venue_persons"] = [{**first["venue_persons"][0], "name": "Anna Schmidt-Berg"}]
    upload = venue_upload_receive(raw=envelope(running, second))
    assert upload.outcome == UploadOutcome.APPLIED
    assert get_user_model().objects.count() == accounts
    assert list(VenuePerson.objects.values_list("name", flat=True)) == ["Anna Schmidt-Berg"]


@pytest.mark.parametrize(
    "row",
    [
        {"role": StaffRole.DIRECTOR},
        {"username": ""},
        {"name": None},
    ],
)
def test_a_malformed_helper_refuses_the_upload(running, staff, row):
    t = running.tournament
    document = at_venue(running, _helper_confirms_round(t, staff), sequence=1)
    document["venue_persons"] = [{**document["venue_persons"][0], **row}]
    accounts = get_user_model().objects.count()
    upload = venue_upload_receive(raw=envelope(running, document))
    assert upload.outcome == UploadOutcome.INVALID
    assert upload.message == "Die Liste der Helfer vor Ort im Upload ist fehlerhaft."
    assert (VenuePerson.objects.count(), get_user_model().objects.count()) == (0, accounts)


@pytest.fixture
def helper(running, staff):
    document = at_venue(running, _helper_confirms_round(running.tournament, staff), sequence=1)
    venue_upload_receive(raw=envelope(running, document))
    return VenuePerson.objects.get(uuid=HELPER_UUID)


def test_the_federation_links_a_helper_and_every_link_is_kept(helper):
    admin = make_user("verband", role=GlobalRole.FEDERATION_ADMIN)
    anna = make_user("anna.schmidt")
    first = persons.venue_person_link(person=helper, username="Anna.Schmidt", by=admin,
                                      reason="Vereinsliste")  # fmt: skip
    assert (first.account, first.by, first.reason) == (anna, admin, "Vereinsliste")
    undone = persons.venue_person_link(person=helper, username="", by=admin, reason="Irrtum")
    assert undone.account is None
    assert persons.current_link(helper) == undone
    assert VenuePersonLink.objects.filter(person=helper).count() == 2


@pytest.mark.parametrize(
    ("username", "reason", "message"),
    [
        ("niemand", "x", "Kein Konto „niemand“."),
        ("anna.schmidt", "  ", "Bitte sagen Sie, woher Sie wissen, wer es war."),
        ("", "x", "Bitte geben Sie den Benutzernamen des Kontos an."),
    ],
)
def test_a_link_needs_an_account_and_a_reason(helper, username, reason, message):
    make_user("anna.schmidt")
    admin = make_user("verband", role=GlobalRole.FEDERATION_ADMIN)
    with pytest.raises(ValidationError) as caught:
        persons.venue_person_link(person=helper, username=username, by=admin, reason=reason)
    assert [m for ms in caught.value.message_dict.values() for m in ms] == [message]
    assert VenuePersonLink.objects.count() == 0


def test_a_helper_is_not_linked_to_another_helpers_account(helper):
    admin = make_user("verband", role=GlobalRole.FEDERATION_ADMIN)
    with pytest.raises(ValidationError):
        persons.venue_person_link(
            person=helper, username=helper.user.get_username(), by=admin, reason="x"
        )
    assert VenuePersonLink.objects.count() == 0


def test_only_the_federation_links(helper, staff):
    with pytest.raises(PermissionDenied):
        persons.venue_person_link(person=helper, username="orga", by=staff["director"],
                                  reason="x")  # fmt: skip
    assert VenuePersonLink.objects.count() == 0


def test_the_review_shows_the_helper_and_links_by_form(client, helper, staff):
    admin = make_user("verband", role=GlobalRole.FEDERATION_ADMIN)
    url = reverse("venue:person_link", args=[helper.pk])
    client.force_login(staff["director"])
    assert client.post(url, {"username": "orga", "reason": "x"}).status_code == 403
    client.force_login(admin)
    page = client.get(reverse("venue:review_list")).content.decode()
    assert "Helfer vor Ort: Anna Schmidt (Orgatisch, Stadtmeisterschaft Teststadt)" in page
    assert "im Protokoll als vor-ort-anna-schmidt-5b0e7f0c" in page
    answer = client.post(url, {"username": "orga", "reason": "Kennt sie"}, follow=True)
    assert [str(m) for m in answer.context["messages"]] == ["Verknüpfung gespeichert."]
    assert "verknüpft mit orga" in answer.content.decode()
    refused = client.post(url, {"username": "orga", "reason": ""}, follow=True)
    assert [str(m) for m in refused.context["messages"]] == ["Bitte eine Begründung angeben."]
    assert VenuePersonLink.objects.get().account == staff["desk"]
