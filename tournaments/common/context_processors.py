from tournaments import permissions


def navigation(request):
    """Role flags for the navigation; the views check permissions again on their own."""
    user = request.user
    return {
        "nav": {
            "director": permissions.is_director(user),
            "federation_admin": permissions.is_federation_admin(user),
            "referee": permissions.is_referee(user),
            "commission": permissions.is_commission(user),
            "desk": permissions.is_desk_staff(user),
        }
    }
