"""Tournament endpoints of API v1 (`/api/v1/tournaments/…`)."""

from ninja import Router

router = Router(tags=["Turniere"])
