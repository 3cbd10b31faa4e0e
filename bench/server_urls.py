"""The site's URLs plus two reference pages, served by the same gunicorn as the pages measured
(bench/bench_pages.py): a trivial view and a plain template page with the site's layout."""

from django.http import HttpResponse
from django.template import engines
from django.urls import include, path

from config.urls import handler403, handler404, handler500  # noqa: F401 (the site's own)

PLAIN = engines["django"].from_string(
    '{% extends "base.html" %}{% block title %}Referenzseite{% endblock %}'
    "{% block content %}<h1>Referenzseite</h1><p>Eine Seite mit dem Layout der Website und "
    "ohne Daten: was jede Seite mindestens kostet.</p>{% endblock %}"
)


def trivial(request):
    return HttpResponse("ok", content_type="text/plain")


def plain(request):
    return HttpResponse(PLAIN.render({}, request))


urlpatterns = [
    path("bench/trivial/", trivial),
    path("bench/plain/", plain),
    path("", include("config.urls")),
]
