"""Balance studies: one simulation per combination of option values (a cell), all cells
played at once on one backend.

Every cell is exactly the simulation ``wuerfelwerk simulate`` plays with the cell's
options, agents and seed, so a cell's figures can be checked, or extended, on its own.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from itertools import product
from typing import Any

import wuerfelwerk

from ..core import InvalidOptionError, game_class
from .backends import Backend
from .report import summarise
from .runner import GameResult, Matchup, run_matchups, typed_options


@dataclass(frozen=True)
class Study:
    """The cells of a study: the product of the varied values, ``games`` games each."""

    game: str
    #: The varied options, each with its values (of the option's type) in order.
    varied: dict[str, list[Any]]
    cells: tuple[Matchup, ...]
    games: int

    def label(self, cell: Matchup) -> str:
        """The varied options of ``cell``: ``board=quick players=2``."""
        return (
            " ".join(f"{key}={option_text(cell.options[key])}" for key in self.varied) or "as given"
        )


def option_text(value: Any) -> str:
    """An option's value as the command line writes it (``true``, ``60``, ``quick``)."""
    return value if isinstance(value, str) else json.dumps(value)


def parse_vary(texts: Sequence[str], fixed: Mapping[str, Any]) -> dict[str, list[str]]:
    """Read ``--vary KEY=VALUE,VALUE,...`` options; a key may be varied once, and not fixed."""
    varied: dict[str, list[str]] = {}
    for text in texts:
        key, eq, listed = text.partition("=")
        key = key.strip().removeprefix("--").replace("-", "_")
        values = [value.strip() for value in listed.split(",")]
        if not eq or not key or not all(values):
            raise InvalidOptionError(f"--vary {text!r}: write KEY=VALUE,VALUE,...")
        if key in varied:
            raise InvalidOptionError(f"--vary {key} is given twice")
        if key in fixed:
            raise InvalidOptionError(f"{key} is both fixed and varied")
        if len(set(values)) < len(values):
            raise InvalidOptionError(f"--vary {key} lists a value twice")
        varied[key] = values
    return varied


def plan_study(
    game: str,
    fixed: Mapping[str, Any],
    vary: Sequence[str],
    agents: Sequence[str],
    games: int,
    seed: int,
) -> Study:
    """Every cell's options checked by loading its game, before any game is played.
    Without ``players`` fixed or varied, each cell has one seat per listed agent."""
    cls = game_class(game)
    varied = parse_vary(vary, fixed)
    known = sorted(o["name"] for o in cls.describe_options())
    for key in varied:
        if key not in known:
            raise InvalidOptionError(
                f"{cls.name} has no option {key!r} to vary (options: {', '.join(known)})"
            )
    cells = []
    for values in product(*varied.values()):
        options = {**fixed, **dict(zip(varied, values, strict=True))}
        options.setdefault("players", len(agents))
        options["players"] = wuerfelwerk.load(cls.name, **options).num_players
        cells.append(Matchup(cls.name, typed_options(cls.name, options), tuple(agents), seed))
    # The values as the cells have them, of their options' types, in the order given.
    typed = {key: list(dict.fromkeys(cell.options[key] for cell in cells)) for key in varied}
    for key, kept in typed.items():
        if len(kept) < len(varied[key]):
            raise InvalidOptionError(f"--vary {key} lists a value twice")
    return Study(cls.name, typed, tuple(cells), games)


def run_study(
    study: Study, backend: Backend, progress: Callable[[int], None] | None = None
) -> list[list[GameResult]]:
    """Every game of every cell; each cell's results in game order."""
    return run_matchups([(cell, study.games) for cell in study.cells], backend, progress)


def study_report(study: Study, results: Sequence[list[GameResult]]) -> dict[str, Any]:
    """The JSON summary: the study's settings and each cell's ``simulate`` report."""
    first = study.cells[0]
    return {
        "game": study.game,
        "agents": list(first.agents),
        "games_per_cell": study.games,
        "seed": first.seed,
        "varied": study.varied,
        "cells": [
            {"label": study.label(cell), **summarise(cell, played)}
            for cell, played in zip(study.cells, results, strict=True)
        ],
    }


def game_rows(study: Study, results: Sequence[list[GameResult]]) -> Iterator[dict[str, Any]]:
    """One row per game: the cell and its options, the game's index and seed, the agent in
    each seat (``seat_1`` ...; empty where a cell has fewer seats), the winning seats
    (numbered from 1, separated by spaces; empty for a draw) and the number of actions."""
    keys = list(dict.fromkeys(key for cell in study.cells for key in cell.options))
    seats = max(cell.options["players"] for cell in study.cells)
    for number, (cell, played) in enumerate(zip(study.cells, results, strict=True)):
        options = {key: cell.options.get(key) for key in keys}
        for result in played:
            agents = [cell.agents[a] for a in result.seats]
            agents += [""] * (seats - len(agents))
            yield {
                "cell": number,
                **options,
                "game": result.index,
                "seed": cell.game_seed(result.index),
                **{f"seat_{s + 1}": agent for s, agent in enumerate(agents)},
                "winners": " ".join(str(seat + 1) for seat in result.winners),
                "actions": result.actions,
            }
