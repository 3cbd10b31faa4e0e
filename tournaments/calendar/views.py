"""The federation calendar: every public tournament as an ICS feed (issue 16.4)."""

from __future__ import annotations

from django.utils.translation import gettext as _

from tournaments.calendar import feeds
from tournaments.calendar import selectors as calendar_selectors
from tournaments.common.public_cache import public_page


@public_page(scope="all")
def federation_calendar(request):
    """Cached like the start page: any public change of any tournament renews it."""
    content = feeds.calendar_ics(
        calendar_selectors.public_calendar_tournaments(),
        name=_("DRV Rummikub tournaments"),
        base_url=request.build_absolute_uri("/").rstrip("/"),
    )
    return feeds.ics_response(content, filename="drv-turniere.ics")
