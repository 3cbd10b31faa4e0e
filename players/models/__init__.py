"""Tables of a player's own account: the log-in, its invitations, its choices and the e-mails
sent to the player (issue 26: moved from ranking with their tables, `db_table`)."""

from players.models.accounts import PlayerAccount as PlayerAccount
from players.models.accounts import PlayerInvitation as PlayerInvitation
from players.models.notifications import Notification as Notification
from players.models.notifications import NotificationKind as NotificationKind
from players.models.notifications import PlayerPreferences as PlayerPreferences
from players.models.push import PushDelivery as PushDelivery
from players.models.push import PushKind as PushKind
from players.models.push import PushSubscription as PushSubscription
