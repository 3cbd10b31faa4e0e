"""Accounts under /konto/: opening an account ("Spielerkonto anlegen"), password reset, the start
page after log-in. The URL names `signup*` are older than the word "open" and stay (URL map)."""

from django.contrib.auth import views as auth_views
from django.urls import path

from players.accounts import views

urlpatterns = [
    path("start/", views.start, name="start"),
    path("registrieren/", views.account_open, name="signup"),
    path("registrieren/gesendet/", views.account_open_sent, name="signup_sent"),
    path("registrieren/<str:token>/", views.account_open_verify, name="signup_verify"),
    path("passwort-vergessen/", views.PasswordResetView.as_view(), name="password_reset"),
    path(
        "passwort-vergessen/gesendet/",
        auth_views.PasswordResetDoneView.as_view(
            template_name="players/accounts/password_reset_done.html"
        ),
        name="password_reset_done",
    ),
    path(
        "passwort-neu/<uidb64>/<token>/",
        views.PasswordResetConfirmView.as_view(),
        name="password_reset_confirm",
    ),
    path(
        "passwort-neu/fertig/",
        auth_views.PasswordResetCompleteView.as_view(
            template_name="players/accounts/password_reset_complete.html"
        ),
        name="password_reset_complete",
    ),
]
