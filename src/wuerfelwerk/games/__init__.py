"""The game packages. Importing this package registers every game found in it.

A new game joins by adding a package here that registers its ``Game`` class with
``wuerfelwerk.core.register``: the registry, the command line, the server, the
conformance suite and the adapters all find it from there.
"""

from __future__ import annotations

import importlib
import pkgutil

for _module in pkgutil.iter_modules(__path__):
    if _module.ispkg:
        importlib.import_module(f"{__name__}.{_module.name}")
