"""The director's and the desk's area (/leitung/)."""

from tests.permission_matrix.matrix import Call
from tests.support.builders import FIXED_SHEET, without_seat
from tests.support.permission_world import ABSENT
from tests.tournaments.test_permissions import TOURNAMENT_FORM
from tournaments.common.sheet_grid import grid_from_games

PREFIX = "director:"

SHEET_TWO = grid_from_games(without_seat(FIXED_SHEET, *ABSENT))
"""T's round 2, table 2 as the paper says: seat D out from game 3."""
NEW_PLAYER = {"federation_number": "NEU-1", "last_name": "Neu", "first_name": "Nina"}


def t(w):
    return {"pk": w.t.pk}


def r2(w):
    """T's round 2: released, table 1 entered by the desk, table 2 missing (a seat out)."""
    return {"pk": w.t.pk, "number": 2}


def drawn(w):
    return {"pk": w.drawn.pk, "number": 1}


CALLS = {
    "home": Call(),
    "player_list": Call(),
    "player_create": Call(data=lambda w: NEW_PLAYER),
    "player_edit": Call(lambda w: {"pk": w.free_player.pk}, data=lambda w: NEW_PLAYER),
    "player_import": Call(),
    "player_import_cancel": Call(),
    "player_merge": Call(
        lambda w: {"pk": w.free_player.pk},
        data=lambda w: {"other": w.player_id, "keep": "other", "reason": "doppelt"},
    ),
    "erasure_list": Call(),
    "erasure_record": Call(lambda w: {"pk": w.player_id}, data=lambda w: {"reason": "Brief"}),
    "erasure_execute": Call(lambda w: {"pk": w.erasure_request_id}),
    "tournament_create": Call(data=lambda w: TOURNAMENT_FORM),
    "tournament_detail": Call(t),
    "tournament_edit": Call(t, data=lambda w: TOURNAMENT_FORM),
    "junior_field_create": Call(
        lambda w: {"pk": w.drawn.pk}, data=lambda w: {"rounds_planned": "2"}
    ),
    "junior_field_delete": Call(lambda w: {"pk": w.juniors.pk}),
    "tournament_open_registration": Call(lambda w: {"pk": w.draft.pk}),
    "registration": Call(t),
    "registration_search": Call(t, query={"q": "DRV"}),
    "registration_add": Call(t, data=lambda w: {"player": w.free_player.pk, "reserve": "1"}),
    "registration_check_in_all": Call(t),
    "registration_change": Call(
        lambda w: {"pk": w.t.pk, "reg_pk": w.late.pk}, data=lambda w: {"action": "withdraw"}
    ),
    "registration_change@other": Call(
        lambda w: {"pk": w.t.pk, "reg_pk": w.contest_reg.pk}, data=lambda w: {"action": "withdraw"}
    ),
    "guest_add": Call(
        t, data=lambda w: {"first_name": "Gerda", "last_name": "Gast", "reserve": "on"}
    ),
    "check_in_window": Call(t, data=lambda w: {"action": "close"}),
    "check_in_qr": Call(t),
    "check_in_poster": Call(t),
    "check_in_poster@other": Call(lambda w: {"pk": w.other.pk}),
    "signup_decide": Call(
        lambda w: {"pk": w.upcoming.pk, "req_pk": w.signup_request_id},
        data=lambda w: {"action": "approve"},
    ),
    "signup_decide@other": Call(
        lambda w: {"pk": w.t.pk, "req_pk": w.signup_request_id},
        data=lambda w: {"action": "approve"},
    ),
    "team_create": Call(lambda w: {"pk": w.contest.pk}, data=lambda w: {"name": "Bonn"}),
    "registration_team_set": Call(
        lambda w: {"pk": w.contest.pk, "reg_pk": w.contest_reg.pk}, data=lambda w: {"team": ""}
    ),
    "tournament_table_entry": Call(t),
    "round_pair": Call(lambda w: {"pk": w.contest.pk}),
    "cut_decide": Call(t, data=lambda w: {"kind": "x"}),
    "round_detail": Call(drawn),
    "round_swap": Call(
        drawn, data=lambda w: {"player_a": w.drawn_seated[0], "player_b": w.drawn_seated[1]}
    ),
    "round_move": Call(
        drawn, data=lambda w: {"player": w.drawn_seated[0], "table": 2, "letter": "B"}
    ),
    "round_pin": Call(
        drawn, data=lambda w: {"player": w.drawn_seated[1], "table": 2, "reason": "Rollstuhl"}
    ),
    "round_release": Call(drawn),
    "round_redraw": Call(drawn),
    "round_clock": Call(r2, data=lambda w: {"action": "start", "minutes": "90"}),
    "result_sheets": Call(r2),
    "desk_board": Call(r2),
    "desk_board@juniors": Call(lambda w: {"pk": w.t_juniors.pk, "number": 1}),
    "desk_confirm_signed": Call(r2),
    "sheet": Call(
        lambda w: {**r2(w), "table_number": 2},
        data=lambda w: {**SHEET_TWO, "version": "0", "action": "save"},
    ),
    "sheet_action": Call(
        lambda w: {**r2(w), "table_number": 1},
        data=lambda w: {"action": "confirm", "version": "1"},
    ),
    "round_publish": Call(r2),
    "staff": Call(t, data=lambda w: {"role": "referee", "username": "fremdschiri"}),
    "staff_remove": Call(
        lambda w: {"pk": w.t.pk, "staff_pk": w.staff_id}, data=lambda w: {"reason": "krank"}
    ),
    "staff_remove@other": Call(
        lambda w: {"pk": w.t.pk, "staff_pk": w.other_staff_id}, data=lambda w: {"reason": "krank"}
    ),
    # the venue laptop's panel: only with VENUE_MODE (the matrix runs the central site)
    "venue_laptop_status": Call(t),
    "venue_laptop_upload": Call(t),
    "venue_laptop_erase": Call(t, data=lambda w: {"confirm": "yes"}),
    "venue_laptop_resume": Call(t),
    "venue_laptop_people": Call(
        t, data=lambda w: {"name": "Hanna Helfer", "role": "desk", "password": "482913"}
    ),
    "venue_laptop_person_login": Call(
        lambda w: {"pk": w.t.pk, "user_pk": w.users["desk"].pk},
        data=lambda w: {"password": "482913"},
    ),
    "venue_laptop_person_logout": Call(lambda w: {"pk": w.t.pk, "user_pk": w.users["desk"].pk}),
}

