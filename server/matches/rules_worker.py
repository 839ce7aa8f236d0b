"""A rules worker process (`python -m server.matches.rules_worker`), started by
`server.matches.rules_pool`: it keeps the rules state of the matches given to it and
answers the server's calls on them, one at a time, in the order they come.

Calls arrive on stdin and answers leave on stdout, each a 4-byte big-endian length
and a pickle (both ends are this code base: the pipe is private to the server):

    call:   (call id, method, match id, args)
    answer: (call id, True, value) or (call id, False, (kind, ...))

where kind is "rules" (a RulesError: code, message, passage, details), "snapshot"
(the snapshot did not check out), "lost" (this process does not hold that match) or
"failure" (anything else: the traceback's text).
"""

from __future__ import annotations

import importlib
import os
import pickle
import struct
import sys
import traceback
from typing import Any, BinaryIO

from server import gc_tuning
from server.matches.rules_host import RulesCore, SnapshotUnusable
from server.rules.kernel import Command, RulesError
from server.rules.registry import warm_systems

HEADER = struct.Struct("!I")


def read_exactly(stream: BinaryIO, size: int) -> bytes | None:
    data = b""
    while len(data) < size:
        chunk = stream.read(size - len(data))
        if not chunk:
            return None
        data += chunk
    return data


def resolve(target: str):
    module, attribute = target.split(":")
    return getattr(importlib.import_module(module), attribute)


class Worker:
    def __init__(self) -> None:
        self.cores: dict[str, RulesCore] = {}

    def call(self, method: str, match_id: str, args: tuple) -> Any:
        if method == "load":
            target, seed, every, material = args
            core = self.cores[match_id] = RulesCore(resolve(target), seed, every)
            return core.load(material)
        if method == "close":
            self.cores.pop(match_id, None)
            return None
        core = self.cores.get(match_id)
        if core is None:
            raise LookupError(match_id)
        if method in ("apply", "odds", "take_back"):
            return getattr(core, method)(Command.from_wire(args[0]), *args[1:])
        return getattr(core, method)(*args)

    def answer(self, call_id: int, method: str, match_id: str, args: tuple) -> tuple:
        try:
            return (call_id, True, self.call(method, match_id, args))
        except RulesError as refused:
            return (call_id, False, ("rules", refused.code, refused.message, refused.passage,
                                     refused.details))
        except SnapshotUnusable:
            return (call_id, False, ("snapshot",))
        except LookupError as missing:
            if missing.args == (match_id,):
                return (call_id, False, ("lost",))
            return (call_id, False, ("failure", traceback.format_exc()))
        except Exception:
            return (call_id, False, ("failure", traceback.format_exc()))


def main() -> None:
    calls = os.fdopen(os.dup(0), "rb")
    answers = os.fdopen(os.dup(1), "wb")
    os.dup2(2, 1)  # a stray print goes to stderr, never into an answer
    sys.stdout = sys.stderr
    warm_systems()  # (the geometry every match shares, frozen with the rest)
    gc_tuning.tune()  # (it holds the states of many matches: see server.gc_tuning)
    worker = Worker()
    while True:
        head = read_exactly(calls, HEADER.size)
        if head is None:
            return  # the server closed the pipe: it is stopping
        body = read_exactly(calls, HEADER.unpack(head)[0])
        if body is None:
            return
        data = pickle.dumps(worker.answer(*pickle.loads(body)),
                            protocol=pickle.HIGHEST_PROTOCOL)
        answers.write(HEADER.pack(len(data)) + data)
        answers.flush()


if __name__ == "__main__":
    main()
