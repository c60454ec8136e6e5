"""The clock's arithmetic, at given moments: per move, the time bank with its increment,
waiting for the players, a hand-over, and the frame."""

from __future__ import annotations

from wuerfelwerk.server.clock import ClockState, TableClock, TimeControl

PER_MOVE = TimeControl("move", 60.0, level="easy")
BANK = TimeControl("bank", 600.0, increment=10.0, level="easy")


def started(control: TimeControl, humans: set[int], to_act: int, now: float) -> TableClock:
    clock = TableClock.new(control, 2, humans)
    clock.advance(to_act, now)
    for seat in sorted(humans):
        clock.join(seat, now)
    return clock


def test_per_move_every_turn_has_the_same_time() -> None:
    clock = started(PER_MOVE, {0, 1}, 0, 1000.0)
    assert clock.deadline == 1060.0
    assert clock.remaining(0, 1045.0) == 15.0
    assert clock.remaining(1, 1045.0) == 60.0  # not its turn: a whole turn waits
    assert clock.advance(1, 1050.0)
    assert clock.deadline == 1110.0
    assert not clock.advance(1, 1070.0)  # the same seat decides again: the same turn
    assert clock.deadline == 1110.0
    assert clock.remaining(1, 1200.0) == 0.0


def test_a_bank_loses_what_a_turn_took_and_gains_the_increment() -> None:
    clock = started(BANK, {0, 1}, 0, 0.0)
    assert clock.deadline == 600.0
    clock.advance(1, 45.0)  # seat 0 used 45 s: 600 - 45 + 10
    assert clock.state.banks == [565.0, 600.0]
    assert clock.deadline == 645.0
    clock.advance(0, 645.0)  # seat 1 used all of it: only the increment is left
    assert clock.state.banks == [565.0, 10.0]
    assert clock.deadline == 645.0 + 565.0


def test_clocks_wait_until_every_person_has_come() -> None:
    clock = TableClock.new(PER_MOVE, 2, {0, 1})
    clock.advance(1, 0.0)
    assert clock.join(0, 5.0)
    assert clock.deadline is None
    frame = clock.frame(2, 6.0)
    assert frame["waiting"] and frame["running"] is None
    assert not clock.join(0, 7.0)  # once is enough
    assert clock.join(1, 30.0)  # the last one to come starts the clock
    assert clock.deadline == 90.0
    assert clock.frame(2, 31.0)["running"] == 1


def test_bots_have_no_clock_and_a_handed_over_seat_stops_its_own() -> None:
    clock = started(PER_MOVE, {0}, 1, 0.0)  # seat 1 is a bot: nothing runs
    assert clock.deadline is None
    clock.advance(0, 10.0)
    assert clock.deadline == 70.0
    clock.hand_over(0)
    assert clock.deadline is None
    assert not clock.advance(0, 80.0)  # a bot plays seat 0 now: no clock to start
    frame = clock.frame(2, 80.0)
    assert frame["remaining"] == [None, None]
    assert frame["handed"] == [0]


def test_the_game_over_stops_the_clock_and_the_state_round_trips() -> None:
    clock = started(BANK, {0, 1}, 0, 0.0)
    clock.advance(None, 20.0)
    assert clock.deadline is None
    assert clock.state.banks == [590.0, 600.0]
    again = TableClock(BANK, {0, 1}, ClockState.from_json(clock.state.to_json()))
    assert again.state == clock.state
    assert TimeControl.from_json(BANK.to_json()) == BANK


def test_the_frame_tells_the_time_left_of_every_clocked_seat() -> None:
    clock = started(BANK, {0, 1}, 1, 100.0)
    frame = clock.frame(2, 130.5)
    assert frame == {
        "type": "clock",
        "control": BANK.to_json(),
        "running": 1,
        "waiting": False,
        "remaining": [600.0, 569.5],
        "deadline": 700.0,
        "handed": [],
    }
