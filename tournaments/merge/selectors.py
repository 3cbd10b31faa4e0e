"""Reads for merging duplicates: where a removed id went, what a merge would move."""

from __future__ import annotations

from tournaments.models import Player, PlayerMerge


def kept_player_id(removed_id: int) -> int | None:
    """The entry a merged-away id now belongs to (its old links redirect there)."""
    return (
        PlayerMerge.objects.filter(removed_player_id=removed_id)
        .values_list("kept_id", flat=True)
        .first()
    )


def merges_of(player: Player) -> list[PlayerMerge]:
    """The merges into this entry, newest first ("zusammengeführt mit …")."""
    return list(PlayerMerge.objects.filter(kept=player).select_related("merged_by"))


def merge_candidates(player: Player, query: str) -> list[Player]:
    """Entries that might be the same person: by the search, else by the same names."""
    query = (query or "").strip()[:100]
    qs = Player.objects.exclude(pk=player.pk).filter(erased_at__isnull=True)
    if not query:
        return list(qs.filter(last_name__iexact=player.last_name)[:20])
    return list(qs.search(query)[:20])