TABLE = """
                                  anon pl   opl  ref  head oref desk dir  odir com  fed  su
# A guest on the day (name, club, no member number): the tournament's directors.
guest_add                    GET  L    405  405  405  405  405  405  405  405  405  405  405
guest_add                    POST L    403  403  403  403  403  403  W    403  403  W    W
# The players' own check-in: its director opens and closes it (closing a window that is not
# open is refused with a message).
check_in_window              GET  L    405  405  405  405  405  405  405  405  405  405  405
check_in_window              POST L    403  403  403  403  403  403  302  403  403  302  302
# Its QR code and the A4 poster with it: the tournament's directors (GET only).
check_in_qr                  GET  L    403  403  403  403  403  403  200  403  403  200  200
check_in_qr                  POST L    405  405  405  405  405  405  405  405  405  405  405
check_in_poster              GET  L    403  403  403  403  403  403  200  403  403  200  200
check_in_poster              POST L    405  405  405  405  405  405  405  405  405  405  405
check_in_poster@other        GET  L    403  403  403  403  403  403  403  200  403  200  200
check_in_poster@other        POST L    405  405  405  405  405  405  405  405  405  405  405
# Online requests: the director of that tournament decides; a request of another tournament
# is not found under this one.
signup_decide                GET  L    405  405  405  405  405  405  405  405  405  405  405
signup_decide                POST L    403  403  403  403  403  403  W    403  403  W    W
signup_decide@other          GET  L    405  405  405  405  405  405  405  405  405  405  405
signup_decide@other          POST L    403  403  403  403  403  403  404  403  403  404  404
# 302 without W: allowed, but the service refuses with a message (no tie to decide, no
# free seat for a move, table 2 of round 2 not confirmed for publishing). The desk enters
# sheets but neither confirms its own entry (302, four eyes) nor publishes (403).
cut_decide                   GET  L    405  405  405  405  405  405  405  405  405  405  405
cut_decide                   POST L    403  403  403  403  403  403  302  403  403  302  302
desk_board                   GET  L    403  403  403  403  403  200  200  403  403  200  200
desk_board                   POST L    403  403  403  403  403  200  200  403  403  200  200
desk_board@juniors           GET  L    403  403  403  403  403  200  200  403  403  200  200
desk_board@juniors           POST L    403  403  403  403  403  200  200  403  403  200  200
# The tables' signed sheets in one pass (issue 28.4): the desk and the directors; nothing of
# round 2 is signed at the table (table 1 entered by the desk, table 2 missing), so the answer
# is the board with the summary, nothing written (the writes: tests/tournaments/sheets/signed/).
desk_confirm_signed          GET  L    405  405  405  405  405  405  405  405  405  405  405
desk_confirm_signed          POST L    403  403  403  403  403  302  302  403  403  302  302
home                         GET  L    403  403  403  403  403  403  200  200  403  200  200
home                         POST L    403  403  403  403  403  403  200  200  403  200  200
junior_field_create          GET  L    405  405  405  405  405  405  405  405  405  405  405
junior_field_create          POST L    403  403  403  403  403  403  W    403  403  W    W
junior_field_delete          GET  L    405  405  405  405  405  405  405  405  405  405  405
junior_field_delete          POST L    403  403  403  403  403  403  W    403  403  W    W
# The registry is the federation admins'.
# Erasure requests and merging duplicates: the federation admin only (issue 16).
erasure_execute              GET  L    405  405  405  405  405  405  405  405  405  405  405
erasure_execute              POST L    403  403  403  403  403  403  403  403  403  W    W
erasure_list                 GET  L    403  403  403  403  403  403  403  403  403  200  200
erasure_list                 POST L    405  405  405  405  405  405  405  405  405  405  405
erasure_record               GET  L    405  405  405  405  405  405  405  405  405  405  405
erasure_record               POST L    403  403  403  403  403  403  403  403  403  W    W
player_merge                 GET  L    403  403  403  403  403  403  403  403  403  200  200
player_merge                 POST L    403  403  403  403  403  403  403  403  403  W    W
player_create                GET  L    403  403  403  403  403  403  403  403  403  200  200
player_create                POST L    403  403  403  403  403  403  403  403  403  W    W
player_edit                  GET  L    403  403  403  403  403  403  403  403  403  200  200
player_edit                  POST L    403  403  403  403  403  403  403  403  403  W    W
player_import                GET  L    403  403  403  403  403  403  403  403  403  200  200
player_import                POST L    403  403  403  403  403  403  403  403  403  200  200
player_import_cancel         GET  L    405  405  405  405  405  405  405  405  405  405  405
player_import_cancel         POST L    403  403  403  403  403  403  403  403  403  302  302
player_list                  GET  L    403  403  403  403  403  403  403  403  403  200  200
player_list                  POST L    403  403  403  403  403  403  403  403  403  200  200
registration                 GET  L    403  403  403  403  403  403  200  403  403  200  200
registration                 POST L    403  403  403  403  403  403  200  403  403  200  200
registration_add             GET  L    405  405  405  405  405  405  405  405  405  405  405
registration_add             POST L    403  403  403  403  403  403  W    403  403  W    W
registration_change          GET  L    405  405  405  405  405  405  405  405  405  405  405
registration_change          POST L    403  403  403  403  403  403  W    403  403  W    W
# @other: a record of another tournament under this tournament's URL: 404.
registration_change@other    GET  L    405  405  405  405  405  405  405  405  405  405  405
registration_change@other    POST L    403  403  403  403  403  403  404  403  403  404  404
registration_check_in_all    GET  L    405  405  405  405  405  405  405  405  405  405  405
registration_check_in_all    POST L    403  403  403  403  403  403  W    403  403  W    W
registration_search          GET  L    403  403  403  403  403  403  200  403  403  200  200
registration_search          POST L    403  403  403  403  403  403  200  403  403  200  200
registration_team_set        GET  L    405  405  405  405  405  405  405  405  405  405  405
registration_team_set        POST L    403  403  403  403  403  403  W    403  403  W    W
result_sheets                GET  L    403  403  403  403  403  200  200  403  403  200  200
result_sheets                POST L    403  403  403  403  403  200  200  403  403  200  200
round_detail                 GET  L    403  403  403  403  403  403  200  403  403  200  200
round_detail                 POST L    403  403  403  403  403  403  200  403  403  200  200
round_move                   GET  L    405  405  405  405  405  405  405  405  405  405  405
round_move                   POST L    403  403  403  403  403  403  302  403  403  302  302
round_pair                   GET  L    405  405  405  405  405  405  405  405  405  405  405
round_pair                   POST L    403  403  403  403  403  403  W    403  403  W    W
round_pin                    GET  L    405  405  405  405  405  405  405  405  405  405  405
round_pin                    POST L    403  403  403  403  403  403  W    403  403  W    W
round_publish                GET  L    405  405  405  405  405  405  405  405  405  405  405
round_publish                POST L    403  403  403  403  403  403  302  403  403  302  302
round_redraw                 GET  L    405  405  405  405  405  405  405  405  405  405  405
round_redraw                 POST L    403  403  403  403  403  403  W    403  403  W    W
round_release                GET  L    405  405  405  405  405  405  405  405  405  405  405
round_release                POST L    403  403  403  403  403  403  W    403  403  W    W
# The round clock (issue #15.7): the tournament's directors only; the desk does not run it.
round_clock                  GET  L    405  405  405  405  405  405  405  405  405  405  405
round_clock                  POST L    403  403  403  403  403  403  W    403  403  W    W
round_swap                   GET  L    405  405  405  405  405  405  405  405  405  405  405
round_swap                   POST L    403  403  403  403  403  403  W    403  403  W    W
sheet                        GET  L    403  403  403  403  403  200  200  403  403  200  200
sheet                        POST L    403  403  403  403  403  W    W    403  403  W    W
sheet_action                 GET  L    405  405  405  405  405  405  405  405  405  405  405
sheet_action                 POST L    403  403  403  403  403  302  W    403  403  W    W
staff                        GET  L    403  403  403  403  403  403  200  403  403  200  200
staff                        POST L    403  403  403  403  403  403  W    403  403  W    W
staff_remove                 GET  L    405  405  405  405  405  405  405  405  405  405  405
staff_remove                 POST L    403  403  403  403  403  403  W    403  403  W    W
staff_remove@other           GET  L    405  405  405  405  405  405  405  405  405  405  405
staff_remove@other           POST L    403  403  403  403  403  403  404  403  403  404  404
team_create                  GET  L    405  405  405  405  405  405  405  405  405  405  405
team_create                  POST L    403  403  403  403  403  403  W    403  403  W    W
tournament_create            GET  L    403  403  403  403  403  403  200  200  403  200  200
tournament_create            POST L    403  403  403  403  403  403  W    W    403  W    W
tournament_detail            GET  L    403  403  403  403  403  403  200  403  403  200  200
tournament_detail            POST L    403  403  403  403  403  403  200  403  403  200  200
tournament_edit              GET  L    403  403  403  403  403  403  200  403  403  200  200
tournament_edit              POST L    403  403  403  403  403  403  W    403  403  W    W
tournament_open_registration GET  L    405  405  405  405  405  405  405  405  405  405  405
tournament_open_registration POST L    403  403  403  403  403  403  W    403  403  W    W
# The director's switch for entry at the table (issue #15.4).
tournament_table_entry       GET  L    405  405  405  405  405  405  405  405  405  405  405
tournament_table_entry       POST L    403  403  403  403  403  403  W    403  403  W    W
# The venue laptop's panel (issue 18): these addresses exist only on the laptop (VENUE_MODE);
# on the central site every account gets 404, whatever its role.
venue_laptop_status          GET  L    404  404  404  404  404  404  404  404  404  404  404
venue_laptop_status          POST L    405  405  405  405  405  405  405  405  405  405  405
venue_laptop_upload          GET  L    405  405  405  405  405  405  405  405  405  405  405
venue_laptop_upload          POST L    404  404  404  404  404  404  404  404  404  404  404
venue_laptop_erase           GET  L    404  404  404  404  404  404  404  404  404  404  404
venue_laptop_erase           POST L    404  404  404  404  404  404  404  404  404  404  404
venue_laptop_resume          GET  L    405  405  405  405  405  405  405  405  405  405  405
venue_laptop_resume          POST L    404  404  404  404  404  404  404  404  404  404  404
# Log-ins for the day and helpers (issue 29): only on the laptop, like the panel.
venue_laptop_people          GET  L    404  404  404  404  404  404  404  404  404  404  404
venue_laptop_people          POST L    404  404  404  404  404  404  404  404  404  404  404
venue_laptop_person_login    GET  L    405  405  405  405  405  405  405  405  405  405  405
venue_laptop_person_login    POST L    404  404  404  404  404  404  404  404  404  404  404
venue_laptop_person_logout   GET  L    405  405  405  405  405  405  405  405  405  405  405
venue_laptop_person_logout   POST L    404  404  404  404  404  404  404  404  404  404  404
"""
