"""The recompute is enqueued by task name; the task must be known in every process (make run)."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_a_fresh_process_knows_the_recompute_task_by_name():
    """Run in a new interpreter: nothing the test suite imported may hide a missing registration."""
    code = (
        "import django; django.setup();"
        "from celery import current_app;"
        "print(current_app.signature('ranking.recompute_year').type.name)"
    )
    out = subprocess.run(
        [sys.executable, "-c", code],
        cwd=ROOT,
        env={"DJANGO_SETTINGS_MODULE": "config.settings", "PATH": "/usr/bin:/bin"},
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert out.stdout.strip() == "ranking.recompute_year", out.stderr[-2000:]
