"""The e-mail jobs are enqueued by name from a receiver: every process must know them."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
NAMES = [
    "ranking.notify_table",
    "ranking.notify_correction",
    "ranking.notify_sweep",
    "players.account_open_request",
    "players.password_reset_request",
]


def test_a_fresh_process_knows_the_mail_tasks_by_name():
    code = (
        "import django; django.setup();"
        "from celery import current_app;"
        f"print(' '.join(current_app.signature(n).type.name for n in {NAMES!r}))"
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
    assert out.stdout.split() == NAMES, out.stderr[-2000:]


def test_receivers_are_connected():
    from tournaments.common import events

    assert any("players.table_mails" in str(key) for key, *_ in events.round_released.receivers)
    assert any(
        "players.correction_mails" in str(key)
        for key, *_ in events.published_sheet_corrected.receivers
    )
