from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class RankingConfig(AppConfig):
    name = "ranking"
    verbose_name = _("Ranking")

    def ready(self) -> None:
        """Connect the receivers (the ranking follows every publish and correction, SPEC §9),
        register the tasks in every process (services enqueue them by name, and eager mode
        (make run, tests) runs a task only if its module is loaded), and add the ranking's
        sections to a player's data export ("Meine Daten" lives in players, which never
        imports ranking), its kind of e-mail to the outbox (tournaments/mail) and the skill
        rating's expectation to a round's table pages (tournaments never imports ranking)."""
        from players.privacy import export_sections
        from ranking import receivers, tasks  # noqa: F401
        from ranking.commission import mails as commission_mails
        from ranking.privacy import selectors as privacy_selectors
        from ranking.rating import selectors as rating_selectors
        from ranking.rating import tables as rating_tables
        from tournaments.common import table_sections
        from tournaments.mail import kinds

        export_sections.register("appeals", privacy_selectors.appeals_section)
        export_sections.register("appeal_additions", privacy_selectors.appeal_additions_section)
        export_sections.register("ranking", privacy_selectors.ranking_section)
        export_sections.register("rating", rating_selectors.export_section)
        table_sections.register("rating", rating_tables.table_section)
        kinds.register(*commission_mails.KINDS)
