"""A replay checker written from docs/protocol.md, section Fairness, alone.

It uses hashlib, the PyPI `msgpack` package and the standard library, and
nothing of warband's (test_independent_verifier.py reads this file to make
sure), so that it shows the section is enough to check a match: another
implementation of the same text must agree with the server's.

    problems = check_replay(document)   # [] when every check passes

`document` is a replay as `warband replay export` writes it (JSON, loaded).
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Iterator

import msgpack

D6 = 6
HEX32 = re.compile(r"[0-9a-f]{32}\Z")


def sha256_hex(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


# -- Fairness, The dice stream -----------------------------------------------

def stream(seed: bytes, position: int = 0) -> Iterator[int]:
    """The stream's bytes from `position`: block_i = H(seed || i, 8 bytes big-endian)."""
    index, offset = divmod(position, 32)
    while True:
        block = hashlib.sha256(seed + index.to_bytes(8, "big")).digest()
        yield from block[offset:]
        index, offset = index + 1, 0


class Dice:
    """Dice drawn from the stream, counting the position (skipped bytes included)."""

    def __init__(self, seed: bytes, position: int = 0) -> None:
        self.bytes = stream(seed, position)
        self.position = position

    def die(self, sides: int = D6) -> int:
        limit = 256 - 256 % sides
        while True:
            b = next(self.bytes)
            self.position += 1
            if b < limit:
                return 1 + b % sides


