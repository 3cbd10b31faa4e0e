"""A web worker loads only what serving pages needs (issue 32.7: < 150 MB a worker): the push
sender's library (pywebpush, with aiohttp and cryptography: ~15 MB and 0.15 s a process) and
the exact pairing's solver (numpy, scipy) load in the process that uses them."""

import subprocess
import sys

HEAVY = ("numpy", "scipy", "pywebpush", "aiohttp", "cryptography")


def test_the_site_loads_without_the_heavy_libraries():
    code = (
        "import os, sys, django; os.environ['DJANGO_SETTINGS_MODULE'] = 'config.settings'; "
        "django.setup(); import config.urls, config.wsgi; "
        f"print(sorted(m for m in {HEAVY!r} if m in sys.modules))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip().splitlines()[-1] == "[]"
