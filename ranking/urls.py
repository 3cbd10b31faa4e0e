"""Ranking, appeals and the rules commission (issue 7)."""

from django.urls import path

from ranking.accounts import views as accounts_views
from ranking.appeals import views as appeals_views
from ranking.commission import views as commission_views
from ranking.corner import views as corner_views
from ranking.notifications import views as notification_views
from ranking.privacy import views as privacy_views
from ranking.public import views as public_views

app_name = "ranking"
urlpatterns = [
    path("", public_views.ranking_index, name="index"),
    path("<int:year>/", public_views.ranking_year, name="year"),
    path("<int:year>/csv/", public_views.ranking_csv, name="csv"),
    path("spieler/<int:player_id>/", public_views.player_history, name="player"),
    path("mein-bereich/", appeals_views.my_area, name="my_area"),
    path("mein-bereich/turniere/", corner_views.my_tournaments, name="my_tournaments"),
    path("mein-bereich/turniere/<int:pk>/anmelden/", corner_views.register, name="signup_register"),
    path("mein-bereich/turniere/<int:pk>/abmelden/", corner_views.withdraw, name="signup_withdraw"),
    path("mein-bereich/turniere/<int:pk>/einchecken/", corner_views.check_in, name="check_in"),
    path(
        "mein-bereich/benachrichtigungen/",
        notification_views.notifications,
        name="notifications",
    ),
    path("mein-bereich/kalender/", notification_views.calendar_link, name="calendar_link"),
    path("kalender/<str:token>.ics", notification_views.calendar_feed, name="calendar_feed"),
    path("mein-bereich/daten/", privacy_views.my_data, name="my_data"),
    path("mein-bereich/daten/export.json", privacy_views.my_data_json, name="my_data_json"),
    path("mein-bereich/daten/export.csv", privacy_views.my_data_csv, name="my_data_csv"),
    path(
        "mein-bereich/daten/loeschung/",
        privacy_views.my_erasure_request,
        name="my_erasure_request",
    ),
    path("einsprueche/neu/<int:tournament_pk>/", appeals_views.appeal_new, name="appeal_new"),
    path("einsprueche/<int:pk>/", appeals_views.appeal_detail, name="appeal_detail"),
    path("einsprueche/<int:pk>/anhang/", appeals_views.appeal_attachment, name="appeal_attachment"),
    path("kommission/", commission_views.commission_inbox, name="commission_inbox"),
    path("kommission/<int:pk>/", commission_views.commission_appeal, name="commission_appeal"),
    path(
        "kommission/<int:pk>/pruefen/", commission_views.commission_review, name="commission_review"
    ),
    path(
        "kommission/<int:pk>/entscheiden/",
        commission_views.commission_decide,
        name="commission_decide",
    ),
    path(
        "kommission/turniere/",
        commission_views.commission_tournaments,
        name="commission_tournaments",
    ),
    path(
        "kommission/turniere/<int:pk>/",
        commission_views.commission_strike,
        name="commission_strike",
    ),
    path("einladungen/", accounts_views.invite, name="invite"),
    path("einladung/<str:token>/", accounts_views.invitation_accept, name="invitation_accept"),
]
