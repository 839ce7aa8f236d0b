"""Matches resumed asleep (server.matches.hub): their actors run from the start, and
each loads its state when first asked, by its player or by the hub's warmer. Their
records are read by chunks: a chunk's logs are read once, in a few queries, the first
time any of its matches wakes, so that a restart whose players all come back at once
reads 20 chunks rather than 10,000 logs one by one. The chunks are known from the
start, before any row is read: a match asked for before its actor exists waits for
its chunk's rows (`Chunk.rows`) rather than being resumed on its own."""

from __future__ import annotations

import asyncio
from dataclasses import replace
from typing import Any

from server.store.store import ResumeRecords

RESUME_CHUNK = 500  # matches whose records are read at once


class Chunk:
    def __init__(self, store: Any, ids: list[str]) -> None:
        self.store = store
        self.ids = ids
        self._read: asyncio.Future | None = None
        self._rows: asyncio.Future | None = None

    async def rows(self) -> dict[str, ResumeRecords]:
        """The chunk's rows, seat holders and last commands (not their logs), read
        once whoever asks first: the warmer, or a player whose match's actor is not
        there yet (all 10,000 players back at once read 20 chunks, not 10,000 matches
        one by one)."""
        if self._rows is None:
            self._rows = asyncio.ensure_future(self.store.resume_records(self.ids))
        return await asyncio.shield(self._rows)

    async def records(self) -> dict[str, ResumeRecords]:
        """The chunk's records with their logs, read once whoever asks first (its
        rows are not read again)."""
        if self._read is None:
            self._read = asyncio.ensure_future(self._with_logs())
        return await asyncio.shield(self._read)

    async def _with_logs(self) -> dict[str, ResumeRecords]:
        records = {match_id: replace(record) for match_id, record in
                   (await self.rows()).items()}  # (the rows stay as they were read)
        await self.store.resume_logs(records)
        return records

    def release(self) -> None:
        """Let the logs go (every match of the chunk was woken)."""
        self._read = None
