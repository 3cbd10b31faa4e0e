"""The venue laptop (issue 18, docs/operations.md "Venue mode"): loading a checkout package, the
uploader, signed backups and their restore, the director's status light, erasing the local copy.
Only used with settings.VENUE_MODE; the central server's side is the rest of `venue`."""
