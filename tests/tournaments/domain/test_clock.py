"""The round clock folded from its actions (issue #15.7; the time per move is Klub 12.1)."""

from datetime import UTC, datetime, timedelta

from tournaments.domain.clock import (
    END,
    IDLE,
    PAUSE,
    RESUME,
    START,
    ClockAction,
    ClockState,
    clock_state,
    refusal,
)

T0 = datetime(2026, 11, 25, 10, 0, tzinfo=UTC)


def at(minutes: float) -> datetime:
    return T0 + timedelta(minutes=minutes)


def test_a_running_clock_counts_down_from_its_start():
    state = clock_state([ClockAction(START, at(0), 90)], now=at(30))
    assert (state.status, state.remaining_seconds, state.ends_at) == ("running", 3600, at(90))


def test_a_pause_is_not_counted_and_moves_the_end():
    actions = [
        ClockAction(START, at(0), 90),
        ClockAction(PAUSE, at(10)),
        ClockAction(RESUME, at(25)),
    ]
    state = clock_state(actions, now=at(40))
    assert (state.remaining_seconds, state.ends_at) == (65 * 60, at(105))


def test_a_paused_clock_stands_still():
    actions = [ClockAction(START, at(0), 90), ClockAction(PAUSE, at(10))]
    assert clock_state(actions, now=at(70)).remaining_seconds == 80 * 60
    assert clock_state(actions, now=at(70)).ends_at is None


def test_an_ended_clock_keeps_what_was_left():
    actions = [ClockAction(START, at(0), 90), ClockAction(END, at(50))]
    state = clock_state(actions, now=at(200))
    assert (state.status, state.remaining_seconds, state.expired) == ("ended", 40 * 60, False)


def test_time_up_is_zero_not_negative():
    state = clock_state([ClockAction(START, at(0), 1)], now=at(5))
    assert (state.remaining_seconds, state.expired, state.remaining_text) == (0, True, "0:00")


def test_remaining_text_for_the_hall():
    assert ClockState("paused", 7200, 1).remaining_text == "1:59:59"
    assert ClockState("paused", 600, 73).remaining_text == "8:47"


def english(message) -> str:
    """The core's message as its English msgid renders it (no translator)."""
    return message.render(str)


def test_refusals_name_the_wrong_step():
    idle = ClockState(IDLE)
    running = clock_state([ClockAction(START, at(0), 90)], now=at(1))
    assert refusal(START, idle, 90) is None
    length = "The length of the round must lie between 1 and 600 minutes."
    assert english(refusal(START, idle, 0)) == length
    assert english(refusal(START, idle, 601)) == length
    assert english(refusal(PAUSE, idle)) == "The round clock is not running."
    assert english(refusal(RESUME, running)) == "The round clock is not paused."
    assert (
        english(refusal(START, running, 90)) == "The round clock is already running or has ended."
    )
    assert refusal(END, running) is None
    assert english(refusal("reset", running)) == "Unknown action of the round clock."


def test_refusals_speak_the_users_language_at_the_site():
    """The site renders the core's messages with gettext: German by default, English on request."""
    from django.utils import translation

    idle = ClockState(IDLE)
    with translation.override("de"):
        assert str(refusal(START, idle, 0)) == (
            "Die Dauer der Runde muss zwischen 1 und 600 Minuten liegen."
        )
        assert str(refusal(PAUSE, idle)) == "Die Rundenuhr läuft nicht."
    with translation.override("en"):
        assert str(refusal(START, idle, 0)) == length_en()
        assert str(refusal(PAUSE, idle)) == "The round clock is not running."


def length_en() -> str:
    return "The length of the round must lie between 1 and 600 minutes."
