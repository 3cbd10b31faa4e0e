"""Ranking endpoints of API v1 (`/api/v1/rankings/…`)."""

from ninja import Router

router = Router(tags=["Ranking"])
