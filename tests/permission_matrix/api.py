"""The public JSON API v1: read-only, published data only, the same for every role."""

from tests.permission_matrix.matrix import Call
from tests.permission_matrix.ranking import club_of_player

PREFIX = "api-v1:"

CALLS = {
    "api-root": Call(),
    "openapi-json": Call(),
    "openapi-view": Call(),
    "tournament_list": Call(),
    "tournament_detail": Call(lambda w: {"tournament_id": w.t.pk}),
    "tournament_detail@draft": Call(lambda w: {"tournament_id": w.draft.pk}),
    "round_tables": Call(lambda w: {"tournament_id": w.t.pk, "number": 2}),
    "round_tables@drawn": Call(lambda w: {"tournament_id": w.drawn.pk, "number": 1}),
    "standings": Call(lambda w: {"tournament_id": w.t.pk}),
    "standings@draft": Call(lambda w: {"tournament_id": w.draft.pk}),
    "ranking_of_year": Call(lambda w: {"year": w.finished.ranking_year}),
    "player_career": Call(lambda w: {"player_id": w.player_id}),
    "club_list": Call(),
    "club_table": Call(lambda w: {"year": w.finished.ranking_year}),
    "club_detail": Call(club_of_player),
    "rating_all_time": Call(),
    "rating_of_year": Call(lambda w: {"year": w.finished.ranking_year}),
    "rating_of_player": Call(lambda w: {"player_id": w.player_id}),
}

TABLE = """
                                  anon pl   opl  ref  head oref desk dir  odir com  fed  su
# The API root has no page; the OpenAPI views take any method; the data is GET only.
api-root                     GET  404  404  404  404  404  404  404  404  404  404  404  404
api-root                     POST 404  404  404  404  404  404  404  404  404  404  404  404
club_detail                  GET  200  200  200  200  200  200  200  200  200  200  200  200
club_detail                  POST 405  405  405  405  405  405  405  405  405  405  405  405
club_list                    GET  200  200  200  200  200  200  200  200  200  200  200  200
club_list                    POST 405  405  405  405  405  405  405  405  405  405  405  405
club_table                   GET  200  200  200  200  200  200  200  200  200  200  200  200
club_table                   POST 405  405  405  405  405  405  405  405  405  405  405  405
openapi-json                 GET  200  200  200  200  200  200  200  200  200  200  200  200
openapi-json                 POST 200  200  200  200  200  200  200  200  200  200  200  200
openapi-view                 GET  200  200  200  200  200  200  200  200  200  200  200  200
openapi-view                 POST 200  200  200  200  200  200  200  200  200  200  200  200
player_career                GET  200  200  200  200  200  200  200  200  200  200  200  200
player_career                POST 405  405  405  405  405  405  405  405  405  405  405  405
ranking_of_year              GET  200  200  200  200  200  200  200  200  200  200  200  200
ranking_of_year              POST 405  405  405  405  405  405  405  405  405  405  405  405
rating_all_time              GET  200  200  200  200  200  200  200  200  200  200  200  200
rating_all_time              POST 405  405  405  405  405  405  405  405  405  405  405  405
rating_of_player             GET  200  200  200  200  200  200  200  200  200  200  200  200
rating_of_player             POST 405  405  405  405  405  405  405  405  405  405  405  405
rating_of_year               GET  200  200  200  200  200  200  200  200  200  200  200  200
rating_of_year               POST 405  405  405  405  405  405  405  405  405  405  405  405
round_tables                 GET  200  200  200  200  200  200  200  200  200  200  200  200
round_tables                 POST 405  405  405  405  405  405  405  405  405  405  405  405
# Published data only, the same for staff: no draft, no drawn round.
round_tables@drawn           GET  404  404  404  404  404  404  404  404  404  404  404  404
round_tables@drawn           POST 405  405  405  405  405  405  405  405  405  405  405  405
standings                    GET  200  200  200  200  200  200  200  200  200  200  200  200
standings                    POST 405  405  405  405  405  405  405  405  405  405  405  405
standings@draft              GET  404  404  404  404  404  404  404  404  404  404  404  404
standings@draft              POST 405  405  405  405  405  405  405  405  405  405  405  405
tournament_detail            GET  200  200  200  200  200  200  200  200  200  200  200  200
tournament_detail            POST 405  405  405  405  405  405  405  405  405  405  405  405
tournament_detail@draft      GET  404  404  404  404  404  404  404  404  404  404  404  404
tournament_detail@draft      POST 405  405  405  405  405  405  405  405  405  405  405  405
tournament_list              GET  200  200  200  200  200  200  200  200  200  200  200  200
tournament_list              POST 405  405  405  405  405  405  405  405  405  405  405  405
"""
