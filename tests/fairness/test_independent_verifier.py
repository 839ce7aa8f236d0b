"""docs/protocol.md, Fairness, is enough to check a match: a checker written from
its text alone (independent_verifier.py, no code of warband's) agrees with the
server on real matches played through the protocol, catches tampered replays,
still checks a replay recorded under the rules before the section was written,
and lets a seat check the other's list commitment when the lists are revealed."""

from __future__ import annotations

import ast
import asyncio
import contextlib
import copy
import hashlib
import io
import json
import random
import re
from pathlib import Path

import pytest

from clients.client import Client
from server.app import ServerOptions, WarbandServer
from server.cli import main
from server.replays import verify_document
from server.rules.checksum import state_digest
from server.rules.dice import SeededDice
from server.rules.sbh.builder import normalize
from server.rules.sbh.setup import list_commitment
from tests.fairness import independent_verifier as iv
from tests.sbh.test_games import WARBANDS
from tests.server.test_full_match import play_seat_events

HERE = Path(__file__).parent
DOC = (HERE.parent.parent / "docs" / "protocol.md").read_text()
SCENARIOS = ["all_out_battle", "ambush", "random", "treasure_hunt"]


def test_the_verifier_uses_nothing_of_warband():
    tree = ast.parse((HERE / "independent_verifier.py").read_text())
    imported = {alias.name.split(".")[0] for node in ast.walk(tree)
                if isinstance(node, ast.Import) for alias in node.names}
    imported |= {node.module.split(".")[0] for node in ast.walk(tree)
                 if isinstance(node, ast.ImportFrom)}
    assert imported <= {"__future__", "hashlib", "re", "collections", "msgpack"}, imported


def test_the_sections_worked_examples_are_what_the_verifier_computes():
    seed = bytes.fromhex("293bd3580f9803fd31d8e18c20c410196cd1086597a38bc5f909496d15a296c9")
    assert iv.sha256_hex(seed) in DOC  # the seed commitment
    assert hashlib.sha256(seed + bytes(8)).hexdigest() in DOC  # block_0
    dice = iv.Dice(seed)
    sixteen = [dice.die() for _ in range(16)]
    assert " ".join(map(str, sixteen)) in DOC and dice.position == 17
    dice = iv.Dice(seed)
    assert "dice (limit 240) are " + " ".join(str(dice.die(24)) for _ in range(4)) in DOC
    priced, _ = normalize({"name": "Pair", "models": [
        {"profile": "Goblin Warrior (Hand Weapon And Shield)"},
        {"name": "Scout", "quality": 3, "combat": 2, "rules": ["Stealth"]}]}, 300)
    assert iv.list_commitment(priced, "pepper", 2) in DOC
    packed = iv.pack([iv.canonical(priced), "pepper"]).hex()
    assert packed[:60] in DOC and packed[-40:] in DOC
    plain = {"turn": 3, "seats": ["a", "b"], "figures": {"b1": {"q": 2, "r": -1},
             "a10": {"q": 0, "r": 5}}, "over": False, "winner": None}
    assert iv.plain_digest(plain) in DOC
    assert iv.pack(iv.canonical(plain)).hex()[:60] in DOC


def test_the_verifier_agrees_with_the_server_on_dice_commitments_and_digests():
    rng = random.Random(29)
    for _ in range(20):
        seed = rng.randbytes(rng.choice((8, 32)))
        start = rng.randrange(200)
        ours, theirs = iv.Dice(seed, start), SeededDice(seed, start)
        for _ in range(50):
            sides = rng.choice((6, 6, 6, 2, 12, 24, 100, 256))
            assert ours.die(sides) == theirs.roll(1, sides)[0]
            assert ours.position == theirs.position
        assert iv.last_d6(seed, ours.position, 0) == []
    for _ in range(30):  # plain data: the server's state digest is the section's
        value = _plain(rng, 3)
        assert iv.plain_digest(value) == state_digest(value)
    for warband in WARBANDS.values():
        priced, _ = normalize(warband, 400)
        shuffled = _reordered(priced, rng)  # (as another library might read a map)
        salt = rng.randbytes(16).hex()
        assert iv.list_commitment(shuffled, salt, 2) == list_commitment(priced, salt)


