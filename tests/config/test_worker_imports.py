"""A web worker loads only what serving pages needs (issue 32.7: < 150 MB a worker): the push
sender's library (pywebpush, with aiohttp: ~15 MB and 0.15 s a process) and the exact
pairing's solver (numpy, scipy) load in the process that uses them. (cryptography is not
checked: with Redis configured, the Redis client loads it anyway.)"""

import subprocess
import sys

HEAVY = ("numpy", "scipy", "pywebpush", "aiohttp", "http_ece", "py_vapid")


def test_the_site_loads_without_the_heavy_libraries():
    code = (
        "import os, sys, django; os.environ['DJANGO_SETTINGS_MODULE'] = 'config.settings'; "
        "django.setup(); import config.urls, config.wsgi; "
        f"print(sorted(m for m in {HEAVY!r} if m in sys.modules))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip().splitlines()[-1] == "[]"
