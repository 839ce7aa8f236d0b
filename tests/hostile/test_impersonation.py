"""The impersonation matrix (issue 29): every request that acts on a match or an
account, sent by every identity that is not the victim, at every stage of a match.

The victim is Ann: she created each match and holds seat "a". The identities
trying to act for her are the match's other seat (Bob), a spectator, another
account, an anonymous connection, a connection after `logout`, connections
that tried to sign in with one of Ann's tokens that is revoked, expired or
forged (one character changed), or with a random token, and a connection that
was signed in with a token of Ann's when she logged it out elsewhere (a thief's
connection with a stolen token, watching her matches as her seat). The stages are
separate matches on one server: open (Ann's seat only), set-up (both seated,
Ann's secret list committed, Bob's not), play, finished (Bob resigned in
set-up), aborted (a private match Ann withdrew) and delayed (in play, with a
spectator delay: those holding no seat see it some events behind).

Each cell expects the code docs/protocol.md gives, and that nothing changed:
the log, the lobby, the tokens and the victims' own subscriptions. A request
that is answered (a read) must hold nothing the identity may not see: Ann's
secret list and the salt of her commitment before the reveal, her seat's prompts.
"""

from __future__ import annotations

import random
import secrets
import time
import uuid
from dataclasses import dataclass, field
from typing import Any

import msgspec
import pytest
import pytest_asyncio
from sqlalchemy import select
from sqlalchemy.engine import make_url

from clients.client import Client, ServerError
from server.accounts import token_hash
from server.app import ServerOptions, WarbandServer
from server.rules.kernel import SPECTATOR, Event
from server.rules.runner import rebuild
from server.rules.sbh.random_player import random_command
from server.rules.sbh.system import SYSTEM
from server.store.schema import tokens
from server.store.store import unpack
from tests.conftest import POSTGRES_URL, _postgres_reachable, postgres_required
from tests.sbh.test_games import WARBANDS
from tests.server.conftest import _admin
from tests.server.test_errors import fingerprint as log_and_lobby

pytestmark = pytest.mark.asyncio(loop_scope="module")

SETUP = {"system": "sbh", "board_size": 24, "scenario": "all_out_battle",
         "points_limit": 400}
SALT = "ann-salt-never-shown-3f1c"  # Ann's commitment salt: no one else sees it before the
# lists are revealed (then it is public, so that the commitment can be checked)
ANN_LIST_MARK = b"Elf Wizard"  # a profile only Ann's (Elves) list holds: secret till the reveal

STAGES = ("open", "setup", "play", "finished", "aborted", "delayed")
DELAY = 4  # the delayed match's spectator delay, in events
SIGNED_IN = ("other_seat", "spectator", "another_account")
# Connections that are not signed in, each its own way.
SIGNED_OUT = ("anonymous", "logged_out", "revoked_token", "revoked_live", "expired_token",
              "forged_char", "forged_random")
IDENTITIES = SIGNED_IN + SIGNED_OUT
REQUESTS = ("command", "odds", "resign", "leave", "abort", "join", "join_invite", "subscribe",
            "unsubscribe", "get_view", "get_view_at", "get_replay", "list_replays",
            "logout", "authenticate")
# (a replay step: get_view with at_seq; a join by invite code)
WIRE_TYPE = {"get_view_at": "get_view", "join_invite": "join"}
STATUS = {"open": "open", "setup": "active", "play": "active", "finished": "finished",
          "aborted": "aborted", "delayed": "active"}


def expected(stage: str, identity: str, kind: str) -> str | None:
    """The error code docs/protocol.md gives for this cell, or None: answered, but only
    with what the identity may see."""
    status = STATUS[stage]
    if kind == "authenticate":
        return "token_invalid"
    if identity in SIGNED_OUT:
        return "not_authenticated"
    ended = "match_finished"
    if kind in ("command", "odds"):
        return {"open": "match_not_started", "active": "not_your_seat"}.get(status, ended)
    if kind == "resign":
        return {"open": "match_not_started", "active": "not_in_match"}.get(status, ended)
    if kind == "leave":
        return {"open": "not_in_match", "active": "match_started"}.get(status, ended)
    if kind == "abort":
        return {"open": "not_creator", "active": "match_started"}.get(status, ended)
    if kind in ("join", "join_invite"):  # Ann's seat; the aborted match is private
        return {"open": "seat_taken", "active": "match_started"}.get(status, ended)
    if kind == "unsubscribe":
        return "not_subscribed"
    if kind == "get_view":
        return "match_not_started" if status == "open" else None
    if kind == "get_view_at":
        return {"open": "match_not_started", "active": "match_not_finished"}.get(status)
    if kind == "get_replay":
        return None if status == "finished" else "match_not_finished"
    return None  # subscribe, list_replays


