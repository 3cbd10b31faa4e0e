"""A tie at a cut names how many criteria it survived (Klub 4.2): the only one, both, or all N;
never "all two" (issue 27.8)."""

from __future__ import annotations

import pytest
from django.utils import translation

from tournaments.enums import CutKind
from tournaments.rounds.selectors import CutTie

CASES = [
    ("de", 1, "nach dem einzigen Wertungskriterium des Regelwerks"),
    ("de", 2, "nach beiden Wertungskriterien des Regelwerks"),
    ("de", 3, "nach allen drei Wertungskriterien des Regelwerks"),
    ("de", 4, "nach allen vier Wertungskriterien des Regelwerks"),
    ("en", 1, "after the only tie-break criterion of the rules"),
    ("en", 2, "after both tie-break criteria of the rules"),
    ("en", 3, "after all three tie-break criteria of the rules"),
    ("en", 4, "after all four tie-break criteria of the rules"),
]

TEXT = {
    "de": "Gleichstand um den letzten Finalplatz {chain} zwischen Anna Alt und Bert Bau: die "
    "Turnierleitung muss entscheiden (Stechen oder Los), bevor das Finale ausgelost wird.",
    "en": "Tie for the last place in the final {chain} between Anna Alt and Bert Bau: the director "
    "must decide (play-off or lot) before the final is drawn.",
}


@pytest.mark.parametrize(("language", "keys", "chain"), CASES)
def test_the_tie_message_counts_the_criteria_in_words(language, keys, chain):
    tie = CutTie(
        kind=CutKind.FINAL_PLACE,
        table_number=None,
        tied=(1, 2),
        names=("Anna Alt", "Bert Bau"),
        open_places=1,
        keys=keys,
    )
    with translation.override(language):
        message = tie.message
    assert message == TEXT[language].format(chain=chain)
