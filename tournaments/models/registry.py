"""The federation's player registry."""

import uuid

from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from tournaments.domain.clubs import club_slug
from tournaments.models.collation import din5007_name_order


class PlayerQuerySet(models.QuerySet):
    def search(self, query: str, *, club: bool = True) -> "PlayerQuerySet":
        """Entries matching every word of the query (commas separate like spaces, the first 100
        characters count) in a name, the membership number or, with ``club``, the club: part
        of a word, any letter case. The one search of the registry, the registration, merging
        and the referee's phone."""
        qs = self
        for term in (query or "").strip()[:100].replace(",", " ").split():
            match = (
                Q(last_name__icontains=term)
                | Q(first_name__icontains=term)
                | Q(federation_number__icontains=term)
            )
            if club:
                match |= Q(club__icontains=term)
            qs = qs.filter(match)
        return qs


class Player(models.Model):
    """A member in the federation's registry."""

    uuid = models.UUIDField(default=uuid.uuid4, unique=True, editable=False, verbose_name=_("UUID"))
    federation_number = models.CharField(
        _("Membership number"), max_length=20, unique=True, null=True, blank=True
    )
    is_guest = models.BooleanField(
        _("Guest"),
        default=False,
        help_text=_(
            "Created by the tournament director on the day of the tournament, "
            "without membership number."
        ),
    )
    first_name = models.CharField(_("First name"), max_length=80)
    last_name = models.CharField(_("Last name"), max_length=80)
    club = models.CharField(_("Club"), max_length=120, blank=True)
    city = models.CharField(_("Town"), max_length=120, blank=True)
    birth_year = models.PositiveSmallIntegerField(_("Year of birth"), null=True, blank=True)
    email = models.EmailField(_("E-mail (not public)"), blank=True)
    publish_name = models.BooleanField(
        _("Name may be published"),
        default=True,
        help_text=_("Otherwise public pages show only initials and club."),
    )
    erased_at = models.DateTimeField(
        _("Erased (anonymised)"),
        null=True,
        blank=True,
        help_text=_("Anonymised at their own request: results stay, personal data does not."),
    )
    created_at = models.DateTimeField(auto_now_add=True, verbose_name=_("Created at"))
    updated_at = models.DateTimeField(auto_now=True, verbose_name=_("Updated at"))

    objects = PlayerQuerySet.as_manager()

    class Meta:
        ordering = [*din5007_name_order(), "federation_number"]  # DIN 5007
        verbose_name = _("Player")
        verbose_name_plural = _("Player")
        constraints = [
            models.CheckConstraint(
                condition=Q(birth_year__isnull=True)
                | Q(birth_year__gte=1900, birth_year__lte=2100),
                name="player_birth_year_range",
            ),
            models.CheckConstraint(
                condition=Q(is_guest=False, federation_number__isnull=False)
                | Q(is_guest=True, federation_number__isnull=True),
                name="player_number_unless_guest",
                violation_error_message=_("Members have a membership number, guests have none."),
            ),
        ]
        indexes = [models.Index(fields=["last_name", "first_name"])]

    def __str__(self) -> str:
        number = self.federation_number or _("Guest")
        return f"{self.last_name}, {self.first_name} ({number})"

    @property
    def full_name(self) -> str:
        """Staff pages always see the full name."""
        return f"{self.last_name}, {self.first_name}"

    @property
    def public_name(self) -> str:
        """Public pages respect the player's choice: initials only if the name is not public."""
        return Player.public_name_of(self.first_name, self.last_name, self.publish_name)

    @property
    def club_slug(self) -> str:
        """The club's slug (its page on the ranking's club pages), "" without a club."""
        return club_slug(self.club)

    @staticmethod
    def public_name_of(first_name: str, last_name: str, publish_name: bool) -> str:
        """`public_name` from bare columns (big lists read values, not model instances)."""
        if publish_name:
            return f"{last_name}, {first_name}"
        return f"{first_name[:1]}. {last_name[:1]}."
