from tournaments import permissions


def navigation(request):
    """Role flags for the navigation; the views check permissions again on their own."""
    user = request.user
    session = getattr(request, "session", None)
    return {
        "nav": {
            # set at sign-in (players.receivers); read here, not as `request.session.…` in a
            # template: a missing key there costs a dir() of the session per lookup
            "player": bool(session is not None and session.get("player_account")),
            "director": permissions.is_director(user),
            "federation_admin": permissions.is_federation_admin(user),
            "referee": permissions.is_referee(user),
            "commission": permissions.is_commission(user),
            "desk": permissions.is_desk_staff(user),
        }
    }
