"""The leak scanner (issue 29, "Redaction under races"): whole SBH matches played by
random-legal players over real sockets while other connections watch, sign out,
switch accounts and sign back in at random moments; every frame every connection
receives is recorded with the identity it held at that moment, and afterwards
checked against the match's unredacted record for anything that identity was not
entitled to see:

- an event shown only to some seats (`visible_to`: a submitted list, an Ambush
  marker's figure) reaching anyone else in more than its public part (`redacted`);
- a seat's decision (its prompt) reaching anyone but that seat's holder;
- a view (pushed, in a snapshot, or asked with `get_view`) other than the
  spectators' or that of a seat the identity holds;
- a seat's list salt anywhere in what another party received before the lists were
  revealed;
- a delayed spectator receiving an event before the match was that far past it.

`tests/hostile/test_leak_scanner.py` runs a few matches in CI;
`bench/leak_scan.py` runs many."""

from __future__ import annotations

import asyncio
import random
import secrets
from dataclasses import dataclass, field
from typing import Any

import msgspec
from argon2 import PasswordHasher

from server.rules.kernel import SPECTATOR, Decision, Event, Prompt, Viewer
from server.rules.registry import get_system
from server.rules.sbh.random_player import random_command
from tests.hostile.recorder import Received, Recorder
from tests.sbh.test_games import WARBANDS

PASSWORD = "a long enough password"
QUICK_HASHER = PasswordHasher(time_cost=1, memory_cost=8, parallelism=1)
TOKENS = 12  # the switcher's sign-ins as Ann (half as many as Bob) in a match


@dataclass
class Played:
    match_id: str
    holders: dict[str, str]  # seat -> account id
    salts: dict[str, str]  # seat -> its list's salt
    spectator_delay: int
    parties: dict[str, Recorder]  # name -> connection
    tokens: dict[str, list[str]]  # ann, bob -> unused tokens of theirs, for the switcher
    switches: int = 0  # sign-outs and account switches made during the match


@dataclass
class Leak:
    party: str
    identity: str | None
    what: str
    frame: dict[str, Any] = field(repr=False)


def _normal(value: Any) -> Any:
    """As it comes off the wire (tuples as lists, Raw decoded)."""
    return msgspec.msgpack.decode(msgspec.msgpack.encode(value))


async def _seat_player(player: Recorder, seat: str, match_id: str, rng: random.Random,
                       salts: dict[str, str]) -> None:
    while True:
        push = await player.next_push("prompt", "match_over", timeout=120)
        while not player.pushes.empty():  # (act on the newest prompt only)
            later = player.pushes.get_nowait()
            if later.get("type") in ("prompt", "match_over"):
                push = later
        if push["type"] == "match_over":
            return
        if push["decision"] is None:
            continue
        prompt = Prompt((Decision.from_wire(push["decision"]),))
        command = random_command(prompt, seat, rng, WARBANDS[seat])
        args = dict(command.args)
        if command.type == "submit_list":
            args["salt"] = salts[seat]
        answer = await player.request("command", match_id=match_id, command=command.type,
                                      args=args, at_seq=push["seq"])
        if answer["type"] == "error":
            assert answer["code"] == "stale_prompt", answer


async def _switcher(x: Recorder, match_id: str, rng: random.Random, done: asyncio.Event,
                    played: Played) -> None:
    """Signed in as Ann, watches, and at random moments signs out, switches to a new
    guest, comes back as Ann or Bob, asks for the view: each change racing the match.
    (Each sign-in as Ann or Bob uses a token of its own, made by a login beforehand,
    so its logout revokes only that one.)"""
    who = "ann"
    while not done.is_set():
        await asyncio.sleep(rng.random() * 0.01)
        move = rng.random()
        if move < 0.25:
            await x.request("logout")
            who = None
        elif move < 0.5:
            who = rng.choice(["ann", "bob", "guest"])
            if who == "guest":
                await x.request("guest", name="Cid")
            elif played.tokens[who]:
                await x.request("authenticate", token=played.tokens[who].pop())
            else:
                who = None  # (out of tokens: stays signed out)
                await x.request("logout")
        elif move < 0.75 and who is not None:
            await x.request("subscribe", match_id=match_id, views=True,
                            after_seq=rng.choice([0, 0, 10**6]))
            continue
        elif who is not None:
            await x.request("get_view", match_id=match_id)
            continue
        played.switches += 1
        if who is not None and rng.random() < 0.7:
            await x.request("subscribe", match_id=match_id, views=True)


