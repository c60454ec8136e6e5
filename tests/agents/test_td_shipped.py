"""The networks shipped in the package: each loads for its own game and judges it."""

from __future__ import annotations

from importlib import resources
from pathlib import Path

import numpy as np
import pytest

import wuerfelwerk
from wuerfelwerk.agents.levels import level_names
from wuerfelwerk.agents.td import evaluator_for, load_checkpoint
from wuerfelwerk.agents.td.checkpoint import shipped_name

WEIGHTS = Path(str(resources.files("wuerfelwerk.agents.td").joinpath("weights")))
SHIPPED = sorted(path.name for path in WEIGHTS.glob("*.npz"))


def test_a_network_ships_for_every_game_with_a_learned_evaluation() -> None:
    games = {load_checkpoint(WEIGHTS / name).header.game for name in SHIPPED}
    assert games == {"malefiz", "widget", "mojave", "dimenticato"}
    # Every player count the game allows: Mojave 2; Widget and Dimenticato 2 to 4.
    for name in (
        "mojave-2p",
        *(f"{game}-{n}p" for game in ("widget", "dimenticato") for n in (2, 3, 4)),
    ):
        assert f"{name}.npz" in SHIPPED


@pytest.mark.parametrize("name", SHIPPED)
def test_each_shipped_network_loads_for_its_game(name: str) -> None:
    header = load_checkpoint(WEIGHTS / name).header
    assert shipped_name(header.game, header.board, header.players) == name
    options: dict[str, object] = {} if header.game == "mojave" else {"players": header.players}
    if header.board != "-":
        options["board"] = header.board
    game = wuerfelwerk.load(header.game, **options)
    evaluator = evaluator_for(game)
    assert evaluator.source.endswith(name)
    assert header.training.games > 0 and header.calibration.temperature > 0
    chances = evaluator.chances([game.new_initial_state()])
    assert chances.shape == (1, header.players)
    assert np.allclose(chances.sum(axis=1), 1.0) and (chances > 0).all()
    # Where the strengths of who plays were fitted, they are those of the game's levels,
    # the weakest the least strong.
    who = header.calibration.who_plays
    if who.strengths:
        levels = [f"bot:{level}" for level in level_names(game)]
        assert [player for player, _ in who.strengths] == levels
        assert who.games > 0 and who.temperature > 0
        assert sum(value for _, value in who.strengths) == pytest.approx(0.0, abs=1e-5)
        assert who.strengths[0][1] == min(value for _, value in who.strengths)
