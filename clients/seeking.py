"""A session's quick pairing (docs/protocol.md, `seek` and `cancel_seek`).

    answer = await session.seek("sbh", scenario="ambush", points_limit=300, board_size=24)
    if answer["status"] == "waiting":
        answer = await session.seek_paired(answer["seek_id"])  # the seek_paired push
    open(answer["match_id"], answer["seat"])

A waiting seek lives on the server while the connection that made it does: when the
connection drops (the session reconnects by itself), when the session signs out or in
as someone else, or when it is cancelled, the seek is gone and its wait ends with
`SeekEnded` saying why, never silently. A `seek_paired` push may come before the seek's
own reply has been read: it is kept until asked for.
"""

from __future__ import annotations

import asyncio
from typing import Any

DROPPED = "The connection dropped, so the server ended your seek."
CANCELLED = "You stopped looking for an opponent."
SIGNED_AGAIN = "You signed in again, so the server ended your seek."
SIGNED_OUT = "You signed out, so the server ended your seek."


class SeekEnded(Exception):
    """A waiting seek ended without a pairing (the message says why, in words)."""


class Seeking:
    """The part of clients.session.Session that waits for seeks to be paired."""

    def _init_seeking(self) -> None:
        # seek id -> its pairing: the seek_paired push, or SeekEnded (created by
        # whichever comes first, the seek's reply or its push)
        self._pairings: dict[str, asyncio.Future] = {}

    async def seek(self, system: str, **fields: Any) -> dict:
        """Ask to be paired (create_match's settings, and `warband`: your own where the
        system's warbands are part of the setup): {"seek_id", "status": "waiting"} or,
        paired at once, {"seek_id", "status": "paired", "match_id", "seat", "opponent"}.
        ServerError if refused."""
        return await self.request("seek", system=system, **fields)

    async def cancel_seek(self, seek_id: str) -> dict:
        """Withdraw a waiting seek; its wait ends with SeekEnded. ServerError
        `no_such_seek` if it was paired meanwhile: then its seek_paired push follows."""
        answer = await self.request("cancel_seek", seek_id=seek_id)
        self._end_seek(seek_id, SeekEnded(CANCELLED))
        return answer

    async def seek_paired(self, seek_id: str) -> dict:
        """Wait for a waiting seek's pairing: the seek_paired push {"seek_id",
        "match_id", "seat", "opponent"}. SeekEnded if the seek ended first (cancelled,
        or gone with a dropped connection); SessionClosed if the session closed."""
        pairing = self._pairings.get(seek_id)
        if pairing is None:
            raise SeekEnded("You have no seek waiting with that id.")
        try:
            # (shielded: a caller that stops waiting leaves the pairing to a later one)
            return await asyncio.shield(pairing)
        finally:
            if pairing.done():
                self._pairings.pop(seek_id, None)

    @property
    def waiting_seeks(self) -> list[str]:
        """The ids of the seeks still waiting for a pairing."""
        return [seek_id for seek_id, pairing in self._pairings.items() if not pairing.done()]

    def _pairing(self, seek_id: str) -> asyncio.Future:
        pairing = self._pairings.get(seek_id)
        if pairing is None:
            pairing = self._pairings[seek_id] = asyncio.get_running_loop().create_future()
        return pairing

    def _seek_replied(self, result: dict) -> None:
        """The reader saw a seek's reply: a waiting seek is waited for from now on, in
        the reader's order, so a drop read after it ends it."""
        if result.get("status") == "waiting" and result.get("seek_id"):
            self._pairing(result["seek_id"])

    def _seek_push(self, push: dict) -> None:
        pairing = self._pairing(push.get("seek_id"))
        if not pairing.done():
            pairing.set_result(push)

    def _end_seek(self, seek_id: str, error: BaseException) -> None:
        pairing = self._pairings.get(seek_id)
        if pairing is not None and not pairing.done():
            pairing.set_exception(error)
            pairing.exception()  # (retrieved: nobody need be waiting on it)

    def _end_seeks(self, error: BaseException) -> None:
        """Every waiting seek is gone on the server (the connection dropped, the
        session signed in again or closed)."""
        for seek_id in list(self._pairings):
            self._end_seek(seek_id, error)
