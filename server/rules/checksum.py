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
docs/protocol.md, Fairness (State checksums), defines it for people; keep the two
in step.
"""

from __future__ import annotations

import dataclasses
import enum
import hashlib
from collections.abc import Mapping
from typing import Any

import msgpack
import msgspec

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
    plain data directly (it must start with its type name and be stable;
    `dataclass_canonical` writes one for a dataclass)."""
    cls = type(value)
    if cls in _SCALARS:
        return value
    if cls is tuple or cls is list:
        return [v if type(v) in _SCALARS else canonical(v) for v in value]
    if cls is dict:  # the Mapping case below, without its slower checks (hot: every digest)
        if not value:
            return {}
        order = _STR_KEY_ORDERS.get(tuple(value))
        if order is None:
            return _new_dict(value)
        out = {}  # (keys seen before, every one a str: their packed order is known)
        for k in order:
            v = value[k]
            out[k] = v if type(v) in _SCALARS else canonical(v)
        return out
    how = _HOW.get(cls)
    if how is None:
        how = _HOW[cls] = _how(cls)
    return how(value)


def _how(cls: type):
    """How `canonical` reduces an instance of `cls`: the checks, in their order,
    depend on the class alone, so they are made once a class."""
    if issubclass(cls, float):
        def refuse(value):
            raise TypeError("rules state must not hold floats (not canonical across platforms)")
        return refuse
    if issubclass(cls, enum.Enum):
        return lambda value: canonical(value.value)
    if hasattr(cls, "__digest__"):
        return lambda value: {"__type__": cls.__name__, "digest": value.__digest__()}
    if hasattr(cls, "__canonical__"):
        return cls.__canonical__
    if dataclasses.is_dataclass(cls):
        return _dataclass_fields
    if issubclass(cls, (bool, int, str, bytes)):  # subclasses such as IntEnum-free ints
        return lambda value: value
    if issubclass(cls, Mapping):
        return lambda value: sorted_map({_key(k): canonical(v) for k, v in value.items()})
    if issubclass(cls, (set, frozenset)):
        return lambda value: sorted((canonical(v) for v in value), key=_packer.pack) \
            if value else []
    if issubclass(cls, (list, tuple)):  # NamedTuples and other sequences
        return lambda value: [canonical(v) for v in value]

    def cannot(value):
        raise TypeError(f"cannot digest a {cls.__name__}")
    return cannot


_HOW: dict[type, Any] = {}


def _dataclass_fields(value: Any) -> dict:
    cls = type(value)
    out = {}
    for name in _fields_in_order(cls):
        if name == "__type__":
            out[name] = cls.__name__
        else:
            v = getattr(value, name)
            out[name] = v if type(v) in _SCALARS else canonical(v)
    return _drop_later_defaults(cls, value, out)


def _drop_later_defaults(cls: type, value: Any, out: dict) -> dict:
    """A field that joined a record after replays were recorded (`__digest_later__`:
    name -> default) is left out while at its default: the record digests as it did
    before it had the field, so those replays still fold to their checksums."""
    for name, default in getattr(cls, "__digest_later__", {}).items():
        if getattr(value, name) == default:
            del out[name]
    return out


def dataclass_canonical(cls: type, **special):
    """A `__canonical__` for dataclass `cls` giving exactly what the generic
    dataclass case gives (the same map, keys in the same order), as
    straight-line code: a rules state is digested after every event. A field
    named in `special` is given by `special[name](self)` instead, which must
    return what `canonical` would (a `msgspec.Raw` of its packed form counts)."""
    items = []
    for name in _fields_in_order(cls):
        if name == "__type__":
            items.append(f"    out[{name!r}] = {cls.__name__!r}\n")
        elif name in special:
            items.append(f"    out[{name!r}] = special_{name}(self)\n")
        else:
            items.append(f"    v = self.{name}\n"
                         f"    out[{name!r}] = v if type(v) in scalars else canonical(v)\n")
    later = getattr(cls, "__digest_later__", {})
    finish = ("    return drop_later(cls, self, out)\n" if later else "    return out\n")
    source = f"def __canonical__(self):\n    out = {{}}\n{''.join(items)}{finish}"
    namespace = {"scalars": _SCALARS, "canonical": canonical, "cls": cls,
                 "drop_later": _drop_later_defaults,
                 **{f"special_{name}": how for name, how in special.items()}}
    exec(source, namespace)  # noqa: S102 - source built only from the class's field names
    return namespace["__canonical__"]


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


_KEY_ORDERS: dict[tuple, tuple] = {}
_STR_KEY_ORDERS: dict[tuple, tuple] = {}  # (the same, for keys that are all str)


def _new_dict(value: dict) -> dict:
    """`canonical` of a dict whose keys are not known to be all str in a known order;
    a state's dicts keep the same str keys (seats, figure ids) from one digest to the
    next, so the order of such a set of keys is remembered for the fast case."""
    keys = tuple(value)
    if all(type(k) is str for k in keys):
        order = _key_order(_STR_KEY_ORDERS, keys)
        return {k: v if type(v := value[k]) in _SCALARS else canonical(v) for k in order}
    return sorted_map({k if type(k) is str else _key(k):
                       v if type(v) in _SCALARS else canonical(v)
                       for k, v in value.items()})


def sorted_map(items: dict) -> dict:
    """`items` with its keys in the order of their packed forms. The order of a
    given set of keys is remembered (a state's maps keep the same keys, such as
    figure ids, from one digest to the next)."""
    order = _key_order(_KEY_ORDERS, tuple(items))
    return {k: items[k] for k in order}


def _key_order(remembered: dict[tuple, tuple], keys: tuple) -> tuple:
    """`keys` in the order of their packed forms, remembered in `remembered`
    (bounded: cleared when full)."""
    order = remembered.get(keys)
    if order is None:
        order = tuple(sorted(keys, key=_packed))
        if len(remembered) >= 4096:
            remembered.clear()
        remembered[keys] = order
    return order


# msgspec packs plain data to the same MessagePack bytes as msgpack.packb (with
# use_bin_type), several times faster; anything it refuses goes to msgpack.
_encode = msgspec.msgpack.Encoder().encode


def _unpacked(value: Any) -> Any:
    """msgpack's fallback for a part already packed (msgspec.Raw): its plain data,
    which msgpack packs to the same bytes (tuples and lists pack alike)."""
    if isinstance(value, msgspec.Raw):
        return msgspec.msgpack.decode(value)
    raise TypeError(f"cannot pack a {type(value).__name__}")


def state_digest(state: Any) -> str:
    """Hex digest of the canonical form of `state`."""
    return canonical_digest(canonical(state))


def canonical_digest(plain: Any) -> str:
    """Hex digest of `plain`, data already in canonical form (`canonical`)."""
    try:
        packed = _encode(plain)
    except (TypeError, ValueError, OverflowError):
        packed = msgpack.packb(plain, use_bin_type=True, default=_unpacked)
    return hashlib.blake2b(packed, digest_size=16).hexdigest()
