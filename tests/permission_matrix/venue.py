"""Offline venue mode (issue 18, namespace "venue"): the director's section of a tournament
checked out to the venue (V: the director's, checked out by her; an earlier checkout of it was
revoked and holds an upload for review), the federation's review and the laptop's upload
endpoint (no account: the signature decides; an empty body is bad input for everyone)."""

from tests.permission_matrix.matrix import Call

PREFIX = "venue:"


def v(w):
    return {"pk": w.venue.pk}


def helper(w):
    """A helper at the venue, as an upload of V's open checkout records one (issue 29)."""
    from django.contrib.auth import get_user_model

    from tournaments.models import VenuePerson

    account, _made = get_user_model().objects.get_or_create(username="vor-ort-hanna-0000")
    person, _made = VenuePerson.objects.get_or_create(
        username="hanna",
        defaults={"checkout": w.venue.venue_checkouts.get(state="out"), "name": "Hanna",
                  "role": "desk", "user": account},
    )  # fmt: skip
    return {"pk": person.pk}


CALLS = {
    "upload": Call(),
    "resume": Call(),
    "section": Call(v),
    # the Städtekampf: not checked out, no round yet
    "checkout": Call(lambda w: {"pk": w.contest.pk}, data=lambda w: {"confirm": "on"}),
    "checkout@unconfirmed": Call(lambda w: {"pk": w.contest.pk}),
    "checkout@other": Call(lambda w: {"pk": w.other.pk}, data=lambda w: {"confirm": "on"}),
    "package": Call(v),
    "package@not_out": Call(lambda w: {"pk": w.contest.pk}),
    "checkin": Call(v, data=lambda w: {"reason": "Leitung stand nie"}),
    "revoke": Call(v, data=lambda w: {"reason": "Laptop verloren"}),
    "review_list": Call(),
    "review": Call(
        lambda w: {"upload_pk": w.held_upload_id},
        data=lambda w: {"decision": "discard", "reason": "Testlauf"},
    ),
    "conflict_resolve": Call(
        lambda w: {"pk": w.conflict_id}, data=lambda w: {"keep": "central", "reason": "Anruf"}
    ),
    "person_link": Call(helper, data=lambda w: {"username": "orga", "reason": "Vereinsliste"}),
}

TABLE = """
                                  anon pl   opl  ref  head oref desk dir  odir com  fed  su
# The laptop's endpoint: POST only, no session needed; an empty body is refused (400).
upload                       GET  405  405  405  405  405  405  405  405  405  405  405  405
upload                       POST 400  400  400  400  400  400  400  400  400  400  400  400
# The laptop's resume request (issue 29.4): the same, the checkout's key decides.
resume                       GET  405  405  405  405  405  405  405  405  405  405  405  405
resume                       POST 400  400  400  400  400  400  400  400  400  400  400  400
# The section alone (what htmx polls): the tournament's director and the federation.
section                      GET  L    403  403  403  403  403  403  200  403  403  200  200
section                      POST L    405  405  405  405  405  405  405  405  405  405  405
checkout                     GET  L    405  405  405  405  405  405  405  405  405  405  405
checkout                     POST L    403  403  403  403  403  403  W    403  403  W    W
# Without the confirmation: nothing is checked out (the form again, with the message).
checkout@unconfirmed         GET  L    405  405  405  405  405  405  405  405  405  405  405
checkout@unconfirmed         POST L    403  403  403  403  403  403  302  403  403  302  302
# Another director's tournament: only its director (not ours) and the federation.
checkout@other               GET  L    405  405  405  405  405  405  405  405  405  405  405
checkout@other               POST L    403  403  403  403  403  403  403  W    403  W    W
# The package holds the signing key: the director and the federation, only while out.
package                      GET  L    403  403  403  403  403  403  200  403  403  200  200
package                      POST L    405  405  405  405  405  405  405  405  405  405  405
package@not_out              GET  L    403  403  403  403  403  403  404  403  403  404  404
package@not_out              POST L    405  405  405  405  405  405  405  405  405  405  405
checkin                      GET  L    405  405  405  405  405  405  405  405  405  405  405
checkin                      POST L    403  403  403  403  403  403  W    403  403  W    W
# Revoking is the federation's: the director gets a refusal.
revoke                       GET  L    405  405  405  405  405  405  405  405  405  405  405
revoke                       POST L    403  403  403  403  403  403  403  403  403  W    W
review_list                  GET  L    403  403  403  403  403  403  403  403  403  200  200
review_list                  POST L    405  405  405  405  405  405  405  405  405  405  405
review                       GET  L    403  403  403  403  403  403  403  403  403  200  200
review                       POST L    403  403  403  403  403  403  403  403  403  W    W
conflict_resolve             GET  L    405  405  405  405  405  405  405  405  405  405  405
conflict_resolve             POST L    403  403  403  403  403  403  403  403  403  W    W
# Linking a helper at the venue to an account (issue 29): the federation's.
person_link                  GET  L    405  405  405  405  405  405  405  405  405  405  405
person_link                  POST L    403  403  403  403  403  403  403  403  403  W    W
"""
