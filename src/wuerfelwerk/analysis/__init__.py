"""Analysis of a game: what decided it, luck or play.

``analyse(record)`` judges every decision against the best move found and every roll
against the average of its outcomes, each from what the seat knew (``views``), with the
game's strongest judge (``judge``: its learned evaluation where its expert plays one,
else its search); ``speed`` times the players of a real-time game. The command line and the
server use both.
"""

from .analyse import DEFAULT_BUDGET, NoJudgeError, analyse, analysis_json, default_budget
from .judge import Judge, judge_for
from .result import Analysis, Judged, SeatSummary, Verdict

__all__ = [
    "DEFAULT_BUDGET",
    "Analysis",
    "Judge",
    "Judged",
    "NoJudgeError",
    "SeatSummary",
    "Verdict",
    "analyse",
    "analysis_json",
    "default_budget",
    "judge_for",
]
