from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path

from config.api import api
from tournaments.urls import director_patterns

handler403 = "tournaments.views.errors.forbidden"
handler404 = "tournaments.views.errors.not_found"
handler500 = "tournaments.views.errors.server_error"

urlpatterns = [
    path("", include("tournaments.urls")),
    path("leitung/", include(director_patterns)),
    path("api/v1/", api.urls),
    path("schiedsrichter/turniere/", include("tournaments.urls_referee")),
    path("ranking/", include("ranking.urls")),
    path("konto/anmelden/", auth_views.LoginView.as_view(), name="login"),
    path("konto/abmelden/", auth_views.LogoutView.as_view(), name="logout"),
    path("admin/", admin.site.urls),
]
