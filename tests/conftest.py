import pytest


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
