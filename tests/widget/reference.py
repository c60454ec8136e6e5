"""A slow, plain Widget move generator written from the rules (rules/widget.md), for
comparison with the engine: it reads a position as JSON and answers, as text, which
decisions are legal and as JSON where each one leads. It shares nothing with the
engine but the ring as the rules print it (``scenario.FIELD_COLOUR``).
"""

from __future__ import annotations

import copy
from typing import Any

from .scenario import COLOURS, FIELD_COLOUR, RING, SEAT_COLOURS, START

FACES = (*COLOURS, "white", "black")
Position = dict[str, Any]


def seat_colour(position: Position, seat: int) -> str:
    return SEAT_COLOURS[len(position["figures"])][seat]


def rolls() -> list[str]:
    """WID-2 and the gaps: two identical dice, 21 different rolls."""
    return [f"roll {a} {b}" for i, a in enumerate(FACES) for b in FACES[i:]]


def dice_of(first: str, second: str, black_also_moves: bool) -> list[str]:
    """The dice decided one by one after a roll (WID-6, WID-7 and the gaps): black with a
    colour is the villain's jump alone, unless the colour also moves a figure; black
    with white or black is the villain alone."""
    if "black" not in (first, second):
        return [first, second]
    other = second if first == "black" else first
    if other in COLOURS and black_also_moves:
        return [other, "black"]
    return ["black"]


def free_to_move(position: Position) -> list[str]:
    """The places of the figures of the player to act that have not moved since the
    roll (WID-2), not in the spaceship."""
    places = list(position["figures"][position["player"]])
    for moved in position["moved"]:
        places.remove(moved)
    return [p for p in places if p != "ship"]


def throwable(position: Position) -> list[tuple[int, int]]:
    """(seat, field) of every foreign figure on the ring that is not on a field of its
    own colour (WID-7, WID-8)."""
    found = set()
    for seat, places in enumerate(position["figures"]):
        if seat == position["player"]:
            continue
        for place in places:
            if place not in ("connect", "ship"):
                field = int(place)
                if FIELD_COLOUR[field] != seat_colour(position, seat):
                    found.add((seat, field))
    return sorted(found)


def legal(position: Position, options: dict[str, Any]) -> set[str]:
    if position["phase"] == "roll":
        return set(rolls())
    if position["phase"] == "over":
        return set()
    found: set[str] = set()
    first, second = position["roll"]
    places = set(free_to_move(position))
    for die in set(position["dice_left"]):
        if die == "black":
            other = second if first == "black" else first
            if other == "white":
                throws = throwable(position)
                found |= {f"throw {seat_colour(position, s)} {f}" for s, f in throws}
                if not throws:
                    found.add("villain stays")
                continue
            found.add("villain stays")
            villain = position["villain"]
            fields = (
                range(RING)
                if other == "black"
                else (f for f in range(RING) if FIELD_COLOUR[f] == other)
            )
            found |= {f"villain {f}" for f in fields if str(f) != villain}
        elif die == "white":
            for place in places:
                if place == "connect":
                    found.add("white connect")  # WID-9
                else:
                    found |= {f"white {place} as {c}" for c in COLOURS}  # WID-5
        else:
            found |= {f"{die} {place}" for place in places if place != "connect"}
    return found or {"pass"}


def destination(position: Position, seat: int, origin: int, colour: str) -> str:
    """The next free field of ``colour`` clockwise, walking one field at a time (WID-2,
    WID-3); the connecting field once the walk reaches or passes the own start field
    (WID-9)."""
    start = START[seat_colour(position, seat)]
    taken = {
        int(place)
        for places in position["figures"]
        for place in places
        if place not in ("connect", "ship") and int(place) not in START.values()
    }
    field = origin
    for _ in range(RING):
        field = (field + 1) % RING
        if field == start:
            return "connect"
        if FIELD_COLOUR[field] == colour and (field in START.values() or field not in taken):
            return str(field)
    raise AssertionError("no field to go to")


def after(position: Position, action: str, options: dict[str, Any]) -> Position:
    """The position after ``action``, worked out from the rules."""
    new = copy.deepcopy(position)
    words = action.split()
    players = len(new["figures"])
    if words[0] == "roll":
        new.update(
            phase="decide",
            roll=words[1:],
            dice_left=sorted(dice_of(words[1], words[2], options["black_also_moves"])),
            moved=[],
            rolls=new["rolls"] + 1,
        )
        return new
    player = new["player"]
    mine = new["figures"][player]
    used: list[str]
    if words[0] in ("villain", "throw"):
        used = ["black"]
        if words[0] == "throw":  # WID-7: the villain throws one figure, and stays there
            seat = next(s for s in range(players) if seat_colour(new, s) == words[1])
            _send_home(new, seat, words[2])
            new["villain"] = words[2]
        elif words[1] != "stays":  # WID-6: every foreign figure there not on its colour
            field = words[1]
            new["villain"] = field
            for seat in range(players):
                if seat != player and seat_colour(new, seat) != FIELD_COLOUR[int(field)]:
                    while field in new["figures"][seat]:
                        _send_home(new, seat, field)
    elif words[0] == "pass":
        used = list(new["dice_left"])
    else:
        die, origin = words[0], words[1]
        used = [die]
        if origin == "connect":
            dest = "ship"
        else:
            colour = words[3] if die == "white" else die
            dest = destination(new, player, int(origin), colour)
        mine.remove(origin)
        mine.append(dest)
        new["moved"].append(dest)
        if all(p == "ship" for p in mine):
            new["finished"].append(player)  # WID-10
    for die in used:
        new["dice_left"].remove(die)
    _sort(new)
    return _after_decision(new, options)


def _send_home(position: Position, seat: int, field: str) -> None:
    places = position["figures"][seat]
    places.remove(field)
    places.append(str(START[seat_colour(position, seat)]))


def _after_decision(new: Position, options: dict[str, Any]) -> Position:
    players = len(new["figures"])
    bound = options["round_limit"] * players
    player = new["player"]
    if player in new["finished"]:  # WID-10: the turn ends at once
        if not options["play_for_places"] or players - len(new["finished"]) <= 1:
            return _over(new)
        return _next_player(new, bound)
    if new["dice_left"]:
        return new
    first, second = new["roll"]
    if first != second:
        return _next_player(new, bound)
    if new["rolls"] >= bound:
        return _over(new)
    return _to_roll(new)  # WID-4: a pair rolls again


def _next_player(new: Position, bound: int) -> Position:
    if new["rolls"] >= bound:
        return _over(new)
    seat = new["player"]
    while True:
        seat = (seat + 1) % len(new["figures"])
        if seat not in new["finished"]:
            break
    new["player"] = seat
    return _to_roll(new)


def _to_roll(new: Position) -> Position:
    new.update(phase="roll", roll=None, dice_left=[], moved=[])
    return new


def _over(new: Position) -> Position:
    new.update(phase="over", dice_left=[], moved=[])
    return new


def _order(place: str) -> int:
    return {"connect": RING, "ship": RING + 1}.get(place) or int(place)


def _sort(position: Position) -> None:
    position["figures"] = [sorted(places, key=_order) for places in position["figures"]]
    position["moved"] = sorted(position["moved"], key=_order)
