from django.apps import AppConfig


class TournamentsConfig(AppConfig):
    name = "tournaments"
    verbose_name = "Turniere"

    def ready(self) -> None:
        """Register the tasks in every process: services enqueue them by name, and eager mode
        (make run, tests) runs a task only if its module is loaded."""
        from tournaments import tasks  # noqa: F401
        from tournaments.venue.laptop import receivers

        receivers.connect()  # the venue laptop's uploader hears of publications
