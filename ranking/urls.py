"""Ranking, appeals and the rules commission (issue 7)."""

from django.urls import path

from ranking import views

app_name = "ranking"
urlpatterns = [
    path("", views.ranking_index, name="index"),
    path("<int:year>/", views.ranking_year, name="year"),
    path("<int:year>/csv/", views.ranking_csv, name="csv"),
    path("spieler/<int:player_id>/", views.player_history, name="player"),
    path("mein-bereich/", views.my_area, name="my_area"),
    path("einsprueche/neu/<int:tournament_pk>/", views.appeal_new, name="appeal_new"),
    path("einsprueche/<int:pk>/", views.appeal_detail, name="appeal_detail"),
    path("einsprueche/<int:pk>/anhang/", views.appeal_attachment, name="appeal_attachment"),
    path("kommission/", views.commission_inbox, name="commission_inbox"),
    path("kommission/<int:pk>/", views.commission_appeal, name="commission_appeal"),
    path("kommission/<int:pk>/pruefen/", views.commission_review, name="commission_review"),
    path("kommission/<int:pk>/entscheiden/", views.commission_decide, name="commission_decide"),
    path("einladungen/", views.invite, name="invite"),
    path("einladung/<str:token>/", views.invitation_accept, name="invitation_accept"),
]
