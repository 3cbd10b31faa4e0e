"""The referee's area (/schiedsrichter/turniere/), all in T."""

from tests.permission_matrix.matrix import Call

PREFIX = "referee:"


def t(w):
    return {"pk": w.t.pk}


CALLS = {
    "tournament": Call(t),
    "search": Call(t, query={"q": "DRV"}),
    "table": Call(lambda w: {"pk": w.t.pk, "number": 2, "table_number": 1}),
    "table@juniors": Call(lambda w: {"pk": w.t_juniors.pk, "number": 1, "table_number": 1}),
    "warnings": Call(t),
    "warning_create": Call(
        t,
        data=lambda w: {
            "player": w.seated[1],
            "kind": "yellow",
            "ground": "unsporting",
            "round": "2",
        },
    ),
    "warning_withdraw": Call(
        lambda w: {"pk": w.t.pk, "warning_pk": w.warning_id},
        data=lambda w: {"reason": "Irrtum"},
    ),
    "warning_withdraw@other": Call(
        lambda w: {"pk": w.other.pk, "warning_pk": w.warning_id},
        data=lambda w: {"reason": "Irrtum"},
    ),
    "player_history": Call(t, query={"player": "1"}),
    "rulings": Call(t),
    "ruling_create": Call(
        t, data=lambda w: {"question": "Joker?", "decision": "Ja", "objections": "0"}
    ),
    "calls": Call(t),
    "call_take": Call(lambda w: {"pk": w.t.pk, "call_pk": w.call_id}),
    "call_take@other": Call(lambda w: {"pk": w.other.pk, "call_pk": w.call_id}),
    "call_close": Call(
        lambda w: {"pk": w.t.pk, "call_pk": w.call_id}, data=lambda w: {"outcome": "geklärt"}
    ),
    "ruling_final": Call(
        lambda w: {"pk": w.t.pk, "ruling_pk": w.ruling_id},
        data=lambda w: {"decision": "Nein, endgültig"},
    ),
}

TABLE = """
                                  anon pl   opl  ref  head oref desk dir  odir com  fed  su
# Calls from the tables (issue #15.6): the staff of T see them (without htmx: to the page);
# its referees, head referee and director take and close them; a call of T is not found
# under another tournament.
calls                        GET  L    403  403  302  302  403  302  302  403  403  302  302
calls                        POST L    403  403  302  302  403  302  302  403  403  302  302
call_close                   GET  L    403  403  200  200  403  403  200  403  403  200  200
call_close                   POST L    403  403  W    W    403  403  W    403  403  W    W
call_take                    GET  L    405  405  405  405  405  405  405  405  405  405  405
call_take                    POST L    403  403  W    W    403  403  W    403  403  W    W
call_take@other              GET  L    405  405  405  405  405  405  405  405  405  405  405
call_take@other              POST L    403  403  403  403  404  403  403  404  403  404  404
# Referees and the head referee of T log; its desk and director only look (Klub 4).
player_history               GET  L    403  403  200  200  403  200  200  403  403  200  200
player_history               POST L    403  403  200  200  403  200  200  403  403  200  200
ruling_create                GET  L    403  403  200  200  403  403  403  403  403  403  403
ruling_create                POST L    403  403  W    W    403  403  403  403  403  403  403
# Only the head referee decides finally (Klub 4.2.2).
ruling_final                 GET  L    403  403  403  200  403  403  403  403  403  403  403
ruling_final                 POST L    403  403  403  W    403  403  403  403  403  403  403
rulings                      GET  L    403  403  200  200  403  200  200  403  403  200  200
rulings                      POST L    403  403  200  200  403  200  200  403  403  200  200
search                       GET  L    403  403  302  302  403  302  302  403  403  302  302
search                       POST L    403  403  302  302  403  302  302  403  403  302  302
table                        GET  L    403  403  200  200  403  200  200  403  403  200  200
table                        POST L    403  403  200  200  403  200  200  403  403  200  200
table@juniors                GET  L    403  403  200  200  403  200  200  403  403  200  200
table@juniors                POST L    403  403  200  200  403  200  200  403  403  200  200
tournament                   GET  L    403  403  200  200  403  200  200  403  403  200  200
tournament                   POST L    403  403  200  200  403  200  200  403  403  200  200
warning_create               GET  L    403  403  200  200  403  403  403  403  403  403  403
warning_create               POST L    403  403  W    W    403  403  403  403  403  403  403
# Withdrawn by the head referee or the director.
warning_withdraw             GET  L    403  403  403  200  403  403  200  403  403  200  200
warning_withdraw             POST L    403  403  403  W    403  403  W    403  403  W    W
warning_withdraw@other       GET  L    403  403  403  403  403  403  403  404  403  404  404
warning_withdraw@other       POST L    403  403  403  403  403  403  403  404  403  404  404
warnings                     GET  L    403  403  200  200  403  200  200  403  403  200  200
warnings                     POST L    403  403  200  200  403  200  200  403  403  200  200
"""
