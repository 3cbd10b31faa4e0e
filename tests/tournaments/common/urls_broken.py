"""A URL whose view fails with the database gone: the 500 page must still render."""

from django.db import OperationalError
from django.urls import path

handler500 = "tournaments.common.errors.server_error"


def broken(request):
    raise OperationalError("server closed the connection unexpectedly")


urlpatterns = [path("kaputt/", broken)]
