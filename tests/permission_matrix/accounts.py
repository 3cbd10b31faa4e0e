"""Accounts under /konto/ (no namespace): sign-up, password reset, the start page (issue 16)."""

from django.contrib.auth.tokens import default_token_generator
from django.utils.encoding import force_bytes
from django.utils.http import urlsafe_base64_encode

from players.accounts import services as account_services
from tests.permission_matrix.matrix import Call

PREFIX = ""


def reset_link(w):
    user = w.users["opl"]
    return {
        "uidb64": urlsafe_base64_encode(force_bytes(user.pk)),
        "token": default_token_generator.make_token(user),
    }


CALLS = {
    "start": Call(),
    "push_devices": Call(),
    # a form post, not the browser's JSON: refused with 400 (the JSON path: tests/players/push)
    "push_subscribe": Call(data=lambda w: {"endpoint": "x"}),
    "push_device": Call(
        lambda w: {"pk": w.push_device_id},
        data=lambda w: {f"device-{w.push_device_id}-kinds": ["published"]},
    ),
    "signup": Call(
        data=lambda w: {
            "federation_number": w.free_player.federation_number,
            "email": w.free_player.email,
        }
    ),
    "signup_sent": Call(),
    "signup_verify": Call(
        lambda w: {"token": account_services.account_open_token(w.free_player)},
        data=lambda w: {"password": "Rummikub-2026!", "password_again": "Rummikub-2026!"},
    ),
    "password_reset": Call(data=lambda w: {"email": "niemand@example.org"}),
    "password_reset_done": Call(),
    "password_reset_confirm": Call(reset_link),
    "password_reset_complete": Call(),
}

TABLE = """
                                  anon pl   opl  ref  head oref desk dir  odir com  fed  su
# Reset: the same answer for known and unknown addresses; the valid link moves its token into
# the session and redirects to the form (Django's single-use link).
password_reset               GET  200  200  200  200  200  200  200  200  200  200  200  200
password_reset               POST 302  302  302  302  302  302  302  302  302  302  302  302
password_reset_complete      GET  200  200  200  200  200  200  200  200  200  200  200  200
password_reset_complete      POST 405  405  405  405  405  405  405  405  405  405  405  405
password_reset_confirm       GET  302  302  302  302  302  302  302  302  302  302  302  302
password_reset_confirm       POST 302  302  302  302  302  302  302  302  302  302  302  302
password_reset_done          GET  200  200  200  200  200  200  200  200  200  200  200  200
password_reset_done          POST 405  405  405  405  405  405  405  405  405  405  405  405
# Sign-up: anyone may ask (the request only enqueues what was typed, a worker looks it up and
# queues the e-mail: no write here, issue 30.6); the e-mailed, signed link is the permission.
signup                       GET  200  200  200  200  200  200  200  200  200  200  200  200
signup                       POST 302  302  302  302  302  302  302  302  302  302  302  302
signup_sent                  GET  200  200  200  200  200  200  200  200  200  200  200  200
signup_sent                  POST 405  405  405  405  405  405  405  405  405  405  405  405
signup_verify                GET  200  200  200  200  200  200  200  200  200  200  200  200
signup_verify                POST W    W    W    W    W    W    W    W    W    W    W    W
# Push messages (issue 34): every signed-in user's own devices; a device is its owner's only
# (the player's phone: others get 404, as if it were not there).
push_devices                 GET  L    200  200  200  200  200  200  200  200  200  200  200
push_devices                 POST L    302  302  302  302  302  302  302  302  302  302  302
push_subscribe               GET  L    405  405  405  405  405  405  405  405  405  405  405
push_subscribe               POST L    400  400  400  400  400  400  400  400  400  400  400
push_device                  GET  L    405  405  405  405  405  405  405  405  405  405  405
push_device                  POST L    W    404  404  404  404  404  404  404  404  404  404
# After log-in: each role to its own start page.
start                        GET  L    302  302  302  302  302  302  302  302  302  302  302
start                        POST L    302  302  302  302  302  302  302  302  302  302  302
"""
