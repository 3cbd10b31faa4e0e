"""Django admin for the raw data (federation admins); day-to-day work happens in the site."""

from django.contrib import admin
from django.utils.translation import gettext_lazy as _

from tournaments import models


class RecordAdmin(admin.ModelAdmin):
    """Every record here is written by its service, which keeps versions, announces the change
    (public pages, ranking) and refuses a finished tournament: the admin may look, not add,
    change or delete (issue #19: a superuser's admin edit bypassed all of that)."""

    def has_add_permission(self, request) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False

    def has_delete_permission(self, request, obj=None) -> bool:
        return False


@admin.register(models.Player)
class PlayerAdmin(RecordAdmin):
    list_display = ("federation_number", "last_name", "first_name", "club", "city", "publish_name")
    search_fields = ("federation_number", "last_name", "first_name", "club")


class ReadOnlyInline(admin.TabularInline):
    extra = 0

    def has_add_permission(self, request, obj=None) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False

    def has_delete_permission(self, request, obj=None) -> bool:
        return False


class StaffInline(ReadOnlyInline):
    model = models.TournamentStaff


@admin.register(models.Tournament)
class TournamentAdmin(RecordAdmin):
    list_display = ("name", "category", "start_date", "status", "ranking_year")
    list_filter = ("status", "category", "ranking_year")
    search_fields = ("name", "venue")
    inlines = [StaffInline]


@admin.register(models.Registration)
class RegistrationAdmin(RecordAdmin):
    list_display = ("tournament", "player", "reserve", "checked_in_at", "withdrawn_at")
    list_filter = ("tournament", "reserve")
    raw_id_fields = ("player",)


class SeatInline(ReadOnlyInline):
    model = models.Seat
    raw_id_fields = ("player",)


@admin.register(models.Round)
class RoundAdmin(RecordAdmin):
    list_display = ("tournament", "number", "kind", "status", "seed", "created_at")
    list_filter = ("tournament",)
    exclude = ("notice",)  # stored as msgid and values: shown translated below
    readonly_fields = ("pairing_notice",)

    @admin.display(description=_("Notice"))
    def pairing_notice(self, obj) -> str:
        return obj.notice_text


@admin.register(models.Table)
class TableAdmin(RecordAdmin):
    list_display = ("round", "number")
    inlines = [SeatInline]


@admin.register(models.PairingChange)
class PairingChangeAdmin(RecordAdmin):
    list_display = ("round", "at", "user", "action", "change_description")
    exclude = ("description",)  # stored as msgid and values: shown translated below
    readonly_fields = ("change_description",)

    @admin.display(description=_("Description"))
    def change_description(self, obj) -> str:
        return obj.description_text


@admin.register(models.CutDecision)
class CutDecisionAdmin(RecordAdmin):
    list_display = ("tournament", "kind", "table_number", "method", "decided_by", "decided_at")
    list_filter = ("tournament",)


@admin.register(models.Absence)
class AbsenceAdmin(RecordAdmin):
    list_display = ("round", "player", "from_game", "reason", "created_at", "cancelled_at")
    list_filter = ("round__tournament",)


@admin.register(models.Team)
class TeamAdmin(RecordAdmin):
    list_display = ("tournament", "name")
    list_filter = ("tournament",)


admin.site.register(models.TournamentStaff, RecordAdmin)
admin.site.register(models.TablePin, RecordAdmin)
admin.site.site_header = _(
    "German Rummikub Federation (Deutscher Rummikub Verband) – administration"
)
