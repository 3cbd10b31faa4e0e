"""The WSGI application: Django behind the live screens' 304 (`LivePollApp`, issue 32.3), which
answers an unchanged poll before Django builds a request."""

import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
django_application = get_wsgi_application()

from tournaments.common.live import LivePollApp  # noqa: E402 (after Django is set up)

application = LivePollApp(django_application)
