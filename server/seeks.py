"""Quick pairing: a pool of seeks ("play SBH, 300 points, 20+20, rated"), paired when
two seekers want the same match and their ratings are close enough, the window
widening with time waited, as lichess's lobby pool does.

A seek lives while its connection does, as that connection's identity (signing out
or in as someone else drops it, as closing does). Pairing creates the match through
the lobby as create_match and join would (the earlier seeker in the first seat) and
tells both seekers where to go. The pool is this process's; several nodes share one in
Redis (server.cluster.shared_seeks, docs/cluster.md)."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import time
from dataclasses import dataclass, field
from typing import Any

import msgspec

from protocol.errors import ProtocolError
from protocol.messages import CreateMatch
from protocol.messages import Seek as SeekRequest
from server.accounts import Account
from server.lobby import build_setup
from server.names import shown_name
from server.rules.registry import UnknownSystem, get_system
from server.stopping import cancel_and_wait

log = logging.getLogger("warband.seeks")

WINDOW_START = 150.0  # rating points either way at once
WINDOW_GROWTH = 25.0  # more per second waited (the longer waiter's)
WINDOW_MAX = 1000.0
SWEEP_SECONDS = 1.0  # how often waiting seeks are looked at again as windows widen
MAX_SEEKS_PER_CONNECTION = 3


@dataclass(eq=False)
class Seek:
    seek_id: str
    account: Account
    connection: Any  # server.gateway.ClientConnection (push, identity)
    identity: int
    request: CreateMatch  # the match it wants, as create_match would ask for it
    key: tuple  # what must be equal for two seeks to pair
    rating: float
    since: float = field(default_factory=time.monotonic)
    node: str | None = None  # (several nodes: the node holding its connection)

    def window(self, now: float) -> float:
        return min(WINDOW_MAX, WINDOW_START + WINDOW_GROWTH * (now - self.since))

    @property
    def current(self) -> bool:
        return self.connection is None or self.connection.identity == self.identity


def _shown(account: Account) -> str:
    return shown_name(account.display_name, guest=account.guest)


def seek_key(request: CreateMatch, clock: Any) -> tuple:
    """Two seeks pair only if they ask for the same match: system, setup (its defaults
    filled in), clock, rated.
    A seeker's own warband (where a system's are part of the setup) is theirs, not the
    match's: two seekers of one scenario pair whatever each brings. A system may ask
    that they be alike (its `seek_class`: S&S pairs armies of as many figures, not a
    skirmish of three against a full army)."""
    system = get_system(request.system)
    setup = build_setup(msgspec.structs.replace(request, warbands=None))
    if (with_defaults := getattr(system, "with_defaults", None)) is not None:
        setup = with_defaults(setup)  # (naming a setting's default is leaving it out)
    seek_class = getattr(system, "seek_class", None)
    alike = seek_class(own_warband(request)) if seek_class is not None else None
    return (request.system, repr(sorted(setup.get("options", {}).items())),
            setup.get("board_size"), repr(sorted(clock.to_wire().items())), request.rated,
            alike)


def wanted_match(seek: SeekRequest) -> CreateMatch:
    """The match a seek asks for, as create_match would ask for it (a seek's fields are
    create_match's own), with the seeker's warband named for the first seat, theirs if
    they create it (`own_warband` takes it to the other seat if they join)."""
    fields = {name: getattr(seek, name) for name in seek.__struct_fields__
              if name not in ("v", "id", "warband")}
    if seek.warband is not None:
        with contextlib.suppress(UnknownSystem):  # (create_match's check says so in words)
            fields["warbands"] = {get_system(seek.system).seats[0]: seek.warband}
    return CreateMatch(v=1, id=seek.id, **fields)


def own_warband(request: CreateMatch) -> Any:
    """The warband a seeker named for the seat they asked for (the system's first by
    default), or None: it goes with them to the seat the pairing gives them."""
    seat = request.seat or get_system(request.system).seats[0]
    return (request.warbands or {}).get(seat)


def paired_push(paired: dict) -> dict:
    """The push telling a waiting seeker where its match is."""
    return {"v": 1, "type": "seek_paired",
            **{k: paired[k] for k in ("seek_id", "match_id", "seat", "opponent")}}


def compatible(a: Seek, b: Seek, now: float) -> bool:
    return (a.account.id != b.account.id and a.key == b.key
            and abs(a.rating - b.rating) <= max(a.window(now), b.window(now)))


class SeekPool:
    def __init__(self, lobby, ratings) -> None:
        self.lobby = lobby
        self.ratings = ratings  # server.ratings.records.RatingRecords
        self.seeks: list[Seek] = []  # in order of arrival
        self._sweeper: asyncio.Task | None = None
        self._pairing = asyncio.Lock()

    async def _new_seek(self, account: Account, connection: Any,
                        request: CreateMatch) -> Seek:
        """The seek asked for, checked as create_match would check it, and rated."""
        _, _, clock = self.lobby.check(account, request)
        if request.opponent is not None or request.private:
            raise ProtocolError("invalid_setup", "A seek is for a public match against "
                                "another player.")
        mine = [s for s in self.seeks if s.connection is connection and s.current]
        if len(mine) >= MAX_SEEKS_PER_CONNECTION:
            raise ProtocolError("too_many_seeks")
        rating = await self._rating(account, request.system, clock.category)
        return Seek(secrets.token_hex(6), account, connection, connection.identity, request,
                    seek_key(request, clock), rating)

    async def seek(self, account: Account, connection: Any, request: CreateMatch) -> dict:
        """A new seek: paired at once with the best waiting one, or left waiting."""
        new = await self._new_seek(account, connection, request)
        rating = new.rating
        async with self._pairing:
            self._forget_gone()
            now = time.monotonic()
            mates = [s for s in self.seeks if compatible(new, s, now)]
            if mates:
                mate = min(mates, key=lambda s: (abs(s.rating - rating), s.since))
                self.seeks.remove(mate)
                try:
                    return await self._pair(mate, new)
                except BaseException:  # (the store refused, say: the waiting one waits on)
                    self.seeks.insert(0, mate)
                    raise
            self.seeks.append(new)
        self._start_sweeping()
        return {"seek_id": new.seek_id, "status": "waiting"}

    async def cancel(self, connection: Any, seek_id: str) -> dict:
        found = [s for s in self.seeks if s.seek_id == seek_id and s.connection is connection]
        if not found:
            raise ProtocolError("no_such_seek")
        self.seeks.remove(found[0])
        return {"seek_id": seek_id, "status": "cancelled"}

    def drop(self, connection: Any) -> None:
        """The connection closed, or signed out or in as another: its seeks go."""
        self.seeks = [s for s in self.seeks if s.connection is not connection]

    async def close(self) -> None:
        await cancel_and_wait(self._sweeper)

    # -- pairing -----------------------------------------------------------------------
    async def _pair(self, first: Seek, second: Seek) -> dict:
        """The match for two seeks: the earlier seeker creates it in the first seat,
        the other joins. The earlier one is told by a push; the later one's reply says."""
        request = msgspec.structs.replace(first.request, id=f"seek:{first.seek_id}")
        created = await self.lobby.create(first.account, request)
        joined = await self.lobby.join(second.account, created["match_id"], None, None,
                                       warband=own_warband(second.request))
        names = {first.account.id: _shown(second.account),
                 second.account.id: _shown(first.account)}
        await self._tell(first, {"seek_id": first.seek_id, "match_id": created["match_id"],
                                 "seat": created["seat"], "opponent": names[first.account.id]})
        log.info("seeks %s and %s paired: match %s", first.seek_id, second.seek_id,
                 created["match_id"])
        return {"seek_id": second.seek_id, "status": "paired",
                "match_id": created["match_id"], "seat": joined["seat"],
                "opponent": names[second.account.id]}

    async def _sweep_once(self) -> None:
        """Pair waiting seeks whose windows have widened enough."""
        async with self._pairing:
            self._forget_gone()
            now = time.monotonic()
            for index, seek in enumerate(self.seeks):
                mates = [s for s in self.seeks[index + 1:] if compatible(seek, s, now)]
                if mates:
                    mate = min(mates, key=lambda s: abs(s.rating - seek.rating))
                    self.seeks.remove(seek)
                    self.seeks.remove(mate)
                    answer = await self._pair(seek, mate)
                    await self._tell(mate, answer)
                    return

    async def _tell(self, seek: Seek, paired: dict) -> None:
        """Push `seek_paired` to a waiting seeker (several nodes: to its node)."""
        seek.connection.push(paired_push(paired))

    def _start_sweeping(self) -> None:
        if self._sweeper is None or self._sweeper.done():
            self._sweeper = asyncio.create_task(self._sweep(), name="seek-sweeper")

    async def _sweep(self) -> None:
        while self.seeks:
            await asyncio.sleep(SWEEP_SECONDS)
            try:
                await self._sweep_once()
            except Exception:  # (a pairing that failed: the two seeks are gone, say so)
                log.exception("pairing waiting seeks failed")

    def _forget_gone(self) -> None:
        self.seeks = [s for s in self.seeks if s.current]

    async def _rating(self, account: Account, system: str, category: str) -> float:
        if account.guest:
            return 1500.0
        for rating in await self.ratings.of_account(account.id, time.time()):
            if rating["system"] == system and rating["category"] == category:
                return float(rating["rating"])
        return 1500.0  # (a first rating, as Glicko-2 starts everyone)
