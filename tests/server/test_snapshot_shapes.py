"""A snapshot pickled by older code, whose state lacks a field added since, is set
aside as unusable (the hub then rebuilds the match from its events) instead of
failing the match's resume: a slotted dataclass unpickled from fewer fields has the
new one unset, and digesting the state to check the snapshot raises."""

from __future__ import annotations

import dataclasses
import pickle

import pytest

from server.matches.rules_host import Material, RulesCore, SnapshotUnusable
from server.rules.checksum import state_digest
from server.rules.sbh.state import Activation
from server.rules.sbh.system import SYSTEM
from tests.sbh.battle import act, battle, fig


def test_a_snapshot_from_before_a_field_was_added_is_unusable(monkeypatch, dice):
    dice.fix(5)
    state, _ = act(battle(fig("a1", "Soldier", 4, 3, (5, 5)), fig("b1", "Orc", 4, 3, (15, 5))),
                   "a", "activate", dice, figure="a1", dice=1)
    assert state.activation is not None
    checksum = state_digest(state)
    older = [f.name for f in dataclasses.fields(Activation)][:-1]  # (as if the last were new)
    with monkeypatch.context() as patched:
        # (how a slotted object pickles: no __dict__, a map of its slots)
        patched.setattr(Activation, "__getstate__",
                        lambda self: (None, {name: getattr(self, name) for name in older}),
                        raising=False)
        blob = pickle.dumps(state)
    with pytest.raises(SnapshotUnusable):
        RulesCore(SYSTEM, b"\0" * 32).load(Material({}, (40, blob, checksum), []))
    # the same state pickled whole is a usable snapshot
    RulesCore(SYSTEM, b"\0" * 32).load(Material({}, (40, pickle.dumps(state), checksum), []))
