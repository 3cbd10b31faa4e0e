"""The web workers do not carry the exact step's solver: numpy and scipy (some 40 MB a
process) load only when a round is drawn on a field the exact step runs on (issue 32.7)."""

import subprocess
import sys


def test_the_site_loads_without_numpy_and_scipy():
    code = (
        "import os, sys, django; os.environ['DJANGO_SETTINGS_MODULE'] = 'config.settings'; "
        "django.setup(); import config.urls, tournaments.domain.pairing; "
        "print(sorted(m for m in ('numpy', 'scipy') if m in sys.modules))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip().splitlines()[-1] == "[]"