def last_d6(seed: bytes, end: int, count: int) -> list[int]:
    """The last `count` six-sided dice drawn before position `end`, in order:
    read backwards, bytes of 252 and over are skipped ones (Checking a replay, 5)."""
    found: list[int] = []
    position = end
    while len(found) < count:
        position -= 1
        if position < 0:
            raise ValueError("the stream has fewer dice before that position")
        block = hashlib.sha256(seed + (position // 32).to_bytes(8, "big")).digest()
        b = block[position % 32]
        if b < 252:
            found.append(1 + b % 6)
    return found[::-1]


# -- Fairness, The list commitment (canonical MessagePack) -----------------------

def pack(value) -> bytes:
    """MessagePack in the shortest formats, text as str (msgpack's own defaults)."""
    return msgpack.packb(value, use_bin_type=True)


def canonical(value):
    """`value` with every map's keys in the order of their packed bytes."""
    if isinstance(value, dict):
        items = [(canonical(k), canonical(v)) for k, v in value.items()]
        return dict(sorted(items, key=lambda kv: pack(kv[0])))
    if isinstance(value, (list, tuple)):
        return [canonical(v) for v in value]
    if isinstance(value, float):
        raise ValueError("floats never occur in canonical data")
    return value


def list_commitment(warband: dict, salt: str, version: int) -> str:
    """Version 2: canonical; version 1: the maps in the order the document has them."""
    plain = canonical(warband) if version >= 2 else warband
    return sha256_hex(pack([plain, salt]))


# -- Fairness, State checksums ----------------------------------------------------

def plain_digest(value) -> str:
    """The checksum of plain data: BLAKE2b-128 of its canonical MessagePack. (The
    checksums of a replay digest the engine's state, which this cannot rebuild.)"""
    return hashlib.blake2b(pack(canonical(value)), digest_size=16).hexdigest()


# -- Fairness, Checking a replay ----------------------------------------------------

def check_replay(document: dict) -> list[str]:
    """Every problem found, in the order of the section's checks (1-6)."""
    problems: list[str] = []
    seed = bytes.fromhex(document["seed"])
    problems += check_seed(document, seed)
    problems += check_log(document)
    if problems:  # (the other checks read the log through the commands)
        return problems
    problems += check_lists(document)
    problems += check_setup_dice(document, seed)
    problems += check_initiative(document, seed)
    problems += check_takebacks(document)
    return problems


def check_seed(document: dict, seed: bytes) -> list[str]:
    """Checking a replay, 1 (The seed commitment)."""
    if sha256_hex(seed) != document["seed_commitment"]:
        return ["the seed does not match its commitment"]
    return []


def check_log(document: dict) -> list[str]:
    """Checking a replay, 2: seqs, checksums' form, commands covering the events,
    dice positions never going back."""
    events, commands = document["events"], document["commands"]
    if [e["seq"] for e in events] != list(range(1, len(events) + 1)):
        return ["the event seqs have gaps or duplicates"]
    problems = [f"event seq {e['seq']}: a checksum is 32 hex digits"
                for e in events if not HEX32.match(str(e["checksum"]))]
    if not recorded_positions(document):
        return problems  # (exported before replays carried them: checks 2, 4 and 5 shrink)
    next_seq, position = 1, 0
    for number, command in enumerate(commands, start=1):
        if command["first_seq"] != next_seq or command["last_seq"] < next_seq - 1:
            problems.append(f"command #{number}: its events do not follow on")
        if command["dice_position"] < position:
            problems.append(f"command #{number}: the dice position goes back")
        next_seq, position = command["last_seq"] + 1, command["dice_position"]
    if next_seq != len(events) + 1:
        problems.append("the commands do not cover every event")
    return problems


def recorded_positions(document: dict) -> bool:
    """Whether the commands carry first_seq, last_seq and dice_position."""
    return all("dice_position" in c for c in document["commands"])


def _events_of(document: dict, command: dict) -> list[dict]:
    return [e["event"] for e in document["events"][command["first_seq"] - 1:command["last_seq"]]]


def _command_with(document: dict, event_type: str) -> tuple[int, dict] | None:
    for index, command in enumerate(document["commands"]):
        if any(e["type"] == event_type for e in _events_of(document, command)):
            return index, command
    return None


def check_lists(document: dict) -> list[str]:
    """Checking a replay, 3 (The list commitment)."""
    problems, submitted = [], {}
    for record in document["events"]:
        event = record["event"]
        if event["type"] == "list_submitted":
            data, seat = event["data"], event["data"]["seat"]
            if list_commitment(data["list"], data["salt"], event["v"]) != data["commitment"]:
                problems.append(f"seat {seat}'s list does not match its commitment")
            if (event.get("redacted") or {}).get("commitment") != data["commitment"]:
                problems.append(f"seat {seat}'s published commitment is not its commitment")
            submitted[seat] = data
        elif event["type"] == "lists_revealed":
            data = event["data"]
            for seat, kept in submitted.items():
                if data["lists"].get(seat) != kept["list"]:
                    problems.append(f"seat {seat}'s revealed list is not the one committed")
                if event["v"] >= 2:
                    salt, commitment = data["salts"].get(seat), data["commitments"].get(seat)
                    if (salt, commitment) != (kept["salt"], kept["commitment"]):
                        problems.append(f"seat {seat}'s revealed salt or commitment is not "
                                        "the one submitted")
                    if list_commitment(data["lists"][seat], salt, 2) != commitment:
                        problems.append(f"seat {seat}'s revealed list and salt do not match "
                                        "its commitment")
    return problems


def _roll_off(rounds: list[list[int]], winner: str, draw) -> list[str]:
    """A roll-off's rounds against the dice `draw` gives, and its winner."""
    problems = []
    for number, pair in enumerate(rounds, start=1):
        if list(pair) != [draw(), draw()]:
            problems.append(f"round {number} is not the seed's dice")
        if (pair[0] == pair[1]) == (number == len(rounds)):
            problems.append("the rounds go on after they differ, or stop on a tie")
    last = rounds[-1]
    if winner != ("a" if last[0] > last[1] else "b"):
        problems.append("the winner is not the higher die's seat")
    return problems


def check_setup_dice(document: dict, seed: bytes) -> list[str]:
    """Checking a replay, 4 (The dice stream): the scenario die and the roles roll-off
    are the first dice of the stream, and all that their command drew."""
    problems, dice = [], Dice(seed)
    for record in document["events"]:
        event = record["event"]
        if event["type"] == "scenario_rolled" and event["data"]["dice"] != [dice.die()]:
            problems.append("the scenario die is not the seed's")
        elif event["type"] == "roles_rolled":
            data = event["data"]
            problems += [f"roles roll-off: {p}" for p in
                         _roll_off(data["rolls"], data["winner"], dice.die)]
            break
    found = _command_with(document, "lists_revealed") \
        if recorded_positions(document) else None
    if found is None:  # (or no lists revealed: the match ended before both were in)
        return problems
    index, command = found
    problems += [f"command #{n + 1} drew dice before the lists were in"
                 for n, c in enumerate(document["commands"][:index]) if c["dice_position"]]
    if dice.position != command["dice_position"]:
        problems.append(f"the lists' command drew {command['dice_position']} bytes of dice, "
                        f"not the {dice.position} its rolls take")
    return problems


def check_initiative(document: dict, seed: bytes) -> list[str]:
    """Checking a replay, 5: the initiative roll-off is the last dice its command drew."""
    found = _command_with(document, "initiative_rolled") \
        if recorded_positions(document) else None
    if found is None:
        return []
    _, command = found
    last = _events_of(document, command)[-1]
    if last["type"] != "initiative_rolled":
        return ["the initiative roll-off is not the last event of its command"]
    rounds, winner = last["data"]["rolls"], last["data"]["winner"]
    dice = iter(last_d6(seed, command["dice_position"], 2 * len(rounds)))
    return [f"initiative roll-off: {p}" for p in _roll_off(rounds, winner, lambda: next(dice))]


def check_takebacks(document: dict) -> list[str]:
    """Checking a replay, 6 (Takebacks): each takeback's one event, no dice drawn, its
    point a decision point of its seat in the line left by the commands before it, and
    its checksum the one of the event it went back to."""
    if not recorded_positions(document):
        return []
    problems: list[str] = []
    listed: list[dict] = []  # the current line of play, as commands
    position = 0
    for number, command in enumerate(document["commands"], start=1):
        caused = _events_of(document, command)
        if command["type"] != "takeback":
            if any(e["type"] == "takeback" for e in caused):
                problems.append(f"command #{number}: a takeback event not from a takeback")
            listed.append(command)
        else:
            problems += [f"command #{number}: {p}"
                         for p in _takeback_problems(document, command, listed, position)]
            to_seq = command["args"].get("to_seq")
            if isinstance(to_seq, int):
                listed = [c for c in listed if c["last_seq"] <= to_seq]
        position = command["dice_position"]
    return problems


def _takeback_problems(document: dict, command: dict, listed: list[dict],
                       position: int) -> list[str]:
    args, seat = command["args"], command["seat"]
    to_seq = args.get("to_seq")
    caused = _events_of(document, command)
    wanted = {"to_seq": to_seq, "by": seat, "accepted_by": args.get("accepted_by")}
    problems = []
    if len(caused) != 1 or caused[0]["type"] != "takeback" or caused[0]["data"] != wanted:
        problems.append("a takeback's one event is not the takeback its command says")
    if args.get("accepted_by") in (None, seat):
        problems.append("a takeback not accepted by another seat")
    if command["dice_position"] != position:
        problems.append("a takeback drew dice")
    if not isinstance(to_seq, int):
        return problems + ["a takeback's to_seq is not a seq"]
    last = listed[-1]["last_seq"] if listed else 0
    if not (0 <= to_seq < last and any(c["seat"] == seat and c["first_seq"] == to_seq + 1
                                       for c in listed)):
        problems.append(f"seq {to_seq} is not a decision point of seat {seat}")
    elif to_seq > 0 and len(caused) == 1:
        events = document["events"]
        if events[command["first_seq"] - 1]["checksum"] != events[to_seq - 1]["checksum"]:
            problems.append(f"the takeback's checksum is not event {to_seq}'s")
    return problems
