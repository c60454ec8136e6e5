"""``bench.engine``: engines measured in turns, so that load hits them alike."""

from __future__ import annotations

from wuerfelwerk.bench.engine import SLICE_SECONDS, Rate, interleaved


def test_engines_take_turns_with_the_same_seeds_and_are_averaged() -> None:
    calls: list[tuple[str, float, int]] = []

    def rate(name: str, value: float) -> Rate:
        def measure(seconds: float, seed: int) -> float:
            calls.append((name, seconds, seed))
            return value + seed

        return measure

    result = interleaved({"ours": rate("ours", 10.0), "maedn": rate("maedn", 20.0)}, 1.0)
    turns = round(1.0 / SLICE_SECONDS)
    assert [name for name, _, _ in calls] == ["ours", "maedn"] * turns
    assert [seed for _, _, seed in calls] == [t for t in range(turns) for _ in range(2)]
    assert all(abs(seconds * turns - 1.0) < 1e-9 for _, seconds, _ in calls)
    mean_seed = sum(range(turns)) / turns
    assert result == {"ours": 10.0 + mean_seed, "maedn": 20.0 + mean_seed}


def test_a_measurement_shorter_than_a_slice_is_one_turn() -> None:
    calls: list[float] = []

    def measure(seconds: float, seed: int) -> float:
        calls.append(seconds)
        return 5.0

    assert interleaved({"ours": measure}, 0.1) == {"ours": 5.0}
    assert calls == [0.1]
