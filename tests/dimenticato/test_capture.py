"""DIM-9: foreign start fields, one figure per field, capture 3 back and its exceptions,
safety on the own colour, no forced capture."""

from __future__ import annotations

from .conftest import apply, figures, moves, position, refused

BLUE_HOME = ["i2", "j2", "i1"]


def test_foreign_start_fields_may_not_be_entered() -> None:
    # i2, blue's start field next to h2, is free: only the rule keeps red out.
    state = position([["h3", "a6", "a5", "b5"], ["c4", "j2", "i1", "j1"]], values={"h3": 2})
    apply(state, "figure h3", "name 2")
    assert moves(state) == {"to g2", "to h1"}
    assert "foreign start field" in refused(state, "to i2", "DIM-9")


def test_a_capture_puts_the_figure_back_three_fields() -> None:
    # g5 is a red field: blue is not safe there.
    state = position([["e6", "a6", "a5", "b5"], ["g5", *BLUE_HOME]], values={"e6": 3})
    apply(state, "figure e6", "name 3")
    captures = {m for m in moves(state) if "push" in m}
    # Back along the inner lane to d5, or out and back along the outer lane to e6, the
    # field the capturing figure has just left; the capturing player chooses.
    assert captures == {"to g5 push d5", "to g5 push e6"}
    assert {"to f6", "to h6"} <= moves(state)  # capturing is never forced
    apply(state, "to g5 push d5")
    assert figures(state) == [["a5", "a6", "b5", "g5"], ["d5", "i1", "i2", "j2"]]
    assert state.log[-1]["capture"] == {"seat": 1, "to": "d5"}


def test_a_capture_needs_a_free_field_three_back() -> None:
    state = position([["e5", "d5", "e6", "b5"], ["g5", *BLUE_HOME]], values={"e5": 2})
    apply(state, "figure e5", "name 2")
    assert not any("push" in m for m in moves(state))
    assert "no free field" in refused(state, "to g5 push d5", "DIM-9")


def test_no_capture_onto_or_behind_the_own_large_card() -> None:
    # f1 lies just past blue's large card (g2 h2 h1 g1): 3 back would reach it.
    state = position([["h3", "a6", "a5", "b5"], ["f1", *BLUE_HOME]], values={"h3": 4})
    apply(state, "figure h3", "name 4")
    assert not any(m.startswith("to f1") for m in moves(state))
    assert "large card" in refused(state, "to f1 push g1", "DIM-9")


def test_safe_on_the_own_colour() -> None:
    state = position([["e6", "a6", "a5", "b5"], ["h6", *BLUE_HOME]], values={"e6": 3})
    assert state.colours[state.geometry.field("h6")] == 1  # a blue field
    apply(state, "figure e6", "name 3")
    assert not any(m.startswith("to h6") for m in moves(state))
    assert "safe" in refused(state, "to h6 push g6", "DIM-9")


def test_own_figures_are_never_captured() -> None:
    # g6 is a yellow field and e5, 3 back from it, is free: a blue figure there could be
    # captured, a red one is not.
    state = position([["e6", "g6", "a5", "b5"], ["c4", *BLUE_HOME]], values={"e6": 2})
    apply(state, "figure e6", "name 2")
    assert moves(state) == {"to f5"}
    assert "own figure" in refused(state, "to g6", "DIM-9")
    refused(state, "to g6 push e5", "DIM-9")
    blue = position([["e6", "a6", "a5", "b5"], ["g6", *BLUE_HOME]], values={"e6": 2})
    apply(blue, "figure e6", "name 2")
    assert moves(blue) == {"to f5", "to g6 push d6", "to g6 push e5"}


def test_the_captured_figure_goes_where_the_rule_allows() -> None:
    state = position([["e6", "a6", "a5", "b5"], ["g5", *BLUE_HOME]], values={"e6": 3})
    apply(state, "figure e6", "name 3")
    assert "d5 or e6" in refused(state, "to g5 push f5", "DIM-9")
    refused(state, "to h6 push g6", "DIM-9")  # h6 is free: nobody to capture
    refused(state, "to g5", "DIM-9")  # where does blue go?