def _plain(rng: random.Random, depth: int):
    kind = rng.randrange(6 if depth else 4)
    if kind == 0:
        return rng.choice([0, 1, -1, 127, 128, -33, 255, 65536, -(2 ** 40), 2 ** 63])
    if kind == 1:
        return rng.choice(["", "a", "figure", "é" * 20, "x" * 40])
    if kind == 2:
        return rng.choice([True, False, None])
    if kind == 3:
        return rng.randbytes(rng.randrange(4))
    if kind == 4:
        return [_plain(rng, depth - 1) for _ in range(rng.randrange(4))]
    keys = rng.sample(["a", "b", "zz", "turn", "a10", "b1", "longer key", "q" * 33],
                      rng.randrange(5))
    return {k: _plain(rng, depth - 1) for k in keys}


def _reordered(value, rng: random.Random):
    if isinstance(value, dict):
        items = [(k, _reordered(v, rng)) for k, v in value.items()]
        rng.shuffle(items)
        return dict(items)
    if isinstance(value, list):
        return [_reordered(v, rng) for v in value]
    return value


# -- real matches through the protocol -----------------------------------------------

async def _play_seat(client: Client, match_id: str, seat: str, seed: int) -> list[dict]:
    """Random legal commands from the prompts until the match ends; the events pushed."""
    return [push["event"] for push in await play_seat_events(client, match_id, seat, seed)]


async def _match(url: str, scenario: str, seed: int) -> tuple[str, dict[str, list[dict]]]:
    server = WarbandServer(ServerOptions(port=0, database_url=url))
    await server.start()
    try:
        ann, bob = await Client.connect(server.url), await Client.connect(server.url)
        await ann.request("guest", name="Ann")
        await bob.request("guest", name="Bob")
        match_id = (await ann.request(
            "create_match", system="sbh", scenario=scenario, points_limit=400,
            board_size=24, options={"turn_limit": 2}))["match_id"]
        await ann.request("subscribe", match_id=match_id)
        await bob.request("join", match_id=match_id)
        await bob.request("subscribe", match_id=match_id)
        seen = await asyncio.wait_for(asyncio.gather(
            _play_seat(ann, match_id, "a", seed), _play_seat(bob, match_id, "b", seed + 1)), 180)
        for client in (ann, bob):
            await client.close()
        return match_id, dict(zip("ab", seen, strict=True))
    finally:
        await server.stop()


@pytest.fixture(scope="module")
def matches(tmp_path_factory) -> dict[str, tuple[dict, dict[str, list[dict]]]]:
    """scenario -> (the exported replay, each seat's pushed events)."""
    played = {}
    for number, scenario in enumerate(SCENARIOS):
        url = f"sqlite+aiosqlite:///{tmp_path_factory.mktemp('fair') / 'matches.db'}"
        match_id, seen = asyncio.run(_match(url, scenario, 10 * number))
        out = tmp_path_factory.mktemp("export") / "replay.json"
        buffer = io.StringIO()
        with contextlib.redirect_stdout(buffer):
            assert main(["replay", "export", match_id, "--database", url]) == 0
        out.write_text(buffer.getvalue())
        played[scenario] = (json.loads(out.read_text()), seen)
    return played


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_an_exported_match_passes_the_independent_checks(matches, scenario):
    document, _ = matches[scenario]
    assert verify_document(document).verified
    assert iv.check_replay(document) == []
    types = [e["event"]["type"] for e in document["events"]]
    assert {"lists_revealed", "roles_rolled", "initiative_rolled"} <= set(types)
    if scenario == "random":
        assert "scenario_rolled" in types
    if scenario == "ambush":
        assert "marker_placed" in types


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_each_seat_checks_the_others_commitment_when_the_lists_are_revealed(
        matches, scenario):
    """Fairness, The list commitment: from the pushes alone, at the reveal."""
    _, seen = matches[scenario]
    for seat, other in (("a", "b"), ("b", "a")):
        events = [e for e in seen[seat] if e is not None]
        [pushed] = [e["data"]["commitment"] for e in events
                    if e["type"] == "list_submitted" and e["data"]["seat"] == other]
        assert "list" not in next(e for e in events if e["type"] == "list_submitted"
                                  and e["data"]["seat"] == other)["data"]
        [reveal] = [e for e in events if e["type"] == "lists_revealed"]
        assert reveal["v"] == 2 and reveal["data"]["commitments"][other] == pushed
        data = reveal["data"]
        assert iv.list_commitment(data["lists"][other], data["salts"][other], 2) == pushed


def _tampered(document: dict, change) -> list[str]:
    changed = copy.deepcopy(document)
    change(changed)
    return iv.check_replay(changed)


def _first(document: dict, event_type: str) -> dict:
    return next(e["event"] for e in document["events"] if e["event"]["type"] == event_type)


