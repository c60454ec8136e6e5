"""OpenSpiel's own check (``random_sim_test`` with serialisation) on every game, and its
MCTS bot playing through the adapter."""

from __future__ import annotations

import json
import pickle

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import ismcts, mcts

import wuerfelwerk
from wuerfelwerk.adapters import openspiel
from wuerfelwerk.cli.options import load_game
from wuerfelwerk.core import game_class

from .cases import CASES, FIRST, IDS


@pytest.mark.parametrize(("name", "index", "options"), CASES, ids=IDS)
def test_random_sim(name: str, index: int, options: dict) -> None:
    game = openspiel.load(name, **options)
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


@pytest.mark.parametrize("name", wuerfelwerk.game_names())
def test_game_type_follows_the_game(name: str) -> None:
    cls = game_class(name)
    kind = openspiel.load(name).get_type()
    information = pyspiel.GameType.Information
    assert kind.short_name == f"wuerfelwerk_{name}"
    assert kind.long_name == f"wuerfelwerk {cls.title}"  # as the README spells it
    assert (kind.information == information.PERFECT_INFORMATION) == cls.perfect_information
    assert (kind.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC) == cls.has_chance
    assert (kind.dynamics == pyspiel.GameType.Dynamics.SIMULTANEOUS) == cls.simultaneous
    assert kind.provides_observation_tensor and kind.provides_information_state_string


def test_state_serialises_as_its_position_and_pickles() -> None:
    game = openspiel.load("malefiz", players=3, board="classic")
    state = game.new_initial_state()
    state.apply_action(3)  # the die shows 4
    state.apply_action(state.legal_actions()[-1])  # a figure leaves the house
    text = pyspiel.serialize_game_and_state(game, state)
    again_game, again = pyspiel.deserialize_game_and_state(text)
    assert str(again_game) == str(game)
    assert str(again) == str(state)
    assert again.history() == state.history()
    assert str(pickle.loads(pickle.dumps(game))) == str(game)


def test_information_state_of_perfect_information_is_the_history() -> None:
    game = openspiel.load("malefiz", players=2)
    state = game.new_initial_state()
    state.apply_action(2)
    assert state.information_state_string(1) == "2"
    assert '"die": 3' in state.observation_string(1)


def _roll(state: pyspiel.State, rng: np.random.RandomState) -> None:
    actions, probabilities = zip(*state.chance_outcomes(), strict=True)
    state.apply_action(int(rng.choice(actions, p=probabilities)))


def _play_against_random(game: pyspiel.Game, bot: pyspiel.Bot, rng: np.random.RandomState) -> None:
    """``bot`` in seat 0 against random moves, to the end; every move it makes is legal."""
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            _roll(state, rng)
        elif state.current_player() == 0:
            action = int(bot.step(state))
            assert action in state.legal_actions()
            state.apply_action(action)
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    assert sum(state.returns()) == pytest.approx(0.0)


def test_mcts_bot_plays_a_whole_game() -> None:
    """OpenSpiel's MCTSBot against a random bot, every move legal, to the end."""
    game = openspiel.load("malefiz", players=2, round_limit=6)
    rng = np.random.RandomState(0)
    bot = mcts.MCTSBot(game, 2.0, 12, mcts.RandomRolloutEvaluator(1, rng), random_state=rng)
    _play_against_random(game, bot, rng)


TURN_BASED = [case for case in FIRST if not game_class(case[0]).simultaneous]


@pytest.mark.parametrize(
    ("name", "index", "options"), TURN_BASED, ids=[case[0] for case in TURN_BASED]
)
def test_search_bots_move_in_every_turn_based_game(name: str, index: int, options: dict) -> None:
    """MCTSBot (ISMCTSBot where information is hidden) chooses legal moves in every game."""
    game = openspiel.load(name, **options)
    rng = np.random.RandomState(3)
    evaluator = mcts.RandomRolloutEvaluator(1, rng)
    if game_class(name).perfect_information:
        bot = mcts.MCTSBot(game, 2.0, 4, evaluator, random_state=rng)
    else:
        bot = ismcts.ISMCTSBot(game, evaluator, 2.0, 4, random_state=rng)
    state = game.new_initial_state()
    decisions = 0
    while decisions < 2 and not state.is_terminal():
        if state.is_chance_node():
            _roll(state, rng)
            continue
        action = int(bot.step(state))
        assert action in state.legal_actions()
        state.apply_action(action)
        decisions += 1
    assert decisions == 2


