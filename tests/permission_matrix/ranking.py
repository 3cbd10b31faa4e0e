"""The ranking, players' accounts and appeals, the rules commission (/ranking/)."""

from tests.permission_matrix.matrix import Call

PREFIX = "ranking:"


def year(w):
    return {"year": w.finished.ranking_year}


def appeal(w):
    return {"pk": w.appeal_id}


def another_player_of_f(w) -> int:
    """A player of F without an appeal: staff file for them (the player's own is still open,
    so the player's second one is refused, issue 30.5)."""
    from tournaments.models import Seat

    return (
        Seat.objects.filter(round__tournament=w.finished)
        .exclude(player_id=w.player_id)
        .order_by("player_id")
        .values_list("player_id", flat=True)
        .first()
    )


def club_of_player(w):
    """The slug of the player's club (the demo rows give every player one)."""
    from tournaments.models import Player

    return {"slug": Player.objects.get(pk=w.player_id).club_slug}


CALLS = {
    "index": Call(),
    "clubs": Call(),
    "clubs_year": Call(year),
    "club": Call(club_of_player),
    "year": Call(year),
    "csv": Call(year),
    "player": Call(lambda w: {"player_id": w.player_id}),
    "rating": Call(),
    "rating_csv": Call(),
    "rating_year": Call(year),
    "rating_year_csv": Call(year),
    "my_area": Call(),
    "appeal_new": Call(
        lambda w: {"tournament_pk": w.finished.pk},
        data=lambda w: {
            "player": str(another_player_of_f(w)),
            "what_is_wrong": "Spiel 1 falsch übertragen",
            "correction_requested": "B hat gewonnen",
        },
    ),
    "appeal_detail": Call(appeal),
    "appeal_attachment": Call(appeal),
    "appeal_addition_new": Call(appeal, data=lambda w: {"text": "Noch ein Zeuge: Tisch 2"}),
    "appeal_addition_attachment": Call(lambda w: {"pk": w.appeal_id, "addition_pk": w.addition_id}),
    "commission_inbox": Call(),
    "commission_appeal": Call(appeal),
    "commission_review": Call(appeal),
    "commission_decide": Call(
        appeal, data=lambda w: {"outcome": "rejected", "reasoning": "Kein Fehler."}
    ),
    "commission_tournaments": Call(),
    "commission_strike": Call(
        lambda w: {"pk": w.finished.pk}, data=lambda w: {"struck": "1", "reasoning": "Klub 3.1.1"}
    ),
    "my_tournaments": Call(),
    "my_data": Call(data=lambda w: {"publish_name": "on"}),
    "my_data_json": Call(),
    "my_data_csv": Call(),
    "my_erasure_request": Call(data=lambda w: {"reason": "Bitte", "confirm": "on"}),
    "check_in": Call(lambda w: {"pk": w.t.pk}),
    "signup_register": Call(lambda w: {"pk": w.upcoming.pk}),
    "signup_withdraw": Call(lambda w: {"pk": w.upcoming.pk}),
    "notifications": Call(data=lambda w: {"table_mail": "on"}),
    "calendar_link": Call(data=lambda w: {"action": "new"}),
    "calendar_feed": Call(lambda w: {"token": w.calendar_token}),
    "calendar_feed@revoked": Call(lambda w: {"token": "x" * 32}),
    "invite": Call(
        data=lambda w: {
            "federation_number": w.free_player.federation_number,
            "email": "neu@example.org",
        }
    ),
    "invitation_accept": Call(
        lambda w: {"token": w.token},
        data=lambda w: {"password": "Rummikub-2026!", "password_again": "Rummikub-2026!"},
    ),
}

