"""Telling every subscriber of a match what it may see, after each durable command.

A mixin of `MatchActor`. Subscribers who watch as the same seat (or as spectators)
get the same frames, so each distinct frame is built and encoded once per command,
not once per connection: one spectator view and one spectator prompt, however many
spectators watch. Views are built only for viewers who asked for them (`views: true`)
and are not kept once pushed."""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from typing import Any, Protocol

from protocol.codec import event_push
from server.frames import Frame
from server.matches.rules_host import Asked, Wire
from server.rules.kernel import SPECTATOR, Event, Viewer


class Connection(Protocol):
    """What the actor needs of a client connection (see server.gateway): `message` is
    a plain map or a shared `Frame`."""

    identity: int  # changes when the connection signs out or in as another account

    def push(self, message: dict[str, Any] | Frame) -> None: ...


@dataclass(eq=False, slots=True)
class Subscriber:
    connection: Connection
    seat: str | None  # None: a spectator
    views: bool
    sent: int  # last seq pushed to this subscriber
    identity: int = 0  # the connection's identity when it subscribed

    @property
    def current(self) -> bool:
        """Whether the connection is still who subscribed (see gateway: identity)."""
        return self.connection.identity == self.identity

    @property
    def viewer(self) -> Viewer:
        return Viewer(self.seat) if self.seat is not None else SPECTATOR


class Fanout:
    match_id: str
    seq: int
    seed: bytes
    spectator_delay: int
    subscribers: list[Subscriber]
    asked: Asked
    public_tail: deque[tuple[int, dict | None]] | None  # only with a spectator delay
    delayed_views: deque[tuple[int, Wire]] | None
    # seat -> its rating change, set when a rated match is recorded (server.ratings)
    rating_changes: dict[str, dict] | None = None

    def spectator_seq(self) -> int: ...
    # (and clock_wire: server.matches.timekeeping, the other mixin of MatchActor)

    def _broadcast(self, events: list[Event], first: int, views: dict[str | None, Wire]) -> None:
        if self.public_tail is not None:
            for offset, event in enumerate(events):
                public = event.for_viewer(SPECTATOR)
                self.public_tail.append((first + offset, None if public is None
                                         else public.to_wire()))
        visible = self.spectator_seq()
        if self.delayed_views is not None:
            if None in views:
                self.delayed_views.append((self.seq, views[None]))
            while len(self.delayed_views) > 1 and self.delayed_views[1][0] <= visible:
                self.delayed_views.popleft()
        events_cache: dict[tuple[int, str | None], Frame] = {}
        by_viewer: dict[str | None, list[Frame]] = {}
        released: dict[int, Frame] = {}
        self._forget_former_identities()
        for sub in self.subscribers:
            if sub.seat is None and self.spectator_delay:
                self._release_to_spectator(sub, visible, released)
                continue
            frames = by_viewer.get(sub.seat)
            if frames is None:
                frames = by_viewer[sub.seat] = self._frames_for(sub.seat, events, first,
                                                                events_cache, views)
            for frame in frames[:-1]:
                sub.connection.push(frame)
            sub.sent = self.seq
            if sub.views and frames[-1] is not None:
                sub.connection.push(frames[-1])

    def _forget_former_identities(self) -> None:
        """Drop subscribers whose connection has since signed out or in as someone
        else (the gateway drops them too; this holds whatever the interleaving)."""
        if not all(sub.current for sub in self.subscribers):
            self.subscribers = [sub for sub in self.subscribers if sub.current]

    def _frames_for(self, seat: str | None, events: list[Event], first: int,
                    cache: dict[tuple[int, str | None], Frame],
                    views: dict[str | None, Wire]) -> list[Frame | None]:
        """What a subscriber watching as `seat` gets: the events, the prompt, and last
        the view (None when nobody watching as `seat` asked for views)."""
        viewer = Viewer(seat) if seat is not None else SPECTATOR
        frames: list[Frame | None] = []
        for offset, event in enumerate(events):
            key = (offset, seat if event.visible_to is not None else "")  # public: shared
            frame = cache.get(key)
            if frame is None:
                shown = event.for_viewer(viewer)
                frame = cache[key] = Frame(event_push(self.match_id, first + offset,
                                                      None if shown is None else shown.to_wire()))
            frames.append(frame)
        frames.append(Frame(self._prompt_message(seat, self.seq)))
        view = views.get(seat)
        frames.append(None if view is None else Frame(self._view_message(self.seq, view)))
        return frames

    def _prompt_message(self, seat: str | None, seq: int) -> dict:
        decision = self.asked.decisions.get(seat) if seat is not None else None
        message = {"v": 1, "type": "prompt", "match_id": self.match_id, "seq": seq,
                   "waiting": list(self.asked.waiting), "decision": decision}
        clock = self.clock_wire()
        if clock is not None:  # (timed matches: server.matches.timekeeping)
            message["clock"] = clock
        return message

    def _push_prompts(self) -> None:
        """The prompt again, with the clocks as they are now (a clock ran out)."""
        self._forget_former_identities()
        for sub in self.subscribers:
            if sub.seat is None and self.spectator_delay:
                continue  # (a delayed spectator is never told who must act now)
            sub.connection.push(self._prompt_message(sub.seat, self.seq))

    def _view_message(self, seq: int, view: Wire | dict) -> dict:
        return {"v": 1, "type": "view", "match_id": self.match_id, "seq": seq, "view": view}

    def _release_to_spectator(self, sub: Subscriber, visible: int,
                              released: dict[int, Frame] | None = None) -> None:
        """A delayed spectator gets the events it may now see (placeholders for those
        no longer in memory), and the newest view it may see if it asked for views."""
        if sub.sent >= visible:
            return
        released = {} if released is None else released
        tail = None
        for seq in range(sub.sent + 1, visible + 1):
            frame = released.get(seq)
            if frame is None:
                if tail is None:
                    tail = {s: wire for s, wire in self.public_tail or () if s <= visible}
                frame = released[seq] = Frame(event_push(self.match_id, seq, tail.get(seq)))
            sub.connection.push(frame)
        sub.sent = visible
        if sub.views:
            for seq, view in reversed(self.delayed_views or ()):
                if seq <= visible:
                    sub.connection.push(self._view_message(seq, view))
                    break

    def announce_end(self, result: dict) -> None:
        """After the result is durable: release everything and reveal the seed."""
        over = Frame({"v": 1, "type": "match_over", "match_id": self.match_id,
                      "seq": self.seq, "result": result, "seed": self.seed.hex(),
                      "ratings": self.rating_changes})
        self._forget_former_identities()
        for sub in self.subscribers:
            if sub.seat is None and self.spectator_delay:
                self._release_to_spectator(sub, self.seq)
            sub.connection.push(over)
        self.subscribers.clear()
