"""On the venue laptop, a publication (a round released, results published or corrected)
makes the uploader upload and back up at its next look (`services.publication_noted`)."""

from django.conf import settings

from tournaments.common import events
from tournaments.venue.laptop import services


def _published(sender, **kwargs) -> None:
    services.publication_noted()


def connect() -> None:
    if settings.VENUE_MODE:
        events.results_changed.connect(_published, dispatch_uid="venue-laptop-results")
        events.round_released.connect(_published, dispatch_uid="venue-laptop-round")


def disconnect() -> None:
    events.results_changed.disconnect(dispatch_uid="venue-laptop-results")
    events.round_released.disconnect(dispatch_uid="venue-laptop-round")
