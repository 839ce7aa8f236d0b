"""What every evolver shares (evolve.py, evolve_setup.py): hexes as events
carry them, and changing a figure or spending actions so that a `decide` under
way can journal the change first (journal.py)."""

from __future__ import annotations

import functools

from server.rules.board.hex import Hex, hex_at
from server.rules.sbh.state import SbhState


def to_hex(pair) -> Hex:
    """The hex an event names, as one object shared by every match: positions
    then cost a match nothing of their own, and give the garbage collector no
    objects to walk (a Hex, a tuple subclass, stays tracked; 27 a match)."""
    return _shared_hex(pair[0], pair[1])


@functools.lru_cache(maxsize=1 << 14)  # (a 96-hex table has 9,216 hexes)
def _shared_hex(q: int, r: int) -> Hex:
    return hex_at(q, r)


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
