"""ICS documents (RFC 5545, built with `icalendar`) of tournaments: one all-day event per
tournament over its days (Europe/Berlin dates), the venue as location. A tournament keeps its
UID in every feed and for ever, so calendar apps update an event instead of adding another."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import UTC, timedelta

from django.http import HttpResponse
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from icalendar import Calendar, Event

from tournaments.models import Tournament

PRODID = "-//Deutscher Rummikub Verband//Turniere//DE"
UID_DOMAIN = "turniere.rummikub-verband.de"
TIMEZONE = "Europe/Berlin"


def tournament_uid(tournament: Tournament) -> str:
    return f"turnier-{tournament.pk}@{UID_DOMAIN}"


def _event(tournament: Tournament, base_url: str) -> Event:
    url = base_url + reverse("tournament_public", args=[tournament.pk])
    event = Event()
    event.add("uid", tournament_uid(tournament))
    event.add("dtstamp", tournament.updated_at.astimezone(UTC))
    event.add("last-modified", tournament.updated_at.astimezone(UTC))
    event.add("summary", tournament.name)
    event.add("dtstart", tournament.start_date)  # a DATE: all-day, the day in Berlin
    event.add("dtend", tournament.end_date + timedelta(days=1))  # exclusive (RFC 5545)
    if tournament.venue:
        event.add("location", tournament.venue)
    rounds = tournament.total_rounds
    lines = [
        tournament.get_category_display(),
        ngettext("%(n)s round", "%(n)s rounds", rounds) % {"n": rounds},
    ]
    if getattr(tournament, "junior_field", None) is not None:  # no row: AttributeError
        lines.append(_("with a junior field"))
    event.add("description", " · ".join(lines) + f"\n{url}")
    event.add("url", url)
    event.add("transp", "TRANSPARENT")
    return event


def calendar_ics(tournaments: Iterable[Tournament], *, name: str, base_url: str) -> bytes:
    """The whole calendar as bytes (CRLF lines, folded, UTF-8)."""
    cal = Calendar()
    cal.add("prodid", PRODID)
    cal.add("version", "2.0")
    cal.add("calscale", "GREGORIAN")
    cal.add("method", "PUBLISH")
    cal.add("x-wr-calname", name)
    cal.add("x-wr-timezone", TIMEZONE)
    for tournament in tournaments:
        cal.add_component(_event(tournament, base_url))
    return cal.to_ical()


def ics_response(content: bytes, *, filename: str) -> HttpResponse:
    """An ICS answer calendar apps subscribe to (and browsers download)."""
    response = HttpResponse(content, content_type="text/calendar; charset=utf-8")
    response["Content-Disposition"] = f'inline; filename="{filename}"'
    return response
