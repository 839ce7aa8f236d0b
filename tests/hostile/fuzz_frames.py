"""Hostile frames for the fuzzing suite (issue 29): structured mutations of a valid
request of every type in protocol/messages.py and protocol/community_messages.py, byte
flips and truncations of valid frames, and random bytes. Used by
tests/hostile/test_fuzz.py and bench/fuzz.py.

A `Context` names what the valid requests refer to (a signed-in account's token, an
open, an active and a finished match...), so that the mutations start from requests
the server would carry out. `FrameSource` turns it into frames: `sweep()` flips and
substitutes every byte of every valid frame and cuts it at every length, `mutant()`
makes one random structured mutation, `noise()` random bytes or random MessagePack.

The frames are written by `pack`, a small MessagePack writer that also writes what
the msgpack package refuses to: strings that are not UTF-8, maps with duplicate or
non-string keys, any ext type, nesting as deep as asked, raw bytes.
"""

from __future__ import annotations

import itertools
import random
import struct
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from protocol.codec import MAX_FRAME_BYTES, REQUEST_TYPES, TYPE_NAMES


# -- a MessagePack writer for valid and invalid frames ---------------------------------
class Raw(bytes):
    """Written as it is: a hand-made encoding, or bytes that are not MessagePack."""


class BadStr(bytes):
    """A MessagePack string (str header) holding these bytes, UTF-8 or not."""


class Pairs(tuple):
    """A map written from (key, value) pairs: keys may repeat or be of any type."""


@dataclass(frozen=True)
class Ext:
    code: int  # -128..127; -1 is MessagePack's timestamp
    data: bytes


def pack(value: Any) -> bytes:
    out = bytearray()
    _pack(value, out)
    return bytes(out)


def _pack(value: Any, out: bytearray) -> None:
    if isinstance(value, Raw):
        out += value
    elif value is None:
        out.append(0xC0)
    elif value is True or value is False:
        out.append(0xC3 if value else 0xC2)
    elif isinstance(value, int):
        out += _int(value)
    elif isinstance(value, float):
        out += b"\xcb" + struct.pack(">d", value)
    elif isinstance(value, BadStr):
        out += _header(len(value), 0xA0, 31, (0xD9, 0xDA, 0xDB)) + value
    elif isinstance(value, str):
        data = value.encode()
        out += _header(len(data), 0xA0, 31, (0xD9, 0xDA, 0xDB)) + data
    elif isinstance(value, bytes | bytearray):
        out += _header(len(value), None, 0, (0xC4, 0xC5, 0xC6)) + value
    elif isinstance(value, Ext):
        out += _ext_header(len(value.data)) + struct.pack(">b", value.code) + value.data
    elif isinstance(value, Pairs | dict):
        pairs = value if isinstance(value, Pairs) else tuple(value.items())
        out += _header(len(pairs), 0x80, 15, (None, 0xDE, 0xDF))
        for key, item in pairs:
            _pack(key, out)
            _pack(item, out)
    elif isinstance(value, list | tuple):
        out += _header(len(value), 0x90, 15, (None, 0xDC, 0xDD))
        for item in value:
            _pack(item, out)
    else:
        raise TypeError(f"cannot pack {type(value).__name__}")


def _int(n: int) -> bytes:
    if 0 <= n <= 0x7F:
        return bytes([n])
    if -32 <= n < 0:
        return struct.pack(">b", n)
    for low, high, form in ((0, 2**8 - 1, ">BB"), (0, 2**16 - 1, ">BH"), (0, 2**32 - 1, ">BI"),
                            (0, 2**64 - 1, ">BQ"), (-(2**7), 2**7 - 1, ">Bb"),
                            (-(2**15), 2**15 - 1, ">Bh"), (-(2**31), 2**31 - 1, ">Bi"),
                            (-(2**63), 2**63 - 1, ">Bq")):
        if low <= n <= high:
            tag = {">BB": 0xCC, ">BH": 0xCD, ">BI": 0xCE, ">BQ": 0xCF, ">Bb": 0xD0,
                   ">Bh": 0xD1, ">Bi": 0xD2, ">Bq": 0xD3}[form]
            return struct.pack(form, tag, n)
    raise OverflowError(f"{n} does not fit MessagePack's 64 bits")  # (use a float or Raw)


