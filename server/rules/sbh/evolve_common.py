"""What every evolver shares (evolve.py, evolve_setup.py): hexes as events
carry them, and changing a figure or spending actions so that a `decide` under
way can journal the change first (journal.py)."""

from __future__ import annotations

from server.rules.board.hex import Hex, shared_hex
from server.rules.sbh.state import SbhState


def to_hex(pair) -> Hex:
    """The hex an event names, shared by every match (27 positions a match)."""
    return shared_hex(pair[0], pair[1])


def from_hex(h: Hex) -> list[int]:
    return [h[0], h[1]]


# Every figure an evolver changes is fetched through `changing` (or passed to
# `touch` first), so a `decide` under way can journal it before the change, and
# the state's checksum knows to pack it again (state.figures_canonical).

def changing(s: SbhState, fig_id: str):
    fig = s.figures[fig_id]
    touch(s, fig)
    return fig


def touch(s: SbhState, fig) -> None:
    if s._journal is not None:
        s._journal.touch(fig)
    if s._packed:
        s._packed.pop(fig.id, None)


def spend(s: SbhState, d: dict) -> None:
    cost = d.get("cost", 0)
    if cost and s.activation is not None:
        s.activation.actions -= cost
