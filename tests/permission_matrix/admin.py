"""The Django admin (/admin/): for staff accounts only (Django's `is_staff`, here the superuser).

Keys are the URL names without "admin:" and without the app label (`tournament_change`); the
unnamed object URLs (they redirect to the change page) are `<model>_object`, the final
catch-all is `catch_all`. Every call sends an empty POST: the matrix is about who gets in.
"""

from __future__ import annotations

import re

from django.contrib.auth.models import Group
from django.contrib.contenttypes.models import ContentType

from ranking.models import RankingStrike
from tests.permission_matrix.matrix import Call
from tournaments.enums import GlobalRole
from tournaments.models import PairingChange, TablePin, Tournament

PREFIX = "admin:"
MISSING = 999_999  # no record of this model in the world: the admin redirects to its index

_MODEL_ROUTE = re.compile(r"^admin/(?P<app>auth|axes|tournaments|ranking)/(?P<model>\w+)/")


def key_of(name: str, route: str) -> str:
    """The table key of an admin URL (name as in url_map.txt, `admin:None` when unnamed)."""
    short = name.removeprefix("admin:")
    match = _MODEL_ROUTE.match(route)
    if route == "admin/(?P<url>.*)$":
        return "catch_all"
    if match is None:
        return short
    if short == "None":
        return f"{match['model']}_object"
    return short.removeprefix(f"{match['app']}_")


def object_ids(w) -> dict[str, int]:
    """One record per admin model, where the world has one."""
    t = w.t
    rnd = t.rounds.get(number=2)
    return {
        "group": Group.objects.get(name=GlobalRole.DIRECTOR).pk,
        "user": w.users["desk"].pk,
        "accessattempt": w.axes_ids["accessattempt"],
        "accessfailurelog": MISSING,  # off in our settings
        "accesslog": w.axes_ids["accesslog"],
        "rankingstrike": RankingStrike.objects.get(tournament=w.other).pk,
        "absence": w.absence_id,
        "cutdecision": MISSING,
        "pairingchange": PairingChange.objects.filter(round=rnd).first().pk,
        "player": w.player_id,
        "registration": w.late.pk,
        "round": rnd.pk,
        "table": rnd.tables.get(number=1).pk,
        "tablepin": TablePin.objects.get(tournament=w.drawn).pk,
        "team": w.contest.teams.get().pk,
        "tournament": t.pk,
        "tournamentstaff": w.staff_id,
    }


def path_for(route: str):
    """Fill a route of url_map.txt with the world's records."""

    def build(w) -> str:
        if route == "admin/(?P<url>.*)$":
            return "/admin/nichts-hier/"
        path = route.replace("^(?P<app_label>auth|axes|tournaments|ranking)/$", "tournaments/")
        if "<path:content_type_id>" in path:
            content_type = ContentType.objects.get_for_model(Tournament)
            path = path.replace("<path:content_type_id>", str(content_type.pk))
            return "/" + path.replace("<path:object_id>", str(w.t.pk))
        if "<id>" in path:
            return "/" + path.replace("<id>", str(w.users["desk"].pk))
        match = _MODEL_ROUTE.match(route)
        if match and "<path:object_id>" in path:
            path = path.replace("<path:object_id>", str(object_ids(w)[match["model"]]))
        return "/" + path

    return build


def calls(routes) -> dict[str, Call]:
    """A call for every admin route of url_map.txt, keyed like the table."""
    return {
        PREFIX + key_of(name, route): Call(path=path_for(route))
        for name, route in routes
        if name.startswith("admin:")
    }


