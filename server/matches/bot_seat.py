"""A house bot in a seat of a match: the server's own player for "play against a
bot". It sits in the match like a subscribed connection (the actor pushes it
prompts and views) and acts through the actor like any seat, from the prompts
only (each system's, clients/bots/house.py), so it follows exactly the rules a human
does."""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import logging
from typing import Any

from protocol.errors import ProtocolError
from server.frames import Frame, message_of
from server.rules.kernel import Command
from server.stopping import cancel_and_wait

log = logging.getLogger("warband.bot")
ATTEMPTS = 5  # if the bot's choice is refused (a bot bug), random offered commands next
# Seconds the bot waits before each move, so that a person can follow its play (the
# pace is chosen when the match is created). Only this bot's task waits: no lock is
# held, and nothing else (the match's other seat, other matches, replays) waits.
PACES = {"instant": 0.0, "normal": 1.0, "slow": 2.5}


class BotSeat:
    identity = 0  # (the house bot never signs out or in as another)

    def __init__(self, actor, seat: str, bot, *, fallback, pace: str = "instant") -> None:
        """`fallback`: a random bot of the same list, for when `bot`'s choices are
        refused (a bot bug): any offered command will do."""
        self.actor = actor
        self.seat = seat
        self.bot = bot
        self.pause = PACES.get(pace, 0.0)
        self.fallback = fallback
        self.inbox: asyncio.Queue[dict] = asyncio.Queue()
        self.takeback_asked = False  # the opponent asks to take a move back
        self.task: asyncio.Task | None = None
        self._ids = itertools.count(1)

    def push(self, message: dict[str, Any] | Frame) -> None:  # what the actor calls
        self.inbox.put_nowait(message_of(message))

    def start(self) -> None:
        self.task = asyncio.create_task(self._play(), name=f"bot-{self.actor.match_id}")

    async def stop(self) -> None:
        await cancel_and_wait(self.task)

    async def _play(self) -> None:
        await self.actor.submit("subscribe", connection=self, request_id=None,
                                seat=self.seat, after_seq=self.actor.seq, views=True,
                                identity=self.identity)
        self.prompt = self.view = None
        acted_at = -1
        while True:
            if self._take(await self.inbox.get()):
                return
            if self.takeback_asked:
                await self._accept_takeback()
            if not self.inbox.empty() or self.prompt is None or self.view is None:
                continue  # act on the newest prompt, with the view that goes with it
            if self.prompt["decision"] is None or self.prompt["seq"] == acted_at:
                continue
            if self.pause:
                await self._wait()
                while not self.inbox.empty():  # what came meanwhile: the newest counts
                    if self._take(self.inbox.get_nowait()):
                        return
                if self.prompt["decision"] is None or self.view is None:
                    continue
            acted_at = self.prompt["seq"]
            await self._act(self.prompt, self.view)

    async def _wait(self) -> None:
        await asyncio.sleep(self.pause)

    def _take(self, push: dict) -> bool:
        """Note a push; True once the match is over."""
        kind = push.get("type")
        if kind == "takeback_offered" and push.get("seat") != self.seat:
            self.takeback_asked = True
        elif kind == "prompt":
            self.prompt = push
        elif kind == "view":
            self.view = push["view"]
        return kind == "match_over"

    async def _accept_takeback(self) -> None:
        """The house bot is a practice partner: it lets its opponent take moves back (in
        a match that allows them; one against the bot is never rated)."""
        self.takeback_asked = False
        with contextlib.suppress(ProtocolError):  # (lapsed meanwhile: a move was made)
            await self.actor.submit("takeback_answer", seat=self.seat, accept=True,
                                    request_id=f"bot-takeback-{next(self._ids)}")

    async def _act(self, prompt: dict, view: dict) -> None:
        choose = self.bot.choose
        for _ in range(ATTEMPTS):
            kind, args = choose(prompt["decision"], view)
            try:
                await self.actor.submit("command", seat=self.seat,
                                        request_id=f"bot-{prompt['seq']}-{next(self._ids)}",
                                        command=Command(self.seat, kind, args),
                                        at_seq=prompt["seq"])
                return
            except ProtocolError as refused:
                if refused.code in ("stale_prompt", "match_finished"):
                    return  # a newer prompt (or the end) is on its way
                log.warning("house bot in %s: %s refused (%s: %s); trying another choice",
                            self.actor.match_id, kind, refused.code, refused.message)
                choose = self.fallback.choose  # any offered command will do
        # Every choice refused (a bug in the bot or the rules): rather than leave its
        # opponent waiting for a move that never comes, the bot concedes.
        log.error("house bot in %s: %d choices refused at seq %s; it concedes the match",
                  self.actor.match_id, ATTEMPTS, prompt["seq"])
        with contextlib.suppress(ProtocolError):  # (the match may have ended meanwhile)
            await self.actor.submit("command", seat=self.seat,
                                    request_id=f"bot-{prompt['seq']}-concede",
                                    command=Command(self.seat, "concede"))
