"""The PostgreSQL the server tests run against: found where Debian installs it, and
never installed by a test (``make test`` installs the Debian packages)."""

from __future__ import annotations

from pathlib import Path

import pytest

from .conftest import postgres_bin


def test_the_newest_installed_version_is_chosen(tmp_path: Path) -> None:
    for version in ("9.6", "15", "17"):
        (tmp_path / version / "bin").mkdir(parents=True)
        (tmp_path / version / "bin" / "initdb").touch()
    assert postgres_bin(str(tmp_path / "*" / "bin" / "initdb")) == tmp_path / "17" / "bin"


def test_without_postgresql_the_failure_says_what_to_install(tmp_path: Path) -> None:
    with pytest.raises(pytest.fail.Exception, match=r"`apt-get install postgresql`"):
        postgres_bin(str(tmp_path / "*" / "bin" / "initdb"))
