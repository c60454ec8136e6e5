import pytest
from hypothesis import settings

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
