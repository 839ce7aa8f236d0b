"""A snapshot's seal: what lets a match resume from it without digesting its state.

A snapshot is a pickled rules state, used only if it is the state of the event at
its seq. That used to be proved at every load by digesting the unpickled state and
comparing with the checksum stored with the event: ~40% of loading a SBH match
(bench/restart_many.py). The digest was already known when the snapshot was
taken, so the snapshot now carries it, sealed:

    b"WBS1" | code (16 bytes) | checksum (16) | BLAKE2b-128 of the pickle (16) | pickle

`code` is a digest of the rules' source (every .py file under server/rules) and the
Python version: a state pickled by the same code unpickles to the same state, so a
sealed snapshot whose code is the running code, whose pickle hashes as sealed and
whose checksum is the event's is the event's state, and needs no digest. Anything
else (code changed since, by a deploy; a blob from before seals; a damaged one) is
checked as before, by its digest; a damaged one then fails and the match folds its
log."""

from __future__ import annotations

import functools
import hashlib
import sys
from pathlib import Path

MAGIC = b"WBS1"
_HEADER = len(MAGIC) + 16 * 3
_RULES = Path(__file__).resolve().parent.parent / "rules"


@functools.cache
def code_fingerprint() -> bytes:
    """16 bytes naming the running rules code (read once a process)."""
    digest = hashlib.blake2b(digest_size=16)
    digest.update(sys.version.encode())
    for path in sorted(_RULES.rglob("*.py")):
        digest.update(str(path.relative_to(_RULES)).encode() + b"\0")
        digest.update(path.read_bytes())
    return digest.digest()


def _hash(pickled: bytes | memoryview) -> bytes:
    return hashlib.blake2b(pickled, digest_size=16).digest()


def seal(pickled: bytes, checksum: str) -> bytes:
    """The snapshot to store: `pickled` (a state whose digest is `checksum`), sealed
    (left as it is should `checksum` not be a digest: then it is checked when used)."""
    try:
        sealed = bytes.fromhex(checksum)
    except ValueError:
        return pickled
    if len(sealed) != 16:
        return pickled
    return b"".join((MAGIC, code_fingerprint(), sealed, _hash(pickled),
                     pickled))


def unseal(blob: bytes, checksum: str) -> tuple[bytes | memoryview, bool]:
    """(the pickle, whether it is known to be the state whose digest is `checksum`
    without digesting it). A blob that is not sealed is returned whole, not known."""
    if not blob.startswith(MAGIC):
        return blob, False
    view = memoryview(blob)
    code, sealed, hashed = (bytes(view[at:at + 16]) for at in (4, 20, 36))
    pickled = view[_HEADER:]
    known = (code == code_fingerprint() and sealed.hex() == checksum
             and hashed == _hash(pickled))
    return pickled, known
