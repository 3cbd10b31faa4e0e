from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path
from django.views.decorators.csrf import csrf_exempt

from config.api import api
from players.notifications.views import set_language
from ranking.commission.views import commission_home

handler403 = "tournaments.common.errors.forbidden"
handler404 = "tournaments.common.errors.not_found"
handler500 = "tournaments.common.errors.server_error"

urlpatterns = [
    path("", include("tournaments.urls.public")),
    path("leitung/", include("tournaments.urls.director")),
    path("", include("tournaments.urls.venue")),
    path("kommission/", commission_home, name="commission_home"),
    path("api/v1/", api.urls),
    path("schiedsrichter/turniere/", include("tournaments.urls.referee")),
    path("tisch/", include("tournaments.urls.table")),
    path("ranking/", include("ranking.urls")),
    path(
        "konto/anmelden/",
        auth_views.LoginView.as_view(template_name="players/accounts/login.html"),
        name="login",
    ),
    path("konto/abmelden/", auth_views.LogoutView.as_view(), name="logout"),
    path("konto/geraete/", include("players.push.urls")),
    path("konto/", include("players.accounts.urls")),
    path("admin/", admin.site.urls),
    # Without a CSRF token: the switch is on every public page, and a page holding a visitor's
    # token is never cached (public_cache); a forged switch only changes a language (the page's,
    # and for a logged-in player the e-mails').
    path("i18n/setlang/", csrf_exempt(set_language), name="set_language"),
]
