"""Held-out games for the calibration of a learned evaluation (``wuerfelwerk calibrate``).

Seeded games are played between agents (the game's levels by default), seats rotated as
in a simulation; before every decision the evaluation gives each seat's chance to win,
judged from what the seat to act knows (in Dimenticato its information state: its
observation and what a perfect memory of the game recalls, never a hidden value). After
the game every forecast is set against the result. The games draw their seeds from
their own space (``calibrate``), apart from those of training.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from ..agents import make_agent
from ..agents.td import evaluator_for
from ..agents.td.calibration import (
    Curve,
    brier,
    calibrated,
    calibration_error,
    fit_curve,
    fit_strengths,
    fit_temperature,
    log_loss,
    reliability,
)
from ..core import Action, State, derive_seed
from ..core.driver import play
from .backends import Backend
from .runner import MAX_CHUNK, Matchup


@dataclass(frozen=True)
class Forecasts:
    """A game's forecasts: per position before a decision, the network's logits in seat
    order; each seat's share of the win in the end; and who played each seat (the
    agents' specs)."""

    index: int
    logits: np.ndarray
    shares: tuple[float, ...]
    players: tuple[str, ...]


@dataclass(frozen=True)
class CalibrationRun:
    """What to play: a matchup (game, options, agents, seed) and the network judged
    (``None``: the one shipped)."""

    matchup: Matchup
    weights: str | None = None


def calibration_seed(seed: int, index: int) -> int:
    """The dice of held-out game ``index``: a seed space of their own."""
    return derive_seed(seed, "calibrate", index)


def forecasts_of(run: CalibrationRun, index: int) -> Forecasts:
    """Play game ``index`` of ``run`` and judge every position before a decision."""
    matchup = run.matchup
    game = matchup.load()
    evaluator = evaluator_for(game, run.weights)
    seats = matchup.seats(index, game.num_players)
    agents = [
        make_agent(matchup.agents[a], game, derive_seed(matchup.seed, index, "calibrate", s))
        for s, a in enumerate(seats)
    ]
    hidden = not game.perfect_information
    recalls = []
    for _ in range(game.num_players if hidden else 0):
        recall = game.new_recall()
        assert recall is not None  # a game with hidden values remembers
        recalls.append(recall)
    states: list[State] = []
    seen: list[tuple[int, Mapping[str, Any]]] = []  # the seat to act, what it knows

    def record(state: State, action: Action | None = None, player: int = 0) -> None:
        if hidden:
            moment = state.moment()
            for seat, recall in enumerate(recalls):
                recall.observe(state.observation(seat), moment)
        mover = state.current_player
        if mover < 0:
            return
        if hidden:
            seen.append((mover, recalls[mover].information(state.observation(mover))))
        else:
            states.append(state.clone())

    start = game.new_initial_state()
    record(start)
    played = play(
        game, agents, calibration_seed(matchup.seed, index), state=start, on_action=record
    )
    outcome = played.outcome
    assert outcome is not None
    winners = outcome.winners or frozenset(range(game.num_players))
    shares = tuple(1 / len(winners) if s in winners else 0.0 for s in range(game.num_players))
    if hidden:
        logits = np.empty((len(seen), game.num_players), dtype=np.float32)
        for seat in range(game.num_players):
            rows = [row for row, (mover, _) in enumerate(seen) if mover == seat]
            if rows:
                logits[rows] = evaluator.logits_seen([seen[row][1] for row in rows], seat)
    else:
        logits = evaluator.logits(states)
    return Forecasts(index, logits, shares, tuple(matchup.agents[a] for a in seats))


@dataclass(frozen=True)
class _Chunk:
    run: CalibrationRun
    indices: range


def _play_chunk(chunk: _Chunk) -> list[Forecasts]:
    return [forecasts_of(chunk.run, i) for i in chunk.indices]


