"""A finished match replayed on its screen: `[` / `]` step the board back and
forth one event (`{` / `}` ten), the board after each step being the
server's `get_view` with `at_seq` (fetched once each, as the browser's replay
viewer does); stepping to the last event shows the final board again.

Presses come faster than the server answers: each moves a target at once, and
the newest target is what gets fetched and shown.
"""

from __future__ import annotations

from clients.client import ServerError, said
from clients.session import Session, SessionClosed
from clients.tui.events import format_event
from clients.tui.match import MatchModel
from clients.tui.square_board import board_for


class Rewind:
    def __init__(self, model: MatchModel) -> None:
        self.model = model
        self.views: dict[int, dict] = {}
        self.target: int | None = None

    @property
    def last(self) -> int:
        return int((self.model.over or {}).get("seq") or len(self.model.events))

    def step(self, delta: int) -> bool:
        """Move the target `delta` events; whether it moved (then `show` it)."""
        model = self.model
        if model.over is None or model.view is None:
            return False
        if model.at_seq is None:
            self.views.setdefault(self.last, model.view)  # the final board
        here = self.last if self.target is None else self.target
        target = max(0, min(self.last, here + delta))
        if target == here:
            return False
        self.target = target
        return True

    async def show(self, session: Session) -> None:
        """Fetch and show the target step's board."""
        target = self.target
        if target is None:
            return
        view = self.views.get(target)
        if view is None:
            try:
                view = (await session.get_view(self.model.match_id, at_seq=target))["view"]
            except (ServerError, SessionClosed) as failed:
                self.model.message = f"Could not load that step: {said(failed)}"
                return
            self.views[target] = view
        if target == self.target:  # (not overtaken by a newer press)
            model = self.model
            model.at_seq = None if target == self.last else target
            model.view, model.board = view, board_for(model.system_name(), view, model.unit)
            model.message = ""

    def words(self) -> str | None:
        """Where the replay is and the event that led there (None: at the end)."""
        model = self.model
        seq = model.at_seq
        if seq is None:
            return None
        line = "the start, before anything happened" if seq == 0 else ""
        if len(model.events) == self.last:  # (event k is the k-th: no snapshot skipped any)
            for event in reversed(model.events[:seq]):  # (the last one worth a line)
                said = format_event(event, model.names, model.seat, model.system_name())
                if said is not None:
                    line = said
                    break
        return f"Replay: after event {seq} of {self.last}" + (f": {line}" if line else "")
