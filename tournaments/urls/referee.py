"""Referee area (issue 6): warnings, cards, rulings – per tournament, for its staff."""

from django.urls import path

from tournaments.referees.views import calls as views_calls
from tournaments.referees.views import pages as views_pages
from tournaments.referees.views import rulings as views_rulings
from tournaments.referees.views import warnings as views_warnings

app_name = "referee"
urlpatterns = [
    path("<int:pk>/", views_pages.tournament_home, name="tournament"),
    path("<int:pk>/suche/", views_pages.search, name="search"),
    path(
        "<int:pk>/runden/<int:number>/tische/<int:table_number>/",
        views_pages.table,
        name="table",
    ),
    path("<int:pk>/verwarnungen/", views_warnings.warning_list, name="warnings"),
    path("<int:pk>/verwarnungen/neu/", views_warnings.warning_create, name="warning_create"),
    path(
        "<int:pk>/verwarnungen/<int:warning_pk>/zuruecknehmen/",
        views_warnings.warning_withdraw,
        name="warning_withdraw",
    ),
    path("<int:pk>/verwarnungen/verlauf/", views_pages.player_history, name="player_history"),
    path("<int:pk>/entscheidungen/", views_rulings.ruling_list, name="rulings"),
    path("<int:pk>/entscheidungen/neu/", views_rulings.ruling_create, name="ruling_create"),
    path(
        "<int:pk>/entscheidungen/<int:ruling_pk>/endgueltig/",
        views_rulings.ruling_final,
        name="ruling_final",
    ),
    # Calls from the tables (issue #15.6)
    path("<int:pk>/rufe/", views_calls.calls, name="calls"),
    path("<int:pk>/rufe/<int:call_pk>/annehmen/", views_calls.call_take, name="call_take"),
    path("<int:pk>/rufe/<int:call_pk>/abschliessen/", views_calls.call_close, name="call_close"),
]
