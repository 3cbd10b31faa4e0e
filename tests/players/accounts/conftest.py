"""The account mails go out through the outbox's task (tournaments/mail): here it runs in this
process, also in CI's stage with a real worker (which reads another database)."""

import pytest


@pytest.fixture(autouse=True)
def _mails_sent_here(eager_celery):
    yield
