"""What a viewer sees of an SBH match (the kernel's `view` and `packed_view`;
docs/protocol.md): the state a client draws, the same for every viewer but for
a seat's own warband list (until both are revealed) and the Ambush markers
(real or dummy, known to their owner).
"""

from __future__ import annotations

from typing import Any

import msgspec

from server.rules.kernel import Viewer
from server.rules.sbh import ambush, objectives, setup
from server.rules.sbh.scenarios import victory_points
from server.rules.sbh.state import SbhState

_pack = msgspec.msgpack.Encoder().encode  # (packed_view)


def audience(state: SbhState, viewer: Viewer):
    """Views differ only by a seat's own warband list (until both are
    revealed) and by Ambush markers (real or dummy, known to their owner):
    without those in the state, every viewer sees the same view (`view`)."""
    if state.markers or state.secret_lists:
        return viewer.seat
    return ()


def view(state: SbhState, viewer: Viewer) -> dict[str, Any]:
    return _view(state, viewer, state.board.to_view(),
                 [f.to_view() for f in state.figures.values()])


def packed_view(state: SbhState, viewer: Viewer) -> bytes:
    """`view` packed to MessagePack, the same bytes, for the wire: the board
    comes packed already (once a match) and figures as tuples, not fresh
    lists. A server sends one after every command; tests/sbh/test_packed_view.py
    checks the bytes against packing `view` over whole games."""
    return _pack(_view(state, viewer, msgspec.Raw(state.board.packed_view()),
                       [f.wire_view() for f in state.figures.values()]))


def _view(state: SbhState, viewer: Viewer, board, figures: list) -> dict[str, Any]:
    view = {
        "system": "sbh", "phase": state.phase, "turn": state.turn,
        "active_seat": state.active_seat, "options": dict(state.options),
        "board": board, "figures": figures,
        "commitments": dict(state.commitments),
        "attacker": state.attacker, "attacker_edge": state.attacker_edge,
        "activation": None, "pending": None, "winner": state.winner,
        "victory_points": victory_points(state) if state.figures else {},
    }
    view["markers"] = ambush.view(state, viewer.seat) if state.markers else []
    view.update(objectives.view(state))  # tokens, treasure, Place of Power: public
    if state.magic_item is not None:
        view["magic_item"] = dict(state.magic_item, carrier=state.treasure_carrier)
    if viewer.seat in state.secret_lists:
        view["my_list"] = setup.kept_list(state, viewer.seat)[0]
    act = state.activation
    if act is not None:
        view["activation"] = {"figure": act.figure, "actions": act.actions,
                              "turnover": act.turnover, "casting": act.casting}
    if state.pending:
        view["pending"] = dict(state.pending[-1])
    return view
