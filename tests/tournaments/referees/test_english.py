"""The referees' refusals in both languages (issue 17.1): English for an English request, the
German text unchanged for a German one."""

from __future__ import annotations

import pytest
from django.core.exceptions import PermissionDenied, ValidationError
from django.utils import formats, timezone, translation

from tournaments.enums import WarningKind


def refusal(language: str, call, error=ValidationError):
    """The refusal as the request shows it: lazy messages are rendered in its language too."""
    with translation.override(language):
        with pytest.raises(error) as info:
            call()
        return info.value.message_dict if hasattr(info.value, "error_dict") else str(info.value)


def test_a_warning_without_its_kind(w):
    player = w.seated(1, "A")

    def no_kind():
        w.give(player, "violet")

    assert refusal("en", no_kind) == {"kind": ["Please choose the kind of warning."]}
    assert refusal("de", no_kind) == {"kind": ["Bitte die Art der Verwarnung wählen."]}


def test_a_second_red_card_names_the_first_ones_time(w):
    player = w.seated(1, "A")
    first = w.give(player, WarningKind.RED)
    local = timezone.localtime(first.given_at)

    def again():
        w.give(player, WarningKind.RED, user=w.users["head"])

    name = player.full_name
    with translation.override("en"):  # the date as English dates are written here
        day = formats.date_format(local, "SHORT_DATE_FORMAT")
    assert refusal("en", again) == (
        f"['{name} is already excluded (red card on {day} at {local:%H:%M}).']"
    )
    assert refusal("de", again) == (
        f"['{name} ist bereits ausgeschlossen (Rote Karte am {local:%d.%m.%Y} um {local:%H:%M}).']"
    )


def test_only_the_tournaments_referees_may_log(w):
    def by_the_desk():
        w.give(w.seated(1, "A"), user=w.users["desk"])

    assert refusal("en", by_the_desk, PermissionDenied) == (
        "Only referees of this tournament may do that."
    )
    assert refusal("de", by_the_desk, PermissionDenied) == (
        "Nur Schiedsrichter dieses Turniers dürfen das."
    )
