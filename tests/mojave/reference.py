"""A slow, plain Mojave rules engine for the tests, written from the rules text alone.

It shares no code with ``wuerfelwerk.games.mojave``: fields are ``(column, row)`` pairs,
a die is its ``(top, north, east)`` faces, a path is walked field by field, and combat
is the two cases of the rules' gaps written out. The tests compare the engine with it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

Field = tuple[int, int]
Faces = tuple[int, int, int]  # top, north, east

WIDTH = 15
LETTERS = "abcdefghijklmno"
STEPS = {"north": (0, 1), "east": (1, 0), "south": (0, -1), "west": (-1, 0)}
TURNS = {
    "north": ("east", "west"),
    "south": ("east", "west"),
    "east": ("north", "south"),
    "west": ("north", "south"),
}


def name(f: Field) -> str:
    return f"{LETTERS[f[0]]}{f[1] + 1}"


def parse(text: str) -> Field:
    return LETTERS.index(text[0]), int(text[1:]) - 1


def tip(faces: Faces, way: str) -> Faces:
    """The die rolled one field over its edge on side ``way``: the face on the far side
    comes up, the top goes down on the near side (MOJ-2)."""
    top, north, east = faces
    bottom, south, west = 7 - top, 7 - north, 7 - east
    if way == "north":  # top goes to the north side, the south face comes up
        return south, top, east
    if way == "south":  # top goes to the south side, the north face comes up
        return north, bottom, east
    if way == "east":  # top goes to the east side, the west face comes up
        return west, north, top
    return east, north, bottom  # west: top goes to the west side, the east face comes up


@dataclass
class Position:
    rows: int
    dice: dict[Field, tuple[int, Faces]]
    player: int
    zugzwang: dict[Field, set[Field]] = field(default_factory=dict)
    winner: int | None = None

    @classmethod
    def from_json(cls, rows: int, position: dict[str, Any]) -> Position:
        dice = {
            parse(d["field"]): (seat, (d["top"], d["north"], d["east"]))
            for seat, listed in enumerate(position["dice"])
            for d in listed
        }
        zugzwang = {
            parse(z["die"]): {parse(a) for a in z["attackers"]} for z in position["zugzwang"]
        }
        return cls(rows, dice, position["player"], zugzwang, position["winner"])

    def summary(self) -> dict[str, Any]:
        """What the comparison looks at: dice with faces, Zugzwang, whose turn, winner."""
        return {
            "dice": {name(f): d for f, d in self.dice.items()},
            "zugzwang": {name(f): sorted(name(a) for a in s) for f, s in self.zugzwang.items()},
            "to_move": None if self.over else self.player,
            "winner": self.winner,
        }

    @property
    def over(self) -> bool:
        return any(not any(s == seat for s, _ in self.dice.values()) for seat in (0, 1))

    def copy(self) -> Position:
        zugzwang = {f: set(s) for f, s in self.zugzwang.items()}
        return Position(self.rows, dict(self.dice), self.player, zugzwang, self.winner)

    def on_board(self, f: Field) -> bool:
        return 0 <= f[0] < WIDTH and 0 <= f[1] < self.rows

    def next_to(self, f: Field) -> list[Field]:
        around = [(f[0] + dx, f[1] + dy) for dx, dy in STEPS.values()]
        return [g for g in around if self.on_board(g)]

    # -- moves --------------------------------------------------------------------------

    def paths(self, seat: int) -> dict[str, tuple[Field, Field, Faces]]:
        """Every move by MOJ-2 to MOJ-4: text -> (start, end, faces at the end)."""
        found = {}
        for start, (owner, faces) in self.dice.items():
            if owner != seat:
                continue
            length = faces[0]
            for first in STEPS:
                for straight in range(1, length + 1):
                    rest = length - straight
                    for second in TURNS[first] if rest else (None,):
                        ways = [first] * straight + [second] * rest if second else [first] * length
                        walked = self._walk(start, faces, ways)
                        if walked is None:
                            continue
                        corners = [start]
                        if second:
                            corners.append(self._go(start, [first] * straight))
                        corners.append(walked[0])
                        found["-".join(name(c) for c in corners)] = (start, *walked)
        return found

    def _go(self, start: Field, ways: list[str]) -> Field:
        x, y = start
        for way in ways:
            x, y = x + STEPS[way][0], y + STEPS[way][1]
        return x, y

    def _walk(self, start: Field, faces: Faces, ways: list[str]) -> tuple[Field, Faces] | None:
        """Tip field by field; ``None`` off the board or onto or over any die (MOJ-4)."""
        here = start
        for way in ways:
            here = self._go(here, [way])
            if not self.on_board(here) or here in self.dice:
                return None
            faces = tip(faces, way)
        return here, faces

    def legal(self) -> dict[str, tuple[Field, Field, Faces]]:
        """The moves of the player to move; in Zugzwang only MOJ-7's two answers."""
        moves = self.paths(self.player)
        if self.zugzwang:
            moves = {t: m for t, m in moves.items() if self._answers(m[0], m[1])}
        return moves

    def _answers(self, start: Field, end: Field) -> bool:
        around = set(self.next_to(end))
        if start in self.zugzwang:  # flee: end next to none of its attackers
            return not around & self.zugzwang[start]
        # support: another die ends next to an attacker
        return any(around & attackers for attackers in self.zugzwang.values())

    # -- playing ----------------------------------------------------------------------

    def play(self, text: str) -> set[str]:
        """Play the move; returns what happened: ``"group"`` (two or three dice defended
        together), ``"tie"`` (a Zugzwang began), ``"unanswerable"`` (dice in Zugzwang
        left the board at once)."""
        if text == "pass":
            assert not self.legal() and not self.zugzwang
            self.player = 1 - self.player
            return set()
        start, end, faces = self.legal()[text]
        if start in self.zugzwang:  # only one of several attacked dice may flee
            for other in self.zugzwang:
                if other != start:
                    del self.dice[other]
        self.zugzwang = {}
        seat = self.player
        del self.dice[start]
        self.dice[end] = (seat, faces)
        events = self._fight(end)
        self.player = 1 - seat
        if self.zugzwang and not self.legal():
            # Dice in Zugzwang that can neither flee nor be supported leave the board.
            for die in self.zugzwang:
                del self.dice[die]
            self.zugzwang = {}
            events.add("unanswerable")
        if self.over:
            self.winner = seat if any(s == seat for s, _ in self.dice.values()) else 1 - seat
        return events

    def _fight(self, mover: Field) -> set[str]:
        seat = self.dice[mover][0]
        enemies = [f for f in self.next_to(mover) if f in self.dice and self.dice[f][0] != seat]
        if not enemies:
            return set()
        events = {"group"} if len(enemies) >= 2 else set()
        if len(enemies) >= 2:  # two or three enemies defend together against the mover
            attackers = [mover]
        else:  # one enemy: the mover and every other own die next to it attack it
            attackers = [f for f in self.next_to(enemies[0]) if self.dice.get(f, (-1,))[0] == seat]
        attack = sum(self.dice[f][1][0] for f in attackers)
        defence = sum(self.dice[f][1][0] for f in enemies)
        if attack == defence:
            self.zugzwang = {e: set(attackers) for e in enemies}
            return events | {"tie"}
        for f in enemies if attack > defence else attackers:
            del self.dice[f]
        return events
