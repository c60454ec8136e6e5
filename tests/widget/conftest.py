"""Every Widget rule scenario that takes ``seating`` runs from every seat."""

from __future__ import annotations

import pytest

from .scenario import SEATINGS, Seating


@pytest.fixture(params=SEATINGS, ids=str)
def seating(request: pytest.FixtureRequest) -> Seating:
    chosen: Seating = request.param
    return chosen
