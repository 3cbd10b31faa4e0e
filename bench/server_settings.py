"""The site's settings (environment only) with the bench's URLs: reference pages added."""

from config.settings import *  # noqa: F403

ROOT_URLCONF = "bench.server_urls"