def applies(stage: str, identity: str, kind: str) -> bool:
    """Cells that are not impersonation are left out: a seat holder resigning or a
    signed-in connection logging out acts for itself, and an open match has no other
    seat. The spectator's and Bob's own subscriptions are theirs to end."""
    if kind == "join_invite" and stage != "aborted":
        return False  # (only the private match has an invite code)
    if identity == "other_seat" and stage == "open":
        return False
    if identity == "other_seat" and kind == "resign" and STATUS[stage] == "active":
        return False
    if identity in SIGNED_IN and kind == "logout":
        return False
    return not (identity in ("spectator", "other_seat") and kind == "unsubscribe")


CELLS = [(stage, identity, kind) for stage in STAGES for identity in IDENTITIES
         for kind in REQUESTS if applies(stage, identity, kind)]


@dataclass
class World:
    server: WarbandServer
    matches: dict[str, dict[str, Any]]  # stage -> {"match_id", "invite_code"}
    who: dict[str, Client]  # identity -> its connection
    ann: Client
    ann_id: str
    bob_id: str
    bad_tokens: dict[str, str]  # identity -> the token it tried
    ann_revoked: str  # a token of Ann's that was logged out
    ann_forged: str  # Ann's live token with one character changed
    accounts: dict[str, str]  # signed-in identity -> its account id
    clients: list[Client] = field(default_factory=list)


async def connect(world_clients: list[Client], url: str) -> Client:
    client = await Client.connect(url)
    world_clients.append(client)
    return client


async def drive_to_play(server: WarbandServer, seats: dict[str, Client], match_id: str):
    """Random legal set-up commands from the rules' own prompt, each sent by the seat's
    own connection, until the battle starts."""
    rng = random.Random(29)
    actor = server.hub.actor(match_id)
    for _ in range(500):
        if actor.state.phase == "play":
            return
        prompt = SYSTEM.prompt(actor.state)
        seat = rng.choice(prompt.seats)
        command = random_command(prompt, seat, rng, WARBANDS[seat])
        args = dict(command.args)
        if command.type == "submit_list" and seat == "a":
            args["salt"] = SALT
        await seats[seat].request("command", match_id=match_id, command=command.type,
                                  args=args)
    raise AssertionError("the set-up did not reach the play phase")