def _header(size: int, fix: int | None, fix_max: int, tags: tuple) -> bytes:
    if fix is not None and size <= fix_max:
        return bytes([fix | size])
    for tag, limit, form in zip(tags, (2**8, 2**16, 2**32), (">BB", ">BH", ">BI"),
                                strict=True):
        if tag is not None and size < limit:
            return struct.pack(form, tag, size)
    raise OverflowError(size)


def _ext_header(size: int) -> bytes:
    fixed = {1: 0xD4, 2: 0xD5, 4: 0xD6, 8: 0xD7, 16: 0xD8}
    if size in fixed:
        return bytes([fixed[size]])
    for tag, limit, form in ((0xC7, 2**8, ">BB"), (0xC8, 2**16, ">BH"), (0xC9, 2**32, ">BI")):
        if size < limit:
            return struct.pack(form, tag, size)
    raise OverflowError(size)


# -- the valid requests ---------------------------------------------------------------
@dataclass
class Context:
    """What valid requests refer to: the driver creates these on a live server."""

    token: str = "token"  # a session of the account the fuzzing connections sign in as
    account_id: str = "0" * 16  # (that account)
    username: str = "fuzzer"  # a registered account, and its password
    password: str = "correct horse"
    open_match: str = "0" * 16  # created by that account, waiting for an opponent
    invite_code: str = "ABCDEF12"  # of another open match, a private one
    private_match: str = "3" * 16  # (that one)
    active_match: str = "1" * 16  # that account holds seat "a", at its first prompt (seq 0)
    finished_match: str = "2" * 16  # a finished match (for replays)
    warband: dict = field(default_factory=lambda: {"name": "Solo", "models": [
        {"profile": "Elf Commander (Sword And Shield, Chainmail)"}]})


def valid_requests(ctx: Context, request_id: int | str = 1) -> dict[str, dict]:
    """One valid request of every type, with every field it may hold (optional ones
    too, so that leaving any of them out is a mutation as well)."""
    def request(kind: str, **fields: Any) -> dict:
        return {"v": 1, "type": kind, "id": request_id, **fields}
    requests = [
        request("register", username=ctx.username + "x", password=ctx.password),
        request("login", username=ctx.username, password=ctx.password),
        request("guest", name="Fuzzy"),
        request("authenticate", token=ctx.token),
        request("logout"),
        # (private: the matches it makes do not grow every list_open reply)
        request("create_match", system="sbh", scenario="all_out_battle", points_limit=300,
                board_size=24, options={"turn_limit": 30}, private=True, seat="a",
                spectator_delay=0, opponent=None),
        request("list_open", system="sbh"),
        request("list_live", system="sbh"),
        request("list_mine", system="sbh", limit=10),
        request("join", match_id=ctx.open_match, invite_code=ctx.invite_code, seat="b"),
        request("leave", match_id=ctx.open_match),
        request("abort", match_id=ctx.open_match),
        request("resign", match_id=ctx.active_match),
        request("claim_timeout", match_id=ctx.active_match),
        request("seek", system="sbh", scenario="all_out_battle", points_limit=300,
                board_size=24, options={}, rated=False, time_control=None),
        request("cancel_seek", seek_id="0123456789ab"),
        request("rematch", match_id=ctx.finished_match),
        request("takeback_offer", match_id=ctx.active_match, to_seq=0),
        request("takeback_answer", match_id=ctx.active_match, accept=True),
        request("subscribe", match_id=ctx.active_match, after_seq=0, spectate=False,
                views=True),
        request("unsubscribe", match_id=ctx.active_match),
        request("command", match_id=ctx.active_match, command="submit_list",
                args={"list": ctx.warband, "salt": "s"}, seat="a", at_seq=0),
        request("odds", match_id=ctx.active_match, command="melee",
                args={"attacker": 1, "target": 2}, seat="a"),
        request("get_view", match_id=ctx.finished_match, at_seq=1),
        request("list_replays", system="sbh", player="fuzzer", since=0.0, until=2e9,
                limit=10),
        request("get_replay", match_id=ctx.finished_match),
        request("get_summary", match_id=ctx.finished_match),
        request("ping"),
        request("catalog", system="sbh", options={"points_limit": 300}),
        request("check_list", list=ctx.warband, system="sbh", options={"points_limit": 300}),
        request("get_ratings", player="fuzzer"),
        request("rating_history", player="fuzzer", system="sbh", category="standard",
                limit=10),
        request("leaderboard", system="sbh", category="standard", limit=10),
        # hosted events (an unknown event: the fuzz is of the frames, not the events)
        request("create_event", name="Fuzz cup", system="sbh",
                settings={"format": "swiss", "rounds": 1, "points_limit": 300}),
        request("list_events", status="registration", limit=10),
        request("get_event", event_id="0123456789abcdef"),
        request("register_event", event_id="0123456789abcdef", warband=ctx.warband),
        request("withdraw_event", event_id="0123456789abcdef"),
        request("check_in", event_id="0123456789abcdef"),
        request("start_event", event_id="0123456789abcdef"),
        request("repair_round", event_id="0123456789abcdef"),
        request("drop_player", event_id="0123456789abcdef", player="0123456789abcdef"),
        request("give_bye", event_id="0123456789abcdef", player="0123456789abcdef"),
        request("correct_result", event_id="0123456789abcdef", round=1, table=1,
                winner=None, why="fuzz", vp_a=0, vp_b=0),
        # chat (server/chat): a match's rooms, the lobby's, and moderation
        request("chat_history", match_id=ctx.active_match, room="players"),
        request("chat_unfollow", match_id=ctx.active_match),
        request("chat_send", match_id=None, room="players", text="fuzz"),
        request("chat_mute", account_id="0123456789abcdef"),
        request("chat_unmute", account_id="0123456789abcdef"),
        request("chat_report", message_id=1, reason="fuzz"),
        request("chat_hide", message_id=1),
        request("chat_silence", account_id="0123456789abcdef", minutes=1, reason="fuzz"),
        request("chat_reports", limit=10),
    ]
    by_kind = {r["type"]: r for r in requests}
    assert set(by_kind) == TYPE_NAMES == {t.__struct_config__.tag for t in REQUEST_TYPES}
    return by_kind