def test_tampered_replays_are_caught(matches):
    document, _ = matches["random"]

    def seed(d):
        d["seed"] = "00" * 32
    assert _tampered(document, seed) == ["the seed does not match its commitment"]

    def roles_die(d):
        rolls = _first(d, "roles_rolled")["data"]["rolls"]
        rolls[0][0] = rolls[0][0] % 6 + 1
    assert any("roles roll-off" in p for p in _tampered(document, roles_die))

    def scenario_die(d):
        event = _first(d, "scenario_rolled")
        event["data"]["dice"] = [event["data"]["dice"][0] % 6 + 1]
    assert "the scenario die is not the seed's" in _tampered(document, scenario_die)

    def initiative_die(d):
        rolls = _first(d, "initiative_rolled")["data"]["rolls"]
        rolls[-1][1] = rolls[-1][1] % 6 + 1
    assert any("initiative roll-off" in p for p in _tampered(document, initiative_die))

    def submitted_list(d):
        _first(d, "list_submitted")["data"]["list"]["models"][0]["quality"] -= 1
    found = _tampered(document, submitted_list)
    assert any("does not match its commitment" in p for p in found), found

    def revealed_list(d):
        _first(d, "lists_revealed")["data"]["lists"]["b"]["models"][0]["combat"] += 1
    found = _tampered(document, revealed_list)
    assert any("seat b's revealed list" in p for p in found), found

    def revealed_salt(d):
        _first(d, "lists_revealed")["data"]["salts"]["a"] += "x"
    found = _tampered(document, revealed_salt)
    assert any("seat a's revealed salt" in p for p in found), found

    def submitted_salt(d):
        _first(d, "list_submitted")["data"]["salt"] += "x"
    assert any("does not match its commitment" in p for p in _tampered(document, submitted_salt))

    def hidden_draw(d):  # a die drawn before the lists and never shown
        d["commands"][0]["dice_position"] = 1
    assert _tampered(document, hidden_draw)

    def dropped_event(d):
        del d["events"][5]
    assert _tampered(document, dropped_event)


def test_a_changed_die_in_play_needs_the_rules_engine(matches):
    """Fairness, Checking a replay: the in-game dice are checked by re-running the
    rules (`warband replay verify`), which the section says; the engine catches it."""
    def in_play(event: dict) -> bool:  # (an attack or a test; else an activation's roll)
        return event["type"] in ("melee", "shot") or bool(
            re.fullmatch(r"\w+_tested", event["type"]))

    def rolled(event: dict) -> bool:
        return event["type"] == "activated" and bool(event["data"].get("dice"))

    # (random players on a random seed: a match may have no attack; any has activations)
    candidates = [(document, e) for document, _ in matches.values()
                  for e in document["events"] if in_play(e["event"])] or \
        [(document, e) for document, _ in matches.values()
         for e in document["events"] if rolled(e["event"])]
    document, found = candidates[0]
    changed = copy.deepcopy(document)
    record = next(e for e in changed["events"] if e["seq"] == found["seq"])
    data = record["event"]["data"]
    key = "dice" if data.get("dice") else next(k for k, v in data.items()
                                               if isinstance(v, list) and v
                                               and all(isinstance(x, int) for x in v))
    data[key][0] = data[key][0] % 6 + 1
    assert iv.check_replay(changed) == []  # (not checkable from the section alone)
    verdict = verify_document(changed)
    assert verdict.status == "diverges" and f"event seq {record['seq']} " in verdict.detail


def test_the_rules_engine_checks_every_recorded_dice_position(matches):
    document, _ = matches["treasure_hunt"]
    changed = copy.deepcopy(document)
    middle = changed["commands"][len(changed["commands"]) // 2]
    middle["dice_position"] += 1
    verdict = verify_document(changed)
    assert verdict.status == "diverges" and "dice position differs" in verdict.detail


def test_a_replay_recorded_under_rules_version_2_still_checks():
    """Recorded by the code before list_submitted/lists_revealed version 2 (no salts
    at the reveal, commitments in the server's key order), exported before replays
    carried dice positions: random players, scenario "random", a 12-hex table, turn
    limit 2, played with the rules of commit 5a89ffd (RULES_VERSION 2) and written
    as replay_document wrote it then."""
    document = json.loads((HERE / "data" / "sbh_rules_version_2.json").read_text())
    assert document["rules_version"] == 2
    assert _first(document, "lists_revealed")["v"] == 1
    assert iv.check_replay(document) == []
    assert verify_document(document).status == "other_rules"  # the log rebuilds: not tampered

    def submitted_list(d):
        _first(d, "list_submitted")["data"]["list"]["models"][0]["points"] += 1
    assert any("does not match its commitment" in p for p in _tampered(document, submitted_list))
