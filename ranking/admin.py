"""Django admin: the commission's own decisions are shown, never changed (Klub 3)."""

from django.contrib import admin

from ranking.models import RankingStrike


@admin.register(RankingStrike)
class RankingStrikeAdmin(admin.ModelAdmin):
    list_display = ("tournament", "struck", "decided_by", "decided_at")
    list_filter = ("struck",)

    def has_add_permission(self, request) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False

    def has_delete_permission(self, request, obj=None) -> bool:
        return False
