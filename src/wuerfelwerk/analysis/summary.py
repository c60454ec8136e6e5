"""Each seat's sums over the judged steps, and the verdict: luck or play."""

from __future__ import annotations

from ..core import State
from .result import Analysis, SeatSummary, Verdict


def summarise(analysis: Analysis, final: State) -> tuple[list[SeatSummary], Verdict]:
    game = final.game
    seats = [SeatSummary(seat, game.seat_name(seat)) for seat in range(game.num_players)]
    for step in analysis.steps:
        if step.kind == "chance":
            assert step.luck is not None
            for seat, luck in enumerate(step.luck):
                seats[seat].luck += luck
            if step.mover is not None:
                mover = seats[step.mover]
                mover.lucky += step.mark == "lucky"
                mover.unlucky += step.mark == "unlucky"
            continue
        summary = seats[step.seat]
        summary.hints += step.hint
        if step.kind == "forced":
            summary.forced += 1
            continue
        summary.decisions += 1
        summary.loss += step.loss
        summary.mistakes += step.mark == "mistake"
        summary.blunders += step.mark == "blunder"
    return seats, verdict(seats, final)


def points(share: float) -> str:
    """A share of winning chance in percentage points, in words."""
    value = round(abs(share) * 100)
    return f"{value} point{'s' if value != 1 else ''}"


def verdict(seats: list[SeatSummary], final: State) -> Verdict:
    """Whether the winner owed the game more to luck or to play, against the others."""
    outcome = final.outcome()
    winners = sorted(outcome.winners) if outcome is not None else []
    if len(winners) != 1:
        why = (
            "The game is not over"
            if outcome is None
            else "A draw"
            if outcome.is_draw
            else "A shared win"
        )
        return Verdict(None, None, 0.0, 0.0, f"{why}: no single winner to weigh luck and play for.")
    winner = seats[winners[0]]
    others = [seat for seat in seats if seat is not winner]
    luck_edge = winner.luck - sum(o.luck for o in others) / len(others)
    play_edge = sum(o.loss for o in others) / len(others) - winner.loss
    rivals = others[0].name if len(others) == 1 else "the others"
    luck_words = f"had {points(luck_edge)} {'more' if luck_edge >= 0 else 'less'} luck"
    play_words = (
        f"lost {points(play_edge)} {'less' if play_edge >= 0 else 'more'} winning chance "
        "by its moves"
    )
    if luck_edge >= play_edge:
        decided = "luck"
        text = f"Luck decided this game: {winner.name} {luck_words} than {rivals}, and "
        text += f"{play_words}."
    else:
        decided = "play"
        text = f"Play decided this game: {winner.name} {play_words} than {rivals}, and "
        text += f"{luck_words}."
    return Verdict(decided, winner.seat, luck_edge, play_edge, text)
