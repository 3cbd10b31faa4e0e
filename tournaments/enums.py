"""Choices used by models and services; English values, German labels.

Where the rules define a vocabulary (categories, rule sets, warning kinds) the domain holds it and
the choices here take its values and labels, so a stored value has one definition.
"""

from django.db import models
from django.utils.translation import gettext_lazy as _

from tournaments.domain import formats, referees, rules


class GlobalRole(models.TextChoices):
    """Site-wide roles, stored as auth groups (the value is the group name)."""

    FEDERATION_ADMIN = "Verbandsadministration", _("Verbandsadministration")
    DIRECTOR = "Turnierleitung", _("Turnierleitung")
    REFEREE = "Schiedsrichter", _("Schiedsrichter")
    HEAD_REFEREE = "Hauptschiedsrichter", _("Hauptschiedsrichter")
    COMMISSION = "Regelkommission", _("Regelkommission")


class StaffRole(models.TextChoices):
    """A person's job in one tournament (assigned per tournament)."""

    DIRECTOR = "director", _("Turnierleitung")
    DESK = "desk", _("Orgatisch")
    REFEREE = "referee", _("Schiedsrichter")
    HEAD_REFEREE = "head_referee", _("Hauptschiedsrichter")


class Category(models.TextChoices):
    """Klub 6.3: the categories of `domain.formats.Category`."""

    BEGINNERS = formats.Category.BEGINNERS.value, formats.Category.BEGINNERS.label
    CITY = formats.Category.CITY.value, formats.Category.CITY.label
    NATIONAL = formats.Category.NATIONAL.value, formats.Category.NATIONAL.label
    SPECIAL = formats.Category.SPECIAL.value, formats.Category.SPECIAL.label


class TablePolicy(models.TextChoices):
    """SPEC §1: reserves fill the tables (Klub 6.1), or 3-player tables (000 §1A)."""

    RESERVES = "reserves", _("Ersatzspieler auffüllen")
    THREE_PLAYER = "three", _("Dreiertische")


class TournamentStatus(models.TextChoices):
    DRAFT = "draft", _("Entwurf")
    REGISTRATION = "registration", _("Anmeldung offen")
    RUNNING = "running", _("Läuft")
    FINISHED = "finished", _("Beendet")


class RegistrationSource(models.TextChoices):
    """Who put a registration in (the director's registration page shows it, issue 16)."""

    STAFF = "staff", _("Turnierleitung")
    ONLINE = "online", _("Online (Spieler)")


class SignupStatus(models.TextChoices):
    """A player's online registration that is not (yet) a place in the field."""

    PENDING = "pending", _("wartet auf Bestätigung")
    WAITING = "waiting", _("Warteliste")
    ACCEPTED = "accepted", _("im Teilnehmerfeld")
    DECLINED = "declined", _("abgelehnt")
    WITHDRAWN = "withdrawn", _("zurückgezogen")


class RuleSetCode(models.TextChoices):
    """The rule sets of `domain.rules`; the value is `RuleSet.code`."""

    RULES_2014 = rules.RULES_2014.code, rules.RULES_2014.label
    PRE_2014 = rules.RULES_PRE_2014.code, rules.RULES_PRE_2014.label
    HOUSE = rules.RULES_HOUSE.code, rules.RULES_HOUSE.label

    @classmethod
    def for_year(cls, year: int) -> "RuleSetCode":
        """The stored code of a ranking year's rule set (Klub 2.4, `domain.rules`)."""
        return cls(rules.ruleset_for_year(year).code)


class RoundKind(models.TextChoices):
    PRELIMINARY = "preliminary", _("Vorrunde")
    FINAL = "final", _("Finalrunde")


class FinalMode(models.TextChoices):
    """How the final round is filled (SPEC §1: the top N, or the house format's table winners)."""

    TOP_N = "top_n", _("Die Besten der Vorrundentabelle")
    TABLE_WINNERS = "table_winners", _("Der Sieger jedes Tisches der letzten Vorrunde (Hausformat)")


class CutKind(models.TextChoices):
    """Where a tie must be decided before the final is drawn (SPEC §1 "Ties at a cut")."""

    FINAL_PLACE = "final_place", _("Letzter Finalplatz")
    TABLE_WIN = "table_win", _("Tischsieg")


class CutMethod(models.TextChoices):
    """How the director decided a tie (Klub 4.2): a play-off game or a lot."""

    PLAYOFF = "playoff", _("Stechen")
    LOT = "lot", _("Los")


class RoundStatus(models.TextChoices):
    DRAWN = "drawn", _("Gepaart, nicht freigegeben")
    RELEASED = "released", _("Paarung freigegeben")
    PUBLISHED = "published", _("Ergebnisse veröffentlicht")


class SheetStatus(models.TextChoices):
    """Klub 10.2–10.3: a sheet is entered at the desk, checked by a second person, or needs work."""

    ENTERED = "entered", _("Erfasst")
    NEEDS_CLARIFICATION = "clarification", _("Klärung nötig")
    CONFIRMED = "confirmed", _("Bestätigt")


class SheetAction(models.TextChoices):
    """Why a sheet version was written (shown in every version history)."""

    ENTERED = "entered", _("erfasst")
    CORRECTED = "corrected", _("korrigiert")
    CONFIRMED = "confirmed", _("bestätigt")
    CLARIFICATION = "clarification", _("Klärung verlangt")
    INTERPRETED = "interpreted", _("von der Turnierleitung ausgelegt")
    TABLE_ENTERED = "table_entered", _("am Tisch eingetragen")


class WarningKind(models.TextChoices):
    """Klub 4.5: the kinds of `domain.referees.WarningKind`."""

    UNOFFICIAL = referees.WarningKind.UNOFFICIAL.value, referees.WarningKind.UNOFFICIAL.label
    YELLOW = referees.WarningKind.YELLOW.value, referees.WarningKind.YELLOW.label
    RED = referees.WarningKind.RED.value, referees.WarningKind.RED.label


class WarningGround(models.TextChoices):
    UNSPORTING = "unsporting", _("Unsportliches Verhalten (4.4)")
    REFEREE_ABUSE = "referee_abuse", _("Missbrauch des Schiedsrichterrufs (4.1.4)")
    DROPPED_TILES = "dropped_tiles", _("Heruntergefallene Steine (15.3)")
    OTHER_RULE = "other_rule", _("Sonstiger Regelverstoß")
    FREE_TEXT = "free_text", _("Anderer Grund (Freitext)")


class RulingStatus(models.TextChoices):
    """A referee's call stands unless more than two players object (Klub 4.2.2)."""

    DECIDED = "decided", _("Entschieden")
    ESCALATED = "escalated", _("An Hauptschiedsrichter übergeben")
    FINAL = "final", _("Endgültig (Hauptschiedsrichter)")


class AbsenceReason(models.TextChoices):
    """Why a player stops in the middle of a round (SPEC §7, Klub 4.5.1, 4.2)."""

    RED_CARD = "red_card", _("Rote Karte")
    WITHDRAWAL = "withdrawal", _("Abmeldung")


class SignoffVerdict(models.TextChoices):
    """A table-mate's answer to the figures entered at the table (issue #15, Klub 10.2, 10.4)."""

    CONFIRMED = "confirmed", _("Ich bestätige die Ergebnisse")
    DISPUTED = "disputed", _("Ich widerspreche")


class ErasureStatus(models.TextChoices):
    """A player's erasure request (DSGVO): open until the federation admin executes it."""

    OPEN = "open", _("Offen")
    DONE = "done", _("Ausgeführt")
