"""A warning's ground as pages show it (`PlayerWarning.ground_label`)."""

import pytest
from django.utils import translation

from tournaments.enums import WarningGround
from tournaments.models import PlayerWarning


def test_a_free_text_ground_shows_the_referees_words():
    warning = PlayerWarning(ground=WarningGround.FREE_TEXT, ground_text="Handy am Tisch")
    assert warning.ground_label == "Handy am Tisch"


@pytest.mark.parametrize(
    ("language", "expected"),
    [("de", "Heruntergefallene Steine (15.3)"), ("en", "Dropped tiles (15.3)")],
)
def test_any_other_ground_shows_its_label_in_the_readers_language(language, expected):
    warning = PlayerWarning(ground=WarningGround.DROPPED_TILES, ground_text="left over")
    with translation.override(language):
        assert warning.ground_label == expected
