"""The move-up mail is enqueued by task name; the task must be known in every process."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_a_fresh_process_knows_the_signup_mail_task_by_name():
    code = (
        "import django; django.setup();"
        "from celery import current_app;"
        "print(current_app.signature('tournaments.signup_mail').type.name)"
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
    assert out.stdout.strip() == "tournaments.signup_mail", out.stderr[-2000:]
