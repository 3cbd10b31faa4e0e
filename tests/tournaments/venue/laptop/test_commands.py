"""The laptop's commands where no second process is needed (the rest: test_venue_process)."""

from io import StringIO

import pytest
from django.core.management import CommandError, call_command

from tournaments.venue.laptop import uploader


def _run(*args) -> str:
    out = StringIO()
    call_command(*args, stdout=out)
    return out.getvalue().strip()


def test_the_server_starts_only_in_venue_mode(db, settings):
    settings.VENUE_MODE = False
    with pytest.raises(CommandError, match="Only with VENUE_MODE=1"):
        call_command("venue_serve", "--port", "0")


def test_the_uploader_idles_until_a_package_is_loaded(db, settings):
    settings.VENUE_MODE = True
    assert _run("venue_sync", "--once") == "idle"
    with pytest.raises(CommandError, match="No tournament is loaded on this laptop."):
        call_command("venue_backup")


def test_backup_and_upload_on_the_command_line(laptop, monkeypatch):
    monkeypatch.setattr(uploader, "post_envelope", lambda url, envelope: ("applied", ""))
    assert _run("venue_backup").startswith("Backup 1: ")
    assert _run("venue_sync", "--force") == "applied"
    assert _run("venue_sync", "--force") == "current"


def test_erasing_is_refused_while_the_server_lacks_changes(laptop, monkeypatch):
    monkeypatch.setattr(uploader, "post_envelope", lambda url, envelope: ("unreachable", "x"))
    lacks = r"Dem zentralen Server fehlen Änderungen dieses Laptops \(Keine Verb"
    with pytest.raises(CommandError, match=lacks):
        call_command("venue_erase", "--yes")


def test_a_package_that_is_no_file_is_a_clear_error(db, settings, tmp_path):
    settings.VENUE_MODE = True
    path = tmp_path / "paket.json"
    path.write_text("{kein json")
    with pytest.raises(CommandError, match="paket.json: Expecting property name"):
        call_command("venue_load", str(path))
    path.write_text('{"format": 2}')
    with pytest.raises(CommandError, match="kein Paket des zentralen Servers"):
        call_command("venue_load", str(path))