def test_a_joint_action_applies_every_seat_after_the_dice_it_throws() -> None:
    """Wurf & Weg: both seats roll at once; the second roll follows the first one's dice."""
    game = openspiel.load("wurfweg", players=2)
    state = game.new_initial_state()
    rng = np.random.RandomState(1)
    while state.current_player() != pyspiel.PlayerId.SIMULTANEOUS:
        _roll(state, rng)
    rolls = [
        next(a for a in state.legal_actions(seat) if "roll" in state.action_to_string(seat, a))
        for seat in range(2)
    ]
    state.apply_actions(rolls)
    while state.is_chance_node():
        _roll(state, rng)
    players = state.core.observation(None)["players"]
    assert [seat["rolls"] for seat in players] == [1, 1]
    wait = state.get_game().num_distinct_actions() - 1
    assert wait not in state.legal_actions(0)  # a seat that can act must act


def test_ismcts_bot_plays_dimenticato() -> None:
    """OpenSpiel's information-set MCTS on the game with hidden values, to the end."""
    game = openspiel.load("dimenticato", players=2, round_limit=4)
    assert game.get_type().information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    rng = np.random.RandomState(0)
    bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, rng), 2.0, 8, random_state=rng)
    _play_against_random(game, bot, rng)


def test_information_state_remembers_what_the_seat_saw() -> None:
    """Perfect recall: the information state is the observation with the value the seat
    saw last under each covered field; the observation alone shows none of them."""
    game = openspiel.load("dimenticato", players=2)
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    while not any(v is None for v in json.loads(state.observation_string(0))["values"].values()):
        state.apply_action(state.legal_actions()[0])
    observation = json.loads(state.observation_string(0))
    information = json.loads(state.information_state_string(0))
    remembered = information.pop("remembered")
    assert information == observation
    core = state.core
    covered = [name for name, value in observation["values"].items() if value is None]
    assert remembered == {n: core.values[core.geometry.field(n)] for n in covered}
    clone = state.clone()
    assert clone.information_state_string(0) == state.information_state_string(0)
    assert pickle.loads(pickle.dumps(state)).information_state_string(0) == (
        state.information_state_string(0)
    )


class _Draws(mcts.Evaluator):
    """Scores every unfinished state as a draw: a search without rollouts, so that a
    whole game of the default length stays quick."""

    def __init__(self, players: int) -> None:
        self.players = players

    def evaluate(self, state: pyspiel.State) -> np.ndarray:
        return np.zeros(self.players)

    def prior(self, state: pyspiel.State) -> list[tuple[int, float]]:
        actions = state.legal_actions()
        return [(action, 1.0 / len(actions)) for action in actions]


def test_ismcts_bot_plays_a_default_dimenticato_game_with_information_states_of_board_size() -> (
    None
):
    """ISMCTSBot in every seat of a default game (4 players, 200 rounds), to the end. The
    information state it keys its tree by stays as long as the board: it holds what each
    seat saw per field, not the log of the game, which grows with every turn."""
    game = openspiel.load("dimenticato")
    assert game.get_parameters() == {"players": 4, "corner_is_turn": True, "round_limit": 200}
    rng = np.random.RandomState(5)
    bot = ismcts.ISMCTSBot(game, _Draws(4), 2.0, 3, random_state=rng)
    state = game.new_initial_state()
    lengths = []
    while not state.is_terminal():
        if state.is_chance_node():
            _roll(state, rng)
            continue
        lengths.append(len(state.information_state_string()))
        action = int(bot.step(state))
        assert action in state.legal_actions()
        state.apply_action(action)
    assert state.core.turns > 100
    assert len(state.core.log) > 100
    assert max(lengths) < 2 * lengths[0]
    assert sum(state.returns()) == pytest.approx(0.0)


@pytest.mark.parametrize("name", wuerfelwerk.game_names())
def test_load_game_without_parameters_has_the_command_line_defaults(name: str) -> None:
    """``pyspiel.load_game("wuerfelwerk_<name>")`` plays the game the command line loads
    when no option is given."""
    assert pyspiel.load_game(openspiel.short_name(name)).core == load_game(name, [])