async def build_world(database_url: str, stages=STAGES) -> World:
    server = WarbandServer(ServerOptions(port=0, database_url=database_url,
                                         rate=10_000, burst=10_000))
    await server.start()
    clients: list[Client] = []
    url = server.url
    ann = await connect(clients, url)
    ann_id = (await ann.request("register", username="ann", password="ann's password"))[
        "account_id"]
    ann_token = (await ann.request("login", username="ann",
                                   password="ann's password"))["token"]
    bob = await connect(clients, url)
    bob_id = (await bob.request("register", username="bob", password="bob's password"))[
        "account_id"]

    matches: dict[str, dict[str, Any]] = {}
    for stage in stages:
        created = await ann.request("create_match", private=stage == "aborted",
                                    spectator_delay=DELAY if stage == "delayed" else 0,
                                    **SETUP)
        match_id = created["match_id"]
        matches[stage] = {"match_id": match_id, "invite_code": created["invite_code"]}
        if stage == "aborted":
            await ann.request("abort", match_id=match_id)
            continue
        await ann.request("subscribe", match_id=match_id)  # (a wait, while open)
        if stage == "open":
            continue
        await bob.request("join", match_id=match_id)
        await bob.request("subscribe", match_id=match_id)
        if stage in ("play", "delayed"):
            await drive_to_play(server, {"a": ann, "b": bob}, match_id)
            continue
        await ann.request("command", match_id=match_id, command="submit_list",
                          args={"list": WARBANDS["a"], "salt": SALT})
        if stage == "finished":
            await bob.request("resign", match_id=match_id)

    who: dict[str, Client] = {"other_seat": bob}
    spectator = who["spectator"] = await connect(clients, url)
    spectator_id = (await spectator.request("guest", name="Eve"))["account_id"]
    for match in matches.values():
        await spectator.request("subscribe", match_id=match["match_id"])
    another = who["another_account"] = await connect(clients, url)
    another_id = (await another.request("register", username="mallory",
                                        password="mallory's password"))["account_id"]
    who["anonymous"] = await connect(clients, url)
    logged_out = who["logged_out"] = await connect(clients, url)
    await logged_out.request("guest", name="Oscar")
    for match in matches.values():  # (logging out ends these)
        await logged_out.request("subscribe", match_id=match["match_id"], views=True)
    await logged_out.request("logout")

    # Ann's tokens gone bad: one logged out, one expired (written as the store writes
    # tokens), her live one with a character changed; and one nobody was ever given.
    elsewhere = await connect(clients, url)
    revoked = (await elsewhere.request("login", username="ann",
                                       password="ann's password"))["token"]
    thief = who["revoked_live"] = await connect(clients, url)
    await thief.request("authenticate", token=revoked)
    for match in matches.values():
        await thief.request("subscribe", match_id=match["match_id"], views=True)
    await elsewhere.request("logout")  # (Ann's logout must end the thief's session too)
    await drain(thief)  # (what it was sent as Ann, before; the cells check what comes after)
    expired = secrets.token_urlsafe(32)
    now = time.time()
    await server.store.add_token({"token_hash": token_hash(expired), "account_id": ann_id,
                                  "created_at": now - 31 * 86400,
                                  "expires_at": now - 86400, "revoked_at": None})
    forged = ann_token[:-1] + ("A" if ann_token[-1] != "A" else "B")
    bad_tokens = {"revoked_token": revoked, "revoked_live": revoked, "expired_token": expired,
                  "forged_char": forged, "forged_random": secrets.token_urlsafe(32)}
    for identity, token in bad_tokens.items():
        if identity == "revoked_live":
            continue
        client = who[identity] = await connect(clients, url)
        with pytest.raises(ServerError) as refused:
            await client.request("authenticate", token=token)
        assert refused.value.code == "token_invalid"
    accounts = {"other_seat": bob_id, "spectator": spectator_id, "another_account": another_id}
    world = World(server, matches, who, ann, ann_id, bob_id, bad_tokens, revoked, forged,
                  accounts, clients)
    assert watched_by(world, None) == [], "a signed-out connection still watches"
    return world


async def close_world(world: World) -> None:
    for client in world.clients:
        await client.close()
    await world.server.stop()


@pytest_asyncio.fixture(scope="module", loop_scope="module")
async def world(tmp_path_factory):
    path = tmp_path_factory.mktemp("impersonation") / "matrix.db"
    built = await build_world(f"sqlite+aiosqlite:///{path}")
    yield built
    await close_world(built)


# -- what must not change ----------------------------------------------------------------
async def everything(world: World) -> tuple:
    """The log and the lobby, every token's state, and who watches which match as which
    seat (the victims' subscriptions may not be ended or taken over)."""
    server = world.server
    async with server.store.engine.connect() as conn:
        token_rows = (await conn.execute(select(tokens.c.token_hash, tokens.c.revoked_at,
                                                tokens.c.expires_at)
                                         .order_by(tokens.c.token_hash))).all()
    victims = (world.ann_id, world.bob_id)
    watchers: list[tuple] = []
    for stage, match in world.matches.items():
        actor = server.hub.actor(match["match_id"])
        if actor is not None:
            watchers += [(stage, s.seat, s.connection.account.id) for s in actor.subscribers
                         if s.connection.account and s.connection.account.id in victims]
        watchers += [(stage, "waiting", w[0].account.id)
                     for w in server.hub.waiting.get(match["match_id"], ())
                     if w[0].account and w[0].account.id in victims]
    return await log_and_lobby(server), tuple(map(tuple, token_rows)), \
        sorted(watchers, key=repr), watched_by(world, None)


def watched_by(world: World, account_id: str | None) -> list[tuple[str, str | None]]:
    """(stage, seat or "waiting") of every stream of the account's connections; None:
    of connections signed in as nobody, which must have none."""
    out = []
    for stage, match in world.matches.items():
        actor = world.server.hub.actor(match["match_id"])
        for sub in actor.subscribers if actor is not None else ():
            if (sub.connection.account and sub.connection.account.id) == account_id:
                out.append((stage, sub.seat))
        for waiter in world.server.hub.waiting.get(match["match_id"], ()):
            if (waiter[0].account and waiter[0].account.id) == account_id:
                out.append((stage, "waiting"))
    return sorted(out, key=repr)


