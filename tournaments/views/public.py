from django.db.models import Count, Q
from django.http import Http404
from django.shortcuts import get_object_or_404, render

from tournaments import permissions, selectors
from tournaments.enums import RoundStatus
from tournaments.models import Tournament
from tournaments.public_cache import public_page


@public_page(scope="all")
def home(request):
    """Public start page: the tournaments, grouped so a player finds today's event at once."""
    return render(request, "tournaments/home.html", {"groups": selectors.tournament_list_public()})


@public_page()
def tournament_public(request, pk: int):
    tournament = get_object_or_404(
        Tournament.objects.annotate(
            player_count=Count("registrations", filter=Q(registrations__withdrawn_at__isnull=True))
        ),
        pk=pk,
    )
    staff = permissions.can_direct(request.user, tournament)
    if tournament.status not in selectors.PUBLIC_STATUSES and not staff:
        raise Http404
    rounds = list(tournament.rounds.exclude(status=RoundStatus.DRAWN).order_by("number"))
    return render(
        request,
        "tournaments/public/tournament.html",
        {
            "tournament": tournament,
            "rounds": rounds,
            "staff": staff,
            "current_round": rounds[-1] if rounds else None,
            "has_published": any(r.status == RoundStatus.PUBLISHED for r in rounds),
        },
    )
