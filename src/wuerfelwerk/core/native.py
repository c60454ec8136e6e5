"""Vectors in the compiled build, plain lists in the pure one.

``vec[i64](items)`` makes a vector of 64-bit integers, ``vec[T](items)`` one of objects.
mypyc compiles them (from ``librt.vecs``) into arrays it reads and writes inline, the
integers without boxing a Python ``int``; the pure build, which runs this same source
uncompiled, gets a ``list`` instead, which CPython reads faster than a vector object.
Either way it is indexed, sliced, iterated and measured alike, and ``list(v)`` turns it
into a list. This module is never compiled (``hatch_build.INTERPRETED``): compiled code
reads the types, not these names."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from librt.vecs import vec
    from mypy_extensions import i64
else:

    class _Lists:
        """``vec[T]`` in the pure build: the ``list`` type."""

        def __getitem__(self, item: object) -> type[list]:
            return list

    vec = _Lists()
    i64 = int

__all__ = ["i64", "vec"]
