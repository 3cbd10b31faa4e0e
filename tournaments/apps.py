from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class TournamentsConfig(AppConfig):
    name = "tournaments"
    verbose_name = _("Tournaments")

    def ready(self) -> None:
        """Register the tasks in every process: services enqueue them by name, and eager mode
        (make run, tests) runs a task only if its module is loaded; and the kinds of e-mail,
        which the worker renders."""
        # the rules core's messages are shown in the request's language (domain/text.py)
        from django.utils.translation import gettext, ngettext

        from tournaments import tasks  # noqa: F401
        from tournaments.domain import text
        from tournaments.mail import kinds
        from tournaments.registration import mails as registration_mails

        text.use_translator(gettext, ngettext)
        text.use_value_format(_shown_value)  # dates in the request's format
        kinds.register(*registration_mails.KINDS)  # the registration's e-mails (tournaments/mail)

        from tournaments.venue.laptop import receivers

        receivers.connect()  # the venue laptop's uploader hears of publications

        from tournaments.rounds import receivers as round_receivers

        round_receivers.connect()  # a red card takes the player out of a drawn round (SPEC §7)


def _shown_value(value):
    """A date or moment in a core message as the active language writes it (common/formats.py)."""
    from datetime import date, datetime

    from tournaments.common.formats import local_format

    if isinstance(value, datetime):
        return local_format(value, "SHORT_DATETIME_FORMAT")
    if isinstance(value, date):
        return local_format(value, "SHORT_DATE_FORMAT")
    return value
