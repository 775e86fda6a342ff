"""Which wake-ups a committed change needs: the deadline of every new phase (or moved deadline), and the
reminder 30 s before it when that moment is still ahead; nothing for an unchanged phase or no deadline."""

from __future__ import annotations

from core.engine.table import CANCELLED, TableState
from handlers.wakeups import wake_ups
from infra.timers import WakeUp

NOW = 1_767_225_600


def state(phase_seq: int, deadline_at: int | None, phase: str = "night") -> TableState:
    return TableState(
        game="adazakura", game_id="g1", chat_id="tg:-1", host="tg:1", phase=phase, phase_seq=phase_seq,
        deadline_at=deadline_at,
    )  # fmt: skip


def test_a_new_phase_gets_its_deadline_and_a_reminder_30_s_before_it() -> None:
    assert wake_ups(state(3, None), state(4, NOW + 120), now=NOW) == [
        WakeUp("g1", 4, "deadline", at=NOW + 120),
        WakeUp("g1", 4, "remind", at=NOW + 90),
    ]


def test_a_phase_of_30_s_or_less_gets_no_reminder() -> None:
    assert wake_ups(state(3, None), state(4, NOW + 30), now=NOW) == [WakeUp("g1", 4, "deadline", NOW + 30)]
    assert wake_ups(state(3, None), state(4, NOW + 31), now=NOW)[1] == WakeUp("g1", 4, "remind", NOW + 1)


def test_a_change_inside_the_same_phase_schedules_nothing() -> None:
    assert wake_ups(state(4, NOW + 120), state(4, NOW + 120), now=NOW + 10) == []


def test_a_moved_deadline_in_the_same_phase_is_scheduled_again() -> None:
    assert wake_ups(state(4, NOW + 120), state(4, NOW + 60), now=NOW) == [
        WakeUp("g1", 4, "deadline", at=NOW + 60),
        WakeUp("g1", 4, "remind", at=NOW + 30),
    ]


def test_no_deadline_or_a_finished_game_schedules_nothing() -> None:
    assert wake_ups(None, state(0, None, phase="lobby"), now=NOW) == []
    assert wake_ups(state(4, NOW + 120), state(5, None, phase="ended"), now=NOW) == []
    assert wake_ups(state(4, NOW + 120), state(5, NOW + 9, phase=CANCELLED), now=NOW) == []


def test_catching_up_over_several_phases_schedules_only_the_phase_it_ends_in() -> None:
    """The loaded state is two phases behind (missed timers); only the committed phase is woken."""
    assert [w.phase_seq for w in wake_ups(state(4, NOW - 400), state(6, NOW + 200), now=NOW)] == [6, 6]