def fields_for(world: World, stage: str, identity: str, kind: str) -> dict[str, Any]:
    match = world.matches[stage]
    match_id = match["match_id"]
    if kind in ("command", "odds"):  # acting for Ann's seat
        command = "concede" if kind == "command" else "attack"
        return {"match_id": match_id, "command": command, "args": {}, "seat": "a"}
    if kind == "join":
        return {"match_id": match_id, "seat": "a"}
    if kind == "join_invite":
        return {"invite_code": match["invite_code"], "seat": "a"}
    if kind == "get_view_at":  # (in the finished match: just after Ann's list went in)
        return {"match_id": match_id, "at_seq": 1}
    if kind == "list_replays":
        return {"player": "ann"}
    if kind == "subscribe":  # views too: each must be the identity's own
        return {"match_id": match_id, "views": True}
    if kind == "logout":
        return {}
    if kind == "authenticate":
        token = world.bad_tokens.get(identity)
        if token is None:  # a signed-in connection trying to become Ann
            token = world.ann_revoked if identity in SIGNED_IN else world.ann_forged
        return {"token": token}
    return {"match_id": match_id}


async def spectator_view_at(world: World, match_id: str, seq: int) -> dict:
    """The spectator view after event `seq`, folded from the stored log, as sent."""
    rows = await world.server.store.events_after(match_id, 0, seq)
    state = rebuild(SYSTEM, unpack((await world.server.store.match(match_id))["setup"]),
                    [Event.from_wire(unpack(row.payload)) for row in rows])
    return msgspec.msgpack.decode(msgspec.msgpack.encode(SYSTEM.view(state, SPECTATOR)))


async def drain(client: Client) -> list[dict]:
    """Every push sent before now: the server answers requests in order, so a ping's
    reply comes after whatever an earlier request pushed."""
    await client.request("ping")
    pushes = []
    while not client.pushes.empty():
        pushes.append(client.pushes.get_nowait())
    return pushes


def assert_nothing_secret(stage: str, identity: str, frames: list) -> None:
    shown = msgspec.msgpack.encode(frames)
    if stage in ("setup", "finished"):  # (the reveal shows the salts: docs, Fairness)
        assert SALT.encode() not in shown, "Ann's salt was shown before the reveal"
    assert b"my_list" not in shown, "a seat's own list was shown"
    if stage in ("setup", "finished"):  # (revealed in play; never in the finished match)
        assert ANN_LIST_MARK not in shown, "Ann's secret list was shown"
    for frame in frames:
        if isinstance(frame, dict) and frame.get("type") == "prompt":
            decision = frame.get("decision")
            mine = "b" if identity == "other_seat" else None
            assert decision is None or decision["seat"] == mine, "another seat's prompt"


async def check_answer(world: World, stage: str, identity: str, kind: str,
                       result: dict, pushes: list[dict]) -> None:
    """A request that is answered answers only what the identity may see."""
    match_id = world.matches[stage]["match_id"]
    own_seat = "b" if identity == "other_seat" and stage != "aborted" else None
    if kind == "subscribe":
        assert result["match_id"] == match_id
        assert result["status"] == STATUS[stage]
        assert result["seat"] == (own_seat if STATUS[stage] != "open" else None)
        for push in pushes:
            if push["type"] == "event" and push["event"] is not None:
                data = push["event"]["data"]  # Ann's list_submitted: its public part at most
                assert data.get("seat") != "a" or not {"list", "salt"} & set(data)
        prompted = any(p["type"] == "prompt" for p in pushes)
        if stage == "delayed" and own_seat is None:  # kept behind, not told who acts now
            current = world.server.hub.actor(match_id).seq
            assert result["to_seq"] == current - DELAY and not prompted
            assert not any(p["type"] in ("view", "snapshot") for p in pushes)
            assert max(p["seq"] for p in pushes if p["type"] == "event") == current - DELAY
        elif STATUS[stage] == "active":
            assert prompted
        if identity == "another_account" and STATUS[stage] in ("open", "active"):
            # (the cell leaves nothing behind; the spectator and Bob watched before it)
            client = world.who[identity]
            await client.request("unsubscribe", match_id=match_id)
    elif kind in ("get_view", "get_view_at"):
        assert result["match_id"] == match_id
        view = result["view"]
        if STATUS[stage] == "finished" and kind == "get_view_at":
            assert result["seq"] == 1 and result["view"]["commitments"].keys() == {"a"}
        assert view.get("my_list") is None
        if stage == "delayed" and identity != "other_seat":  # the view DELAY events ago
            current = world.server.hub.actor(match_id).seq
            assert result["seq"] == current - DELAY
            assert view == await spectator_view_at(world, match_id, current - DELAY)
        elif STATUS[stage] == "active":  # Ann's view less her secret list (no Ambush here)
            ann_view = (await world.ann.request("get_view", match_id=match_id))["view"]
            assert ("my_list" in ann_view) == (stage == "setup")
            assert view == {k: v for k, v in ann_view.items() if k != "my_list"}
    elif kind == "get_replay":
        assert result["match_id"] == match_id  # a finished match's replay is public
    elif kind == "list_replays":
        listed = {r["match_id"] for r in result["replays"]}
        assert (match_id in listed) == (STATUS[stage] == "finished")
    else:
        raise AssertionError(f"{kind} should have been refused")
    if kind != "get_replay":  # (the replay reveals every command, salts included)
        assert_nothing_secret(stage, identity, [result, *pushes])


