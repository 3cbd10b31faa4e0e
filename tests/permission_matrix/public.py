"""Public pages, the staff areas' entry pages, log-in and log-out (no namespace)."""

from tests.permission_matrix.matrix import Call

PREFIX = ""


def t(w):
    return {"pk": w.t.pk}


CALLS = {
    "home": Call(),
    "service_worker": Call(),
    "web_manifest": Call(query={"sprache": "en", "fuer": "spieler"}),
    "offline": Call(),
    "federation_calendar": Call(),
    "tournament_public": Call(t),
    "tournament_public@draft": Call(lambda w: {"pk": w.draft.pk}),
    "tournament_public@juniors": Call(lambda w: {"pk": w.t_juniors.pk}),
    "pairing_by_table": Call(lambda w: {"pk": w.t.pk, "number": 2}),
    "pairing_by_table@drawn": Call(lambda w: {"pk": w.drawn.pk, "number": 1}),
    "pairing_by_name": Call(lambda w: {"pk": w.t.pk, "number": 2}, query={"q": "a"}),
    "pairing_by_name@drawn": Call(lambda w: {"pk": w.drawn.pk, "number": 1}),
    "table_cards": Call(lambda w: {"pk": w.t.pk, "number": 2}),
    "table_cards@drawn": Call(lambda w: {"pk": w.drawn.pk, "number": 1}),
    "round_results": Call(lambda w: {"pk": w.t.pk, "number": 1}),
    "round_results@released": Call(lambda w: {"pk": w.t.pk, "number": 2}),
    "standings": Call(t, query={"q": "a"}),
    "standings@draft": Call(lambda w: {"pk": w.draft.pk}),
    "standings_csv": Call(t),
    "standings_csv@draft": Call(lambda w: {"pk": w.draft.pk}),
    "hall_display": Call(t),
    "hall_display@draft": Call(lambda w: {"pk": w.draft.pk}),
    "player_page": Call(lambda w: {"pk": w.player_id}),
    "player_page@unseen": Call(lambda w: {"pk": w.free_player.pk}),
    "privacy": Call(),
    "referee_home": Call(),
    "desk_home": Call(),
    "commission_home": Call(),
    "login": Call(data=lambda w: {"username": "leiterin", "password": "falsch"}),
    "logout": Call(),
    "set_language": Call(data=lambda w: {"language": "en", "next": "/"}),
}

