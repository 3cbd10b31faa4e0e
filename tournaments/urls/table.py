"""The table's phone pages (issue #15), opened by QR code or short code without an account."""

from django.urls import path

from tournaments.tableside import views

app_name = "table"
urlpatterns = [
    path("", views.code_entry, name="code"),
    path("<str:token>/", views.entry, name="entry"),
    path("<str:token>/bestaetigen/", views.signoff, name="signoff"),
    path("<str:token>/schiedsrichter/", views.referee_call, name="referee_call"),
]