def collect(
    run: CalibrationRun,
    games: int,
    backend: Backend,
    progress: Callable[[int], None] | None = None,
) -> list[Forecasts]:
    """The forecasts of ``games`` held-out games, in game order."""
    size = max(1, min(MAX_CHUNK, games // (backend.jobs * 8)))
    chunks = [_Chunk(run, range(s, min(s + size, games))) for s in range(0, games, size)]
    found: list[Forecasts] = []
    for _, batch in backend.map_unordered(_play_chunk, chunks):
        found.extend(batch)
        if progress is not None:
            progress(len(batch))
    return sorted(found, key=lambda f: f.index)


@dataclass
class CalibrationReport:
    """The figures of a set of forecasts at a temperature (and curve)."""

    games: int
    positions: int
    temperature: float
    curve: Curve
    brier: float
    calibration_error: float
    log_loss: float
    bins: list[dict[str, float]] = field(default_factory=list)
    #: The players' strengths, where the chances knew who played.
    strengths: Mapping[str, float] | None = None

    def to_json(self) -> dict[str, Any]:
        return {
            "games": self.games,
            "positions": self.positions,
            "temperature": self.temperature,
            "curve": [list(knot) for knot in self.curve],
            **({} if self.strengths is None else {"strengths": dict(self.strengths)}),
            "brier": self.brier,
            "ece": self.calibration_error,
            "log_loss": self.log_loss,
            "bins": self.bins,
        }


def stack(found: list[Forecasts]) -> tuple[np.ndarray, np.ndarray]:
    """All positions' logits and the shares of their games, row by row."""
    logits = np.concatenate([f.logits for f in found]) if found else np.empty((0, 0))
    shares = np.concatenate(
        [np.tile(np.asarray(f.shares, dtype=np.float32), (len(f.logits), 1)) for f in found]
    )
    return logits, shares


def seated(found: list[Forecasts], players: Sequence[str]) -> np.ndarray:
    """Row by row as ``stack`` gives them, the number of each seat's player in
    ``players``."""
    number = {player: n for n, player in enumerate(players)}
    return np.concatenate(
        [np.tile([number[p] for p in f.players], (len(f.logits), 1)) for f in found]
    ).astype(np.intp)


def report(
    found: list[Forecasts],
    temperature: float,
    curve: Curve = (),
    strengths: Mapping[str, float] | None = None,
) -> CalibrationReport:
    """Brier score, calibration error, log loss and the reliability bins; with the
    players' ``strengths``, of chances that know who plays."""
    logits, shares = stack(found)
    added = None
    if strengths is not None:
        players = list(strengths)
        added = np.asarray([strengths[p] for p in players])[seated(found, players)]
    chances = calibrated(logits, temperature, curve, added)
    bins = reliability(chances, shares)
    return CalibrationReport(
        games=len(found),
        positions=len(logits),
        temperature=temperature,
        curve=curve,
        brier=brier(chances, shares),
        calibration_error=calibration_error(bins),
        log_loss=log_loss(logits, shares, temperature, curve, added),
        bins=[
            {
                "low": b.low,
                "high": b.high,
                "count": b.count,
                "predicted": b.predicted,
                "observed": b.observed,
            }
            for b in bins
        ],
        strengths=strengths,
    )


def fitted(found: list[Forecasts], curve: bool) -> tuple[float, Curve]:
    """The temperature that fits these games' results best, and with ``curve`` the curve
    fitted to the chances it gives (else none)."""
    logits, shares = stack(found)
    temperature = fit_temperature(logits, shares)
    if not curve:
        return temperature, ()
    return temperature, fit_curve(calibrated(logits, temperature), shares)


def fitted_strengths(
    found: list[Forecasts], players: Sequence[str]
) -> tuple[float, dict[str, float]]:
    """The temperature and the strengths of ``players`` (every one that played these
    games) that fit their results best, the chances knowing who plays each seat."""
    logits, shares = stack(found)
    temperature, strengths = fit_strengths(logits, shares, seated(found, players), len(found))
    return temperature, {p: round(float(v), 6) for p, v in zip(players, strengths, strict=True)}
