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


_SCALARS = (type(None), bool, int, str, bytes)
_FIELD_ORDER: dict[type, tuple[str, ...]] = {}


def _fields_in_order(cls: type) -> tuple[str, ...]:
    names = _FIELD_ORDER.get(cls)
    if names is None:
        names = tuple(sorted([f.name for f in dataclasses.fields(cls)] + ["__type__"],
                             key=_packer.pack))
        _FIELD_ORDER[cls] = names
    return names


def canonical(value: Any) -> Any:
    """`value` as canonical plain data (see module docstring).

    A large immutable part of a state may define `__digest__()` (a stable hex
    digest it caches); it is then represented by its type name and digest. A
    small, hot part may define `__canonical__()`, returning its own canonical
    plain data directly (it must start with its type name and be stable)."""
    cls = type(value)
    if cls in _SCALARS:
        return value
    if cls is tuple or cls is list:
        return [v if type(v) in _SCALARS else canonical(v) for v in value]
    if cls is dict:  # the Mapping case below, without its slower checks (hot: every digest)
        return _sorted_map({k if type(k) is str else _key(k):
                            v if type(v) in _SCALARS else canonical(v)
                            for k, v in value.items()})
    if isinstance(value, float):
        raise TypeError("rules state must not hold floats (not canonical across platforms)")
    if isinstance(value, enum.Enum):
        return canonical(value.value)
    if hasattr(cls, "__digest__"):
        return {"__type__": cls.__name__, "digest": value.__digest__()}
    if hasattr(cls, "__canonical__"):
        return value.__canonical__()
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        out = {}
        for name in _fields_in_order(cls):
            if name == "__type__":
                out[name] = cls.__name__
            else:
                v = getattr(value, name)
                out[name] = v if type(v) in _SCALARS else canonical(v)
        return out
    if isinstance(value, (bool, int, str, bytes)):  # subclasses such as IntEnum-free ints
        return value
    if isinstance(value, Mapping):
        return _sorted_map({_key(k): canonical(v) for k, v in value.items()})
    if isinstance(value, (set, frozenset)):
        return sorted((canonical(v) for v in value), key=_packer.pack)
    if isinstance(value, (list, tuple)):  # NamedTuples and other sequences
        return [canonical(v) for v in value]
    raise TypeError(f"cannot digest a {cls.__name__}")


def _key(key: Any) -> Any:
    key = canonical(key)
    # msgpack maps may have list keys only as tuples; make composite keys hashable.
    return tuple(key) if isinstance(key, list) else key


_PACKED_KEYS: dict = {}


def _packed(key: Any) -> bytes:
    """The packed form of a map key, remembered for the small set of str keys
    (field names, ids) that recur in every digest."""
    if type(key) is str:
        packed = _PACKED_KEYS.get(key)
        if packed is None:
            packed = _packer.pack(key)
            if len(_PACKED_KEYS) < 100_000:
                _PACKED_KEYS[key] = packed
        return packed
    return _packer.pack(key)


def _sorted_map(items: dict) -> dict:
    return dict(sorted(items.items(), key=lambda kv: _packed(kv[0])))


def state_digest(state: Any) -> str:
    """Hex digest of the canonical form of `state`."""
    packed = msgpack.packb(canonical(state), use_bin_type=True)
    return hashlib.blake2b(packed, digest_size=16).hexdigest()
