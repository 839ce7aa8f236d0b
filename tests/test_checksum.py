"""server.rules.checksum: canonical, order-independent, type-aware digests."""

from __future__ import annotations

import enum
from dataclasses import dataclass

import msgpack
import pytest
from hypothesis import given
from hypothesis import strategies as st

from server.rules.checksum import canonical, state_digest


@dataclass(frozen=True)
class A:
    x: int


@dataclass(frozen=True)
class B:
    x: int


class Colour(enum.Enum):
    RED = "red"


@given(st.sets(st.text(max_size=5) | st.integers(-(2**63), 2**63 - 1)), st.randoms())
def test_set_and_dict_order_do_not_matter(items, rng):
    shuffled = list(items)
    rng.shuffle(shuffled)
    assert state_digest(frozenset(items)) == state_digest(set(shuffled))
    forward = {i: 1 for i in items}
    backward = {i: 1 for i in reversed(shuffled)}
    assert state_digest(forward) == state_digest(backward)


def test_types_and_values_are_distinguished():
    assert state_digest(A(1)) != state_digest(B(1))
    assert state_digest(A(1)) != state_digest(A(2))
    assert state_digest((1, 2)) == state_digest([1, 2])
    assert canonical(Colour.RED) == "red"
    assert canonical({(1, 2): "k"}) == {(1, 2): "k"}


def test_floats_are_refused():
    with pytest.raises(TypeError):
        state_digest({"x": 0.5})


def _packed_sorted(d: dict) -> bytes:
    """The definition: a map's entries in the order of their packed keys."""
    return msgpack.packb(dict(sorted(d.items(), key=lambda kv: msgpack.packb(kv[0]))),
                         use_bin_type=True)


@given(st.dictionaries(st.text(max_size=40), st.integers(-5, 5) | st.text(max_size=3)
                       | st.lists(st.integers(0, 3), max_size=2), max_size=6), st.randoms())
def test_a_dict_of_str_keys_packs_in_key_order_every_time(items, rng):
    """A dict whose str keys were seen before takes a remembered order
    (checksum._STR_KEY_ORDERS): the first and the later digests of the same keys,
    in either insertion order, are the packed-key order ("b" before "aa": a
    packed str starts with its length)."""
    shuffled = list(items.items())
    rng.shuffle(shuffled)
    for d in (items, dict(shuffled), items, dict(shuffled)):
        assert msgpack.packb(canonical(d), use_bin_type=True) == _packed_sorted(d)
    assert list(canonical({"b": 1, "aa": 2})) == ["b", "aa"]
    assert canonical({}) == {} and canonical(frozenset()) == []
