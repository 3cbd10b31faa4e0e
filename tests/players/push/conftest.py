"""A local push service and VAPID keys for the push tests (tests/support/push_service.py)."""

import pytest

from tests.players.conftest import eager_celery  # noqa: F401 (fixture)
from tests.support.push_service import PushService, vapid_settings


@pytest.fixture
def push_service(settings):
    vapid_settings(settings)
    with PushService() as service:
        yield service
