"""The venue mode's pages pass axe-core (WCAG 2.1 A and AA) on the director's laptop: the
checkout form, the status of a checked-out tournament, the review and the public banner."""

import pytest
from django.urls import reverse

from tests.browser.conftest import log_in
from tests.browser.test_accessibility import valid_html, violations  # noqa: F401 - its check runs here too
from tests.support.builders import PASSWORD, make_players, make_tournament, make_user
from tests.support.venue_world import make_venue_world
from tournaments.enums import GlobalRole

pytestmark = [
    pytest.mark.browser,
    pytest.mark.presentation,
    pytest.mark.django_db(transaction=True),
]


def test_venue_pages_on_a_laptop(page, live_server):
    director = make_user("leiterin", role=GlobalRole.DIRECTOR)
    admin = make_user("verband", role=GlobalRole.FEDERATION_ADMIN)
    home = make_tournament(director=director, open=True, name="Zu Hause")
    out, held, _conflict = make_venue_world(director=director, admin=admin, players=make_players(4))
    base = live_server.url
    assert violations(page, base, [reverse("tournament_public", args=[out.pk])]) == {}
    log_in(page, base, "verband", PASSWORD)
    paths = [
        reverse("director:tournament_detail", args=[home.pk]),
        reverse("director:tournament_detail", args=[out.pk]),
        reverse("venue:section", args=[out.pk]),
        reverse("venue:review_list"),
        reverse("venue:review", args=[held]),
    ]
    assert violations(page, base, paths) == {}
