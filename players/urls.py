"""A player's own pages under /ranking/ (issue 26: moved from ranking with their URLs).

ranking/urls.py includes these patterns where they always were, inside its namespace, so every
name stays as it was (``ranking:check_in``, ``ranking:my_data``, ...). The log-in pages under
/konto/ are players/accounts/urls.py.
"""

from django.urls import path

from players.accounts import views as accounts_views
from players.area import views as area_views
from players.notifications import views as notification_views
from players.privacy import views as privacy_views

area_patterns = [
    path("mein-bereich/turniere/", area_views.my_tournaments, name="my_tournaments"),
    path("mein-bereich/turniere/<int:pk>/anmelden/", area_views.register, name="signup_register"),
    path("mein-bereich/turniere/<int:pk>/abmelden/", area_views.withdraw, name="signup_withdraw"),
    path("mein-bereich/turniere/<int:pk>/einchecken/", area_views.check_in, name="check_in"),
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
]

invitation_patterns = [
    path("einladungen/", accounts_views.invite, name="invite"),
    path("einladung/<str:token>/", accounts_views.invitation_accept, name="invitation_accept"),
]
