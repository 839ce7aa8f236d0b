"""What bounds a chat message: its length, and how often one account may write
(a token bucket per account: in this process, or, several nodes sharing a Redis, in
Redis for all of them: server.cluster.shared_limits.SharedWriteRate). Settings are
`ChatSettings`, built from the environment by server.config."""

from __future__ import annotations

import time
import unicodedata
from dataclasses import dataclass

from protocol.errors import ProtocolError
from server.admission import TokenBucket

MAX_LENGTH = 300  # characters of a message (lichess allows 140; lists name models)
RATE = 0.5  # messages a second an account may write on average...
BURST = 5  # ...with up to this many at once
REMEMBERED_WRITERS = 10_000  # accounts whose buckets are kept (the least recent go)


@dataclass(frozen=True)
class ChatSettings:
    max_length: int = MAX_LENGTH
    rate: float = RATE
    burst: float = BURST
    guests_write: bool = False  # guests may always read; write only if this is set
    filtered_words: tuple[str, ...] = ()  # replaced by asterisks (server.chat.filter)


def clean_text(text: str, max_length: int) -> str:
    """The text as it is stored: one line (line breaks and tabs become spaces, other
    control characters go), trimmed. Refused if empty or longer than the limit."""
    flat = "".join(" " if c in "\r\n\t" else c for c in text
                   if c in "\r\n\t" or unicodedata.category(c) != "Cc").strip()
    if not flat:
        raise ProtocolError("chat_empty")
    if len(flat) > max_length:
        raise ProtocolError("chat_too_long", f"Chat messages are at most {max_length} "
                            f"characters; this one has {len(flat)}.",
                            details={"limit": max_length})
    return flat


class WriteRate:
    """One token bucket per account: a flood is refused, not queued."""

    def __init__(self, settings: ChatSettings, clock=time.monotonic) -> None:
        self.settings, self.clock = settings, clock
        self.buckets: dict[str, TokenBucket] = {}

    def take(self, account_id: str) -> None:
        bucket = self.buckets.pop(account_id, None)
        if bucket is None:
            bucket = TokenBucket(self.settings.rate, self.settings.burst, self.clock)
        self.buckets[account_id] = bucket  # (most recent last)
        while len(self.buckets) > REMEMBERED_WRITERS:
            del self.buckets[next(iter(self.buckets))]
        if not bucket.take():
            raise too_fast(bucket.tokens, self.settings.rate)

    async def admit(self, account_id: str) -> None:
        """One message of `account_id` (chat_too_fast if its bucket is empty): what the
        rooms call, so that a shared bucket can be asked over the network."""
        self.take(account_id)


def too_fast(tokens: float, rate: float) -> ProtocolError:
    """The refusal of a message written with `tokens` (< 1) left in the bucket."""
    wait = (1 - tokens) / rate
    return ProtocolError("chat_too_fast", f"You are writing too fast; wait "
                         f"{max(1, round(wait))} s.", details={"retry_after": wait})
