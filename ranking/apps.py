from django.apps import AppConfig


class RankingConfig(AppConfig):
    name = "ranking"
    verbose_name = "Ranking"

    def ready(self) -> None:
        """Connect the receivers: the ranking follows every publish and correction (SPEC §9)."""
        from ranking import receivers  # noqa: F401
