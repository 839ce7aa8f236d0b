"""Sealed snapshots (server.matches.snapshot_seal): a match resumes from a snapshot
sealed by the running code without digesting its state, and from anything else —
another code's seal, an old unsealed pickle, a seal naming another checksum, a damaged
blob — only as before, by its digest (or not at all)."""

from __future__ import annotations

import pickle
import random

import msgspec
import pytest

from server.app import ServerOptions, WarbandServer
from server.matches import rules_host, snapshot_seal
from server.matches.rules_host import Material, RulesCore, SnapshotUnusable
from server.rules.checksum import state_digest
from server.rules.dice import new_seed
from server.rules.sbh.random_player import random_command
from server.rules.sbh.system import SYSTEM
from server.store.store import Store
from tests.sbh.test_games import WARBANDS
from tests.server.test_checkpoints import restarted, stopped
from tests.server.test_takeback import play, registered, started, state_at

SETUP = {"options": {"scenario": "all_out_battle", "points_limit": 400}, "board_size": 24}


def played(commands: int, log: list | None = None) -> RulesCore:
    """A core `commands` random-legal commands into a game; its events (as the store
    keeps them) appended to `log`."""
    core = RulesCore(SYSTEM, new_seed())
    core.load(Material(SETUP, None, []))
    rng = random.Random(3)
    for _ in range(commands):
        prompt = SYSTEM.prompt(core.state)
        seat = prompt.seats[0]
        first = core.seq + 1
        outcome = core.apply(random_command(prompt, seat, rng, WARBANDS[seat]))
        if log is not None:
            log.extend((first + n, msgspec.msgpack.encode(event))
                       for n, event in enumerate(outcome.events))
    return core


@pytest.fixture
def digests(monkeypatch) -> list[int]:
    """Counts the state digests the rules host works out."""
    calls: list[int] = []

    def counted(state):
        calls.append(1)
        return state_digest(state)

    monkeypatch.setattr(rules_host, "state_digest", counted)
    return calls


def resumed(core: RulesCore, blob: bytes, checksum: str) -> RulesCore:
    other = RulesCore(SYSTEM, core.seed)
    other.load(Material(SETUP, (core.seq, blob, checksum), [], core.dice.position))
    return other


def test_a_checkpoint_sealed_by_this_code_resumes_without_a_digest(digests):
    core = played(20)
    seq, blob = core.checkpoint()
    assert blob.startswith(snapshot_seal.MAGIC) and seq == core.seq
    checksum = state_digest(core.state)
    digests.clear()
    other = resumed(core, blob, checksum)
    assert digests == [] and state_digest(other.state) == checksum
    # and its own checkpoint is sealed with the same checksum, again without a digest
    assert other.checkpoint()[1][20:36] == bytes.fromhex(checksum) and digests == []


def test_a_snapshot_of_other_code_an_old_pickle_or_a_bad_hash_is_digested(digests,
                                                                         monkeypatch):
    core = played(20)
    checksum = state_digest(core.state)
    _, sealed = core.checkpoint()
    plain = pickle.dumps(core.state, protocol=pickle.HIGHEST_PROTOCOL)
    bad_hash = sealed[:36] + bytes(16) + sealed[52:]
    for blob in (plain, bad_hash):
        digests.clear()
        assert state_digest(resumed(core, blob, checksum).state) == checksum
        assert len(digests) == 1
    monkeypatch.setattr(snapshot_seal, "code_fingerprint", lambda: bytes(16))  # a deploy
    digests.clear()
    resumed(core, sealed, checksum)
    assert len(digests) == 1


def test_a_seal_naming_another_checksum_or_a_damaged_pickle_is_not_used():
    core = played(20)
    _, sealed = core.checkpoint()
    earlier = played(19)  # (another state: its checksum is not this snapshot's)
    with pytest.raises(SnapshotUnusable):
        resumed(core, sealed, state_digest(earlier.state))
    with pytest.raises(SnapshotUnusable):
        resumed(core, sealed[:-40], state_digest(core.state))


def test_a_match_folded_from_its_log_checkpoints_unsealed_then_sealed_once_it_moves(
        digests):
    """Read without its last checksum, its digest is unknown: a stop does not work
    it out (its budget goes on writing checkpoints); the snapshot is digested if
    used, as before seals."""
    log: list = []
    core = played(20, log)
    log_core = RulesCore(SYSTEM, core.seed)
    log_core.load(Material(SETUP, None, log, core.dice.position))
    assert log_core.seq == core.seq
    digests.clear()
    _, blob = log_core.checkpoint()
    assert digests == [] and not blob.startswith(snapshot_seal.MAGIC)
    assert resumed(core, blob, state_digest(core.state)).seq == core.seq
    prompt = SYSTEM.prompt(log_core.state)
    seat = prompt.seats[0]
    log_core.apply(random_command(prompt, seat, random.Random(4), WARBANDS[seat]))
    _, blob = log_core.checkpoint()
    assert blob.startswith(snapshot_seal.MAGIC)


def test_a_log_read_with_its_last_checksum_checkpoints_sealed(digests):
    """The store reads the checksum of a log's last event with it (server.store.
    resume): the folded state's checkpoint is sealed with it, undigested, and used."""
    log: list = []
    core = played(20, log)
    checksum = state_digest(core.state)
    log_core = RulesCore(SYSTEM, core.seed)
    log_core.load(Material(SETUP, None, log, core.dice.position, last_checksum=checksum))
    digests.clear()
    _, blob = log_core.checkpoint()
    assert blob.startswith(snapshot_seal.MAGIC)
    assert state_digest(resumed(core, blob, checksum).state) == checksum
    assert digests == []


def test_a_checksum_that_is_not_a_digest_leaves_the_pickle_unsealed():
    assert snapshot_seal.seal(b"pickle", "not hex") == b"pickle"
    assert snapshot_seal.unseal(b"pickle", "x") == (b"pickle", False)


async def test_a_match_resumed_from_its_log_is_checkpointed_sealed_and_loads_undigested(
        database_url, tmp_path, digests):
    """After a kill (no checkpoint), a restart folds the log it reads with its last
    checksum; its stop seals the checkpoint; the next start uses it with no digest.
    On SQLite and PostgreSQL."""
    options = ServerOptions(port=0, database_url=database_url,
                            static_dir=tmp_path / "static", snapshot_every=10_000)
    first = WarbandServer(options)
    await first.start()
    ann, bob = await registered(first, "ann"), await registered(first, "bob")
    match_id = await started(first, ann, bob)
    await play(first, {"a": ann, "b": bob}, match_id, 8, random.Random(8))
    await stopped(first, {"a": ann, "b": bob}, checkpoint=False)  # (as killed)

    second, actor = await restarted(options, match_id)
    assert actor.checkpointed == 0  # (folded from its log)
    digests.clear()
    await stopped(second, {}, checkpoint=True)
    store = await Store.open(database_url, upgrade=False)
    try:
        seq, blob = await store.latest_snapshot(match_id)
    finally:
        await store.close()
    assert blob.startswith(snapshot_seal.MAGIC) and digests == []

    third, actor = await restarted(options, match_id)
    try:
        assert actor.checkpointed == seq == actor.seq and digests == []
        assert state_digest(actor.state) == state_digest(await state_at(third, match_id))
    finally:
        await stopped(third, {}, checkpoint=False)