TABLE = """
                                  anon pl   opl  ref  head oref desk dir  odir com  fed  su
# An appeal: its player (or whoever filed it), the tournament's director, the commission
# and the federation admins. Any player who played may file (Klub 4.2.3).
appeal_attachment            GET  L    200  403  403  403  403  403  200  403  200  200  200
appeal_attachment            POST L    200  403  403  403  403  403  200  403  200  200  200
appeal_detail                GET  L    200  403  403  403  403  403  200  403  200  200  200
appeal_detail                POST L    200  403  403  403  403  403  200  403  200  200  200
appeal_addition_attachment   GET  L    200  403  403  403  403  403  200  403  200  200  200
appeal_addition_attachment   POST L    200  403  403  403  403  403  200  403  200  200  200
# Adding to the open appeal (issue 30.5): who may file it, the player or the director (and the
# federation admins) on the player's behalf; the commission decides, it does not add.
appeal_addition_new          GET  L    200  403  403  403  403  403  200  403  403  200  200
appeal_addition_new          POST L    W    403  403  403  403  403  W    403  403  W    W
appeal_new                   GET  L    200  200  403  403  403  403  200  403  403  200  200
# The player's appeal on F is open: a second one is refused (422, issue 30.5); staff file for
# another player of F.
appeal_new                   POST L    422  W    403  403  403  403  W    403  403  W    W
# The superuser counts as every global role, the commission's too.
commission_appeal            GET  L    403  403  403  403  403  403  403  403  200  403  200
commission_appeal            POST L    403  403  403  403  403  403  403  403  200  403  200
commission_decide            GET  L    405  405  405  405  405  405  405  405  405  405  405
commission_decide            POST L    403  403  403  403  403  403  403  403  W    403  W
commission_inbox             GET  L    403  403  403  403  403  403  403  403  200  403  200
commission_inbox             POST L    403  403  403  403  403  403  403  403  200  403  200
commission_review            GET  L    405  405  405  405  405  405  405  405  405  405  405
commission_review            POST L    403  403  403  403  403  403  403  403  W    403  W
commission_strike            GET  L    405  405  405  405  405  405  405  405  405  405  405
commission_strike            POST L    403  403  403  403  403  403  403  403  W    403  W
commission_tournaments       GET  L    403  403  403  403  403  403  403  403  200  403  200
commission_tournaments       POST L    403  403  403  403  403  403  403  403  200  403  200
# The public ranking (POST renders like GET: not cached, not public_page).
csv                          GET  200  200  200  200  200  200  200  200  200  200  200  200
csv                          POST 200  200  200  200  200  200  200  200  200  200  200  200
club                         GET  200  200  200  200  200  200  200  200  200  200  200  200
club                         POST 405  405  405  405  405  405  405  405  405  405  405  405
clubs                        GET  200  200  200  200  200  200  200  200  200  200  200  200
clubs                        POST 405  405  405  405  405  405  405  405  405  405  405  405
clubs_year                   GET  200  200  200  200  200  200  200  200  200  200  200  200
clubs_year                   POST 405  405  405  405  405  405  405  405  405  405  405  405
index                        GET  302  302  302  302  302  302  302  302  302  302  302  302
index                        POST 302  302  302  302  302  302  302  302  302  302  302  302
# The token is the permission: whoever holds the link sets the password.
invitation_accept            GET  200  200  200  200  200  200  200  200  200  200  200  200
invitation_accept            POST W    W    W    W    W    W    W    W    W    W    W    W
invite                       GET  L    403  403  403  403  403  403  200  200  403  200  200
invite                       POST L    403  403  403  403  403  403  W    W    403  W    W
# A player's own registration: only players with an account, only for themselves (the URL
# names no player). Withdrawing without a registration is refused with a message (302).
# The check-in link at the venue: players with an account; T's window is closed (302, message).
check_in                     GET  L    200  200  403  403  403  403  403  403  403  403  403
check_in                     POST L    302  302  403  403  403  403  403  403  403  403  403
# "Meine Daten" (DSGVO): only players with an account, only their own (the URL names no
# player). The consent form posts the value it already has: a redirect without a write.
my_data                      GET  L    200  200  403  403  403  403  403  403  403  403  403
my_data                      POST L    302  302  403  403  403  403  403  403  403  403  403
my_data_csv                  GET  L    200  200  403  403  403  403  403  403  403  403  403
my_data_csv                  POST L    405  405  405  405  405  405  405  405  405  405  405
my_data_json                 GET  L    200  200  403  403  403  403  403  403  403  403  403
my_data_json                 POST L    405  405  405  405  405  405  405  405  405  405  405
my_erasure_request           GET  L    405  405  405  405  405  405  405  405  405  405  405
my_erasure_request           POST L    W    W    403  403  403  403  403  403  403  403  403
my_tournaments               GET  L    200  200  403  403  403  403  403  403  403  403  403
my_tournaments               POST L    405  405  405  405  405  405  405  405  405  405  405
signup_register              GET  L    405  405  405  405  405  405  405  405  405  405  405
signup_register              POST L    W    W    403  403  403  403  403  403  403  403  403
signup_withdraw              GET  L    405  405  405  405  405  405  405  405  405  405  405
signup_withdraw              POST L    302  302  403  403  403  403  403  403  403  403  403
# E-mails and calendar link: players with an account, for their own account only (the URL
# names no player). The feed: the secret link is the permission; an unknown one is 404.
notifications                GET  L    200  200  403  403  403  403  403  403  403  403  403
notifications                POST L    W    W    403  403  403  403  403  403  403  403  403
calendar_link                GET  L    405  405  405  405  405  405  405  405  405  405  405
calendar_link                POST L    W    W    403  403  403  403  403  403  403  403  403
calendar_feed                GET  200  200  200  200  200  200  200  200  200  200  200  200
calendar_feed                POST 405  405  405  405  405  405  405  405  405  405  405  405
calendar_feed@revoked        GET  404  404  404  404  404  404  404  404  404  404  404  404
calendar_feed@revoked        POST 405  405  405  405  405  405  405  405  405  405  405  405
my_area                      GET  L    200  200  403  403  403  403  200  200  403  200  200
my_area                      POST L    200  200  403  403  403  403  200  200  403  200  200
# Public pages of the ranking, cached for visitors: GET only (issue 33).
player                       GET  200  200  200  200  200  200  200  200  200  200  200  200
player                       POST 405  405  405  405  405  405  405  405  405  405  405  405
rating                       GET  200  200  200  200  200  200  200  200  200  200  200  200
rating                       POST 405  405  405  405  405  405  405  405  405  405  405  405
rating_csv                   GET  200  200  200  200  200  200  200  200  200  200  200  200
rating_csv                   POST 200  200  200  200  200  200  200  200  200  200  200  200
rating_year                  GET  200  200  200  200  200  200  200  200  200  200  200  200
rating_year                  POST 405  405  405  405  405  405  405  405  405  405  405  405
rating_year_csv              GET  200  200  200  200  200  200  200  200  200  200  200  200
rating_year_csv              POST 200  200  200  200  200  200  200  200  200  200  200  200
year                         GET  200  200  200  200  200  200  200  200  200  200  200  200
year                         POST 405  405  405  405  405  405  405  405  405  405  405  405
"""
