"""Public pages and the staff areas' entry pages."""

from django.urls import path

from tournaments.calendar import views as calendar_views
from tournaments.history import views as history_views
from tournaments.pages import views as pages_views
from tournaments.privacy import views as privacy_views
from tournaments.rounds import views as rounds_views
from tournaments.standings import views as standings_views
from tournaments.webapp import views as webapp_views

urlpatterns = [
    path("", pages_views.home, name="home"),
    path("sw.js", webapp_views.service_worker, name="service_worker"),
    path("manifest.webmanifest", webapp_views.web_manifest, name="web_manifest"),
    path("offline/", webapp_views.offline, name="offline"),
    path("kalender.ics", calendar_views.federation_calendar, name="federation_calendar"),
    path("turniere/<int:pk>/", pages_views.tournament_public, name="tournament_public"),
    path(
        "turniere/<int:pk>/runden/<int:number>/tische/",
        rounds_views.pairing_by_table,
        name="pairing_by_table",
    ),
    path(
        "turniere/<int:pk>/runden/<int:number>/namen/",
        rounds_views.pairing_by_name,
        name="pairing_by_name",
    ),
    path(
        "turniere/<int:pk>/runden/<int:number>/tischkarten/",
        rounds_views.table_cards,
        name="table_cards",
    ),
    path(
        "turniere/<int:pk>/runden/<int:number>/ergebnisse/",
        standings_views.round_results,
        name="round_results",
    ),
    path("turniere/<int:pk>/rangliste/", standings_views.standings, name="standings"),
    path("turniere/<int:pk>/rangliste.csv", standings_views.standings_csv, name="standings_csv"),
    path("turniere/<int:pk>/saal/", standings_views.hall_display, name="hall_display"),
    path("spieler/<int:pk>/", history_views.player_page, name="player_page"),
    path("datenschutz/", privacy_views.privacy, name="privacy"),
    path("schiedsrichter/", pages_views.referee_home, name="referee_home"),
    path("orgatisch/", pages_views.desk_home, name="desk_home"),
]