async def play_watched_match(server, setup: dict[str, Any], seed: int, *,
                             spectator_delay: int = 0) -> Played:
    """One match played to its end while watched, switched and raced."""
    rng = random.Random(seed)
    def live(match_id: str) -> int | None:
        """The match's newest seq while it is being played (once it is over, every
        event is everyone's)."""
        actor = server.hub.actor(match_id)
        return None if actor is None or actor.over else actor.seq

    server.services.accounts.hasher = QUICK_HASHER  # (a dozen logins a match: cheap ones)
    parties = {name: await Recorder.connect(server.url)
               for name in ("ann", "bob", "eve", "switcher")}
    for party in parties.values():
        party.live = live
    usernames = {name: f"{name}-{secrets.token_hex(4)}" for name in ("ann", "bob", "eve")}
    for name in ("ann", "bob", "eve"):
        await parties[name].request("register", username=usernames[name], password=PASSWORD)
    tokens: dict[str, list[str]] = {"ann": [], "bob": []}
    for name, count in (("ann", TOKENS), ("bob", TOKENS // 2)):
        for _ in range(count):
            tokens[name].append((await parties["switcher"].request(
                "login", username=usernames[name], password=PASSWORD))["result"]["token"])
    ann, bob = parties["ann"], parties["bob"]
    created = (await ann.request("create_match", system="sbh", spectator_delay=spectator_delay,
                                 **setup))["result"]
    match_id = created["match_id"]
    salts = {seat: f"salt-{seat}-{secrets.token_hex(8)}" for seat in ("a", "b")}
    played = Played(match_id, {}, salts, spectator_delay, parties, tokens)
    await parties["switcher"].request("authenticate", token=tokens["ann"].pop())
    for name in ("ann", "eve", "switcher"):  # waiting for the start
        await parties[name].request("subscribe", match_id=match_id, views=True)

    async def switch_as_it_starts() -> None:  # (the start-of-match race)
        await asyncio.sleep(rng.random() * 0.02)
        await parties["switcher"].request("guest", name="Cid")
        played.switches += 1

    await asyncio.gather(bob.request("join", match_id=match_id), switch_as_it_starts())
    await bob.request("subscribe", match_id=match_id, views=True)
    played.holders = await server.store.seats(match_id)
    done = asyncio.Event()
    switching = asyncio.create_task(_switcher(parties["switcher"], match_id,
                                              random.Random(seed + 1), done, played))
    try:
        await asyncio.gather(_seat_player(ann, "a", match_id, random.Random(seed + 2), salts),
                             _seat_player(bob, "b", match_id, random.Random(seed + 3), salts))
    finally:
        done.set()
        await switching
    for party in parties.values():
        await party.settle()
    return played


def scan(played: Played, replay: dict[str, Any]) -> list[Leak]:
    """Every frame any party received about the match, against what its identity at
    that moment was entitled to (see the module's docstring)."""
    system = get_system(replay["system"])
    events = {e["seq"]: e["event"] for e in replay["events"]}
    reveal = next((seq for seq, e in sorted(events.items()) if e["type"] == "lists_revealed"),
                  max(events) + 1)
    seats_of: dict[str | None, set[str]] = {}
    for seat, account in played.holders.items():
        seats_of.setdefault(account, set()).add(seat)
    leaks: list[Leak] = []
    views_wanted: list[tuple[str, Received, int, Any]] = []  # (party, received, seq, view)

    for name, party in played.parties.items():
        for received in party.frames:
            frame, held = received.frame, seats_of.get(received.identity, set())
            result = frame.get("result") if frame.get("type") == "reply" else None
            if frame.get("match_id") != played.match_id and not (
                    isinstance(result, dict) and result.get("match_id") == played.match_id):
                continue
            kind = frame.get("type")

            def leak(what: str, frame=frame, received=received, name=name) -> None:
                leaks.append(Leak(name, received.identity, what, frame))

            seq = frame.get("seq", (result or {}).get("seq"))
            if kind == "event":
                full = events[frame["seq"]]
                shown = frame["event"]
                if full.get("visible_to") and not held & set(full["visible_to"]):
                    if shown is not None and shown.get("data") != full.get("redacted"):
                        leak(f"event {frame['seq']} ({full['type']}) beyond its public part")
                if not held and played.spectator_delay and received.live_seq is not None \
                        and frame["seq"] > received.live_seq - played.spectator_delay:
                    leak(f"event {frame['seq']} before the spectator delay allowed "
                         f"(live seq {received.live_seq})")
            elif kind == "prompt" and frame.get("decision") is not None:
                if frame["decision"]["seat"] not in held:
                    leak(f"seat {frame['decision']['seat']}'s decision")
            elif kind in ("view", "snapshot"):
                views_wanted.append((name, received, frame["seq"], frame["view"]))
            elif result is not None and "view" in result:
                views_wanted.append((name, received, result["seq"], result["view"]))
            if seq is not None and seq < reveal:
                text = repr(frame)
                for seat, salt in played.salts.items():
                    if seat not in held and salt in text:
                        leak(f"seat {seat}'s salt before the reveal")

    wanted_at = {seq for _, _, seq, _ in views_wanted}
    expected: dict[int, dict[str | None, Any]] = {}
    state = system.initial(replay["setup"])
    for seq in range(0, max(events) + 1):
        if seq:
            state = system.evolve(state, Event.from_wire(events[seq]))
        if seq in wanted_at:
            expected[seq] = {seat: _normal(system.view(state, Viewer(seat) if seat else
                                                       SPECTATOR))
                             for seat in (None, *system.seats)}
    for name, received, seq, view in views_wanted:
        entitled = [None, *seats_of.get(received.identity, set())]
        if not any(_normal(view) == expected[seq][seat] for seat in entitled):
            leaks.append(Leak(name, received.identity, f"a view at seq {seq} not its own",
                              received.frame))
    return leaks
