"""Difficulty levels and the ``bot`` and ``mcts`` specs."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import wuerfelwerk
from wuerfelwerk.agents import make_agent, parse_spec
from wuerfelwerk.agents.levels import LEVELS, PLAYER_LEVELS, level_names, level_spec
from wuerfelwerk.agents.mcts import MCTSAgent
from wuerfelwerk.agents.td.agent import TDAgent
from wuerfelwerk.core import InvalidAgentSpecError, UnknownGameError, game_names

BOTS_PAGE = Path(__file__).parents[2] / "docs" / "bots.md"


def test_a_bare_word_is_the_level_and_round_trips() -> None:
    spec = parse_spec("bot:hard")
    assert spec.params == {"level": "hard"}
    assert str(spec) == "bot:hard"
    assert parse_spec(str(parse_spec("bot:level=easy,miss=0"))).params == {
        "level": "easy",
        "miss": "0",
    }


@pytest.mark.parametrize("name", game_names())
def test_every_game_offers_the_four_levels(name: str) -> None:
    assert level_names(name) == list(LEVELS)
    game = wuerfelwerk.load(name)
    for level in LEVELS:
        make_agent(f"bot:{level}", game, 1)


def test_turn_based_levels_search_and_wurfweg_keeps_its_paced_bot() -> None:
    widget = wuerfelwerk.load("widget")
    assert isinstance(make_agent("bot:hard", widget, 1), MCTSAgent)
    assert level_spec("widget", "expert").startswith("mcts:")
    wurfweg = wuerfelwerk.load("wurfweg")
    assert not isinstance(make_agent("bot:hard", wurfweg, 1), MCTSAgent)
    make_agent("bot:roll=1,place=0.5", wurfweg, 1)


@pytest.mark.parametrize("board", ["quick", "classic"])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_malefiz_levels_play_the_network_shipped_for_every_board(board: str, players: int) -> None:
    """The expert looks past the next roll (depth 2, capped at 10 s), hard searches with
    the network at the leaves, the lower two play it one ply deep with fewer random
    decisions the higher they are."""
    game = wuerfelwerk.load("malefiz", board=board, players=players)
    easy, medium, hard, expert = (make_agent(f"bot:{level}", game, 1) for level in LEVELS)
    assert isinstance(expert, TDAgent) and isinstance(hard, MCTSAgent)
    assert isinstance(easy, TDAgent) and isinstance(medium, TDAgent)
    assert (expert.depth, expert.seconds, expert.noise) == (2, 10.0, 0.0)
    assert hard.config.learned and hard.config.budget.iters == 300
    assert easy.noise > medium.noise > 0.0 and easy.depth == medium.depth == 1
    assert f"malefiz-{board}-{players}p" in expert.evaluator.source


def test_bad_levels_and_parameters_are_refused() -> None:
    game = wuerfelwerk.load("malefiz")
    with pytest.raises(InvalidAgentSpecError, match="no level 'godlike'"):
        make_agent("bot:godlike", game)
    with pytest.raises(InvalidAgentSpecError, match="needs a level"):
        make_agent("bot", game)
    with pytest.raises(UnknownGameError):
        level_names("chess")
    for spec, error in [
        ("mcts:rollout=clever", "rollout"),
        ("mcts:chance=maybe", "chance"),
        ("mcts:iters=0", "iters"),
        ("mcts:depht=3", "no parameter 'depht'"),
        ("mcts:reuse=perhaps", "reuse"),
    ]:
        with pytest.raises(InvalidAgentSpecError, match=error):
            make_agent(spec, game)


def test_mcts_is_not_offered_for_real_time_play() -> None:
    with pytest.raises(InvalidAgentSpecError, match="unknown agent 'mcts'"):
        make_agent("mcts", wuerfelwerk.load("wurfweg"))


@pytest.mark.parametrize("name", ["malefiz", "widget", "mojave", "dimenticato"])
def test_the_levels_table_of_the_docs_names_what_each_level_plays(name: str) -> None:
    """docs/bots.md's table of levels gives each spec without its time cap (the caps are
    listed below it)."""
    section = BOTS_PAGE.read_text().split("\n## Levels\n")[1].split("\n## ")[0]
    (row,) = re.findall(rf"^\| {name.capitalize()} \|(.*)\|$", section, re.MULTILINE)
    shown = [re.findall(r"`([^`]+)`", cell) for cell in row.split("|")]
    # A level of its own at some player counts is named first, for those counts (once
    # for the counts that share it).
    played = [
        [
            *(
                own[level]
                for (game, _), own in sorted(PLAYER_LEVELS.items())
                if game == name and level in own
            ),
            level_spec(name, level),
        ]
        for level in LEVELS
    ]
    assert shown == [
        list(dict.fromkeys(re.sub(r",time=[0-9.]+", "", spec) for spec in specs))
        for specs in played
    ]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_widgets_expert_plays_the_network_at_every_player_count(players: int) -> None:
    """The network of the seats' count, past the next roll; the search, the expert of the
    ladder, stays the level of the game named without a count."""
    game = wuerfelwerk.load("widget", players=players)
    expert = make_agent("bot:expert", game, 1)
    assert isinstance(expert, TDAgent) and (expert.depth, expert.seconds) == (2, 10.0)
    assert f"widget-{players}p" in expert.evaluator.source
    assert level_spec("widget", "expert") == "mcts:iters=2500,time=10"
