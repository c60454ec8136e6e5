"""The package's layers (docs/architecture.md): imports point down only, ``core/`` and
``games/`` need only the standard library to run, and every folder of modules is a
package."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "src" / "wuerfelwerk"

#: Bottom first; a module may import from its own layer and the layers below it.
LAYERS = [
    "core",
    "games",
    "rules",
    "boards",
    "agents",
    "adapters",
    "analysis",
    "sim",
    "server",
    "bench",
    "cli",
]

#: ``import wuerfelwerk`` loads the games (they register themselves): the games' layer.
ROOT_LAYER = LAYERS.index("games")

MODULES = sorted(PACKAGE.rglob("*.py"))


def layer_of(module: str) -> int:
    """The layer of a module named ``wuerfelwerk.<layer>...``."""
    parts = module.split(".")
    return ROOT_LAYER if len(parts) == 1 else LAYERS.index(parts[1])


def module_name(path: Path) -> str:
    relative = path.relative_to(PACKAGE.parent).with_suffix("")
    parts = list(relative.parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imported(path: Path, typing: bool = True) -> set[str]:
    """The absolute names of the modules ``path`` imports, relative imports resolved;
    with ``typing=False`` not those imported only for the type checker."""
    package = module_name(path).split(".")
    if path.name != "__init__.py":
        package = package[:-1]
    names: set[str] = set()
    for node in walk(ast.parse(path.read_text(), str(path)), typing):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package[: len(package) - node.level + 1]
                names.add(".".join([*base, node.module] if node.module else base))
            else:
                names.add(node.module or "")
    return names


def walk(node: ast.AST, typing: bool) -> list[ast.AST]:
    """``ast.walk``, leaving out the bodies of ``if TYPE_CHECKING:`` unless ``typing``."""
    found: list[ast.AST] = []
    todo = [node]
    while todo:
        node = todo.pop()
        found.append(node)
        if (
            not typing
            and isinstance(node, ast.If)
            and isinstance(node.test, ast.Name)
            and node.test.id == "TYPE_CHECKING"
        ):
            todo.extend(node.orelse)
        else:
            todo.extend(ast.iter_child_nodes(node))
    return found


@pytest.mark.parametrize("path", MODULES, ids=lambda p: str(p.relative_to(PACKAGE)))
def test_imports_point_down(path: Path) -> None:
    module = module_name(path)
    if module == "wuerfelwerk":
        return
    own = layer_of(module)
    above = sorted(
        name
        for name in imported(path)
        if name.split(".")[0] == "wuerfelwerk" and layer_of(name) > own
    )
    assert not above, f"{module} ({LAYERS[own]}) imports from a layer above it: {above}"


@pytest.mark.parametrize(
    "path",
    [p for p in MODULES if module_name(p).split(".")[1:2] in (["core"], ["games"])],
    ids=lambda p: str(p.relative_to(PACKAGE)),
)
def test_core_and_games_need_only_the_standard_library(path: Path) -> None:
    # At run time: the type checker's view of the compiled build's vectors
    # (``core/native.py``) names mypyc's runtime library, which the compiled wheel
    # depends on (``hatch_build.py``) and the pure build never imports.
    outside = sorted(
        name
        for name in imported(path, typing=False)
        if name.split(".")[0] not in {"wuerfelwerk", "__future__", *sys.stdlib_module_names}
    )
    assert not outside, f"{module_name(path)} imports {outside}"


def test_every_folder_of_modules_is_a_package() -> None:
    folders = {path.parent for path in MODULES} - {PACKAGE}
    # Alembic reads its environment and migration scripts as files, not as modules.
    folders = {f for f in folders if "migrations" not in f.relative_to(PACKAGE).parts}
    missing = sorted(
        str(f.relative_to(PACKAGE)) for f in folders if not (f / "__init__.py").exists()
    )
    assert not missing, f"folders without __init__.py: {missing}"
