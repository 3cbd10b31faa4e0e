"""Signed backup files of the venue laptop (issue 18: "laptop dies").

A backup is the upload envelope (the complete copy, signed with the checkout's key) wrapped
with what another laptop needs to carry on: the checkout's uuid and key, the central server's
address and the sequence number. It holds personal data and the key: the folder is not in
git, files are readable by their owner only, `venue_erase` deletes them.
"""

import json
import os
from datetime import datetime
from pathlib import Path

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from tournaments.venue.laptop.selectors import backup_dir
from tournaments.venue.persons import staff_roster

KIND = "drv-venue-backup"
#: backups kept in the folder (the newest ones): a day's worth at one every couple of minutes
KEEP = 200


def backup_write(*, state, envelope: str, now: datetime) -> Path:
    """Write one backup, atomically (a crash mid-write leaves the previous ones intact)."""
    from tournaments.venue.document import FORMAT_VERSION

    checkout = state.checkout
    folder = backup_dir()
    folder.mkdir(parents=True, exist_ok=True)
    name = f"{str(checkout.uuid)[:8]}-{state.sequence:06d}-{now:%Y%m%d-%H%M%S}.json"
    content = {
        "kind": KIND,
        "format": FORMAT_VERSION,
        "checkout": str(checkout.uuid),
        "key": checkout.key,
        "central_url": state.central_url,
        "sequence": state.sequence,
        "made_at": now.isoformat(),
        "envelope": envelope,
        # the people who may work here (a restored laptop lists them for their PINs again)
        "staff": staff_roster(tournament=checkout.tournament, active_only=False),
    }
    path = folder / name
    temporary = folder / f".{name}.tmp"
    fd = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w", encoding="utf-8") as handle:
        json.dump(content, handle)
        handle.flush()
        os.fsync(handle.fileno())
    os.replace(temporary, path)
    for old in backups_list()[:-KEEP]:  # names sort by sequence number
        old.unlink(missing_ok=True)
    return path


def backup_read(path: Path) -> dict:
    """The backup's wrapper, checked for its shape (the signature is checked on restore)."""
    try:
        content = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError) as error:
        raise ValidationError(
            _("%(file)s is no readable backup: %(error)s") % {"file": path, "error": error}
        ) from error
    needed = {"kind", "checkout", "key", "central_url", "sequence", "envelope"}
    if not isinstance(content, dict) or content.get("kind") != KIND or needed - content.keys():
        raise ValidationError(_("%(file)s is no backup of a venue laptop.") % {"file": path})
    return content


def backups_list() -> list[Path]:
    folder = backup_dir()
    return sorted(folder.glob("*.json")) if folder.is_dir() else []


def backups_delete() -> int:
    found = backups_list()
    for path in found:
        path.unlink(missing_ok=True)
    return len(found)
