"""A stopping server's checkpoints (server.matches.checkpoints) and the prompt a resumed
match builds only when first needed (server.matches.actor: `prompt_pending`): a match
resumed from a checkpoint plays on exactly as one folded from its log, also after
takebacks on either side of it, with its rules inline or in a worker; `replay verify`
then re-derives every event. On SQLite and PostgreSQL."""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import io
import random

from sqlalchemy import select

from server.app import ServerOptions, WarbandServer
from server.cli import main
from server.matches.rules_host import Material, RulesCore
from server.rules.checksum import state_digest
from server.rules.dice import new_seed
from server.rules.sbh.random_player import random_command
from server.rules.sbh.system import SYSTEM
from server.store.schema import snapshots
from server.store.store import Store
from tests.sbh.test_games import WARBANDS
from tests.server.test_takeback import line, play, registered, started, state_at

# (a match's stored setup, as the lobby makes it from a create_match)
SETUP = {"options": {"scenario": "all_out_battle", "points_limit": 400}, "board_size": 24}


def test_a_state_resumed_from_its_checkpoint_plays_on_as_the_one_folded_from_its_log():
    """Two cores of one match at seq n: one folded from the events, one unpickled from
    the other's checkpoint (the board pickled as its fields). The same commands then
    give the same events, checksums and dice positions on both, command after command."""
    seed, rng = new_seed(), random.Random(5)
    folded = RulesCore(SYSTEM, seed)
    folded.load(Material(SETUP, None, []))
    for _ in range(30):
        prompt = SYSTEM.prompt(folded.state)
        seat = prompt.seats[0]
        folded.apply(random_command(prompt, seat, rng, WARBANDS[seat]))
    seq, blob = folded.checkpoint()
    assert seq == folded.seq and len(blob) < 10_000  # (17.9 KB with the board's hexes)
    resumed = RulesCore(SYSTEM, seed)
    status = resumed.load(Material(SETUP, (seq, blob, state_digest(folded.state)), [],
                                   folded.dice.position, prompt=False))
    assert status.asked is None and resumed.prompted().asked == folded.status().asked
    for _ in range(40):
        if SYSTEM.is_over(folded.state):
            break
        prompt = SYSTEM.prompt(folded.state)
        seat = prompt.seats[0]
        command = random_command(prompt, seat, rng, WARBANDS[seat])
        one, other = folded.apply(command, ("a", None)), resumed.apply(command, ("a", None))
        assert (one.events, one.checksums, one.dice_position, one.views) == \
            (other.events, other.checksums, other.dice_position, other.views)


async def restarted(options: ServerOptions, match_id: str) -> tuple[WarbandServer, object]:
    """A server started on `options` and the match's actor, woken (as by its player)."""
    server = WarbandServer(options)
    await server.start()
    actor = await server.hub.running(match_id)
    await actor.submit("view", seat="a")  # (a view: loaded, its prompt not built)
    return server, actor


async def logged_in(server: WarbandServer, match_id: str) -> dict:
    from clients.client import Client

    clients = {}
    for seat, name in (("a", "ann"), ("b", "bob")):
        clients[seat] = await Client.connect(server.url)
        await clients[seat].request("login", username=name, password="correct horse battery")
        await clients[seat].request("subscribe", match_id=match_id)
    return clients


async def stopped(server: WarbandServer, clients: dict, *, checkpoint: bool) -> None:
    for client in clients.values():
        await client.close()
    server.hub.checkpoint_on_stop = checkpoint  # (False: as a killed server leaves it)
    await server.stop()


async def snapshot_seqs(database_url: str, match_id: str) -> list[int]:
    store = await Store.open(database_url, upgrade=False)
    try:
        async with store.engine.connect() as conn:
            return list((await conn.execute(
                select(snapshots.c.seq).where(snapshots.c.match_id == match_id)
                .order_by(snapshots.c.seq))).scalars())
    finally:
        await store.close()


async def newest_snapshot(database_url: str, match_id: str) -> int:
    store = await Store.open(database_url, upgrade=False)
    try:
        return (await store.latest_snapshot(match_id))[0]
    finally:
        await store.close()


