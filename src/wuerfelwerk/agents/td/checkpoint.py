"""Checkpoints of a value network: one ``.npz`` file with a JSON header.

The header names the format and its version, the game, board and number of players the
network was trained for, the version of the features it reads, the hidden layer, the
training so far (seed, games, gradient steps, settings) and the calibration (the
temperature its chances are scaled by, the curve that bends them further if one was
fitted, and the games it was fitted on; and, where they were fitted, the strengths of
the players whose games it judges knowing who plays). The arrays are
the network's parameters and the optimiser's state, so training resumes exactly where
it stopped.
Loading refuses a file of another format, another format version or other features with
a ``CheckpointError`` that says which. Version 3 added the curve, version 4 the players'
strengths; a file of an earlier version is read as one without them.
"""

from __future__ import annotations

import json
import zipfile
from dataclasses import asdict, dataclass
from importlib import resources
from pathlib import Path
from typing import Any

import numpy as np

from ...core import Game, WuerfelwerkError
from .calibration import check_curve
from .network import PARAMETERS, Adam, ValueNetwork

FORMAT = "wuerfelwerk-td"
FORMAT_VERSION = 4
#: The versions this wuerfelwerk reads (2: before calibration curves; 3: before the
#: players' strengths).
READ_VERSIONS = (2, 3, 4)
NOT_A_CHECKPOINT = "is not a value network checkpoint of wuerfelwerk"


class CheckpointError(WuerfelwerkError):
    """A checkpoint file that cannot be read, or that does not fit the game."""


@dataclass(frozen=True)
class Training:
    """How the network was trained, and how far."""

    seed: int
    games: int = 0
    steps: int = 0
    rate: float = 1e-3
    lam: float = 0.7
    explore: float = 0.0
    greedy: float = 0.0
    batch: int = 32
    together: int = 1
    passes: int = 1


@dataclass(frozen=True)
class WhoPlays:
    """The calibration of chances that know who plays each seat (``wuerfelwerk calibrate
    --fit --who-plays``): the network's logits divided by ``temperature``, then the
    strength of the seat's player added (in logits, a mean of 0 over the players), as
    fitted on ``games`` games of ``seed`` between these players (none: never fitted)."""

    temperature: float = 1.0
    strengths: tuple[tuple[str, float], ...] = ()
    games: int = 0
    seed: int = 0

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> WhoPlays:
        fitted = dict(data)
        strengths = tuple((str(p), float(v)) for p, v in fitted.pop("strengths", ()))
        found = cls(**fitted, strengths=strengths)
        if not found.temperature > 0:
            raise ValueError("the temperature must be positive")
        return found


@dataclass(frozen=True)
class Calibration:
    """The temperature the network's logits are divided by (1: as trained), the curve
    that bends the chances after it (none: as the temperature gives them; knots of
    chance given and chance meant, ``agents/td/calibration.py``), and the games of
    ``wuerfelwerk calibrate --fit`` they were fitted on (0: never fitted); apart from
    them, the calibration of chances that know who plays."""

    temperature: float = 1.0
    games: int = 0
    seed: int = 0
    agents: str = ""
    curve: tuple[tuple[float, float], ...] = ()
    who_plays: WhoPlays = WhoPlays()


@dataclass(frozen=True)
class Header:
    game: str
    board: str
    players: int
    features: str
    inputs: int
    hidden: int
    training: Training
    calibration: Calibration = Calibration()

    def to_json(self) -> dict[str, Any]:
        return {"format": FORMAT, "version": FORMAT_VERSION, **asdict(self)}

    @classmethod
    def from_json(cls, data: dict[str, Any], source: str) -> Header:
        if data.get("format") != FORMAT:
            raise CheckpointError(f"{source} {NOT_A_CHECKPOINT}")
        if data.get("version") not in READ_VERSIONS:
            raise CheckpointError(
                f"{source} has checkpoint format version {data.get('version')}; this "
                f"wuerfelwerk reads versions {READ_VERSIONS[0]} to {READ_VERSIONS[-1]}: "
                "train it again"
            )
        try:
            fitted = dict(data.get("calibration", {}))
            curve = tuple((float(x), float(y)) for x, y in fitted.pop("curve", ()))
            who_plays = WhoPlays.from_json(fitted.pop("who_plays", {}))
            calibration = Calibration(**fitted, curve=curve, who_plays=who_plays)
            if not calibration.temperature > 0:
                raise ValueError("the temperature must be positive")
            check_curve(curve)
            return cls(
                game=str(data["game"]),
                board=str(data["board"]),
                players=int(data["players"]),
                features=str(data["features"]),
                inputs=int(data["inputs"]),
                hidden=int(data["hidden"]),
                training=Training(**data["training"]),
                calibration=calibration,
            )
        except (KeyError, TypeError, ValueError) as error:
            raise CheckpointError(f"{source} has a damaged header ({error})") from None


