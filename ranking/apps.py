from django.apps import AppConfig


class RankingConfig(AppConfig):
    name = "ranking"
    verbose_name = "Ranking"

    def ready(self) -> None:
        """Listen to published results (SPEC §9): the ranking follows every publish/correction."""
        from tournaments.events import results_changed

        from ranking.services.compute import on_results_changed

        results_changed.connect(on_results_changed, dispatch_uid="ranking.results_changed")

        from django.contrib.auth.signals import user_logged_in

        user_logged_in.connect(remember_player_account, dispatch_uid="ranking.player_account")


def remember_player_account(sender, request, user, **kwargs) -> None:
    """Keep "has a player account" in the session: the navigation needs no query per page."""
    from ranking.models import PlayerAccount

    if request is not None and hasattr(request, "session"):
        request.session["player_account"] = PlayerAccount.objects.filter(user=user).exists()
