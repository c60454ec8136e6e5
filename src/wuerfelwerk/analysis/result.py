"""What an analysis found, as data: every step judged, each seat's sums, and which of
luck and play decided the game. ``to_json`` is what ``analyse --json`` prints, the
server stores and the replay page draws."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

#: The format of ``Analysis.to_json``.
ANALYSIS_FORMAT = 1

#: A move that loses this much winning chance (or more) against the best is a mistake,
DECISION_MARKS = (("blunder", 0.15), ("mistake", 0.05))
#: and a roll that moves its player's chance this far from the average is very lucky or
#: very unlucky.
LUCK_MARK = 0.10


def decision_mark(loss: float) -> str | None:
    for mark, threshold in DECISION_MARKS:
        if loss >= threshold:
            return mark
    return None


def luck_mark(luck: float) -> str | None:
    if luck >= LUCK_MARK:
        return "lucky"
    if luck <= -LUCK_MARK:
        return "unlucky"
    return None


@dataclass
class Judged:
    """Action number ``step`` of the record (from 1: the replay's frame after it) as the
    judge saw it. ``chances``: each seat's chance to win after it.

    A ``decision`` (a seat chose among ``options`` moves) has the mover's chance after
    the move ``played`` and after the ``best`` move found, and the ``loss`` between them;
    a ``forced`` move had no choice. A ``chance`` event (a roll, a card dealt) has each
    seat's ``luck``: its chance after this outcome less the average over all outcomes;
    ``mover`` is the seat whose roll it was (the next to act). ``mark`` names a mistake
    or blunder, a very lucky or unlucky roll (for the mover); ``hint`` that the mover was
    shown the best move here."""

    step: int
    seat: int
    action: str
    kind: str
    chances: list[float]
    options: int = 0
    played: float | None = None
    best: str | None = None
    best_chance: float | None = None
    loss: float = 0.0
    mover: int | None = None
    luck: list[float] | None = None
    mark: str | None = None
    hint: bool = False

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "step": self.step,
            "seat": self.seat,
            "action": self.action,
            "kind": self.kind,
            "chances": _rounded(self.chances),
        }
        if self.kind == "decision":
            data.update(
                options=self.options,
                played=_round(self.played),
                best=self.best,
                best_chance=_round(self.best_chance),
                loss=_round(self.loss),
            )
        if self.kind == "chance":
            data.update(mover=self.mover, luck=_rounded(self.luck or []))
        if self.mark is not None:
            data["mark"] = self.mark
        if self.hint:
            data["hint"] = True
        return data


@dataclass
class SeatSummary:
    """One seat's sums: its ``decisions`` with a choice (``forced`` ones apart), the
    winning chance they lost against the best moves (``loss``; per decision, the
    ``error_rate``), its ``mistakes`` and ``blunders``; the ``luck`` of every roll for
    it, and how many of its own rolls were very ``lucky`` or ``unlucky``; ``hints``
    used."""

    seat: int
    name: str
    decisions: int = 0
    forced: int = 0
    loss: float = 0.0
    mistakes: int = 0
    blunders: int = 0
    luck: float = 0.0
    lucky: int = 0
    unlucky: int = 0
    hints: int = 0

    @property
    def error_rate(self) -> float:
        return self.loss / self.decisions if self.decisions else 0.0

    def to_json(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "name": self.name,
            "decisions": self.decisions,
            "forced": self.forced,
            "loss": _round(self.loss),
            "error_rate": _round(self.error_rate),
            "mistakes": self.mistakes,
            "blunders": self.blunders,
            "luck": _round(self.luck),
            "lucky": self.lucky,
            "unlucky": self.unlucky,
            "hints": self.hints,
        }


@dataclass
class Verdict:
    """Which of luck and play decided the game: for the ``winner`` against the others
    (their mean), the ``luck_edge`` (the winner's luck less theirs) and the
    ``play_edge`` (their loss less the winner's), both in winning chance. ``decided_by``
    is ``"luck"`` or ``"play"``, whichever edge is larger; ``None`` without a single
    winner (a draw, a shared win, a game not over)."""

    decided_by: str | None
    winner: int | None
    luck_edge: float
    play_edge: float
    text: str

    def to_json(self) -> dict[str, Any]:
        return {
            "decided_by": self.decided_by,
            "winner": self.winner,
            "luck_edge": _round(self.luck_edge),
            "play_edge": _round(self.play_edge),
            "text": self.text,
        }


@dataclass
class Analysis:
    """A whole game judged: the record's game and options, the judge and its
    ``budget`` (positions per decision), the chances at the start, every step, each
    seat's sums and the verdict."""

    game: str
    options: dict[str, Any]
    judge: str
    budget: int
    start: list[float]
    steps: list[Judged] = field(default_factory=list)
    seats: list[SeatSummary] = field(default_factory=list)
    verdict: Verdict | None = None
    finished: bool = False

    def to_json(self) -> dict[str, Any]:
        return {
            "format": ANALYSIS_FORMAT,
            "kind": "judged",
            "game": self.game,
            "options": self.options,
            "judge": self.judge,
            "budget": self.budget,
            "finished": self.finished,
            "start": _rounded(self.start),
            "steps": [step.to_json() for step in self.steps],
            "seats": [seat.to_json() for seat in self.seats],
            "verdict": self.verdict.to_json() if self.verdict else None,
        }


def _round(value: float | None) -> float | None:
    return None if value is None else round(value, 4)


def _rounded(values: list[float]) -> list[float]:
    return [round(value, 4) for value in values]
