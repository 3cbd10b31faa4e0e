from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class PlayersConfig(AppConfig):
    name = "players"
    verbose_name = _("Player accounts")

    def ready(self) -> None:
        """Connect the receivers (released rounds and corrected tables: the players' e-mails;
        merges and erasures of registry entries; log-ins) and register the mail tasks in every
        process: services enqueue them by name, and eager mode runs a task only if its module
        is loaded; and add the players' kinds of e-mail to the outbox (tournaments/mail), which
        the worker renders."""
        from players import receivers, tasks  # noqa: F401
        from players.accounts import mails as account_mails
        from players.notifications import mails as notification_mails
        from tournaments.mail import kinds

        kinds.register(*account_mails.KINDS, *notification_mails.KINDS)