async def run_cell(world: World, stage: str, identity: str, kind: str) -> None:
    client = world.who[identity]
    code = expected(stage, identity, kind)
    leftover = await drain(client)  # (pushes from earlier cells are not this one's)
    unrevealed = {world.matches[s]["match_id"] for s in ("setup", "finished")
                  if s in world.matches}
    assert SALT.encode() not in msgspec.msgpack.encode(
        [p for p in leftover if p.get("match_id") in unrevealed])
    before = await everything(world)
    own_account = world.accounts.get(identity)
    own_streams = watched_by(world, own_account) if own_account else None
    try:
        result = await client.request(WIRE_TYPE.get(kind, kind),
                                      **fields_for(world, stage, identity, kind))
    except ServerError as refused:
        assert refused.code == code, f"{refused.code}: {refused.message}"
        assert_nothing_secret(stage, identity, [refused.message, refused.details])
        pushes = await drain(client)
        assert_nothing_secret(stage, identity, pushes)
    else:
        assert code is None, f"answered {result!r} where {code} was expected"
        pushes = await drain(client)
        await check_answer(world, stage, identity, kind, result, pushes)
    assert await everything(world) == before, "a refused or read-only request changed things"
    if kind == "authenticate":  # refused: the connection is who it was, watching what it was
        if identity in SIGNED_IN:
            await client.request("list_open")
            assert watched_by(world, own_account) == own_streams
        else:
            with pytest.raises(ServerError) as still_out:
                await client.request("list_open")
            assert still_out.value.code == "not_authenticated"


@pytest.mark.parametrize(("stage", "identity", "kind"), CELLS,
                         ids=["-".join(cell) for cell in CELLS])
async def test_impersonation_is_refused_and_changes_nothing(world, stage, identity, kind):
    await run_cell(world, stage, identity, kind)


async def test_the_victims_still_play_after_the_matrix(world):
    """After every cell (this test comes after them in the file), the set-up match still
    takes its own seats' commands and Ann, subscribed before the matrix, is still pushed
    what follows: Bob's list in, both lists revealed."""
    setup_match = world.matches["setup"]["match_id"]
    await world.who["other_seat"].request("command", match_id=setup_match,
                                          command="submit_list",
                                          args={"list": WARBANDS["b"], "salt": "bob"})
    while True:
        push = await world.ann.next_push("event", timeout=10)
        if push["match_id"] == setup_match and push["event"]["type"] == "lists_revealed":
            break
    view = await world.ann.request("get_view", match_id=setup_match)
    assert view["view"]["phase"] != "lists"


# -- the same slice on PostgreSQL --------------------------------------------------------
async def test_set_up_and_aborted_slice_on_postgresql():
    """The set-up stage (a secret list committed) and the aborted private match, every
    identity and request, on PostgreSQL."""
    reason = await _postgres_reachable(POSTGRES_URL)
    if reason is not None:
        if postgres_required():
            pytest.fail(f"PostgreSQL is required: {reason}")
        pytest.skip(f"PostgreSQL not reachable ({reason})")
    name = "warband_" + uuid.uuid4().hex[:12]
    await _admin(POSTGRES_URL, f'CREATE DATABASE "{name}"')
    try:
        url = make_url(POSTGRES_URL).set(database=name).render_as_string(hide_password=False)
        slice_world = await build_world(url, stages=("setup", "aborted"))
        try:
            for stage, identity, kind in CELLS:
                if stage in slice_world.matches:
                    await run_cell(slice_world, stage, identity, kind)
        finally:
            await close_world(slice_world)
    finally:
        await _admin(POSTGRES_URL, f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
