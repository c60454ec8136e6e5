import asyncio
import logging
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import settings

ROOT = Path(__file__).parents[1]
WEB_TESTS = ROOT / "tests" / "web"

# Speed is measured by benchmarks, never by tests: no per-example deadline, which would
# fail at random on a busy machine.
settings.register_profile("wuerfelwerk", deadline=None)
settings.load_profile("wuerfelwerk")


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--long",
        action="store_true",
        help="the long check: 10,000 conformance games per game instead of 200",
    )


@pytest.fixture(scope="session")
def games_per_game(request: pytest.FixtureRequest) -> int:
    """How many seeded random games the conformance suite plays per game."""
    return 10_000 if request.config.getoption("--long") else 200


@pytest.fixture(scope="session")
def local_ray() -> Iterator[None]:
    """One local Ray, with two CPUs, for the tests that use Ray in this process: starting
    one takes seconds, so it is started once per test process and stopped at the end."""
    import ray

    ray.init(
        address="local",
        num_cpus=2,
        include_dashboard=False,
        logging_level=logging.WARNING,
        # Ray's workers import test helpers by name, wherever pytest was started.
        runtime_env={"env_vars": {"PYTHONPATH": str(ROOT)}},
    )
    yield
    ray.shutdown()


@pytest.fixture(autouse=True)
def no_event_loop_marked_running(request: pytest.FixtureRequest) -> Iterator[None]:
    """Playwright's sync API, whose browser the web tests keep for the whole test process,
    marks the process's thread as running its event loop between its calls, and
    ``asyncio.run`` refuses to start under that mark. A test process runs tests in any
    order, so outside the web tests the mark is lifted while a test runs, and set again
    for Playwright's next call."""
    marked = asyncio.events._get_running_loop()
    if marked is None or WEB_TESTS in request.path.parents:
        yield
        return
    asyncio.events._set_running_loop(None)
    try:
        yield
    finally:
        asyncio.events._set_running_loop(marked)