@dataclass
class Checkpoint:
    header: Header
    network: ValueNetwork
    optimiser: Adam

    def save(self, path: Path) -> None:
        """Write to ``path`` (through a temporary file, so a crash never leaves half a
        checkpoint behind)."""
        arrays: dict[str, Any] = {  # Any: numpy's stubs type keyword arrays loosely
            "header": np.frombuffer(json.dumps(self.header.to_json()).encode(), np.uint8)
        }
        for name, value in self.network.parameters().items():
            arrays[name] = value
            arrays[f"adam_m_{name}"] = self.optimiser.moments[name]
            arrays[f"adam_v_{name}"] = self.optimiser.squares[name]
        arrays["adam_steps"] = np.array(self.optimiser.steps, np.int64)
        partial = path.with_name(path.name + ".partial")
        with partial.open("wb") as out:
            np.savez_compressed(out, **arrays)
        partial.replace(path)


def load_checkpoint(path: Path | str) -> Checkpoint:
    """Read a checkpoint; ``CheckpointError`` says what is wrong with a bad one."""
    source = str(path)
    try:
        with np.load(path, allow_pickle=False) as data:
            arrays = {name: data[name] for name in data.files}
    except FileNotFoundError:
        raise CheckpointError(f"no checkpoint file {source}") from None
    except (OSError, ValueError, zipfile.BadZipFile):
        raise CheckpointError(f"{source} {NOT_A_CHECKPOINT}") from None
    return _checkpoint(arrays, source)


def _checkpoint(arrays: dict[str, np.ndarray], source: str) -> Checkpoint:
    if "header" not in arrays:
        raise CheckpointError(f"{source} {NOT_A_CHECKPOINT}")
    try:
        data = json.loads(arrays["header"].tobytes().decode())
    except (UnicodeDecodeError, json.JSONDecodeError):
        raise CheckpointError(f"{source} has a damaged header") from None
    header = Header.from_json(data, source)
    try:
        network = ValueNetwork(*(arrays[name] for name in PARAMETERS))
        optimiser = Adam(
            header.training.rate,
            {name: arrays[f"adam_m_{name}"] for name in PARAMETERS},
            {name: arrays[f"adam_v_{name}"] for name in PARAMETERS},
            int(arrays["adam_steps"]),
        )
    except KeyError as error:
        raise CheckpointError(f"{source} lacks the array {error}") from None
    if network.w1.shape != (header.inputs, header.hidden) or network.seats != header.players:
        raise CheckpointError(f"{source}: the arrays do not have the sizes its header gives")
    return Checkpoint(header, network, optimiser)


def check_fits(header: Header, game: Game, board: str, features: str, source: str) -> None:
    """``CheckpointError`` unless the network was trained for this game and features."""
    if (header.game, header.board, header.players) != (game.name, board, game.num_players):
        raise CheckpointError(
            f"{source} was trained for {describe(header.game, header.board, header.players)}, "
            f"not {describe(game.name, board, game.num_players)}"
        )
    if header.features != features:
        raise CheckpointError(
            f"{source} reads features {header.features!r}; this wuerfelwerk computes "
            f"{features!r}: train it again"
        )


def describe(game: str, board: str, players: int) -> str:
    """``malefiz (quick board, 2 players)``; a game with one board: ``mojave (2 players)``."""
    return f"{game} ({'' if board == '-' else board + ' board, '}{players} players)"


def shipped_name(game: str, board: str, players: int) -> str:
    """``malefiz-classic-2p.npz``; ``widget-2p.npz`` for a game with one board only."""
    return f"{game}-{players}p.npz" if board == "-" else f"{game}-{board}-{players}p.npz"


def shipped_path(game: str, board: str, players: int) -> Path | None:
    """The network shipped in the package for this game, if there is one."""
    path = resources.files(__package__).joinpath("weights", shipped_name(game, board, players))
    return Path(str(path)) if path.is_file() else None
