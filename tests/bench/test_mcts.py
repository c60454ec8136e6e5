"""``wuerfelwerk bench mcts`` in a tiny configuration: the figures are there and agree."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from wuerfelwerk.cli.main import cli


@pytest.mark.parametrize("game", ["malefiz", "dimenticato"])
def test_bench_mcts_json(game: str) -> None:
    args = ["bench", "mcts", game, "--players", "2", "--round-limit", "3"]
    result = CliRunner().invoke(cli, [*args, "--simulations", "4", "--json"])
    assert result.exit_code == 0, result.output
    figures = json.loads(result.output)
    assert {"ours", "openspiel_python", "ratio"} <= set(figures)
    assert figures["ours"] > 0 and figures["openspiel_python"] > 0
    assert figures["ratio"] == pytest.approx(figures["ours"] / figures["openspiel_python"])
    assert figures["openspiel_cpp_maedn"] > 0


def test_bench_mcts_table_and_refusal() -> None:
    runner = CliRunner()
    table = runner.invoke(cli, ["bench", "mcts", "mojave", "--rows", "12", "--simulations", "3"])
    assert table.exit_code == 0, table.output
    assert "OpenSpiel MCTSBot (C++) on maedn" in table.output
    refused = runner.invoke(cli, ["bench", "mcts", "wurfweg", "--simulations", "3"])
    assert refused.exit_code == 2
    assert "real time" in refused.output
