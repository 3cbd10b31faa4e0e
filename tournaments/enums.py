"""Choices used by models and services; English values, German labels.

Where the rules define a vocabulary (categories, rule sets, warning kinds) the domain holds it and
the choices here take its values and labels, so a stored value has one definition.
"""

from django.db import models
from django.utils.translation import gettext_lazy as _

from tournaments.domain import formats, referees, rules


class GlobalRole(models.TextChoices):
    """Site-wide roles, stored as auth groups (the value is the group name)."""

    FEDERATION_ADMIN = "Verbandsadministration", _("Federation administration")
    DIRECTOR = "Turnierleitung", _("Tournament director")
    REFEREE = "Schiedsrichter", _("Referee")
    HEAD_REFEREE = "Hauptschiedsrichter", _("Head referee")
    COMMISSION = "Regelkommission", _("Rules commission")


class StaffRole(models.TextChoices):
    """A person's job in one tournament (assigned per tournament)."""

    DIRECTOR = "director", _("Tournament director")
    DESK = "desk", _("Desk")
    REFEREE = "referee", _("Referee")
    HEAD_REFEREE = "head_referee", _("Head referee")


class Category(models.TextChoices):
    """Klub 6.3: the categories of `domain.formats.Category`."""

    # the domain's labels are English msgids (N_), shown translated
    BEGINNERS = formats.Category.BEGINNERS.value, _(formats.Category.BEGINNERS.label)
    CITY = formats.Category.CITY.value, _(formats.Category.CITY.label)
    NATIONAL = formats.Category.NATIONAL.value, _(formats.Category.NATIONAL.label)
    SPECIAL = formats.Category.SPECIAL.value, _(formats.Category.SPECIAL.label)


class TablePolicy(models.TextChoices):
    """SPEC §1: reserves fill the tables (Klub 6.1), or 3-player tables (000 §1A)."""

    RESERVES = "reserves", _("Fill up with reserves")
    THREE_PLAYER = "three", _("Three-player tables")


class TournamentStatus(models.TextChoices):
    DRAFT = "draft", _("Draft")
    REGISTRATION = "registration", _("Registration open")
    RUNNING = "running", _("Running")
    FINISHED = "finished", _("Finished")


class RegistrationSource(models.TextChoices):
    """Who put a registration in (the director's registration page shows it, issue 16)."""

    STAFF = "staff", _("Tournament director")
    ONLINE = "online", _("Online (player)")


class SignupStatus(models.TextChoices):
    """A player's online registration that is not (yet) a place in the field."""

    PENDING = "pending", _("awaiting confirmation")
    WAITING = "waiting", _("Waiting list")
    ACCEPTED = "accepted", _("in the field")
    DECLINED = "declined", _("rejected")
    WITHDRAWN = "withdrawn", _("retracted")


class RuleSetCode(models.TextChoices):
    """The rule sets of `domain.rules`; the value is `RuleSet.code`."""

    RULES_2014 = rules.RULES_2014.code, _(rules.RULES_2014.label)
    PRE_2014 = rules.RULES_PRE_2014.code, _(rules.RULES_PRE_2014.label)
    HOUSE = rules.RULES_HOUSE.code, _(rules.RULES_HOUSE.label)

    @classmethod
    def for_year(cls, year: int) -> "RuleSetCode":
        """The stored code of a ranking year's rule set (Klub 2.4, `domain.rules`)."""
        return cls(rules.ruleset_for_year(year).code)


class RoundKind(models.TextChoices):
    PRELIMINARY = "preliminary", _("Preliminary round")
    FINAL = "final", _("Final round")


class FinalMode(models.TextChoices):
    """How the final round is filled (SPEC §1: the top N, or the house format's table winners)."""

    TOP_N = "top_n", _("The best of the preliminary standings")
    TABLE_WINNERS = (
        "table_winners",
        _("The winner of every table of the last preliminary round (house format)"),
    )


class CutKind(models.TextChoices):
    """Where a tie must be decided before the final is drawn (SPEC §1 "Ties at a cut")."""

    FINAL_PLACE = "final_place", _("Last final place")
    TABLE_WIN = "table_win", _("Table win")


class CutMethod(models.TextChoices):
    """How the director decided a tie (Klub 4.2): a play-off game or a lot."""

    PLAYOFF = "playoff", _("Play-off")
    LOT = "lot", _("Drawing of lots")


class RoundStatus(models.TextChoices):
    DRAWN = "drawn", _("Paired, not released")
    RELEASED = "released", _("Pairing released")
    PUBLISHED = "published", _("Results published")


class SheetStatus(models.TextChoices):
    """Klub 10.2–10.3: a sheet is entered at the desk, checked by a second person, or needs work."""

    ENTERED = "entered", _("Entered")
    NEEDS_CLARIFICATION = "clarification", _("Clarification needed")
    CONFIRMED = "confirmed", _("Confirmed")


class SheetAction(models.TextChoices):
    """Why a sheet version was written (shown in every version history)."""

    ENTERED = "entered", _("entered")
    CORRECTED = "corrected", _("corrected")
    CONFIRMED = "confirmed", _("confirmed")
    CLARIFICATION = "clarification", _("Clarification requested")
    INTERPRETED = "interpreted", _("interpreted by the tournament director")
    TABLE_ENTERED = "table_entered", _("entered at the table")


class WarningKind(models.TextChoices):
    """Klub 4.5: the kinds of `domain.referees.WarningKind`."""

    UNOFFICIAL = referees.WarningKind.UNOFFICIAL.value, _(referees.WarningKind.UNOFFICIAL.label)
    YELLOW = referees.WarningKind.YELLOW.value, _(referees.WarningKind.YELLOW.label)
    RED = referees.WarningKind.RED.value, _(referees.WarningKind.RED.label)


class WarningGround(models.TextChoices):
    UNSPORTING = "unsporting", _("Unsporting behaviour (4.4)")
    REFEREE_ABUSE = "referee_abuse", _("Misuse of the referee call (4.1.4)")
    DROPPED_TILES = "dropped_tiles", _("Dropped tiles (15.3)")
    OTHER_RULE = "other_rule", _("Other rule violation")
    FREE_TEXT = "free_text", _("Other reason (free text)")


class RulingStatus(models.TextChoices):
    """A referee's call stands unless more than two players object (Klub 4.2.2)."""

    DECIDED = "decided", _("Decided")
    ESCALATED = "escalated", _("Hand over to the head referee")
    FINAL = "final", _("Final (head referee)")


class AbsenceReason(models.TextChoices):
    """Why a player stops in the middle of a round (SPEC §7, Klub 4.5.1, 4.2)."""

    RED_CARD = "red_card", _("Red card")
    WITHDRAWAL = "withdrawal", _("Withdrawal")


class SignoffVerdict(models.TextChoices):
    """A table-mate's answer to the figures entered at the table (issue #15, Klub 10.2, 10.4)."""

    CONFIRMED = "confirmed", _("I confirm the results")
    DISPUTED = "disputed", _("I object")


class ErasureStatus(models.TextChoices):
    """A player's erasure request (DSGVO): open until the federation admin executes it."""

    OPEN = "open", _("Open")
    DONE = "done", _("Carried out")