TABLE = """
                                  anon pl   opl  ref  head oref desk dir  odir com  fed  su
# The staff areas' entry pages, each listing the user's own tournaments.
commission_home              GET  L    403  403  403  403  403  403  403  403  200  403  200
commission_home              POST L    403  403  403  403  403  403  403  403  200  403  200
desk_home                    GET  L    403  403  403  403  403  200  200  200  403  200  200
desk_home                    POST L    403  403  403  403  403  200  200  200  403  200  200
# Read-only pages answer POST with 405. Not public yet (@draft, @drawn: round 1 not
# released): 404 but for the tournament's director and admins. A released round's results
# (@released: not published) exist for everyone: a notice without figures (issue 28.5).
hall_display                 GET  200  200  200  200  200  200  200  200  200  200  200  200
hall_display                 POST 405  405  405  405  405  405  405  405  405  405  405  405
hall_display@draft           GET  404  404  404  404  404  404  404  200  404  404  200  200
hall_display@draft           POST 405  405  405  405  405  405  405  405  405  405  405  405
# The federation calendar (ICS) of all public tournaments, cached like the start page.
federation_calendar          GET  200  200  200  200  200  200  200  200  200  200  200  200
federation_calendar          POST 405  405  405  405  405  405  405  405  405  405  405  405
home                         GET  200  200  200  200  200  200  200  200  200  200  200  200
home                         POST 405  405  405  405  405  405  405  405  405  405  405  405
# The installable app (issue 34): the same for everyone, nothing personal.
offline                      GET  200  200  200  200  200  200  200  200  200  200  200  200
offline                      POST 405  405  405  405  405  405  405  405  405  405  405  405
service_worker               GET  200  200  200  200  200  200  200  200  200  200  200  200
service_worker               POST 405  405  405  405  405  405  405  405  405  405  405  405
web_manifest                 GET  200  200  200  200  200  200  200  200  200  200  200  200
web_manifest                 POST 405  405  405  405  405  405  405  405  405  405  405  405
login                        GET  200  200  200  200  200  200  200  200  200  200  200  200
login                        POST 200  200  200  200  200  200  200  200  200  200  200  200
# Log-out only by POST (Django 5).
logout                       GET  405  405  405  405  405  405  405  405  405  405  405  405
logout                       POST 302  302  302  302  302  302  302  302  302  302  302  302
pairing_by_name              GET  200  200  200  200  200  200  200  200  200  200  200  200
pairing_by_name              POST 405  405  405  405  405  405  405  405  405  405  405  405
pairing_by_name@drawn        GET  404  404  404  404  404  404  404  200  404  404  200  200
pairing_by_name@drawn        POST 405  405  405  405  405  405  405  405  405  405  405  405
pairing_by_table             GET  200  200  200  200  200  200  200  200  200  200  200  200
pairing_by_table             POST 405  405  405  405  405  405  405  405  405  405  405  405
pairing_by_table@drawn       GET  404  404  404  404  404  404  404  200  404  404  200  200
pairing_by_table@drawn       POST 405  405  405  405  405  405  405  405  405  405  405  405
player_page                  GET  200  200  200  200  200  200  200  200  200  200  200  200
player_page                  POST 405  405  405  405  405  405  405  405  405  405  405  405
# A registry entry in no public tournament: only directors see it.
player_page@unseen           GET  404  404  404  404  404  404  404  200  200  404  200  200
player_page@unseen           POST 405  405  405  405  405  405  405  405  405  405  405  405
privacy                      GET  200  200  200  200  200  200  200  200  200  200  200  200
privacy                      POST 405  405  405  405  405  405  405  405  405  405  405  405
referee_home                 GET  L    403  403  200  200  200  403  403  403  403  403  200
referee_home                 POST L    403  403  200  200  200  403  403  403  403  403  200
round_results                GET  200  200  200  200  200  200  200  200  200  200  200  200
round_results                POST 405  405  405  405  405  405  405  405  405  405  405  405
round_results@released       GET  200  200  200  200  200  200  200  200  200  200  200  200
round_results@released       POST 405  405  405  405  405  405  405  405  405  405  405  405
# The language switch: a cookie for everyone; GET just goes back. A player's switch also sets
# the language of the player's e-mails (a write: with the CSRF token of the signed-in page).
set_language                 GET  302  302  302  302  302  302  302  302  302  302  302  302
set_language                 POST 302  W    W    302  302  302  302  302  302  302  302  302
standings                    GET  200  200  200  200  200  200  200  200  200  200  200  200
standings                    POST 405  405  405  405  405  405  405  405  405  405  405  405
standings@draft              GET  404  404  404  404  404  404  404  200  404  404  200  200
standings@draft              POST 405  405  405  405  405  405  405  405  405  405  405  405
standings_csv                GET  200  200  200  200  200  200  200  200  200  200  200  200
standings_csv                POST 405  405  405  405  405  405  405  405  405  405  405  405
standings_csv@draft          GET  404  404  404  404  404  404  404  200  404  404  200  200
standings_csv@draft          POST 405  405  405  405  405  405  405  405  405  405  405  405
table_cards                  GET  200  200  200  200  200  200  200  200  200  200  200  200
table_cards                  POST 405  405  405  405  405  405  405  405  405  405  405  405
table_cards@drawn            GET  404  404  404  404  404  404  404  200  404  404  200  200
table_cards@drawn            POST 405  405  405  405  405  405  405  405  405  405  405  405
tournament_public            GET  200  200  200  200  200  200  200  200  200  200  200  200
tournament_public            POST 405  405  405  405  405  405  405  405  405  405  405  405
tournament_public@draft      GET  404  404  404  404  404  404  404  200  404  404  200  200
tournament_public@draft      POST 405  405  405  405  405  405  405  405  405  405  405  405
tournament_public@juniors    GET  200  200  200  200  200  200  200  200  200  200  200  200
tournament_public@juniors    POST 405  405  405  405  405  405  405  405  405  405  405  405
"""