async def test_matches_resume_from_checkpoints_and_fold_past_a_takeback(database_url,
                                                                        tmp_path):
    options = ServerOptions(port=0, database_url=database_url,
                            static_dir=tmp_path / "static", snapshot_every=10_000)
    rng = random.Random(21)
    # 1. Played with its rules in a worker; the stop checkpoints it (from the worker).
    first = WarbandServer(dataclasses.replace(options, rules_workers=1))
    await first.start()
    ann, bob = await registered(first, "ann"), await registered(first, "bob")
    match_id = await started(first, ann, bob)
    await play(first, {"a": ann, "b": bob}, match_id, 12, rng)
    checkpointed = first.hub.actors[match_id].seq
    await stopped(first, {"a": ann, "b": bob}, checkpoint=True)
    assert await newest_snapshot(database_url, match_id) == checkpointed

    # 2. Resumed from it (a view: no prompt built); a command then builds the prompt.
    second, actor = await restarted(options, match_id)
    assert (actor.checkpointed, actor.seq, actor.prompt_pending) == (checkpointed,
                                                                     checkpointed, True)
    assert state_digest(actor.state) == state_digest(await state_at(second, match_id))
    clients = await logged_in(second, match_id)
    assert not actor.prompt_pending and actor.asked.waiting  # (the subscription built it)
    await play(second, clients, match_id, 4, rng)
    # a takeback to before the checkpoint, then a killed server: the checkpoint is the
    # newest snapshot, and the events after it go back before it
    to_seq = [p for p in (await line(second, match_id)).points("a") if p < checkpointed][-1]
    await clients["a"].request("takeback_offer", match_id=match_id, to_seq=to_seq)
    taken = (await clients["b"].request("takeback_answer", match_id=match_id,
                                        accept=True))["last_seq"]
    await play(second, clients, match_id, 2, rng)
    await stopped(second, clients, checkpoint=False)
    assert await newest_snapshot(database_url, match_id) == checkpointed < taken

    # 3. It folds its whole log (the checkpoint is unusable past the takeback) ...
    third, actor = await restarted(options, match_id)
    assert actor.checkpointed == 0 and actor.seq > taken
    assert state_digest(actor.state) == state_digest(await state_at(third, match_id))
    clients = await logged_in(third, match_id)
    await play(third, clients, match_id, 3, rng)
    again = actor.seq
    await stopped(third, clients, checkpoint=True)
    assert await snapshot_seqs(database_url, match_id) == [again]  # (the older went)

    # 4. ... and resumes from the next checkpoint, plays on to the end, and verifies.
    fourth, actor = await restarted(options, match_id)
    assert actor.checkpointed == again
    clients = await logged_in(fourth, match_id)
    await play(fourth, clients, match_id, 2, rng)
    await clients["b"].request("resign", match_id=match_id)
    await clients["a"].next_push("match_over", timeout=10)
    await stopped(fourth, clients, checkpoint=True)
    out = io.StringIO()
    with contextlib.redirect_stdout(out):  # (the command runs its own event loop)
        code = await asyncio.to_thread(main, ["replay", "verify", match_id, "--database",
                                              database_url])
    assert code == 0 and "verified" in out.getvalue()


async def test_a_stop_with_the_database_gone_writes_no_checkpoint_and_still_stops(
        tmp_path, monkeypatch):
    """A checkpoint is only a shortcut: a stop whose checkpoints cannot be stored
    stops all the same, and the match then resumes from its log."""
    database_url = f"sqlite+aiosqlite:///{tmp_path / 'gone.db'}"
    options = ServerOptions(port=0, database_url=database_url,
                            static_dir=tmp_path / "static")
    first = WarbandServer(options)
    await first.start()
    ann, bob = await registered(first, "ann"), await registered(first, "bob")
    match_id = await started(first, ann, bob)
    await play(first, {"a": ann, "b": bob}, match_id, 3, random.Random(3))
    seq = first.hub.actors[match_id].seq

    async def gone(rows):
        raise ConnectionError("the database went away")

    monkeypatch.setattr(first.store, "save_snapshots", gone)
    await stopped(first, {"a": ann, "b": bob}, checkpoint=True)
    assert first.hub.checkpoints_written == 0
    second, actor = await restarted(options, match_id)
    try:
        assert (actor.checkpointed, actor.seq) == (0, seq)
    finally:
        second.hub.checkpoint_on_stop = False
        await second.stop()