# -- odd values -----------------------------------------------------------------------
NOT_UTF8 = [b"\xff", b"\xfe\xff", b"\xc3\x28", b"\xa0\xa1", b"\xe2\x82", b"\xed\xa0\x80",
            b"\xf4\x90\x80\x80", b"\xc0\xaf", b"ok\x80"]  # (surrogates, overlongs, cut)
TIMESTAMPS = [Ext(-1, struct.pack(">I", 1)), Ext(-1, struct.pack(">Q", 1 << 34)),
              Ext(-1, struct.pack(">Iq", 0, 2**40)), Ext(-1, struct.pack(">Iq", 0, -(2**62))),
              Ext(-1, struct.pack(">Q", 0x3FFFFFFF << 34)), Ext(-1, b"\x00" * 5),
              Ext(-1, struct.pack(">Iq", 10**9, 0)), Ext(-1, b"")]
HUGE_NUMBERS = [2**31 - 1, 2**31, 2**32, 2**53 + 1, 2**63 - 1, 2**63, 2**64 - 1,
                -(2**31), -(2**31) - 1, -(2**63), -1, -128, 1.8446744073709552e19, 1e308,
                -1e308, float("inf"), float("-inf"), float("nan"), 5e-324,
                # beyond 64 bits MessagePack has no integers: a float, or the digits
                3.4e38, 1e19, "18446744073709551616", "-9223372036854775809", "1e999"]
# non-minimal encodings of 1 (valid MessagePack all the same)
LONG_ONES = [Raw(b"\xcc\x01"), Raw(b"\xcd\x00\x01"), Raw(b"\xce\x00\x00\x00\x01"),
             Raw(b"\xcf" + b"\x00" * 7 + b"\x01"), Raw(b"\xd3" + b"\x00" * 7 + b"\x01"),
             Raw(b"\xca\x3f\x80\x00\x00")]
