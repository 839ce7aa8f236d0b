"""A canonical digest of a rules state, identical across processes and runs.

The state is first reduced to canonical plain data:
- dataclasses -> maps of their fields (by field name), plus the class name under
  "__type__" so two different types with equal fields differ;
- enums -> their value; tuples and lists -> lists;
- sets and frozensets -> lists sorted by their canonical encoding (never by
  iteration order, which depends on hash randomization);
- maps -> maps whose keys are sorted by their canonical encoding.
That plain data is packed with MessagePack (maps emitted in sorted key order)
and hashed with BLAKE2b-128. Floats are refused: a rules state holds integers.
"""

from __future__ import annotations

import dataclasses
import enum
import hashlib
from collections.abc import Mapping
from typing import Any

import msgpack

_packer = msgpack.Packer(use_bin_type=True)


def canonical(value: Any) -> Any:
    """`value` as canonical plain data (see module docstring)."""
    if value is None or isinstance(value, (bool, int, str, bytes)):
        return value
    if isinstance(value, float):
        raise TypeError("rules state must not hold floats (not canonical across platforms)")
    if isinstance(value, enum.Enum):
        return canonical(value.value)
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        items = {f.name: canonical(getattr(value, f.name)) for f in dataclasses.fields(value)}
        items["__type__"] = type(value).__name__
        return _sorted_map(items)
    if isinstance(value, Mapping):
        return _sorted_map({_key(k): canonical(v) for k, v in value.items()})
    if isinstance(value, (set, frozenset)):
        return sorted((canonical(v) for v in value), key=_packer.pack)
    if isinstance(value, (list, tuple)):
        return [canonical(v) for v in value]
    raise TypeError(f"cannot digest a {type(value).__name__}")


def _key(key: Any) -> Any:
    key = canonical(key)
    # msgpack maps may have list keys only as tuples; make composite keys hashable.
    return tuple(key) if isinstance(key, list) else key


def _sorted_map(items: dict) -> dict:
    return dict(sorted(items.items(), key=lambda kv: _packer.pack(kv[0])))


def state_digest(state: Any) -> str:
    """Hex digest of the canonical form of `state`."""
    packed = msgpack.packb(canonical(state), use_bin_type=True)
    return hashlib.blake2b(packed, digest_size=16).hexdigest()
