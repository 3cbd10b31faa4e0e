"""Tournament endpoints of API v1 (`/api/v1/tournaments/…`); see endpoints.py."""

from tournaments.api.endpoints import router

__all__ = ["router"]