TABLE = """
                                  anon pl   opl  ref  head oref desk dir  odir com  fed  su
# Staff accounts only: everyone else, the federation admins' group too, goes to the
# admin's log-in. Every tournaments record and the commission's strikes are read
# only: 403 on add, change and delete. The world has no cut decision: its pages redirect
# to the index (302). An empty POST never saves: the forms say what is missing (200).
absence_add                  GET  L    L    L    L    L    L    L    L    L    L    L    403
absence_add                  POST L    L    L    L    L    L    L    L    L    L    L    403
absence_change               GET  L    L    L    L    L    L    L    L    L    L    L    200
absence_change               POST L    L    L    L    L    L    L    L    L    L    L    403
absence_changelist           GET  L    L    L    L    L    L    L    L    L    L    L    200
absence_changelist           POST L    L    L    L    L    L    L    L    L    L    L    200
absence_delete               GET  L    L    L    L    L    L    L    L    L    L    L    403
absence_delete               POST L    L    L    L    L    L    L    L    L    L    L    403
absence_history              GET  L    L    L    L    L    L    L    L    L    L    L    200
absence_history              POST L    L    L    L    L    L    L    L    L    L    L    200
absence_object               GET  L    L    L    L    L    L    L    L    L    L    L    302
absence_object               POST L    L    L    L    L    L    L    L    L    L    L    302
accessattempt_add            GET  L    L    L    L    L    L    L    L    L    L    L    403
accessattempt_add            POST L    L    L    L    L    L    L    L    L    L    L    403
accessattempt_change         GET  L    L    L    L    L    L    L    L    L    L    L    200
accessattempt_change         POST L    L    L    L    L    L    L    L    L    L    L    W
accessattempt_changelist     GET  L    L    L    L    L    L    L    L    L    L    L    200
accessattempt_changelist     POST L    L    L    L    L    L    L    L    L    L    L    200
accessattempt_delete         GET  L    L    L    L    L    L    L    L    L    L    L    200
accessattempt_delete         POST L    L    L    L    L    L    L    L    L    L    L    200
accessattempt_history        GET  L    L    L    L    L    L    L    L    L    L    L    200
accessattempt_history        POST L    L    L    L    L    L    L    L    L    L    L    200
accessattempt_object         GET  L    L    L    L    L    L    L    L    L    L    L    302
accessattempt_object         POST L    L    L    L    L    L    L    L    L    L    L    302
accessfailurelog_add         GET  L    L    L    L    L    L    L    L    L    L    L    403
accessfailurelog_add         POST L    L    L    L    L    L    L    L    L    L    L    403
accessfailurelog_change      GET  L    L    L    L    L    L    L    L    L    L    L    302
accessfailurelog_change      POST L    L    L    L    L    L    L    L    L    L    L    302
accessfailurelog_changelist  GET  L    L    L    L    L    L    L    L    L    L    L    200
accessfailurelog_changelist  POST L    L    L    L    L    L    L    L    L    L    L    200
accessfailurelog_delete      GET  L    L    L    L    L    L    L    L    L    L    L    302
accessfailurelog_delete      POST L    L    L    L    L    L    L    L    L    L    L    302
accessfailurelog_history     GET  L    L    L    L    L    L    L    L    L    L    L    302
accessfailurelog_history     POST L    L    L    L    L    L    L    L    L    L    L    302
accessfailurelog_object      GET  L    L    L    L    L    L    L    L    L    L    L    302
accessfailurelog_object      POST L    L    L    L    L    L    L    L    L    L    L    302
accesslog_add                GET  L    L    L    L    L    L    L    L    L    L    L    403
accesslog_add                POST L    L    L    L    L    L    L    L    L    L    L    403
accesslog_change             GET  L    L    L    L    L    L    L    L    L    L    L    200
accesslog_change             POST L    L    L    L    L    L    L    L    L    L    L    W
accesslog_changelist         GET  L    L    L    L    L    L    L    L    L    L    L    200
accesslog_changelist         POST L    L    L    L    L    L    L    L    L    L    L    200
accesslog_delete             GET  L    L    L    L    L    L    L    L    L    L    L    200
accesslog_delete             POST L    L    L    L    L    L    L    L    L    L    L    200
accesslog_history            GET  L    L    L    L    L    L    L    L    L    L    L    200
accesslog_history            POST L    L    L    L    L    L    L    L    L    L    L    200
accesslog_object             GET  L    L    L    L    L    L    L    L    L    L    L    302
accesslog_object             POST L    L    L    L    L    L    L    L    L    L    L    302
app_list                     GET  L    L    L    L    L    L    L    L    L    L    L    200
app_list                     POST L    L    L    L    L    L    L    L    L    L    L    200
# Without its query parameters the autocomplete refuses (403).
autocomplete                 GET  L    L    L    L    L    L    L    L    L    L    L    403
autocomplete                 POST L    L    L    L    L    L    L    L    L    L    L    405
catch_all                    GET  L    L    L    L    L    L    L    L    L    L    L    404
catch_all                    POST L    L    L    L    L    L    L    L    L    L    L    404
cutdecision_add              GET  L    L    L    L    L    L    L    L    L    L    L    403
cutdecision_add              POST L    L    L    L    L    L    L    L    L    L    L    403
cutdecision_change           GET  L    L    L    L    L    L    L    L    L    L    L    302
cutdecision_change           POST L    L    L    L    L    L    L    L    L    L    L    403
cutdecision_changelist       GET  L    L    L    L    L    L    L    L    L    L    L    200
cutdecision_changelist       POST L    L    L    L    L    L    L    L    L    L    L    200
cutdecision_delete           GET  L    L    L    L    L    L    L    L    L    L    L    403
cutdecision_delete           POST L    L    L    L    L    L    L    L    L    L    L    403
cutdecision_history          GET  L    L    L    L    L    L    L    L    L    L    L    302
cutdecision_history          POST L    L    L    L    L    L    L    L    L    L    L    302
cutdecision_object           GET  L    L    L    L    L    L    L    L    L    L    L    302
cutdecision_object           POST L    L    L    L    L    L    L    L    L    L    L    302
group_add                    GET  L    L    L    L    L    L    L    L    L    L    L    200
group_add                    POST L    L    L    L    L    L    L    L    L    L    L    200
group_change                 GET  L    L    L    L    L    L    L    L    L    L    L    200
group_change                 POST L    L    L    L    L    L    L    L    L    L    L    200
group_changelist             GET  L    L    L    L    L    L    L    L    L    L    L    200
group_changelist             POST L    L    L    L    L    L    L    L    L    L    L    200
group_delete                 GET  L    L    L    L    L    L    L    L    L    L    L    200
group_delete                 POST L    L    L    L    L    L    L    L    L    L    L    200
group_history                GET  L    L    L    L    L    L    L    L    L    L    L    200
group_history                POST L    L    L    L    L    L    L    L    L    L    L    200
group_object                 GET  L    L    L    L    L    L    L    L    L    L    L    302
group_object                 POST L    L    L    L    L    L    L    L    L    L    L    302
index                        GET  L    L    L    L    L    L    L    L    L    L    L    200
index                        POST L    L    L    L    L    L    L    L    L    L    L    200
jsi18n                       GET  L    L    L    L    L    L    L    L    L    L    L    200
jsi18n                       POST L    L    L    L    L    L    L    L    L    L    L    405
# The admin's log-in shows itself to the logged-in non-staff (they may switch accounts).
login                        GET  200  200  200  200  200  200  200  200  200  200  200  302
login                        POST 200  200  200  200  200  200  200  200  200  200  200  200
# Log-out by POST only (405 to the staff); the others are sent to the index first.
logout                       GET  302  302  302  302  302  302  302  302  302  302  302  405
logout                       POST 302  302  302  302  302  302  302  302  302  302  302  302
pairingchange_add            GET  L    L    L    L    L    L    L    L    L    L    L    403
pairingchange_add            POST L    L    L    L    L    L    L    L    L    L    L    403
pairingchange_change         GET  L    L    L    L    L    L    L    L    L    L    L    200
pairingchange_change         POST L    L    L    L    L    L    L    L    L    L    L    403
pairingchange_changelist     GET  L    L    L    L    L    L    L    L    L    L    L    200
pairingchange_changelist     POST L    L    L    L    L    L    L    L    L    L    L    200
pairingchange_delete         GET  L    L    L    L    L    L    L    L    L    L    L    403
pairingchange_delete         POST L    L    L    L    L    L    L    L    L    L    L    403
pairingchange_history        GET  L    L    L    L    L    L    L    L    L    L    L    200
pairingchange_history        POST L    L    L    L    L    L    L    L    L    L    L    200
pairingchange_object         GET  L    L    L    L    L    L    L    L    L    L    L    302
pairingchange_object         POST L    L    L    L    L    L    L    L    L    L    L    302
password_change              GET  L    L    L    L    L    L    L    L    L    L    L    200
password_change              POST L    L    L    L    L    L    L    L    L    L    L    200
password_change_done         GET  L    L    L    L    L    L    L    L    L    L    L    200
password_change_done         POST L    L    L    L    L    L    L    L    L    L    L    405
player_add                   GET  L    L    L    L    L    L    L    L    L    L    L    403
player_add                   POST L    L    L    L    L    L    L    L    L    L    L    403
player_change                GET  L    L    L    L    L    L    L    L    L    L    L    200
player_change                POST L    L    L    L    L    L    L    L    L    L    L    403
player_changelist            GET  L    L    L    L    L    L    L    L    L    L    L    200
player_changelist            POST L    L    L    L    L    L    L    L    L    L    L    200
player_delete                GET  L    L    L    L    L    L    L    L    L    L    L    403
player_delete                POST L    L    L    L    L    L    L    L    L    L    L    403
player_history               GET  L    L    L    L    L    L    L    L    L    L    L    200
player_history               POST L    L    L    L    L    L    L    L    L    L    L    200
player_object                GET  L    L    L    L    L    L    L    L    L    L    L    302
player_object                POST L    L    L    L    L    L    L    L    L    L    L    302
rankingstrike_add            GET  L    L    L    L    L    L    L    L    L    L    L    403
rankingstrike_add            POST L    L    L    L    L    L    L    L    L    L    L    403
rankingstrike_change         GET  L    L    L    L    L    L    L    L    L    L    L    200
rankingstrike_change         POST L    L    L    L    L    L    L    L    L    L    L    403
rankingstrike_changelist     GET  L    L    L    L    L    L    L    L    L    L    L    200
rankingstrike_changelist     POST L    L    L    L    L    L    L    L    L    L    L    200
rankingstrike_delete         GET  L    L    L    L    L    L    L    L    L    L    L    403
rankingstrike_delete         POST L    L    L    L    L    L    L    L    L    L    L    403
rankingstrike_history        GET  L    L    L    L    L    L    L    L    L    L    L    200
rankingstrike_history        POST L    L    L    L    L    L    L    L    L    L    L    200
rankingstrike_object         GET  L    L    L    L    L    L    L    L    L    L    L    302
rankingstrike_object         POST L    L    L    L    L    L    L    L    L    L    L    302
registration_add             GET  L    L    L    L    L    L    L    L    L    L    L    403
registration_add             POST L    L    L    L    L    L    L    L    L    L    L    403
registration_change          GET  L    L    L    L    L    L    L    L    L    L    L    200
registration_change          POST L    L    L    L    L    L    L    L    L    L    L    403
registration_changelist      GET  L    L    L    L    L    L    L    L    L    L    L    200
registration_changelist      POST L    L    L    L    L    L    L    L    L    L    L    200
registration_delete          GET  L    L    L    L    L    L    L    L    L    L    L    403
registration_delete          POST L    L    L    L    L    L    L    L    L    L    L    403
registration_history         GET  L    L    L    L    L    L    L    L    L    L    L    200
registration_history         POST L    L    L    L    L    L    L    L    L    L    L    200
registration_object          GET  L    L    L    L    L    L    L    L    L    L    L    302
registration_object          POST L    L    L    L    L    L    L    L    L    L    L    302
round_add                    GET  L    L    L    L    L    L    L    L    L    L    L    403
round_add                    POST L    L    L    L    L    L    L    L    L    L    L    403
round_change                 GET  L    L    L    L    L    L    L    L    L    L    L    200
round_change                 POST L    L    L    L    L    L    L    L    L    L    L    403
round_changelist             GET  L    L    L    L    L    L    L    L    L    L    L    200
round_changelist             POST L    L    L    L    L    L    L    L    L    L    L    200
round_delete                 GET  L    L    L    L    L    L    L    L    L    L    L    403
round_delete                 POST L    L    L    L    L    L    L    L    L    L    L    403
round_history                GET  L    L    L    L    L    L    L    L    L    L    L    200
round_history                POST L    L    L    L    L    L    L    L    L    L    L    200
round_object                 GET  L    L    L    L    L    L    L    L    L    L    L    302
round_object                 POST L    L    L    L    L    L    L    L    L    L    L    302
table_add                    GET  L    L    L    L    L    L    L    L    L    L    L    403
table_add                    POST L    L    L    L    L    L    L    L    L    L    L    403
table_change                 GET  L    L    L    L    L    L    L    L    L    L    L    200
table_change                 POST L    L    L    L    L    L    L    L    L    L    L    403
table_changelist             GET  L    L    L    L    L    L    L    L    L    L    L    200
table_changelist             POST L    L    L    L    L    L    L    L    L    L    L    200
table_delete                 GET  L    L    L    L    L    L    L    L    L    L    L    403
table_delete                 POST L    L    L    L    L    L    L    L    L    L    L    403
table_history                GET  L    L    L    L    L    L    L    L    L    L    L    200
table_history                POST L    L    L    L    L    L    L    L    L    L    L    200
table_object                 GET  L    L    L    L    L    L    L    L    L    L    L    302
table_object                 POST L    L    L    L    L    L    L    L    L    L    L    302
tablepin_add                 GET  L    L    L    L    L    L    L    L    L    L    L    403
tablepin_add                 POST L    L    L    L    L    L    L    L    L    L    L    403
tablepin_change              GET  L    L    L    L    L    L    L    L    L    L    L    200
tablepin_change              POST L    L    L    L    L    L    L    L    L    L    L    403
tablepin_changelist          GET  L    L    L    L    L    L    L    L    L    L    L    200
tablepin_changelist          POST L    L    L    L    L    L    L    L    L    L    L    200
tablepin_delete              GET  L    L    L    L    L    L    L    L    L    L    L    403
tablepin_delete              POST L    L    L    L    L    L    L    L    L    L    L    403
tablepin_history             GET  L    L    L    L    L    L    L    L    L    L    L    200
tablepin_history             POST L    L    L    L    L    L    L    L    L    L    L    200
tablepin_object              GET  L    L    L    L    L    L    L    L    L    L    L    302
tablepin_object              POST L    L    L    L    L    L    L    L    L    L    L    302
team_add                     GET  L    L    L    L    L    L    L    L    L    L    L    403
team_add                     POST L    L    L    L    L    L    L    L    L    L    L    403
team_change                  GET  L    L    L    L    L    L    L    L    L    L    L    200
team_change                  POST L    L    L    L    L    L    L    L    L    L    L    403
team_changelist              GET  L    L    L    L    L    L    L    L    L    L    L    200
team_changelist              POST L    L    L    L    L    L    L    L    L    L    L    200
team_delete                  GET  L    L    L    L    L    L    L    L    L    L    L    403
team_delete                  POST L    L    L    L    L    L    L    L    L    L    L    403
team_history                 GET  L    L    L    L    L    L    L    L    L    L    L    200
team_history                 POST L    L    L    L    L    L    L    L    L    L    L    200
team_object                  GET  L    L    L    L    L    L    L    L    L    L    L    302
team_object                  POST L    L    L    L    L    L    L    L    L    L    L    302
tournament_add               GET  L    L    L    L    L    L    L    L    L    L    L    403
tournament_add               POST L    L    L    L    L    L    L    L    L    L    L    403
tournament_change            GET  L    L    L    L    L    L    L    L    L    L    L    200
tournament_change            POST L    L    L    L    L    L    L    L    L    L    L    403
tournament_changelist        GET  L    L    L    L    L    L    L    L    L    L    L    200
tournament_changelist        POST L    L    L    L    L    L    L    L    L    L    L    200
tournament_delete            GET  L    L    L    L    L    L    L    L    L    L    L    403
tournament_delete            POST L    L    L    L    L    L    L    L    L    L    L    403
tournament_history           GET  L    L    L    L    L    L    L    L    L    L    L    200
tournament_history           POST L    L    L    L    L    L    L    L    L    L    L    200
tournament_object            GET  L    L    L    L    L    L    L    L    L    L    L    302
tournament_object            POST L    L    L    L    L    L    L    L    L    L    L    302
tournamentstaff_add          GET  L    L    L    L    L    L    L    L    L    L    L    403
tournamentstaff_add          POST L    L    L    L    L    L    L    L    L    L    L    403
tournamentstaff_change       GET  L    L    L    L    L    L    L    L    L    L    L    200
tournamentstaff_change       POST L    L    L    L    L    L    L    L    L    L    L    403
tournamentstaff_changelist   GET  L    L    L    L    L    L    L    L    L    L    L    200
tournamentstaff_changelist   POST L    L    L    L    L    L    L    L    L    L    L    200
tournamentstaff_delete       GET  L    L    L    L    L    L    L    L    L    L    L    403
tournamentstaff_delete       POST L    L    L    L    L    L    L    L    L    L    L    403
tournamentstaff_history      GET  L    L    L    L    L    L    L    L    L    L    L    200
tournamentstaff_history      POST L    L    L    L    L    L    L    L    L    L    L    200
tournamentstaff_object       GET  L    L    L    L    L    L    L    L    L    L    L    302
tournamentstaff_object       POST L    L    L    L    L    L    L    L    L    L    L    302
user_add                     GET  L    L    L    L    L    L    L    L    L    L    L    200
user_add                     POST L    L    L    L    L    L    L    L    L    L    L    200
user_change                  GET  L    L    L    L    L    L    L    L    L    L    L    200
user_change                  POST L    L    L    L    L    L    L    L    L    L    L    200
user_changelist              GET  L    L    L    L    L    L    L    L    L    L    L    200
user_changelist              POST L    L    L    L    L    L    L    L    L    L    L    200
user_delete                  GET  L    L    L    L    L    L    L    L    L    L    L    200
user_delete                  POST L    L    L    L    L    L    L    L    L    L    L    200
user_history                 GET  L    L    L    L    L    L    L    L    L    L    L    200
user_history                 POST L    L    L    L    L    L    L    L    L    L    L    200
user_object                  GET  L    L    L    L    L    L    L    L    L    L    L    302
user_object                  POST L    L    L    L    L    L    L    L    L    L    L    302
user_password_change         GET  L    L    L    L    L    L    L    L    L    L    L    200
user_password_change         POST L    L    L    L    L    L    L    L    L    L    L    200
view_on_site                 GET  L    L    L    L    L    L    L    L    L    L    L    404
view_on_site                 POST L    L    L    L    L    L    L    L    L    L    L    404
"""
