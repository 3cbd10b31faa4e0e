from django.urls import path

from tournaments.views import areas, desk, director, players, public, rounds, standings

urlpatterns = [
    path("", public.home, name="home"),
    path("turniere/<int:pk>/", public.tournament_public, name="tournament_public"),
    path(
        "turniere/<int:pk>/runden/<int:number>/tische/",
        rounds.pairing_by_table,
        name="pairing_by_table",
    ),
    path(
        "turniere/<int:pk>/runden/<int:number>/namen/",
        rounds.pairing_by_name,
        name="pairing_by_name",
    ),
    path(
        "turniere/<int:pk>/runden/<int:number>/tischkarten/",
        rounds.table_cards,
        name="table_cards",
    ),
    path(
        "turniere/<int:pk>/runden/<int:number>/ergebnisse/",
        rounds.round_results,
        name="round_results",
    ),
    path("turniere/<int:pk>/rangliste/", standings.standings, name="standings"),
    path("turniere/<int:pk>/rangliste.csv", standings.standings_csv, name="standings_csv"),
    path("turniere/<int:pk>/saal/", standings.hall_display, name="hall_display"),
    path("spieler/<int:pk>/", standings.player_page, name="player_page"),
    path("schiedsrichter/", areas.referee_home, name="referee_home"),
    path("kommission/", areas.commission_home, name="commission_home"),
    path("orgatisch/", areas.desk_home, name="desk_home"),
]

director_patterns = (
    [
        path("", areas.director_home, name="home"),
        path("spieler/", players.player_list, name="player_list"),
        path("spieler/neu/", players.player_edit, name="player_create"),
        path("spieler/<int:pk>/", players.player_edit, name="player_edit"),
        path("spieler/import/", players.player_import, name="player_import"),
        path(
            "spieler/import/verwerfen/", players.player_import_cancel, name="player_import_cancel"
        ),
        path("turniere/neu/", director.tournament_create, name="tournament_create"),
        path("turniere/<int:pk>/", director.tournament_detail, name="tournament_detail"),
        path("turniere/<int:pk>/bearbeiten/", director.tournament_edit, name="tournament_edit"),
        path(
            "turniere/<int:pk>/anmeldung-oeffnen/",
            director.tournament_open_registration,
            name="tournament_open_registration",
        ),
        path("turniere/<int:pk>/anmeldungen/", director.registration_page, name="registration"),
        path(
            "turniere/<int:pk>/anmeldungen/suche/",
            director.registration_search,
            name="registration_search",
        ),
        path(
            "turniere/<int:pk>/anmeldungen/neu/", director.registration_add, name="registration_add"
        ),
        path(
            "turniere/<int:pk>/anmeldungen/alle-einchecken/",
            director.registration_check_in_all,
            name="registration_check_in_all",
        ),
        path(
            "turniere/<int:pk>/anmeldungen/<int:reg_pk>/",
            director.registration_change,
            name="registration_change",
        ),
        path("turniere/<int:pk>/runden/auslosen/", director.round_pair, name="round_pair"),
        path("turniere/<int:pk>/runden/<int:number>/", rounds.round_detail, name="round_detail"),
        path(
            "turniere/<int:pk>/runden/<int:number>/tauschen/", rounds.round_swap, name="round_swap"
        ),
        path(
            "turniere/<int:pk>/runden/<int:number>/verschieben/",
            rounds.round_move,
            name="round_move",
        ),
        path("turniere/<int:pk>/runden/<int:number>/binden/", rounds.round_pin, name="round_pin"),
        path(
            "turniere/<int:pk>/runden/<int:number>/freigeben/",
            rounds.round_release,
            name="round_release",
        ),
        path(
            "turniere/<int:pk>/runden/<int:number>/orgatisch/", desk.desk_board, name="desk_board"
        ),
        path(
            "turniere/<int:pk>/runden/<int:number>/tische/<int:table_number>/bogen/",
            desk.sheet_page,
            name="sheet",
        ),
        path(
            "turniere/<int:pk>/runden/<int:number>/tische/<int:table_number>/bogen/aktion/",
            desk.sheet_action,
            name="sheet_action",
        ),
        path(
            "turniere/<int:pk>/runden/<int:number>/veroeffentlichen/",
            desk.round_publish,
            name="round_publish",
        ),
        path("turniere/<int:pk>/personal/", director.staff_page, name="staff"),
        path(
            "turniere/<int:pk>/personal/<int:staff_pk>/entfernen/",
            director.staff_remove,
            name="staff_remove",
        ),
    ],
    "director",
)
