"""Ranking, appeals and the rules commission (issue 7); the player's own pages (players app)
keep their place and their names in this namespace."""

from django.urls import include, path

from players import urls as players_urls
from ranking.appeals import views as appeals_views
from ranking.careers import views as careers_views
from ranking.clubs import views as clubs_views
from ranking.commission import views as commission_views
from ranking.public import views as public_views
from ranking.rating import views as rating_views

app_name = "ranking"
urlpatterns = [
    path("", public_views.ranking_index, name="index"),
    path("<int:year>/", public_views.ranking_year, name="year"),
    path("<int:year>/csv/", public_views.ranking_csv, name="csv"),
    path("spieler/<int:player_id>/", careers_views.career_page, name="player"),
    path("vereine/", clubs_views.club_index, name="clubs"),
    path("vereine/<int:year>/", clubs_views.club_year, name="clubs_year"),
    path("verein/<slug:slug>/", clubs_views.club_page, name="club"),
    path("spielstaerke/", rating_views.rating_all_time, name="rating"),
    path("spielstaerke/csv/", rating_views.rating_all_time_csv, name="rating_csv"),
    path("spielstaerke/<int:year>/", rating_views.rating_year, name="rating_year"),
    path("spielstaerke/<int:year>/csv/", rating_views.rating_csv, name="rating_year_csv"),
    path("mein-bereich/", appeals_views.my_area, name="my_area"),
    path("", include(players_urls.area_patterns)),
    path("einsprueche/neu/<int:tournament_pk>/", appeals_views.appeal_new, name="appeal_new"),
    path("einsprueche/<int:pk>/", appeals_views.appeal_detail, name="appeal_detail"),
    path("einsprueche/<int:pk>/anhang/", appeals_views.appeal_attachment, name="appeal_attachment"),
    path(
        "einsprueche/<int:pk>/nachtrag/",
        appeals_views.appeal_addition_new,
        name="appeal_addition_new",
    ),
    path(
        "einsprueche/<int:pk>/nachtrag/<int:addition_pk>/anhang/",
        appeals_views.appeal_addition_attachment,
        name="appeal_addition_attachment",
    ),
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
    path("", include(players_urls.invitation_patterns)),
]
