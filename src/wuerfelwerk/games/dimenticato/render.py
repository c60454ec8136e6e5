"""Plain-text pictures of a Dimenticato observation: a grid of (text, tag) cells, and the
public events in words.

Drawn from an observation, never from the state, so a picture can show nothing that its
viewer may not see: an uncovered field shows its value, a covered one only the figure.
Tags say what a cell shows (``seat0``, ``red``, ...); the terminal front end colours by
tag, and ``text()`` gives the bare picture.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .cards import COLOURS
from .game import DimenticatoGame

Cell = tuple[str, str]
LETTERS = {colour: colour[0].upper() for colour in COLOURS}
LEGEND = "digits: uncovered values   R B G Y: figures (hiding their value)   . start field"


def cells(game: DimenticatoGame, observation: Mapping[str, Any]) -> list[list[Cell]]:
    """Rows top first: a header of column letters, then the board with row numbers."""
    geo = game.geometry
    grid: list[list[Cell]] = [[("   ", "none")] * geo.width for _ in range(geo.height)]
    values: Mapping[str, int | None] = observation["values"]
    colours: Mapping[str, str] = observation["colours"]
    standing = {name: seat for seat, names in enumerate(observation["figures"]) for name in names}
    chosen = observation.get("chosen")
    for field, (x, y) in enumerate(geo.coords):
        name = geo.names[field]
        seat = standing.get(name)
        if seat is not None:
            letter = LETTERS[COLOURS[seat]]
            text = f"[{letter}]" if name == chosen else f" {letter} "
            cell = (text, f"seat{seat}")
        elif name in values:
            cell = (f" {values[name]} ", colours[name])
        elif name in colours:
            cell = (" . ", colours[name])
        else:
            cell = (" ? ", "none")  # a card not dealt yet
        grid[y - geo.top][x - geo.left] = cell
    header = [("    ", "none")] + [(f" {chr(ord('a') + i)} ", "label") for i in range(geo.width)]
    rows = [header]
    for index, row in enumerate(grid):
        rows.append([(f"{geo.height - index:>3} ", "label"), *row])
    return rows


def text(game: DimenticatoGame, observation: Mapping[str, Any]) -> str:
    """The board as plain text, one line per row."""
    return "\n".join("".join(t for t, _ in row).rstrip() for row in cells(game, observation))


def describe(event: Mapping[str, Any]) -> str:
    """One public event in words. Events hold no values: what was seen is memory."""
    kind = event["event"]
    seat = COLOURS[event["seat"]] if "seat" in event else ""
    if kind == "name":
        verdict = "right" if event["right"] else "wrong"
        tail = ", but it has nowhere to go" if event.get("no_way") else ""
        return f"{seat} names the value under {event['field']}: {verdict}{tail}"
    if kind == "move":
        line = f"{seat}: {event['from']} -> {event['to']}"
        if "capture" in event:
            capture = event["capture"]
            line += f", captures {COLOURS[capture['seat']]}: back to {capture['to']}"
        return line
    if kind == "pass":
        return f"{seat} passes"
    return f"{kind} {seat}".strip()


def news(observation: Mapping[str, Any], viewer: int | None) -> list[str]:
    """The events of play since ``viewer`` last acted (a spectator: the last round)."""
    log = observation["log"]
    start = 0
    if viewer is None:
        start = max(0, len(log) - len(observation["figures"]))
    else:
        for index, event in enumerate(log):
            if event.get("seat") == viewer:
                start = index + 1
    return [describe(event) for event in log[start:]]