ODD_VALUES: list[Any] = [
    0, 1, -1, 2, 127, 128, 255, 256, 65535, 65536, *HUGE_NUMBERS, *LONG_ONES,
    0.0, -0.0, 0.5, 1.0, True, False, None, "", " ", "1", "0", "null", "a", "sbh", "bot",
    "\x00", "é", "\U0001f600", "\u202e", "a" * 40, b"", b"\x00", b"sbh", [], [1], [None],
    ["a", "b"], {}, {"a": 1}, {"": None}, Pairs([(1, 2)]), Ext(1, b"x"), Ext(127, b""),
    Ext(-128, b"\x00" * 16), *TIMESTAMPS, *(BadStr(b) for b in NOT_UTF8),
    Raw(b"\xd9\x00"), Raw(b"\xc4\x00"), Raw(b"\xdc\x00\x00"), Raw(b"\xde\x00\x00"),
]
NOT_MSGPACK = [b"\xc1", b"\xd9", b"\xdb\xff\xff\xff\xff", b"\xdd\xff\xff\xff\xff",
               b"\xc6\x7f\xff\xff\xff", b"\xc9\xff\xff\xff\xff\x01"]  # (lengths past the end)
SUBSTITUTES = [0x00, 0x01, 0x7F, 0x80, 0x90, 0xA0, 0xC0, 0xC1, 0xC2, 0xC3, 0xD9, 0xDC,
               0xDE, 0xDF, 0xE0, 0xFF]


def deep(depth: int, maps: bool = False) -> Raw:
    """A value nested `depth` arrays (or one-entry maps) deep around a nil."""
    return Raw((b"\x81\xa1k" if maps else b"\x91") * depth + b"\xc0")


# -- frames ---------------------------------------------------------------------------
@dataclass(frozen=True)
class Fuzzed:
    kind: str  # the request type the frame was made from ("noise" for random frames)
    mutation: str  # how it was made
    data: bytes | str  # (a str is sent as a text frame)


