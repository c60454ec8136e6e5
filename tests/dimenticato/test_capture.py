"""DIM-9: foreign start fields, one figure per field, capture 3 back and its exceptions,
safety on the own colour, no forced capture; from both seats."""

from __future__ import annotations

from .conftest import MINE, NEITHER, THEIRS, Seating, apply, figures, moves, refused

THEIR_HOME = ["i2", "j2", "i1"]


def test_foreign_start_fields_may_not_be_entered(seating: Seating) -> None:
    # i2, the other seat's start field next to h2, is free: only the rule keeps it out.
    state = seating.position(["h3", "a6", "a5", "b5"], ["c4", "j2", "i1", "j1"], values={"h3": 2})
    apply(state, seating("figure h3"), "name 2")
    assert moves(state) == seating.names({"to g2", "to h1"})
    assert "foreign start field" in refused(state, seating("to i2"), "DIM-9")


def test_a_capture_puts_the_figure_back_three_fields(seating: Seating) -> None:
    # g5 is of the seat's own colour: the other seat's figure is not safe there.
    state = seating.position(
        ["e6", "a6", "a5", "b5"],
        ["g5", *THEIR_HOME],
        values={"e6": 3, "d5": 4},
        colours={"g5": MINE},
    )
    apply(state, seating("figure e6"), "name 3")
    captures = {m for m in moves(state) if "push" in m}
    # Back along the inner lane to d5, or out and back along the outer lane to e6, the
    # field the capturing figure has just left; the capturing player chooses.
    assert captures == seating.names({"to g5 push d5", "to g5 push e6"})
    assert seating.names({"to f6", "to h6"}) <= moves(state)  # capturing is never forced
    apply(state, seating("to g5 push d5"))
    assert figures(state) == seating.figures(["a5", "a6", "b5", "g5"], ["d5", *THEIR_HOME])
    assert state.log[-1]["capture"] == {"seat": seating.other, "to": seating("d5")}


def test_a_capture_needs_a_free_field_three_back(seating: Seating) -> None:
    state = seating.position(
        ["e5", "d5", "e6", "b5"], ["g5", *THEIR_HOME], values={"e5": 2}, colours={"g5": MINE}
    )
    apply(state, seating("figure e5"), "name 2")
    assert not any("push" in m for m in moves(state))
    assert "no free field" in refused(state, seating("to g5 push d5"), "DIM-9")


def test_no_capture_onto_or_behind_the_own_large_card(seating: Seating) -> None:
    # f1 lies just past the other seat's large card (g2 h2 h1 g1): 3 back would reach it.
    state = seating.position(
        ["h3", "a6", "a5", "b5"], ["f1", *THEIR_HOME], values={"h3": 4}, colours={"f1": NEITHER}
    )
    apply(state, seating("figure h3"), "name 4")
    assert not any(m.startswith(seating("to f1")) for m in moves(state))
    assert "large card" in refused(state, seating("to f1 push g1"), "DIM-9")


def test_safe_on_the_own_colour(seating: Seating) -> None:
    state = seating.position(
        ["e6", "a6", "a5", "b5"], ["h6", *THEIR_HOME], values={"e6": 3}, colours={"h6": THEIRS}
    )
    apply(state, seating("figure e6"), "name 3")
    assert not any(m.startswith(seating("to h6")) for m in moves(state))
    assert "safe" in refused(state, seating("to h6 push g6"), "DIM-9")


def test_own_figures_are_never_captured(seating: Seating) -> None:
    # g6 is of neither seat's colour and e5, 3 back from it, is free: a figure of the
    # other seat there could be captured, one of the seat's own is not.
    state = seating.position(
        ["e6", "g6", "a5", "b5"], ["c4", *THEIR_HOME], values={"e6": 2}, colours={"g6": NEITHER}
    )
    apply(state, seating("figure e6"), "name 2")
    assert moves(state) == {seating("to f5")}
    assert "own figure" in refused(state, seating("to g6"), "DIM-9")
    refused(state, seating("to g6 push e5"), "DIM-9")
    theirs = seating.position(
        ["e6", "a6", "a5", "b5"], ["g6", *THEIR_HOME], values={"e6": 2}, colours={"g6": NEITHER}
    )
    apply(theirs, seating("figure e6"), "name 2")
    assert moves(theirs) == seating.names({"to f5", "to g6 push d6", "to g6 push e5"})


def test_the_captured_figure_goes_where_the_rule_allows(seating: Seating) -> None:
    state = seating.position(
        ["e6", "a6", "a5", "b5"], ["g5", *THEIR_HOME], values={"e6": 3}, colours={"g5": MINE}
    )
    apply(state, seating("figure e6"), "name 3")
    assert seating("d5 or e6") in refused(state, seating("to g5 push f5"), "DIM-9")
    refused(state, seating("to h6 push g6"), "DIM-9")  # h6 is free: nobody to capture
    refused(state, seating("to g5"), "DIM-9")  # where does the captured figure go?
