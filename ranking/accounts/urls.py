"""Accounts under /konto/: sign-up, password reset, the start page after log-in."""

from django.contrib.auth import views as auth_views
from django.urls import path

from ranking.accounts import views

urlpatterns = [
    path("start/", views.start, name="start"),
    path("registrieren/", views.signup, name="signup"),
    path("registrieren/gesendet/", views.signup_sent, name="signup_sent"),
    path("registrieren/<str:token>/", views.signup_verify, name="signup_verify"),
    path("passwort-vergessen/", views.PasswordResetView.as_view(), name="password_reset"),
    path(
        "passwort-vergessen/gesendet/",
        auth_views.PasswordResetDoneView.as_view(),
        name="password_reset_done",
    ),
    path(
        "passwort-neu/<uidb64>/<token>/",
        views.PasswordResetConfirmView.as_view(),
        name="password_reset_confirm",
    ),
    path(
        "passwort-neu/fertig/",
        auth_views.PasswordResetCompleteView.as_view(),
        name="password_reset_complete",
    ),
]