class FrameSource:
    def __init__(self, context: Context, seed: int = 0) -> None:
        self.context = context
        self.rng = random.Random(seed)
        self._ids = itertools.count(1)
        self.mutations = [
            (self.wrong_type, 20), (self.missing_field, 6), (self.extra_field, 6),
            (self.huge_number, 8), (self.huge_string, 3), (self.huge_array, 2),
            (self.deep_value, 3), (self.not_utf8, 6), (self.odd_key, 5),
            (self.duplicate_key, 3), (self.odd_value_inside, 8), (self.not_a_map, 2),
            (self.flip, 10), (self.truncate, 4), (self.valid, 6),
        ]
        self._weights = list(itertools.accumulate(w for _, w in self.mutations))

    # -- the bases --------------------------------------------------------------------
    def base(self, kind: str | None = None) -> dict:
        """A valid request (of a random type unless named) with a fresh id."""
        n = next(self._ids)
        request_id = n if n % 2 else f"fuzz-{n}"
        requests = valid_requests(self.context, request_id)
        return dict(requests[kind or self.rng.choice(sorted(requests))])

    def frames(self, count: int, noise: float = 0.1) -> Iterator[Fuzzed]:
        """`count` frames: random structured mutations, and a share of random noise."""
        for _ in range(count):
            yield self.noise() if self.rng.random() < noise else self.mutant()

    def mutant(self, kind: str | None = None) -> Fuzzed:
        request = self.base(kind)
        kind = request["type"]
        mutate = self.mutations[self.rng.choices(range(len(self.mutations)),
                                                 cum_weights=self._weights)[0]][0]
        label, data = mutate(request)
        return Fuzzed(kind, label, data)

    def sweep(self, kinds: list[str] | None = None) -> Iterator[Fuzzed]:
        """Every byte of every valid frame flipped bit by bit and replaced by each of
        SUBSTITUTES, and the frame cut at every length."""
        for kind in kinds or sorted(TYPE_NAMES):
            data = pack(valid_requests(self.context, 1)[kind])
            for i in range(len(data)):
                for bit in range(8):
                    flipped = bytearray(data)
                    flipped[i] ^= 1 << bit
                    yield Fuzzed(kind, "bit_flip", bytes(flipped))
                for byte in SUBSTITUTES:
                    if byte != data[i]:
                        yield Fuzzed(kind, "byte_substitution",
                                     data[:i] + bytes([byte]) + data[i + 1:])
            for cut in range(len(data)):
                yield Fuzzed(kind, "truncation", data[:cut])

    def noise(self) -> Fuzzed:
        rng = self.rng
        roll = rng.random()
        if roll < 0.4:
            size = rng.choice([0, 1, 2, 3, 8, 16, 64, 256, 1024])
            return Fuzzed("noise", "random_bytes", rng.randbytes(rng.randint(0, size)))
        if roll < 0.8:
            return Fuzzed("noise", "random_msgpack", pack(self.random_value(4)))
        if roll < 0.95:  # a map with the envelope's keys but random values
            request = {"v": self.random_value(1), "type": self.random_value(1),
                       "id": self.random_value(1)}
            if rng.random() < 0.5:
                request["type"] = rng.choice(sorted(TYPE_NAMES))
            return Fuzzed("noise", "random_envelope", pack(request))
        text = rng.choice(["", "hello", '{"v":1,"type":"ping","id":1}', "\x00" * 10])
        return Fuzzed("noise", "text_frame", text)

    def random_value(self, depth: int) -> Any:
        rng = self.rng
        if depth <= 0 or rng.random() < 0.5:
            return rng.choice(ODD_VALUES)
        if rng.random() < 0.5:
            return [self.random_value(depth - 1) for _ in range(rng.randint(0, 4))]
        return Pairs((self.random_value(depth - 1), self.random_value(depth - 1))
                     for _ in range(rng.randint(0, 4)))

    # -- the mutations: each takes a valid request, gives (what it did, the frame) -----
    def valid(self, request: dict) -> tuple[str, bytes]:
        return "valid", pack(request)

    def wrong_type(self, request: dict) -> tuple[str, bytes]:
        name = self.rng.choice(list(request))
        request[name] = self.rng.choice(ODD_VALUES)
        return f"wrong_type:{name}", pack(request)

    def missing_field(self, request: dict) -> tuple[str, bytes]:
        name = self.rng.choice(list(request))
        del request[name]
        return f"missing:{name}", pack(request)

    def extra_field(self, request: dict) -> tuple[str, bytes]:
        name = self.rng.choice(["extra", "ID", "Type", "", "list", "args", "warband",
                                "match_id", "password"])
        if name in request:
            name += "_"
        request[name] = self.rng.choice(ODD_VALUES)
        return "extra_field", pack(request)

    def huge_number(self, request: dict) -> tuple[str, bytes]:
        name = self.rng.choice(list(request))
        request[name] = self.rng.choice(HUGE_NUMBERS)
        return f"huge_number:{name}", pack(request)

    def huge_string(self, request: dict) -> tuple[str, bytes]:
        """A string field grown until the frame is a chosen size: under, at and over
        the 64 KiB limit, and over websockets' own 256 KiB one."""
        name = self.rng.choice([k for k, v in request.items() if isinstance(v, str)])
        target = self.rng.choice([1000, 40_000, MAX_FRAME_BYTES - 1, MAX_FRAME_BYTES,
                                  MAX_FRAME_BYTES + 1, 100_000, 4 * MAX_FRAME_BYTES,
                                  4 * MAX_FRAME_BYTES + 1])
        request[name] = ""
        size = target - len(pack(request))
        request[name] = "x" * max(0, size - 5)
        request[name] += "x" * (target - len(pack(request)))  # (the header grew)
        return f"huge_string:{name}", pack(request)

    def huge_array(self, request: dict) -> tuple[str, bytes]:
        name = self.rng.choice(list(request))
        count = self.rng.choice([16, 1000, 21_000, 70_000])
        item = pack(self.rng.choice([0, None, "a", 2**64 - 1]))
        request[name] = Raw(_header(count, 0x90, 15, (None, 0xDC, 0xDD)) + item * count)
        return f"huge_array:{name}", pack(request)

    def deep_value(self, request: dict) -> tuple[str, bytes]:
        name = self.rng.choice(list(request))
        depth = self.rng.choice([32, 200, 1000, 5000, 21_000, 60_000, 100_000])
        request[name] = deep(depth, maps=self.rng.random() < 0.3)
        return f"deep:{name}", pack(request)

    def not_utf8(self, request: dict) -> tuple[str, bytes]:
        name = self.rng.choice(list(request))
        bad = BadStr(self.rng.choice(NOT_UTF8))
        if self.rng.random() < 0.5:  # the value
            request[name] = bad
            return f"not_utf8_value:{name}", pack(request)
        value = request.pop(name)  # the key
        return f"not_utf8_key:{name}", pack(Pairs([*request.items(), (bad, value)]))

    def odd_key(self, request: dict) -> tuple[str, bytes]:
        """A key that is not a string: an int, bytes, nil, a float, an array, a map..."""
        key = self.rng.choice([1, -1, 0, 2**64 - 1, b"v", b"type", None, True, 1.5, [1],
                               Pairs([("a", 1)]), Ext(1, b"k"), TIMESTAMPS[0]])
        pairs = list(request.items())
        if self.rng.random() < 0.5:
            pairs[self.rng.randrange(len(pairs))] = (key, pairs[0][1])
        else:
            pairs.insert(self.rng.randrange(len(pairs) + 1), (key, 1))
        return "odd_key", pack(Pairs(pairs))

    def duplicate_key(self, request: dict) -> tuple[str, bytes]:
        name = self.rng.choice(list(request))
        pairs = [*request.items(), (name, self.rng.choice(ODD_VALUES + [request[name]]))]
        return f"duplicate_key:{name}", pack(Pairs(pairs))

    def odd_value_inside(self, request: dict) -> tuple[str, bytes]:
        """An odd value inside a field that takes any map or value (a command's args,
        setup options, a warband list): these reach the handlers and the rules."""
        open_fields = [k for k in ("args", "options", "list") if k in request]
        if not open_fields:
            return self.wrong_type(request)
        name = self.rng.choice(open_fields)
        inner = request[name]
        value = self.random_value(3)
        if isinstance(inner, dict) and inner and self.rng.random() < 0.6:
            inner = dict(inner)
            key = self.rng.choice(list(inner))
            if isinstance(inner[key], dict | list) and self.rng.random() < 0.5:
                inner[key] = self._replace_inside(inner[key], value)
            else:
                inner[key] = value
        elif isinstance(inner, dict):
            inner = {**inner, self.rng.choice(["a", "list", "salt", "models", "turn_limit",
                                                "points_limit", "scenario"]): value}
        else:
            inner = value
        request[name] = inner
        return f"odd_value_inside:{name}", pack(request)

    def _replace_inside(self, container: Any, value: Any) -> Any:
        """A copy of a nested dict/list with one leaf (at any depth) replaced."""
        if isinstance(container, dict) and container:
            key = self.rng.choice(list(container))
            return {**container, key: self._replace_inside(container[key], value)}
        if isinstance(container, list) and container:
            i = self.rng.randrange(len(container))
            copy = list(container)
            copy[i] = self._replace_inside(copy[i], value)
            return copy
        return value

    def not_a_map(self, request: dict) -> tuple[str, bytes]:
        shape = self.rng.choice(["array", "scalar", "trailing", "two_maps", "not_msgpack"])
        if shape == "array":
            return "not_a_map:array", pack(list(request.values()))
        if shape == "scalar":
            return "not_a_map:scalar", pack(self.rng.choice(ODD_VALUES))
        if shape == "trailing":  # a valid frame with bytes after it
            return "trailing_bytes", pack(request) + self.rng.randbytes(self.rng.randint(1, 4))
        if shape == "two_maps":
            return "trailing_map", pack(request) + pack(request)
        return "not_msgpack", pack(request)[:-1] + self.rng.choice(NOT_MSGPACK)

    def flip(self, request: dict) -> tuple[str, bytes]:
        data = bytearray(pack(request))
        i = self.rng.randrange(len(data))
        if self.rng.random() < 0.5:
            data[i] ^= 1 << self.rng.randrange(8)
            return "bit_flip", bytes(data)
        data[i] = self.rng.choice(SUBSTITUTES)
        return "byte_substitution", bytes(data)

    def truncate(self, request: dict) -> tuple[str, bytes]:
        data = pack(request)
        return "truncation", data[:self.rng.randrange(len(data))]


def sweep_size(context: Context, kinds: list[str] | None = None) -> int:
    """How many frames `FrameSource.sweep` yields (without making them)."""
    total = 0
    for kind in kinds or sorted(TYPE_NAMES):
        data = pack(valid_requests(context, 1)[kind])
        substituted = sum(len(SUBSTITUTES) - (b in SUBSTITUTES) for b in data)
        total += 8 * len(data) + substituted + len(data)
    return total

