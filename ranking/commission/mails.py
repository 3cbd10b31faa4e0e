"""The commission's e-mail, as a kind of the outbox (tournaments/mail): its final decision on
an appeal, to the player (account and registry address) and whoever filed it, in the player's
language."""

from __future__ import annotations

from django.conf import settings

from players.accounts.language import language_of
from players.models import PlayerAccount
from ranking.enums import DecisionOutcome
from ranking.models import Decision
from tournaments.mail.kinds import MailKind
from tournaments.mail.services import mail_queue

APPEAL_DECISION = "appeal_decision"


def _labelled(values: dict) -> dict:
    """The outcome's label in the recipient's language, from its stored code."""
    return {**values, "outcome": DecisionOutcome(values["outcome"]).label}


KINDS = (
    MailKind(
        APPEAL_DECISION,
        sample={
            "number": 42,
            "player": "Lovelace, Ada",
            "tournament": "Spring Open 2026",
            "outcome": DecisionOutcome.UPHELD.value,
            "reasoning": "Player B won game 1; the sheet had the scores of A and B swapped.",
        },
        prepare=_labelled,
    ),
)


def decision_mail_queue(*, decision_id: int) -> None:
    """Queue the decision's mail (once per decision); nobody with an address: no mail."""
    decision = Decision.objects.select_related(
        "appeal__player", "appeal__tournament", "appeal__filed_by"
    ).get(pk=decision_id)
    appeal = decision.appeal
    account = (
        PlayerAccount.objects.select_related("user").filter(player_id=appeal.player_id).first()
    )
    addresses = (
        account.user.email if account is not None else "",
        appeal.player.email,
        getattr(appeal.filed_by, "email", ""),
    )
    recipients = [address for address in dict.fromkeys(addresses) if address]
    if not recipients:
        return
    mail_queue(
        kind=APPEAL_DECISION,
        key=str(decision.pk),
        to=recipients,
        language=language_of(account) if account is not None else settings.LANGUAGE_CODE,
        context={
            "number": appeal.pk,
            "player": appeal.player.full_name,
            "tournament": appeal.tournament.name,
            "outcome": decision.outcome,
            "reasoning": decision.reasoning,
        },
    )
