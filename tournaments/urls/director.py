"""Director and desk area, under /leitung/ (namespace "director")."""

from django.urls import path

from tournaments.clock import views as clock_views
from tournaments.finals import views as finals_views
from tournaments.merge import views as merge_views
from tournaments.pages import views as pages_views
from tournaments.privacy import views as privacy_views
from tournaments.registration import views as registration_views
from tournaments.registry import views as registry_views
from tournaments.rounds import views as rounds_views
from tournaments.setup import views as setup_views
from tournaments.sheets import views as sheets_views
from tournaments.sheets.signed import views as signed_views
from tournaments.venue.laptop import staff_views as venue_people_views
from tournaments.venue.laptop import views as venue_laptop_views

app_name = "director"
urlpatterns = [
    path("", pages_views.director_home, name="home"),
    path("spieler/", registry_views.player_list, name="player_list"),
    path("spieler/neu/", registry_views.player_edit, name="player_create"),
    path("spieler/<int:pk>/", registry_views.player_edit, name="player_edit"),
    path("spieler/import/", registry_views.player_import, name="player_import"),
    path(
        "spieler/import/verwerfen/",
        registry_views.player_import_cancel,
        name="player_import_cancel",
    ),
    path("spieler/<int:pk>/zusammenfuehren/", merge_views.player_merge, name="player_merge"),
    path("spieler/loeschantraege/", privacy_views.erasure_list, name="erasure_list"),
    path("spieler/<int:pk>/loeschantrag/", privacy_views.erasure_record, name="erasure_record"),
    path(
        "spieler/loeschantraege/<int:pk>/ausfuehren/",
        privacy_views.erasure_execute,
        name="erasure_execute",
    ),
    path("turniere/neu/", setup_views.tournament_create, name="tournament_create"),
    path("turniere/<int:pk>/", setup_views.tournament_detail, name="tournament_detail"),
    path("turniere/<int:pk>/bearbeiten/", setup_views.tournament_edit, name="tournament_edit"),
    # the venue laptop only (settings.VENUE_MODE): upload light, upload now, resume, erase
    path(
        "turniere/<int:pk>/spielort/status/",
        venue_laptop_views.status,
        name="venue_laptop_status",
    ),
    path(
        "turniere/<int:pk>/spielort/hochladen/",
        venue_laptop_views.upload_now,
        name="venue_laptop_upload",
    ),
    path(
        "turniere/<int:pk>/spielort/fortsetzen/",
        venue_laptop_views.resume,
        name="venue_laptop_resume",
    ),
    path(
        "turniere/<int:pk>/spielort/loeschen/",
        venue_laptop_views.erase,
        name="venue_laptop_erase",
    ),
    path(  # the venue laptop only: log-ins for the day, helpers (issue 29)
        "turniere/<int:pk>/spielort/personen/",
        venue_people_views.people,
        name="venue_laptop_people",
    ),
    path(
        "turniere/<int:pk>/spielort/personen/<int:user_pk>/anmeldung/",
        venue_people_views.person_login,
        name="venue_laptop_person_login",
    ),
    path(
        "turniere/<int:pk>/spielort/personen/<int:user_pk>/abmelden/",
        venue_people_views.person_logout,
        name="venue_laptop_person_logout",
    ),
    path(
        "turniere/<int:pk>/juniorenfeld/neu/",
        setup_views.junior_field_create,
        name="junior_field_create",
    ),
    path(
        "turniere/<int:pk>/juniorenfeld/entfernen/",
        setup_views.junior_field_delete,
        name="junior_field_delete",
    ),
    path(
        "turniere/<int:pk>/anmeldung-oeffnen/",
        setup_views.tournament_open_registration,
        name="tournament_open_registration",
    ),
    path(
        "turniere/<int:pk>/anmeldungen/",
        registration_views.registration_page,
        name="registration",
    ),
    path(
        "turniere/<int:pk>/anmeldungen/suche/",
        registration_views.registration_search,
        name="registration_search",
    ),
    path(
        "turniere/<int:pk>/anmeldungen/neu/",
        registration_views.registration_add,
        name="registration_add",
    ),
    path(
        "turniere/<int:pk>/anmeldungen/alle-einchecken/",
        registration_views.registration_check_in_all,
        name="registration_check_in_all",
    ),
    path(
        "turniere/<int:pk>/anmeldungen/<int:reg_pk>/",
        registration_views.registration_change,
        name="registration_change",
    ),
    path(
        "turniere/<int:pk>/anmeldungen/gast/",
        registration_views.guest_add,
        name="guest_add",
    ),
    path(
        "turniere/<int:pk>/anmeldungen/check-in/",
        registration_views.check_in_window,
        name="check_in_window",
    ),
    path(
        "turniere/<int:pk>/anmeldungen/check-in/qr.svg",
        registration_views.check_in_qr,
        name="check_in_qr",
    ),
    path(
        "turniere/<int:pk>/anmeldungen/check-in/aushang/",
        registration_views.check_in_poster,
        name="check_in_poster",
    ),
    path(
        "turniere/<int:pk>/anmeldungen/anfragen/<int:req_pk>/",
        registration_views.signup_decide,
        name="signup_decide",
    ),
    path(
        "turniere/<int:pk>/anmeldungen/<int:reg_pk>/mannschaft/",
        registration_views.registration_team_set,
        name="registration_team_set",
    ),
    path(
        "turniere/<int:pk>/mannschaften/neu/",
        registration_views.team_create,
        name="team_create",
    ),
    path(
        "turniere/<int:pk>/eintragen-am-tisch/",
        setup_views.tournament_table_entry,
        name="tournament_table_entry",
    ),
    path("turniere/<int:pk>/runden/auslosen/", rounds_views.round_pair, name="round_pair"),
    path("turniere/<int:pk>/finale/gleichstand/", finals_views.cut_decide, name="cut_decide"),
    path("turniere/<int:pk>/runden/<int:number>/", rounds_views.round_detail, name="round_detail"),
    path(
        "turniere/<int:pk>/runden/<int:number>/tauschen/",
        rounds_views.round_swap,
        name="round_swap",
    ),
    path(
        "turniere/<int:pk>/runden/<int:number>/verschieben/",
        rounds_views.round_move,
        name="round_move",
    ),
    path(
        "turniere/<int:pk>/runden/<int:number>/binden/",
        rounds_views.round_pin,
        name="round_pin",
    ),
    path(
        "turniere/<int:pk>/runden/<int:number>/neu-auslosen/",
        rounds_views.round_redraw,
        name="round_redraw",
    ),
    path(
        "turniere/<int:pk>/runden/<int:number>/freigeben/",
        rounds_views.round_release,
        name="round_release",
    ),
    path(
        "turniere/<int:pk>/runden/<int:number>/uhr/",
        clock_views.round_clock,
        name="round_clock",
    ),
    path(
        "turniere/<int:pk>/runden/<int:number>/ergebnislisten/",
        rounds_views.result_sheets,
        name="result_sheets",
    ),
    path(
        "turniere/<int:pk>/runden/<int:number>/orgatisch/",
        sheets_views.desk_board,
        name="desk_board",
    ),
    path(
        "turniere/<int:pk>/runden/<int:number>/orgatisch/uebernehmen/",
        signed_views.desk_confirm_signed,
        name="desk_confirm_signed",
    ),
    path(
        "turniere/<int:pk>/runden/<int:number>/tische/<int:table_number>/bogen/",
        sheets_views.sheet_page,
        name="sheet",
    ),
    path(
        "turniere/<int:pk>/runden/<int:number>/tische/<int:table_number>/bogen/aktion/",
        sheets_views.sheet_action,
        name="sheet_action",
    ),
    path(
        "turniere/<int:pk>/runden/<int:number>/veroeffentlichen/",
        rounds_views.round_publish,
        name="round_publish",
    ),
    path("turniere/<int:pk>/personal/", setup_views.staff_page, name="staff"),
    path(
        "turniere/<int:pk>/personal/<int:staff_pk>/entfernen/",
        setup_views.staff_remove,
        name="staff_remove",
    ),
]
