from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class RankingConfig(AppConfig):
    name = "ranking"
    verbose_name = _("Ranking")

    def ready(self) -> None:
        """Connect the receivers (the ranking follows every publish and correction, SPEC §9) and
        register the tasks in every process: services enqueue them by name, and eager mode
        (make run, tests) runs a task only if its module is loaded."""
        from ranking import receivers, tasks  # noqa: F401
