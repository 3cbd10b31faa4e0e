"""Referee area (issue 6): warnings, cards, rulings – per tournament, for its staff."""

from django.urls import path

from tournaments.views import referee

app_name = "referee"
urlpatterns = [
    path("<int:pk>/", referee.tournament_home, name="tournament"),
    path("<int:pk>/suche/", referee.search, name="search"),
    path(
        "<int:pk>/runden/<int:number>/tische/<int:table_number>/",
        referee.table,
        name="table",
    ),
    path("<int:pk>/verwarnungen/", referee.warning_list, name="warnings"),
    path("<int:pk>/verwarnungen/neu/", referee.warning_create, name="warning_create"),
    path(
        "<int:pk>/verwarnungen/<int:warning_pk>/zuruecknehmen/",
        referee.warning_withdraw,
        name="warning_withdraw",
    ),
    path("<int:pk>/verwarnungen/verlauf/", referee.player_history, name="player_history"),
    path("<int:pk>/entscheidungen/", referee.ruling_list, name="rulings"),
    path("<int:pk>/entscheidungen/neu/", referee.ruling_create, name="ruling_create"),
    path(
        "<int:pk>/entscheidungen/<int:ruling_pk>/endgueltig/",
        referee.ruling_final,
        name="ruling_final",
    ),
]
